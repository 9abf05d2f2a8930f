"""Headless by default: no window, no sound card needed."""

import gc
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


@pytest.fixture(autouse=True)
def _unfrozen_garbage_collector():
    """``App.run`` freezes what was loaded (gc.freeze); tests that run the
    loop must not leave every later test's objects out of collection."""
    yield
    gc.unfreeze()
