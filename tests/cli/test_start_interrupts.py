"""Ctrl+C as the game starts ends it quietly, whatever the start-up is doing.

The README: "Ctrl+C as the game starts, before its window opens, ends it
quietly too (status 0; ``--replay FILE --check`` cut short exits 130)".
Python raises the KeyboardInterrupt wherever the start-up happens to be:
the installed ``minesweeper`` command imported ``game.cli`` outside any
handler (a traceback in about one start in three, Ctrl+C in the first 0.4 s),
and an interrupt raised in a finaliser or a weakref callback of the import
system is printed as "ignored" and lost, the window opening all the same.
"""

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
HEADLESS = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
            "PYTHONPATH": str(ROOT)}

#: The game started by ENTRY with a real SIGINT arriving while the module
#: HOOKED is imported: ``python -m game``, the executable's script, or the
#: command pip installs, as its script runs it (``from MODULE import NAME;
#: sys.exit(NAME())``).
INTERRUPTED_IMPORT = """
import importlib.abc, os, runpy, signal, sys
signal.signal(signal.SIGINT, signal.default_int_handler)   # as in a terminal

class CtrlC(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == HOOKED:
            os.kill(os.getpid(), signal.SIGINT)
        return None

sys.meta_path.insert(0, CtrlC())
sys.argv = ["minesweeper", *ARGS]
if ENTRY == "module":
    runpy.run_module("game", run_name="__main__", alter_sys=True)
elif ENTRY.endswith(".py"):
    runpy.run_path(ENTRY, run_name="__main__")
else:
    module, _, name = ENTRY.partition(":")
    sys.exit(getattr(__import__(module, fromlist=[name]), name)())
"""

#: ``python -m game`` with a real SIGINT delivered inside a finaliser, where
#: Python prints a KeyboardInterrupt as "ignored" and goes on (as it does in
#: the import system's weakref callbacks), while the display is looked at.
LOST_IN_A_FINALISER = """
import os, runpy, signal, sys
signal.signal(signal.SIGINT, signal.default_int_handler)   # as in a terminal
import game.cli as cli
from game.ui.app import App

real = cli.video_problem

class CtrlC:
    def __del__(self):
        os.kill(os.getpid(), signal.SIGINT)
        sum(range(1000))            # the next bytecodes: the handler runs here

def video_problem():
    CtrlC()
    return real()

def run(self, frames=None):
    print("the window opened", flush=True)
    return 0

cli.video_problem = video_problem
App.run = run
sys.argv = ["minesweeper", *ARGS]
runpy.run_module("game", run_name="__main__", alter_sys=True)
"""


def console_entry() -> str:
    """The ``minesweeper`` command's entry point, as pyproject.toml declares it."""
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["project"]["scripts"]["minesweeper"]


ENTRIES = {"python -m game": "module", "executable": str(ROOT / "tools" / "exe_entry.py"),
           "minesweeper command": None}


@pytest.mark.parametrize("entry", ENTRIES)
@pytest.mark.parametrize("hooked", ["multiprocessing", "game.cli.arguments"])
@pytest.mark.parametrize(("args", "status"), [(["--frames", "5"], 0),
                                              (["--replay", "REPLAY", "--check"], 130)])
def test_ctrl_c_while_the_games_modules_load_ends_it_without_a_traceback(tmp_path, entry, hooked,
                                                                        args, status):
    replay = tmp_path / "replay.json"
    replay.write_text("{}")
    args = [str(replay) if a == "REPLAY" else a for a in args]
    args += [] if "--check" in args else ["--data-dir", str(tmp_path / "data")]
    where = ENTRIES[entry] or console_entry()
    code = f"ARGS, ENTRY, HOOKED = {args!r}, {where!r}, {hooked!r}\n" + INTERRUPTED_IMPORT
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, env=HEADLESS,
                            cwd=tmp_path, timeout=120)
    assert (result.returncode, result.stderr, result.stdout) == (status, b"", b"")


def test_ctrl_c_python_would_drop_still_ends_the_start_before_the_window_opens(tmp_path):
    code = f"ARGS = {['--data-dir', str(tmp_path / 'data')]!r}\n" + LOST_IN_A_FINALISER
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, env=HEADLESS,
                            cwd=ROOT, timeout=120)
    assert (result.returncode, result.stderr, result.stdout) == (0, b"", b"")
