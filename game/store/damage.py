"""Telling records that cannot be used as they are: :class:`Damaged` (set
it aside), and the checks that find it: a database or journal that is not a
regular file, a header that is not SQLite's, ``quick_check`` failing,
another program's database, a file that takes no writes, SQLite's errors
that mean damage.

Kept apart from :mod:`game.store.database`, which decides what becomes of
what these find (set aside, opened as found, copied into memory): the checks
themselves rename nothing and leave the file as they found it. They connect
through :mod:`game.store.connection` as it stands when they run, so that
what changes how the records are connected (its busy timeout, in tests)
changes the checks too.
"""

from __future__ import annotations

import os
import sqlite3
import stat
from collections.abc import Callable
from functools import partial
from pathlib import Path

from game.safe_read import is_regular

from . import connection, schema
from .interlock import never
from .newer import Newer

_HEADER = b"SQLite format 3\x00"
#: The highest file format version (1 rollback journal, 2 WAL) and schema
#: format number SQLite writes in a database's header.
_FILE_FORMAT, _SCHEMA_FORMAT = 2, 4
#: The files SQLite keeps beside a database, which belong to it.
JOURNALS = ("-wal", "-shm", "-journal")
_DAMAGE_CODES = {getattr(sqlite3, "SQLITE_CORRUPT", 11), getattr(sqlite3, "SQLITE_NOTADB", 26)}


class Damaged(Exception):
    """The file is not a sound database of ours: set it aside."""

    def __init__(self, path: Path) -> None:
        super().__init__(path.name)
        self.path = path


def damaged_as_found(path: Path, *, until: Callable[[], float] | None = None) -> bool:
    """Whether the database at ``path`` fails ``quick_check`` or is another
    program's, asked through a connection that cannot write. The connection
    that opens the records writes: closing it, SQLite folded a sound
    ``-wal`` into the damaged file and deleted the journal (one whose header
    it could not read, it deleted outright) before the file was renamed
    aside, which was then neither as found nor with its journal. Asked only
    when a journal is there (without one, that connection changes nothing:
    a start pays one quick_check, not two). False also when the file cannot
    be looked at so (missing, a newer version's, a journal only a writer may
    roll back): the opening that follows says. Another process's lock is
    waited for until ``until()`` when given (``connection.patiently``),
    raising "locked" then."""
    if not is_regular(path) or not any(os.path.lexists(path.with_name(path.name + tail))
                                       for tail in ("-wal", "-journal")):
        return False
    try:
        probe = connection.sliced(connection.read_only(path), until)
    except sqlite3.Error:
        return False
    try:
        connection.patiently(partial(check_content, probe), until=until or never)
        return not schema.ours(probe)
    except Damaged:
        return True
    except sqlite3.DatabaseError as error:
        if until is not None and isinstance(error, sqlite3.OperationalError) \
                and connection.locked(error):
            raise
        return is_damage(error)
    except (Newer, sqlite3.Error):
        return False
    finally:
        probe.close()


def check_names(path: Path) -> None:
    """Damaged unless the database and its journals are regular files (or
    absent) and the database starts as SQLite's files do."""
    for candidate in (path, *(path.with_name(path.name + tail) for tail in JOURNALS)):
        if odd(candidate):
            raise Damaged(candidate)
    if path.exists():
        check_header(path)


def odd(path: Path) -> bool:
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


def taken(path: Path) -> bool:
    """Whether anything at all is named ``path`` (False also when the
    directory cannot be searched: nothing can be said of it then)."""
    try:
        path.lstat()
    except OSError:
        return False
    return True


def check_header(path: Path) -> None:
    """Damaged unless the file at ``path`` is empty or starts as SQLite's
    files do, with file format versions (bytes 18 and 19) and a schema
    format (bytes 44 to 47) SQLite has: a byte flipped there made every
    start fail ("attempt to write a readonly database", "unsupported file
    format"), the file never set aside, the records neither shown nor saved."""
    with open(path, "rb") as stream:
        header = stream.read(100)
    if header and (len(header) < 100 or not header.startswith(_HEADER)
                   or max(header[18], header[19]) > _FILE_FORMAT
                   or int.from_bytes(header[44:48], "big") > _SCHEMA_FORMAT):
        raise Damaged(path)


def check_content(db: sqlite3.Connection) -> None:
    """Damaged unless ``PRAGMA quick_check`` passes; then Newer when the
    version is above ours (checked second: a garbage header's version means
    nothing). A damaged schema is damage too, also when SQLite's message
    about it quotes the damaged bytes, which Python's sqlite3 decodes as
    UTF-8: a UnicodeDecodeError, which stopped every start with a traceback."""
    try:
        result = db.execute("PRAGMA quick_check").fetchone()
    except UnicodeDecodeError:
        raise Damaged(Path("quick_check")) from None
    except sqlite3.OperationalError as error:
        if not schema.lacks(error):
            raise
        if schema.version(db) > schema.SCHEMA_VERSION:
            raise Newer("database") from None
        raise Damaged(Path("quick_check")) from None
    if not result or result[0] != "ok":
        raise Damaged(Path("quick_check"))
    if schema.version(db) > schema.SCHEMA_VERSION:
        raise Newer("database")


def check_writable(db: sqlite3.Connection) -> None:
    """Raise sqlite3.OperationalError if the database takes no writes. SQLite
    opens a file it may not write read-only without a word and says so at
    the first write: a game would be won, ranked and then not kept. A write
    rolled back at once asks now, changing nothing. A file another program
    is writing right now (a tool holding a transaction open) answers "busy"
    at once: it takes writes, and the background writer waits for its turn,
    where waiting out the busy timeout here kept the window from opening for
    30 s and then recorded the whole session in memory only."""
    try:
        with connection.hurried(db):
            db.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as error:
        if connection.locked(error):
            return
        raise
    try:
        db.execute(f"PRAGMA user_version = {schema.version(db)}")
    finally:
        db.execute("ROLLBACK")


def is_damage(error: sqlite3.DatabaseError) -> bool:
    """Whether SQLite's ``error`` says the file is damaged or no database."""
    return getattr(error, "sqlite_errorcode", None) in _DAMAGE_CODES \
        or "not a database" in str(error) or "malformed" in str(error)

