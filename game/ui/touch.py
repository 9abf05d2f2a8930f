"""Touch on the board: a tap opens, a long press flags.

One finger at a time is followed. A second finger put down while it rests
makes it no tap and no long press: two fingers are a pan (or a pinch), as
on a phone, and the first finger's lift had opened the cell under it (a
mine, as often as not) and, held, it had flagged. They drag a big board
instead (``pan``, kept for the play screen, which scrolls). The finger
shows pressed what a left press would there;
held still on a cell for the long-press time (a setting, 0.4 s by default)
it flags that cell at once and the lift then does nothing; lifted earlier,
it opens the cell under it (the left click's meaning, so flag mode and
chords on numbers work too). Lifted off the field, nothing happens. The
face and the flag-mode button need the finger to go down and come up on
them; a finger that went down on either and slid onto the field plays
nothing there (as the mouse's press on the face does), or changing one's
mind about a new game could open a mine.

A resting finger trembles: a move of up to TREMOR display pixels from
where it came to rest keeps it on its cell (at a cell's edge, each tremor
across it started the long press again on the neighbour and back, and it
never flagged).

Time is counted in the loop's fixed ticks, never read from a clock.
"""

from __future__ import annotations

from .gestures import BUTTON_ACTIONS, PRIMARY, SECONDARY, Action
from .hit import CELL_TARGET, FACE, OUTSIDE, Target

#: Display pixels, either way, a resting finger may stray and stay where it
#: rests (as auto-play's ``AUTOPLAY_JITTER`` lets a hand's drift go).
TREMOR = 4


class Touch:
    """The finger on the board, if any, and how long it has been held still."""

    def __init__(self) -> None:
        self.finger: int | None = None
        self.origin: Target = OUTSIDE
        self.target: Target = OUTSIDE
        self.held = 0            # ticks held still on the current cell
        self.rest: tuple[int, int] = (0, 0)   # display pixel it came to rest at
        self.spent = False       # the long press has flagged: the lift does nothing
        self.panning = False     # a second finger came: the first drags the board
        #: Where the first finger is (scale-1 window point), for the pan.
        self.at: tuple[int, int] | None = None
        #: While panning, the cell the first finger took hold of and the
        #: board's scroll then (None until it is over a cell).
        self.pan: tuple[tuple[int, int], tuple[int, int]] | None = None

    def down(self, finger: int, target: Target, pos: tuple[int, int]) -> None:
        """A finger put down at display pixel ``pos``: followed if it is the
        only one; a second one (anywhere) leaves the first on nothing, so
        that it plays nothing."""
        if self.finger is None:
            type(self).__init__(self)
            self.finger, self.origin, self.target, self.rest = finger, target, target, pos
        elif finger != self.finger:
            self.origin = self.target = OUTSIDE
            self.panning = True

    def move(self, finger: int, target: Target, pos: tuple[int, int]) -> None:
        """The finger slid to display pixel ``pos``: the pressed cell follows
        and the long press restarts, unless it only trembled where it rests."""
        if finger != self.finger or target == self.target:
            return
        if max(abs(pos[0] - self.rest[0]), abs(pos[1] - self.rest[1])) <= TREMOR:
            return
        self.target, self.held, self.rest = target, 0, pos

    def up(self, finger: int, target: Target, pos: tuple[int, int]) -> Action | None:
        """The finger lifted over ``target``, at display pixel ``pos``: what
        the tap asks for, if anything (on the cell shown pressed, if it
        only trembled over the edge as it lifted)."""
        if finger != self.finger:
            return None
        self.move(finger, target, pos)
        origin, target, spent = self.origin, self.target, self.spent
        type(self).__init__(self)
        if spent:
            return None
        if target.kind == CELL_TARGET and origin.kind == CELL_TARGET:
            return Action(PRIMARY, target.cell)
        if target == origin and target.kind in BUTTON_ACTIONS:
            return Action(BUTTON_ACTIONS[target.kind])
        return None

    def cancel(self) -> None:
        type(self).__init__(self)

    def tick(self, hold_ticks: int) -> Action | None:
        """One fixed tick: the long press flags when it has lasted ``hold_ticks``."""
        if self.pressing is None:
            return None
        self.held += 1
        if self.held >= hold_ticks:
            self.spent = True
            return Action(SECONDARY, self.target.cell)
        return None

    @property
    def pressing(self) -> tuple[int, int] | None:
        """The cell under a finger that went down on the field, still counting
        towards a long press."""
        if self.finger is not None and not self.spent and self.target.kind == CELL_TARGET \
                and self.origin.kind == CELL_TARGET:
            return self.target.cell
        return None

    @property
    def on_face(self) -> bool:
        """Whether a finger that went down on the face is on it now (the face
        shows pressed, and lifting starts a new game)."""
        return self.on_button(FACE)

    def on_button(self, kind: str) -> bool:
        """Whether a finger that went down on the face or the flag button
        (``kind``) is on it now: it shows pushed in, and lifting acts."""
        return self.finger is not None and self.origin.kind == kind and self.target == self.origin

    def progress(self, hold_ticks: int) -> float:
        """How far the long press has gone, 0 to 1 (for the visible cue)."""
        return min(1.0, self.held / max(1, hold_ticks))
