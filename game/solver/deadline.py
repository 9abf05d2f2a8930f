"""When a time budget of the solver runs out, and on which clock.

Budgets that bound what a player waits for (an answer on a huge board before
falling back to an approximate one, a no-guess board's first click) are read
on the wall clock: the player waits in seconds of their own. The look-ahead's
budget decides instead how well the computer plays; read on the wall clock, a
busy machine (a build beside it, two benchmark runs at once) made it look at
fewer guesses and win fewer games, so that the same seeds gave different
games from run to run. It is read on the thinking thread's CPU time
(``time.thread_time``), which the scheduler's other work does not spend.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Deadline:
    """A moment on ``clock`` (seconds, any origin) past which work stops."""

    at: float
    clock: Callable[[], float]

    def passed(self) -> bool:
        """Whether the moment has come."""
        return self.clock() > self.at


def wall(seconds: float) -> Deadline:
    """``seconds`` from now, as the player counts them."""
    return Deadline(time.perf_counter() + seconds, time.perf_counter)


def thinking(seconds: float) -> Deadline:
    """``seconds`` of this thread's CPU time from now."""
    return Deadline(time.thread_time() + seconds, time.thread_time)
