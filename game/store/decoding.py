"""Reading values back from JSON that a person, a crash or a newer version may
have changed: every check names what was wrong, so the player can be told.

The ``need_*`` functions return the value when it has the expected type and
raise :class:`Unreadable` otherwise; codecs catch it at the smallest unit they
can drop on its own (a field, an entry, a level), keeping the rest.
"""

from __future__ import annotations

import math
from datetime import datetime
from typing import Any


class Unreadable(ValueError):
    """A value in a file is missing or not of the expected type."""


def need_object(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise Unreadable("expected an object")
    return value


def need_list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise Unreadable("expected a list")
    return value


def need_int(obj: dict[str, Any], key: str, *, minimum: int = 0) -> int:
    """A whole number of at least ``minimum`` (JSON true/false are not numbers)."""
    value = obj.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise Unreadable(f"{key}: expected a whole number from {minimum}")
    return value


def need_int_or_none(obj: dict[str, Any], key: str, *, minimum: int = 0) -> int | None:
    return None if obj.get(key) is None else need_int(obj, key, minimum=minimum)


def need_number_or_none(obj: dict[str, Any], key: str) -> float | None:
    """A finite, non-negative number, or null."""
    value = obj.get(key)
    if value is None:
        return None
    if (not isinstance(value, (int, float)) or isinstance(value, bool)
            or not math.isfinite(value) or value < 0):
        raise Unreadable(f"{key}: expected a number or null")
    return float(value)


def need_str(obj: dict[str, Any], key: str) -> str:
    value = obj.get(key)
    if not isinstance(value, str):
        raise Unreadable(f"{key}: expected text")
    return value


def need_bool(obj: dict[str, Any], key: str) -> bool:
    value = obj.get(key)
    if not isinstance(value, bool):
        raise Unreadable(f"{key}: expected true or false")
    return value


def need_date(obj: dict[str, Any], key: str) -> str:
    """An ISO 8601 date and time, as text (the dialogs parse it to show it)."""
    value = need_str(obj, key)
    try:
        datetime.fromisoformat(value)
    except ValueError:
        raise Unreadable(f"{key}: expected an ISO 8601 date, not {value!r}") from None
    return value
