"""The temporary files the atomic writes (``atomic``) go through, and the
start's clean-up of those a copy of the game killed mid-write left behind.

Each write goes to ``.<name>.<8 hex digits>.tmp`` beside the file ``name``
it makes, then is renamed onto it. A copy killed (SIGKILL, the system out
of memory, a power cut) before the rename leaves that temporary, and the
start removed only those of a few fixed names (settings.json's): a damaged
file's copy set aside (``settings.corrupt-YYYYmmdd-HHMMSS.json``,
``unfinished.corrupt-…json``) left its temporary in the data folder for
ever.

Another copy of the game may be writing the very temporary the start
finds, so age alone cannot tell a dead copy's from a live one's (a copy
stopped with Ctrl+Z mid-write is live for as long as it is stopped). Each
copy therefore locks its temporary from the moment it makes it until it
has been renamed into place (POSIX ``flock``; the system lets go of it when
the process dies), and the start removes a temporary only once it holds
that lock itself. The lock is taken after the file is made, so a writer
checks, once it holds it, that its name is still its own file: a start
that took the lock first, in between, removed it, and the writer makes
another. On Windows a file open in another process cannot be deleted,
which keeps a live copy's temporary in the same way.

A temporary is also removed only once unchanged for :data:`STALE_AFTER_S`:
an older version of the game, running on the same folder, locks nothing.
Where no lock can be had (some network file systems), or the file cannot be
opened to take it, it is left. Only regular files of this exact name,
after a file the caller says the game writes there, are ever removed.
"""

from __future__ import annotations

import errno
import os
import re
import secrets
import stat
import tempfile
import time
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path

if os.name == "posix":
    import fcntl

#: A temporary unchanged for this long, and unlocked, was left by a copy
#: that died mid-write (or an older version's, which locked nothing).
STALE_AFTER_S = 60.0
#: Whether a temporary stays open, its lock held, until it has its name:
#: POSIX renames an open file; Windows refuses to, and closes it first.
RENAMED_OPEN = os.name == "posix"
_TEMPORARY = re.compile(r"\.(?P<target>.+)\.[0-9a-f]{8}\.tmp", re.DOTALL)


def target_of(name: str) -> str | None:
    """The name of the file the temporary ``name`` was made for; None when
    ``name`` is no temporary's."""
    match = _TEMPORARY.fullmatch(name)
    return match["target"] if match else None


def create(path: Path) -> tuple[int, str]:
    """A new temporary beside ``path``, open for writing and locked: its
    descriptor and name. Made with the permissions any program's new file
    gets (read and write for all, less the user's umask): ``mkstemp``'s
    owner-only files kept that through the rename, and a replay exported
    to be shared could not be read by another user of the machine."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | \
        getattr(os, "O_BINARY", 0)
    for _attempt in range(tempfile.TMP_MAX):
        name = str(path.parent / f".{path.name}.{secrets.token_hex(4)}.tmp")
        try:
            fd = os.open(name, flags, 0o666)
        except FileExistsError:
            continue
        if _claimed(fd, name):
            return fd, name
        os.close(fd)               # removed by a start's clean-up before it was locked
    raise FileExistsError(errno.EEXIST, "No usable temporary file name found", str(path.parent))


def _claimed(fd: int, name: str) -> bool:
    """Whether this process now holds the lock on the file open as ``fd``
    and ``name`` is still that file (True where no lock can be had: it is
    then kept from the clean-up by its age alone, as before locks)."""
    if not RENAMED_OPEN:
        return True
    try:
        _lock(fd)
    except BlockingIOError:
        return False               # a start's clean-up holds it, and removes it
    except OSError:
        return True
    try:
        return os.path.samestat(os.fstat(fd), os.lstat(name))
    except OSError:
        return False


def _lock(fd: int) -> None:
    """Lock the file open as ``fd``, without waiting: BlockingIOError when
    another holds it, another OSError when locks cannot be had here."""
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def remove_stale(directory: Path, ours: Callable[[str], bool]) -> None:
    """Remove from ``directory`` every temporary made for a file whose name
    ``ours`` accepts that no live copy of the game can still be writing."""
    def made_for_ours(name: str) -> bool:
        target = target_of(name)
        return target is not None and ours(target)
    _remove_stale_where(directory, made_for_ours)


def remove_stale_named(directory: Path, pattern: re.Pattern[str]) -> None:
    """Remove from ``directory`` every file whose whole name ``pattern``
    matches, under the same rules as :func:`remove_stale`: the temporaries
    of another shape that earlier versions left (``mkstemp``'s)."""
    _remove_stale_where(directory, lambda name: pattern.fullmatch(name) is not None)


def _remove_stale_where(directory: Path, chosen: Callable[[str], bool]) -> None:
    """Remove each file of ``directory`` whose name is ``chosen`` and that
    is stale (:func:`_remove_if_stale`); a folder that cannot be listed is
    left as it is."""
    try:
        names = os.listdir(directory)
    except OSError:
        return
    limit = time.time() - STALE_AFTER_S
    for name in names:
        if chosen(name):
            _remove_if_stale(directory / name, limit)


def _remove_if_stale(path: Path, limit: float) -> None:
    """Remove ``path``, a regular file unchanged since before ``limit``,
    once its lock is held (Windows: deleted unless open elsewhere)."""
    try:
        found = os.lstat(path)
    except OSError:
        return
    if not stat.S_ISREG(found.st_mode) or found.st_mtime >= limit:
        return
    if not RENAMED_OPEN:
        with suppress(OSError):              # refused while its writer has it open
            os.unlink(path)
        return
    fd = _open_to_lock(path)
    if fd is None:
        return
    try:
        _lock(fd)                            # held: a live copy writes it
        if os.path.samestat(os.fstat(fd), os.lstat(path)):
            os.unlink(path)
    except OSError:
        pass                                 # held, no locks here, or gone meanwhile
    finally:
        os.close(fd)


def _open_to_lock(path: Path) -> int | None:
    """``path`` open so that its lock can be taken, or None. For writing
    where it may be: an NFS client takes ``flock`` as a lock on the whole
    file (flock(2)), which it refuses on a file open only for reading, so
    a killed copy's temporaries were never removed there; for reading
    where not (a temporary left read-only, by a write copying a read-only
    file's permissions)."""
    for access in (os.O_RDWR, os.O_RDONLY):
        try:
            return os.open(path, access | os.O_NOFOLLOW | os.O_NONBLOCK)
        except PermissionError:
            continue
        except OSError:
            return None
    return None
