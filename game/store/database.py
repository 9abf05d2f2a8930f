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

import os
import shutil
import sqlite3
import stat
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from functools import partial
from pathlib import Path

from game.i18n import N_
from game.safe_read import is_regular

from . import interlock, notices, schema
from .atomic import set_aside, set_aside_with
from .newer import Newer, copy_known, has_journal, leave_newer_alone, uri
from .notices import Notices
from .writer import run_in_transaction

NAME = "records.db"
LOCK_NAME = "records.db.lock"
#: The longest path, in bytes, by which SQLite's Unix file layer opens a
#: database: a 512-byte buffer, less room for "-journal". A longer one fails
#: with nothing but "unable to open database file". (Windows allows more.)
MAX_PATH_BYTES = 504
BUSY_TIMEOUT_S = 30.0
_HEADER = b"SQLite format 3\x00"
_JOURNALS = ("-wal", "-shm", "-journal")
_LOCK_CODES = {getattr(sqlite3, "SQLITE_BUSY", 5), getattr(sqlite3, "SQLITE_LOCKED", 6)}
_DAMAGE_CODES = {getattr(sqlite3, "SQLITE_CORRUPT", 11), getattr(sqlite3, "SQLITE_NOTADB", 26)}


class Damaged(Exception):
    """The file is not a sound database of ours: set it aside."""

    def __init__(self, path: Path) -> None:
        super().__init__(path.name)
        self.path = path


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


def connect(path: Path) -> sqlite3.Connection:
    """A connection in autocommit mode (transactions are explicit), WAL
    journal, busy timeout, durable commits. A file gone since the opening
    (the player deleted it, or the whole data folder, to start afresh while
    the game ran) is made again by SQLite empty: it is given the tables, so
    the games that follow go into it instead of failing for ever on a
    missing table."""
    db = _configured(_raw(path))
    try:
        if schema.version(db) == 0 and schema.ours(db):
            _patiently(partial(run_in_transaction, db, schema.migrate))
    except BaseException:
        db.close()
        raise
    return db


def connect_reader(path: Path) -> sqlite3.Connection:
    """A connection that only reads (the records dialogs' reader thread):
    the file is already in WAL mode, so it never blocks the writer."""
    db = _raw(path)
    try:
        db.execute("PRAGMA query_only = ON")
    except sqlite3.Error:
        db.close()
        raise
    return db


def _raw(path: Path) -> sqlite3.Connection:
    return lenient(sqlite3.connect(path, timeout=BUSY_TIMEOUT_S, isolation_level=None,
                                   check_same_thread=False))


def lenient(db: sqlite3.Connection) -> sqlite3.Connection:
    """``db``, reading a text that is no UTF-8 with U+FFFD where its bad
    bytes are. A byte flipped on the disk inside one game's date passes
    ``quick_check`` (the page is sound), and Python's sqlite3 refused the
    whole query for it: History showed none of the games, and the player
    was told the records could not be read. Read so, the value fails its
    own checks (a date, a replay) and only that game is unreadable; a name
    is shown with the marks in it."""
    db.text_factory = _text
    return db


def _text(data: bytes) -> str:
    return data.decode("utf-8", "replace")


#: The records are folded from the ``-wal`` journal into records.db once it
#: holds this many pages (of 4 KB; a won game writes about ten). SQLite's
#: own 1000 let the journal grow to 4 MB: on a disk with less room than
#: that, it took all of it, and once the disk was full the records could no
#: longer be folded into records.db, which had to grow for them: no game
#: was saved again, even after the player made some room.
CHECKPOINT_PAGES = 32


def _configured(db: sqlite3.Connection) -> sqlite3.Connection:
    try:
        _patiently(lambda: db.execute("PRAGMA journal_mode = WAL"))
        db.execute("PRAGMA synchronous = FULL")
        db.execute(f"PRAGMA wal_autocheckpoint = {CHECKPOINT_PAGES}")
        db.execute("PRAGMA foreign_keys = ON")
    except sqlite3.Error:
        db.close()
        raise
    return db


def memory() -> sqlite3.Connection:
    """A fresh in-memory database with our schema: records for this session only."""
    db = lenient(sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False))
    db.execute("PRAGMA foreign_keys = ON")
    run_in_transaction(db, schema.migrate)
    return db


