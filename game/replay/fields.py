"""The checks of a replay file's fields, one function a field: each returns
the field's value as a :class:`Replay` holds it, or raises a ``ReplayError``
naming the field and what is wrong with it (``decoding.py`` calls them in
order).

A module of their own because they are most of the reading, and each is
the whole of what the format accepts for its field.
"""

from __future__ import annotations

import re
from itertools import accumulate, islice
from typing import Any

from game.engine import Move, MoveError
from game.i18n import N_, _, ngettext, quoted, whole

from .format import BUTTONS, MAX_MOVES, MAX_POINTER, MAX_TEXT, MAX_TIME_MS, ReplayError
from .track import PointerTrack

#: A move's text that is not a move, by the rule it breaks (engine.MoveError).
BAD_MOVES = {
    "empty": N_("move {n}: empty move: expected 'R x y', 'F x y', 'C x y' or 'M 0|1'"),
    "marks": N_("move {n}: bad move {move}: expected 'M 0' or 'M 1'"),
    "kind": N_("move {n}: bad move {move}: expected 'R x y', 'F x y' or 'C x y'"),
    "negative": N_("move {n}: bad move {move}: x and y must not be negative"),
    "digits": N_("move {n}: bad move {move}: x and y must be whole numbers written with the"
                 " digits 0-9"),
}


_JSON_WORDS = {None: "null", True: "true", False: "false"}


#: Characters of a value shown in a message, at most.
SHOWN = 40


def show(value: Any) -> str:
    """A value for an error message, cut short (a hostile file may hold
    anything): a text quoted as the language quotes (``quoted``, its
    control characters escaped), also inside a list or an object; JSON's
    null, true and false as the file writes them, not as Python names them."""
    if isinstance(value, str):
        return quoted(value, SHOWN - 2)
    text = _written(value)
    return text if len(text) <= SHOWN else text[:SHOWN - 3] + "..."


def _written(value: Any, depth: int = 0) -> str:
    """``value`` written as ``show`` quotes its texts, as far as ``show``
    shows it: no list or object beyond SHOWN items, none nested deeper than
    SHOWN (each level opens with a bracket, so what is left out is past the
    cut). Written whole, a list nested 500 deep, which the JSON reader
    takes, ended in a RecursionError traceback."""
    if depth > SHOWN:
        return "..."
    if value is None or isinstance(value, bool):
        return _JSON_WORDS[value]
    if isinstance(value, str):
        return quoted(value, SHOWN)
    if isinstance(value, list):
        return "[" + ", ".join(_written(item, depth + 1) for item in value[:SHOWN]) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_written(k, depth + 1)}: {_written(v, depth + 1)}"
                               for k, v in islice(value.items(), SHOWN)) + "}"
    return repr(value)


def integer(doc: dict[str, Any], name: str, low: int, high: int) -> int:
    """Field ``name``, a whole number from ``low`` to ``high`` (JSON's true
    and false are no numbers, though Python's bool is an int)."""
    value = doc.get(name)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ReplayError(_("{name} must be a whole number, not {value}").format(
            name=name, value=show(value)))
    if not low <= value <= high:
        # The bounds are the game's, grouped as the language writes numbers
        # (the command line's --seed says the same range so); the value is
        # the file's, quoted as it writes it.
        raise ReplayError(_("{name} must be from {low} to {high}, not {value}").format(
            name=name, low=whole(low), high=whole(high), value=show(value)))
    return value


def boolean(doc: dict[str, Any], name: str) -> bool:
    """Field ``name``, true or false (not 0 or 1)."""
    value = doc.get(name)
    if not isinstance(value, bool):
        raise ReplayError(_("{name} must be true or false, not {value}").format(
            name=name, value=show(value)))
    return value


#: What a text field may not hold: control characters (a NUL cannot be in a
#: file name, a newline would break a one-line message) and lone surrogates
#: (JSON's "\\ud800" escape gives one; it cannot be written as UTF-8).
_NOT_TEXT = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


def text(doc: dict[str, Any], name: str) -> str | None:
    """Field ``name``, plain text of at most MAX_TEXT characters, or None
    when absent: shown to the player and used in file names, it may hold
    nothing that a message or a file name cannot."""
    value = doc.get(name)
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise ReplayError(_("{name} must be a text of at most {most} characters, not {value}")
                          .format(name=name, most=MAX_TEXT, value=show(value)))
    if _NOT_TEXT.search(value):
        raise ReplayError(_("{name} must be plain text (no control characters or lone"
                            " surrogates), not {value}").format(name=name, value=show(value)))
    return value


