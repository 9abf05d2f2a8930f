"""Winmine's xyzzy cheat (README, "xyzzy"): x y z z y typed in a row on the
board, then Shift+Enter, switch it on, and the same again off. While it is
on, the window's top-left pixel is white when the cell under the pointer is
covered and safe, black when it hides a mine, and as the game drew it
anywhere else. It is never kept: each run starts with it off, as Winmine's.

Two halves. The letters are counted as the board's keys come (``typed``).
The pixel is decided at the tick from the cell under the pointer, one
lookup (``follow``), and put on the window's surface after each frame's
drawing, the game's own pixel put back under it before the next one
(``lift``, ``lay``): what the screens draw stays theirs, and a frame that
draws nothing else presents that one pixel alone.

Best times stay honest: a game under way whose pixel showed a covered cell
is assisted (kept in the history, never a best time), as the computer's
help makes it.
"""

from __future__ import annotations

import pygame

from game.engine import Status

from . import keys
from .session import Session

Colour = tuple[int, int, int]

SAFE: Colour = (255, 255, 255)
MINE: Colour = (0, 0, 0)
#: The one pixel, at any scale: the window's (the screen's in fullscreen).
CORNER = pygame.Rect(0, 0, 1, 1)
#: What the player sees as a covered cell (flagged and marked ones are).
COVERED = "#F?"


class Xyzzy:
    """The cheat's state: whether it is on, the letters typed so far, and
    the pixel shown."""

    def __init__(self, allowed: bool) -> None:
        #: False on a machine left in a public place (kiosk, ``--demo``)
        self.allowed = allowed
        self.on = False
        #: The pixel to show, as the last tick decided (None: the game's own)
        self.colour: Colour | None = None
        self._typed = 0                   # letters of the word typed in a row
        self._dot: Colour | None = None   # the pixel put on the surface last frame
        self._under: Colour | None = None  # what the game drew under it

    def typed(self, event: pygame.event.Event) -> bool:
        """A key pressed on the board, counted towards the word. True for the
        Shift+Enter right after it, which switches the cheat and does
        nothing else (Enter alone opens the keyboard cursor's cell). A
        modifier alone (the Shift about to be held) breaks no run; a letter
        with Ctrl, Alt or AltGr is a shortcut, not the letter."""
        if not self.allowed or event.key in keys.MODIFIER_KEYS:
            return False
        mods = getattr(event, "mod", 0)
        letter = event.key if not mods & keys.SHORTCUT_MODS else None
        if self._typed == len(keys.XYZZY):
            self._typed = 0
            if letter in keys.XYZZY_SWITCH and mods & pygame.KMOD_SHIFT:
                self.on = not self.on
                return True
        if letter == keys.XYZZY[self._typed]:
            self._typed += 1
        else:
            self._typed = int(letter == keys.XYZZY[0])
        return False

    def forget(self) -> None:
        """The letters typed so far go: another screen came over the board,
        or the focus went (the word is typed in a row on the board)."""
        self._typed = 0

    def follow(self, session: Session, cell: tuple[int, int] | None) -> None:
        """At the tick: the pixel for ``cell``, the one a click at the
        pointer would play (None when it would play none: the pointer on no
        cell, on the hint's explanation, or the board not on top). Nothing
        before the first click (the first-click rules may lay or move the
        mines then), nor in a demo game; a game under way that shows it is
        assisted from then on."""
        self.colour = None
        if not self.on or cell is None or session.demo:
            return
        field = session.field
        if field.status == Status.READY or field.cell(*cell) not in COVERED:
            return
        mine = field.mine_at(*cell)
        if mine is None:
            return
        self.colour = MINE if mine else SAFE
        if field.status == Status.PLAYING:
            session.assisted = True

    def lift(self, surface: pygame.Surface) -> None:
        """Before a frame's drawing: the game's own pixel back under ours."""
        if self._under is not None:
            surface.set_at(CORNER.topleft, self._under)
            self._under = None

    def lay(self, surface: pygame.Surface) -> bool:
        """After a frame's drawing: the pixel decided put on the surface.
        Returns whether it differs from the last frame's (a frame that drew
        nothing else then presents the corner alone)."""
        before, self._dot = self._dot, self.colour
        if self.colour is not None:
            colour = surface.get_at(CORNER.topleft)
            self._under = (colour.r, colour.g, colour.b)
            surface.set_at(CORNER.topleft, self.colour)
        return self._dot != before
