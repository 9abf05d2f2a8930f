"""One copy of the game at a time through a step that renames files.

Opening the records database may mean setting a damaged file aside and
starting a fresh one. Two copies doing that at the same instant would each
rename "the damaged file", and the second would rename the fresh database
the first had just started (whose games then went to the file set aside), or
find nothing to rename and give up saving. So the opening holds an exclusive
lock on a small file beside the records: the operating system releases it
when a process dies, so a killed copy never blocks the next one.

Saving the settings is such a step too (read, merged with this copy's
changes and written, ``settings_keeping``), under a lock of its own.

Where no lock can be had (a directory that takes no writes, a file system
without locks), the step runs unlocked, as it always could: the lock only
orders copies, it never stops one. A copy that may wait instead (the
records' writer thread, its games queued meanwhile; the settings' writer
thread, its changes kept) asks to be told when another copy still holds the
lock (:class:`Busy`) rather than run unlocked: a copy stopped while it held
it (Ctrl+Z as it started, SIGSTOP) may be continued in the middle of its
renames, or of its save, and write over what was done meanwhile.
"""

from __future__ import annotations

import errno
import math
import os
import stat
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from datetime import datetime
from pathlib import Path

from . import notices
from .atomic import set_aside_folder, set_aside_link
from .notices import Notices

if sys.platform == "win32":
    import msvcrt
else:
    import fcntl


class Busy(Exception):
    """Another process held the lock through the whole wait."""


def clear_place(lock: Path, tell: Notices, now: Callable[[], datetime]) -> None:
    """Set aside a folder found in the place of a lock file (a hand edit, a
    sync tool), or a symbolic link to one, told once (:func:`set_aside_no_file`):
    neither can be opened as the lock, and every copy went on unlocked (two
    opening damaged records at once each set "the damaged file" aside; two
    saving settings at once lost one's changes)."""
    aside = set_aside_no_file(lock, now)
    if aside is not None:
        tell.add(notices.journal_aside(aside))


def no_file(path: Path) -> bool:
    """Whether ``path`` is a folder, or a symbolic link to one: no file can
    be opened or written there, nor put there without deleting it. A link
    that leads to nothing a copy could open or make (a loop of links, a
    path through a file) counts too; one to a file not there yet does not
    (the first write makes that file). A file of any kind does not either
    (a FIFO too, and a link to a file): a lock file in use, or a file to
    write over."""
    try:
        found = os.lstat(path).st_mode
    except OSError:                    # gone
        return False
    if stat.S_ISLNK(found):
        return _leads_nowhere_usable(path)
    return stat.S_ISDIR(found)


def set_aside_no_file(path: Path, now: Callable[[], datetime]) -> Path | None:
    """Set aside what :func:`no_file` finds at ``path``, as it is (a folder
    with what it holds, a link itself, never what it leads to), under a
    dated name (``corrupt``); that name, or None when there was none (or
    it could not be renamed)."""
    if not no_file(path):
        return None
    try:
        if os.path.islink(path):
            return set_aside_link(path, "corrupt", now())
        return set_aside_folder(path, "corrupt", now())
    except OSError:                    # gone, or a link that leads nowhere (made a file)
        return None


def _leads_nowhere_usable(link: Path) -> bool:
    """Whether the link ``link`` leads to a folder, or to nothing a copy
    could open as its lock (ELOOP, ENOTDIR: never ENOENT, made at open)."""
    try:
        return stat.S_ISDIR(os.stat(link).st_mode)
    except OSError as error:
        return error.errno in (errno.ELOOP, errno.ENOTDIR)


def never() -> float:
    """No end (``math.inf``): a wait's ``until`` when nothing cuts it short
    (a writer that is not closing), the default wherever ``until`` is asked."""
    return math.inf


@contextmanager
def exclusive(path: Path, timeout: float, *, tell: Notices, now: Callable[[], datetime],
              strict: bool = False,
              until: Callable[[], float] = never) -> Iterator[bool]:
    """Hold the lock on ``path`` (created if missing, never deleted: removing
    a lock file lets two copies lock two different files) while the block
    runs, once a folder or link found in its place is set aside
    (:func:`clear_place`, told through ``tell``, dated by ``now``); yields
    whether it is held. Waits up to ``timeout`` seconds for another copy,
    then runs the block unlocked rather than not at all; or, ``strict``,
    raises :class:`Busy` without running it. ``until``, asked as it waits,
    may end the wait sooner (``time.monotonic``: a writer closing)."""
    clear_place(path, tell, now)
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        yield False
        return
    try:
        try:
            held = _wait_for(fd, timeout, until)
        except Busy:
            if strict:
                raise
            held = False
        try:
            yield held
        finally:
            if held:
                _unlock(fd)
    finally:
        os.close(fd)


def hold(path: Path, *, create: bool = True) -> int | None:
    """Take the lock on ``path`` (created if missing, unless not ``create``)
    without waiting and keep it: its descriptor, for :func:`let_go`; None
    when another process holds it, locks cannot be had here, or (not
    ``create``) there is no such file."""
    try:
        fd = os.open(path, os.O_RDWR | (os.O_CREAT if create else 0), 0o644)
    except OSError:
        return None
    try:
        _try_lock(fd)
    except OSError:                      # BlockingIOError: held by another process
        os.close(fd)
        return None
    return fd


def let_go(fd: int) -> None:
    """Release a lock taken by :func:`hold`."""
    with suppress(OSError):
        _unlock(fd)
    os.close(fd)


def _wait_for(fd: int, timeout: float, until: Callable[[], float]) -> bool:
    """Whether the lock was taken (False: no locks here); :class:`Busy` when
    another process still holds it after ``timeout`` seconds, or at
    ``until()``."""
    deadline = time.monotonic() + timeout
    pause = 0.002
    while True:
        try:
            _try_lock(fd)
            return True
        except BlockingIOError:
            if time.monotonic() >= min(deadline, until()):
                raise Busy() from None
        except OSError:                  # no locks here (some network file systems)
            return False
        time.sleep(pause)
        pause = min(pause * 2, 0.05)


if sys.platform == "win32":
    def _try_lock(fd: int) -> None:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except PermissionError as taken:        # Windows says "locked" this way
            raise BlockingIOError(str(taken)) from None

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
else:
    def _try_lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)
