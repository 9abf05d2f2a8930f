"""Where the computer thinks: a worker process, so the window never waits.

The solver is pure Python; run on the UI thread, a hint on a big board takes
several frames, and a thread would not help (the GIL would stall the loop
just the same). So the window hands its jobs (``jobs.py``) to one worker
process and polls for answers once per tick:

    worker.submit(tag, job)     # tag: whatever names the question (position...)
    for done in worker.poll():  # answers that arrived, never blocking
        done.tag, done.ok, done.value
    worker.cancel()             # forget everything asked; work under way is killed
    worker.close()              # at exit: no process left behind

``ProcessWorker`` starts its process only at the first job, with the "spawn"
method (a fork of a process holding a window is unsafe, and spawn is what
Windows and macOS use anyway); the single-file executable needs
``multiprocessing.freeze_support()`` first thing in its entry script. The
process reads jobs until its pipe closes, so it ends with the game even if
the game is killed. A job left unanswered past its kind's ``HANG_SECONDS``
(the process stopped by SIGSTOP or a debugger, stuck, deadlocked) fails like
one whose process died: the process is killed, the next job starts a fresh
one. ``SyncWorker`` runs each job on the spot: headless tests stay
deterministic. What runs in the process is ``worker_process``; what a
start and the game's exit take around it, ``spawning``.
"""

from __future__ import annotations

import multiprocessing
import time
from collections import deque
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from typing import Protocol, cast

from game.i18n import N_, _, language

from .courier import Courier
from .jobs import AnalyseJob, HintJob, Job, LayoutJob, MoveJob, ReplayJob
from .spawning import STOP_SECONDS, interrupts_held, stand_somewhere
from .worker_process import READY, run_job, serve

#: What a job fails with when the computer's process dies under it.
STOPPED = N_("the computer’s process stopped")

#: Seconds a job may go unanswered, counted from when it was sent to the
#: process (the answer before it came, or it was asked), or from when a
#: process just started said it was ready, before the process is
#: taken for hung (stopped by SIGSTOP or a debugger, stuck, deadlocked) and
#: killed. Each is ten times or more the longest answer measured with the
#: real worker on the largest boards a player can ask for (100x100 grids,
#: hexagons and tori with 2,060 to 8,000 mines, at five stages of a game),
#: the first job's imports included, with both cores of the machine kept busy by
#: other work at a higher priority than the worker's: hint 0.9 s, move
#: 1.2 s, overlay 5.8 s (a torus with 3,000 mines), no-guess layout 3.0 s
#: (it gives up after ``LAYOUT_SECONDS``), a 2 MB replay 0.6 s (the most a
#: replay may hold is 4 MB).
HANG_SECONDS: Mapping[type, float] = {
    HintJob: 20.0, MoveJob: 20.0, AnalyseJob: 60.0, LayoutJob: 30.0, ReplayJob: 30.0,
}
#: The same, for a job of another kind (tests, benchmarks).
OTHER_HANG_SECONDS = 60.0
#: Seconds a process just started may take to say it is ready (``READY``),
#: counted on their own: timed with the job, a start on a machine starved
#: for a minute failed the player's first H as "the computer's process
#: stopped", and the process was started again, to starve once more. Far
#: beyond any start measured (0.1 s idle, a few seconds on a loaded machine),
#: yet a process stopped as it started is still killed in the end.
STARTUP_SECONDS = 300.0


@dataclass(frozen=True)
class Done:
    """A finished job: its ``tag``, and its result (``ok``) or a one-line
    error; ``lost`` when the error is the process dying under the job (the
    job itself may well be sound)."""

    tag: Hashable
    ok: bool
    value: object
    lost: bool = False


class Worker(Protocol):
    """What the window needs from whoever runs its jobs."""

    def submit(self, tag: Hashable, job: Job, *, replaces: Hashable | None = None) -> None: ...

    def poll(self) -> list[Done]: ...

    def cancel(self) -> None: ...

    def close(self) -> None: ...


class SyncWorker:
    """Runs each job when it is submitted; ``poll`` hands the answers over."""

    def __init__(self) -> None:
        self._done: list[Done] = []

    def submit(self, tag: Hashable, job: Job, *, replaces: Hashable | None = None) -> None:
        """Answer ``job`` now: nothing ever waits here for ``replaces``."""
        self._done.append(Done(tag, *run_job(job)))

    def poll(self) -> list[Done]:
        done, self._done = self._done, []
        return done

    def cancel(self) -> None:
        self._done.clear()

    def close(self) -> None:
        self._done.clear()


