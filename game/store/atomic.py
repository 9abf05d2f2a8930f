"""Files on disk that hold either their old content or their new one, never a mix.

A write goes to a temporary file in the same directory, is flushed and
fsynced, then renamed over the old file with ``os.replace`` (atomic on every
platform we ship to), and the directory is fsynced so the rename itself
survives a power cut. If anything fails, the old file is untouched and the
temporary file is removed; one a copy killed mid-write left is removed at a
later start (``temporaries``).
"""

from __future__ import annotations

import glob
import os
import re
import stat
from collections.abc import Callable, Iterator
from contextlib import suppress
from datetime import datetime, timedelta
from pathlib import Path

from . import temporaries


def write_atomic(path: Path, data: bytes, *, owner_reads: bool = False) -> None:
    """Replace ``path`` by ``data`` all at once; raise OSError, with the old file
    intact, when that is not possible. ``owner_reads``: the file, which only
    the game reads back (settings.kept.json), keeps its permissions but
    may be read and written by its owner: written at mode 000 as it was
    found, it could never be read back."""
    _write_then(path, data, lambda temporary: os.replace(temporary, path),
                owner=stat.S_IRUSR | stat.S_IWUSR if owner_reads else 0)


def write_new(path: Path, data: bytes, *, like: Path | None = None) -> None:
    """Write ``data`` all at once as the new file ``path`` (with the
    permissions of the file ``like``, if given); FileExistsError, with
    nothing written, when the name is taken (by another program since it
    was chosen: a replay another copy of the game exported the same minute
    was replaced by this one)."""
    _write_then(path, data, lambda temporary: rename_without_overwrite(Path(temporary), path),
                like=like)


def _write_then(path: Path, data: bytes, put: Callable[[str], None], *,
                like: Path | None = None, owner: int = 0) -> None:
    """``data`` into a temporary file beside ``path`` (``temporaries``: held
    locked until it is renamed, so that no other copy's start removes it),
    with the permissions of ``like`` (by default ``path``, the file it
    replaces) and ``owner``'s bits added, flushed to the disk, then ``put``
    in place; the temporary file is removed if anything fails."""
    fd, temporary = temporaries.create(path)
    held: int | None = fd
    try:
        _keep_mode(fd, like or path, owner)
        with os.fdopen(fd, "wb", closefd=False) as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        if not temporaries.RENAMED_OPEN:
            held = None
            os.close(fd)
        put(temporary)
    except BaseException:
        with suppress(OSError):
            os.unlink(temporary)
        raise
    finally:
        if held is not None:
            os.close(held)               # its lock with it, once renamed or removed
    fsync_directory(path.parent)


def _keep_mode(fd: int, path: Path, owner: int = 0) -> None:
    """Give the file open as ``fd`` the permissions of the file ``path`` it
    replaces, if there is one, with the ``owner`` bits added: a
    settings.json its owner made readable to others (or to no one) keeps
    them through every save."""
    if os.name != "posix":
        return
    with suppress(OSError):                  # no such file: a new file's permissions
        was = os.stat(path)
        if stat.S_ISREG(was.st_mode):
            os.fchmod(fd, stat.S_IMODE(was.st_mode) | owner)


def fsync_directory(directory: Path) -> None:
    """Make a rename in ``directory`` durable where the platform allows it
    (POSIX; Windows cannot open a directory, and NTFS journals renames)."""
    if os.name != "posix":
        return
    with suppress(OSError):          # some file systems refuse; the data is written
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def set_aside(path: Path, label: str, when: datetime) -> Path:
    """Rename ``path`` to ``<stem>.<label>-YYYYmmdd-HHMMSS<suffix>`` beside it,
    adding ``-2``, ``-3``... so an earlier file set aside is never overwritten;
    return the new path. Raise OSError when the rename is impossible."""
    names = _aside_names(path, label, when)
    while True:
        target = next(names)
        try:
            rename_without_overwrite(path, target)
        except FileExistsError:
            continue
        fsync_directory(path.parent)
        return target


def set_aside_folder(path: Path, label: str, when: datetime) -> Path | None:
    """Rename the folder ``path`` as :func:`set_aside` does, only while it is
    a folder, and return its new name; None when it is not (or no longer)
    one. Renamed onto an empty folder made for it, which POSIX allows for a
    folder and refuses for a file: a copy of the game that found the folder
    a moment ago never renames the file another copy has just made in its
    place (a lock file in use: two copies would then lock two files)."""
    for target in _aside_names(path, label, when):
        try:
            os.mkdir(target)
        except FileExistsError:
            continue
        except OSError:
            return None
        try:
            os.rename(path, target)
        except OSError:
            with suppress(OSError):
                os.rmdir(target)
            return None
        fsync_directory(path.parent)
        return target
    return None


def set_aside_link(path: Path, label: str, when: datetime) -> Path | None:
    """Rename the symbolic link ``path`` itself (never what it leads to) as
    :func:`set_aside` does, only while it is that link, and return its new
    name; None when it is not (or no longer) one. The new name is claimed
    with a hard link to the link, checked to be one (a copy of the game
    that found the link a moment ago may have set it aside since, and made
    a lock file in its place), and the old name removed only while it is
    still the same link."""
    for target in _aside_names(path, label, when):
        try:
            os.link(path, target, follow_symlinks=False)
        except FileExistsError:
            continue
        except (OSError, NotImplementedError):
            return _renamed_link(path, target)
        try:
            claimed = os.lstat(target)
            if stat.S_ISLNK(claimed.st_mode) and os.path.samestat(claimed, os.lstat(path)):
                os.unlink(path)
                fsync_directory(path.parent)
                return target
        except OSError:
            pass
        with suppress(OSError):
            os.unlink(target)            # only the name made here: what it names stays
        return None
    return None


