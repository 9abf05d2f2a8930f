"""Best Times: the ten fastest wins of a standard level, to the millisecond.

Order is by time; among equal times the earlier entry keeps the better rank,
as in the classic game, where an equal time never displaced a record. A time
that would land below tenth place does not qualify.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .decoding import (
    need_date,
    need_int,
    need_int_or_none,
    need_number_or_none,
    need_object,
    need_str,
)
from .names import clean_name

TOP_COUNT = 10


@dataclass(frozen=True)
class BestTime:
    """One line of a Best Times table."""

    name: str
    time_ms: int
    date: str                   # ISO 8601, local time, to the second
    bbbv: int | None
    bbbv_per_s: float | None

    def __post_init__(self) -> None:
        """Check every field (ValueError names the bad one): a bad line must
        never reach the file."""
        values = vars(self)
        need_str(values, "name")
        need_int(values, "time_ms")
        need_date(values, "date")
        need_int_or_none(values, "bbbv")
        need_number_or_none(values, "bbbv_per_s")


def rank_for(times: Sequence[int], time_ms: int) -> int | None:
    """The place (1-based) a new ``time_ms`` would take among ``times`` (in
    order), below any equal time already there; None when it would not make
    the top ten."""
    rank = bisect.bisect_right(times, time_ms) + 1
    return rank if rank <= TOP_COUNT else None


def decode(obj: Any) -> BestTime:
    """A table line from its JSON object; Unreadable when a field is bad. The
    name is cleaned again: the file may have been edited by hand."""
    obj = need_object(obj)
    return BestTime(name=clean_name(need_str(obj, "name")), time_ms=obj.get("time_ms"),
                    date=obj.get("date"), bbbv=obj.get("bbbv"), bbbv_per_s=obj.get("bbbv_per_s"))


def ordered(entries: Sequence[BestTime]) -> list[BestTime]:
    """A table read from a file, put back in order (the sort is stable, so
    equal times keep their order in the file) and cut to ten."""
    return sorted(entries, key=lambda entry: entry.time_ms)[:TOP_COUNT]
