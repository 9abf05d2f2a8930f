"""What a copy of the game could not write to the records before it closed,
kept in a file of its own that the next start takes in.

On a disk still full when a copy closes, the games its writer still held
were lost (two copies winning 20 games each on a nearly full 300 KB disk
kept 21 of their 40 wins), and a win whose game in progress had been kept
(``unfinished``) was counted as abandoned at the next start: a loss. SQLite
cannot write one more game there: a commit wants its ``-wal`` journal (about
48 KB for a Beginner win) and the journal's 32 KB index besides the game.
Written as JSON, the same win takes 2 KB. So each copy sets room aside
while the disk has some, as it takes its lock with its first game kept:
``unfinished-<owner>.games``, :data:`RESERVE_BYTES` of zeros (one block,
:data:`CRAMPED_RESERVE_BYTES`, on a disk already short of room, where more
would take the room SQLite needs to save games at all). As it closes
with games the disk refused, it writes them over those zeros (growing the
file into whatever room is left, and else writing only the games that fit
in it), and the next start takes them into the records in the transaction
that settles the games left in progress (``unfinished.settle``), replaying
what the writer would have done, in order: each game recorded (its best
time, its replay), the game in progress kept, a best time named or entered
(a tool's), a level's Best Times or statistics reset (dated, as games are:
several copies' files are merged by date, ``unfinished.in_order``). Overwriting the
zeros needs no room the file does not hold already, except on a file
system that writes every change elsewhere (Btrfs, ZFS).

A copy that closes with nothing left unwritten removes the file; a copy
killed leaves it empty (zeros), and it is removed when its game is settled.
The file's digest goes into the ``imports`` table in the transaction that
takes it in, as the old JSON records' do: a start killed between that
commit and the file's removal never takes it in twice. A file that cannot
be read (damage, a hand edit) is set aside, never deleted, and the player
told once; one a newer version wrote (a higher ``schema``) is left for it,
with the game its copy left in progress. The steps, their text and the
bounds it is read within are in ``leftover_steps``.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path

from game.safe_read import read_capped

from . import leftover_steps, room
from .atomic import set_aside
from .leftover_steps import Leftover, Step
from .notices import Notices, Text, leftover_damaged

_PREFIX = "unfinished-"
SUFFIX = ".games"
#: The room each copy sets aside with its first game kept: 25 Beginner
#: wins with their replays (an Expert win's replay is 10 KB or so).
RESERVE_BYTES = 64 * 1024
#: ... on a disk short of room (``room.CRAMPED_BYTES``): one block, which
#: holds a game or two, or the word that a win was lost. With 32 KB, two
#: copies on a 300 KB disk left 120 KB free saved none of their 40 wins
#: while they ran (a kill would have lost them all): the two reserves and
#: the journal's index left too little for a commit's journal.
CRAMPED_RESERVE_BYTES = 4 * 1024
#: Nothing larger is read, nor written: a copy writes at most the room its
#: disk had left, and the games beyond this are said lost.
MAX_BYTES = 64 * 1024 * 1024
_NAME = re.compile(rf"{_PREFIX}([0-9a-f]{{32}}){re.escape(SUFFIX)}")


def path(directory: Path, owner: str) -> Path:
    """The file of the copy whose handle is ``owner``."""
    return directory / f"{_PREFIX}{owner}{SUFFIX}"


def owners(directory: Path) -> list[str]:
    """The handles of the copies that have a file in ``directory``."""
    found = (_NAME.fullmatch(name.name) for name in directory.glob(f"{_PREFIX}*{SUFFIX}"))
    return sorted(match.group(1) for match in found if match)


def first_reserve(directory: Path) -> int:
    """The room a copy sets aside with its first game kept."""
    try:
        cramped = room.free_bytes(directory) < room.CRAMPED_BYTES
    except OSError:
        cramped = True
    return CRAMPED_RESERVE_BYTES if cramped else RESERVE_BYTES


def reserve(directory: Path, owner: str) -> None:
    """Set room aside for ``owner``'s games (:func:`first_reserve`; as much
    as the disk has, when it has less). Zeros actually written, not a
    hole: a sparse file would take its room only when written, on the full
    disk."""
    try:
        fd = os.open(path(directory, owner), os.O_WRONLY | os.O_CREAT, 0o644)
    except OSError:
        return
    try:
        _write_at(fd, bytes(first_reserve(directory)))
    except OSError:
        pass                              # what was written is kept
    finally:
        os.close(fd)


def forget(directory: Path, owner: str) -> None:
    """Remove ``owner``'s file: the copy closes with everything written."""
    try:
        path(directory, owner).unlink()
    except OSError:
        pass


