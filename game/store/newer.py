"""Records a newer version of the game wrote: never written by this one.

A newer copy may share the data folder (an old executable run beside a new
one). Its records.db is found by a connection that cannot write
(:func:`leave_newer_alone`), shown from memory as far as this version knows
its tables (:func:`copy_known`), and a file a newer copy migrates while
this one runs is refused by every later write (:func:`still_ours`).
"""

from __future__ import annotations

import os
import sqlite3
import stat
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import quote

from . import schema
from .writer import Job
from .writer_thread import SLICE_MS


class Newer(Exception):
    """The file was written by a newer version: leave it alone."""


class BecameNewer(sqlite3.OperationalError):
    """A newer version of the game, started beside this one, migrated the
    records while this copy ran: it writes nothing more to them (a disk's
    kind of failure, so the writer keeps the job rather than drop it)."""


def still_ours(job: Job) -> Job:
    """``job``, refused with :class:`BecameNewer` when the file's version is
    above this copy's: read inside the job's write transaction, so no newer
    copy can migrate the file between the check and the write. Checked at
    the opening only, a copy left running wrote its games into the file a
    newer one had made its own, in the layout it knew."""
    def run(db: sqlite3.Connection) -> object:
        if schema.version(db) > schema.SCHEMA_VERSION:
            raise BecameNewer("records.db")
        return job(db)
    return run


def leave_newer_alone(path: Path, timeout: float, *,
                      until: Callable[[], float] | None = None) -> None:
    """Raise :class:`Newer` when the file at ``path`` is a sound database of
    a newer version, found through a read-only connection (waiting up to
    ``timeout`` seconds for a lock). The connection that opens our own
    files may write, and closing it, the last one on the file, copied the
    journal a killed newer copy had left (``-wal``) into the file and
    deleted it: the newer file "left untouched" was rewritten. Anything
    else (no file, damage) is for the opening that follows. With no journal
    the file is read as immutable, which makes none beside it. With
    ``until`` (``time.monotonic``: a writer closing), the wait is taken in
    slices and ends then too, raising "locked": a file not looked at may
    not be opened."""
    journal = has_journal(path)
    deadline = time.monotonic() + timeout
    while True:
        try:
            newer = _newer(path, journal, timeout if until is None else SLICE_MS / 1000)
            break
        except sqlite3.OperationalError as error:
            if until is None or "locked" not in str(error):
                return
            if time.monotonic() >= until():
                raise
            if time.monotonic() >= deadline:
                return
        except (sqlite3.Error, UnicodeDecodeError):     # damage quoted in its message
            return
    if newer:
        raise Newer("database")


def _newer(path: Path, journal: bool, timeout: float) -> bool:
    """Whether ``path`` is a sound newer version's database (see
    :func:`leave_newer_alone`); the connection's errors raised."""
    probe = sqlite3.connect(f"{uri(path)}?mode=ro{'' if journal else '&immutable=1'}",
                            uri=True, timeout=timeout)
    try:
        return schema.version(probe) > schema.SCHEMA_VERSION \
            and probe.execute("PRAGMA quick_check").fetchone() == ("ok",)
    finally:
        probe.close()


def uri(path: Path) -> str:
    """The ``file:`` URI SQLite opens ``path`` by, from its bytes: a folder
    named in another encoding than UTF-8 (an old system's "caf\\xe9"), which
    Python holds with a lone surrogate, made quoting the text raise
    UnicodeEncodeError, and the game stopped at every start."""
    return f"file:{quote(os.fsencode(path))}"


def has_journal(path: Path) -> bool:
    """Whether the database at ``path`` has a ``-wal`` journal with commits
    in it: a regular file, not empty. Asked with one look, never two: another
    copy closing its last connection this instant removes the journal, and
    a second look at a file gone since the first raised FileNotFoundError,
    which told the player their records could not be saved."""
    try:
        found = os.stat(path.with_name(path.name + "-wal"))
    except OSError:
        return False
    return stat.S_ISREG(found.st_mode) and found.st_size > 0


def copy_known(source: sqlite3.Connection, db: sqlite3.Connection) -> None:
    """Copy into ``db`` (empty, of this version) what this version knows of
    a newer version's records in ``source``: the columns of its tables that
    this version has, every value checked again when read, as always. A
    player back on an older copy then sees their Best Times, statistics and
    history, and a win there is ranked among them; before, a newer file was
    shown empty, and any time at all was "the fastest". When the newer
    layout is beyond this version (a table or column gone, a value its
    tables refuse) the records stay empty, as before: none rather than
    some."""
    db.execute("PRAGMA foreign_keys = OFF")        # tables copied in any order
    try:
        db.execute("BEGIN")
        for table, columns in schema.expected_tables().items():
            # Our own names, unquoted: SQLite reads a double-quoted name
            # that is no column as a string, and a column gone would have
            # been copied as its own name in every row.
            names = ", ".join(columns)
            db.executemany(f"INSERT INTO {table} ({names}) VALUES "
                           f"({', '.join('?' * len(columns))})",
                           source.execute(f"SELECT {names} FROM {table}"))
        db.execute("COMMIT")
    except sqlite3.Error:
        if db.in_transaction:
            db.execute("ROLLBACK")
    finally:
        db.execute("PRAGMA foreign_keys = ON")
