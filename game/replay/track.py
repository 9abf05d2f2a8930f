"""The pointer track of a replay, kept as four columns of machine integers.

A track may hold 200,000 samples. As a tuple of 4-tuples it cost 31 ms to
unpickle when the replay loader's process handed a 2 MB replay to the window
(and as long to build when reading it); four ``array`` columns move and
build at C speed. It reads like the tuple it replaces: ``track[i]`` is the
sample ``(t_ms, x, y, buttons)``, iterating gives the samples in order, and
``times`` is the column of moments (for ``bisect``).
"""

from __future__ import annotations

from array import array
from bisect import bisect_right
from collections.abc import Iterable, Iterator
from typing import overload

PointerSample = tuple[int, int, int, int]  # t_ms, x, y (-1 off the board), buttons


class PointerTrack:
    """Samples ``(t_ms, x, y, buttons)``, times never going back."""

    __slots__ = ("times", "xs", "ys", "buttons")

    def __init__(self, times: Iterable[int] = (), xs: Iterable[int] = (),
                 ys: Iterable[int] = (), buttons: Iterable[int] = ()) -> None:
        self.times = array("q", times)
        self.xs = array("h", xs)
        self.ys = array("h", ys)
        self.buttons = array("B", buttons)
        if not len(self.times) == len(self.xs) == len(self.ys) == len(self.buttons):
            raise ValueError("the columns of a pointer track must have one value per sample")

    @classmethod
    def of(cls, samples: Iterable[PointerSample]) -> PointerTrack:
        listed = list(samples)
        return cls(*zip(*listed, strict=True)) if listed else cls()

    def append(self, sample: PointerSample) -> None:
        """Add ``sample`` at the end (its time not before the last one's)."""
        t, x, y, buttons = sample
        self.times.append(t)
        self.xs.append(x)
        self.ys.append(y)
        self.buttons.append(buttons)

    def replace_last(self, sample: PointerSample) -> None:
        """Put ``sample`` in place of the last one."""
        self.times[-1], self.xs[-1], self.ys[-1], self.buttons[-1] = sample

    def until(self, t_ms: int) -> PointerTrack:
        """A copy whose moments later than ``t_ms`` are moved back to it (a
        game's track ends with the game), made at C speed: at the end of a
        long game this runs in the frame that shows the result."""
        times = array("q", self.times)
        late = bisect_right(times, t_ms)
        if late < len(times):
            times[late:] = array("q", [t_ms]) * (len(times) - late)
        return PointerTrack(times, self.xs, self.ys, self.buttons)

    def __len__(self) -> int:
        return len(self.times)

    @overload
    def __getitem__(self, i: int) -> PointerSample: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[PointerSample, ...]: ...

    def __getitem__(self, i: int | slice) -> PointerSample | tuple[PointerSample, ...]:
        if isinstance(i, slice):
            return tuple(zip(self.times[i], self.xs[i], self.ys[i], self.buttons[i], strict=True))
        return self.times[i], self.xs[i], self.ys[i], self.buttons[i]

    def __iter__(self) -> Iterator[PointerSample]:
        return zip(self.times, self.xs, self.ys, self.buttons, strict=True)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PointerTrack):
            return NotImplemented
        return (self.times == other.times and self.xs == other.xs and self.ys == other.ys
                and self.buttons == other.buttons)

    def __hash__(self) -> int:
        return hash((self.times.tobytes(), self.xs.tobytes(), self.ys.tobytes(),
                     self.buttons.tobytes()))

    def __reduce__(self) -> tuple[type[PointerTrack], tuple[array[int], ...]]:
        return PointerTrack, (self.times, self.xs, self.ys, self.buttons)

    def __repr__(self) -> str:
        return f"PointerTrack({len(self)} samples)"
