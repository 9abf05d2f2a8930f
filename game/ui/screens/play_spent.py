"""Input spent before it reaches the board: the rest of a gesture that took
the screen above away, a double click's second press, the click that
brought the window back.

The play screen's spending part (a mixin, like ``play_input``, so the
screen stays one object with one state; ``play`` keeps that state): what
is held by a spent gesture (``_spent``, ``_spent_keys``) and the double
click told of (``_double_of``), asked first by ``PlayInput._taken`` for
each event.
"""

from __future__ import annotations

import pygame

from ..hit import FACE, HBAR, MENU_BAR, VBAR
from . import dialog_lists
from .base import buttons_up
from .dialog_lists import second_press
from .play_part import PlayPart

PRESSES = (pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN)
#: The modifier keys, and the bits of a key event's ``mod`` that say each is
#: still held: a key pressed under a spent one is of its gesture.
MODIFIER_MODS = {pygame.K_LALT: pygame.KMOD_LALT, pygame.K_RALT: pygame.KMOD_RALT,
                 pygame.K_LCTRL: pygame.KMOD_LCTRL, pygame.K_RCTRL: pygame.KMOD_RCTRL,
                 pygame.K_LSHIFT: pygame.KMOD_LSHIFT, pygame.K_RSHIFT: pygame.KMOD_RSHIFT,
                 pygame.K_LGUI: pygame.KMOD_LGUI, pygame.K_RGUI: pygame.KMOD_RGUI,
                 pygame.K_MODE: pygame.KMOD_MODE}


def pressed_with(event: pygame.event.Event) -> tuple[str, int] | None:
    """What pressed, as a double click counts it: a mouse button, or a
    touch (a finger and SDL's mouse copy of it alike, which come in either
    order); None for what is no click (a key, the wheel). A double click is
    two presses of the same one: Windows makes none of a right press
    after a left one, however close."""
    if event.type == pygame.FINGERDOWN \
            or event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "touch", False):
        return ("touch", 0)
    if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3):
        return ("button", event.button)
    return None


def held_input(event: pygame.event.Event) -> tuple[str, int] | None:
    """What a press or release holds down or lets go (a mouse button, a
    finger), as a key shared by the press and its release; None for other events."""
    if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button in (1, 2, 3):
        return ("button", event.button)
    if event.type in (pygame.FINGERDOWN, pygame.FINGERUP):
        return ("finger", event.finger_id)
    return None