def _renamed_link(path: Path, target: Path) -> Path | None:
    """Where no hard link can be made (a file system without them): the
    link renamed while it is one and ``target`` free."""
    try:
        if not stat.S_ISLNK(os.lstat(path).st_mode) or os.path.lexists(target):
            return None
        os.rename(path, target)
    except OSError:
        return None
    fsync_directory(path.parent)
    return target


def set_aside_with(path: Path, tails: tuple[str, ...], label: str,
                   when: datetime) -> Path | None:
    """Rename ``path`` and the files named ``path`` plus each of ``tails``
    (a database's journals) as :func:`set_aside` does, under one dated name
    free for all of them, so that they still open together; return the new
    name of ``path`` (of its first companion when ``path`` is gone), or None
    when there is nothing to rename. The companions go first and ``path``
    last: a kill between two renames leaves ``path`` with fewer of them, to
    be set aside at the next start, never a journal beside no database,
    which SQLite deletes there, or reads into the file made in its place
    (a journal carries no mark of the database it belongs to). Raise
    OSError when a rename is impossible."""
    companions = [path.with_name(path.name + tail) for tail in tails]
    present = [found for found in (*companions, path) if os.path.lexists(found)]
    if not present:
        return None
    target = next(name for name in _aside_names(path, label, when)
                  if not any(os.path.lexists(name.with_name(name.name + tail))
                             for tail in ("", *tails)))
    moved = []
    for found in present:
        place = target.with_name(target.name + found.name[len(path.name):])
        try:
            rename_without_overwrite(found, place)
        except FileExistsError:          # taken by another program since
            place = set_aside(found, label, when)
        moved.append(place)
    fsync_directory(path.parent)
    return moved[-1] if present[-1] == path else moved[0]


def copy_aside(path: Path, data: bytes, label: str, when: datetime) -> Path | None:
    """Keep ``data``, what ``path`` held, as a new file under the name
    :func:`set_aside` would give, ``path`` left where it is (a symbolic link
    to a file kept elsewhere stays one); return the new path. None when
    these very bytes were kept so in that second or the one before: another
    copy of the game, started with this one, copied them first (renamed,
    the file was gone for the second; copied, both kept it and told their
    player). Raise OSError when it cannot be written."""
    if any(_holds(kept, data) for second in (when - timedelta(seconds=1), when)
           for kept in path.parent.glob(f"{glob.escape(_stamp(path, label, second))}*")):
        return None
    names = _aside_names(path, label, when)
    while True:
        target = next(names)
        try:
            # as private as the file it copies: a settings file its owner
            # alone could read was copied aside readable by all
            write_new(target, data, like=path)
        except FileExistsError:
            if _holds(target, data):     # copied by the other copy a moment ago
                return None
            continue
        return target


def kept_copy(path: Path, label: str, data: bytes) -> Path | None:
    """A file :func:`copy_aside` made of ``path`` at any time that holds
    exactly ``data``; None when there is none. What a copy of the game
    killed (or refused its commit) just after copying kept, found by the
    next start rather than kept a second time."""
    found = path.parent.glob(f"{glob.escape(f'{path.stem}.{label}-')}*{glob.escape(path.suffix)}")
    return next((kept for kept in sorted(found) if _holds(kept, data)), None)


def _holds(path: Path, data: bytes) -> bool:
    """Whether ``path`` is a file holding exactly ``data``."""
    try:
        return path.stat().st_size == len(data) and path.read_bytes() == data
    except OSError:
        return False


def _aside_names(path: Path, label: str, when: datetime) -> Iterator[Path]:
    """``<stem>.<label>-YYYYmmdd-HHMMSS<suffix>``, then with ``-2``, ``-3``..."""
    stamp = _stamp(path, label, when)
    attempt = 1
    while True:
        tail = "" if attempt == 1 else f"-{attempt}"
        yield path.with_name(f"{stamp}{tail}{path.suffix}")
        attempt += 1


def is_aside(name: str, path: Path, label: str) -> bool:
    """Whether ``name`` is one :func:`set_aside` (or :func:`copy_aside`)
    gives ``path`` under ``label``."""
    stamp = re.escape(f"{path.stem}.{label}-")
    return re.fullmatch(rf"{stamp}[0-9]{{8}}-[0-9]{{6}}(-[0-9]+)?{re.escape(path.suffix)}",
                        name) is not None


def _stamp(path: Path, label: str, when: datetime) -> str:
    return f"{path.stem}.{label}-{when:%Y%m%d-%H%M%S}"


def rename_without_overwrite(source: Path, target: Path) -> None:
    """Rename, failing with FileExistsError rather than replacing ``target``.

    ``os.rename`` silently replaces on POSIX, so the name is claimed with a hard
    link (which refuses an existing target everywhere) and the old name removed;
    file systems without hard links fall back to a checked rename.
    """
    try:
        os.link(source, target)
    except FileExistsError:
        raise
    except OSError:
        if os.path.lexists(target):
            raise FileExistsError(target) from None
        os.rename(source, target)
        return
    os.unlink(source)
