"""Drawing the computer's help over the field: probability shading, the
hovered cell's percentage and the hint's explanation.

All of it is drawn on the display after the board view is blitted, so the
board view's surface (and its dirty-cell bookkeeping) never sees it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from game.i18n import N_, _

from ..cells import HEX_SPANS, CellGeometry
from ..frame import Layout
from ..text_fit import fit
from .hint_tip import PAD, Placed, place
from .painter import BLACK, Painter

if TYPE_CHECKING:
    from game.engine import Minefield

    from ..jobs import Overlay
    from ..session import Session
    from .board import BoardView

TIP = (255, 255, 225)           # the pale yellow of classic tooltips
THINKING = N_("Thinking…")       # the cue shown while the computer is late
OPENING = N_("Opening the replay…")   # the cue shown while a replay is late

_tiles: dict[tuple[int, int, bool, bool], pygame.Surface] = {}

#: View characters of covered cells (flags and ? are opinions), for the
#: assistant and its drawing alike.
COVERED = "#F?"

Cell = tuple[int, int]


class HintedCell(Protocol):
    """A hint shown, as its drawing reads it (``assist_hint.Shown``)."""

    @property
    def cell(self) -> Cell: ...


class HelpShown(Protocol):
    """The computer's help, as its drawing reads it (``assist.Assistant``:
    drawn below it, this module knows it only by this)."""

    @property
    def overlay(self) -> bool: ...
    @property
    def game(self) -> int: ...
    @property
    def revision(self) -> int: ...
    @property
    def shown(self) -> HintedCell | None: ...
    @property
    def thinking(self) -> bool: ...

    def hover_text(self, cell: Cell | None) -> str: ...
    def line(self) -> str: ...
    def marked_cells(self) -> set[Cell]: ...
    def analysis(self) -> Overlay | None: ...


class HelpedScreen(Protocol):
    """The play screen, as the help's drawing reads it."""

    @property
    def assist(self) -> HelpShown: ...
    @property
    def scroll(self) -> tuple[int, int]: ...
    @property
    def field(self) -> Minefield: ...
    @property
    def cursor(self) -> Cell | None: ...
    @property
    def hover(self) -> Cell | None: ...
    @property
    def session(self) -> Session | None: ...
    @property
    def board_view(self) -> BoardView | None: ...


def overlay_colour(p: float, colour: bool = True) -> tuple[int, int, int, int]:
    """The translucent shade for a mine probability: green when certainly
    safe, then from yellow to red, more opaque as the risk grows. Without
    colour (View > Color off) a safe cell is washed white, and a risk
    darkens its cell the more the greater it is: the greys of the colours'
    brightness shaded a safe cell as a 70 % risk."""
    if not colour:
        return (255, 255, 255, 150) if p <= 0.0 else (0, 0, 0, round(20 + 150 * min(p, 1.0)))
    if p <= 0.0:
        return (0, 200, 0, 120)
    if p >= 1.0:
        return (255, 0, 0, 170)
    return (255, round(220 * (1 - p)), 0, round(50 + 110 * p))


def _tile(p: float, scale: int, cells: CellGeometry, colour: bool) -> pygame.Surface:
    # Tiles go by thousandths; an uncertain risk never rounds to the shade
    # of a certain one (a 0.02 % risk was drawn in the green of a cell
    # proved safe), as its percentage never reads 0 % or 100 %.
    level = round(p * 1000)
    if 0.0 < p < 1.0:
        level = min(999, max(1, level))
    key = (level, scale, cells.hexagonal, colour)
    tile = _tiles.get(key)
    if tile is None:
        w, h = cells.tile
        tile = pygame.Surface((w * scale, h * scale), pygame.SRCALPHA)
        shade = overlay_colour(level / 1000, colour)
        if cells.hexagonal:      # shade the hexagon only, so neighbours are not shaded twice
            for y, (x, width) in enumerate(HEX_SPANS):
                tile.fill(shade, (x * scale, y * scale, width * scale, scale))
        else:
            tile.fill(shade)
        if len(_tiles) > 4096:
            _tiles.clear()
        _tiles[key] = tile
    return tile


