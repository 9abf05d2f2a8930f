"""The replay file: UTF-8 JSON, versioned, read with strict checks.

    {"format": "minesweeper-replay", "version": 1,
     "width": 30, "height": 16, "mines": 99, "shape": "grid", "marks": true,
     "first_click": "opening", "seed": 7, "layout": ["*..*...", ...],
     "moves": [[0, "R 3 4"], [812, "F 5 4"], ...],
     "result": "won", "time_ms": 48211,
     "player": "Ann", "date": "2026-11-23T14:02:11", "level": "expert",
     "pointer": [0, 3, 4, 1, 140, 3, 4, 0, 35, 4, 4, 0, ...],
     "modes": [[0, "flag_mode", true], [5120, "flag_mode", false]]}

A board is given by its ``seed`` (replayed with the first-click rule), by its
``layout`` (rows of ``*`` mine, ``.`` safe and ``' '`` a hole of a shaped
field), or both when they agree.
``moves`` use the engine's text form; their times count milliseconds from the
first move (0) and never go back. ``pointer`` is the cell under the pointer
(-1 off the board) and the buttons held (1 left, 2 middle, 4 right) each time
they changed, as a flat list of four numbers per sample: the milliseconds
since the previous sample, x, y and the buttons (a quarter smaller than a
list of lists, which matters: the track is most of a replay). Unknown extra
fields are ignored, so later versions of this game may add some without
breaking older readers of version 1. ``modes`` (``modes.py``), added so,
says when flag mode or "Chord with left click" changed from their defaults.

A file is anything a stranger may send: everything is checked, with limits on
every size, and any problem is a ``ReplayError`` whose message is one line.
"""

from __future__ import annotations

import json
import operator
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import accumulate, chain
from pathlib import Path
from typing import Any

from game.engine import FIRST_CLICK_RULES, Move, MoveError
from game.engine import SHAPES as ENGINE_SHAPES
from game.i18n import N_, _, ngettext, os_reason, whole
from game.safe_read import NotAFile, TooLarge, read_capped

from .modes import BadModes, Switch
from .modes import read as read_modes
from .track import PointerTrack

FORMAT = "minesweeper-replay"
VERSION = 1
#: The engine's board shapes this game can replay.
SHAPES = ENGINE_SHAPES
RESULTS = ("won", "lost", "unfinished")
#: Refuse files bigger than this before reading them whole (a big Custom game
#: with its pointer track is well under 1 MB).
MAX_BYTES = 4 * 1024 * 1024
#: The sides of every board this game plays (Custom, masks, the gallery):
#: the viewer lays its controls and counters out over at least 8 columns,
#: and a smaller board had them drawn over each other and the face.
MIN_SIDE = 8
MAX_SIDE = 100
MAX_MOVES = 100_000
MAX_POINTER = 200_000
MAX_TIME_MS = 100 * 24 * 3600 * 1000      # a hundred days
MAX_SEED = 2 ** 64
MAX_TEXT = 64
BUTTONS = 7                               # 1 left | 2 middle | 4 right



class ReplayError(ValueError):
    """A replay that cannot be used; the message says why, in one line, in
    the player's language (the window shows it, the command line prints it)."""


@dataclass(frozen=True)
class Replay:
    """One game: its board, its timed moves and how it ended."""

    width: int
    height: int
    mines: int
    marks: bool
    first_click: str
    moves: tuple[tuple[int, str], ...]
    result: str
    time_ms: int
    seed: int | None = None
    layout: tuple[str, ...] | None = None
    shape: str = "grid"
    player: str | None = None
    date: str | None = None
    level: str | None = None
    pointer: PointerTrack = field(default_factory=PointerTrack)
    modes: tuple[Switch, ...] = ()      # flag mode and left-click chords (``modes.py``)


def encode(replay: Replay) -> str:
    """The JSON text of ``replay`` (compact: a whole Expert game is a few KB)."""
    return "".join(encode_pieces(replay))


