"""The field, drawn the classic way and kept up to date by dirty cells.

A new field is drawn by taking one covered tile and blitting it at every cell
(one batched ``fblits``). Afterwards each cell keeps the appearance code it was
last drawn with; a cell is redrawn only when its new code differs. Tiles are
flyweights: one composed bitmap per appearance code and scale, shared by every
cell showing it.

The view covers the visible part of the board (big boards scroll), at the
display scale; the screen blits the rectangles this returns onto the display.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from functools import cache, lru_cache

import pygame

from game.engine.topology import TORUS

from ..cells import CellGeometry
from ..display_surface import window_surface
from ..frame import Layout
from .atlas import Atlas
from .painter import DARK, GREY

#: Base sprite for each view character (pressed variants have their own codes).
BASE_SPRITES = {
    "#": "covered", "p": "open_0", "F": "flag", "?": "question", "q": "question_pressed",
    "X": "mine_exploded", "*": "mine", "x": "mine_wrong",
    **{str(n): f"open_{n}" for n in range(9)},
}
#: Overlay sprites by code suffix letter.
OVERLAY_SPRITES = {"+": "cursor", "s": "mark_safe", "m": "mark_mine", "e": "mark_proof"}

Code = str
Cell = tuple[int, int]

HOLE = " "
#: A hole's code goes on with one letter per neighbour across its edges: a
#: cell (CELL_NEXT) or not (a hole, or past the board's edge).
CELL_NEXT = "c"
#: A tile of the ring just past the view's edges (``edge_tiles``): its view
#: cell, its pixel, its hidden neighbours, its code if they all are.
EdgeTile = tuple[Cell, tuple[int, int], tuple[int, ...], Code | None]
#: ``update``'s ``holes`` when the caller does not say which field's holes
#: are drawn: their codes are asked anew rather than kept.
UNSAID = object()


@cache
def hole_edges(cells: CellGeometry, shifted: bool
               ) -> tuple[tuple[Cell, ...], tuple[tuple[int, int, tuple[int, ...]], ...]]:
    """The neighbours across a hole's edges (view offsets), and the pixels
    of its tile a revealed cell would draw as its grid line, each with the
    neighbours (indices) it lies against. A revealed cell draws the line on
    its upper and left edges, its neighbours the rest; a hole drew none, so
    an opened cell beside a hole showed no edge on its right or lower side
    and seemed to run on into the hole (a heart's tip was a lone stroke).
    ``shifted``: the hole's row is one a hexagon field shifts right.
    Worked out once a kind of cell (a few shapes in all): looking at each
    pixel of a hexagon's tile took 3-5 ms of every new board view, in the
    frame a 100x100 hexagon game went in or out of fullscreen."""
    parity = 1 if shifted else 0
    ox, oy = cells.origin(2, 2, parity)
    w, h = cells.tile

    def owner(px: int, py: int) -> Cell:
        return cells.cell_at(ox + px, oy + py, parity)

    neighbours: list[Cell] = []
    pixels = []
    for ty in range(h):
        for tx in range(w):
            if owner(tx, ty) != (2, 2):
                continue                     # a corner of the tile: another cell's
            across = sorted({owner(tx, ty - 1), owner(tx - 1, ty)} - {(2, 2)})
            if not across:
                continue
            for vx, vy in across:
                if (vx - 2, vy - 2) not in neighbours:
                    neighbours.append((vx - 2, vy - 2))
            pixels.append((tx, ty, tuple(neighbours.index((vx - 2, vy - 2))
                                         for vx, vy in across)))
    return tuple(neighbours), tuple(pixels)


def view_side(v: int, size: int) -> int:
    """Where view column (or row) ``v`` lies in a view ``size`` long, for
    the neighbours across it: -1 before the first, 0 the first, 1 within,
    2 the last, 3 past it (``hidden_neighbours``)."""
    if v < 1:
        return max(v, -1)
    return 1 if v < size - 1 else min(v - size + 3, 3)


@cache
def hidden_neighbours(cells: CellGeometry, shifted: bool, side_x: int, side_y: int
                      ) -> tuple[int, ...]:
    """The neighbours (indices in ``hole_edges``) that a view does not show
    of a hole whose column and row lie at ``side_x`` and ``side_y`` of it
    (``view_side``), its row ``shifted`` or not: which neighbours are out of
    view depends on that alone (none within the view), so a few dozen kinds
    of place are worked out once, not each place of each view made."""
    spot = {-1: -1, 0: 0, 1: 2, 2: 4, 3: 5}        # the side's place in a view 5 cells wide
    x, y = spot[side_x], spot[side_y]
    return tuple(n for n, (dx, dy) in enumerate(hole_edges(cells, shifted)[0])
                 if not (0 <= x + dx < 5 and 0 <= y + dy < 5))


@lru_cache(maxsize=8)
def edge_tiles(cells: CellGeometry, cols: int, rows: int, parity: int, scale: int
               ) -> tuple[EdgeTile, ...]:
    """The ring of view cells just past the edges of a hexagon view of
    ``cols`` x ``rows`` at ``scale``, its first row's parity ``parity``: each
    with its tile's place, its hidden neighbours (``hidden_neighbours``) and,
    where it shows none of them, its code (plain grey: the top row, the
    left column but for shifted rows). Kept for the few views in use (a
    game's window and fullscreen): worked out anew, they took a third of a
    millisecond of the frame a 100x100 hexagon game went fullscreen."""
    ring = [(vx, vy) for vx in range(-1, cols + 1) for vy in (-1, rows)]
    ring += [(vx, vy) for vx in (-1, cols) for vy in range(rows)]
    tiles = []
    for vx, vy in ring:
        shifted = (vy + parity) % 2 == 1
        hidden = hidden_neighbours(cells, shifted, view_side(vx, cols), view_side(vy, rows))
        plain = None
        if len(hidden) == len(hole_edges(cells, shifted)[0]):
            plain = HOLE + "-" * len(hidden) + ("s" if shifted else "")
        x, y = cells.origin(vx, vy, parity)
        tiles.append(((vx, vy), (x * scale, y * scale), hidden, plain))
    return tuple(tiles)


class BoardView:
    """The visible cells of the board on one surface at the display scale.

    ``layout`` says where each board cell is drawn (squares or hexagons, the
    torus's wrap-around scroll); holes of a shaped field and the corners a
    hexagon field leaves are the frame's grey, a hole with the grid line of
    the cells beside it (``hole_edges``) that the view shows (``_shown``).
    """

    def __init__(self, atlas: Atlas, scale: int, layout: Layout) -> None:
        self.atlas = atlas
        self.scale = scale
        self.layout = layout
        self.colour = atlas.colour          # its tiles' (View > Color)
        self.cols, self.rows = layout.view_cols, layout.view_rows
        self.cells = layout.cells
        w, h = self.cells.field_size(self.cols, self.rows)
        # Made in the window's pixel format, for quick blits: a surface made
        # and then converted was made twice, 3 ms of the frame a 100x100
        # hexagon game went fullscreen (its view a 1024x768 screen's).
        window = window_surface()
        self.surface = pygame.Surface((w * scale, h * scale), 0, window) \
            if window is not None else pygame.Surface((w * scale, h * scale))
        self.scroll: Cell = (0, 0)
        self._drawn: list[Code | None] = [None] * (self.cols * self.rows)
        self._pixels: list[tuple[int, int]] = []        # by view index, set by reset
        self._pixel_tables: dict[int, list[tuple[int, int]]] = {}   # by the scroll's parity
        self._exposed: list[int] = []      # view indices a scroll brought in (``undrawn``)
        self._tiles: dict[Code, pygame.Surface] = {}
        self._edges_closed = True                       # a hexagon field's, once drawn
        self.tile_size = self.cells.tile[0] * scale, self.cells.tile[1] * scale
        self._hole_edges = {shifted: hole_edges(self.cells, shifted)
                            for shifted in ((False, True) if self.cells.hexagonal else (False,))}
        # Hole codes by board cell, for the holes of ``_holes_of`` (``draw_afresh``):
        # the board's, whatever the scroll (``_shown`` takes out what the view hides).
        self._holes_of: object = None
        self._hole_codes: dict[Cell, Code] = {}
        self._shown_codes: dict[tuple[Code, tuple[int, ...]], Code] = {}     # by ``_shown``

    def keep_from(self, old: BoardView) -> None:
        """Take over what ``old``, a view of the same game at another size
        or scale, made that this one would make again: its tiles when they
        are drawn alike (the same sheet in the same colours, scale and cell
        shape), the hole codes of the field when the board is the same.
        Made anew, they took about 2 ms of the frame in which a 100x100
        hexagon game went fullscreen or left it."""
        if old.cells != self.cells:
            return
        self._hole_edges = old._hole_edges
        if (old.atlas, old.colour, old.scale) == (self.atlas, self.colour, self.scale):
            self._tiles = old._tiles
        board = (self.layout.cols, self.layout.rows, self.layout.shape)
        if (old.layout.cols, old.layout.rows, old.layout.shape) == board:
            self._holes_of, self._hole_codes = old._holes_of, old._hole_codes

    def shows(self, layout: Layout, scale: int) -> bool:
        """Whether this view draws ``layout`` at ``scale`` with the atlas's
        sprites of the moment (coloured or grey, ``Atlas.colour``)."""
        return self.layout == layout and self.scale == scale \
            and self.colour == self.atlas.colour

    def reset(self, scroll: Cell = (0, 0)) -> None:
        """Show a fresh field: one covered tile blitted at every visible cell."""
        self.scroll = scroll
        self.surface.fill(GREY)
        self._pixels = self._pixel_table()
        covered = self.tile_for("#")
        self.surface.fblits([(covered, pixel) for pixel in self._pixels])
        self._drawn = ["#"] * (self.cols * self.rows)
        self._exposed = []
        self._edges_closed = not self.cells.hexagonal

    def draw_afresh(self, scroll: Cell, rows: list[str], special: Collection[Cell],
                    code_of: Callable[[int, int], Code], holes: object = None) -> None:
        """Show the board from ``scroll`` on, drawn whole: a cell's code is
        its character in ``rows`` (the board's view), but for the few in
        ``special`` (pressed, under a cursor, marked), asked of ``code_of``.
        ``holes`` (the field's mask) says which holes the board has: their
        codes are kept while it stays the same. Read a row at a time, plainly
        covered cells passed over: asking each cell through a call, and each
        hole about its neighbours, took 5 to 7 ms of the frame a 100x100
        hexagon game went fullscreen (3,500 opened cells in view), or that
        showed a cascade over a 100x100 ring (1,250 holes in view)."""
        self.reset(scroll)
        span = self.span()
        if span is None:                  # a torus: its view wraps over the seam
            self.update([c for c in self.cells_in_view() if rows[c[1]][c[0]] != "#"
                         or c in special], lambda x, y: code_of(x, y) if (x, y) in special
                        else rows[y][x])
            return
        hole_codes = self._kept_codes(holes)
        drawn, pixels, tiles = self._drawn, self._pixels, self._tiles
        (sx, sy), cols = scroll, self.cols
        xs, ys = span
        # A hole along the view's edges may have lines against cells out of
        # view (``_shown``): one in its first or last row, or at the view
        # column of ``line``'s first or last character (``k``).
        first_k, last_k, last_y = sx - xs.start, cols - 1 + sx - xs.start, self.rows - 1

        def char_at(x: int, y: int) -> Code:
            return rows[y][x]
        batch = []
        for y in ys:
            line = rows[y][xs.start:xs.stop]
            base = (y - sy) * cols + xs.start - sx
            edge_row = y - sy in (0, last_y)
            for k, ch in enumerate(line):
                if ch == "#":
                    continue                 # drawn covered by ``reset``
                if ch == HOLE:
                    cell = (xs.start + k, y)
                    code = hole_codes.get(cell)
                    if code is None:
                        code = hole_codes[cell] = self.hole_code(*cell, char_at)
                    if (edge_row or k == first_k or k == last_k) and CELL_NEXT in code:
                        code = self._shown(code, self._hidden_at(
                            cell[0] - sx, y - sy, code.endswith("s")))
                else:
                    code = ch
                i = base + k
                drawn[i] = code
                tile = tiles.get(code)
                batch.append((tile if tile is not None else self.tile_for(code), pixels[i]))
        self._blit(batch, char_at, hole_codes)
        self.update(special, code_of)

    def scroll_to(self, scroll: Cell) -> None:
        """Show the board from ``scroll`` on, keeping what is drawn: the
        surface's pixels move with the board, and the cells that come into
        view are left for the next update (``undrawn`` lists them). A
        scroll moves every tile by whole steps, also on hexagons, whose
        shifted rows are the board's odd rows whatever the scroll (``origin``
        shifts a view row by the scroll's parity). The replay viewer
        following the play at 8x scrolled in a third of its frames, and
        drew the whole view afresh each time (2 to 4 ms of those frames on
        a 100x100 hexagon replay); a scroll of a column now draws that
        column and the edges around the view."""
        (old_x, old_y), self.scroll = self.scroll, scroll
        dx = self._moved(scroll[0] - old_x, self.layout.cols)
        dy = self._moved(scroll[1] - old_y, self.layout.rows)
        if (dx, dy) == (0, 0):
            return
        step_x, step_y = self.cells.step
        self.surface.scroll(-dx * step_x * self.scale, -dy * step_y * self.scale)
        cols, rows, old = self.cols, self.rows, self._drawn
        drawn: list[Code | None] = [None] * (cols * rows)
        first, last = max(0, -dx), min(cols, cols - dx)      # the columns kept, in the new view
        for vy in range(max(0, -dy), min(rows, rows - dy)):
            at, was = vy * cols, (vy + dy) * cols + dx
            drawn[at + first:at + last] = old[was + first:was + last]
        self._forget_edge_holes(drawn, dx, dy)
        self._drawn = drawn
        self._exposed = [i for i, code in enumerate(drawn) if code is None]
        self._pixels = self._pixel_table()
        self._edges_closed = not self.cells.hexagonal

    def _forget_edge_holes(self, drawn: list[Code | None], dx: int, dy: int) -> None:
        """Marks undrawn the holes a scroll by ``dx``, ``dy`` cells kept in
        view whose lines the view now hides or shows (``_hidden_at``): their
        pixels moved with the board, lines and all, and a hole scrolled onto
        the view's top row kept the line against a cell scrolled out above
        it. Only the rows and columns that the scroll moves onto or off the
        view's edges (``view_side``) can change, and only the holes there
        whose look does (against another hole, no line was drawn either
        way): on a 100x100 ring, redrawing every hole along the edges took a
        fifth of a millisecond a scroll."""
        if not self._hiding:
            return
        cols, rows = self.cols, self.rows
        lines = [range(vy * cols, vy * cols + cols) for vy in {0, rows - 1, -dy, rows - 1 - dy}
                 if 0 <= vy < rows and view_side(vy, rows) != view_side(vy + dy, rows)]
        lines += [range(vx, cols * rows, cols) for vx in {0, cols - 1, -dx, cols - 1 - dx}
                  if 0 <= vx < cols and view_side(vx, cols) != view_side(vx + dx, cols)]
        holes = {i: code for line in lines for i in line
                 if (code := drawn[i]) is not None and code[0] == HOLE}
        (sx, sy), kept = self.scroll, self._hole_codes
        for i, code in holes.items():
            vx, vy = i % cols, i // cols
            board = kept.get((vx + sx, vy + sy))
            if board is None:
                drawn[i] = None                 # (its lines unknown: drawn again)
            elif CELL_NEXT in board and self._shown(board, self._hidden_at(
                    vx, vy, code.endswith("s"))) != code:
                drawn[i] = None

    @property
    def _hiding(self) -> bool:
        """Whether cells out of view are hidden: on a torus the band around
        the field shows them (``ghosts``), and a hole's line closes them."""
        return self.layout.shape != TORUS

    def _hidden_at(self, vx: int, vy: int, shifted: bool) -> tuple[int, ...]:
        """The neighbours (indices in ``hole_edges``) of a hole at view cell
        ``vx``, ``vy`` that the view does not show, its row ``shifted`` or
        not: none inside the view, some along its edges and in the ring just
        past them (``_close_edges``); none on a torus (``_hiding``)."""
        cols, rows = self.cols, self.rows
        if 0 < vx < cols - 1 and 0 < vy < rows - 1 or not self._hiding:
            return ()
        return hidden_neighbours(self.cells, shifted, view_side(vx, cols), view_side(vy, rows))

    def _shown(self, code: Code, hidden: tuple[int, ...]) -> Code:
        """A hole's ``code`` as the board has it, less the lines against its
        ``hidden`` neighbours (``_hidden_at``): a line with no cell shown
        beside it is a stray stroke. A hexagon view scrolled by an odd row
        showed one in its top left half-cell corner, closing a cell out of
        view, and one at the top right scrolled by an even row; a hole on a
        shaped field's top row, lines against the cells scrolled out above."""
        if not hidden:
            return code
        shown = self._shown_codes.get((code, hidden))
        if shown is None:
            letters = list(code)
            for n in hidden:
                letters[1 + n] = "-"
            shown = self._shown_codes[(code, hidden)] = "".join(letters)
        return shown

    def _pixel_table(self) -> list[tuple[int, int]]:
        """Where each view cell's tile goes, by view index, from the scroll:
        on hexagons the view's shifted rows are the board's odd ones, so
        the table changes with the parity of the first row in view (two
        tables, kept)."""
        parity = self.scroll[1] % 2 if self.cells.hexagonal else 0
        table = self._pixel_tables.get(parity)
        if table is None:
            step = self.cells.step[0] * self.scale
            starts = [self._pixel(0, vy) for vy in range(self.rows)]  # a row's cells: a step apart
            table = self._pixel_tables[parity] = [(x + vx * step, y) for x, y in starts
                                                  for vx in range(self.cols)]
        return table

    def _moved(self, delta: int, size: int) -> int:
        """How many view cells ``delta`` cells of scroll move a kept cell
        by, on an axis of the board's ``size``: ``delta`` itself, but round
        a torus the shorter way (a roll over the seam is a small step, not
        nearly the board's size)."""
        if self.layout.shape != TORUS:
            return delta
        delta %= size
        return delta if delta <= size - delta else delta - size

    def undrawn(self) -> list[Cell]:
        """The board cells in view that a scroll brought in and no update
        has drawn yet (``scroll_to``)."""
        drawn = self._drawn
        self._exposed = [i for i in self._exposed if drawn[i] is None]
        (sx, sy), cols = self.scroll, self.cols
        w, h = self.layout.cols, self.layout.rows
        cells = [(i % cols + sx, i // cols + sy) for i in self._exposed]
        if self.layout.shape == TORUS:
            return [(x % w, y % h) for x, y in cells]
        return [(x, y) for x, y in cells if x < w and y < h]

    def cells_in_view(self) -> list[Cell]:
        """The board cells in view, row by row: fewer than a cascade's
        changed cells on a board bigger than the window (10,000 opened on
        100x100, 2,600 in view)."""
        (sx, sy), cols, rows = self.scroll, self.cols, self.rows
        if self.layout.shape == TORUS:
            w, h = self.layout.cols, self.layout.rows
            return [((vx + sx) % w, (vy + sy) % h) for vy in range(rows) for vx in range(cols)]
        return [(vx + sx, vy + sy) for vy in range(rows) for vx in range(cols)]

    def span(self) -> tuple[range, range] | None:
        """The board's columns and rows in view (within the board), or None
        on a torus, whose view wraps over the seam."""
        if self.layout.shape == TORUS:
            return None
        (sx, sy), w, h = self.scroll, self.layout.cols, self.layout.rows
        return (range(max(0, sx), min(w, sx + self.cols)),
                range(max(0, sy), min(h, sy + self.rows)))

    def visible(self, cell: Cell) -> bool:
        return self.layout.view_cell(cell, self.scroll) is not None

    def _kept_codes(self, holes: object) -> dict[Cell, Code]:
        """The hole codes kept for the field whose mask is ``holes`` (a
        hole's code depends on the mask alone), emptied for another."""
        if holes != self._holes_of:
            self._holes_of, self._hole_codes = holes, {}
        return self._hole_codes

    def update(self, cells: Iterable[Cell], code_of: Callable[[int, int], Code],
               holes: object = UNSAID) -> list[tuple[int, int]]:
        """Redraw the given board cells whose appearance changed; returns the
        top-left corners (view-surface pixels) of the tiles drawn, each
        ``tile_size`` big. ``holes``, the field's mask, keeps the codes of
        its holes and of the hexagon edges around the view, as
        ``draw_afresh`` does: each scroll step of the replay viewer asked
        the 230 edge cells' neighbours through ``code_of`` (1 to 2 ms).

        A cascade can change ten thousand cells in one frame, so the loop is
        kept lean: pixels come from a table, tiles from the flyweight cache,
        and no rectangle is built (the caller builds some only for a few)."""
        drawn, (sx, sy), cols, rows = self._drawn, self.scroll, self.cols, self.rows
        wrap = (self.layout.cols, self.layout.rows) if self.layout.shape == TORUS else None
        pixels, tiles = self._pixels, self._tiles
        codes = None if holes is UNSAID else self._kept_codes(holes)
        batch = []
        for x, y in cells:
            # Layout.view_cell's arithmetic, inlined: a call per cell took a
            # third of a 10,000-cell cascade's drawing.
            vx, vy = x - sx, y - sy
            if wrap is not None:
                vx, vy = vx % wrap[0], vy % wrap[1]
            if not (0 <= vx < cols and 0 <= vy < rows):
                continue
            code = code_of(x, y)
            if code == HOLE:                 # the frame's grey, closing the cells shown beside it
                kept = None if codes is None else codes.get((x, y))
                code = kept if kept is not None else self.hole_code(x, y, code_of)
                if codes is not None:
                    codes[(x, y)] = code
                if not (0 < vx < cols - 1 and 0 < vy < rows - 1) and CELL_NEXT in code:
                    code = self._shown(code, self._hidden_at(vx, vy, code.endswith("s")))
            i = vy * cols + vx
            if drawn[i] != code:
                drawn[i] = code
                tile = tiles.get(code)
                batch.append((tile if tile is not None else self.tile_for(code), pixels[i]))
        self._blit(batch, code_of, codes)
        return [pixel for _, pixel in batch]

    def _blit(self, batch: list[tuple[pygame.Surface, tuple[int, int]]],
              code_of: Callable[[int, int], Code],
              hole_codes: dict[Cell, Code] | None = None) -> None:
        """Draws the tiles gathered, in one call, then the hexagon edges
        still open (``_close_edges``)."""
        if batch:
            self.surface.fblits(batch)
        if not self._edges_closed:
            self._close_edges(code_of, hole_codes)

    def _close_edges(self, code_of: Callable[[int, int], Code],
                     hole_codes: dict[Cell, Code] | None = None) -> None:
        """On hexagons, the half cells the field's zig-zag edges leave (and
        those just past a scrolled view's edges) are drawn as holes, whose
        lines close the cells in view beside them (``_shown``): the last
        cell of an unshifted row, the first of a shifted one and the lower
        row's slopes were open to the frame's grey. Drawn into the view only
        (a following blit of the whole view shows them: a new board, a
        scroll). A hole with no cell beside it is drawn too, plain grey:
        the replay viewer scrolls its view without starting afresh, and the
        lines a shaped field's edge drew there before the scroll stayed,
        loose strokes along the top of the field. ``hole_codes``: the codes kept for the
        field's holes (``draw_afresh``), which the edges' are as well."""
        self._edges_closed = True
        sx, sy = self.scroll
        codes = {} if hole_codes is None else hole_codes
        blits = []
        for (vx, vy), pixel, hidden, plain in edge_tiles(self.cells, self.cols, self.rows,
                                                        sy % 2, self.scale):
            code = plain
            if code is None:
                cell = (vx + sx, vy + sy)
                board = codes.get(cell)
                if board is None:
                    board = codes[cell] = self.hole_code(*cell, code_of)
                code = self._shown(board, hidden)
            blits.append((self.tile_for(code), pixel))
        self.surface.fblits(blits)

    def _pixel(self, vx: int, vy: int) -> tuple[int, int]:
        x, y = self.cells.origin(vx, vy, self.scroll[1] % 2)
        return x * self.scale, y * self.scale

    def hole_code(self, x: int, y: int, code_of: Callable[[int, int], Code]) -> Code:
        """A hole's code: HOLE, a letter per neighbour across its edges
        (CELL_NEXT for a cell) and, on hexagons, whether its row is shifted.
        The holes of a field never change: only new fields ask again."""
        shifted = self.cells.hexagonal and y % 2 == 1
        cols, rows = self.layout.cols, self.layout.rows
        torus = self.layout.shape == TORUS
        letters = [HOLE]
        for dx, dy in self._hole_edges[shifted][0]:
            nx, ny = x + dx, y + dy
            if torus:
                nx, ny = nx % cols, ny % rows
            cell = 0 <= nx < cols and 0 <= ny < rows and code_of(nx, ny) != HOLE
            letters.append(CELL_NEXT if cell else "-")
        if shifted:
            letters.append("s")
        return "".join(letters)

    def _hole_tile(self, code: Code) -> pygame.Surface:
        """The frame's grey, with the grid line of each cell beside it."""
        s = self.scale
        if self.cells.hexagonal:
            tile = self.atlas.get("hex_hole", s).copy()
        else:
            tile = pygame.Surface(self.tile_size)
            tile.fill(GREY)
        _, pixels = self._hole_edges[code.endswith("s")]
        for tx, ty, across in pixels:
            if any(code[1 + n] == CELL_NEXT for n in across):
                tile.fill(DARK, (tx * s, ty * s, s, s))
        return tile

    def tile_for(self, code: Code) -> pygame.Surface:
        """The (cached) bitmap of an appearance code: base sprite + overlays."""
        tile = self._tiles.get(code)
        if tile is None and code[0] == HOLE:
            tile = self._tiles[code] = self._hole_tile(code)
        if tile is None:
            prefix = self.cells.sprite_prefix
            tile = self.atlas.get(prefix + BASE_SPRITES[code[0]], self.scale)
            overlays = [OVERLAY_SPRITES[c] for c in code[1:]]
            if overlays:
                tile = tile.copy()
                for name in overlays:
                    tile.blit(self.atlas.get(prefix + name, self.scale), (0, 0))
            self._tiles[code] = tile
        return tile
