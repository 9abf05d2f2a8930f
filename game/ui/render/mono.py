"""View > Color off: the game in black, white and greys, as Windows 3.1's
Minesweeper drew itself with Color unticked (on a monochrome display).

Two halves, neither paid for in a frame: the sprites' sheet is made grey
once (``grey_sheet``, each sprite's colours replaced by the greys
``tools/atlas_mono.py`` chose and wrote into the atlas's index), and a
colour the painter fills or writes with becomes a grey as it is drawn
(``tone``: a table lookup, or three multiplications).
"""

from __future__ import annotations

from collections.abc import Mapping

import pygame

Colour = tuple[int, int, int]

BLACK: Colour = (0, 0, 0)
WHITE: Colour = (255, 255, 255)

#: Colours whose brightness would not do. Windows on a monochrome display
#: drew its selections and title bars black (the painter's navy), and the
#: long press's red cue (``hud.CUE``), dark on its black bar as a grey, is
#: lit white as the LED segments are.
TONES: dict[Colour, Colour] = {
    (0, 0, 128): BLACK,
    (224, 0, 0): WHITE,
}


def brightness(colour: tuple[int, ...]) -> int:
    """``colour``'s brightness, 0-255 (ITU-R BT.601 weights): the one grey
    formula, asked by ``tone`` as a frame is drawn and by
    ``tools/atlas_mono.py`` as it chooses the sprites' greys."""
    r, g, b = colour[:3]
    return round(0.299 * r + 0.587 * g + 0.114 * b)


def tone(colour: Colour) -> Colour:
    """``colour`` as a grey: its brightness, or the grey :data:`TONES`
    gives it. A grey stays itself."""
    special = TONES.get(colour)
    if special is not None:
        return special
    r, g, b = colour[:3]
    if r == g == b:
        return (r, g, b)
    grey = brightness(colour)
    return (grey, grey, grey)


def grey_sheet(sheet: pygame.Surface, rects: Mapping[str, pygame.Rect],
               greys: Mapping[str, Mapping[str, str]]) -> pygame.Surface:
    """A copy of the atlas's ``sheet`` with each sprite's colours replaced
    by their greys (``greys``: the index's colour and grey, ``#rrggbbaa``,
    by sprite), in C a sprite and a colour at a time (under a millisecond)."""
    out = sheet.copy()
    for name, pairs in greys.items():
        rect = rects.get(name)
        if rect is None:
            continue
        with pygame.PixelArray(out.subsurface(rect)) as part:
            for colour, grey in pairs.items():
                part.replace(pygame.Color(colour), pygame.Color(grey))
    return out
