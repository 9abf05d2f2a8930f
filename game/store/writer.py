"""Writing without making the window wait: each change is a job run in its
own transaction, on a background thread, in the order it was given.

The window only queues a job (microseconds) and goes on drawing. A job that
meets a disk problem (full, read-only, locked past the busy timeout) is kept
at the head of the queue and tried again a little later, so a disk that
recovers loses nothing; the store is told each time saving stops or resumes.
A job that fails for any other reason (a bug, a value the database refuses)
is dropped alone, and said.

:class:`InlineWriter` runs the same jobs at once on an in-memory database:
the game's records for this session only, when nothing can be saved.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections import deque
from collections.abc import Callable, Hashable
from typing import TypeGuard

from .room import keep_room, made_room
from .writer_thread import RETRY_S, SLICE_MS, WriterThread

Job = Callable[[sqlite3.Connection], object]
Done = Callable[[], None]
#: What a job may replace (``submit(replaces=...)``): a key naming its kind.
Key = Hashable
#: A writer thread with nothing to do for this long ends (and closes its
#: connection); the next job starts another.
IDLE_S = 1.0
#: Errors that drop the one job that met them (anything else of sqlite3's is
#: the disk, and is retried).
_JOB_ERRORS = (sqlite3.IntegrityError, sqlite3.ProgrammingError, sqlite3.InterfaceError,
               ValueError, OverflowError)


def retried(error: BaseException) -> TypeGuard[sqlite3.Error]:
    """Whether a background writer keeps the job that met ``error`` to try
    it again (the disk's errors), rather than drop it (the job's own, a bug
    in it included)."""
    return isinstance(error, sqlite3.Error) and not isinstance(error, _JOB_ERRORS)


def run_in_transaction(db: sqlite3.Connection, job: Job, *,
                       begin: Callable[[sqlite3.Connection], object] | None = None) -> None:
    """Run ``job`` in one write transaction: all of it is kept, or none.
    ``begin`` opens it (by default ``BEGIN IMMEDIATE``, waiting out the
    busy timeout for another process's lock)."""
    if begin is None:
        db.execute("BEGIN IMMEDIATE")
    else:
        begin(db)
    try:
        job(db)
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


class Outcome:
    """What the writer reports back: saving stopped (with the error) or
    resumed; on its thread, that its head job found another process's lock
    held (``waiting``: said at once, then again at each slice of the wait,
    until it ends); and, on the thread that submits, what a job queued in
    the place of another (``submit(replaces=...)``) is to run instead
    (``replaced(old, new)``: by default ``new``)."""

    def __init__(self, failed: Callable[[Exception], None], saved: Callable[[], None],
                 waiting: Callable[[], None] = lambda: None,
                 replaced: Callable[[Job, Job], Job] = lambda old, new: new) -> None:
        self.failed = failed
        self.saved = saved
        self.waiting = waiting
        self.replaced = replaced


class InlineWriter:
    """Jobs run at once on ``db`` (an in-memory database: nothing to wait for)."""

    given_up: tuple[Job, ...] = ()

    def __init__(self, db: sqlite3.Connection, outcome: Outcome) -> None:
        self._db = db
        self._outcome = outcome

    def submit(self, job: Job, done: Done | None = None, *, replaces: Key | None = None) -> None:
        try:
            run_in_transaction(self._db, job)
        except Exception as error:       # the disk, the job's own, a bug: said, never raised
            self._outcome.failed(error)
        if done is not None:
            done()

    @property
    def pending(self) -> int:
        return 0

    @property
    def waiting(self) -> bool:
        """Nothing ever waits for a lock."""
        return False

    def flush(self, timeout: float | None = None) -> bool:
        return True

    def respool(self, keep: Callable[[Job], Job | None]) -> None:
        """Nothing is ever queued: every job ran at once."""

    def begin_close(self) -> None:
        """Nothing waits for a lock."""

    def close(self) -> bool:
        """The connection is the store's reader too; the store closes it."""
        return True


class DeferredWriter:
    """Jobs run at once on the in-memory ``db``, as :class:`InlineWriter`
    runs them, so the session reads them back; and each is queued as well to
    ``later``, a background writer whose connection opens records.db once
    the data folder takes writes (a full disk at the first start, a drive
    not yet mounted), so that every game of the session reaches the file
    then. ``done`` follows the in-memory commit: ranks read that database.
    Once the file holds every job (:meth:`caught_up`), the store may read
    the file instead (:meth:`go_direct`): jobs then go to ``later`` alone."""

    def __init__(self, db: sqlite3.Connection, outcome: Outcome,
                 later: BackgroundWriter) -> None:
        self._inline = InlineWriter(db, outcome)
        self._later = later
        self._direct = False

    def submit(self, job: Job, done: Done | None = None, *, replaces: Key | None = None,
               later: Job | None = None) -> None:
        """Queue ``job``; ``later`` is what the file's writer runs for it,
        if not the same (``spill.once``: skipped if taken in already)."""
        if self._direct:
            self._later.submit(later or job, done, replaces=replaces)
            return
        self._inline.submit(job, done)
        self._later.submit(later or job, replaces=replaces)

    @property
    def direct(self) -> bool:
        """Whether jobs go to the file alone (:meth:`go_direct`)."""
        return self._direct

    def caught_up(self) -> bool:
        """Whether the file holds every job submitted so far (asked without
        waiting)."""
        return self._later.flush(timeout=0)

    def go_direct(self) -> None:
        """From now on, jobs are written to the file only, ``done`` once
        there, and reads wait for them (:attr:`pending`): the store reads the
        file, which another copy writes too, and no longer the in-memory
        database. Called once :meth:`caught_up`, on the thread that submits."""
        self._direct = True

    @property
    def pending(self) -> int:
        """What a read must wait for: nothing while reads go to the in-memory
        database; the file's queue once they go to the file."""
        return self._later.pending if self._direct else 0

    @property
    def waiting(self) -> bool:
        """Whether the file's writer waits for another process's lock."""
        return self._later.waiting

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until the file has every job, or the disk has failed once
        more, or ``timeout`` seconds have passed."""
        return self._later.flush(timeout)

    def respool(self, keep: Callable[[Job], Job | None]) -> None:
        """As :meth:`BackgroundWriter.respool`, for the file's writer."""
        self._later.respool(keep)

    def begin_close(self) -> None:
        self._later.begin_close()

    def close(self) -> bool:
        return self._later.close()

    @property
    def given_up(self) -> tuple[Job, ...]:
        return self._later.given_up


class BackgroundWriter(WriterThread):
    """A thread with its own connection (made by ``connect``) running jobs in
    order, each job's ``done`` called once it is committed (or given up). The
    thread is started by the first job and ends after :data:`IDLE_S` idle, so
    a store left open costs no thread and no file handle."""

    def __init__(self, connect: Callable[[], sqlite3.Connection], outcome: Outcome, *,
                 retry_s: float = RETRY_S,
                 identify: Callable[[], object] = lambda: None) -> None:
        """``identify`` names the file ``connect`` opens as it is now (its
        inode): a connection made to another (the file deleted or replaced
        since) is made again before the next job."""
        super().__init__()
        self._connect = connect
        self._identify = identify
        self._outcome = outcome
        self._retry_s = retry_s
        self._jobs: deque[tuple[Job, Done | None, Key | None]] = deque()
        self._submitted = 0           # jobs ever submitted...
        self._finished = 0            # ...and ever committed, dropped or given up
        #: The jobs the disk still refused as the writer closed, in order.
        self.given_up: tuple[Job, ...] = ()
        #: The head job runs (its transaction begun): :meth:`respool` leaves it.
        self._holding = False
        #: The attempt under way has found another process's lock held
        #: (:meth:`lock_waited`), and has not got it yet.
        self._waiting = False

    @property
    def pending(self) -> int:
        """Jobs not yet committed."""
        with self._changed:
            return len(self._jobs)

    @property
    def waiting(self) -> bool:
        """Whether the attempt under way has found another process's lock
        held (:meth:`lock_waited`) and waits for it still: a job queued now
        waits too (the store keeps it in its journal at once)."""
        return self._waiting

    def lock_waited(self) -> None:
        """The attempt under way found another process's lock held (on the
        writer's thread, each time): said to the store (``Outcome.waiting``),
        which keeps what is queued on disk meanwhile."""
        self._waiting = True
        self._outcome.waiting()

    def submit(self, job: Job, done: Done | None = None, *, replaces: Key | None = None) -> None:
        """Queue ``job``. With ``replaces``, it takes the place (and the
        number, for :meth:`mark`) of the last job queued if that one was
        submitted with the same key and is not the head (which may be under
        way): the newer makes the older pointless, as each game in progress
        kept replaces the one before. On a full disk one was queued every 10
        s of play, all kept in memory until the disk recovered, then all
        written, one transaction each. What takes the place is what the
        store makes of the two (``Outcome.replaced``)."""
        with self._changed:
            if replaces is not None and len(self._jobs) > 1 and self._jobs[-1][2] == replaces:
                old, before, _ = self._jobs[-1]
                self._jobs[-1] = (self._outcome.replaced(old, job), _both(before, done), replaces)
                return
            self._jobs.append((job, done, replaces))
            self._submitted += 1
            self._changed.notify_all()
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="store-writer",
                                                daemon=True)
                self._thread.start()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every job is committed (True) or, while the disk fails,
        until an attempt begun after this call has failed (False), or for
        ``timeout`` seconds at most."""
        return self._flushed(lambda: bool(self._jobs), timeout)

    def respool(self, keep: Callable[[Job], Job | None]) -> None:
        """Put in each queued job's place what ``keep`` makes of it (None:
        left as it is), but the head's while its transaction is under way
        (it holds the write lock, and commits in a moment): the store, as it
        closes, keeps them in its journal and has them taken in once
        (``spill.once``). A job waiting for the lock, or for its connection,
        is not under way: it runs as kept once it gets the lock. Called
        holding nothing of the writer's; ``keep`` runs under its lock, so
        it must be quick (no disk)."""
        with self._changed:
            for index in range(1 if self._holding else 0, len(self._jobs)):
                job, done, key = self._jobs[index]
                kept = keep(job)
                if kept is not None:
                    self._jobs[index] = (kept, done, key)

    def mark(self) -> int:
        """A mark of the jobs submitted so far, for :meth:`reached`."""
        with self._changed:
            return self._submitted

    def reached(self, mark: int, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds until every job submitted before
        ``mark`` was taken is committed (or given up) — what a read must wait
        for to see the player's own writes — or the disk is failing (what is
        on disk is all there is to read then). Unlike :meth:`flush` it never
        waits for jobs submitted later. False when the time ran out."""
        with self._changed:
            return self._changed.wait_for(lambda: self._finished >= mark or self._failing,
                                          timeout)

    def _run(self) -> None:
        db: sqlite3.Connection | None = None
        made_of: object = None
        roomed = False                # the journal emptied since the last attempt
        while True:
            with self._changed:
                if not self._jobs and not self._stop:
                    self._changed.wait(IDLE_S)
                if not self._jobs:
                    self._thread = None
                    break
                done = self._jobs[0][1]        # kept by respool, the job maybe not
                self._holding = False
                self._begun += 1
                attempt = self._begun
            try:
                if db is not None and self._identify() != made_of:
                    # The records were deleted (or the data folder) since this
                    # connection was made: it holds the deleted file, where
                    # the games would be written and lost when it closed.
                    _close(db)
                    db = None
                if db is None:
                    # Which file, asked before connecting: the records deleted
                    # in between showed as "no file" at every later job too,
                    # and the games went on into the deleted one.
                    made_of = self._identify()
                    db = self._connect()
                run_in_transaction(db, self._run_head, begin=self._begin)
            except Exception as error:
                if retried(error):                       # the disk: try again later
                    if not roomed and db is not None and made_room(db, error):
                        roomed = True
                        continue                         # at once, and nobody told
                    roomed = False
                    _close(db)
                    db = None
                    if self._attempted(error, attempt, keep=True):
                        self._give_up()                  # closing: nothing more to do
                        break
                    continue
                # The job's own error (a value the records refuse), or a bug
                # in it: dropped alone and said. A bug let out ended the
                # thread with the job still at the head, and every flush
                # (the window's close) waited for it for ever.
                self._attempted(error, attempt, keep=False)
            else:
                roomed = False
                keep_room(db)
                self._attempted(None, attempt, keep=False)
            if done is not None:
                done()
        _close(db)

    def _run_head(self, db: sqlite3.Connection) -> object:
        """Run the head job, as it is now that its transaction has begun
        (:meth:`respool` may have replaced it while it waited for the lock),
        and hold it there until the attempt ends."""
        with self._changed:
            job = self._jobs[0][0]
            self._holding = True
            self._waiting = False
        return job(db)

    def _begin(self, db: sqlite3.Connection) -> None:
        """``BEGIN EXCLUSIVE``, tried at once, then, while another process
        holds the lock, waiting for it as long as ``db``'s busy timeout
        says, in slices of ``SLICE_MS``, and, once the writer closes, until
        ``_close_by`` at most. Exclusive, not immediate: the same in WAL
        mode, but records.db left in rollback mode by another program
        (``PRAGMA journal_mode = DELETE``) made the COMMIT wait for its
        readers, the whole busy timeout, heeding no close; taken here, that
        wait is sliced as this one is. The lock found held is told at once,
        and at each slice after (:meth:`lock_waited`): told only past 0.1 s
        of waiting, the games queued were in memory alone until then, and
        a kill lost them. Tried at once first, a lock that is free (the
        rule) costs nothing more, and keeps no journal."""
        patience = int(db.execute("PRAGMA busy_timeout").fetchone()[0])
        deadline = time.monotonic() + patience / 1000
        db.execute("PRAGMA busy_timeout = 0")
        try:
            while True:
                try:
                    db.execute("BEGIN EXCLUSIVE")
                    return
                except sqlite3.OperationalError as error:
                    if not _busy(error) or time.monotonic() >= min(deadline, self._close_by):
                        raise
                    self.lock_waited()
                    db.execute(f"PRAGMA busy_timeout = {min(patience, SLICE_MS)}")
        finally:
            db.execute(f"PRAGMA busy_timeout = {patience}")

    def _attempted(self, error: Exception | None, attempt: int, *, keep: bool) -> bool:
        """Book the end of ``attempt`` at the head job, report it, and wait
        before retrying a kept one. True when the writer is closing and a
        failed job must be given up."""
        if error is not None:
            self._outcome.failed(error)
        with self._changed:
            self._holding = self._waiting = False
            if not keep:
                self._jobs.popleft()
                self._finished += 1
            was_failing, self._failing = self._failing, keep
            if keep and self._closing:
                self._failed_closing()
            self._ended = attempt
            self._changed.notify_all()
            if keep and not self._stop:
                self._changed.wait(self._retry_s)
            closing = keep and self._stop
        if error is None and was_failing:
            self._outcome.saved()
        return closing

    def _give_up(self) -> None:
        with self._changed:
            given_up, self._jobs = list(self._jobs), deque()
            self._finished += len(given_up)
            self.given_up += tuple(job for job, _, _ in given_up)
            self._thread = None
            self._changed.notify_all()
        for _, done, _ in given_up:
            if done is not None:
                done()


def _busy(error: sqlite3.OperationalError) -> bool:
    """Whether ``error`` is another process holding the records' lock
    (``connection.locked``, which imports this module, asks the same)."""
    return getattr(error, "sqlite_errorcode", 0) & 0xFF in (sqlite3.SQLITE_BUSY,
                                                           sqlite3.SQLITE_LOCKED)


def _both(first: Done | None, then: Done | None) -> Done | None:
    """Both callbacks, in turn (either may be None)."""
    if first is None or then is None:
        return first or then
    return lambda: (first(), then())[-1]


def _close(db: sqlite3.Connection | None) -> None:
    if db is not None:
        try:
            db.close()
        except sqlite3.Error:
            pass

