"""What a left click did while the game was played: the settings that decide
whether a left press pushes a cell in, kept with their changes in time.

In flag mode a left press on a covered cell flags it and pushes nothing in;
with "Chord with left click" off, a left press on a number is no chord and
pushes no neighbour in. The moves alone replay the same game either way,
but the viewer draws the pressed cells from the pointer track, and without
these it showed cells pressed that the player never saw pressed. A replay
keeps them as the optional field

    "modes": [[0, "flag_mode", true], [5120, "flag_mode", false], ...]

each entry a setting taking a value at a time (milliseconds, as the moves'
times), the first ones at 0 for the state the game began in; a setting not
named keeps its default. Readers of version 1 that do not know the field
ignore it, and a replay without it (made before it existed) reads as played
with the defaults, which is what the viewer always assumed.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.i18n import _, whole

FLAG_MODE = "flag_mode"
CHORD_LEFT_CLICK = "chord_left_click"
#: The settings kept, with the value they have when a replay does not say.
DEFAULTS: dict[str, bool] = {FLAG_MODE: False, CHORD_LEFT_CLICK: True}
#: Changes kept at most (a player toggling flag mode every tick for an hour
#: stays far below; a hostile file cannot make the viewer hold more).
MAX_SWITCHES = 100_000

Switch = tuple[int, str, bool]


class BadModes(ValueError):
    """The ``modes`` field breaks a rule; the message says which, in one line."""


@dataclass(frozen=True)
class LeftClick:
    """The two settings as they stood at a moment."""

    flag_mode: bool = DEFAULTS[FLAG_MODE]
    chord_left_click: bool = DEFAULTS[CHORD_LEFT_CLICK]


class ModeTrack:
    """The settings at any moment of a replay, looked up by bisection."""

    def __init__(self, switches: Sequence[Switch]) -> None:
        self._times = [t for t, _name, _value in switches]
        self._states: list[LeftClick] = []
        now = dict(DEFAULTS)
        for _t, name, value in switches:
            now[name] = value
            self._states.append(LeftClick(now[FLAG_MODE], now[CHORD_LEFT_CLICK]))

    def at(self, t_ms: float) -> LeftClick:
        """The settings at ``t_ms`` (a change at that very time counts)."""
        i = bisect.bisect_right(self._times, t_ms)
        return self._states[i - 1] if i else LeftClick()


def read(items: Any, time_ms: int) -> tuple[Switch, ...]:
    """The ``modes`` field of a replay whose game lasted ``time_ms``."""
    if items is None:
        return ()
    if not isinstance(items, list) or len(items) > MAX_SWITCHES:
        raise BadModes(_("modes must be a list of at most {most} [t_ms, setting, true|false]")
                       .format(most=whole(MAX_SWITCHES)))
    out: list[Switch] = []
    previous = 0
    for n, item in enumerate(items, 1):
        if not (isinstance(item, list) and len(item) == 3
                and isinstance(item[0], int) and not isinstance(item[0], bool)
                and isinstance(item[1], str) and item[1] in DEFAULTS
                and isinstance(item[2], bool)):
            raise BadModes(_("modes entry {n} must be [t_ms, setting, true|false] with a "
                             "setting among {names}").format(n=n, names=", ".join(DEFAULTS)))
        t, name, value = item
        if not previous <= t <= time_ms:
            raise BadModes(_("modes entry {n}: time goes back or passes the end").format(n=n))
        out.append((t, name, value))
        previous = t
    return tuple(out)
