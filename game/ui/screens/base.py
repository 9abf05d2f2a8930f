"""What every screen of the stack offers the app.

A screen owns what input means while it is on top: the play screen turns
clicks into moves, a menu into choices, a dialog into edits. A screen reaches
the app only through ``game.ui.host.Host`` and never imports it
(docs/design.md, "Layers"). Screens below an
overlay keep ticking (the chronometer runs under a menu) but get no input.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from ..host import Host
    from ..render.painter import Painter


#: Input that means someone wants something: it stops auto-play and ends
#: attract mode, and is spent doing so.
DELIBERATE_INPUT = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL, pygame.FINGERDOWN)


def pointer_moved(event: pygame.event.Event) -> bool:
    """A real pointer move (not a synthetic motion event that moved nothing)."""
    return event.type == pygame.MOUSEMOTION and getattr(event, "rel", (0, 0)) != (0, 0)


def buttons_up(event: pygame.event.Event) -> set[int]:
    """The buttons (1 left, 2 middle, 3 right) a motion ``event`` says are
    up. One a screen holds pressed came up unheard (let go outside the
    window, or as the focus went): what it holds is let go of, playing
    nothing, at the next move (the play screen's face and cells, its and
    the viewer's controls)."""
    return {button for button, down in zip((1, 2, 3), event.buttons, strict=False) if not down}


def hand_moved(event: pygame.event.Event) -> bool:
    """A motion the hand made, which hides the keyboard cursor: not SDL's
    motion as the window goes fullscreen or back under a still pointer
    (``rel`` (0, 0)), nor the one ``MovedPointer`` makes as the window
    moves under it. Under Xvfb and openbox, F11 hid the cursor wherever
    the pointer rested, and the next arrow showed it in the middle."""
    return pointer_moved(event) and not getattr(event, "window_moved", False)


class Screen:
    #: True when the screen draws over the ones below instead of replacing them.
    overlay = False
    #: True when the window losing the focus or being minimised closes it, as
    #: Windows closes an open menu (dialogs stay open).
    closes_with_focus = False
    #: Set by a screen that a press outside it took away, when that press
    #: goes on to the board beneath, as Windows passes on the click that
    #: closes a menu (``Loop._to_top``); otherwise it is spent there.
    passes_press = False

    def __init__(self, app: Host) -> None:
        self.app = app

    def enter(self) -> None:
        """Pushed on the stack."""

    def exit(self) -> None:
        """Popped off the stack."""

    def handle(self, event: pygame.event.Event) -> None:
        """An input event, given only to the top screen."""

    def relayout(self) -> None:
        """The window was reopened (new size, scale or fullscreen)."""

    def focus_lost(self) -> None:
        """The window lost the focus or was minimised: a button held down
        comes up in another window, unseen, so whatever a press holds (a
        button shown pressed, a scroll bar being dragged) is let go of."""

    def update(self) -> None:
        """One fixed tick (1/60 s), given to every screen."""

    def draw(self, painter: Painter, full: bool) -> bool:
        """Draw what changed (everything when ``full``); True if anything was drawn."""
        return False


if TYPE_CHECKING:
    #: The base of a screen's mixins for the type checker: a part of a
    #: ``Screen``, so that a mixin may hand ``self`` to the app's stack
    #: (``app.top is self``) and call what every screen has. At run time a
    #: plain ``object``: the mixins come before ``Screen`` in their screen's
    #: bases and must not bring its defaults in ahead of each other's methods.
    ScreenPart = Screen
else:
    ScreenPart = object