class ProcessWorker:
    """Jobs run in one worker process, started at the first job. ``stopped``
    is what a job fails with when the process dies under it, or hangs (said
    to the player; the replay loader's process is not the computer's).
    ``limits`` and ``clock`` are the watchdog's: seconds each kind of job may
    go unanswered (``HANG_SECONDS``), and what tells the time (tests shrink
    the one and drive the other); ``startup``, the seconds a process started
    may take to say it is ready (``STARTUP_SECONDS``), counted on their own.

    One job at a time is in the pipe: the next is sent when the answer
    before it arrives. Sent all at once, the jobs of a busy or stopped
    process filled the pipe (a 100x100 view is 10 kB: the overlay asked at
    each move while a slow analysis ran, or the process stopped), and the
    next send held the window until the process read it: for good, when the
    process was stopped. A job in the pipe is also exactly the one the
    process works on: the one the watchdog times. The pipe itself is
    written and read by threads (``courier.py``): a job bigger than the
    pipe's buffer (a replay's text) held the window until the process read
    it, and an answer as big until the process had written all of it."""

    def __init__(self, stopped: str = STOPPED, *, limits: Mapping[type, float] = HANG_SECONDS,
                 startup: float = STARTUP_SECONDS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._stopped = stopped
        self._limits = limits
        self._startup = startup
        self._clock = clock
        self._ready = False              # the process said it is ready (``READY``)
        self._started_at = 0.0           # when it was started
        self._sent_limit = 0.0           # the limit of the job in the pipe
        self._process: multiprocessing.process.BaseProcess | None = None
        self._courier: Courier | None = None        # the pipe, written and read by its threads
        self._pending: dict[int, Hashable] = {}     # every job unanswered, in order
        # with the language asked in, the key of what it replaces, and when
        # it is due by its own limit, counted from when it was asked
        self._unsent: deque[tuple[int, Job, str, Hashable, float]] = deque()
        self._due: float | None = None   # when the job in the pipe is due (None: no job)
        self._failed: list[Done] = []    # jobs failed as they were sent, handed over by poll
        self._seq = 0
        self.starts = 0                  # processes started (tests, benchmarks)

    @property
    def alive(self) -> bool:
        return self._process is not None and self._process.is_alive()

    @property
    def pending(self) -> int:
        return len(self._pending)

    def _ensure(self) -> Courier:
        if self._courier is None or not self.alive:
            self._stop()
            context = multiprocessing.get_context("spawn")
            ours, theirs = context.Pipe()
            process = context.Process(target=serve, args=(theirs,), daemon=True,
                                      name="minesweeper-solver")
            try:
                stand_somewhere()
                with interrupts_held():
                    process.start()
            except OSError:
                ours.close()
                raise
            finally:
                theirs.close()
            try:
                courier = Courier(ours)
            except OSError:             # no thread for it: the process is of no use
                process.kill()
                process.join(STOP_SECONDS)
                raise
            self._process, self._courier = process, courier
            self._ready, self._started_at = False, self._clock()
            self.starts += 1
        return self._courier

    def submit(self, tag: Hashable, job: Job, *, replaces: Hashable | None = None) -> None:
        """Ask ``job``: sent now if the process is free, else once the jobs
        asked before it are answered. A job still waiting to be sent that was
        asked with the same ``replaces`` key is dropped, never answered: this
        one is asked in its stead (the overlay asked at each move while a slow
        analysis runs: each analysis waiting behind it was of a position gone
        by, and the player's H waited behind them all). When no process can
        be started (fork refused: the user's process limit, memory) or the
        pipe is broken, the job fails at the next ``poll`` like one whose
        process died."""
        if replaces is not None:
            self._drop_unsent(replaces)
        self._seq += 1
        self._pending[self._seq] = tag
        self._unsent.append((self._seq, job, language(), replaces,
                             self._clock() + self._limit(job)))
        self._send_next()

    def _drop_unsent(self, key: Hashable) -> None:
        """Forget the jobs waiting to be sent that were asked with ``key``."""
        for waiting in [w for w in self._unsent if w[3] == key]:
            self._unsent.remove(waiting)
            del self._pending[waiting[0]]

    def _send_next(self) -> None:
        """Send the next job if none is in the pipe, and start timing it."""
        if self._due is not None or not self._unsent:
            return
        seq, job, lang, _key, _due = self._unsent.popleft()
        try:
            self._ensure().send((seq, job, lang))
        except OSError:                 # no process, or no thread for its pipe, could be started
            self._failed.extend(self._lost())
            return
        self._sent_limit = self._limit(job)
        self._due = self._clock() + self._sent_limit if self._ready \
            else self._started_at + self._startup

    def _limit(self, job: Job) -> float:
        """Seconds ``job`` may go unanswered (``HANG_SECONDS``)."""
        return self._limits.get(type(job), OTHER_HANG_SECONDS)

    def _hung(self) -> bool:
        """Whether the process is taken for hung: the job in the pipe is
        past its limit, counted from when it was sent, or a job waiting
        behind it is past its own, counted from when it was asked. Timed
        from its turn alone, an H asked behind the overlay's analysis
        waited that analysis's 60 s, not its own 20, when the process had
        stopped. The jobs ahead of a waiting one count against its limit,
        ten times or more the longest answer measured of each kind: behind
        the slowest analysis measured (5.8 s), a hint still has more than
        twice what it needs. Once its turn comes, a job has its whole limit
        again. While the process starts, only the start's own limit counts."""
        if self._due is None:
            return False
        if not self._ready:
            return self._clock() > self._due
        due = min([self._due, *(waiting[4] for waiting in self._unsent)])
        return self._clock() > due

    def poll(self) -> list[Done]:
        """The answers that have arrived (never waits); a job unanswered past
        its limit fails, with every job behind it, as if the process died."""
        out: list[Done] = []
        while self._due is not None and self._courier is not None:
            broken = self._courier.failed       # read first: all it received is in by then
            message = self._courier.take()
            if message is None:
                if broken:
                    out.extend(self._lost())      # the process died, or the pipe broke
                break
            if message == READY:
                self._started()
                continue
            # worker_process.serve sends each answer as (seq, ok, value)
            seq, ok, value = cast(tuple[int, bool, object], message)
            self._due = None
            tag = self._pending.pop(seq, None)
            if tag is not None:
                out.append(Done(tag, ok, value))
            self._send_next()
        if self._hung():
            out.extend(self._lost())          # hung: stopped, stuck or deadlocked
        failed, self._failed = self._failed, []
        return failed + out

    def _started(self) -> None:
        """The process is ready: the job in the pipe has its whole limit
        from now, and those waiting behind it have theirs moved on by the
        time the start took (it is no job ahead of them)."""
        now = self._clock()
        took = now - self._started_at
        self._ready = True
        if self._due is not None:
            self._due = now + self._sent_limit
        self._unsent = deque(waiting[:4] + (waiting[4] + took,) for waiting in self._unsent)

    def wait(self, timeout: float) -> bool:
        """Block until an answer is ready (benchmarks and tests only): the
        process's word that it started is taken on the way, as ``poll``
        takes it."""
        deadline = time.monotonic() + timeout
        while self._courier is not None \
                and self._courier.wait(max(0.0, deadline - time.monotonic())):
            if self._courier.peek() != READY:
                return True
            self._courier.take()
            self._started()
        return False

    @property
    def ready(self) -> bool:
        """Whether the process said it is ready (tests)."""
        return self._ready

    def _lost(self) -> list[Done]:
        """The process died: every pending job fails, the next one restarts it."""
        failed = [Done(tag, False, _(self._stopped), lost=True)
                  for tag in self._pending.values()]
        self._forget()
        self._stop()
        return failed

    def cancel(self) -> None:
        """Forget every job asked; a job under way is stopped at once by
        ending the process (the next job starts a fresh one)."""
        self._failed.clear()
        if self._pending:
            self._forget()
            self._stop()

    def close(self) -> None:
        self._forget()
        self._failed.clear()
        self._stop()

    def _forget(self) -> None:
        """No job pending any more: none to send, none to time."""
        self._pending.clear()
        self._unsent.clear()
        self._due = None

    def _stop(self) -> None:
        """End the process, then the courier: killing the process ends a
        send or a read still under way, after which the courier closes the
        pipe."""
        process, courier = self._process, self._courier
        self._process = self._courier = None
        if process is not None:
            if process.is_alive():
                process.kill()
            process.join(STOP_SECONDS)
        if courier is not None:
            courier.close()
