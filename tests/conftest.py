"""Headless by default: no window, no sound card needed; English unless a
test asks for another language, whatever the machine's locale or the
language saved in its player's settings (which the command line speaks)."""

import atexit
import gc
import os
import shutil
import tempfile

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
for _name in ("LC_ALL", "LC_MESSAGES", "LANG"):
    os.environ.pop(_name, None)
os.environ["LANGUAGE"] = "en"
# The user data folder, on Linux, of the games the tests start without
# --data-dir: never the player's own settings and records.
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="minesweeper-tests-")
atexit.register(shutil.rmtree, os.environ["XDG_DATA_HOME"], ignore_errors=True)


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """A test that switches the language cannot leak it into the next one."""
    yield
    from game import i18n
    i18n.set_language("en")
    i18n.translate_argparse()


@pytest.fixture(autouse=True)
def _unfrozen_garbage_collector():
    """``App.run`` freezes what was loaded (gc.freeze); tests that run the
    loop must not leave every later test's objects out of collection."""
    yield
    gc.unfreeze()