def layout(doc: dict[str, Any], width: int, height: int, mines: int) -> tuple[str, ...]:
    """The mines as rows of ``*``, ``.`` and ``' '`` (holes): exactly the
    board's size and the mines the file states, so that the board replayed
    is the one played."""
    rows = doc["layout"]
    if not isinstance(rows, list) or len(rows) != height:
        raise ReplayError(ngettext("layout must be a list of {count} row",
                                   "layout must be a list of {count} rows", height)
                          .format(count=height))
    for y, row in enumerate(rows):
        if not isinstance(row, str) or len(row) != width:
            raise ReplayError(ngettext("layout row {y} must be a text of {count} cell",
                                       "layout row {y} must be a text of {count} cells", width)
                              .format(y=y, count=width))
        bad = set(row) - {"*", ".", " "}
        if bad:
            raise ReplayError(_("layout row {y} holds {found}: only '*' (mine), '.' (safe) and"
                                " ' ' (hole) are allowed").format(
                                    y=y, found=show("".join(sorted(bad)))))
    laid = sum(row.count("*") for row in rows)
    if laid != mines:
        raise ReplayError(ngettext("layout has {count} mine, the file says {mines}",
                                   "layout has {count} mines, the file says {mines}", laid)
                          .format(count=laid, mines=mines))
    if not any(row.strip() for row in rows):
        raise ReplayError(_("layout has no cell, only holes"))
    return tuple(rows)


def moves(doc: dict[str, Any], width: int, height: int) -> tuple[tuple[int, str], ...]:
    """The moves as ``(t_ms, text)``: at most MAX_MOVES, timed from 0 and
    never back in time, each a move of the engine's text form on the board
    (written again in its one spelling)."""
    items = doc.get("moves")
    if not isinstance(items, list):
        raise ReplayError(_("moves must be a list of [t_ms, move], not {value}").format(
            value=show(items)))
    if len(items) > MAX_MOVES:
        raise ReplayError(_("too many moves ({count}; at most {most})").format(
            count=whole(len(items)), most=whole(MAX_MOVES)))
    moves: list[tuple[int, str]] = []
    previous = 0
    for n, item in enumerate(items, 1):
        if not (isinstance(item, list) and len(item) == 2 and isinstance(item[1], str)
                and isinstance(item[0], int) and not isinstance(item[0], bool)):
            raise ReplayError(_("move {n} must be [t_ms, \"R x y\"], not {value}").format(
                n=n, value=show(item)))
        t, text = item
        if not 0 <= t <= MAX_TIME_MS:
            raise ReplayError(_("move {n}: time {time}\u00a0ms is out of range").format(
                n=n, time=show(t)))
        if n == 1 and t != 0:
            raise ReplayError(_("move 1 is at {time}\u00a0ms: times count from the first move (0)")
                              .format(time=t))
        if t < previous:
            raise ReplayError(_("move {n}: time goes back ({time}\u00a0ms after {previous}\u00a0ms)")
                              .format(n=n, time=t, previous=previous))
        try:
            move: Move | None = Move.parse(text)
        except MoveError as e:
            raise ReplayError(_(BAD_MOVES[e.problem]).format(n=n, move=show(text))) from None
        except ValueError:
            # A coordinate of over 4,300 digits, which Python refuses to
            # read as a number (it ended in a traceback): far off the board.
            move = None
        if move is None or move.kind != "M" and not (move.x < width and move.y < height):
            raise ReplayError(_("move {n} {move} is outside the {width}x{height} board").format(
                n=n, move=show(text), width=width, height=height))
        moves.append((t, str(move)))
        previous = t
    return tuple(moves)


def pointer(doc: dict[str, Any], width: int, height: int,
             time_ms: int) -> PointerTrack:
    """The pointer track, flat samples of ``dt_ms, x, y, buttons`` (empty
    when absent): checked by whole columns at C speed, since a track holds
    up to MAX_POINTER samples; the first sample at fault is named after."""
    items = doc.get("pointer")
    if items is None:
        return PointerTrack()
    if not isinstance(items, list) or len(items) > 4 * MAX_POINTER or len(items) % 4:
        raise ReplayError(_("pointer must be a list of at most {most} samples of four numbers"
                            " (dt_ms, x, y, buttons)").format(most=whole(MAX_POINTER)))
    if not set(map(type, items)) <= {int}:              # a bool's type is bool
        raise ReplayError(_("pointer must hold whole numbers only"))
    dts, xs, ys, buttons = items[0::4], items[1::4], items[2::4], items[3::4]
    times = list(accumulate(dts))
    if not dts or (min(dts) >= 0 and times[-1] <= time_ms and -1 <= min(xs) and max(xs) < width
                   and -1 <= min(ys) and max(ys) < height and 0 <= min(buttons)
                   and max(buttons) <= BUTTONS):
        return PointerTrack(times, xs, ys, buttons)
    raise _pointer_error(items, width, height, time_ms)


def _pointer_error(items: list[int], width: int, height: int, time_ms: int) -> ReplayError:
    """What is wrong with the first sample that breaks a bound (the checks
    above, made on whole columns at C speed, only say that one does)."""
    t = 0
    for n in range(len(items) // 4):
        dt, x, y, buttons = items[4 * n:4 * n + 4]
        t += dt
        if dt < 0 or t > time_ms:
            return ReplayError(_("pointer sample {n}: time goes back or passes the end").format(
                n=n + 1))
        if not (-1 <= x < width and -1 <= y < height and 0 <= buttons <= BUTTONS):
            # Cut short as every value named: a 4,000-digit x was quoted
            # whole, a notice (and a --check line) of 4,000 characters.
            return ReplayError(_("pointer sample {n} {sample} is outside the board").format(
                n=n + 1, sample=show([dt, x, y, buttons])))
    return ReplayError(_("pointer: a sample breaks a bound"))
