"""A worker's pipe, written and read by threads, so the window never waits on it.

A send returns only once the pipe's buffer holds what is left of it (about
200 kB between processes on Linux, 8 kB on macOS): with the records kept in
memory (a data folder that cannot be written), attract mode hands the
replay loader's process the replay's text itself, up to 4 MB, and the send
held the window until the process had read it: a quarter of a second while
the process started, and for ever when it was stopped (SIGSTOP, a debugger),
for the watchdog that kills a hung process (``worker.HANG_SECONDS``) runs on
the window's thread, which was stuck in the send: a kiosk frozen. Reading
is the same the other way: an answer of megabytes (a replay, pickled) comes
a buffer at a time, and the window, reading it once its first bytes had
come, waited for the rest for ever when the process was stopped midway.

So the window pickles each message (a job that cannot be pickled is still
its error, raised at once) and a thread writes it; another thread reads the
answers whole and keeps them until the window takes them. Killing the
process ends a write or a read under way; the last of the two threads to
finish then closes the pipe, which no other thread closes while one of them
may still be using it.
"""

from __future__ import annotations

import errno
import pickle
import queue
import threading
from collections import deque
from multiprocessing.connection import Connection


class Courier:
    """Carries messages down ``conn`` and back, on two threads of its own,
    until ``close`` and the end of the process at the other end; ``conn``
    is then closed by the last thread out. The other end reads each
    message with ``Connection.recv`` and answers with ``Connection.send``.
    OSError when a thread cannot be started (``conn`` is then closed)."""

    def __init__(self, conn: Connection) -> None:
        self._conn = conn
        self._outbox: queue.SimpleQueue[bytes | None] = queue.SimpleQueue()
        self._inbox: deque[object] = deque()
        self._arrived = threading.Event()          # something is in the inbox, or the pipe broke
        #: The pipe broke: a send failed, or the other end closed (its process is gone).
        self.failed = False
        self._running = 2
        self._lock = threading.Lock()
        started = 0
        try:
            for target, name in ((self._send_all, "minesweeper-courier-out"),
                                 (self._receive_all, "minesweeper-courier-in")):
                threading.Thread(target=target, name=name, daemon=True).start()
                started += 1
        except RuntimeError as e:
            self._not_started(2 - started)
            raise OSError(errno.EAGAIN, str(e)) from None

    def _not_started(self, missing: int) -> None:
        """Some thread could not be started (the user's process limit
        counts threads too): the writer, if it runs, is let go, and the last
        thread out, or this, closes the pipe. The caller is told with an
        OSError, as when the process could not be started."""
        with self._lock:
            self._running -= missing
            last = self._running == 0
        self._outbox.put(None)
        if last:
            self._conn.close()

    def send(self, message: object) -> None:
        """Queue ``message``; returns at once."""
        self._outbox.put(pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL))

    def take(self) -> object | None:
        """The next message received whole, if one has (never waits)."""
        try:
            return self._inbox.popleft()
        except IndexError:
            return None

    def peek(self) -> object | None:
        """The next message received whole, left there to take (never waits)."""
        try:
            return self._inbox[0]
        except IndexError:
            return None

    def wait(self, timeout: float) -> bool:
        """Wait until a message is there to take or the pipe broke
        (benchmarks and tests only)."""
        if self._inbox or self.failed:
            return True
        self._arrived.clear()
        if self._inbox or self.failed:
            return True
        return self._arrived.wait(timeout)

    def close(self) -> None:
        """Nothing more to send. The pipe is closed once a send under way
        has ended and the other end has closed (the caller kills the
        process there first, which ends both)."""
        self._outbox.put(None)

    def _send_all(self) -> None:
        while (data := self._outbox.get()) is not None:
            if self.failed:
                continue
            try:
                self._conn.send_bytes(data)
            except OSError:             # BrokenPipeError included
                self._broke()
        self._finished()

    def _receive_all(self) -> None:
        while True:
            try:
                message = self._conn.recv()
            except Exception:           # EOF or OSError: the process is gone; else
                break                   # bytes that unpickle to nothing, as useless
            self._inbox.append(message)
            self._arrived.set()
        self._broke()
        self._finished()

    def _broke(self) -> None:
        self.failed = True
        self._arrived.set()

    def _finished(self) -> None:
        """One thread done; the last one closes the pipe."""
        with self._lock:
            self._running -= 1
            last = self._running == 0
        if last:
            self._conn.close()
