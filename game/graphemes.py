"""What a reader sees as one character, and which script shapes it.

A name is drawn a character at a time from the pixel font, but a Thai tone
mark, a Devanagari vowel sign or an emoji's skin tone belongs with the
letter before it: split from it, it was drawn apart or not at all. So text
is cut into grapheme clusters (a subset of Unicode's rules, UAX #29: a base
and its marks, joiners and selectors, an Indic virama and the consonant it
binds, an emoji's modifiers and ZWJ sequence, a flag's two letters; no
Hangul jamo or prepended marks), each drawn, measured and edited whole:
the caret, Backspace and a name's length limit stop between clusters
only, in the name entry, the letter picker and the store alike (so this
module sits below them all). A run of them in a complex script is shaped
by HarfBuzz only when told its script (ISO 15924), which the ranges below
give. Standard library only: no Unicode data beyond ``unicodedata``'s, so
Extended_Pictographic is a near copy (``pictographic``).
"""

from __future__ import annotations

import unicodedata
from bisect import bisect_right
from collections.abc import Callable
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


#: Extended_Pictographic below the pictographs' planes (UAX #29's GB11
#: joins only these after a ZWJ), as (first, last): close to
#: emoji-data.txt's ranges, among arrows, dingbats, symbols and CJK
#: signs (♀ ♂ ❤ ⬛ ⚕ ✈, which emoji sequences use).
_PICTOGRAPHIC_BMP = (
    (0x00A9, 0x00A9), (0x00AE, 0x00AE), (0x203C, 0x203C), (0x2049, 0x2049),
    (0x2122, 0x2122), (0x2139, 0x2139), (0x2194, 0x2199), (0x21A9, 0x21AA),
    (0x231A, 0x231B), (0x2328, 0x2328), (0x2388, 0x2388), (0x23CF, 0x23CF),
    (0x23E9, 0x23F3), (0x23F8, 0x23FA), (0x24C2, 0x24C2), (0x25AA, 0x25AB),
    (0x25B6, 0x25B6), (0x25C0, 0x25C0), (0x25FB, 0x25FE), (0x2600, 0x2605),
    (0x2607, 0x2612), (0x2614, 0x2685), (0x2690, 0x2705), (0x2708, 0x2712),
    (0x2714, 0x2714), (0x2716, 0x2716), (0x271D, 0x271D), (0x2721, 0x2721),
    (0x2728, 0x2728), (0x2733, 0x2734), (0x2744, 0x2744), (0x2747, 0x2747),
    (0x274C, 0x274C), (0x274E, 0x274E), (0x2753, 0x2755), (0x2757, 0x2757),
    (0x2763, 0x2767), (0x2795, 0x2797), (0x27A1, 0x27A1), (0x27B0, 0x27B0),
    (0x27BF, 0x27BF), (0x2934, 0x2935), (0x2B05, 0x2B07), (0x2B1B, 0x2B1C),
    (0x2B50, 0x2B50), (0x2B55, 0x2B55), (0x3030, 0x3030), (0x303D, 0x303D),
    (0x3297, 0x3297), (0x3299, 0x3299),
)
_PICTOGRAPHIC_FIRSTS = tuple(first for first, _ in _PICTOGRAPHIC_BMP)
#: The emoji among the enclosed letters (🅰 🅱 🅾 🅿 🆎 🆑...🆚).
_PICTOGRAPHIC_ENCLOSED = frozenset((0x1F170, 0x1F171, 0x1F17E, 0x1F17F, 0x1F18E,
                                    *range(0x1F191, 0x1F19B)))
#: The viramas that bind the next consonant into a conjunct (Unicode
#: 15.1's Indic_Conjunct_Break=Linker, GB9c): Devanagari, Bengali,
#: Gujarati, Oriya, Telugu, Malayalam. Tamil's pulli, Thai's phinthu and
#: the others' viramas show: the consonant after them is a cluster of its own.
_LINKERS = frozenset("\u094d\u09cd\u0acd\u0b4d\u0c4d\u0d4d")
#: Letters Unicode counts as spacing marks though they are letters (Lo):
#: Thai's and Lao's SARA AM, a vowel sign written after its consonant.
_SPACING_LETTERS = frozenset("\u0e33\u0eb3")
#: Spacing vowel signs and length marks Unicode counts as extending, as
#: non-spacing marks are (Other_Grapheme_Extend): a conjunct goes on
#: through them (Bengali's and Oriya's AU length marks, Malayalam's AA...).
_EXTENDING_SIGNS = frozenset("\u09be\u09d7\u0b3e\u0b57\u0bbe\u0bd7\u0cc2\u0cd5\u0cd6"
                             "\u0d3e\u0d57\u0dcf\u0ddf")


