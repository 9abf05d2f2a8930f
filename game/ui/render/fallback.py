"""Characters the pixel font lacks: names typed in other scripts.

pygame's bundled font (freesansbold) draws what it has: Latin, Greek,
Cyrillic, a cluster at a time. What it lacks (Japanese, Korean, Chinese,
Arabic, emoji...) is asked of the system's fonts (``system_fonts``) a run
at a time, shaped; until they answer, or when none has the character, the
bundled font's box stands in for it. A run no one font has, that cannot
be shaped here or that is still looked for is drawn a cluster at a time,
its clusters set side by side in the order read (right to left for Hebrew
and Arabic).
"""

from __future__ import annotations

from itertools import pairwise
from typing import NamedTuple

import pygame
import pygame.pkgdata

from game.graphemes import clusters

from ..display_surface import window_surface
from .font_tables import Coverage, read_coverage
from .shaping import WHITE, Glyph
from .system_fonts import FACES, FontFinder, Waiting

#: pygame's bundled font by height and boldness, and its characters: facts of
#: the process, kept for it (a Font dropped would be closed on the window's
#: thread, maybe while the finder's thread opens one).
_fonts: dict[tuple[int, bool], pygame.font.Font] = {}
_bundled: list[Coverage | None] = []
#: Its glyphs drawn, by cluster, height and boldness (see ``bundled_glyph``).
_glyphs: dict[tuple[str, int, bool], pygame.Surface] = {}
GLYPHS_KEPT = 4096


class Piece(NamedTuple):
    """A run drawn at the painter's scale: whether it takes the text's
    colour (all but a colour emoji), where its clusters start (see
    ``Glyph.edges``), in display pixels, and whether any of it is still
    looked for in the system's fonts (drawn meanwhile as pygame's boxes,
    a width that says nothing of the one it will have)."""

    image: pygame.Surface
    tint: bool
    edges: tuple[int, ...]
    waiting: bool = False


class FallbackGlyphs:
    """White runs at the pixel font's height for characters it lacks."""

    def __init__(self, finder: FontFinder) -> None:
        self.finder = finder
        # Clusters drawn one by one for runs drawn side by side, until the
        # finder has news (``forget``): a list of long names still looked
        # for is laid out a cluster at a time, each name several times to
        # cut it to fit, and drew the same clusters hundreds of times.
        self._clusters: dict[tuple[str, int, int, bool, int, str, bool], Piece] = {}

    def forget(self) -> None:
        """The finder found characters: clusters drawn as boxes change."""
        self._clusters.clear()

    def glyph(self, ch: str, height: int, baseline: int, bold: bool,
              scale: int) -> tuple[pygame.Surface, bool]:
        """One cluster at ``scale``, and whether it takes the text's colour."""
        piece = self.run(ch, height, baseline, bold, scale)
        return piece.image, piece.tint

    def run(self, text: str, height: int, baseline: int, bold: bool, scale: int,
            script: str = "", rtl: bool = False) -> Piece:
        """``text`` (clusters of one script and direction) drawn whole at
        ``scale``: shaped by a system font when one has it all."""
        text = "".join("\ufffd" if 0xD800 <= ord(ch) <= 0xDFFF else ch  # bytes of a non-UTF-8 path
                       for ch in text)
        bounds = clusters(text)
        found = None
        # A script shaped is asked of the system's fonts even where pygame's
        # font has every letter (a few Arabic ones): it draws them unjoined.
        if script or not all(bundled_has(ch) for ch in text):
            found = self.finder.glyph(text, height, baseline, bold, script, rtl)
        waiting = isinstance(found, Waiting)
        if isinstance(found, Glyph):
            image, tint, edges = found.image.copy(), not found.coloured, found.edges
        elif len(bounds) > 2:
            piece = self._side_by_side(text, bounds, height, baseline, bold, scale, script, rtl)
            return piece._replace(waiting=waiting or piece.waiting)
        else:
            image, tint = bundled_glyph(text, height, bold), True
            edges = (image.get_width(), 0) if rtl else (0, image.get_width())
        if window_surface():
            image = image.convert_alpha()
        if scale != 1:
            image = pygame.transform.scale_by(image, scale)
        return Piece(image, tint, tuple(x * scale for x in edges), waiting)

    def _side_by_side(self, text: str, bounds: tuple[int, ...], height: int, baseline: int,
                      bold: bool, scale: int, script: str, rtl: bool) -> Piece:
        """A run's clusters drawn one by one, set side by side in the order
        read: when no one font has them all, and while the run is looked
        for (a letter typed: the letters found before it stay drawn, the
        new one is a box until found)."""
        pieces = [self._cluster(text[start:end], height, baseline, bold, scale, script, rtl)
                  for start, end in pairwise(bounds)]
        widths = [piece.image.get_width() for piece in pieces]
        canvas = pygame.Surface((sum(widths), height * scale), pygame.SRCALPHA)
        x, edges = 0, [0]
        for width in widths:
            x += width
            edges.append(x)
        for piece, left in zip(pieces, edges[:-1], strict=True):
            canvas.blit(piece.image, (x - left - piece.image.get_width() if rtl else left, 0))
        if rtl:
            edges = [x - edge for edge in edges]
        return Piece(canvas, all(piece.tint for piece in pieces), tuple(edges),
                     any(piece.waiting for piece in pieces))


    def _cluster(self, text: str, height: int, baseline: int, bold: bool, scale: int,
                 script: str, rtl: bool) -> Piece:
        """One cluster of a run drawn side by side (only blitted, never tinted
        in place: it can be kept)."""
        key = (text, height, baseline, bold, scale, script, rtl)
        piece = self._clusters.get(key)
        if piece is None:
            piece = self.run(text, height, baseline, bold, scale, script, rtl)
            if len(self._clusters) >= GLYPHS_KEPT:
                self._clusters.clear()
            self._clusters[key] = piece
        return piece


