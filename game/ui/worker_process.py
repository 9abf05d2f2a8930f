"""What runs in the computer's process: jobs answered until the game ends.

The process (started by ``worker.ProcessWorker``, with multiprocessing's
"spawn" method) runs ``serve``: it gives way to the window on a busy
machine, dies with the game (on Linux, at once), ignores the Ctrl+C the
window answers for it, and answers each job in the language it was asked
in. ``run_job`` is also how ``worker.SyncWorker`` answers on the spot, so a
job fails alike wherever it runs.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
from multiprocessing.connection import Connection

from game.i18n import _, language, set_language

from .jobs import Job

NICENESS = 10           # how far the worker lowers its priority (POSIX nice steps)
BELOW_NORMAL_PRIORITY_CLASS = 0x4000    # Windows' SetPriorityClass value for the same
PR_SET_PDEATHSIG = 1    # Linux prctl: the signal a process gets when its parent dies
#: What the process says once started, before its first answer: the window
#: times its jobs from then, and its start on a limit of its own.
READY = "ready"


def run_job(job: Job) -> tuple[bool, object]:
    """Run one job: (True, result) or (False, a one-line error in the
    player's language). A ValueError is the computer's own refusal, worded
    for the player (a board no arrangement of mines explains); anything else
    is a fault, named by its type only, never in Python's English."""
    try:
        return True, job.run()
    except ValueError as error:
        return False, str(error)
    except Exception as error:  # noqa: BLE001 - the window shows it, the worker lives on
        return False, _("an unexpected error ({name})").format(name=type(error).__name__)


def give_way() -> None:
    """Lower this process's priority: on a busy machine, when the window and
    the computer both want a core, the window's frame goes first (the
    computer's answer can be a frame late; a frame cannot)."""
    try:
        if sys.platform == "win32":
            import ctypes
            kernel32 = ctypes.WinDLL("kernel32")     # our own handle: its signatures are ours
            kernel32.GetCurrentProcess.restype = ctypes.c_void_p     # a pseudo-handle, (HANDLE)-1
            kernel32.SetPriorityClass.argtypes = (ctypes.c_void_p, ctypes.c_uint32)
            kernel32.SetPriorityClass(kernel32.GetCurrentProcess(), BELOW_NORMAL_PRIORITY_CLASS)
        else:
            os.nice(NICENESS)
    except (ImportError, AttributeError, OSError):
        pass                    # no way to lower it here: the worker runs as it is


def die_with_the_game() -> None:
    """On Linux, have the kernel kill this process the moment the game's
    process dies. The pipe closing tells it too, but only once the question
    under way is answered: the game killed (``kill -9``, the system short of
    memory) left it laying a no-guess board for up to 2.5 s or counting a big
    board's overlay for seconds, and stopped meanwhile (SIGSTOP, a debugger)
    it never ended. The kernel's "parent" is the thread that started this
    process: the window's, which lives as long as the game. A game that died
    before this was asked is no signal's (``game_gone`` tells). Elsewhere the
    pipe alone tells it."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (ImportError, AttributeError, OSError):
        pass                    # no ctypes (a Python built without libffi) or no prctl: the pipe tells it


def game_gone() -> bool:
    """Whether the game died while this process was starting up, before
    ``die_with_the_game``: its first question may be in the pipe already,
    read whole before the pipe's end shows, and it was worked on (a no-guess
    board's 2.5 s, any time at all for a slow one) with nobody to answer."""
    parent = multiprocessing.parent_process()
    return parent is not None and not parent.is_alive()


def serve(conn: Connection) -> None:
    """The worker process: answer jobs until the pipe closes (the game ended,
    however it ended) or a None arrives. Each job comes with the window's
    language at the time it was asked: a spawned process starts in the source
    language, and the player may switch languages mid-game, yet a hint's
    explanation or an error must read in the window's language.

    Ctrl+C in a terminal interrupts every process of the game, this one too:
    it is ignored here, since the window, told the same, records the game and
    ends this process itself (a KeyboardInterrupt here would only print a
    traceback under the game's orderly exit). It was held back since the
    process started (``spawning.interrupts_held``): once ignored, it may come.

    Started, it says so (``READY``) before reading its first job: the window
    times its start apart from the job's work."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    die_with_the_game()
    if game_gone():
        return
    give_way()
    try:
        conn.send(READY)
    except (BrokenPipeError, OSError):
        return
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        seq, job, lang = message
        if lang != language():
            set_language(lang)
        try:
            conn.send((seq, *run_job(job)))
        except (BrokenPipeError, OSError):
            return
