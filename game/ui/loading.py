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
a cue over the window, as the computer's late answers do; attract mode's
requests are quiet (no cue: nobody asked for them), and dropped when
someone wakes it.

The answer comes pickled twice over, as bytes within the message, and is
unpickled in the tick after the one that received it, with the garbage
collector paused: receiving a 2 MB replay (1 to 5 ms) and unpickling it
(3.2 ms median, 6.4 ms at worst with the collector running; 2.1 and 3.5
paused) in one frame made it 10 to 20 ms long, and the frames after it
open the viewer a step at a time (``ReplayScreen``).
"""

from __future__ import annotations

import gc
import pickle
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
    pending one, whose answer is then ignored (and which, still waiting to be
    sent to the process, is never read: the newer one is read next)."""

    def __init__(self, worker: Worker) -> None:
        self.worker = worker
        self._asked = 0
        self._waiting: tuple[int, Callable[[Replay], None], Callable[[str], None],
                             Callable[[], None] | None] | None = None
        self._waited = 0                    # ticks the pending request has waited
        self._quiet = False                 # the pending request shows no cue when late
        self._arrived: bytes | None = None  # its answer, received, unpickled next tick

    @property
    def waiting(self) -> bool:
        return self._waiting is not None

    @property
    def late(self) -> bool:
        """The pending request has waited more than ``LATE_TICKS``."""
        return self._waiting is not None and self._waited > LATE_TICKS and not self._quiet

    def load(self, job: ReplayJob, opened: Callable[[Replay], None],
             refused: Callable[[str], None], *, quiet: bool = False,
             lost: Callable[[], None] | None = None) -> int:
        """Ask for ``job``; when its answer comes (see ``collect``),
        ``opened(replay)`` or ``refused(reason)`` runs; ``lost()`` instead
        of ``refused``, when given, if the process died under the job (the
        replay is not to blame). A ``quiet`` request never shows the late
        cue. Returns the request's number, for ``drop``."""
        self._asked += 1
        asked = self._asked
        self._waiting = (asked, opened, refused, lost)
        self._waited = 0
        self._quiet = quiet
        self._arrived = None
        self.worker.submit(asked, job, replaces=ReplayJob)
        self.collect()
        self._open_arrived()                # an answer that came at once (headless)
        return asked

    def drop(self, asked: int) -> None:
        """Forget request ``asked`` if it is still pending: its answer, when
        it comes, is ignored (a newer request is left alone)."""
        if self._waiting is not None and self._waiting[0] == asked:
            self._waiting = self._arrived = None

    def update(self) -> None:
        """One tick (the app calls this every tick): count the wait, open
        the answer received last tick, or receive it."""
        self._waited += 1
        if self._arrived is not None:
            self._open_arrived()
        else:
            self.collect()

    def collect(self) -> None:
        """Receive the answer if it came (a refusal is told at once)."""
        for done in self.worker.poll():
            if self._waiting is None or done.tag != self._waiting[0]:
                continue                    # the answer to a request replaced since
            if done.ok and isinstance(done.value, bytes):
                self._arrived = done.value
                continue
            refused, lost = self._waiting[2:]
            self._waiting = None
            if done.lost and lost is not None:
                lost()
            else:
                refused(str(done.value))

    def _open_arrived(self) -> None:
        if self._arrived is None or self._waiting is None:
            return
        data, opened = self._arrived, self._waiting[1]
        self._arrived = self._waiting = None
        opened(unpickled(data))

    def close(self) -> None:
        self._waiting = self._arrived = None
        self.worker.close()


def unpickled(data: bytes) -> Replay:
    """The replay in ``data``, unpickled with the garbage collector paused
    (it would sweep a few times over the thousands of objects being made)."""
    paused = gc.isenabled()
    gc.disable()
    try:
        replay: Replay = pickle.loads(data)
    finally:
        if paused:
            gc.enable()
    return replay
