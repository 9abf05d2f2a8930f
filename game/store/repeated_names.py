"""JSON read with every name of an object given once.

``json.loads`` keeps the last of two members of one name and drops the
other without a word: a line of settings.json pasted twice with another
value, or a second ``"settings"`` object, lost the player's first choice
at the next save, and the file was never set aside. Here two objects of
one name are merged, member by member; two equal values of one name are
one; two values that differ are :data:`REPEATED`, which no setting takes
(the field is bad: reset, named to the player, the file kept aside) and
JSON cannot write (a field this version does not know is not written back).
"""

from __future__ import annotations

import json
from typing import Any


class Repeated:
    """The value of a name given twice with two values: neither is the one."""

    def __repr__(self) -> str:
        return "REPEATED"


REPEATED = Repeated()


def loads(text: str | bytes) -> Any:
    """The JSON value of ``text``, as ``json.loads`` reads it but for names
    given twice in an object (see the module's docstring)."""
    return json.loads(text, object_pairs_hook=_members)


def _members(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object of ``pairs``, a name given twice taking both values."""
    members: dict[str, Any] = {}
    for name, value in pairs:
        members[name] = _both(members[name], value) if name in members else value
    return members


def _both(first: Any, second: Any) -> Any:
    """One value for a name given twice: two objects merged, one value given
    twice, else :data:`REPEATED`."""
    if isinstance(first, dict) and isinstance(second, dict):
        merged = dict(first)
        for name, value in second.items():
            merged[name] = _both(merged[name], value) if name in merged else value
        return merged
    return first if _spelling(first) == _spelling(second) else REPEATED


def _spelling(value: Any) -> str:
    """``value`` as JSON writes it, to tell two values apart as the file
    does: 1 from 1.0 and from true, 0.0 from -0.0."""
    return json.dumps(value, allow_nan=True, sort_keys=True, default=repr)
