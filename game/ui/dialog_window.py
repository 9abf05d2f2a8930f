"""A dialog's window: its raised frame and its title bar, as each style's
Windows drew them.

Windows 3.1 centred the caption in a navy bar with the control-menu box at
its left end (a double click on the box closes the window); Windows 2000/XP's
Classic look ran the bar from navy to light blue, the caption on the left and
a close button at the right end; the modern look keeps a plain navy bar. The
box and the button are drawn here, pixel by pixel at scale 1, and where they
are (``caption_control``) is the one place the dialog's mouse asks.

An inactive window's bar (another window over it, or the game's window in
the background) told the player which window the keyboard went to: white
with black text in Windows 3.1's default colours, grey shaded to light grey
with light grey text in the Classic look; the modern look's plain bar turns
plain grey with the Classic look's inactive text, as its navy is the Classic
bar's left end.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from .render.painter import BLACK, DARK, GREY, NAVY, WHITE, Colour, Painter
from .text_fit import fit
from .widgets import MODERN, WIN31, XP

#: Windows 2000/XP Classic's active caption, left and right (COLOR_ACTIVECAPTION
#: and COLOR_GRADIENTACTIVECAPTION).
XP_LEFT, XP_RIGHT = NAVY, (16, 132, 208)
#: The Classic look's inactive caption text (COLOR_INACTIVECAPTIONTEXT).
XP_INACTIVE_TEXT = (212, 208, 200)
#: Each look's bar, active and inactive: its colours at the left and right
#: ends (the same for a plain bar) and its caption's.
BARS: dict[tuple[str, bool], tuple[Colour, Colour, Colour]] = {
    (WIN31, True): (NAVY, NAVY, WHITE),
    (WIN31, False): (WHITE, WHITE, BLACK),
    (XP, True): (XP_LEFT, XP_RIGHT, WHITE),
    (XP, False): (DARK, GREY, XP_INACTIVE_TEXT),
    (MODERN, True): (NAVY, NAVY, WHITE),
    (MODERN, False): (DARK, DARK, XP_INACTIVE_TEXT),
}
#: The close button's "x" (Marlett's glyph as the Classic close button shows
#: it): 8 x 7 pixels, "#" drawn.
CROSS = ("##....##",
         ".##..##.",
         "..####..",
         "...##...",
         "..####..",
         ".##..##.",
         "##....##")
#: The box's colours inverted as Windows 3.1 inverted them on a 16-colour
#: display (DSTINVERT flips every bit of a palette index): light grey and
#: dark grey swap, and so do black and white.
INVERTED: dict[Colour, Colour] = {GREY: DARK, DARK: GREY, BLACK: WHITE, WHITE: BLACK}
#: Room (scale-1 pixels) between the caption and the bar's ends, or the control.
PAD = 3


def title_bar(painter: Painter, rect: pygame.Rect) -> pygame.Rect:
    """The title bar of a dialog window at ``rect``: inside its frame, a
    bold line high with a pixel and a half above and below the caption."""
    return pygame.Rect(rect.x + 3, rect.y + 3, rect.w - 6, painter.line_height("bold") + 3)


def caption_control(bar: pygame.Rect, look: str) -> pygame.Rect | None:
    """Where the title bar's control is: Windows 3.1's control-menu box, a
    square at the bar's left end; Windows XP's close button, a pixel in
    from the bar's top and bottom and two from its right end, two wider
    than tall (as the Classic caption's buttons, 16 x 14 in an 18-pixel
    bar); the modern look has none."""
    if look == WIN31:
        return pygame.Rect(bar.x, bar.y, bar.h, bar.h)
    if look == XP:
        h = bar.h - 2
        return pygame.Rect(bar.right - 2 - (h + 2), bar.y + 1, h + 2, h)
    return None


def draw_window(painter: Painter, rect: pygame.Rect, title: str, look: str, *,
                pressed: bool = False, active: bool = True,
                closable: bool = True) -> pygame.Rect:
    """A classic dialog window: raised frame and ``look``'s title bar with
    ``title`` in bold, cut to the room the control leaves (XP's close
    button drawn ``pressed`` while the mouse holds it, greyed when the
    window is not ``closable``; Windows 3.1's box drawn ``pressed``, inverted,
    while its control menu is down, and looking the same closable or not,
    only its menu's Close greyed), in the bar's ``active`` or inactive
    colours (``BARS``). Returns the client area."""
    painter.bevel("raised_2", rect)
    bar = title_bar(painter, rect)
    control = caption_control(bar, look)
    left, right, ink = BARS[look, active]
    if left == right:
        painter.fill(bar, left)
    else:
        _gradient(painter, bar, left, right)
    text_y = bar.y + 2
    if look == WIN31 and control is not None:
        _control_menu_box(painter, control, down=pressed)
        room = pygame.Rect(control.right, bar.y, bar.right - control.right, bar.h)
        shown = fit(painter, title, room.w - 2 * PAD, "bold")
        x = room.x + (room.w - painter.text_width(shown, "bold")) // 2
        painter.text(shown, (x, text_y), ink, "bold")
    else:
        end = control.x - PAD if control is not None else bar.right - PAD
        shown = fit(painter, title, end - bar.x - PAD, "bold")
        painter.text(shown, (bar.x + PAD, text_y), ink, "bold")
        if control is not None:
            _close_button(painter, control, pressed, enabled=closable)
    return pygame.Rect(rect.x + 3, bar.bottom, rect.w - 6, rect.bottom - 3 - bar.bottom)


def _control_menu_box(painter: Painter, box: pygame.Rect, *, down: bool) -> None:
    """Windows 3.1's control-menu box: flat grey, parted from the caption
    by a black line, with a short white bar in a black outline casting a
    dark shadow down and to the right (the space bar Alt+Space stood for).
    While its menu is ``down`` 3.1 drew the box inverted, as its 16-colour
    palette inverts (``INVERTED``): dark grey with a black bar in a white
    outline, so that the player saw which window the menu belonged to."""
    def ink(colour: Colour) -> Colour:
        return INVERTED[colour] if down else colour

    painter.fill(box, ink(GREY))
    painter.fill((box.right - 1, box.y, 1, box.h), BLACK)
    glyph = pygame.Rect(box.x + 2, box.y + (box.h - 5) // 2, box.w - 1 - 4, 4)
    painter.fill(glyph.move(1, 1), ink(DARK))
    painter.fill(glyph, ink(BLACK))
    painter.fill(glyph.inflate(-2, -2), ink(WHITE))


def _close_button(painter: Painter, button: pygame.Rect, pressed: bool, *,
                  enabled: bool = True) -> None:
    """The Classic close button: a push button's bevel round a black "x",
    which moves a pixel down and right while the button is pressed. A
    disabled one (never pressed) has its "x" etched, as Windows drew a
    disabled caption button's glyph (DFCS_INACTIVE) and a disabled menu
    item: in the shadow's grey over the same shape in white a pixel down
    and to the right."""
    painter.bevel("pressed_2" if pressed else "raised_2", button)
    shift = 1 if pressed else 0
    x0 = button.x + (button.w - len(CROSS[0])) // 2 + shift
    y0 = button.y + (button.h - len(CROSS)) // 2 + shift
    inks = ((1, WHITE), (0, DARK)) if not enabled else ((0, BLACK),)
    for offset, colour in inks:
        for dy, row in enumerate(CROSS):
            for dx, ink in enumerate(row):
                if ink == "#":
                    painter.fill((x0 + dx + offset, y0 + dy + offset, 1, 1), colour)


def _gradient(painter: Painter, bar: pygame.Rect, left: Colour, right: Colour) -> None:
    """``bar`` shaded from ``left`` at its left end to ``right`` at its
    right end, a colour a display pixel column, as Windows' GradientFill."""
    out = painter.px(bar)
    painter.surface.blit(_shaded(out.w, out.h, painter.ink(left), painter.ink(right)),
                         out.topleft)


@lru_cache(maxsize=8)
def _shaded(w: int, h: int, left: Colour, right: Colour) -> pygame.Surface:
    """A ``w`` x ``h`` strip shaded from ``left`` to ``right`` (kept: a
    dialog is drawn again at every event, and its width seldom changes)."""
    strip = pygame.Surface((w, h))
    for x in range(w):
        t = x / (w - 1) if w > 1 else 0.0
        strip.fill(tuple(round(a + (b - a) * t) for a, b in zip(left, right, strict=True)),
                   (x, 0, 1, h))
    return strip
