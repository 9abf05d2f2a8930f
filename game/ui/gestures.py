"""Mouse gestures on the board: the UI state between a press and a release.

Input never changes the game directly (the Tatham discipline): pressing and
dragging only move the highlight; a release produces at most one small
``Action``, and only when the button comes up on the same target it went down
on (a cell or the face). Chords come from the middle button, or from the left
and right buttons held together; once a two-button chord is released, the
other button's release does nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from .hit import CELL_TARGET, FACE, OUTSIDE, Target

LEFT, MIDDLE, RIGHT = 1, 2, 3

# What the current gesture is.
PRIMARY = "primary"      # left button on a cell: reveal (or flag / chord, by settings)
SECONDARY = "secondary"  # right button on a cell: cycle the mark
CHORD = "chord"          # middle, or left + right
FACE_PRESS = "face"
SPENT = "spent"          # a chord was released; wait for every button to come up


@dataclass(frozen=True)
class Action:
    """What a completed click asks for: ``primary``, ``secondary`` or ``chord``
    on a cell, or ``new_game`` from the face."""

    kind: str
    cell: tuple[int, int] | None = None


NEW_GAME = "new_game"


class Gestures:
    """Tracks buttons and the pointer; turns press/release pairs into actions."""

    def __init__(self) -> None:
        self.held: set[int] = set()
        self.gesture: str | None = None
        self.origin: Target = OUTSIDE   # where the gesture began
        self.hover: Target = OUTSIDE    # where the pointer is now

    def reset(self) -> None:
        self.__init__()

    def press(self, button: int, target: Target, *, field_live: bool) -> None:
        """A button went down over ``target``; ``field_live`` is False once the
        game has ended (the face still works)."""
        self.hover = target
        self.held.add(button)
        on_cell = target.kind == CELL_TARGET and field_live
        both = {LEFT, RIGHT} <= self.held
        if self.gesture == SPENT:
            return
        if both and on_cell or button == MIDDLE and on_cell and not self.gesture:
            self._begin(CHORD, target)
        elif self.gesture:
            return
        elif button == LEFT and target.kind == FACE:
            self._begin(FACE_PRESS, target)
        elif button == LEFT and on_cell:
            self._begin(PRIMARY, target)
        elif button == RIGHT and on_cell:
            self._begin(SECONDARY, target)

    def move(self, target: Target) -> None:
        self.hover = target

    def release(self, button: int, target: Target) -> Action | None:
        """A button came up over ``target``; returns the completed action, if any."""
        self.hover = target
        self.held.discard(button)
        gesture, same = self.gesture, target == self.origin
        action = None
        if gesture == CHORD:
            self.gesture = SPENT
            if same:
                action = Action(CHORD, target.cell)
        elif gesture == PRIMARY and button == LEFT:
            self.gesture = None
            if same:
                action = Action(PRIMARY, target.cell)
        elif gesture == SECONDARY and button == RIGHT:
            self.gesture = None
            if same:
                action = Action(SECONDARY, target.cell)
        elif gesture == FACE_PRESS and button == LEFT:
            self.gesture = None
            if same:
                action = Action(NEW_GAME)
        if not self.held:
            self.gesture = None
        return action

    def cancel(self) -> None:
        """Forget the gesture (focus lost, a screen opened over the board)."""
        self.gesture = None
        self.held.clear()

    def _begin(self, gesture: str, target: Target) -> None:
        self.gesture = gesture
        self.origin = target

    # What to show while a gesture is under way.

    def pressed_cell(self) -> tuple[int, int] | None:
        """The cell shown pressed by a primary gesture (the one under the pointer)."""
        if self.gesture == PRIMARY and self.hover.kind == CELL_TARGET:
            return self.hover.cell
        return None

    def chord_cell(self) -> tuple[int, int] | None:
        """The cell whose neighbours show pressed during a chord."""
        if self.gesture == CHORD and self.hover.kind == CELL_TARGET:
            return self.hover.cell
        return None

    def face_pressed(self) -> bool:
        return self.gesture == FACE_PRESS and self.hover == self.origin

    def worried(self) -> bool:
        """The face says "oh" while a cell is held down."""
        return self.gesture in (PRIMARY, CHORD) and self.hover.kind == CELL_TARGET
