"""Room on the records' disk: the ``-wal`` journal kept from taking it.

SQLite appends each commit to the journal and folds the journal into
records.db only at a checkpoint (``connection.CHECKPOINT_PAGES``). On a disk
with little room left, the journal and its ``-shm`` index took all of it
before the checkpoint came, and then none could run: records.db must grow
to take the journal's pages, into the room the journal holds. Every write
failed from then on, though the records themselves fitted, until the player
made room; what the copies of the game had queued by the time they closed
was lost. So while the disk is cramped the journal is folded and emptied
after every commit, and a write that finds the disk full folds it at once.
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

#: Below this much free room on the records' disk, the journal is emptied
#: after every commit: twice the largest replay, so that a commit never
#: fills the disk with a journal that still holds an earlier commit.
CRAMPED_BYTES = 8 * 1024 * 1024


def keep_room(db: sqlite3.Connection) -> None:
    """After a commit: fold the journal into records.db and empty it when
    the disk is cramped (a look at the free room costs microseconds; a
    fold, an fsync). A fold that fails (another program reading, the disk
    full) is only tried again after the next commit: this one is kept."""
    try:
        found = {name: file for _, name, file in db.execute("PRAGMA database_list")}
        if found.get("main") and free_bytes(Path(found["main"]).parent) < CRAMPED_BYTES:
            _fold(db)
    except (sqlite3.Error, OSError):
        pass


def free_bytes(folder: Path) -> int:
    """The room left on ``folder``'s disk for this user."""
    return shutil.disk_usage(folder).free


def made_room(db: sqlite3.Connection, error: sqlite3.Error) -> bool:
    """After a write that found the disk full (or over the file size limit),
    fold the ``-wal`` journal into the records and empty it; whether that
    was done. SQLite does so by itself only once the journal reaches 4 MB:
    on a disk or a quota with less room than that the journal grew into all
    of it, and every write failed until the game closed (its games lost),
    although the records themselves fitted."""
    if getattr(error, "sqlite_errorcode", 0) & 0xFF not in (sqlite3.SQLITE_FULL,
                                                            sqlite3.SQLITE_IOERR):
        return False                     # busy, or damaged: no room to make
    try:
        return _fold(db)
    except sqlite3.Error:
        return False


def _fold(db: sqlite3.Connection) -> bool:
    """Fold the journal into records.db and empty it, not waiting for
    readers: another copy of the game (or a database browser) reading the
    records held the checkpoint for the whole busy timeout, 30 s in which
    the player was not told that saving had stopped, and the game hung
    that long as it closed. Whether it was done."""
    patience = db.execute("PRAGMA busy_timeout").fetchone()[0]
    db.execute("PRAGMA busy_timeout = 0")
    try:
        busy = db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0]
    finally:
        db.execute(f"PRAGMA busy_timeout = {int(patience)}")
    return bool(busy == 0)
