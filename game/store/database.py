"""Opening the records database, and what to do when it is not right.

- missing: created (WAL journal, busy timeout, schema migrated);
- good: migrated to this version if older;
- damaged (fails ``PRAGMA quick_check``), not a database at all, not a
  regular file (a FIFO, a device, a directory), or another program's SQLite
  file: renamed aside, exactly as found, under a dated name with its
  journals (moved first: a kill between two renames leaves the damaged file
  to be found again), a fresh one started, the player told once; journals
  found beside no database (an earlier version killed mid-way) likewise;
- from a newer version: left untouched (``newer``); this session shows
  what it knows of those records from memory and says nothing will be saved;
- in a directory, or a file, that takes no writes: what can be read
  (including commits still in the journal) is copied into memory.

Every copy of the game opens its own connections; SQLite's locking lets any
number of processes record at once (a writer waits up to the busy timeout
for another's transaction, which lasts milliseconds). Opening itself, which
may rename files, is done by one copy at a time (``interlock``).
"""

from __future__ import annotations

import errno
import os
import shutil
import sqlite3
import stat
import tempfile
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from functools import partial
from pathlib import Path

from game.i18n import N_
from game.safe_read import is_regular

from . import connection, damage, interlock, notices, schema
from .atomic import set_aside, set_aside_with
from .damage import Damaged
from .newer import Newer, copy_known, has_journal, leave_newer_alone, uri
from .notices import Notices
from .writer import run_in_transaction

NAME = "records.db"
LOCK_NAME = "records.db.lock"
#: The longest path, in bytes, by which SQLite's Unix file layer opens a
#: database: a 512-byte buffer, less room for "-journal". A longer one fails
#: with nothing but "unable to open database file". (Windows allows more.)
MAX_PATH_BYTES = 504


def too_long(folder: Path) -> int | None:
    """The length in bytes of the database's path in ``folder`` when SQLite
    could not open a file by it, else None. SQLite measures the path as
    given and again with its symbolic links followed."""
    try:
        resolved = folder.resolve()
    except (OSError, RuntimeError):        # a loop of links: as given, then
        resolved = folder
    length = max(len(os.fsencode(place.absolute() / NAME)) for place in (folder, resolved))
    return length if os.name == "posix" and length > MAX_PATH_BYTES else None


def open_file(path: Path, *, tell: Notices, now: Callable[[], datetime],
              wait: float | None = None,
              until: Callable[[], float] | None = None) -> sqlite3.Connection:
    """The database at ``path``, checked and migrated, after setting aside
    whatever damage was found. Raises :class:`Newer`, sqlite3.Error or
    OSError when it cannot be used (the caller falls back to memory).

    Copies of the game open it one at a time (``interlock``): a copy that
    finds damage sets it aside and starts the fresh file before the next one
    looks, which then finds that fresh file sound. Another copy holding the
    lock for ``wait`` seconds (the busy timeout by default) raises
    :class:`~game.store.interlock.Busy`: the caller opens it later, its
    games queued meanwhile, rather than in the middle of that copy's steps
    (one stopped with Ctrl+Z as it started, and continued later); or
    sooner, at ``until()`` (``time.monotonic``: its writer closing)."""
    timeout = connection.BUSY_TIMEOUT_S if wait is None else wait
    with interlock.exclusive(path.with_name(LOCK_NAME), timeout, tell=tell, now=now,
                             strict=True, until=until or interlock.never):
        return _open_or_repair(path, tell, now, until)


