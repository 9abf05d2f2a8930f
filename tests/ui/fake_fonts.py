"""Fonts made for tests from pygame's bundled font: no test counts on the
machine's fonts.

``font_drawing({"\\u05d0": "A", ...})`` is the bundled font with its
character map replaced (a format 12 map: the bundled font's own ASCII, and
each character given drawn as the ASCII letter given), so that it "has"
Hebrew, a mark or an emoji; ``colour=True`` adds an empty COLR table, which
makes it a colour font to the finder. The font is written again whole (a
table directory, the tables 4-byte aligned): FreeType checks no checksum.
"""

from __future__ import annotations

import struct
from pathlib import Path

import pygame

BUNDLED = Path(pygame.__file__).parent / "freesansbold.ttf"


def read_tables(data: bytes) -> dict[bytes, bytes]:
    count = struct.unpack_from(">H", data, 4)[0]
    out = {}
    for i in range(count):
        tag, _, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        out[tag] = data[offset:offset + length]
    return out


def ascii_glyphs(cmap: bytes) -> dict[int, int]:
    """The bundled font's glyph for each printable ASCII character, from
    its format 4 map (segments mapped by delta alone, as its ASCII ones are)."""
    offset = struct.unpack_from(">HHI", cmap, 4)[2]
    count = struct.unpack_from(">H", cmap, offset + 6)[0] // 2
    words = struct.unpack_from(f">{4 * count + 1}H", cmap, offset + 14)
    ends, starts = words[:count], words[count + 1:2 * count + 1]
    deltas, ranges = words[2 * count + 1:3 * count + 1], words[3 * count + 1:4 * count + 1]
    glyphs = {}
    for code in range(0x20, 0x7F):
        for end, start, delta, rng in zip(ends, starts, deltas, ranges, strict=True):
            if start <= code <= end and not rng:
                glyphs[code] = (code + delta) & 0xFFFF
                break
    return glyphs


def font_drawing(drawn_as: dict[str, str], colour: bool = False) -> bytes:
    """The bundled font having the characters of ``drawn_as``, each drawn as
    the ASCII character it maps to."""
    tables = read_tables(BUNDLED.read_bytes())
    glyphs = ascii_glyphs(tables[b"cmap"])
    mapping = dict(glyphs)
    mapping.update({ord(ch): glyphs[ord(like)] for ch, like in drawn_as.items()})
    groups = b"".join(struct.pack(">III", code, code, mapping[code]) for code in sorted(mapping))
    subtable = struct.pack(">HHIII", 12, 0, 16 + len(groups), 0, len(mapping)) + groups
    tables[b"cmap"] = struct.pack(">HHHHI", 0, 1, 3, 10, 12) + subtable
    if colour:
        tables[b"COLR"] = struct.pack(">HHIIH", 0, 0, 14, 14, 0)
    return build(tables)


def build(tables: dict[bytes, bytes]) -> bytes:
    """A TrueType file holding ``tables``."""
    tags = sorted(tables)
    head = struct.pack(">IHHHH", 0x00010000, len(tags), 0, 0, 0)
    offset = 12 + 16 * len(tags)
    directory, body = b"", b""
    for tag in tags:
        data = tables[tag]
        directory += struct.pack(">4sIII", tag, 0, offset + len(body), len(data))
        body += data + b"\0" * (-len(data) % 4)
    return head + directory + body
