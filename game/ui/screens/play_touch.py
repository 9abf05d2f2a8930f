"""Fingers on the board: a tap opens, a long press flags, two fingers pan,
a finger holds a scroll bar's thumb.

The play screen's touch part (a mixin, like ``play_input``, so the screen
stays one object with one state; ``play`` keeps that state): a finger's
events become ``touch``'s taps and long presses, counted in ticks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..gestures import PRIMARY
from ..hit import CELL_TARGET, FACE, HBAR, MODE, VBAR, target_at
from ..ticks import TICKS_PER_SECOND
from .play_part import PlayPart

#: Pointer targets the play screen follows a finger on (on the menu bar, SDL's
#: mouse copy of the touch opens the menus as a click would).
TOUCHED_HERE = (CELL_TARGET, FACE, MODE, HBAR, VBAR)


class PlayTouch(PlayPart):
    """Touch for ``PlayScreen`` (its module, ``play``, says what state it keeps)."""

    if TYPE_CHECKING:       # what this mixin uses of PlayScreen, which keeps it
        def _take_thumb(self, kind: str, pos: tuple[int, int],
                        finger: int | None = None) -> None: ...
        def _drag_thumb(self, pos: tuple[int, int]) -> None: ...
        def _tip_covers(self, at: tuple[int, int]) -> bool: ...

    def _finger_pos(self, event: pygame.event.Event) -> tuple[int, int]:
        """The display pixel a finger event is at (SDL gives it as a share
        of the window's width and height)."""
        surface = self.app.display.surface
        assert surface is not None      # a finger event comes from the open window
        w, h = surface.get_size()
        return int(event.x * w), int(event.y * h)

    def _finger(self, event: pygame.event.Event) -> None:
        """A finger on the board: tap opens, long press flags (see ``touch``)."""
        pos = self._finger_pos(event)
        target = self.target(pos)
        dragging = self._drag is not None and self._drag[3] == event.finger_id
        if dragging:                     # the finger holds a scroll bar's thumb
            if event.type == pygame.FINGERMOTION:
                self._drag_thumb(self.app.viewport.to_window(pos))
            elif event.type == pygame.FINGERUP:
                self._drag = None
        elif event.type == pygame.FINGERDOWN:
            self.hide_cursor()
            if self.touch.finger is not None:
                self.touch.down(event.finger_id, target, pos)  # a second finger: no tap now
                if self.touch.at is not None:
                    self._pan(self.touch.at)               # the first takes hold
            elif self.anim is not None and not self.anim.done and target.kind != FACE:
                self.skip_animation()
            elif self._drag is not None:
                pass                     # one finger at a time: the bar's
            elif target.kind in (HBAR, VBAR):
                self._take_thumb(target.kind, (target.x, target.y), event.finger_id)
            elif target.kind in TOUCHED_HERE and (target.kind != CELL_TARGET
                                                  or not self.session.ended):
                self.touch.down(event.finger_id, target, pos)
                self.touch.at = self.app.viewport.to_window(pos)
        elif event.type == pygame.FINGERMOTION:
            if event.finger_id == self.touch.finger:
                self.touch.at = self.app.viewport.to_window(pos)
                if self.touch.panning:
                    self._pan(self.touch.at)
            self.touch.move(event.finger_id, target, pos)
        else:
            self._let_go_under_tip()     # (before its tick, in the frame it came)
            action = self.touch.up(event.finger_id, target, pos)
            if action and (action.kind != PRIMARY or not self.session.ended):
                self._act(action)

    def _pan(self, at: tuple[int, int]) -> None:
        """Two fingers down, the first at scale-1 ``at``: the board is
        scrolled so that the cell it took hold of stays under it (cells
        found as the view was when it took hold, so any shape's)."""
        held = self.touch.pan
        under = target_at(self.app.layout, at, held[1] if held else self.scroll)
        if under.kind != CELL_TARGET:
            return
        if held is None:
            self.touch.pan = (under.cell, self.scroll)
            return
        (cx, cy), (sx, sy) = held
        self.scroll_by(sx + cx - under.cell[0] - self.scroll[0],
                       sy + cy - under.cell[1] - self.scroll[1])

    def _tick_touch(self) -> None:
        """Count a finger held on a cell; flag it when the long press is reached."""
        self._let_go_under_tip()
        cell = self.touch.pressing
        if cell is None or self.session.ended or self.field.cell(*cell) not in "#F?":
            return                           # only covered or marked cells take a mark
        self._dirty.add(cell)                # the progress cue grows every tick
        action = self.touch.tick(self.hold_ticks)
        if action:
            self._act(action)

    def _let_go_under_tip(self) -> None:
        """The finger pressing a cell rests under the hint's explanation,
        shown over it since it went down (a hint the computer found
        meanwhile): it lets go and plays nothing, as the mouse released
        there does. Its lift opened, and its long press flagged, the cell
        the player could no longer see, the long press's cue drawn over the
        explanation's words. Where it came to rest counts, not a tremor:
        one over the explanation's edge as it lifts still opens the cell
        shown pressed (``touch``)."""
        cell = self.touch.pressing
        if cell is not None and self._tip_covers(self.app.viewport.to_window(self.touch.rest)):
            self.touch.cancel()
            self._dirty.add(cell)

    @property
    def hold_ticks(self) -> int:
        """The long press, in ticks (from the ``long_press`` setting, seconds)."""
        return max(1, round(self.app.settings.long_press * TICKS_PER_SECOND))