def encode_pieces(replay: Replay) -> Iterator[str]:
    """The JSON text of ``replay`` in pieces: the pointer track (up to
    MAX_POINTER samples) ``CHUNK`` samples at a time. A thread encoding a
    long game's replay can let the window's thread run between pieces (one
    call for the whole track would hold the interpreter 70 ms)."""
    doc: dict[str, Any] = {"format": FORMAT, "version": VERSION, "width": replay.width,
                           "height": replay.height, "mines": replay.mines,
                           "shape": replay.shape, "marks": replay.marks,
                           "first_click": replay.first_click}
    if replay.seed is not None:
        doc["seed"] = replay.seed
    if replay.layout is not None:
        doc["layout"] = list(replay.layout)
    doc["moves"] = [list(m) for m in replay.moves]
    doc["result"] = replay.result
    doc["time_ms"] = replay.time_ms
    for name in ("player", "date", "level"):
        if getattr(replay, name) is not None:
            doc[name] = getattr(replay, name)
    if replay.modes:
        doc["modes"] = [list(switch) for switch in replay.modes]
    text = json.dumps(doc, separators=(",", ":"), ensure_ascii=False)
    if not replay.pointer:
        yield text + "\n"
        return
    yield text[:-1] + ',"pointer":['
    for i, chunk in enumerate(_pointer_chunks(replay.pointer)):
        yield "," + chunk if i else chunk
    yield "]}\n"


#: Samples of the pointer track encoded in one piece (a few tenths of a ms).
CHUNK = 1024


def _pointer_chunks(track: PointerTrack) -> Iterator[str]:
    """The track flattened as ``dt, x, y, buttons`` per sample (``dt`` from
    the previous sample), as JSON text, a chunk at a time."""
    times = track.times
    for start in range(0, len(track), CHUNK):
        end = min(len(track), start + CHUNK)
        moments = times[start:end]
        flat: list[int] = [0] * (4 * len(moments))
        flat[0::4] = list(map(operator.sub, moments,
                              chain((times[start - 1] if start else 0,), moments)))
        flat[1::4] = track.xs[start:end]
        flat[2::4] = track.ys[start:end]
        flat[3::4] = track.buttons[start:end]
        yield ",".join(map(str, flat))


def decode(data: str | bytes) -> Replay:
    """The replay in ``data``; ReplayError says what is wrong with it."""
    if len(data) > MAX_BYTES:
        raise ReplayError(_("file too big ({size} bytes; a replay is at most {most})").format(
            size=whole(len(data)), most=whole(MAX_BYTES)))
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError as e:
            raise ReplayError(_("not UTF-8 text (byte {byte})").format(byte=e.start)) from None
    # The byte order mark Windows Notepad writes before the UTF-8 text it
    # saves is no part of the JSON: json.loads refused a file edited there.
    data = data.removeprefix("\ufeff")
    try:
        doc = json.loads(data)
    except json.JSONDecodeError as e:
        raise ReplayError(_("not JSON: {reason} at line {line} column {column}").format(
            reason=_json_reason(e.msg), line=e.lineno, column=e.colno)) from None
    except RecursionError:
        raise ReplayError(_("not a replay: JSON nested too deeply")) from None
    except ValueError:         # Python refuses to convert an integer of over 4,300 digits
        raise ReplayError(_("not a replay: a number is too long")) from None
    if not isinstance(doc, dict):
        raise ReplayError(_("not a replay: the file is not a JSON object"))
    return _replay(doc)


def read_file(path: str | Path) -> Replay:
    """The replay saved at ``path``, reading at most MAX_BYTES + 1 bytes of it.
    Only a regular file is read: opening a FIFO would wait for a writer for
    ever, holding the command line or the window's replay loader."""
    try:
        data = read_capped(Path(path), MAX_BYTES)
    except NotAFile:
        raise ReplayError(_("not a file (a folder, a pipe or a device)")) from None
    except TooLarge:
        raise ReplayError(_("file too big (over {most} bytes; a replay is at most {most})")
                          .format(most=whole(MAX_BYTES))) from None
    except OSError as e:
        raise ReplayError(_("cannot read {file}: {reason}").format(
            file=path, reason=os_reason(e))) from None
    return decode(data)


def write_file(path: str | Path, replay: Replay) -> None:
    """Save ``replay`` at ``path`` (OSError when it cannot be written)."""
    Path(path).write_text(encode(replay), encoding="utf-8")


# ----------------------------------------------------------------- checks

#: The fields every replay of this version has: one left out is named as
#: such, not said to be "null" (format and version are looked at first).
REQUIRED = ("width", "height", "mines", "marks", "first_click", "moves", "result",
            "time_ms")


