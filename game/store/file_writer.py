"""The settings' writer: what one file is to hold, written by a background
thread, work submitted meanwhile combined into one write, a disk problem
tried again later (see :class:`FileWriter`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar

from .writer_thread import RETRY_S, WriterThread

#: What a :class:`FileWriter` writes (a text, or settings to merge into the file).
Work = TypeVar("Work")


def _newest(older: Work, newer: Work) -> Work:
    return newer


class FileWriter(WriterThread, Generic[Work]):
    """What one file is to hold, written by a background thread with
    ``write``. Work submitted while earlier work waits is ``combine``d with
    it into one write: by default the newer replaces the older (a text
    replaced before it was written is skipped: only the newest settings
    matter). A write that meets a disk problem (OSError: full, read-only)
    keeps its work, combined with any submitted meanwhile, and is tried
    again :data:`RETRY_S` later or at once at a :meth:`flush`, as the
    records' writes are, so a disk that recovers loses no setting; one that
    fails any other way (a text that cannot be encoded) can never succeed
    and is dropped. Either way ``failed`` is told and the thread lives on,
    so :meth:`flush` always returns and later work is still written;
    ``saved`` is told of each write done. Errors of the kinds ``retried``
    (OSError and those added: another copy's lock) are tried again so; the
    work still kept when the writer is closed is left in :attr:`given_up`."""

    def __init__(self, write: Callable[[Work], None], failed: Callable[[Exception], None],
                 saved: Callable[[], None], *, combine: Callable[[Work, Work], Work] = _newest,
                 retry_s: float = RETRY_S,
                 retried: tuple[type[Exception], ...] = (),
                 name: str = "settings-writer") -> None:
        super().__init__()
        self._name = name
        self._write = write
        self._combine = combine
        self._failed = failed
        self._saved = saved
        self._retry_s = retry_s
        self._retried: tuple[type[Exception], ...] = (OSError, *retried)
        self._work: Work | None = None    # what is not yet written
        self._busy = False                # work is being written
        self.given_up: Work | None = None  # kept, still unwritten, when closed

    def submit(self, work: Work) -> None:
        with self._changed:
            self._work = work if self._work is None else self._combine(self._work, work)
            self._changed.notify_all()           # a failing writer tries the newest now
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name=self._name,
                                                daemon=True)
                self._thread.start()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until the work submitted has been written or dropped (True)
        or, while the disk fails, until an attempt begun after this call has
        failed (False), or for ``timeout`` seconds at most."""
        return self._flushed(lambda: self._work is not None or self._busy, timeout)

    def _run(self) -> None:
        while True:
            with self._changed:
                work, self._work = self._work, None
                if work is None or (self._stop and self._failing):
                    if work is not None:
                        self.given_up = work
                    self._thread = None
                    self._changed.notify_all()
                    return
                self._busy = True
                self._begun += 1
                attempt = self._begun
            try:
                self._write(work)
            except self._retried as error:           # the disk, a lock: try again later
                self._attempted(error, attempt, kept=work)
            except Exception as error:               # anything: flush must not wait forever
                self._attempted(error, attempt, kept=None)
            else:
                self._attempted(None, attempt, kept=None)

    def _attempted(self, error: Exception | None, attempt: int, *,
                   kept: Work | None) -> None:
        """Report the end of ``attempt`` and book it; ``kept`` work (combined
        with any submitted meanwhile) is tried again after a wait that a
        flush, newer work or closing cuts short."""
        if error is None:
            self._saved()
        else:
            self._failed(error)
        with self._changed:
            self._busy = False
            self._failing = kept is not None
            self._ended = attempt
            if kept is not None:
                self._work = kept if self._work is None else self._combine(kept, self._work)
            self._changed.notify_all()
            if kept is not None and not self._stop:
                self._changed.wait(self._retry_s)
