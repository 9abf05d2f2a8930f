"""What a reader sees as one character, and which script shapes it.

A name is drawn a character at a time from the pixel font, but a Thai tone
mark, a Devanagari vowel sign or an emoji's skin tone belongs with the
letter before it: split from it, it was drawn apart or not at all. So text
is cut into grapheme clusters (a subset of Unicode's rules, UAX #29: a base
and its marks, joiners and selectors, an Indic virama and the consonant it
binds, an emoji's modifiers and ZWJ sequence, a flag's two letters; no
Hangul jamo or prepended marks), each drawn, measured and edited whole.
A run of them in a complex script is shaped by HarfBuzz only when told its
script (ISO 15924), which the ranges below give. Standard library only.
"""

from __future__ import annotations

import unicodedata
from bisect import bisect_right
from functools import lru_cache

ZWJ = "\u200d"
#: Scripts whose letters change shape or move with their neighbours, by the
#: first code point of each range (a range ends where the next one starts;
#: "" is no script of those: HarfBuzz's default shaping does). ISO 15924
#: codes in small letters, capitalised when told (``shaping.shape``).
_RANGES = (
    (0x0000, ""), (0x0590, "hebr"), (0x0600, "arab"), (0x0700, "syrc"), (0x0750, "arab"),
    (0x0780, "thaa"), (0x07C0, "nkoo"), (0x0800, ""), (0x0860, "syrc"), (0x0870, "arab"),
    (0x0900, "deva"), (0x0980, "beng"), (0x0A00, "guru"), (0x0A80, "gujr"),
    (0x0B00, "orya"), (0x0B80, "taml"), (0x0C00, "telu"), (0x0C80, "knda"),
    (0x0D00, "mlym"), (0x0D80, "sinh"), (0x0E00, "thai"), (0x0E80, "laoo"),
    (0x0F00, "tibt"), (0x1000, "mymr"), (0x10A0, ""), (0x1780, "khmr"), (0x1800, "mong"),
    (0x18B0, ""), (0x19E0, "khmr"), (0x1A00, ""), (0xA8E0, "deva"), (0xA900, ""),
    (0xA9E0, "mymr"), (0xAA00, ""), (0xAA60, "mymr"), (0xAA80, ""), (0xFB1D, "hebr"),
    (0xFB50, "arab"), (0xFE00, ""), (0xFE70, "arab"), (0xFF00, ""),
)
_STARTS = tuple(start for start, _ in _RANGES)
#: Characters an emoji font shows by default (Emoji_Presentation) below the
#: pictographs' planes, as (first, last).
_EMOJI_BMP = (
    (0x231A, 0x231B), (0x23E9, 0x23EC), (0x23F0, 0x23F0), (0x23F3, 0x23F3),
    (0x25FD, 0x25FE), (0x2614, 0x2615), (0x2648, 0x2653), (0x267F, 0x267F),
    (0x2693, 0x2693), (0x26A1, 0x26A1), (0x26AA, 0x26AB), (0x26BD, 0x26BE),
    (0x26C4, 0x26C5), (0x26CE, 0x26CE), (0x26D4, 0x26D4), (0x26EA, 0x26EA),
    (0x26F2, 0x26F3), (0x26F5, 0x26F5), (0x26FA, 0x26FA), (0x26FD, 0x26FD),
    (0x2705, 0x2705), (0x270A, 0x270B), (0x2728, 0x2728), (0x274C, 0x274C),
    (0x274E, 0x274E), (0x2753, 0x2755), (0x2757, 0x2757), (0x2795, 0x2797),
    (0x27B0, 0x27B0), (0x27BF, 0x27BF), (0x2B1B, 0x2B1C), (0x2B50, 0x2B50),
    (0x2B55, 0x2B55),
)
_EMOJI_BMP_FIRSTS = tuple(first for first, _ in _EMOJI_BMP)


def script(ch: str) -> str:
    """``ch``'s script ("arab", "thai"...), "" for
    one that needs no shaper of its own (Latin, CJK, emoji) or for a
    character shared by every script (digits, spaces, marks)."""
    code = ord(ch)
    if code >= 0x10000 or unicodedata.category(ch)[0] in "MZC":    # marks, spaces, formats
        return ""
    return _RANGES[bisect_right(_STARTS, code) - 1][1]


def is_emoji(cluster: str) -> bool:
    """Whether ``cluster`` is an emoji a colour font should draw: a pictograph
    (U+1F000 and up), a flag, one of the few older symbols shown as emoji by
    default, or any character asked for as emoji (U+FE0F)."""
    if "\ufe0f" in cluster:
        return True
    code = ord(cluster[0])
    if 0x1F000 <= code <= 0x1FAFF:
        return 0x1F100 > code or code >= 0x1F1E6 or code in (0x1F18E,) \
            or 0x1F191 <= code <= 0x1F19A
    # Looked up, not scanned: asked of every cluster of every line laid out
    # (a third of the time to lay out a list of long Arabic or Thai names).
    found = bisect_right(_EMOJI_BMP_FIRSTS, code) - 1
    return found >= 0 and code <= _EMOJI_BMP[found][1]


def _extends(ch: str) -> bool:
    """Whether ``ch`` belongs with the character before it: a mark, a
    joiner, a variation selector, an emoji modifier or tag."""
    code = ord(ch)
    return (unicodedata.category(ch)[0] == "M" or code in (0x200C, 0x200D)
            or 0x1F3FB <= code <= 0x1F3FF or 0xE0020 <= code <= 0xE007F)


@lru_cache(maxsize=1024)
def clusters(text: str) -> tuple[int, ...]:
    """Where each grapheme cluster of ``text`` starts, and its length last:
    (0, ..., len(text)). A ZWJ binds the character after it, a virama the
    letter after it (a conjunct, as Unicode 15.1 does for Devanagari and
    its kin), and two regional indicators make one flag."""
    bounds = [0]
    prev = ""
    flag_open = False
    for i, ch in enumerate(text):
        code = ord(ch)
        regional = 0x1F1E6 <= code <= 0x1F1FF
        joined = i > 0 and (
            _extends(ch)
            or prev == ZWJ
            or (unicodedata.combining(prev) == 9 and unicodedata.category(ch)[0] == "L")
            or (regional and flag_open))
        flag_open = regional and not (joined and flag_open)
        if not joined and i > 0:
            bounds.append(i)
        prev = ch
    if text:
        bounds.append(len(text))
    return tuple(bounds)


def cluster_start(text: str, index: int) -> int:
    """The start of the cluster ``index`` is in (``index`` at a boundary)."""
    bounds = clusters(text)
    return bounds[bisect_right(bounds, index) - 1] if text else 0


def next_boundary(text: str, index: int) -> int:
    """The cluster boundary after ``index`` (the text's end at most)."""
    bounds = clusters(text)
    i = bisect_right(bounds, index)
    return bounds[i] if i < len(bounds) else len(text)


def previous_boundary(text: str, index: int) -> int:
    """The cluster boundary before ``index`` (0 at least)."""
    return cluster_start(text, index - 1) if index > 0 else 0
