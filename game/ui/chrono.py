"""The chronometer: the classic whole-second LED display and the exact time.

Time comes from a clock passed in (a monotonic clock in the window, a clock
advanced by ticks in headless tests), never from the wall clock. Pauses are
subtracted. The display shows 1 as soon as the clock starts, as the classic
game does, and stops at 999.
"""

from __future__ import annotations

from collections.abc import Callable

LED_MAX = 999


class Chronometer:
    def __init__(self, clock: Callable[[], float]) -> None:
        self._clock = clock
        self._started: float | None = None
        self._stopped: float | None = None
        self._paused_at: float | None = None
        self._paused_total = 0.0

    @property
    def running(self) -> bool:
        return self._started is not None and self._stopped is None

    @property
    def paused(self) -> bool:
        return self._paused_at is not None

    def start(self) -> None:
        if self._started is None:
            self._started = self._clock()

    def stop(self) -> None:
        if self.running:
            self._stopped = self._now()

    def pause(self) -> None:
        if self.running and self._paused_at is None:
            self._paused_at = self._clock()

    def resume(self) -> None:
        if self._paused_at is not None:
            self._paused_total += self._clock() - self._paused_at
            self._paused_at = None

    def _now(self) -> float:
        return self._paused_at if self._paused_at is not None else self._clock()

    def elapsed(self) -> float:
        """Seconds of play so far (0 before the start)."""
        if self._started is None:
            return 0.0
        end = self._stopped if self._stopped is not None else self._now()
        return max(0.0, end - self._started - self._paused_total)

    def elapsed_ms(self) -> int:
        return int(self.elapsed() * 1000)

    def display_seconds(self) -> int:
        """What the LED counter shows: 0 before the start, then 1, 2, ... 999."""
        if self._started is None:
            return 0
        return min(LED_MAX, int(self.elapsed()) + 1)
