"""Starting the game's helper processes, and ending the game without one
left behind: what the window's side does around a process start and at
exit, apart from the jobs themselves (``worker``).

A start needs a working directory that exists and Ctrl+C held back until
the process can ignore it; multiprocessing's resource tracker, started
with the first process, is started quietly and waited for at exit.
"""

from __future__ import annotations

import os
import signal
import time
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from multiprocessing import resource_tracker
from typing import Protocol, cast

STOP_SECONDS = 1.0      # at most this long to reap a killed worker


class _TrackerPipe(Protocol):
    """What ``end_resource_tracker`` reads of the standard library's
    resource tracker, which keeps it undocumented (typeshed leaves it out)."""

    _fd: int | None
    _pid: int | None


def stand_somewhere() -> None:
    """Move to the home folder (else the root) when the working directory is
    gone. multiprocessing starts a process in its parent's working directory
    and asks for it (os.getcwd) at every start: the folder the game was
    started from, deleted while the game ran, left the computer "puzzled: the
    computer's process stopped" and every replay unopenable for the rest of
    the session. Nothing the game holds is relative to it: --data-dir is made
    absolute, a --mask is read, at the start."""
    try:
        os.getcwd()
    except OSError:
        for place in (os.path.expanduser("~"), os.path.abspath(os.sep)):
            try:
                os.chdir(place)
                return
            except OSError:
                continue


@contextmanager
def interrupts_held() -> Iterator[None]:
    """Hold Ctrl+C back from this thread while a worker process is started:
    the process inherits the held signal and keeps it held through start-up
    (importing the game takes a tenth of a second, a quarter in the
    executable), until ``worker_process.serve`` ignores it. The window loses
    nothing: the signal goes to one of its other threads meanwhile, or comes
    when it is let through again. Where signals cannot be held (Windows), ``serve`` alone
    ignores it."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    # The start would launch multiprocessing's resource tracker first, which
    # lets SIGINT through again once the tracker is up: launch it now.
    tracker_running()
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def tracker_running() -> None:
    """Make sure multiprocessing's resource tracker runs, without a word
    if it has to be started again: killed from outside (``kill -9`` on the
    game's helper processes, the system short of memory), the standard
    library warned in the player's terminal that it "died unexpectedly" and
    that "some resources might leak", with the line of its source. The
    game's processes use no resource it tracks: nothing can leak."""
    with warnings.catch_warnings():
        # The message starts "resource_tracker: process died unexpectedly".
        warnings.filterwarnings("ignore", "resource_tracker:", UserWarning)
        resource_tracker.ensure_running()


def end_resource_tracker(timeout: float = STOP_SECONDS) -> None:
    """Wait for multiprocessing's resource tracker, once the game's processes
    are stopped. The first worker started it (on POSIX), and it ends when the
    game closes its pipe, but not before it has finished starting up: left to
    end after the game, in the one-file executable it found the files it was
    still loading deleted (they are removed as soon as the game exits) and
    printed a traceback and "[PYI-...] Failed to execute script" after a quit
    within a quarter of a second of a first hint or replay. Waiting also
    leaves no process behind, even for a moment. The tracker's own stop
    waits without a bound, so this closes its pipe and waits at most
    ``timeout`` seconds (the standard library keeps the pipe and the process
    id in ``_fd`` and ``_pid``; without them, nothing is done)."""
    tracker = cast(_TrackerPipe, resource_tracker._resource_tracker)
    fd, pid = getattr(tracker, "_fd", None), getattr(tracker, "_pid", None)
    if fd is None or pid is None:
        return
    tracker._fd = tracker._pid = None        # a later worker starts a fresh one
    os.close(fd)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if os.waitpid(pid, os.WNOHANG)[0]:
                return
        except ChildProcessError:
            return
        time.sleep(0.005)