def open_as_found(path: Path, *,
                  until: Callable[[], float] | None = None) -> sqlite3.Connection | None:
    """The database at ``path`` opened without the copies' lock, when opening
    it changes nothing: a sound file of this version, its journals files
    or absent. None when the opening would rename or write anything (no
    file, damage, a journal that is not a file, an older version to
    migrate): only the copy holding the lock may, and that copy, stopped
    while it held it, may go on with its renames at any instant. A sound
    file of this version is one no copy renames or migrates, so games
    written into it now are never moved aside; while the records waited
    for the lock, every game of the session was lost to a kill. Raises
    :class:`Newer` for a newer version's file, which is never written.
    With ``until`` (the start's deadline), each wait for another process's
    lock on records.db ends then too, None then: it waited the busy
    timeout at every step, 30 s each with no window, when another program
    held records.db while a stopped copy held the copies' lock."""
    for candidate in (path, *(path.with_name(path.name + tail) for tail in damage.JOURNALS)):
        if damage.odd(candidate):
            return None
    if not is_regular(path):
        return None
    if not os.access(path, os.W_OK):          # no journal left beside it (``_read_only``)
        _read_only(path)                      # raises Newer for a newer version's
        return None
    patiently = partial(connection.patiently, until=until or interlock.never)
    try:
        leave_newer_alone(path, connection.BUSY_TIMEOUT_S, until=until)
    except sqlite3.OperationalError:          # still locked at ``until``
        return None
    try:
        damage.check_header(path)
        # Checked through a connection that cannot write: closing it never
        # folds or deletes a journal the copy holding the lock may be
        # setting aside with a damaged file.
        probe = connection.sliced(connection.read_only(path), until)
        try:
            patiently(partial(damage.check_content, probe))
            if not (schema.ours(probe) and schema.version(probe) == schema.SCHEMA_VERSION
                    and schema.complete(probe)):
                return None
        finally:
            probe.close()
        db = connection.configured(connection.sliced(connection.lenient(sqlite3.connect(
            f"{uri(path)}?mode=rw", uri=True, timeout=connection.BUSY_TIMEOUT_S,
            isolation_level=None, check_same_thread=False)), until),
            until=until or interlock.never)
    except (Damaged, Newer, sqlite3.Error, OSError, UnicodeDecodeError):
        return None                          # for the copy holding the lock, then this one
    try:
        patiently(partial(damage.check_writable, db))    # the busy timeout back after it
    except sqlite3.Error:
        db.close()
        return None
    return db


def _open_or_repair(path: Path, tell: Notices, now: Callable[[], datetime],
                    until: Callable[[], float] | None = None) -> sqlite3.Connection:
    """Open ``path``, damage set aside (twice at most). With ``until`` (a
    writer's late opening), each wait for another process's lock ends at
    ``until()`` too, the writer closing: SQLite waits in slices, and the
    steps that wait run again and again (``patiently``) until then."""
    patiently = partial(connection.patiently, until=until or interlock.never)
    _set_aside_odd_journals(path, tell, now)
    _set_aside_lone_journals(path, tell, now)
    for attempt in range(2):
        try:
            damage.check_names(path)
            # Before any look through SQLite in place (``_read_only``).
            if os.path.exists(path) and not os.access(path, os.W_OK):
                raise _read_only(path)
            leave_newer_alone(path, connection.BUSY_TIMEOUT_S, until=until)
            if damage.damaged_as_found(path, until=until):
                raise Damaged(path)
            db = connection.sliced(connection.raw(path), until)
        except Damaged as found:
            _set_aside(found.path, tell, now)
            continue
        except sqlite3.DatabaseError as error:
            if damage.is_damage(error) and attempt == 0:
                _set_aside(path, tell, now)
                continue
            raise
        try:
            # Reads only: a newer file stays as it is.
            patiently(partial(damage.check_content, db))
            if not patiently(partial(schema.ours, db)):      # still read only: kept as found
                raise Damaged(path)
            connection.configured(db, until=until or interlock.never)
            if patiently(partial(schema.version, db)) < schema.SCHEMA_VERSION:
                patiently(partial(run_in_transaction, db, schema.migrate))  # a write lock
            if not patiently(partial(schema.complete, db)):
                raise Damaged(path)
            patiently(partial(damage.check_writable, db))
            db.execute(f"PRAGMA busy_timeout = {int(connection.BUSY_TIMEOUT_S * 1000)}")
            return db
        except (Damaged, sqlite3.DatabaseError) as error:
            db.close()
            if attempt or not (isinstance(error, Damaged) or damage.is_damage(error)):
                raise
            _set_aside(path, tell, now)
        except BaseException:
            db.close()
            raise
    raise Damaged(path)


