"""Characters the pixel font lacks: names typed in other scripts.

pygame's bundled font (freesansbold) draws what it has: Latin, Greek,
Cyrillic. What it lacks (Japanese, Korean, Chinese, Arabic, emoji...) is
asked of the system's fonts (``system_fonts``); until they answer, or when
none has the character, the bundled font's box stands in for it.
"""

from __future__ import annotations

import pygame
import pygame.pkgdata

from ..display import window_surface
from .font_tables import Coverage, read_coverage
from .system_fonts import FACES, WHITE, FontFinder, Glyph

#: pygame's bundled font by height and boldness, and its characters: facts of
#: the process, kept for it (a Font dropped would be closed on the window's
#: thread, maybe while the finder's thread opens one).
_fonts: dict[tuple[int, bool], pygame.font.Font] = {}
_bundled: list[Coverage | None] = []


class FallbackGlyphs:
    """White glyphs at the pixel font's height for characters it lacks."""

    def __init__(self, finder: FontFinder) -> None:
        self.finder = finder

    def glyph(self, ch: str, height: int, baseline: int, bold: bool,
              scale: int) -> tuple[pygame.Surface, bool]:
        """The glyph at ``scale``, and whether it takes the text's colour
        (all but a colour emoji's)."""
        if 0xD800 <= ord(ch) <= 0xDFFF:        # a lone surrogate (bytes of a non-UTF-8 path)
            ch = "\ufffd"
        image, tint = None, True
        if not bundled_has(ch):
            found = self.finder.glyph(ch, height, baseline, bold)
            if isinstance(found, Glyph):
                image, tint = found.image.copy(), not found.coloured
        if image is None:
            image = bundled_glyph(ch, height, bold)
        if window_surface():
            image = image.convert_alpha()
        return (pygame.transform.scale_by(image, scale) if scale != 1 else image), tint


def bundled_has(ch: str) -> bool:
    """Whether pygame's bundled font has ``ch`` (read from its file once:
    pygame cannot tell, see ``font_tables``). A font file that cannot be
    read is taken to have everything: it draws it, or its box, as it did
    before the system's fonts were looked at."""
    if not _bundled:
        try:
            with pygame.pkgdata.getResource(pygame.font.get_default_font()) as file:
                _bundled.append(read_coverage(file.name))
        except (OSError, AttributeError):
            _bundled.append(None)
    coverage = _bundled[0]
    return coverage is None or ch in coverage


def bundled_glyph(ch: str, height: int, bold: bool) -> pygame.Surface:
    """``ch`` from pygame's bundled font (its box when it lacks it), centred
    on the line."""
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
