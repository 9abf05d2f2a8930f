"""Numbers and dates as the current language writes them.

The conventions come from the catalogue itself (messages with a context
ending in " format"), so a new language brings its own with its
translations: French writes "0,4 %" and "23/11/2026" where English writes
"0.4 %" and "2026-11-23".
"""

from __future__ import annotations

import math

from .current import pgettext


def decimal(value: float, places: int) -> str:
    """``value`` with ``places`` decimals and the language's decimal mark."""
    text = f"{value:,.{places}f}"
    return _separators(text)


def whole(n: int) -> str:
    """A whole number with the language's thousands separator."""
    return _separators(f"{n:,}")


def _separators(text: str) -> str:
    point = pgettext("number format", ".")
    thousands = pgettext("number format", ",")
    return text.replace(",", "\0").replace(".", point).replace("\0", thousands)


def percent(value: float, places: int = 0) -> str:
    """A ratio (0.08) as a percentage: "8 %" with a no-break space (a narrow
    one in French), so that text wrapped never leaves the "%" alone at the
    start of a line."""
    return pgettext("percent format", "{number}\u00a0%").format(
        number=decimal(value * 100, places))


def percent_down(value: float) -> str:
    """A ratio as a whole percentage rounded down, for figures whose "100 %"
    means none was missed (a win rate, a game's efficiency): 199 of 200 is
    "99 %"; rounded to nearest, it read "100 %" beside the one that was
    missed. The ratio of two counts is a float a hair below its exact
    value at times (0.57 * 100 is 56.99999999999999), hence the nudge
    before rounding down: far smaller than any real gap to the next
    percent."""
    return percent(math.floor(value * 100 + 1e-9) / 100)


def chance(p: float) -> str:
    """A probability as players read it, the same wherever it is shown
    (a hint's risk, the overlay's percentage): "8 %", "0.4 %", "99.7 %";
    never 0 % or 100 % for something uncertain, which a player takes for
    certain."""
    if 0.0 < p < 0.01:
        return percent(max(p, 0.001), 1)
    if 0.99 < p < 1.0:
        return percent(min(p, 0.999), 1)
    return percent(p)


def date(iso: str) -> str:
    """The day of an ISO 8601 timestamp ("2026-11-23T..." -> "2026-11-23" / "23/11/2026")."""
    year, month, day = iso[:4], iso[5:7], iso[8:10]
    return pgettext("date format", "{year}-{month}-{day}").format(
        year=year, month=month, day=day)


def date_and_time(iso: str) -> str:
    """The whole timestamp to the minute, year included ("2026-11-23 14:05" /
    "23/11/2026 14:05"): where a game is told in full. A no-break space
    between them: History's details wrapped the time alone onto the next
    line."""
    return f"{date(iso)}\u00a0{iso[11:16]}"


def day_and_time(iso: str) -> str:
    """Day, month and time of a timestamp, for tight lists ("11-23 14:05" / "23/11 14:05")."""
    month, day, time = iso[5:7], iso[8:10], iso[11:16]
    return pgettext("date format", "{month}-{day} {time}").format(
        month=month, day=day, time=time)
