"""A worker's jobs sent down its pipe by a thread, so the window never waits on a send.

A send returns only once the pipe's buffer holds what is left of it (about
200 kB between processes on Linux, 8 kB on macOS): with the records kept in
memory (a data folder that cannot be written), attract mode hands the
replay loader's process the replay's text itself, up to 4 MB, and the send
held the window until the process had read it: a quarter of a second while
the process started, and for ever when it was stopped (SIGSTOP, a debugger),
for the watchdog that kills a hung process (``worker.HANG_SECONDS``) runs on
the window's thread, which was stuck in the send: a kiosk frozen. Here the
window pickles the message (a job that cannot be pickled is still its
error, raised at once) and a thread writes it; killing the process ends a
write under way, and the thread then closes the connection, which no other
thread closes while a write may still be using it.
"""

from __future__ import annotations

import pickle
import queue
import threading
from multiprocessing.connection import Connection


class Courier:
    """Sends messages down ``conn`` in order, on a thread of its own, until
    ``close``; ``conn`` is then closed by that thread. The receiving end
    reads each with ``Connection.recv``."""

    def __init__(self, conn: Connection) -> None:
        self._conn = conn
        self._queue: queue.SimpleQueue[bytes | None] = queue.SimpleQueue()
        #: A send failed: the pipe is broken (its process is gone).
        self.failed = False
        self._thread = threading.Thread(target=self._run, name="minesweeper-courier",
                                        daemon=True)
        self._thread.start()

    def send(self, message: object) -> None:
        """Queue ``message``; returns at once."""
        self._queue.put(pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL))

    def close(self) -> None:
        """Nothing more to send: the connection is closed once a send under
        way ends (the caller kills the process at the other end first, so
        that it ends)."""
        self._queue.put(None)

    def _run(self) -> None:
        while (data := self._queue.get()) is not None:
            if self.failed:
                continue
            try:
                self._conn.send_bytes(data)
            except OSError:             # BrokenPipeError included
                self.failed = True
        self._conn.close()