def _read_only(path: Path) -> Damaged | sqlite3.OperationalError:
    """Why a ``records.db`` this user may not write cannot be opened: damaged
    (set aside then, as any damaged file: renaming needs only the folder),
    or read only, checked without SQLite opening it in place. A connection
    that may only read a database in WAL mode leaves a ``-wal`` and a
    ``-shm`` beside it, made with the file's own read-only mode: once the
    player made ``records.db`` writable again, that ``-shm`` kept SQLite
    from writing it, and no game was saved again at any start. Also the
    looks for a newer version's file and for damage (``leave_newer_alone``,
    ``damage.damaged_as_found``), which made one with a ``-wal`` there:
    :class:`Newer` is raised from the copy instead."""
    try:
        with _snapshot(path) as source:
            damage.check_content(source)
            if not schema.ours(source):
                return Damaged(path)
    except Damaged as found:
        return found
    except sqlite3.DatabaseError as error:
        if damage.is_damage(error):
            return Damaged(path)
    except (sqlite3.Error, OSError):
        pass
    return sqlite3.OperationalError("attempt to write a readonly database")


def copy_into_memory(path: Path) -> tuple[sqlite3.Connection, Damaged | Newer | None]:
    """What the database at ``path`` holds, read without writing anything
    beside it (not even a journal) and copied into memory, and what was
    wrong with it: an empty database and :class:`Damaged` when it is
    damaged (or not a file), for the player to be told why their records
    are not there; what this version knows of it and :class:`Newer` when it
    is newer, for the player to be told nothing will be saved; an empty one
    and None when it is missing or cannot be read at all."""
    db = connection.memory()
    if not is_regular(path):
        return db, Damaged(path) if damage.taken(path) else None
    found: Damaged | Newer | None = None
    try:
        damage.check_header(path)
        with _snapshot(path) as source:
            try:
                damage.check_content(source)
            except Newer as newer:
                copy_known(source, db)
                return db, newer
            if not schema.ours(source):
                raise Damaged(path)
            scratch = connection.lenient(sqlite3.connect(":memory:", isolation_level=None,
                                                         check_same_thread=False))
            scratch.execute("PRAGMA foreign_keys = ON")
            source.backup(scratch)
            run_in_transaction(scratch, schema.migrate)
            if not schema.complete(scratch):
                scratch.close()
                raise Damaged(path)
            db.close()
            db = scratch
    except (Damaged, Newer) as problem:
        found = problem
    except sqlite3.DatabaseError as error:
        found = Damaged(path) if damage.is_damage(error) else None
    except (sqlite3.Error, OSError):
        pass
    return db, found


#: How many times a copy of records.db and its ``-wal`` is made again when
#: the journal was begun anew (or emptied) while they were copied.
_COPY_TRIES = 5


@contextmanager
def _snapshot(path: Path) -> Iterator[sqlite3.Connection]:
    """A connection that reads the database at ``path`` as its last commit
    left it. Until SQLite checkpoints, recent commits live only in the
    ``-wal`` file, which a read-only directory will not let SQLite open (it
    would need to create the ``-shm`` beside it): then both files are copied
    to a temporary folder, where opening them replays the journal. A file
    with no journal is read in place, immutable. Another copy may write the
    records meanwhile (one this user may not write, another user's, or one
    made read-only while that copy ran): the two files are copied again when
    the journal's header changed in between (folded into the file and begun
    anew): the file then held commits the older journal had, the newer one
    pages that point at them, and the copy was "malformed", set aside as
    damage with the live records; OSError when it never holds still."""
    wal = path.with_name(path.name + "-wal")
    for _attempt in range(_COPY_TRIES):
        if not has_journal(path):
            source = connection.lenient(sqlite3.connect(f"{uri(path)}?mode=ro&immutable=1",
                                                        uri=True))
            try:
                yield source
            finally:
                source.close()
            return
        with tempfile.TemporaryDirectory(prefix="minesweeper-records-") as folder:
            copy = Path(folder) / NAME
            head = _head(wal)
            try:
                shutil.copyfile(path, copy)
                shutil.copyfile(wal, copy.with_name(NAME + "-wal"))
            except FileNotFoundError:         # folded and removed: all in the file now
                continue
            if not head or _head(wal) != head:
                continue
            source = connection.lenient(sqlite3.connect(copy))
            try:
                yield source
            finally:
                source.close()
            return
    raise OSError(errno.EAGAIN, "records.db changed at every reading", str(path))


