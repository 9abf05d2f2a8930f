"""settings.json: every field of game.settings.Settings, read field by field.

    {"schema": 1, "settings": {"level": "expert", "marks": true, ...}}

A field that is missing takes its default without a word (an older file, or
a setting added since), unless this version's own copy has it (below); a
field of the wrong type or out of range, or given twice with two values
(``repeated_names``), takes its default and is named to the player;
unknown fields (a newer version's) are kept as they are and written back
with the rest, never dropped. Fields are
checked against the type of their default in Settings (so a field added there
is persisted and checked with no change here) and against the same ranges as
the command line: a level, a first-click rule, a custom size within the
limits of the shape saved with it, a scale from 0 (fit the screen) to
MAX_SCALE, a window position of two whole numbers within
WINDOW_COORDINATES (whether it is on a display is the window's to judge
at start: a monitor unplugged makes no file bad). Text must be text that can be written back: JSON can spell a
lone surrogate ("\\ud800"), which no UTF-8 file can hold, so such a field
is bad too (kept, it would make every later save of the settings fail).

An older copy of the game rewrites settings.json with only the fields it
knows (Windows users run an old executable beside a new one): a version
before "the name given last" dropped it, one from before board shapes also
the player's own mask. So each save also writes the whole document to
:data:`KEPT_NAME`, which no older copy knows of, and a field missing from
settings.json comes back from there (:func:`restored`); one that settings.json
holds is the newer choice, made in whichever copy wrote it.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from dataclasses import asdict, fields
from typing import Any

from game.engine import CUSTOM_LIMITS, FIRST_CLICK_RULES, LEVELS, SHAPES, STYLES
from game.engine.gallery import GALLERY
from game.engine.topology import CELL, check_mask
from game.settings import MAX_SCALE, Settings, is_window_position

from .names import clean_name

NAME = "settings.json"
#: This version's own copy of settings.json (see the module's docstring).
KEPT_NAME = "settings.kept.json"
#: The lock every copy of the game holds to read, merge and write settings.json,
#: in the data folder: never deleted (two copies would lock two files); not
#: settings.json itself, which each save replaces by a new file (the lock
#: would not follow it, and Windows refuses to replace a locked file); not
#: beside the file a linked settings.json leads to (a dotfiles folder gains no
#: file of the game's; a folder that takes no writes would have none).
LOCK_NAME = "settings.json.lock"
#: Made just before a damaged settings.json is set aside, removed once the
#: player was shown why (``Store.take_notices``): a copy killed in between
#: (before its window showed the notice) leaves it, and the next start,
#: finding no settings.json, would otherwise make defaults and say nothing.
UNTOLD_NAME = "settings.json.untold"
SCHEMA = 1

#: Fields whose value must be one of a few names.
_CHOICES: dict[str, tuple[str, ...]] = {
    "level": (*LEVELS, *GALLERY, "custom"),
    "first_click": FIRST_CLICK_RULES,
    "shape": SHAPES,
    "style": STYLES,
}
#: The long press, in seconds, a player may set (a touch screen's taste).
LONG_PRESS_RANGE = (0.1, 3.0)
_CUSTOM_SIZE = ("custom_width", "custom_height", "custom_mines", "custom_mask")
_OWN_MASK = ("own_mask", "own_mask_mines")


def encode(settings: Settings, others: Mapping[str, Any] | None = None) -> str:
    """The file's text: ``settings`` and the ``others`` fields read with them
    that this version does not know (see :func:`unknown`)."""
    return json.dumps({"schema": SCHEMA, "settings": {**(others or {}), **asdict(settings)}},
                      ensure_ascii=False, allow_nan=False, indent=1) + "\n"


def unknown(document: dict[str, Any]) -> dict[str, Any]:
    """The fields of ``document`` that this version does not know, to be
    written back as found: a newer copy's settings outlive this one. Only
    those JSON can write again (no NaN, no lone surrogate: one such value
    would make every later save fail)."""
    stored = document.get("settings")
    if not isinstance(stored, dict):
        return {}
    known = {f.name for f in fields(Settings)}
    kept = {}
    for name, value in stored.items():
        if name in known:
            continue
        try:
            json.dumps(value, ensure_ascii=False, allow_nan=False).encode("utf-8")
        except (ValueError, TypeError, RecursionError):  # TypeError: a name given twice
            continue
        kept[name] = value
    return kept


def restored(document: dict[str, Any], kept: dict[str, Any] | None) -> dict[str, Any]:
    """``document`` (settings.json) with the fields it lacks taken from
    ``kept`` (the copy this version saved last), when ``kept`` is one: the
    fields an older copy of the game dropped. A custom board's size and mask
    go together: the mask comes back only with the size it was drawn for."""
    stored = document.get("settings")
    if not isinstance(stored, dict) or not isinstance(kept, dict) \
            or not isinstance(kept.get("settings"), dict):
        return document
    earlier = kept["settings"]
    missing = _dropped(stored, earlier)
    _drop_other_board(stored, earlier, missing)
    _drop_disagreeing(stored, missing)
    return {**document, "settings": {**stored, **missing}}


def _dropped(stored: dict[str, Any], earlier: dict[str, Any]) -> dict[str, Any]:
    """The fields of the kept copy (``earlier``) that settings.json
    (``stored``) lacks. A value settings.json never held is never blamed on
    it: one that is bad (a hand edit of the copy) is passed over, not taken
    and reset."""
    defaults = asdict(Settings())
    return {name: value for name, value in earlier.items() if name not in stored
            and (name not in defaults
                 or _acceptable(name, _as_type_of(value, defaults[name]), defaults[name]))}


def _drop_other_board(stored: dict[str, Any], earlier: dict[str, Any],
                      missing: dict[str, Any]) -> None:
    """A custom board chosen since the copy was kept (settings.json holds
    another size or mask): the copy's custom fields are not taken, its mask
    being drawn for another board."""
    if any(name in stored and stored[name] != earlier.get(name) for name in _CUSTOM_SIZE):
        for name in _CUSTOM_SIZE:
            missing.pop(name, None)


def _drop_disagreeing(stored: dict[str, Any], missing: dict[str, Any]) -> None:
    """Fields checked together (a custom size with its mask, your mask with
    its mines) are taken from ``missing`` only if they still agree with
    ``stored``: a mask the copy holds that does not fit settings.json's size
    reset that size and set settings.json aside as damaged."""
    own = _blamed(stored)
    for together in (_CUSTOM_SIZE, _OWN_MASK):
        if (_blamed({**stored, **missing}) - own) & set(together):
            for name in together:
                missing.pop(name, None)


def _blamed(stored: dict[str, Any]) -> set[str]:
    """The fields :func:`decode` would call bad in ``stored``."""
    return set(decode({"settings": stored})[1])


def decode(document: dict[str, Any]) -> tuple[Settings, list[str]]:
    """The settings in ``document`` and the names of the fields that were
    present but bad (and so are back to their defaults)."""
    settings = Settings()
    names = [f.name for f in fields(Settings)]
    stored = document.get("settings", {})
    if not isinstance(stored, dict):
        return settings, names
    bad = []
    for name in names:
        if name not in stored:
            continue
        value = _as_type_of(stored[name], getattr(settings, name))
        if _acceptable(name, value, getattr(settings, name)):
            setattr(settings, name, value)
        else:
            bad.append(name)
    try:
        # Checked on the shape it is played on: a torus or hexagons take more
        # mines than the grid (55 and 57 on 8x8, not 49), and such a board
        # was set aside as unreadable at every start.
        mask = settings.custom_mask.split("\n") if settings.custom_mask else None
        CUSTOM_LIMITS.check(settings.custom_width, settings.custom_height, settings.custom_mines,
                            settings.shape, mask)
    except ValueError:
        _reset(settings, _CUSTOM_SIZE, stored, bad)
    if settings.own_mask and not _own_mask_ok(settings.own_mask, settings.own_mask_mines):
        _reset(settings, _OWN_MASK, stored, bad)
    # A file saved before "Your mask" was kept apart has only the custom
    # board: Settings takes its mask for your mask when built again.
    return dataclasses.replace(settings), bad


def _reset(settings: Settings, names: tuple[str, ...], stored: dict[str, Any],
           bad: list[str]) -> None:
    """Put ``names`` back to their defaults, naming those the file had as bad."""
    defaults = Settings()
    for name in names:
        setattr(settings, name, getattr(defaults, name))
        if name in stored and name not in bad:
            bad.append(name)


def _own_mask_ok(text: str, mines: int) -> bool:
    """Whether your mask is a mask of a custom size with room for its
    mines. Not checked on the saved shape: the board played since may be
    of another shape, and the Custom dialog checks your mask on the shape
    chosen with it."""
    try:
        rows = check_mask(text.split("\n"))
    except ValueError:
        return False
    cells = sum(row.count(CELL) for row in rows)
    sides = CUSTOM_LIMITS.min_side, CUSTOM_LIMITS.max_side
    return all(sides[0] <= n <= sides[1] for n in (len(rows), len(rows[0]))) \
        and 1 <= mines < cells


def _as_type_of(value: Any, default: Any) -> Any:
    """A whole number where a float belongs, as that float: a person editing
    the file writes one second as 1. True and false stay what they are (to
    be refused), and so does a number too large for a float."""
    if type(default) is float and type(value) is int:
        try:
            return float(value)
        except OverflowError:
            return value
    return value


def _acceptable(name: str, value: Any, default: Any) -> bool:
    if type(value) is not type(default):       # also tells true from 1
        return False
    if isinstance(value, str) and not _writable_text(value):
        return False
    if name in _CHOICES:
        return value in _CHOICES[name]
    if name == "scale":                        # 0: the largest scale that fits
        return isinstance(value, int) and 0 <= value <= MAX_SCALE
    if name == "long_press":
        return isinstance(value, float) \
            and LONG_PRESS_RANGE[0] <= value <= LONG_PRESS_RANGE[1]
    if name == "player_name":                  # a name as Best Times keep it
        return isinstance(value, str) and (value == "" or clean_name(value) == value)
    if name == "window_position":
        return value == [] or is_window_position(value)     # []: never placed, centred
    return True


def _writable_text(text: str) -> bool:
    """Whether ``text`` can be saved again as UTF-8 (not so with a lone surrogate)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