def draw_overlay(painter: Painter, layout: Layout, scroll: tuple[int, int],
                 probabilities: list[list[float]], view: list[str]) -> None:
    """Shade every visible covered cell (``view``: the field's rows of view
    characters). Runs at every move under auto-play, over thousands of cells
    on a big board: lookups are hoisted and tiles fetched once per probability."""
    x0, y0 = painter.pos(layout.field.topleft)
    cells, scale = layout.cells, painter.scale
    board_cell, origin, parity = layout.board_cell, cells.origin, scroll[1] % 2
    tiles: dict[float, pygame.Surface] = {}
    batch = []
    for vy in range(layout.view_rows):
        for vx in range(layout.view_cols):
            x, y = board_cell(vx, vy, scroll)
            if view[y][x] in COVERED:
                p = probabilities[y][x]
                tile = tiles.get(p)
                if tile is None:
                    tile = tiles[p] = _tile(p, scale, cells, painter.colour)
                ox, oy = origin(vx, vy, parity)
                batch.append((tile, (x0 + ox * scale, y0 + oy * scale)))
    painter.surface.fblits(batch)


def tip_rect(painter: Painter, lines: list[str], anchor: tuple[int, int],
             area: pygame.Rect) -> pygame.Rect:
    """Where a tooltip with ``lines`` goes: below-right of ``anchor``, kept in ``area``."""
    w = max(painter.text_width(line) for line in lines) + 2 * PAD + 2
    h = len(lines) * painter.line_height() + 2 * PAD
    rect = pygame.Rect(anchor[0], anchor[1], w, h)
    return rect.clamp(area)


def draw_tip(painter: Painter, lines: list[str], rect: pygame.Rect) -> None:
    painter.fill(rect, BLACK)
    painter.fill(rect.inflate(-2, -2), TIP)
    y = rect.y + PAD
    for line in lines:
        painter.text(line, (rect.x + PAD + 1, y))
        y += painter.line_height()


def hover_rect(painter: Painter, layout: Layout, cell_rect: pygame.Rect,
               text: str) -> pygame.Rect:
    """Where the hovered cell's percentage goes: just below and right of the
    cell, or above it when the field's edge would push it onto the cell."""
    rect = tip_rect(painter, [text], (cell_rect.right - 4, cell_rect.bottom - 2), layout.field)
    if rect.colliderect(cell_rect.inflate(-6, -6)):          # clamped onto the cell: go above
        rect = tip_rect(painter, [text], (cell_rect.right - 4, cell_rect.y - rect.h + 2),
                        layout.field)
    return rect


def draw_hint(painter: Painter, layout: Layout, screen: HelpedScreen) -> pygame.Rect | None:
    """The hint's explanation (or the assistant's message) as a tip placed
    by ``hint_tip.place``: it covers none of the hint's cells, or shows them
    through holes. It may reach over the field's frame and margins, never
    over the counters or the face. Returns its box (None when there is no
    line)."""
    line = shown_line(screen)
    if not line:
        return None
    placed = _placed(painter, layout, screen, line)
    clip = painter.surface.get_clip()
    painter.surface.set_clip(painter.px(layout.window))
    draw_tip(painter, [], placed.box)
    for text, x, y in placed.runs:
        painter.text(text, (x, y))
    field, s = layout.field, painter.scale
    assert screen.board_view is not None      # made by the first layout, before any draw
    for hole in placed.holes:           # the hint's cells, as the board view has them
        inside = hole.clip(field)
        area = pygame.Rect((inside.x - field.x) * s, (inside.y - field.y) * s,
                           inside.w * s, inside.h * s)
        painter.blit(screen.board_view.surface, inside.topleft, area)
    painter.surface.set_clip(clip)
    return placed.box


_last_placed: dict[tuple[str, tuple[tuple[int, ...], ...], bool, Layout, int], Placed] = {}


