"""How the store reads its records: on the caller's thread once the writes
queued before are in (read your writes), through the file records.db is
now, or by a reader for the records dialogs; a read that fails is told to
the player once.

The half of :class:`~game.store.store.Store` that reads, kept apart as
:mod:`game.store.opening` is.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import TypeVar

from . import connection, database, notices
from .notices import Notices
from .reader import Reader, SyncReader, ThreadReader
from .writer import BackgroundWriter, DeferredWriter, InlineWriter

#: The longest a read on the window's thread waits for the games queued
#: before it, in a session begun on a copy of the records in memory.
READ_WAIT_S = 0.5

#: What a read answers (its query's result, or the fallback given with it).
Result = TypeVar("Result")


class Reading:
    """How a store reads its records. It reads and sets the store's own
    attributes, declared here; :meth:`_start_reading` sets its own once the
    records are open."""

    directory: Path
    persistent: bool                     # the records are in a file, not in memory
    _notices: Notices
    _db: sqlite3.Connection              # the connection this thread reads through
    _writer: InlineWriter | DeferredWriter | BackgroundWriter
    _records_file: Callable[[], tuple[int, int] | None]

    def _start_reading(self) -> None:
        """The reading's own state, once the records are open."""
        self._lock = threading.Lock()             # guards _unreadable
        # Which records.db the main connection reads (``_reading``), while it reads a file
        self._follows_file = self.persistent
        self._db_file = self._records_file() if self.persistent else None
        self._readers: list[Reader] = []
        self._unreadable: set[str] = set()        # read failures told to the player

    def reader(self, *, background: bool = True) -> Reader:
        """A reader of the records for the window's dialogs: on a thread of
        its own when ``background`` and the records are in a file, else on
        the caller's thread when the answers are taken (headless tests; a
        store kept in memory). :meth:`close` closes it."""
        reader: Reader
        if background and isinstance(self._writer, BackgroundWriter):
            path = self.directory / database.NAME
            reader = ThreadReader(lambda: connection.connect_reader(path), self._writer,
                                  self._read_failed, identify=self._records_file)
        else:
            reader = SyncReader(self._read)
        self._readers.append(reader)
        return reader

    def _read(self, query: Callable[[sqlite3.Connection], Result], fallback: Result) -> Result:
        """``query`` on the database once every queued write is in (read your
        writes); ``fallback`` when the database cannot be read. A session
        begun on a copy in memory reads the file on the window's thread
        (its reader was chosen then): it waits :data:`READ_WAIT_S` at most,
        then reads what the file holds (another program holding it open for
        writing kept the window from answering for the busy timeout, twice)."""
        if self._writer.pending:
            self._writer.flush(READ_WAIT_S if isinstance(self._writer, DeferredWriter) else None)
        try:
            return query(self._reading())
        except sqlite3.Error as error:
            self._read_failed(error)
            return fallback

    def _reading(self) -> sqlite3.Connection:
        """The connection this thread reads through (a win's place in the
        Best Times, a tool's reads, a headless window's dialogs): the one
        made at the start, while records.db is still that file. The records
        deleted since (the player starting afresh while the game ran,
        another copy perhaps making them again), it went on reading the
        deleted file: a win that led the fresh Best Times was ranked among
        the deleted times, and no name was asked for it. It then reads the
        file there now, as the writer and the reader thread do, or nothing
        while there is none (the next write makes it). A session that began
        on a copy in memory (another copy held the records' lock, the folder
        took no writes) reads the file once it is open and holds every game
        queued: it showed its own copy to its end, without other copies'
        games, and ranked a win among it. A read through a connection made
        here waits :data:`READ_WAIT_S` at most for another program's lock:
        with no connection of this copy on it, a program can put records.db
        back in rollback mode and hold the exclusive lock, and a win's place,
        read as the game ends, kept the window waiting the busy timeout."""
        if not self._follows_file and self.persistent \
                and isinstance(self._writer, DeferredWriter) and self._writer.caught_up():
            self._writer.go_direct()
            self._follows_file = True          # the file opened below, the copy closed
        if self._follows_file:
            found = self._records_file()
            if found != self._db_file:
                with suppress(sqlite3.Error):
                    self._db.close()
                self._db, self._db_file = sqlite3.connect(":memory:", check_same_thread=False), None
                if found is not None:
                    with suppress(sqlite3.Error):
                        self._db = connection.connect_reader(self.directory / database.NAME,
                                                             wait_s=READ_WAIT_S)
                        self._db_file = found
        return self._db

    def _read_failed(self, error: sqlite3.Error) -> None:
        """The records could not be read: the player is told, once (a dialog
        reads several things, each failing the same way). Records deleted
        while the game ran (or their folder) are not damage: there is
        nothing to read until the next write makes them again."""
        if _absent(self.directory / database.NAME):
            return
        message = notices.read_failed(self.directory / database.NAME, error)
        with self._lock:
            said = str(message)
            told, self._unreadable = said in self._unreadable, self._unreadable | {said}
        if not told:
            self._notices.add(message)


def _absent(path: Path) -> bool:
    """True when ``path`` is gone, or empty as SQLite leaves a file that a
    reader's connection made where a deleted one was."""
    try:
        return path.stat().st_size == 0
    except FileNotFoundError:
        return True
    except OSError:
        return False
