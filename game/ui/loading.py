"""Replays read, decoded and checked away from the window.

A replay file may hold 200,000 pointer samples: reading and checking one of
2 MB took 176 ms on the UI thread, ten frames, and ``json.loads`` alone holds
the GIL for 49 ms of it, so a thread would stall the window just the same.
The window hands the work (``jobs.ReplayJob``) to a process of its own and
opens the viewer when the answer comes. It is not the computer's process:
a new game cancels the computer's work by ending that process, which must
never drop a replay on its way. With a ``SyncWorker`` (headless tests) the
answer comes at once, as before. An answer late by more than
``LATE_TICKS`` (100 ms, the first one waits for the process to start) shows
a cue over the window, as the computer's late answers do.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .jobs import ReplayJob
from .worker import Worker

if TYPE_CHECKING:
    from game.replay import Replay


#: Ticks a replay may take before the window says it is being opened.
LATE_TICKS = 6


class ReplayLoader:
    """Loads one replay at a time for the window: a newer request replaces a
    pending one, whose answer is then ignored."""

    def __init__(self, worker: Worker) -> None:
        self.worker = worker
        self._asked = 0
        self._waiting: tuple[int, Callable[[Replay], None], Callable[[str], None]] | None = None
        self._waited = 0                    # ticks the pending request has waited

    @property
    def waiting(self) -> bool:
        return self._waiting is not None

    @property
    def late(self) -> bool:
        """The pending request has waited more than ``LATE_TICKS``."""
        return self._waiting is not None and self._waited > LATE_TICKS

    def load(self, job: ReplayJob, opened: Callable[[Replay], None],
             refused: Callable[[str], None]) -> None:
        """Ask for ``job``; when its answer comes (see ``collect``),
        ``opened(replay)`` or ``refused(reason)`` runs."""
        self._asked += 1
        self._waiting = (self._asked, opened, refused)
        self._waited = 0
        self.worker.submit(self._asked, job)
        self.collect()

    def update(self) -> None:
        """One tick (the app calls this every tick): count the wait, and hand
        over the answer if it came."""
        self._waited += 1
        self.collect()

    def collect(self) -> None:
        """Hand over the answer if it came."""
        for done in self.worker.poll():
            if self._waiting is None or done.tag != self._waiting[0]:
                continue                    # the answer to a request replaced since
            _, opened, refused = self._waiting
            self._waiting = None
            if not done.ok or isinstance(done.value, str):
                refused(str(done.value))
            else:
                opened(done.value)

    def close(self) -> None:
        self._waiting = None
        self.worker.close()