def _head(wal: Path) -> bytes:
    """The ``-wal`` journal's header (its checkpoint count and salts, which
    change when it is begun anew), or nothing when there is none."""
    try:
        with open(wal, "rb") as stream:
            return stream.read(32)
    except OSError:
        return b""


def unique_name() -> str:
    """A handle no other process will pick (best-time tokens)."""
    return uuid.uuid4().hex


def _set_aside_odd_journals(path: Path, tell: Notices, now: Callable[[], datetime]) -> None:
    """Set aside, each alone, the journals of ``path`` that are not files (a
    folder, a FIFO, a link to nothing): they hold nothing of the records,
    which are then opened as they are. Found one by one, each took one of
    the two attempts at opening and was told as the records starting afresh:
    a -wal and a -shm both such left sound records unsaved all session."""
    when = now()
    for journal in (path.with_name(path.name + tail) for tail in damage.JOURNALS):
        if damage.odd(journal) or _shut_index(path, journal):
            tell.add(notices.journal_aside(set_aside(journal, "corrupt", when)))


_ANY_WRITE = stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH


def _shut_index(path: Path, journal: Path) -> bool:
    """Whether ``journal`` is a ``-shm`` this user may not write beside a
    ``records.db`` they may: SQLite then opens the records read-only, and no
    game is saved. Earlier versions left one so, made when ``records.db``
    was read-only (see :func:`_read_only`). A ``-shm`` only indexes the
    ``-wal``, which SQLite reads again without it: it holds no record."""
    if not journal.name.endswith("-shm"):
        return False
    try:
        found = os.lstat(journal)
    except OSError:
        return False
    # Read from one look at the name: another copy closing its last
    # connection deletes the -shm at any instant (its next one makes it
    # again, with records.db's mode), and a name gone answers "no access".
    return stat.S_ISREG(found.st_mode) and not found.st_mode & _ANY_WRITE \
        and not os.access(journal, os.W_OK) and os.access(path, os.W_OK)


def _set_aside(path: Path, tell: Notices, now: Callable[[], datetime]) -> None:
    """Rename the damaged database and its journals under one dated name
    (the journals belong to the damaged file, never to the fresh one), the
    journals first (``set_aside_with``); a journal that is not a file goes
    aside alone."""
    tails = damage.JOURNALS if path.name == NAME else ()
    aside = set_aside_with(path, tails, "corrupt", now())
    if aside is not None:
        tell.add(notices.damaged(N_("records"), aside))


def _set_aside_lone_journals(path: Path, tell: Notices, now: Callable[[], datetime]) -> None:
    """Set aside journals found beside no database, as the damaged records
    they are the rest of: a copy killed setting a damaged file aside (an
    earlier version moved the file first), or records.db deleted by hand.
    SQLite deletes a ``-wal`` it finds beside a database it makes, and
    replays one whose header is sound into any database it finds it beside:
    the journal holds that file's last commits, and the copy killed before
    telling its player left them untold."""
    if os.path.lexists(path):
        return
    aside = set_aside_with(path, damage.JOURNALS, "corrupt", now())
    if aside is not None:
        tell.add(notices.damaged(N_("records"), aside))