def _replay(doc: dict[str, Any]) -> Replay:
    if "format" not in doc:
        raise ReplayError(_("not a minesweeper replay (it has no format, expected {expected})")
                          .format(expected=repr(FORMAT)))
    if doc["format"] != FORMAT:
        raise ReplayError(_("not a minesweeper replay (format is {format}, expected {expected})")
                          .format(format=_show(doc["format"]), expected=repr(FORMAT)))
    if "version" not in doc:
        raise ReplayError(_("{name} is missing").format(name="version"))
    version = doc["version"]
    if version != VERSION or isinstance(version, bool):
        raise ReplayError(_("unknown version {version} (this game reads version {known})")
                          .format(version=_show(version), known=VERSION))
    missing = next((name for name in REQUIRED if name not in doc), None)
    if missing is not None:
        raise ReplayError(_("{name} is missing").format(name=missing))
    width = _int(doc, "width", MIN_SIDE, MAX_SIDE)
    height = _int(doc, "height", MIN_SIDE, MAX_SIDE)
    mines = _int(doc, "mines", 0, width * height)
    shape = doc.get("shape", "grid")
    if shape not in SHAPES:
        raise ReplayError(_("shape {shape} is not one this game plays ({shapes})").format(
            shape=_show(shape), shapes=", ".join(SHAPES)))
    marks = _bool(doc, "marks")
    first_click = doc.get("first_click")
    if first_click not in FIRST_CLICK_RULES:
        raise ReplayError(_("{name} must be one of {allowed}, not {value}").format(
            name="first_click", allowed=", ".join(FIRST_CLICK_RULES), value=_show(first_click)))
    seed = _int(doc, "seed", 0, MAX_SEED - 1) if doc.get("seed") is not None else None
    layout = _layout(doc, width, height, mines) if doc.get("layout") is not None else None
    if seed is None and layout is None:
        raise ReplayError(_("the board is missing: give a seed or a layout"))
    result = doc.get("result")
    if result not in RESULTS:
        raise ReplayError(_("{name} must be one of {allowed}, not {value}").format(
            name="result", allowed=", ".join(RESULTS), value=_show(result)))
    moves = _moves(doc, width, height)
    time_ms = _int(doc, "time_ms", 0, MAX_TIME_MS)
    if moves and time_ms < moves[-1][0]:
        raise ReplayError(_("time_ms {time} is before the last move (at {last} ms)").format(
            time=time_ms, last=moves[-1][0]))
    try:
        modes = read_modes(doc.get("modes"), time_ms)
    except BadModes as e:
        raise ReplayError(str(e)) from None
    return Replay(width, height, mines, marks, first_click, moves, result, time_ms, seed=seed,
                  layout=layout, shape=shape, player=_text(doc, "player"),
                  date=_text(doc, "date"), level=_text(doc, "level"),
                  pointer=_pointer(doc, width, height, time_ms), modes=modes)


#: A move's text that is not a move, by the rule it breaks (engine.MoveError).
BAD_MOVES = {
    "empty": N_("move {n}: empty move: expected 'R x y', 'F x y', 'C x y' or 'M 0|1'"),
    "marks": N_("move {n}: bad move {move}: expected 'M 0' or 'M 1'"),
    "kind": N_("move {n}: bad move {move}: expected 'R x y', 'F x y' or 'C x y'"),
    "negative": N_("move {n}: bad move {move}: x and y must not be negative"),
    "digits": N_("move {n}: bad move {move}: x and y must be whole numbers written with the"
                 " digits 0-9"),
}

#: What Python's JSON reader says (json.JSONDecodeError.msg, which comes in
#: English), in the player's language; a message not listed is shown as it is.
JSON_REASONS = {
    "Expecting value": N_("Expecting value"),
    "Expecting property name enclosed in double quotes":
        N_("Expecting property name enclosed in double quotes"),
    "Expecting ':' delimiter": N_("Expecting ':' delimiter"),
    "Expecting ',' delimiter": N_("Expecting ',' delimiter"),
    "Extra data": N_("Extra data"),
    "Unterminated string starting at": N_("Unterminated string"),
    "Invalid control character at": N_("Invalid control character"),
    "Invalid \\escape": N_("Invalid \\escape"),
    "Invalid \\uXXXX escape": N_("Invalid \\uXXXX escape"),
    "Illegal trailing comma before end of object": N_("Illegal trailing comma before end of"
                                                      " object"),
    "Illegal trailing comma before end of array": N_("Illegal trailing comma before end of"
                                                     " array"),
}