def _placed(painter: Painter, layout: Layout, screen: HelpedScreen, line: str) -> Placed:
    """Where the line goes (the search is kept for the next frames)."""
    assist, scroll = screen.assist, screen.scroll
    cells = sorted(assist.marked_cells())
    keep = [r for r in (layout.cell_rect(c, scroll) for c in cells) if r is not None]
    shown = assist.shown.cell if assist.shown else None
    view = layout.view_cell(shown, scroll) if shown else None
    low = view is not None and view[1] >= layout.view_rows // 2
    key = (line, tuple(tuple(r) for r in keep), low, layout, painter.scale)
    placed = _last_placed.get(key)
    if placed is None:
        _last_placed.clear()
        placed = _last_placed[key] = place(painter, line, layout, keep, low)
    return placed


def help_decor(screen: HelpedScreen) -> tuple[object, ...]:
    """What the computer's help draws over the play screen's field now, as a
    key that changes whenever the picture must (empty: nothing to draw)."""
    assist = screen.assist
    overlay = (screen.field.move_count, assist.game, assist.revision) if assist.overlay else ()
    cell = pointed(screen)
    hover = (cell, assist.hover_text(cell)) if assist.overlay else ()
    line = shown_line(screen)
    thinking = assist.thinking
    return (overlay, hover, line, thinking, screen.scroll) if overlay or line or thinking else ()


def pointed(screen: HelpedScreen) -> tuple[int, int] | None:
    """The cell whose percentage the overlay shows: the keyboard cursor's
    while it is shown (a player on the keyboard has no pointer to point
    with; the mouse moving hides the cursor), else the one under the pointer."""
    return screen.cursor if screen.cursor is not None else screen.hover


def shown_line(screen: HelpedScreen) -> str:
    """The assistant's line, unless the game is paused: the pause hides the
    field, and a line reaching out of the field stuck out of its panel."""
    assert screen.session is not None         # made with the screen, before any draw
    return "" if screen.session.chrono.paused else screen.assist.line()


def draw_help(painter: Painter, layout: Layout, screen: HelpedScreen) -> None:
    """Shading over the play screen's field (the hint's line, the hovered
    percentage and the "thinking" cue come after the field: ``draw_cues``)."""
    assist = screen.assist
    field = screen.field
    clip = painter.surface.get_clip()
    painter.surface.set_clip(painter.px(layout.field))
    analysis = assist.analysis() if assist.overlay else None
    if analysis is not None:
        draw_overlay(painter, layout, screen.scroll, analysis.rows, field.view())
    painter.surface.set_clip(clip)


def draw_cues(painter: Painter, layout: Layout, screen: HelpedScreen) -> pygame.Rect | None:
    """The hint's line, then over it the hovered cell's percentage (the
    line hid it for the cells beside it; none for a cell the line hides,
    whose figure was written over its words) and the "thinking" cue;
    returns the line's box."""
    assist = screen.assist
    box = draw_hint(painter, layout, screen)
    clip = painter.surface.get_clip()
    painter.surface.set_clip(painter.px(layout.field))
    at = pointed(screen)
    text = assist.hover_text(at) if assist.overlay else ""
    cell = layout.cell_rect(at, screen.scroll) if text and at is not None else None   # text: at a cell
    hidden = (cell is not None and box is not None and box.collidepoint(cell.center)
              and at not in assist.marked_cells())
    if cell is not None and not hidden:
        draw_tip(painter, [text], hover_rect(painter, layout, cell, text))
    if assist.thinking:
        draw_thinking(painter, layout)
    painter.surface.set_clip(clip)
    return box


def thinking_rect(painter: Painter, layout: Layout, text: str = THINKING) -> pygame.Rect:
    """Where the "thinking" cue goes: a small tip in the field's top-right
    corner, clear of the hint line and of the counters."""
    field = layout.field
    return tip_rect(painter, [_cue(painter, layout, text)], (field.right, field.y), field)


def _cue(painter: Painter, layout: Layout, text: str) -> str:
    """The cue in the current language, cut with "…" to the field's width
    (a language's "Opening the replay…" may be wider than an 8 x 8 field)."""
    return fit(painter, _(text), layout.field.w - 2 * PAD - 2)


def draw_thinking(painter: Painter, layout: Layout, text: str = THINKING) -> None:
    """The cue that the computer is still thinking (after 100 ms), or with
    ``OPENING`` that a replay is still being read, in the same place."""
    draw_tip(painter, [_cue(painter, layout, text)], thinking_rect(painter, layout, text))
