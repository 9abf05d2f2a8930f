"""Reading records without making the window wait (issue 17).

A dialog opens a :class:`Reads` channel, asks its questions (``questions.py``)
under keys of its own, and picks the answers up once per tick with
:meth:`Reads.take`; closing the channel (the dialog closed) drops what it
asked and throws away answers that arrive later.

:class:`ThreadReader` answers on a thread of its own with its own sqlite3
connection. A thread, not the solver's worker process: sqlite3 releases the
GIL while a query runs, so the window keeps drawing, and the answers (lists
of records) need no pickling. Not the store's writer thread either: a read
queued there would wait for every write queued after it too (each an
fsync), would take the write lock (``BEGIN IMMEDIATE``), and a failed read
would be retried like a write on a full disk. Reads still see the player's
own writes: each question carries the writer's mark when it was asked
(``BackgroundWriter.mark``), and the reader waits until those writes are
committed (``reached``) — on its own thread, so the window never waits for
an fsync. The database is in WAL mode: reading never blocks the writer.

:class:`SyncReader` runs the questions on the UI thread when the answers are
taken (the next tick): headless tests stay deterministic, and a store kept
in memory (nothing can be saved) has no file a second connection could open
and no disk to wait for.
"""

from __future__ import annotations

import sqlite3
import threading
from collections import deque
from collections.abc import Callable, Hashable
from typing import Any, Protocol

from .questions import Question
from .writer import BackgroundWriter

#: A reader thread with nothing to do for this long ends (and closes its
#: connection); the next question starts another.
IDLE_S = 1.0
#: How often a reader waiting for the writer looks whether it was closed.
CHECK_S = 0.25

Answer = tuple[Hashable, Any]      # (the asker's key, the answer)


class Reader(Protocol):
    """Whoever runs the questions of the store's readers."""

    def channel(self) -> Reads: ...

    def wait(self, timeout: float) -> bool: ...

    def close(self) -> None: ...


class Reads:
    """One asker's questions and answers (a dialog's)."""

    def __init__(self, reader: _Base) -> None:
        self._reader = reader
        self._answers: list[Answer] = []
        self.closed = False

    def ask(self, key: Hashable, question: Question) -> None:
        """Ask ``question``; its answer comes back from :meth:`take` under ``key``."""
        if not self.closed:
            self._reader.ask(self, key, question)

    def take(self) -> list[Answer]:
        """The answers that arrived, oldest first (never waits for the disk
        in the background mode)."""
        self._reader.run_due()
        with self._reader.changed:
            answers, self._answers = self._answers, []
        return answers

    def close(self) -> None:
        """Forget this channel: pending questions dropped, late answers ignored."""
        with self._reader.changed:
            self.closed = True
            self._answers.clear()

    def deliver(self, key: Hashable, value: Any) -> None:
        """An answer arrived (the caller holds the reader's lock)."""
        if not self.closed:
            self._answers.append((key, value))


Pending = tuple[Reads, Hashable, Question, int]     # channel, key, question, writer mark (0: sync)


class _Base:
    """The channels' shared queue and lock."""

    def __init__(self) -> None:
        self.changed = threading.Condition()
        self._queue: deque[Pending] = deque()

    def channel(self) -> Reads:
        return Reads(self)

    def ask(self, reads: Reads, key: Hashable, question: Question) -> None:
        raise NotImplementedError

    def run_due(self) -> None:
        """Run what is queued now (the synchronous mode); nothing otherwise."""


class SyncReader(_Base):
    """Questions run on the caller's thread when answers are taken, through
    ``read(query, fallback)`` (the store's: it flushes pending writes first,
    and records a notice when the database cannot be read)."""

    def __init__(self, read: Callable[[Callable[[sqlite3.Connection], Any], Any], Any]) -> None:
        super().__init__()
        self._read = read

    def ask(self, reads: Reads, key: Hashable, question: Question) -> None:
        with self.changed:
            self._queue.append((reads, key, question, 0))

    def run_due(self) -> None:
        while True:
            with self.changed:
                if not self._queue:
                    return
                reads, key, question, _mark = self._queue.popleft()
            if reads.closed:
                continue
            value = self._read(question.query, question.fallback)
            with self.changed:
                reads.deliver(key, value)

    def wait(self, timeout: float) -> bool:
        """Nothing runs in the background: the answers come with ``take``."""
        return True

    def close(self) -> None:
        with self.changed:
            self._queue.clear()


