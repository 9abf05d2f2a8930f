"""Connections to the records database, each made one way: autocommit
(transactions are explicit), WAL journal, busy timeout, durable commits,
text read leniently; one that only reads, one that cannot write, one in
memory; and waiting out another process's lock where SQLite will not.
Made in this one place so that every connection the store opens (the
writer's, the records dialogs' reader's, the opening's probes) reads a
damaged text and waits for another copy alike.

How the file is opened, checked and repaired is in :mod:`game.store.database`.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import TypeVar

from . import schema
from .interlock import never
from .newer import uri
from .writer import run_in_transaction
from .writer_thread import SLICE_MS

BUSY_TIMEOUT_S = 30.0
_LOCK_CODES = {getattr(sqlite3, "SQLITE_BUSY", 5), getattr(sqlite3, "SQLITE_LOCKED", 6)}
T = TypeVar("T")


def connect(path: Path, *, until: Callable[[], float] = never,
            waited: Callable[[], object] = lambda: None) -> sqlite3.Connection:
    """A connection in autocommit mode (transactions are explicit), WAL
    journal, busy timeout, durable commits. A file gone since the opening
    (the player deleted it, or the whole data folder, to start afresh while
    the game ran) is made again by SQLite empty: it is given the tables, so
    the games that follow go into it instead of failing for ever on a
    missing table. Each step waits for another process's lock up to the
    busy timeout, or until ``until()`` (``time.monotonic``: the writer
    closing), in slices of ``SLICE_MS``: switching to WAL, reading the
    schema and migrating each waited the whole busy timeout, 30 s (a minute
    in all, another program holding records.db in rollback mode), after
    the window had gone. ``waited`` is called each time a step finds the
    lock held (the writer then keeps its queue in the copy's journal: it
    did so only once connected, as its transaction began, and a kill while
    it connected lost the games queued)."""
    db = raw(path)
    try:
        db.execute(f"PRAGMA busy_timeout = {SLICE_MS}")
        configured(db, until=until, waited=waited)
        if patiently(lambda: schema.version(db) == 0 and schema.ours(db), until=until,
                     waited=waited):
            patiently(partial(run_in_transaction, db, schema.migrate), until=until,
                      waited=waited)
        db.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
    except BaseException:
        db.close()
        raise
    return db


def connect_reader(path: Path, *, wait_s: float | None = None) -> sqlite3.Connection:
    """A connection that only reads (the records dialogs' reader thread, the
    window's reads): the file is already in WAL mode, so it never blocks the
    writer. ``wait_s``: how long a read waits for another process's lock
    (by default the busy timeout)."""
    db = raw(path)
    try:
        db.execute("PRAGMA query_only = ON")
        if wait_s is not None:
            db.execute(f"PRAGMA busy_timeout = {max(0, int(wait_s * 1000))}")
    except sqlite3.Error:
        db.close()
        raise
    return db


def raw(path: Path) -> sqlite3.Connection:
    """A connection to ``path`` with the busy timeout, not yet configured
    (the opening checks the file before anything is written to it)."""
    return lenient(sqlite3.connect(path, timeout=BUSY_TIMEOUT_S, isolation_level=None,
                                   check_same_thread=False))


def sliced(db: sqlite3.Connection, until: Callable[[], float] | None) -> sqlite3.Connection:
    """``db``, its own waits for another process's lock cut to ``SLICE_MS``
    when the wait has an end (``until``: the start's short wait, a writer
    closing), so that :func:`patiently` heeds that end between two: SQLite's
    busy timeout, 30 s, heeds nothing. Left as it is without one."""
    if until is not None:
        db.execute(f"PRAGMA busy_timeout = {SLICE_MS}")
    return db


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


def configured(db: sqlite3.Connection, *, until: Callable[[], float] = never,
               waited: Callable[[], object] = lambda: None) -> sqlite3.Connection:
    """``db`` in WAL mode, durable commits, frequent checkpoints, foreign
    keys; closed when it cannot be made so (``until``, ``waited``: as for
    ``patiently``)."""
    try:
        patiently(lambda: db.execute("PRAGMA journal_mode = WAL"), until=until, waited=waited)
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


def read_only(path: Path) -> sqlite3.Connection:
    """A connection to ``path`` that cannot write: closing it never folds or
    deletes a journal (another copy's, or a damaged file's still to be set
    aside with it)."""
    return lenient(sqlite3.connect(f"{uri(path)}?mode=ro", uri=True, timeout=BUSY_TIMEOUT_S))


def patiently(step: Callable[[], T], *, until: Callable[[], float] = never,
              waited: Callable[[], object] = lambda: None) -> T:
    """Run ``step`` and give back what it does, again and again while
    another process holds the lock it needs: switching to WAL (and a
    database another copy of the game is creating this instant) answers
    "locked" at once instead of waiting out the busy timeout. No later than
    the busy timeout from now, nor ``until()`` (``time.monotonic``);
    ``waited()`` each time the lock is found held, before the wait."""
    deadline = time.monotonic() + BUSY_TIMEOUT_S
    pause = 0.005
    while True:
        try:
            return step()
        except sqlite3.OperationalError as error:
            if not locked(error) or time.monotonic() > min(deadline, until()):
                raise
        waited()
        time.sleep(pause)
        pause = min(pause * 2, 0.1)


@contextmanager
def hurried(db: sqlite3.Connection, wait_s: float = 0.0) -> Iterator[None]:
    """``db`` answers "busy" at once (or after ``wait_s``) instead of
    waiting out the busy timeout for another process's transaction, for a
    step that may as well be skipped, or done later."""
    db.execute(f"PRAGMA busy_timeout = {max(0, int(wait_s * 1000))}")
    try:
        yield
    finally:
        db.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")


def locked(error: sqlite3.OperationalError) -> bool:
    """Whether ``error`` is another process holding the lock."""
    return getattr(error, "sqlite_errorcode", None) in _LOCK_CODES \
        or "locked" in str(error) or "busy" in str(error)