def keep(directory: Path, owner: str, steps: Sequence[Step]) -> int:
    """Write ``steps`` into ``owner``'s file: all of them when the disk has
    the room (up to :data:`MAX_BYTES`), else the first that fit in the room
    the file holds (a game without its replay when only that fits; no
    more than ``leftover_steps.MAX_STEPS``). Returns how many games were kept. Once
    one is not, the game in progress kept in the records belongs to it:
    if it was a win, the file says so, so that the next start does not
    count it as abandoned (a loss is counted so, as a kill's)."""
    target = path(directory, owner)
    try:
        fd = os.open(target, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        return 0
    try:
        data, kept = leftover_steps.document(owner, steps, MAX_BYTES)   # no more than is read
        space = os.fstat(fd).st_size
        if len(data) > space:
            try:
                _write_at(fd, data)
                os.fsync(fd)
                return kept
            except OSError:
                space = os.fstat(fd).st_size    # the disk is full: what the file holds
            data, kept = leftover_steps.document(owner, steps, space)
            if len(data) > space:           # not even a word: the start of the text
                _write_at(fd, bytes(space))     # written is undone, not left unreadable
                return 0
        _write_at(fd, data + bytes(space - len(data)))
        os.fsync(fd)
        return kept
    except OSError:
        return 0
    finally:
        os.close(fd)


def read(directory: Path, owner: str, *, tell: Notices,
         now: datetime) -> tuple[Leftover, str] | None:
    """What ``owner``'s file holds and its digest; None when it holds
    nothing (a running or killed copy's zeros) or could not be read, in
    which case it was set aside and the player told. ``Newer`` when
    a newer version wrote it: left where it is, for that version (set aside
    as damaged, its results never reached a version that reads them)."""
    target = path(directory, owner)
    try:
        data = read_capped(target, MAX_BYTES).rstrip(b"\0")
    except FileNotFoundError:
        if target.is_symlink():           # to a file gone: else left there for ever
            set_damaged_aside(target, tell=tell, now=now)
        return None
    except OSError:
        set_damaged_aside(target, tell=tell, now=now)
        return None
    if not data:
        return None
    try:
        found = leftover_steps.decode(data, owner, target.name)
    except (ValueError, TypeError, KeyError):
        set_damaged_aside(target, tell=tell, now=now)
        return None
    return found, hashlib.sha256(data).hexdigest()


def set_damaged_aside(target: Path, *, tell: Notices, now: datetime,
                      told: Callable[[Path], Text] = leftover_damaged) -> None:
    """Rename a file that cannot be taken in (never deleted) and tell the
    player, in ``told``'s words about the file kept aside."""
    try:
        aside = set_aside(target, "corrupt", now)
    except OSError:
        return                            # left where it is; tried again next start
    tell.add(told(aside))


def _write_at(fd: int, data: bytes) -> None:
    """Write all of ``data`` at the file's start (OSError when the disk has
    not the room: what was written stays). Not ``os.pwrite``: Windows has none."""
    os.lseek(fd, 0, os.SEEK_SET)
    done = 0
    while done < len(data):
        done += os.write(fd, data[done:])
