"""Which characters a font file has, read from its character map.

pygame cannot tell: ``Font.metrics`` gives the "missing glyph" box's metrics
for a character the font lacks (SDL_ttf's TTF_GlyphMetrics falls back to
glyph 0), never None. So the font's own ``cmap`` table is read here, the one
FreeType would pick (a Unicode map, the full-range one first) in the first
font of the file (SDL_ttf opens face 0 of a collection). Standard library
only, and only the bytes needed are read: a system's fonts are scanned on a
thread, and a file that is truncated, not a font or unreadable is a font
without characters, never an exception.
"""

from __future__ import annotations

import os
import struct
import sys
from array import array
from bisect import bisect_left
from collections.abc import Callable
from pathlib import Path

#: A font's whole cmap is rarely over 1 MB (Noto CJK: 0.3 MB); more is not one.
CMAP_CAP = 4 * 1024 * 1024
#: Tables in a font: 20 to 40 in practice.
TABLES_CAP = 512
#: Unicode maps in FreeType's order: the full-range (UCS-4) ones, then the
#: basic plane's.
PREFERRED = ((3, 10), (0, 6), (0, 4), (3, 1), (0, 3), (0, 2), (0, 1), (0, 0))


#: Tables of colour glyphs FreeType draws (bitmaps, Apple's bitmaps, layers):
#: a font having one is a colour emoji font. SVG glyphs SDL_ttf cannot draw.
COLOUR_TABLES = (b"CBDT", b"sbix", b"COLR")


class Coverage:
    """A font's characters, as its cmap subtable stores them (format 4, 6,
    12 or 13), asked one code point at a time: a bisection, no expansion
    (a CJK font maps 65,000 characters); ``coloured`` when the font has
    colour glyphs (an emoji font, asked first for emoji)."""

    def __init__(self, table: bytes, coloured: bool = False) -> None:
        kind = struct.unpack_from(">H", table)[0]
        make = {4: self._format4, 6: self._format6}.get(kind, self._groups)
        self._lookup = make(table, kind)
        self.coloured = coloured

    def __contains__(self, ch: str) -> bool:
        return self._lookup(ord(ch))

    @staticmethod
    def _format4(table: bytes, kind: int) -> Callable[[int], bool]:
        words = _big(array("H"), table[14:])
        # Four columns and a pad word: a count the table cannot hold (a
        # hostile font) left columns short, read past their ends.
        count = min(struct.unpack_from(">H", table, 6)[0] // 2, (len(words) - 1) // 4)
        ends, starts = words[:count], words[count + 1:2 * count + 1]
        deltas, ranges = words[2 * count + 1:3 * count + 1], words[3 * count + 1:4 * count + 1]
        glyph_ids = words[4 * count + 1:]

        def has(code: int) -> bool:
            i = bisect_left(ends, code)
            if i >= len(starts) or starts[i] > code:
                return False
            glyph = code
            if ranges[i]:
                at = ranges[i] // 2 + (code - starts[i]) + i - count
                glyph = glyph_ids[at] if 0 <= at < len(glyph_ids) else 0
                if glyph == 0:
                    return False
            return (glyph + deltas[i]) & 0xFFFF != 0
        return has

    @staticmethod
    def _format6(table: bytes, kind: int) -> Callable[[int], bool]:
        first, count = struct.unpack_from(">HH", table, 6)
        glyph_ids = _big(array("H"), table[10:10 + 2 * count])
        return lambda code: 0 <= code - first < len(glyph_ids) and glyph_ids[code - first] != 0

    @staticmethod
    def _groups(table: bytes, kind: int) -> Callable[[int], bool]:
        count = min(struct.unpack_from(">I", table, 12)[0], (len(table) - 16) // 12)
        groups = _big(array("I"), table[16:16 + 12 * count])     # whole groups only
        starts, ends, glyphs = groups[0::3], groups[1::3], groups[2::3]

        def has(code: int) -> bool:
            i = bisect_left(ends, code)
            if i >= len(starts) or starts[i] > code:
                return False
            # Format 12 maps a range to consecutive glyphs, 13 to one glyph.
            return (glyphs[i] + (code - starts[i] if kind == 12 else 0)) != 0
        return has


def _big(words: array[int], data: bytes) -> array[int]:
    """``data`` read as big-endian words (the font's order) into ``words``."""
    words.frombytes(data[:len(data) - len(data) % words.itemsize])
    if sys.byteorder == "little":
        words.byteswap()
    return words


def read_coverage(path: Path) -> Coverage | None:
    """The characters of the first font in ``path`` (.ttf, .otf or a .ttc
    collection), or None when it has no Unicode map we read or is no font
    at all (truncated, garbage, unreadable, a FIFO or a device)."""
    try:
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
        fd = os.open(path, flags)             # a FIFO must not block: pread refuses it
        try:
            found = _cmap_subtable(lambda offset, size: _read_at(fd, offset, size))
            return Coverage(*found) if found is not None else None
        finally:
            os.close(fd)
    except (OSError, ValueError, struct.error, KeyError, IndexError, OverflowError,
            MemoryError):
        return None


def _read_at(fd: int, offset: int, size: int) -> bytes:
    """``size`` bytes at ``offset`` (fewer at the end of the file)."""
    if hasattr(os, "pread"):
        return os.pread(fd, size, offset)
    os.lseek(fd, offset, os.SEEK_SET)                 # Windows has no pread
    return os.read(fd, size)


def _cmap_subtable(read: Callable[[int, int], bytes]) -> tuple[bytes, bool] | None:
    """The preferred Unicode subtable's bytes, through ``read(offset, size)``,
    and whether the font has colour glyphs."""
    start = 0
    if read(0, 4) == b"ttcf":
        start = struct.unpack(">I", read(12, 4))[0]      # the first font of the collection
    tables = min(struct.unpack(">H", read(start + 4, 2))[0], TABLES_CAP)
    directory = read(start + 12, 16 * tables)
    tags = {directory[16 * i:16 * i + 4] for i in range(len(directory) // 16)}
    coloured = any(tag in tags for tag in COLOUR_TABLES)
    for i in range(len(directory) // 16):
        tag, _, offset, length = struct.unpack_from(">4sIII", directory, 16 * i)
        if tag == b"cmap":
            cmap = read(offset, min(length, CMAP_CAP))
            if len(cmap) < min(length, CMAP_CAP):
                return None                                # the file ends inside it
            break
    else:
        return None
    maps: dict[tuple[int, int], int] = {}
    for i in range(struct.unpack_from(">H", cmap, 2)[0]):
        platform, encoding, offset = struct.unpack_from(">HHI", cmap, 4 + 8 * i)
        maps.setdefault((platform, encoding), offset)
    for key in PREFERRED:
        if key in maps:
            offset = maps[key]
            kind = struct.unpack_from(">H", cmap, offset)[0]
            if kind in (4, 6):
                size = struct.unpack_from(">H", cmap, offset + 2)[0]
            elif kind in (12, 13):
                size = struct.unpack_from(">I", cmap, offset + 4)[0]
            else:
                continue
            table = cmap[offset:offset + size]
            return (table, coloured) if len(table) == size else None
    return None