class PlaySpent(PlayPart):
    """Spent input for ``PlayScreen`` (its module, ``play``, says what state it keeps)."""

    def spend_gesture(self, event: pygame.event.Event) -> None:
        """``event`` took the screen above away (attract mode's waking touch,
        Pause's resuming click) and was spent doing so: the rest of its
        gesture must not reach the board either. SDL sends a tap as a finger
        and a mouse copy of it (SDL 2 the copy first; either order is taken),
        and both buttons pressed together reach us one after the other, so
        the press that comes after the screen has gone would otherwise open
        or flag a cell. Until everything held then has come up, every press
        joins the spent gesture."""
        held = held_input(event)
        self._spent = {held} if held is not None and event.type in PRESSES else set()
        # A key held down repeats (the arrows do): its repeats are spent too.
        self._spent_keys = {event.key} if event.type == pygame.KEYDOWN else set()

    def pressed_under_spent_key(self, event: pygame.event.Event) -> bool:
        """Whether the key ``event`` is pressed while a spent modifier is
        held (its ``mod`` says so): the chord is the spent gesture, and the
        key is spent with it, its repeats and release too. A passer-by's
        Alt+G woke attract mode with its Alt, and its G opened the Game
        menu over the fresh game. A spent modifier its ``mod`` says is up
        came up unheard (in another window): it spends nothing more."""
        if event.type != pygame.KEYDOWN:
            return False
        mods = getattr(event, "mod", 0)
        held = {k for k in self._spent_keys if k in MODIFIER_MODS}
        self._spent_keys -= {k for k in held if not mods & MODIFIER_MODS[k]}
        if self._spent_keys & held:
            self._spent_keys.add(event.key)
            return True
        return False

    def spend_double_click(self, first: tuple[int, tuple[int, int]],
                           by: tuple[str, int]) -> None:
        """A click took the screen above away as it came up (the replay
        viewer's face), ``first`` its press (tick, display pixel) made
        ``by`` a button or a touch (``pressed_with``): the second press of
        a double click, landing where the board now shows its own face,
        started a new game and threw the one under way away. That press, if
        it comes (the same button's, before any other's), is spent with the
        rest of its gesture; any other press plays."""
        self._double_of = (first[0], first[1], by)

    def spend_click(self, event: pygame.event.Event) -> None:
        """The press ``event`` took the screen above away (attract mode's
        waking click, Pause's resuming one): spent with the rest of its
        gesture (``spend_gesture``), and so is a double click's second
        press, as Windows ignored it: a passer-by's double click woke the
        demo and opened a cell on the fresh board with its second press."""
        self.spend_gesture(event)
        by = pressed_with(event)
        if by is not None:
            self.spend_double_click((self.app.ticks, self._press_pos(event)), by)

    def _press_pos(self, event: pygame.event.Event) -> tuple[int, int]:
        """The display pixel a press (mouse or finger) is at."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            pos: tuple[int, int] = event.pos
            return pos
        return self._finger_pos(event)

    def _second_press(self, event: pygame.event.Event) -> bool:
        """Whether ``event`` is the second press of the double click
        ``spend_double_click`` was told of (asked once, at the next click:
        a key or the wheel between them leaves it be): the same button's,
        where the first was, as Windows counts a double click, or anywhere
        on the game's face in the time of one. A finger's second tap lands
        a few pixels from its first, and on the face it started a new game."""
        first, self._double_of = self._double_of, None
        by = pressed_with(event)
        if first is None or by is None:
            self._double_of = first
            return False
        then, pos, first_by = first
        if by != first_by:
            return False
        at = self._press_pos(event)
        return second_press((then, pos), self.app.ticks, at) or (
            self.app.ticks - then <= dialog_lists.DOUBLE_CLICK_TICKS and self.target(at).kind == FACE)

    def _other_press_spent(self, event: pygame.event.Event) -> None:
        """A press joining the spent gesture with another button than the
        double click's first press (both buttons pressed together to wake
        attract mode): the next press is no double click's second."""
        if self._double_of is not None and pressed_with(event) not in (None, self._double_of[2]):
            self._double_of = None

    def take_activating_click(self, event: pygame.event.Event) -> bool:
        """Whether the board takes the press that brought the window back
        (``event``) and plays nothing with it, nor with the rest of its
        gesture: Winmine ignored the click that activated its window
        (winmine.c: WM_ACTIVATE by a click sets fIgnoreClick, which drops
        the next button press), so coming back to the window by clicking on
        the board opens no cell and starts no game. The menu bar and the
        board's scroll bars, which in Windows lie outside what the window
        draws in and act on that click, take it."""
        if event.button not in (1, 2, 3) or getattr(event, "touch", False) \
                or self.target(event.pos).kind in (MENU_BAR, HBAR, VBAR):
            return False
        self.spend_gesture(event)
        return True

    def _spent_input(self, event: pygame.event.Event) -> bool:
        """Whether ``event`` belongs to the spent gesture (``spend_gesture``):
        a press while it is held, or a release of what was held; the gesture
        ends when all of it is up. A button of it seen up at a move, or
        pressed again, came up unheard (let go outside the window): it is
        no longer held, and a press once the gesture is over plays. Every
        click after a right click that closed a menu, its release missed,
        did nothing until the next right click."""
        if event.type == pygame.MOUSEMOTION and not getattr(event, "touch", False):
            self._spent -= {("button", button) for button in buttons_up(event)}
            return False
        held = held_input(event)
        if held is None:
            return False
        if event.type in PRESSES:
            self._spent.discard(held)
            if not self._spent:
                return False
            self._spent.add(held)
            return True
        if held in self._spent:
            self._spent.discard(held)
            return True
        return False