def _extends(ch: str) -> bool:
    """Whether ``ch`` belongs with the character before it: a mark, a
    joiner, a variation selector, an emoji modifier or tag (UAX #29's
    Extend, ZWJ and SpacingMark)."""
    code = ord(ch)
    return (unicodedata.category(ch)[0] == "M" or code in (0x200C, 0x200D)
            or 0x1F3FB <= code <= 0x1F3FF or 0xE0020 <= code <= 0xE007F
            or ch in _SPACING_LETTERS)


def pictographic(ch: str) -> bool:
    """Whether ``ch`` is Extended_Pictographic, near enough (no tables of
    Unicode's here): the pictographs' planes, but their enclosed letters
    and numbers (the few emoji among them kept), regional indicators and
    skin tones; below them, ``_PICTOGRAPHIC_BMP``."""
    code = ord(ch)
    if code >= 0x1F000:
        if 0x1F100 <= code <= 0x1F1FF:
            return code in _PICTOGRAPHIC_ENCLOSED
        return code <= 0x1FFFD and not 0x1F3FB <= code <= 0x1F3FF
    found = bisect_right(_PICTOGRAPHIC_FIRSTS, code) - 1
    return found >= 0 and code <= _PICTOGRAPHIC_BMP[found][1]


_LINKER_BLOCKS = frozenset(ord(ch) >> 7 for ch in _LINKERS)
#: Letters where ``_consonant`` looks that Unicode 15.1 counts as no
#: consonant (found against the regex package's clusters): Bengali's
#: Vedic anusvara, Telugu's NAKAARA POLLU, Malayalam's archaic II.
_NOT_CONSONANTS = frozenset("\u09fc\u0c5d\u0d5f")


def _consonant(ch: str) -> bool:
    """Whether ``ch`` is a consonant of one of the ``_LINKERS``' scripts:
    a letter of their blocks of 128 code points laid out alike (ISCII's
    order), past the independent vowels (up to 0x14) and before the signs
    (0x3A: Malayalam's TTTA, the one letter there), or one of the
    consonants added after them (0x58 to 0x5F: a nukta's forms; Bengali's
    ৰ ৱ; Devanagari's and Gujarati's from 0x78, not Malayalam's chillus
    there), but for the few letters there that are none
    (``_NOT_CONSONANTS``)."""
    code = ord(ch)
    offset = code & 0x7F
    return (code >> 7 in _LINKER_BLOCKS and unicodedata.category(ch) == "Lo"
            and ch not in _NOT_CONSONANTS
            and (0x15 <= offset <= 0x3A or 0x58 <= offset <= 0x5F or 0x70 <= offset <= 0x71
                 or offset >= 0x78 and code < 0x0D00))


def _binds(linker: str | None, ch: str) -> bool:
    """Whether the virama ``linker`` (None or "": none) binds the consonant
    ``ch``: one of its own script."""
    return bool(linker) and ord(ch) >> 7 == ord(linker or "\0") >> 7


_EXTENDING = frozenset(("mark", "extend", "zwj", "linker"))


@lru_cache(maxsize=4096)
def _kind(ch: str) -> str:
    """What ``ch`` is to the cluster rules: "zwj", "linker" (a virama of
    ``_LINKERS``), "mark" (a non-spacing one: a nukta, an anusvara, an
    accent, a selector; a conjunct goes on through it), "extend" (any
    other that belongs with the character before it: a vowel sign written
    beside its letter, ZWNJ, a skin tone; a conjunct ends there), "pictograph", "consonant", "regional"
    (indicator) or "other". Kept: asked of every character of every line laid out, it
    made cutting a long name take half as long again."""
    if ch == ZWJ:
        return "zwj"
    if ch in _LINKERS:
        return "linker"
    if _extends(ch):
        return ("mark" if unicodedata.category(ch) in ("Mn", "Me") or ch in _EXTENDING_SIGNS
                else "extend")
    if pictographic(ch):
        return "pictograph"
    if _consonant(ch):
        return "consonant"
    return "regional" if 0x1F1E6 <= ord(ch) <= 0x1F1FF else "other"


