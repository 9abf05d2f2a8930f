"""How the replay viewer looks: the board as the replay has it, the
controls, the figures, the pointer, and the view following the play.

The viewer's drawing part (a mixin, as ``play_draw`` is the play screen's):
a frame is drawn only when what it shows changed (``_state``), and only the
cells that changed are redrawn (``_changed``).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from game.engine import Minefield

from ..render.ghosts import draw_ghosts
from ..render.hud import draw_counter, draw_face, draw_scroll_bars
from ..render.painter import Painter
from ..render.replay import (
    draw_controls,
    draw_figures,
    draw_frame,
    draw_pointer,
    progress_done,
    tick_columns,
)
from .play_scroll import scroll_showing

if TYPE_CHECKING:
    from game.replay.playback import Playback

    from ..render.board import BoardView
    from ..render.replay import ViewerLayout

Cell = tuple[int, int]


class ReplayDrawing:
    """Drawing for ``ReplayScreen`` (its module, ``watch``, says what state it keeps)."""

    if TYPE_CHECKING:       # what this mixin uses of ReplayScreen, which keeps it
        layout: ViewerLayout | None
        board_view: BoardView | None
        scroll: Cell
        _ticks: list[Cell] | None
        _shown: tuple[object, ...] | None
        _drawn: tuple[list[str], frozenset[Cell], Cell | None]
        _face_held: bool
        _face_over: bool
        _play_held: bool
        _play_over: bool
        _looked_at: tuple[object, ...] | None
        _thumb: tuple[str, int, int] | None

        @property
        def opening(self) -> bool: ...
        @property
        def playback(self) -> Playback: ...

        def relayout(self) -> None: ...

    def _state(self) -> tuple[object, ...]:
        """Everything shown; a frame is drawn only when it changes (the
        progress bar's fill too: at a tenth of a second, a short game's bar
        jumped tens of pixels ten times a second rather than glide)."""
        assert self.layout is not None          # asked by ``draw`` once laid out
        p = self.playback
        pointer = p.pointer()
        return (p.shown, int(p.t) // 100, progress_done(self.layout, p.fraction), p.playing,
                p.speed_index, self.scroll, pointer.cell if pointer else None,
                frozenset(p.pressed_cells()), p.cursor(), self._face(), self._play_pushed())

    def _face(self) -> tuple[str, bool]:
        """The face shown, and whether pressed: the replay's, but the pressed
        smile while a press on it is over it (it leaves on release), as
        the game's face shows."""
        if self._face_held and self._face_over:
            return "smile", True
        return self.playback.face(), False

    def _play_pushed(self) -> bool:
        """Whether the play button shows pushed in: a press on it, over it now."""
        return self._play_held and self._play_over

    def draw(self, painter: Painter, full: bool) -> bool:
        if self.layout is None or self.opening:
            return False
        assert self.board_view is not None      # made with the layout (``relayout``)
        self._follow()
        state = self._state()
        if not full and state == self._shown:
            return False
        self._shown = state
        if self.board_view.scale != painter.scale:
            self.relayout()
        p = self.playback
        layout = self.layout
        board = layout.board
        field = p.field()
        pressed = p.pressed_cells()
        cursor = p.cursor()                 # the keyboard cursor, highlighted as in the game
        draw_frame(painter, layout)
        draw_scroll_bars(painter, board, self.scroll)     # where the view is, as in the game
        if self._ticks is None:
            self._ticks = tick_columns(layout, p.timeline.times, p.timeline.duration_ms)
        draw_controls(painter, layout, p.playing, p.speed, p.fraction, self._ticks,
                      button_pushed=self._play_pushed())
        self._draw_cells(painter, field, pressed, cursor)
        draw_counter(painter, board, "mines_box", field.mines_left)
        draw_counter(painter, board, "timer_box", p.timer_seconds())
        draw_face(painter, board, *self._face())
        draw_figures(painter, layout, p.figures())
        pointer = p.pointer()
        # The track keeps the keyboard cursor's cell as the pointer's when
        # the mouse is off the field (older viewers show the play so): the
        # game drew no arrow there, only the cursor.
        if pointer is not None and pointer.cell is not None \
                and (pointer.cell != cursor or pointer.buttons):
            draw_pointer(painter, layout, pointer.cell, self.scroll)
        return True

    def _draw_cells(self, painter: Painter, field: Minefield, pressed: set[tuple[int, int]],
                    cursor: tuple[int, int] | None) -> None:
        """The board's cells as the replay has them (those ``pressed`` pushed
        in, the keyboard ``cursor``'s highlighted), then a torus's band."""
        assert self.layout is not None and self.board_view is not None   # drawn once laid out
        board = self.layout.board
        rows = field.view()

        def code_of(x: int, y: int) -> str:
            # From the rows, not ``field.cell``: Home on a 100x100 game
            # redraws every cell, and a method call each took 7-16 ms a frame.
            ch = rows[y][x]
            if pressed and (x, y) in pressed:
                ch = "p" if ch == "#" else "q" if ch == "?" else ch
            return ch + "+" if (x, y) == cursor else ch

        changed = self._changed(rows, frozenset(pressed), cursor)
        view = self.board_view
        if len(changed) > view.cols * view.rows // 2:
            # Most of the view changed (Home or End on a 100x100 game, a
            # scroll): drawn afresh a row at a time, rather than each of
            # thousands of cells compared and asked through ``code_of``,
            # 6 to 9 ms of that frame.
            special = pressed if cursor is None else {*pressed, cursor}
            view.draw_afresh(self.scroll, rows, special, code_of, field.mask)
        else:
            view.update(changed, code_of, field.mask)
        painter.blit(self.board_view.surface, board.field.topleft)
        draw_ghosts(painter, board, self.board_view, code_of, self.scroll)   # a torus's band

    def _changed(self, rows: list[str], pressed: frozenset[tuple[int, int]],
                 cursor: tuple[int, int] | None) -> Collection[tuple[int, int]]:
        """The cells that may look different since the last drawing: those
        whose character changed, those pressed or released, those the
        keyboard cursor left and went to, and those a scroll brought into
        view (the board view keeps the others, moved). Looking at every
        visible cell each frame took 9 ms on a 100x100 replay, and the first drawing after a relayout
        (compared with a board all covered, as the fresh board view shows
        it) 5 ms; the rows come from the engine at C speed and most are equal.
        Only the rows and columns in view are compared (but on a torus): End
        on a 100x100 replay changed all 10,000 cells, and listing those out
        of view, which are not drawn, took half of a 16-20 ms frame."""
        assert self.board_view is not None      # drawn once laid out
        old_rows, old_pressed, old_cursor = self._drawn
        self._drawn = (rows, pressed, cursor)
        cells = set(old_pressed ^ pressed)
        cells.update(self.board_view.undrawn())     # brought into view by a scroll
        if old_cursor != cursor:
            cells.update(c for c in (old_cursor, cursor) if c is not None)
        span = self.board_view.span()
        xs, ys = span if span is not None else (range(len(rows[0])), range(len(rows)))
        for y in ys:
            old, new = old_rows[y], rows[y]
            if old != new:
                cells.update((x, y) for x in xs if old[x] != new[x])
        return cells

    def _play_position(self) -> tuple[object, ...]:
        """What the view follows: the moves played and the pointer's sample."""
        return self.playback.moves, self.playback.pointer()

    def _follow(self) -> None:
        """On a board bigger than the window, scroll so that the later of the
        pointer and the last move stays in view; a torus rolls over its seam
        as the game did. A move played away from the pointer (auto-play, the
        keyboard) came after the game scrolled its view to it, the mouse
        resting on the field: following the pointer alone, the viewer showed
        the cell that view had brought under the mouse, and not the move.
        A view scrolled by the wheel or a scroll bar (``_scroll_to``) stays
        while a thumb is held, and until the play moves on: a move, or the
        pointer's next sample."""
        assert self.layout is not None and self.board_view is not None   # drawn once laid out
        board = self.layout.board
        if not board.scrolls:
            return
        if self._looked_at is not None:
            if self._thumb is not None or self._looked_at == self._play_position():
                return                  # looked round with the wheel: kept till the play moves
            self._looked_at = None
        playback = self.playback
        pointer, cell = playback.pointer(), playback.last_cell()
        if pointer is not None and pointer.cell is not None and (
                cell is None or pointer.since_ms >= playback.timeline.time_of(playback.shown)):
            cell = pointer.cell
        if cell is None:
            return
        sx, sy = scroll_showing(board, self.scroll, cell)
        if (sx, sy) != self.scroll:
            self.scroll = (sx, sy)
            self.board_view.scroll_to(self.scroll)