def open_file(path: Path, *, tell: Notices, now: Callable[[], datetime],
              wait: float | None = None) -> sqlite3.Connection:
    """The database at ``path``, checked and migrated, after setting aside
    whatever damage was found. Raises :class:`Newer`, sqlite3.Error or
    OSError when it cannot be used (the caller falls back to memory).

    Copies of the game open it one at a time (``interlock``): a copy that
    finds damage sets it aside and starts the fresh file before the next one
    looks, which then finds that fresh file sound. Another copy holding the
    lock for ``wait`` seconds (the busy timeout by default) raises
    :class:`~game.store.interlock.Busy`: the caller opens it later, its
    games queued meanwhile, rather than in the middle of that copy's steps
    (one stopped with Ctrl+Z as it started, and continued later)."""
    timeout = BUSY_TIMEOUT_S if wait is None else wait
    with interlock.exclusive(path.with_name(LOCK_NAME), timeout, strict=True):
        return _open_or_repair(path, tell, now)


def open_as_found(path: Path) -> sqlite3.Connection | None:
    """The database at ``path`` opened without the copies' lock, when opening
    it changes nothing: a sound file of this version, its journals files
    or absent. None when the opening would rename or write anything (no
    file, damage, a journal that is not a file, an older version to
    migrate): only the copy holding the lock may, and that copy, stopped
    while it held it, may go on with its renames at any instant. A sound
    file of this version is one no copy renames or migrates, so games
    written into it now are never moved aside; while the records waited
    for the lock, every game of the session was lost to a kill. Raises
    :class:`Newer` for a newer version's file, which is never written."""
    for candidate in (path, *(path.with_name(path.name + tail) for tail in _JOURNALS)):
        if _odd(candidate):
            return None
    if not is_regular(path):
        return None
    leave_newer_alone(path, BUSY_TIMEOUT_S)
    try:
        _check_header(path)
        # Checked through a connection that cannot write: closing it never
        # folds or deletes a journal the copy holding the lock may be
        # setting aside with a damaged file.
        probe = _read_only(path)
        try:
            _patiently(partial(_check_content, probe))
            if not (schema.ours(probe) and schema.version(probe) == schema.SCHEMA_VERSION
                    and schema.complete(probe)):
                return None
        finally:
            probe.close()
        db = _configured(lenient(sqlite3.connect(
            f"{uri(path)}?mode=rw", uri=True, timeout=BUSY_TIMEOUT_S,
            isolation_level=None, check_same_thread=False)))
    except (Damaged, Newer, sqlite3.Error, OSError, UnicodeDecodeError):
        return None                          # for the copy holding the lock, then this one
    try:
        _patiently(partial(_check_writable, db))
    except sqlite3.Error:
        db.close()
        return None
    return db


def _open_or_repair(path: Path, tell: Notices, now: Callable[[], datetime]) -> sqlite3.Connection:
    _set_aside_odd_journals(path, tell, now)
    _set_aside_lone_journals(path, tell, now)
    for attempt in range(2):
        try:
            _check_names(path)
            leave_newer_alone(path, BUSY_TIMEOUT_S)
            if _damaged_as_found(path):
                raise Damaged(path)
            db = _raw(path)
        except Damaged as damage:
            _set_aside(damage.path, tell, now)
            continue
        except sqlite3.DatabaseError as error:
            if _damage(error) and attempt == 0:
                _set_aside(path, tell, now)
                continue
            raise
        try:
            _patiently(partial(_check_content, db))  # reads only: a newer file stays as it is
            if not schema.ours(db):                   # still read only: kept as found
                raise Damaged(path)
            _configured(db)
            if schema.version(db) < schema.SCHEMA_VERSION:     # no write lock wanted else
                _patiently(partial(run_in_transaction, db, schema.migrate))
            if not schema.complete(db):
                raise Damaged(path)
            _patiently(partial(_check_writable, db))
            return db
        except (Damaged, sqlite3.DatabaseError) as error:
            db.close()
            if attempt or not (isinstance(error, Damaged) or _damage(error)):
                raise
            _set_aside(path, tell, now)
        except BaseException:
            db.close()
            raise
    raise Damaged(path)