@lru_cache(maxsize=1024)
def clusters(text: str) -> tuple[int, ...]:
    """Where each grapheme cluster of ``text`` starts, and its length last:
    (0, ..., len(text)). A ZWJ binds a pictograph after a pictograph (GB11:
    an emoji sequence; after anything else it is only the end of the
    cluster before it), one of the six viramas of ``_LINKERS`` the
    consonant after it, marks and ZWJ between them (GB9c: a conjunct, as
    Unicode 15.1 has it), and two regional indicators make one flag."""
    bounds = [0]
    flag_open = False
    # In the cluster so far: a pictograph then only marks ("open", GB11's
    # left side), then a ZWJ ("zwj"); None otherwise. And a consonant
    # then only non-spacing marks and ZWJ (""), or the virama binding the
    # next one through them (GB9c; a spacing vowel sign or ZWNJ ends it).
    pict: str | None = None
    linker: str | None = None
    for i, ch in enumerate(text):
        kind = _kind(ch)
        extends = kind in _EXTENDING
        joined = i > 0 and (
            extends
            or (kind == "pictograph" and pict == "zwj")
            or (kind == "consonant" and _binds(linker, ch))
            or (kind == "regional" and flag_open))
        flag_open = kind == "regional" and not (joined and flag_open)
        if not joined and i > 0:
            bounds.append(i)
        if kind == "linker" and linker is not None:
            linker = ch
        elif kind == "consonant":
            linker = ""
        elif kind not in ("mark", "zwj"):
            linker = None
        if kind == "pictograph":
            pict = "open"
        elif kind == "zwj":
            pict = "zwj" if pict == "open" else None
        elif not extends or pict == "zwj":
            pict = None
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


def at_boundary(text: str, index: int) -> int:
    """``index``, or the end of the cluster it falls inside: an edit may
    join what was two clusters (a space rubbed out between two regional
    indicators makes a flag), and the caret never stands inside one."""
    bounds = clusters(text)
    return index if index in bounds or not text else next_boundary(text, index)


def erased_from(text: str, index: int) -> int:
    """Where Backspace at the boundary ``index`` rubs out from: a whole
    emoji (a sequence, a flag, a keycap, a skin tone) goes at once, as
    users of every system expect; of any other cluster only its last
    character (an accent, a Thai tone mark, a Devanagari vowel sign or the
    consonant a virama bound), as browsers and Windows' boxes do, so a
    mark typed wrong is typed again without its letter."""
    if index <= 0:
        return 0
    start = cluster_start(text, index - 1)
    cluster = text[start:index]
    return start if is_emoji(cluster) or pictographic(cluster[0]) else index - 1


def whole_clusters(text: str, limit: int, size: Callable[[str], int] = len) -> str:
    """The longest start of ``text`` of at most ``limit`` characters, as
    ``size`` counts them (``len``: code points; a name's limit counts them
    composed, NFC), that ends between two clusters: a name is never cut
    inside one (an emoji sequence's half, a letter without its accent)."""
    if size(text) <= limit:
        return text
    if size is len:
        # Whether a cluster starts at ``limit`` is told by the characters up
        # to it: a megabyte-long name in a file was cut into clusters all
        # through (0.27 s) and kept whole in their cache.
        return text[:cluster_start(text[:limit + 1], limit)]
    # Halved: a longer start never counts fewer (a mark composed with its
    # letter counts nothing more, but never less than the letter alone).
    bounds = clusters(text)
    fits, over = 0, len(bounds) - 1
    while over - fits > 1:
        middle = (fits + over) // 2
        if size(text[:bounds[middle]]) <= limit:
            fits = middle
        else:
            over = middle
    return text[:bounds[fits]]
