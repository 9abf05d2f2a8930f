"""Reading a replay file: its bytes or text into a :class:`Replay`, every
field checked (``fields.py``), or a ``ReplayError`` saying in one line what
is wrong.

Apart from the writing because a file is anything a stranger may send: this
side has the size limits, the JSON reader's messages in the player's
language and the order in which the fields are looked at.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.engine import FIRST_CLICK_RULES
from game.i18n import N_, _, os_reason, whole
from game.safe_read import NotAFile, TooLarge, read_capped

from . import fields
from .cursor import BadCursor
from .cursor import read as read_cursor
from .format import (
    FORMAT,
    MAX_BYTES,
    MAX_SEED,
    MAX_SIDE,
    MAX_TIME_MS,
    MIN_SIDE,
    RESULTS,
    SHAPES,
    VERSION,
    Replay,
    ReplayError,
)
from .modes import BadModes
from .modes import read as read_modes


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
    ever, holding the command line or the window's replay loader. The
    reasons leave the file unnamed: every caller names it first, and the
    command line said "/x.json: cannot read /x.json: …"."""
    try:
        data = read_capped(Path(path), MAX_BYTES)
    except NotAFile:
        raise ReplayError(_("not a file (a folder, a pipe or a device)")) from None
    except TooLarge:
        raise ReplayError(_("file too big (a replay is at most {most} bytes)")
                          .format(most=whole(MAX_BYTES))) from None
    except OSError as e:
        raise ReplayError(_("cannot read it: {reason}").format(reason=os_reason(e))) from None
    return decode(data)


#: The fields every replay of this version has: one left out is named as
#: such, not said to be "null" (format and version are looked at first).
REQUIRED = ("width", "height", "mines", "marks", "first_click", "moves", "result",
            "time_ms")


def _check_format(doc: dict[str, Any]) -> None:
    """Refuse a file that is not a replay of this format and version, or
    lacks a field every replay has: checked before any field is read, so
    that another program's JSON is called what it is, not a bad field."""
    if "format" not in doc:
        # The name quoted by the sentence, as its language quotes ('…', « … »)
        raise ReplayError(_("not a minesweeper replay (it has no format, expected '{expected}')")
                          .format(expected=FORMAT))
    if doc["format"] != FORMAT:
        raise ReplayError(_("not a minesweeper replay (format is {format}, expected"
                            " '{expected}')")
                          .format(format=fields.show(doc["format"]), expected=FORMAT))
    if "version" not in doc:
        raise ReplayError(_("{name} is missing").format(name="version"))
    version = doc["version"]
    if version != VERSION or isinstance(version, bool):
        raise ReplayError(_("unknown version {version} (this game reads version {known})")
                          .format(version=fields.show(version), known=VERSION))
    missing = next((name for name in REQUIRED if name not in doc), None)
    if missing is not None:
        raise ReplayError(_("{name} is missing").format(name=missing))


def _replay(doc: dict[str, Any]) -> Replay:
    _check_format(doc)
    width = fields.integer(doc, "width", MIN_SIDE, MAX_SIDE)
    height = fields.integer(doc, "height", MIN_SIDE, MAX_SIDE)
    mines = fields.integer(doc, "mines", 0, width * height)
    shape = doc.get("shape", "grid")
    if shape not in SHAPES:
        raise ReplayError(_("shape {shape} is not one this game plays ({shapes})").format(
            shape=fields.show(shape), shapes=", ".join(SHAPES)))
    marks = fields.boolean(doc, "marks")
    first_click = doc.get("first_click")
    if first_click not in FIRST_CLICK_RULES:
        raise ReplayError(_("{name} must be one of {allowed}, not {value}").format(
            name="first_click", allowed=", ".join(FIRST_CLICK_RULES), value=fields.show(first_click)))
    seed = fields.integer(doc, "seed", 0, MAX_SEED - 1) if doc.get("seed") is not None else None
    layout = fields.layout(doc, width, height, mines) if doc.get("layout") is not None else None
    if seed is None and layout is None:
        raise ReplayError(_("the board is missing: give a seed or a layout"))
    result = doc.get("result")
    if result not in RESULTS:
        raise ReplayError(_("{name} must be one of {allowed}, not {value}").format(
            name="result", allowed=", ".join(RESULTS), value=fields.show(result)))
    moves = fields.moves(doc, width, height)
    time_ms = fields.integer(doc, "time_ms", 0, MAX_TIME_MS)
    if moves and time_ms < moves[-1][0]:
        raise ReplayError(_("time_ms {time} is before the last move (at {last}\u00a0ms)").format(
            time=time_ms, last=moves[-1][0]))
    try:
        modes = read_modes(doc.get("modes"), time_ms)
        cursor = read_cursor(doc.get("cursor"), time_ms, width, height)
    except (BadModes, BadCursor) as e:
        raise ReplayError(str(e)) from None
    return Replay(width, height, mines, marks, first_click, moves, result, time_ms, seed=seed,
                  layout=layout, shape=shape, player=fields.text(doc, "player"),
                  date=fields.text(doc, "date"), level=fields.text(doc, "level"),
                  pointer=fields.pointer(doc, width, height, time_ms), modes=modes,
                  cursor=cursor)


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
    # A byte order mark the one Notepad writes is not (a second one, one
    # after spaces): Python's advice is a programmer's, and was in English.
    "Unexpected UTF-8 BOM (decode using utf-8-sig)": N_("Unexpected byte order mark (BOM)"),
}


def _json_reason(message: str) -> str:
    reason = JSON_REASONS.get(message)
    return _(reason) if reason else message