def bundled_has(ch: str) -> bool:
    """Whether pygame's bundled font has ``ch`` (read from its file once:
    pygame cannot tell, see ``font_tables``). A font file that cannot be
    read is taken to have everything: it draws it, or its box, as it did
    before the system's fonts were looked at."""
    if not _bundled:
        try:
            # pygame-ce ships pkgdata without annotations (no stub for getResource).
            with pygame.pkgdata.getResource(  # type: ignore[no-untyped-call]
                    pygame.font.get_default_font()) as file:
                _bundled.append(read_coverage(file.name))
        except (OSError, AttributeError):
            _bundled.append(None)
    coverage = _bundled[0]
    return coverage is None or ch in coverage


def bundled_glyph(ch: str, height: int, bold: bool) -> pygame.Surface:
    """``ch`` (a cluster) from pygame's bundled font (its box when it lacks
    it), centred on the line: a copy of the one drawn first (remembered:
    while a list of long names is looked for in the system's fonts, each
    is laid out letter by letter from these, several times to cut it to
    fit, and drawing them all again took most of 60 ms)."""
    key = (ch, height, bold)
    glyph = _glyphs.get(key)
    if glyph is None:
        glyph = _bundled_glyph(ch, height, bold)
        if len(_glyphs) >= GLYPHS_KEPT:
            _glyphs.clear()
        _glyphs[key] = glyph
    return glyph.copy()


def _bundled_glyph(ch: str, height: int, bold: bool) -> pygame.Surface:
    if not pygame.font.get_init():
        pygame.font.init()
    key = (height, bold)
    font = _fonts.get(key)
    if font is None:
        with FACES:
            font = pygame.font.Font(None, height + 3)
        font.set_bold(bold)
        _fonts[key] = font
    ch = ch if font.size(ch)[0] else ""    # render() refuses zero-width marks (U+034F...)
    glyph = font.render(ch, False, WHITE)
    canvas = pygame.Surface((glyph.get_width() + 1, height), pygame.SRCALPHA)
    canvas.blit(glyph, (0, max(0, (height - glyph.get_height()) // 2)))
    return canvas
