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

#: The game started by ENTRY: ``python -m game``, the executable's script,
#: or the command pip installs, as its script runs it (``from MODULE import
#: NAME; sys.exit(NAME())``).
RUN_ENTRY = """
sys.argv = ["minesweeper", *ARGS]
if ENTRY == "module":
    runpy.run_module("game", run_name="__main__", alter_sys=True)
elif ENTRY.endswith(".py"):
    runpy.run_path(ENTRY, run_name="__main__")
else:
    module, _, name = ENTRY.partition(":")
    sys.exit(getattr(__import__(module, fromlist=[name]), name)())
"""

#: ... with a real SIGINT arriving as each of the modules HOOKED is imported.
INTERRUPTED_IMPORT = """
import importlib.abc, os, runpy, signal, sys
signal.signal(signal.SIGINT, signal.default_int_handler)   # as in a terminal

class CtrlC(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name in HOOKED:
            os.kill(os.getpid(), signal.SIGINT)
        return None

sys.meta_path.insert(0, CtrlC())
""" + RUN_ENTRY

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
    code = f"ARGS, ENTRY, HOOKED = {args!r}, {where!r}, {(hooked,)!r}\n" + INTERRUPTED_IMPORT
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, env=HEADLESS,
                            cwd=tmp_path, timeout=120)
    assert (result.returncode, result.stderr, result.stdout) == (status, b"", b"")


def test_ctrl_c_python_would_drop_still_ends_the_start_before_the_window_opens(tmp_path):
    code = f"ARGS = {['--data-dir', str(tmp_path / 'data')]!r}\n" + LOST_IN_A_FINALISER
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, env=HEADLESS,
                            cwd=ROOT, timeout=120)
    assert (result.returncode, result.stderr, result.stdout) == (0, b"", b"")


#: Ctrl+C once the game has ended, as Python shuts down (its threads joined,
#: the exit handlers run): the launcher's copy of the Ctrl+C that ended it.
AT_SHUTDOWN = """
import atexit, os, runpy, signal, sys
signal.signal(signal.SIGINT, signal.default_int_handler)   # as in a terminal

def ctrl_c():
    os.kill(os.getpid(), signal.SIGINT)
    sum(range(1000))            # the next bytecodes: the handler runs here

atexit.register(ctrl_c)
""" + RUN_ENTRY


@pytest.mark.parametrize("entry", ENTRIES)
@pytest.mark.parametrize("script", ["twice", "at shutdown"])
def test_a_second_ctrl_c_as_the_game_ends_prints_nothing(tmp_path, entry, script):
    """Ctrl+C in a terminal reaches the executable twice (its launcher
    passes on the one it gets): the second came as the first ended the
    start quietly, or as Python shut down after the game had ended, in a
    KeyboardInterrupt traceback ("Exception ignored in threading")."""
    args = ["--frames", "5", "--data-dir", str(tmp_path / "data")]
    where = ENTRIES[entry] or console_entry()
    # Twice: a second Ctrl+C (the launcher's copy) as the first ends the run.
    twice = ("multiprocessing", "game.shutdown")
    code = (f"ARGS, ENTRY, HOOKED = {args!r}, {where!r}, {twice!r}\n"
            + (INTERRUPTED_IMPORT if script == "twice" else AT_SHUTDOWN))
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, env=HEADLESS,
                            cwd=tmp_path, timeout=120)
    assert (result.returncode, result.stderr, result.stdout) == (0, b"", b"")


#: The executable's start: its first runtime hook, a Ctrl+C while
#: PyInstaller's own hooks would run, then its entry script.
HELD_BY_THE_FIRST_HOOK = """
import os, runpy, signal, sys
signal.signal(signal.SIGINT, START)
runpy.run_path(HOOK)
if CTRL_C:
    os.kill(os.getpid(), signal.SIGINT)
    sum(range(1000))            # the next bytecodes: the handler runs here
print("after the hooks", flush=True)
sys.argv = ["minesweeper", "--help"]
runpy.run_path(ENTRY, run_name="__main__")
"""


@pytest.mark.parametrize(("start", "ctrl_c", "help_shown"), [
    ("signal.default_int_handler", True, False),
    ("signal.default_int_handler", False, True),
    ("signal.SIG_IGN", True, True),
])
def test_ctrl_c_while_pyinstallers_hooks_run_ends_the_executable_quietly(start, ctrl_c,
                                                                        help_shown):
    """Ctrl+C while PyInstaller's own start-up hooks ran ended the executable
    in a KeyboardInterrupt traceback from ``pyi_rth_pkgutil`` and "Failed to
    execute script". Our hook, run first, holds it, and the entry script
    ends the run as for a Ctrl+C while the game's modules load; started
    with Ctrl+C ignored (``nohup``), the executable keeps it ignored."""
    code = (f"import signal\nSTART, CTRL_C = {start}, {ctrl_c}\n"
            f"HOOK, ENTRY = {str(ROOT / 'tools' / 'exe_first_hook.py')!r}, "
            f"{ENTRIES['executable']!r}\n" + HELD_BY_THE_FIRST_HOOK)
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, env=HEADLESS,
                            cwd=ROOT, timeout=120)
    assert (result.returncode, result.stderr) == (0, b"")
    out = result.stdout.decode()
    assert out.startswith("after the hooks\n")
    assert out.endswith("after the hooks\n") is not help_shown
    assert ("usage: minesweeper" in out) is help_shown
