"""Mouse gestures on the board: the UI state between a press and a release.

Input never changes the game directly (the Tatham discipline): pressing and
dragging only move the highlight. The classic game's feel decides what a
gesture yields:

* a left press shows the cell under the pointer pressed, the pressed look
  follows the pointer, and the release opens the cell under the pointer *at
  release* (players slide to correct a mis-aimed press, even one that landed
  on the frame around the field); released off the field, nothing happens;
* a chord (middle button, Shift and the left button, or left and right held
  together: a press begun on the field becomes a chord when the other button,
  or the middle one, joins it, wherever the pointer then is) works the same
  way: the pressed neighbourhood follows, the chord is played where the
  button comes up; once released, the other button's release does nothing,
  and with either button still held each new press of the other is another
  chord (hold right, tap left on number after number, or the other way
  round, as in the classic);
* the right button acts at once, on press (flag -> ? -> covered); when the
  left button then joins for a chord, that flag stays.

The face and the flag-mode button need press and release on them, as
buttons do; while one is held, the other buttons do nothing (the right one
neither marks nor joins a chord).
"""

from __future__ import annotations

from dataclasses import dataclass

from .hit import CELL_TARGET, FACE, MODE, NOWHERE, OUTSIDE, Target

LEFT, MIDDLE, RIGHT = 1, 2, 3

# What the current gesture is.
PRIMARY = "primary"      # left button on a cell: reveal (or flag / chord, by settings)
SECONDARY = "secondary"  # right button on a cell: cycle the mark (played on press)
CHORD = "chord"          # middle, or left + right
BUTTON_PRESS = "button"  # left button on the face or the flag-mode button
SPENT = "spent"          # a chord was released; wait for every button to come up


@dataclass(frozen=True)
class Action:
    """What a gesture asks for: ``primary``, ``secondary`` or ``chord`` on a
    cell, ``new_game`` from the face or ``toggle_mode`` from the flag-mode
    button."""

    kind: str
    cell: tuple[int, int] | None = None


NEW_GAME = "new_game"
TOGGLE_MODE = "toggle_mode"
#: What each button does when pressed and released on it.
BUTTON_ACTIONS = {FACE: NEW_GAME, MODE: TOGGLE_MODE}


