"""The order a line of mixed directions is shown in: enough of the Unicode
bidirectional algorithm (UAX #9) for names.

A name whose first strong letter is Hebrew or Arabic reads right to left;
drawn in the order typed, "שלום" read backwards. Each character's type
comes from ``unicodedata.bidirectional``, and these rules are applied:
W1–W7 (marks take their base's direction, numbers after Arabic letters are
Arabic numbers, a separator between two digits and a currency or percent
sign beside them join the number), N1–N2 (spaces and punctuation between
two runs of one direction take it, others the line's), I1–I2 (levels) and
L2 (runs reversed from the highest level down), and L4 for the ASCII
brackets. Left out: explicit embeddings, overrides and isolates (X1–X10:
their control characters count as spaces), paired brackets (N0), the
trailing spaces' reset (L1) and mirrored characters beyond the brackets.
Standard library only.
"""

from __future__ import annotations

import re
import unicodedata

#: Characters that may make a line other than left to right: Hebrew,
#: Arabic and their kin, and their presentation forms. A line without any
#: is drawn as typed, without looking further.
_RIGHT_TO_LEFT = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc"
                            "\U00010800-\U00010fff\U0001e800-\U0001efff]")
_STRONG_R = ("R", "AL")
_NUMBERS = ("EN", "AN")
MIRRORED = dict(zip("()[]{}<>", ")(][}{><", strict=True))


def has_right_to_left(text: str) -> bool:
    """Whether ``text`` has a character of a right-to-left script (the
    algorithm is run only then: most lines are Latin)."""
    return _RIGHT_TO_LEFT.search(text) is not None


def right_to_left(text: str) -> bool:
    """Whether the line reads right to left: its first strong letter does."""
    for ch in text:
        kind = unicodedata.bidirectional(ch)
        if kind == "L":
            return False
        if kind in _STRONG_R:
            return True
    return False


def levels(text: str) -> list[int]:
    """Each character's embedding level: even left to right, odd right to
    left (0 everywhere in a line without Hebrew or Arabic)."""
    if not has_right_to_left(text):
        return [0] * len(text)
    base = 1 if right_to_left(text) else 0
    edge = "R" if base else "L"
    kinds = _weak(text, edge)
    _neutral(kinds, edge)
    out = []
    for kind in kinds:
        if base == 0:
            out.append(1 if kind == "R" else 2 if kind in _NUMBERS else 0)
        else:
            out.append(1 if kind == "R" else 2)
    return out


def _weak(text: str, edge: str) -> list[str]:
    """Types after W1–W7: L, R, EN, AN or a neutral (N)."""
    kinds: list[str] = []
    strong = edge                               # the last strong type (for W2, W7)
    for ch in text:
        kind = unicodedata.bidirectional(ch)
        if kind == "NSM":
            kind = kinds[-1] if kinds else edge                     # W1
        if kind == "EN" and strong == "AL":
            kind = "AN"                                             # W2
        if kind in ("L", "R", "AL"):
            strong = kind
        kinds.append(kind)
    kinds = ["R" if k == "AL" else k for k in kinds]                # W3
    for i in range(1, len(kinds) - 1):                              # W4
        if kinds[i] in ("ES", "CS") and kinds[i - 1] == kinds[i + 1] == "EN":
            kinds[i] = "EN"
        elif kinds[i] == "CS" and kinds[i - 1] == kinds[i + 1] == "AN":
            kinds[i] = "AN"
    for i, kind in enumerate(kinds):                                # W5
        if kind == "ET" and _beside(kinds, i, "ET", "EN"):
            kinds[i] = "EN"
    strong = "L" if edge == "L" else "R"
    for i, kind in enumerate(kinds):                                # W6, W7
        if kind in ("L", "R"):
            strong = kind
        elif kind == "EN" and strong == "L":
            kinds[i] = "L"
        elif kind not in _NUMBERS:
            kinds[i] = "N"
    return kinds


def _beside(kinds: list[str], i: int, through: str, kind: str) -> bool:
    """Whether a run of ``through`` around ``i`` touches a ``kind``."""
    for step in (-1, 1):
        j = i + step
        while 0 <= j < len(kinds) and kinds[j] == through:
            j += step
        if 0 <= j < len(kinds) and kinds[j] == kind:
            return True
    return False


def _neutral(kinds: list[str], edge: str) -> None:
    """N1–N2: a run of neutrals between two of one direction (numbers
    counting as right to left) takes it; any other, the line's."""
    i = 0
    while i < len(kinds):
        if kinds[i] != "N":
            i += 1
            continue
        j = i
        while j < len(kinds) and kinds[j] == "N":
            j += 1
        before = edge if i == 0 else _direction(kinds[i - 1])
        after = edge if j == len(kinds) else _direction(kinds[j])
        kinds[i:j] = [before if before == after else edge] * (j - i)
        i = j


def _direction(kind: str) -> str:
    return "L" if kind == "L" else "R"


def visual_order(runs: list[int]) -> list[int]:
    """The indices of items at levels ``runs`` in the order they are shown,
    left to right (L2: from the highest level down to the lowest odd one,
    every run at that level or higher is reversed)."""
    order = list(range(len(runs)))
    if not runs:
        return order
    lowest_odd = min((level for level in runs if level % 2), default=None)
    if lowest_odd is None:
        return order
    for level in range(max(runs), lowest_odd - 1, -1):
        i = 0
        while i < len(order):
            if runs[order[i]] < level:
                i += 1
                continue
            j = i
            while j < len(order) and runs[order[j]] >= level:
                j += 1
            order[i:j] = reversed(order[i:j])
            i = j
    return order
