"""How the board screen looks: cells, the face, the counters, the field.

The play screen's drawing part (a mixin, like ``play_input``): the draw state
is what the board view and the counters last drew (``_shown``), redrawn only
where it changed, or whole when it was thrown away (a full redraw).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from pygame import Rect

from game.engine import Status

from ..anim import DefeatAnimation, VictoryAnimation
from ..frame import Layout
from ..hit import MODE
from ..render.assist import draw_cues, draw_help, help_decor
from ..render.effects import draw_effects
from ..render.ghosts import draw_ghosts
from ..render.hud import (
    draw_chrome,
    draw_counter,
    draw_face,
    draw_mode_button,
    draw_scroll_bars,
    draw_touch_cue,
)
from ..render.menubar import draw_bar
from ..render.painter import GREY, Painter
from ..session import REVEAL
from ..widgets import WIN31
from .play_part import PlayPart

if TYPE_CHECKING:
    from ..render.board import BoardView

PRESSABLE = "#?"
MANY_RECTS = 64         # more changed cells than this: blit the whole field at once


class PlayDrawing(PlayPart):
    """Drawing for ``PlayScreen`` (its module, ``play``, says what state it keeps)."""

    if TYPE_CHECKING:       # what this mixin uses of PlayScreen, which keeps it
        board_view: BoardView | None
        _pressed: set[tuple[int, int]]

        @property
        def hold_ticks(self) -> int: ...

        def _reset_board_view(self) -> None: ...
        def _redraw_board(self) -> None: ...

    def pressed_cells(self) -> set[tuple[int, int]]:
        """Cells shown pressed by the gesture under way. A finger presses
        as the left button does, its tap meaning a left click: in flag mode
        it pushed its cell in though the tap flags, and on a number it
        pushed nothing though the tap chords; and the replay, which keeps
        it as the left button, showed it otherwise."""
        if self.session.ended:
            return set()
        field = self.field
        cell = self.gestures.pressed_cell()
        if cell is None and self.gestures.chord_cell() is None:
            cell = self.touch.pressing
        if cell is not None:
            intent = self.session.intent_of_primary(cell)
            if intent == "chord":
                return {c for c in field.neighbours(*cell) if field.cell(*c) in PRESSABLE}
            if intent == REVEAL and field.cell(*cell) in PRESSABLE:
                return {cell}
            return set()
        cell = self.gestures.chord_cell()
        if cell is not None:
            return {c for c in [cell, *field.neighbours(*cell)] if field.cell(*c) in PRESSABLE}
        return set()

    def code_of(self, x: int, y: int) -> str:
        """The appearance code of a cell: its view character, pressed or not
        (asked of every cell a cascade changes: kept lean)."""
        cell = x, y
        ch = self.session.field.cell(x, y)
        if self.anim is not None:
            ch = self.anim.shows(cell, ch)
        if cell in self._pressed:
            ch = "p" if ch == "#" else "q" if ch == "?" else ch
        if cell == self.cursor:
            ch += "+"
        return ch + self.assist.mark_of(cell)

    def face(self) -> tuple[str, bool]:
        """The face and whether it shows pressed. Held down, it is the
        pressed smile whatever it wore (won, lost): Winmine had one pressed
        face, shown while the button is held, and the face it wore only
        when the pointer slid off (winmine.c, FLocalButton: iButtonDown)."""
        if self.gestures.face_pressed() or self.touch.on_face:
            return "smile", True
        status = self.session.status
        if status == Status.WON:
            return "cool", False
        if status == Status.LOST:
            return "dead", False
        if self.gestures.worried() or self.touch.pressing is not None:
            return "oh", False
        return "smile", False

    def mode_shown_on(self) -> bool:
        """Whether the flag button shows pushed in: while flag mode is on,
        and while a press or a finger holds it down (a button held showed
        no change until it came up, where the face and every dialog button
        go down at once)."""
        return self.app.settings.flag_mode or self.gestures.button_pressed(MODE) \
            or self.touch.on_button(MODE)

    def draw(self, painter: Painter, full: bool) -> bool:
        assert self.board_view is not None     # made as the first game's window was laid out
        if self.board_view.scale != painter.scale:
            self._reset_board_view()
            full = True
        elif self._view_behind:
            self._redraw_board()
        pressed = self.pressed_cells()
        self._dirty |= pressed ^ self._pressed
        self._pressed = pressed
        layout = self.app.layout
        decor = help_decor(self)
        tip = self._shown.get("tip")
        if isinstance(tip, Rect) and not layout.field.contains(tip) \
                and decor != self._shown.get("decor"):
            full = True             # a line that reached over the field's frame changes or goes
        if full:
            self._shown.clear()
            painter.fill(layout.window, GREY)
            if layout.menu:
                draw_bar(painter, layout.menu_bar, win31=self.app.settings.style == WIN31)
            draw_chrome(painter, layout)
        drew, cues = self._draw_board(painter, layout, full, decor)
        hud = self._draw_hud(painter, layout)
        if cues:
            self._shown["tip"] = draw_cues(painter, layout, self)
        cell = self.touch.pressing
        if cell is not None and not self.session.ended and self.field.cell(*cell) in "#F?":
            draw_touch_cue(painter, layout, cell, self.scroll,
                           self.touch.progress(self.hold_ticks))
        return drew or hud

    def _draw_board(self, painter: Painter, layout: Layout, full: bool,
                    decor: tuple[object, ...]) -> tuple[bool, bool]:
        """The cells changed since the last frame, redrawn on the board view,
        then on the display: the whole visible field when the frame is
        ``full``, an animation runs, the computer's help (``decor``) changed
        or too many cells did; else each changed cell alone. Returns whether
        anything was drawn, and whether the computer's cues go on top."""
        assert self.board_view is not None     # made as the first game's window was laid out
        dirty: Iterable[tuple[int, int]] = self._dirty
        if len(self._dirty) > self.board_view.cols * self.board_view.rows:
            dirty = self.board_view.cells_in_view()    # a cascade: fewer to look at
        redrawn = self.board_view.update(dirty, self.code_of)
        self._dirty.clear()
        animating = self.anim is not None and (not self.anim.done or "anim" in self._shown)
        redecorate = decor != self._shown.get("decor") or (bool(decor) and bool(redrawn))
        many = len(redrawn) > MANY_RECTS       # one blit of the view beats thousands
        if full or "board" not in self._shown or animating or redecorate or many:
            self._shown["decor"] = decor
            return True, self._draw_field(painter, layout)
        origin = painter.pos(layout.field.topleft)
        w, h = self.board_view.tile_size
        for x, y in redrawn:
            painter.surface.blit(self.board_view.surface, (origin[0] + x, origin[1] + y),
                                 (x, y, w, h))
        if redrawn:
            draw_ghosts(painter, layout, self.board_view, self.code_of, self.scroll)
        return bool(redrawn), False

    def _draw_field(self, painter: Painter, layout: Layout) -> bool:
        """The whole visible field, with the animation's shake and overlays
        drawn on the display (the board view's surface stays clean). True
        when the computer's cues go on it (not during an animation)."""
        assert self.board_view is not None     # made as the first game's window was laid out
        self._shown["board"] = True
        draw_scroll_bars(painter, layout, self.scroll)
        anim = self.anim
        if anim is None or anim.done:
            self._shown.pop("anim", None)
            painter.blit(self.board_view.surface, layout.field.topleft)
            draw_ghosts(painter, layout, self.board_view, self.code_of, self.scroll)
            draw_help(painter, layout, self)
            return True
        self._shown["anim"] = True
        self._shown.pop("tip", None)
        clip = painter.surface.get_clip()
        painter.surface.set_clip(painter.px(layout.field))
        dx, dy = anim.shake() if isinstance(anim, DefeatAnimation) else (0, 0)
        if dx or dy:                     # the edge the shake uncovers shows the board
            painter.blit(self.board_view.surface, layout.field.topleft)
        painter.blit(self.board_view.surface, (layout.field.x + dx, layout.field.y + dy))
        draw_effects(painter, anim, layout, self.scroll, (dx, dy))
        painter.surface.set_clip(clip)
        draw_ghosts(painter, layout, self.board_view, self.code_of, self.scroll)
        return False

    def _draw_hud(self, painter: Painter, layout: Layout) -> bool:
        mines_left = self.field.mines_left
        if isinstance(self.anim, VictoryAnimation):
            mines_left = self.field.mines - self.anim.flags_shown()
        values: dict[str, int | tuple[str, bool]] = {"mines_box": mines_left,
                  "timer_box": self.session.chrono.display_seconds(),
                  "face": self.face(), "mode": self.mode_shown_on()}
        drew = False
        for part, value in values.items():
            if self._shown.get(part) != value:
                self._shown[part] = value
                drew = True
                # (each part's value is of the kind ``values`` gives it)
                if part == "face":
                    assert isinstance(value, tuple)
                    draw_face(painter, layout, *value)
                elif part == "mode":
                    assert isinstance(value, bool)
                    draw_mode_button(painter, layout, value)
                else:
                    assert isinstance(value, int)
                    draw_counter(painter, layout, part, value)
        return drew
