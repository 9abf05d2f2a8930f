"""Reading values back from JSON or a database that a person, a crash or a
newer version may have changed: every check names what was wrong, so the
player can be told.

The ``need_*`` functions return the value when it has the expected type and
range and raise :class:`Unreadable` otherwise; codecs catch it at the
smallest unit they can drop on its own (a field, an entry, a level), keeping
the rest. Numbers are bounded so that a 400-digit value in a file is dropped
here rather than overflowing a float or a database column later.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime
from typing import Any

from game.i18n import _, quoted

from .notices import Text

#: The largest whole number a record holds (a 64-bit database integer).
MAX_INT = 2**63 - 1
#: The largest rate or ratio a record holds: far beyond any real game.
MAX_NUMBER = 1e12


#: The form of every date the game writes (ASCII digits: \d would take any script's).
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}")


class Unreadable(ValueError):
    """A value in a file is missing or not of the expected type; the message,
    put into words by ``word`` in the player's language when the notice about
    the file is shown (:class:`notices.Text`), goes into that notice."""

    def __init__(self, word: Callable[[], str]) -> None:
        super().__init__(word)
        self._word = word

    def __str__(self) -> str:
        return self._word()


def need_object(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise Unreadable(lambda: _("expected an object"))
    return value


def need_list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise Unreadable(lambda: _("expected a list"))
    return value


def need_int(obj: dict[str, Any], key: str, *, minimum: int = 0) -> int:
    """A whole number from ``minimum`` to MAX_INT (JSON true/false are not numbers)."""
    value = obj.get(key)
    if (not isinstance(value, int) or isinstance(value, bool)
            or not minimum <= value <= MAX_INT):
        raise Unreadable(lambda: _("{key}: expected a whole number from {minimum}").format(
            key=key, minimum=minimum))
    return value


def need_int_or_none(obj: dict[str, Any], key: str, *, minimum: int = 0) -> int | None:
    return None if obj.get(key) is None else need_int(obj, key, minimum=minimum)


def need_number_or_none(obj: dict[str, Any], key: str) -> float | None:
    """A finite number from 0 to MAX_NUMBER, or null (whole numbers of any
    length are compared before conversion, so none can overflow)."""
    value = obj.get(key)
    if value is None:
        return None
    if (not isinstance(value, (int, float)) or isinstance(value, bool)
            or not 0 <= value <= MAX_NUMBER):          # also refuses nan
        raise Unreadable(lambda: _("{key}: expected a number or null").format(key=key))
    return float(value)


def need_str(obj: dict[str, Any], key: str) -> str:
    value = obj.get(key)
    if not isinstance(value, str):
        raise Unreadable(lambda: expected_text(key))
    return value


def at(place: str, problem: object) -> Text:
    """A problem where it is in the file: "games[3]: time_ms: expected ..."."""
    return Text(lambda: _("{place}: {problem}").format(place=place, problem=problem))


def expected_text(key: str) -> str:
    return _("{key}: expected text").format(key=key)


def need_bool(obj: dict[str, Any], key: str) -> bool:
    value = obj.get(key)
    if not isinstance(value, bool):
        raise Unreadable(lambda: _("{key}: expected true or false").format(key=key))
    return value


def need_date(obj: dict[str, Any], key: str) -> str:
    """A real date and time in the one form the game writes,
    ``YYYY-MM-DDTHH:MM:SS`` (``isoformat(timespec="seconds")``): the dialogs
    cut the day and time out of it by position, so any other ISO 8601 form
    (20261123T140500, 2026-W47-1, an offset) would be drawn as garbage."""
    value = need_str(obj, key)
    try:
        if not _DATE.fullmatch(value):
            raise ValueError
        datetime.fromisoformat(value)                # a month 13 or a 31 April
    except ValueError:
        raise Unreadable(lambda: _("{key}: expected a date as YYYY-MM-DDTHH:MM:SS, not {value}").format(
            key=key, value=quoted(value, 40))) from None
    return value
