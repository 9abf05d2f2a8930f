"""Saving settings over another copy's: a three-way merge of settings.json.

Two copies of the game may run on one data folder. Each saved all of its
settings, read when it started, at every change, so a choice made in the
other copy meanwhile (the language, a level, sound) was silently undone.
A save now writes, field by field, this copy's value where it changed the
setting since it last read or wrote settings.json (its *base*), and the
file's value as it is now everywhere else.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Iterable
from typing import Any

from game.settings import Settings

#: This copy's value of each field it changed, by name.
Changes = dict[str, Any]


def changed_since(base: Settings, ours: Settings, names: Iterable[str],
                  overridden: Iterable[str]) -> set[str]:
    """The fields this copy changed: those ``names`` (chosen again, a value
    the file may no longer hold) and those ``ours`` holds other than
    ``base`` (a change naming only some of what it set: a style renames a
    custom board to a preset), but none ``overridden`` (this run's command
    line, never saved unless the player changes it)."""
    chosen = set(names)
    left = set(overridden)
    return {field.name for field in dataclasses.fields(Settings)
            if field.name not in left
            and (field.name in chosen
                 or getattr(ours, field.name) != getattr(base, field.name))}


def changes(ours: Settings, changed: Iterable[str]) -> Changes:
    """``ours``'s value of each field ``changed``: what a save carries to the
    writer thread, which merges it into the file as it is then (copies:
    the window goes on changing its own)."""
    return {name: copy.deepcopy(getattr(ours, name)) for name in changed}


def then(earlier: Changes, later: Changes) -> Changes:
    """Two saves not yet written, as one: each field's later value. The later
    alone would drop the fields only the earlier changed (Marks toggled,
    then a level chosen before the toggle was written)."""
    return {**earlier, **later}


def merged(latest: Settings, changes: Changes) -> Settings:
    """``latest`` (settings.json as it is now) with the values ``changes``
    holds: what to save."""
    return dataclasses.replace(latest, **copy.deepcopy(changes))