class Gestures:
    """Tracks buttons and the pointer; turns presses and releases into actions."""

    def __init__(self) -> None:
        self.held: set[int] = set()
        self.gesture: str | None = None
        self.origin: Target = OUTSIDE   # where the gesture began
        self.hover: Target = OUTSIDE    # where the pointer is now

    def reset(self) -> None:
        type(self).__init__(self)

    def press(self, button: int, target: Target, *, field_live: bool,
              shift: bool = False) -> Action | None:
        """A button went down over ``target``; ``field_live`` is False once the
        game has ended (the face still works); ``shift`` tells whether Shift
        was held, which makes a left press a chord (Winmine's WM_LBUTTONDOWN:
        ``fBlock = wParam & (MK_SHIFT | MK_RBUTTON)``). Returns the action a
        press plays at once (the right button's mark)."""
        if button in self.held:
            self._missed_release(button)
        self.hover = target
        self.held.add(button)
        on_cell = target.kind == CELL_TARGET and field_live
        # The frame around the field (not the face, the bars or the menus):
        # a press there follows the pointer onto the field, as in the classic.
        on_frame = target.kind == NOWHERE and field_live
        live = on_cell or on_frame
        both = {LEFT, RIGHT} <= self.held
        # The middle button chords whatever else is held (winmine.c,
        # WM_MBUTTONDOWN: fBlock, then LBigStep, the left or right button
        # down or not): added to a left press it opened the cell instead.
        chording = both or button == MIDDLE
        if self.gesture == SPENT and chording and live:
            # One of the two held, the other pressed again: another chord,
            # either way round (winmine.c: a right press with the left
            # button down goes to LBigStep, the chord kept from before).
            self._begin(CHORD, target)
            return None
        if self.gesture in (SPENT, BUTTON_PRESS):
            return None                  # a button holds the pointer until it is let go
        # The second button makes a chord of a press begun on the field,
        # wherever the pointer has wandered meanwhile.
        joins = chording and field_live and self.gesture in (PRIMARY, SECONDARY)
        # Both buttons, the middle one, or Shift and the left one, chord from
        # anywhere a left press would start (the frame included), as in the
        # classic, whichever button went down first.
        alone = not self.gesture and live
        if joins or both and live or alone and (button == MIDDLE or button == LEFT and shift):
            self._begin(CHORD, target)
        elif self.gesture:
            return None
        elif button == LEFT and target.kind in BUTTON_ACTIONS:
            self._begin(BUTTON_PRESS, target)
        elif button == LEFT and live:
            self._begin(PRIMARY, target)
        elif button == RIGHT and on_cell:
            self._begin(SECONDARY, target)
            return Action(SECONDARY, target.cell)
        return None

    def move(self, target: Target) -> None:
        self.hover = target

    def release(self, button: int, target: Target) -> Action | None:
        """A button came up over ``target``; returns the completed action, if any."""
        self.hover = target
        self.held.discard(button)
        gesture = self.gesture
        on_cell = target.kind == CELL_TARGET
        action = None
        if gesture == CHORD:
            self.gesture = SPENT
            if on_cell:
                action = Action(CHORD, target.cell)
        elif gesture == PRIMARY and button == LEFT:
            self.gesture = None
            if on_cell:
                action = Action(PRIMARY, target.cell)
        elif gesture == SECONDARY and button == RIGHT:
            self.gesture = None
        elif gesture == BUTTON_PRESS and button == LEFT:
            self.gesture = None
            if target == self.origin:
                action = Action(BUTTON_ACTIONS[target.kind])
        if not self.held:
            self.gesture = None
        return action

    def _missed_release(self, button: int) -> None:
        """``button``, held, is pressed again: its release went unheard (let
        go outside the window). What it held is let go of, playing nothing,
        and the press is a new one: taken for a second press of a held
        button, it was dropped, and the click after the face let go outside
        the window opened nothing. Another button still held waits to come
        up, as after a chord (pressed with it, this one makes another)."""
        self.held.discard(button)
        self.gesture = SPENT if self.held else None

    def let_go_unheard(self, up: set[int]) -> None:
        """The pointer moved with the buttons ``up`` up, every one the
        gesture holds among them: they came up unheard (let go outside the
        window). The gesture is dropped, playing nothing, drawn up again
        as a Windows button let go off itself: the face stayed drawn pushed
        in, a cell sunk under the pointer and the face's "oh" with it,
        until the next press. One button of a chord still down keeps it,
        to play where it comes up, as Winmine chords at either release."""
        if self.held and self.held <= up:
            self.cancel()

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
        return self.button_pressed(FACE)

    def button_pressed(self, kind: str) -> bool:
        """Whether the face or the flag button (``kind``) is held down with
        the pointer on it: shown pushed in until the button comes up."""
        return self.gesture == BUTTON_PRESS and self.origin.kind == kind \
            and self.hover == self.origin

    def worried(self) -> bool:
        """The face says "oh" from a press that opens or chords to its
        release, wherever the pointer is meanwhile (slid off the field, or
        pressed on the frame): Winmine showed its caution face from the
        press of the button to its release, whatever lay under the pointer
        (winmine.c, WM_LBUTTONDOWN and WM_MBUTTONDOWN, at LBigStep)."""
        return self.gesture in (PRIMARY, CHORD)

    def tracked(self) -> set[int]:
        """The buttons held down, as the replay's pointer track keeps them:
        those of a press that opens or chords wherever the pointer is (off
        the field it still worries the face), the right button's on a cell;
        none while the face or the flag button is held (dragged onto the
        field, it still presses no cell), none on a bar, none left over from
        a chord played (the left button still down after it presses
        nothing), so the viewer shows "oh" and pressed cells only where the
        game showed them."""
        if self.gesture == CHORD and not self.held & {MIDDLE, RIGHT}:
            return {MIDDLE}        # a Shift chord, kept as the chord the viewer knows
        if self.gesture in (PRIMARY, CHORD):
            return self.held
        if self.gesture == SECONDARY and self.hover.kind == CELL_TARGET:
            return self.held
        return set()
