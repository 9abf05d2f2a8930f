"""What both background writers share (the records' :class:`~game.store.writer.BackgroundWriter`
and the settings' :class:`~game.store.file_writer.FileWriter`): a thread started
by the first work and ended by ``close``, the condition that guards their state,
and the attempts numbered that a flush waits on, so a flush on a failing disk
returns once an attempt begun after it has failed.
"""

from __future__ import annotations

import math
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable

#: After a failed attempt, the next one comes this much later (or at a flush).
RETRY_S = 2.0
#: Closing, a writer waits no longer than this for another process's lock
#: on its file (its last try, begun then, or one under way): the records'
#: busy timeout, 30 s, kept the process alive that long after the window
#: went, and an attempt under way as well, a minute in all.
CLOSE_TRY_S = 0.5
#: Closing, a writer waits no longer than this for another process's lock
#: in all, whether or not an attempt has failed yet: the window is gone,
#: and a close begun during the first attempt waited that attempt out (the
#: busy timeout, 30 s). What is still unwritten then is kept for the next
#: start (``leftover``, or the copy's journal, ``spill``).
CLOSE_S = 0.8
#: Every wait for another process's lock that a close may cut short is
#: taken in slices this long (ms): SQLite's own wait heeds nothing, not
#: even ``interrupt``, until its end, so a close is heeded between two.
SLICE_MS = 50


class WriterThread(ABC):
    """What both background writers share: the condition that guards their
    state, a thread started by the first work that ``close`` ends, and the
    attempts numbered that a flush waits on."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._stop = False
        self._thread: threading.Thread | None = None
        self._failing = False         # the last attempt failed (the disk)
        self._begun = 0               # attempts begun, numbered in turn...
        self._ended = 0               # ...and the number of the last one ended
        #: Closing, waits for a lock end by then (``time.monotonic``).
        self._close_by = math.inf
        self._closing = False         # close() called: a failure now cuts waits short

    @abstractmethod
    def flush(self, timeout: float | None = None) -> bool:
        """Wait until what was submitted is written, or the disk has failed
        once more, or ``timeout`` seconds have passed."""

    def _flushed(self, pending: Callable[[], bool], timeout: float | None = None) -> bool:
        """Wait until nothing is ``pending`` (True) or, while the disk fails,
        until an attempt begun after this call has failed (False), or for
        ``timeout`` seconds at most (False if still pending). An attempt
        already under way when room came back and the game closed failed for
        a disk full before: counted, it ended the flush, and what it held was
        given up though the next attempt would have saved it."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._changed:
            target = self._begun + 1
            while pending() and not (self._failing and self._ended >= target):
                left = 0.5 if deadline is None else min(0.5, deadline - time.monotonic())
                if left <= 0:
                    break
                self._changed.notify_all()       # a failing writer tries again now
                self._changed.wait(left)
            return not pending()

    def close_by(self) -> float:
        """When a wait for another process's lock ends, the writer closing
        (``time.monotonic``; infinity until then): the writer's connection,
        its opening of the records, and its settings lock heed it too."""
        return self._close_by

    def _failed_closing(self) -> None:
        """Cut the waits for a lock short from now on (``_close_by``), the
        writer closing and its disk failing; called holding ``_changed``.
        An attempt under way as the close began, failing only then, left
        the last try to wait out the busy timeout once more: a minute in
        all after the window had gone."""
        self._close_by = min(self._close_by, time.monotonic() + CLOSE_TRY_S)

    def begin_close(self) -> None:
        """From now on, waits for a lock end as :meth:`close` says (called
        again by it, the first call's deadline kept): the store calls it as
        its close begins, for both writers at once, so that the time it
        takes before a writer's own close (keeping what is queued,
        ``Saving._spill_queued``; the other writer's close) counts in
        :data:`CLOSE_S`: one close budget, not one each."""
        with self._changed:
            self._closing = True
            self._close_by = min(self._close_by, time.monotonic() + CLOSE_S)
            if self._failing:
                self._failed_closing()

    def close(self) -> bool:
        """Flush, then end the thread, giving up what the disk still refuses
        (the failure was told); False when something was given up. While
        the disk fails already (another process held the lock through a
        whole attempt), a wait for that lock ends :data:`CLOSE_TRY_S` from
        now (the attempt under way's too), where the writer heeds
        ``_close_by``: the process ends promptly, what it could not write
        kept for the next start; so it does from the moment an attempt
        under way as the close began fails (:meth:`_failed_closing`); and
        whatever happened before, :data:`CLOSE_S` from now at most."""
        self.begin_close()
        saved = self.flush()
        with self._changed:
            self._stop = True
            self._changed.notify_all()
            thread = self._thread
        if thread is not None:
            thread.join(timeout=10)
        return saved
