"""Which part of a big board shows, and the keyboard cursor it follows.

The play screen's scrolling part (a mixin, like ``play_input``, so the screen
stays one object with one state): the scroll of a board bigger than the
window, the cursor of keyboard play, and the least scroll that brings cells
into view (a torus rolls the shorter way round).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Protocol

from ..cursor import cursor_step
from .play_part import PlayPart


class PlayScroll(PlayPart):
    """Scrolling and the keyboard cursor for ``PlayScreen`` (its module,
    ``play``, says what state it keeps)."""

    if TYPE_CHECKING:       # what this mixin uses of PlayScreen, which keeps it
        def follow_pointer(self) -> None: ...

    def move_cursor(self, dx: int, dy: int) -> None:
        """Show the keyboard cursor or move it, scrolling a big board so it
        stays in view. It shows on the cell under the mouse pointer, where
        the player just clicked or is looking, else in the middle of the
        view: a player who clicked a cell, then pressed an arrow to go on
        from it, found the cursor in the middle of the board."""
        layout = self.app.layout
        if self.cursor is None:
            self.cursor = self.hover if self.hover is not None \
                and layout.view_cell(self.hover, self.scroll) is not None \
                else cursor_step(self.field, layout.board_cell(
                    layout.view_cols // 2, layout.view_rows // 2, self.scroll), 0, 0)
        else:
            self._dirty.add(self.cursor)
            self.cursor = cursor_step(self.field, self.cursor, dx, dy)
        self._dirty.add(self.cursor)
        self.reveal_cell(self.cursor)

    def keep_cursor_in_view(self) -> None:
        """The view was set anew (a new game goes back to the top-left
        corner, leaving fullscreen shows fewer cells): the keyboard cursor,
        if shown, is scrolled back into it. It stayed where it was, out of
        view, and Space opened a cell the player could not see."""
        if self.cursor is not None:
            self.reveal_cell(self.cursor)

    def reveal_cell(self, cell: tuple[int, int]) -> None:
        """Scroll a big board so ``cell`` is in view. A torus rolls the
        shorter way round: the cursor stepping over the seam rolls the view
        by one column, where clamping made it jump to the other end."""
        layout = self.app.layout
        if layout.view_cell(cell, self.scroll) is not None:
            return
        sx, sy = scroll_showing(layout, self.scroll, cell)
        self.scroll_by(sx - self.scroll[0], sy - self.scroll[1])

    def reveal_cells(self, cell: tuple[int, int], near: Iterable[tuple[int, int]]) -> None:
        """Scroll a big board so that ``cell`` and the cells ``near`` it show
        with the cells around them: a hint's proof scrolled out of view, or
        a number of it on the view's edge with its neighbours cut off,
        cannot be checked. The least scroll, none when all show already;
        when they cannot all show, ``cell`` first, then as many of ``near``
        as fit around it (``_shift``)."""
        layout, near = self.app.layout, list(near)
        wraps = layout.shape == "torus"
        self.scroll_by(*(_shift(cell[i], [c[i] for c in near], self.scroll[i], size, shown, wraps)
                         for i, size, shown in ((0, layout.cols, layout.view_cols),
                                                (1, layout.rows, layout.view_rows))))

    def point_at(self, cell: tuple[int, int]) -> None:
        """Put the cursor on ``cell`` (auto-play shows its next move this way)."""
        if self.cursor is not None:
            self._dirty.add(self.cursor)
        self.cursor = cell
        self._dirty.add(cell)
        self.reveal_cell(cell)

    def cursor_to_hint(self, cell: tuple[int, int]) -> None:
        """A hint came: the keyboard cursor, if shown, goes to its cell, for
        Space or F to play it (the hint's scroll brings both into view). On
        a big board the hint scrolled away from the cursor, and the first
        arrow scrolled back to it, out of sight of the hint. A hidden cursor
        (the mouse played) stays hidden."""
        if self.cursor is not None:
            self._dirty.update((self.cursor, cell))
            self.cursor = cell

    def hide_cursor(self) -> None:
        if self.cursor is not None:
            self._dirty.add(self.cursor)
            self.cursor = None

    def scroll_by(self, dx: int, dy: int) -> None:
        """Move the visible part of a board too big for the screen. The
        view is drawn afresh once, at the next drawing, however many steps
        came meanwhile: a thumb dragged by a 1,000 Hz mouse, or a wheel spun
        fast, gives 16 steps a frame, and drawing the 6,700 cells of a
        100x100 board's view at each took 34 ms of the frame (now 4)."""
        sx, sy = scroll_within(self.app.layout, (self.scroll[0] + dx, self.scroll[1] + dy))
        if (sx, sy) != self.scroll:
            self.scroll = (sx, sy)
            self._view_behind = True
            self._shown.pop("board", None)
            self.follow_pointer()


class ScrolledBoard(Protocol):
    """What :func:`scroll_showing` reads of a board's view: the game's
    layout, or a replay's board in the viewer (read only: a Layout is frozen)."""
    @property
    def shape(self) -> str: ...
    @property
    def cols(self) -> int: ...
    @property
    def rows(self) -> int: ...
    @property
    def view_cols(self) -> int: ...
    @property
    def view_rows(self) -> int: ...


def scroll_within(board: ScrolledBoard, scroll: tuple[int, int]) -> tuple[int, int]:
    """``scroll`` made a scroll of ``board``'s view: a torus's rolled round
    (its view goes round and round, even when the whole board shows), any
    other board's kept within its edges. The game and the viewer keep their
    view so through a new layout too: the viewer clamped a torus's, and a
    view rolled over the seam jumped across the board at F11."""
    if board.shape == "torus":
        return scroll[0] % board.cols, scroll[1] % board.rows
    return (max(0, min(board.cols - board.view_cols, scroll[0])),
            max(0, min(board.rows - board.view_rows, scroll[1])))


def scroll_showing(board: ScrolledBoard, scroll: tuple[int, int],
                   cell: tuple[int, int]) -> tuple[int, int]:
    """The scroll nearest ``scroll`` whose view of ``board`` shows ``cell``:
    the game's cursor and moves, and the viewer following a replay, scroll
    alike. A torus rolls the shorter way round (clamped, the viewer jumped
    to the far end where the game had rolled over the seam)."""
    if board.shape == "torus":
        return ((scroll[0] + _roll(cell[0] - scroll[0], board.cols, board.view_cols)) % board.cols,
                (scroll[1] + _roll(cell[1] - scroll[1], board.rows, board.view_rows)) % board.rows)
    return (min(max(scroll[0], cell[0] - board.view_cols + 1), cell[0]),
            min(max(scroll[1], cell[1] - board.view_rows + 1), cell[1]))


def _roll(offset: int, size: int, shown: int) -> int:
    """How far to roll a torus's view of ``shown`` of ``size`` rows (or
    columns) so that the one ``offset`` after the first shown is in view:
    the shorter way round, 0 when it already is."""
    offset %= size
    if offset < shown:
        return 0
    ahead, back = offset - shown + 1, size - offset
    return ahead if ahead <= back else -back


def _shift(at: int, others: list[int], scroll: int, size: int, shown: int, wraps: bool) -> int:
    """How far to scroll one axis of a view of ``shown`` of ``size`` rows (or
    columns) from ``scroll`` so that ``at``, ``others`` and the rows next to
    them show: the least scroll, none when they show already (the view must
    not jump). When they cannot all show, ``at`` does, then as many of
    ``others`` as fit, nearest first, then the rows next to those. The rows
    next to them are the board's: none past a flat board's edge; round a
    torus's seam, where a torus shown whole has every row in view. On a
    torus a row in view counts where it shows, one out of view the shorter
    way round."""
    if wraps and shown >= size:
        return 0

    def where(v: int, near: float) -> int:
        p = v - scroll
        if wraps:
            p %= size
            if p >= shown:
                p = min(p, p - size, key=lambda q: abs(q - near))
        return p

    first = where(at, (shown - 1) / 2)
    lo = hi = first
    for place in sorted((where(o, first) for o in others), key=lambda p: abs(p - first)):
        if max(hi, place) - min(lo, place) < shown:
            lo, hi = min(lo, place), max(hi, place)
    edge_lo, edge_hi = (lo - 1, hi + 1) if wraps else (-scroll, size - 1 - scroll)
    if hi - lo + 1 < shown:
        lo = max(lo - 1, edge_lo)
    if hi - lo + 1 < shown:
        hi = min(hi + 1, edge_hi)
    return min(max(0, hi - shown + 1), lo)