def _json_reason(message: str) -> str:
    reason = JSON_REASONS.get(message)
    return _(reason) if reason else message


_JSON_WORDS = {None: "null", True: "true", False: "false"}


def _show(value: Any) -> str:
    """A value for an error message, cut short (a hostile file may hold
    anything); JSON's null, true and false as the file writes them, not as
    Python names them."""
    text = _JSON_WORDS[value] if value is None or isinstance(value, bool) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _int(doc: dict[str, Any], name: str, low: int, high: int) -> int:
    value = doc.get(name)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ReplayError(_("{name} must be a whole number, not {value}").format(
            name=name, value=_show(value)))
    if not low <= value <= high:
        raise ReplayError(_("{name} must be from {low} to {high}, not {value}").format(
            name=name, low=low, high=high, value=_show(value)))
    return value


def _bool(doc: dict[str, Any], name: str) -> bool:
    value = doc.get(name)
    if not isinstance(value, bool):
        raise ReplayError(_("{name} must be true or false, not {value}").format(
            name=name, value=_show(value)))
    return value


#: What a text field may not hold: control characters (a NUL cannot be in a
#: file name, a newline would break a one-line message) and lone surrogates
#: (JSON's "\\ud800" escape gives one; it cannot be written as UTF-8).
_NOT_TEXT = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


def _text(doc: dict[str, Any], name: str) -> str | None:
    value = doc.get(name)
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise ReplayError(_("{name} must be a text of at most {most} characters, not {value}")
                          .format(name=name, most=MAX_TEXT, value=_show(value)))
    if _NOT_TEXT.search(value):
        raise ReplayError(_("{name} must be plain text (no control characters or lone"
                            " surrogates), not {value}").format(name=name, value=_show(value)))
    return value


def _layout(doc: dict[str, Any], width: int, height: int, mines: int) -> tuple[str, ...]:
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
                                    y=y, found=_show("".join(sorted(bad)))))
    laid = sum(row.count("*") for row in rows)
    if laid != mines:
        raise ReplayError(ngettext("layout has {count} mine, the file says {mines}",
                                   "layout has {count} mines, the file says {mines}", laid)
                          .format(count=laid, mines=mines))
    if not any(row.strip() for row in rows):
        raise ReplayError(_("layout has no cell, only holes"))
    return tuple(rows)


def _moves(doc: dict[str, Any], width: int, height: int) -> tuple[tuple[int, str], ...]:
    items = doc.get("moves")
    if not isinstance(items, list):
        raise ReplayError(_("moves must be a list of [t_ms, move], not {value}").format(
            value=_show(items)))
    if len(items) > MAX_MOVES:
        raise ReplayError(_("too many moves ({count}; at most {most})").format(
            count=whole(len(items)), most=whole(MAX_MOVES)))
    moves: list[tuple[int, str]] = []
    previous = 0
    for n, item in enumerate(items, 1):
        if not (isinstance(item, list) and len(item) == 2 and isinstance(item[1], str)
                and isinstance(item[0], int) and not isinstance(item[0], bool)):
            raise ReplayError(_("move {n} must be [t_ms, \"R x y\"], not {value}").format(
                n=n, value=_show(item)))
        t, text = item
        if not 0 <= t <= MAX_TIME_MS:
            raise ReplayError(_("move {n}: time {time} ms is out of range").format(
                n=n, time=_show(t)))
        if n == 1 and t != 0:
            raise ReplayError(_("move 1 is at {time} ms: times count from the first move (0)")
                              .format(time=t))
        if t < previous:
            raise ReplayError(_("move {n}: time goes back ({time} ms after {previous} ms)")
                              .format(n=n, time=t, previous=previous))
        try:
            move = Move.parse(text)
        except MoveError as e:
            raise ReplayError(_(BAD_MOVES[e.problem]).format(n=n, move=repr(text))) from None
        if move.kind != "M" and not (move.x < width and move.y < height):
            raise ReplayError(_("move {n} {move} is outside the {width}x{height} board").format(
                n=n, move=repr(text), width=width, height=height))
        moves.append((t, str(move)))
        previous = t
    return tuple(moves)


def _pointer(doc: dict[str, Any], width: int, height: int,
             time_ms: int) -> PointerTrack:
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
            return ReplayError(_("pointer sample {n} {sample} is outside the board").format(
                n=n + 1, sample=[dt, x, y, buttons]))
    return ReplayError(_("pointer: a sample breaks a bound"))