class ThreadReader(_Base):
    """Questions run in order on a thread with its own connection (made by
    ``connect``), each once ``writer`` has committed the writes queued before
    it was asked. ``failed`` hears of a database that cannot be read (the
    store's notice); the asker then gets the question's fallback."""

    def __init__(self, connect: Callable[[], sqlite3.Connection], writer: BackgroundWriter,
                 failed: Callable[[sqlite3.Error], None], *,
                 identify: Callable[[], object] = lambda: None) -> None:
        """``identify`` names the file ``connect`` opens as it is now, as
        for the writer: a connection to a file deleted since is made again."""
        super().__init__()
        self._connect = connect
        self._identify = identify
        self._writer = writer
        self._failed = failed
        self._thread: threading.Thread | None = None
        self._db: sqlite3.Connection | None = None      # the running thread's, to interrupt
        self._stop = False
        self._outstanding = 0        # questions asked and neither answered nor dropped

    def ask(self, reads: Reads, key: Hashable, question: Question) -> None:
        with self.changed:
            if self._stop:
                return
            self._queue.append((reads, key, question, self._writer.mark()))
            self._outstanding += 1
            self.changed.notify_all()
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="store-reader",
                                                daemon=True)
                self._thread.start()

    def wait(self, timeout: float) -> bool:
        """Block until every question asked so far is answered or dropped
        (tests and benchmarks only: the window polls with ``take``). False
        after ``timeout``."""
        with self.changed:
            return self.changed.wait_for(lambda: self._outstanding == 0, timeout)

    def close(self) -> None:
        """Drop every question at once; a query under way is interrupted."""
        with self.changed:
            self._stop = True
            self._dropped(len(self._queue))
            self._queue.clear()
            thread, db = self._thread, self._db
        if db is not None:
            db.interrupt()
        if thread is not None:
            thread.join(timeout=5)

    def _dropped(self, count: int) -> None:
        """``count`` questions are done with (the caller holds the lock)."""
        self._outstanding -= count
        self.changed.notify_all()

    def _next(self) -> Pending | None:
        """The next question still wanted; None when idle too long or closing."""
        with self.changed:
            while not self._stop:
                while self._queue and self._queue[0][0].closed:
                    self._queue.popleft()
                    self._dropped(1)
                if self._queue:
                    return self._queue.popleft()
                if not self.changed.wait(IDLE_S) and not self._queue:
                    break
            self._thread = None
            return None

    def _run(self) -> None:
        db: sqlite3.Connection | None = None
        made_of: object = None
        try:
            while (pending := self._next()) is not None:
                reads, key, question, mark = pending
                while not (self._writer.reached(mark, CHECK_S) or self._stop or reads.closed):
                    continue                              # read your writes
                if not (self._stop or reads.closed):
                    if db is not None and self._identify() != made_of:
                        # The records were deleted since: this connection
                        # still read the deleted file, not the games since.
                        self._forget(db)
                        db = None
                    if db is None:
                        db = self._open()
                        made_of = self._identify()
                    value = self._answer(db, question)
                    with self.changed:
                        reads.deliver(key, value)
                with self.changed:
                    self._dropped(1)
        finally:
            with self.changed:
                if self._db is db:
                    self._db = None
            if db is not None:
                db.close()

    def _forget(self, db: sqlite3.Connection) -> None:
        with self.changed:
            if self._db is db:
                self._db = None
        db.close()

    def _open(self) -> sqlite3.Connection | None:
        """This thread's connection (None when the database cannot be opened)."""
        try:
            db = self._connect()
        except sqlite3.Error as error:
            self._failed(error)
            return None
        with self.changed:
            self._db = db
        return db

    def _answer(self, db: sqlite3.Connection | None, question: Question) -> Any:
        if db is None:
            return question.fallback
        try:
            return question.query(db)
        except sqlite3.Error as error:
            if not self._stop:                  # an interrupted query is no damage
                self._failed(error)
            return question.fallback