def _damaged_as_found(path: Path) -> bool:
    """Whether the database at ``path`` fails ``quick_check`` or is another
    program's, asked through a connection that cannot write. The connection
    that opens the records writes: closing it, SQLite folded a sound
    ``-wal`` into the damaged file and deleted the journal (one whose header
    it could not read, it deleted outright) before the file was renamed
    aside, which was then neither as found nor with its journal. Asked only
    when a journal is there (without one, that connection changes nothing:
    a start pays one quick_check, not two). False also when the file cannot
    be looked at so (missing, a newer version's, a journal only a writer may
    roll back): the opening that follows says."""
    if not is_regular(path) or not any(os.path.lexists(path.with_name(path.name + tail))
                                       for tail in ("-wal", "-journal")):
        return False
    try:
        probe = _read_only(path)
    except sqlite3.Error:
        return False
    try:
        _patiently(partial(_check_content, probe))
        return not schema.ours(probe)
    except Damaged:
        return True
    except sqlite3.DatabaseError as error:
        return _damage(error)
    except (Newer, sqlite3.Error):
        return False
    finally:
        probe.close()


def _read_only(path: Path) -> sqlite3.Connection:
    """A connection to ``path`` that cannot write: closing it never folds or
    deletes a journal (another copy's, or a damaged file's still to be set
    aside with it)."""
    return lenient(sqlite3.connect(f"{uri(path)}?mode=ro", uri=True, timeout=BUSY_TIMEOUT_S))


def copy_into_memory(path: Path) -> tuple[sqlite3.Connection, Damaged | Newer | None]:
    """What the database at ``path`` holds, read without writing anything
    beside it (not even a journal) and copied into memory, and what was
    wrong with it: an empty database and :class:`Damaged` when it is
    damaged (or not a file), for the player to be told why their records
    are not there; what this version knows of it and :class:`Newer` when it
    is newer, for the player to be told nothing will be saved; an empty one
    and None when it is missing or cannot be read at all."""
    db = memory()
    if not is_regular(path):
        return db, Damaged(path) if _taken(path) else None
    found: Damaged | Newer | None = None
    try:
        _check_header(path)
        with _snapshot(path) as source:
            try:
                _check_content(source)
            except Newer as newer:
                copy_known(source, db)
                return db, newer
            if not schema.ours(source):
                raise Damaged(path)
            scratch = lenient(sqlite3.connect(":memory:", isolation_level=None,
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
        found = Damaged(path) if _damage(error) else None
    except (sqlite3.Error, OSError):
        pass
    return db, found


@contextmanager
def _snapshot(path: Path) -> Iterator[sqlite3.Connection]:
    """A connection that reads the database at ``path`` as its last commit
    left it. Until SQLite checkpoints, recent commits live only in the
    ``-wal`` file, which a read-only directory will not let SQLite open (it
    would need to create the ``-shm`` beside it): then both files are copied
    to a temporary folder, where opening them replays the journal. A file
    with no journal is read in place, immutable."""
    wal = path.with_name(path.name + "-wal")
    if not has_journal(path):
        source = lenient(sqlite3.connect(f"{uri(path)}?mode=ro&immutable=1",
                                         uri=True))
        try:
            yield source
        finally:
            source.close()
        return
    with tempfile.TemporaryDirectory(prefix="minesweeper-records-") as folder:
        copy = Path(folder) / NAME
        shutil.copyfile(path, copy)
        shutil.copyfile(wal, copy.with_name(NAME + "-wal"))
        source = lenient(sqlite3.connect(copy))
        try:
            yield source
        finally:
            source.close()


def _patiently(step: Callable[[], object]) -> None:
    """Run ``step``, again and again while another process holds the lock it
    needs: switching to WAL (and a database another copy of the game is
    creating this instant) answers "locked" at once instead of waiting out
    the busy timeout."""
    deadline = time.monotonic() + BUSY_TIMEOUT_S
    pause = 0.005
    while True:
        try:
            step()
            return
        except sqlite3.OperationalError as error:
            if not _locked(error) or time.monotonic() > deadline:
                raise
        time.sleep(pause)
        pause = min(pause * 2, 0.1)


@contextmanager
def hurried(db: sqlite3.Connection) -> Iterator[None]:
    """``db`` answers "busy" at once instead of waiting for another
    process's transaction, for a step that may as well be skipped."""
    db.execute("PRAGMA busy_timeout = 0")
    try:
        yield
    finally:
        db.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")


def _locked(error: sqlite3.OperationalError) -> bool:
    return getattr(error, "sqlite_errorcode", None) in _LOCK_CODES \
        or "locked" in str(error) or "busy" in str(error)


def unique_name() -> str:
    """A handle no other process will pick (best-time tokens)."""
    return uuid.uuid4().hex


def _check_names(path: Path) -> None:
    """Damaged unless the database and its journals are regular files (or
    absent) and the database starts as SQLite's files do."""
    for candidate in (path, *(path.with_name(path.name + tail) for tail in _JOURNALS)):
        if _odd(candidate):
            raise Damaged(candidate)
    if path.exists():
        _check_header(path)


def _set_aside_odd_journals(path: Path, tell: Notices, now: Callable[[], datetime]) -> None:
    """Set aside, each alone, the journals of ``path`` that are not files (a
    folder, a FIFO, a link to nothing): they hold nothing of the records,
    which are then opened as they are. Found one by one, each took one of
    the two attempts at opening and was told as the records starting afresh:
    a -wal and a -shm both such left sound records unsaved all session."""
    when = now()
    for journal in (path.with_name(path.name + tail) for tail in _JOURNALS):
        if _odd(journal):
            tell.add(notices.journal_aside(set_aside(journal, "corrupt", when)))


def _odd(path: Path) -> bool:
    """Whether something that is not a regular file is named ``path`` (a
    folder, a FIFO, a device, a link to nothing or to such a thing). A
    regular file, and nothing at all, are not. Another copy of the game
    closing its last connection removes the journals (and its next one
    makes them again) at any instant: looked at twice, "there" then "not a
    regular file", a sound journal was taken for an odd one and set aside,
    with the commits not yet in records.db, or its rename failed and the
    session's records were said to be unsavable. So the name is looked at
    once, and only a link is followed."""
    try:
        found = os.lstat(path)
    except OSError:
        return False                   # nothing there (or nothing to be seen)
    if stat.S_ISREG(found.st_mode):
        return False
    if not stat.S_ISLNK(found.st_mode):
        return True
    try:
        return not stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return True                    # a link to nothing, or a loop of links


def _taken(path: Path) -> bool:
    """Whether anything at all is named ``path`` (False also when the
    directory cannot be searched: nothing can be said of it then)."""
    try:
        path.lstat()
    except OSError:
        return False
    return True


def _check_header(path: Path) -> None:
    """Damaged unless the file at ``path`` is empty or starts as SQLite's files do."""
    with open(path, "rb") as stream:
        header = stream.read(100)
    if header and (len(header) < 100 or not header.startswith(_HEADER)):
        raise Damaged(path)


def _check_content(db: sqlite3.Connection) -> None:
    """Damaged unless ``PRAGMA quick_check`` passes; then Newer when the
    version is above ours (checked second: a garbage header's version means
    nothing). A damaged schema is damage too, also when SQLite's message
    about it quotes the damaged bytes, which Python's sqlite3 decodes as
    UTF-8: a UnicodeDecodeError, which stopped every start with a traceback."""
    try:
        result = db.execute("PRAGMA quick_check").fetchone()
    except UnicodeDecodeError:
        raise Damaged(Path("quick_check")) from None
    if not result or result[0] != "ok":
        raise Damaged(Path("quick_check"))
    if schema.version(db) > schema.SCHEMA_VERSION:
        raise Newer("database")


def _check_writable(db: sqlite3.Connection) -> None:
    """Raise sqlite3.OperationalError if the database takes no writes. SQLite
    opens a file it may not write read-only without a word and says so at
    the first write: a game would be won, ranked and then not kept. A write
    rolled back at once asks now, changing nothing. A file another program
    is writing right now (a tool holding a transaction open) answers "busy"
    at once: it takes writes, and the background writer waits for its turn,
    where waiting out the busy timeout here kept the window from opening for
    30 s and then recorded the whole session in memory only."""
    try:
        with hurried(db):
            db.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as error:
        if _locked(error):
            return
        raise
    try:
        db.execute(f"PRAGMA user_version = {schema.version(db)}")
    finally:
        db.execute("ROLLBACK")


def _damage(error: sqlite3.DatabaseError) -> bool:
    return getattr(error, "sqlite_errorcode", None) in _DAMAGE_CODES \
        or "not a database" in str(error) or "malformed" in str(error)


def _set_aside(path: Path, tell: Notices, now: Callable[[], datetime]) -> None:
    """Rename the damaged database and its journals under one dated name
    (the journals belong to the damaged file, never to the fresh one), the
    journals first (``set_aside_with``); a journal that is not a file goes
    aside alone."""
    tails = _JOURNALS if path.name == NAME else ()
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
    aside = set_aside_with(path, _JOURNALS, "corrupt", now())
    if aside is not None:
        tell.add(notices.damaged(N_("records"), aside))
