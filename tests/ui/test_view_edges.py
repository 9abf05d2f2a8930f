"""The edges of a scrolled board's view: a hole, or a tile of the ring just
past the view's edges, draws the grid line that closes a cell beside it only
where the view shows that cell. Its lines against cells scrolled out of view
were stray strokes: 8 px slopes in the half-cell corners that hexagon rows
leave (top left scrolled by an odd row, top right by an even one, the bottom
corners as the last row falls), a thicker frame over holes on the top row."""

from __future__ import annotations

import pygame
import pytest

from game.engine import Minefield
from game.ui.cells import HEX_H, HEX_SHIFT, HEX_STEP
from game.ui.frame import Layout
from game.ui.render.board import BoardView
from game.ui.render.painter import DARK, GREY

from .helpers import make_app, post

BIG_HEX = {"level": "custom", "custom_width": 100, "custom_height": 100,
           "custom_mines": 1000, "shape": "hex"}


def corner_gaps(surface: pygame.Surface, scale: int, scroll_y: int,
                rows: int) -> set[tuple[int, int, int]]:
    """The colours of the half-cell corners of a hexagon field's view on
    ``surface`` (``rows`` rows at ``scale``, its first the board's row
    ``scroll_y``): beside the first and the last row, on the side that
    row's shift leaves, the part no cell in view reaches (half a cell
    wide, as tall as a slope)."""
    w, h = surface.get_size()
    gap_w, gap_h = HEX_SHIFT * scale, (HEX_H - HEX_STEP) * scale
    top_shifted, bottom_shifted = scroll_y % 2 == 1, (scroll_y + rows - 1) % 2 == 1
    corners = [(0 if top_shifted else w - gap_w, 0),
               (0 if bottom_shifted else w - gap_w, h - gap_h)]
    return {tuple(surface.get_at((x + dx, y + dy)))[:3] for x, y in corners
            for dy in range(gap_h) for dx in range(gap_w)}


def field_surface(app) -> pygame.Surface:
    """The field as the window shows it."""
    return app.display.surface.subsurface(app.painter.px(app.layout.field))


def wheel(app, x: int, y: int) -> None:
    post(pygame.MOUSEWHEEL, x=x, y=y, flipped=False, precise_x=float(x), precise_y=float(y))
    app.step()


def test_the_half_cell_corners_of_a_scrolled_hexagon_view_are_plain_grey():
    """A 100x100 hexagon game: the wheel scrolls it a row at a time (each
    shifting every row half a cell), then sideways; at each scroll the
    corners are the frame's grey, with no line against the cells just out
    of view (the bottom right had one unscrolled)."""
    app = make_app(**BIG_HEX)
    rows = app.layout.view_rows
    scrolls = set()
    for x, y in [(0, 0), (0, -1), (0, -1), (1, 0), (0, -1), (1, 0), (0, 1)]:
        if (x, y) != (0, 0):
            wheel(app, x, y)                # three rows or columns a notch
        scroll = app.play.scroll
        scrolls.add(scroll)
        assert corner_gaps(field_surface(app), 1, scroll[1], rows) == {GREY}, scroll
    assert {sy % 2 for _, sy in scrolls} == {0, 1} and any(sx for sx, _ in scrolls)


@pytest.mark.parametrize("scale", [1, 2, 3])
def test_a_hexagon_view_scrolled_or_drawn_afresh_keeps_its_corners_grey(scale):
    """The board view alone, at larger scales too: drawn afresh (the game's
    scroll) and moved by ``scroll_to`` (the replay viewer's), every cell open."""
    app = make_app()
    layout = Layout.for_board(30, 30, max_size=(200, 200), shape="hex")
    rows = ["0" * 30] * 30

    def code_of(x: int, y: int) -> str:
        return rows[y][x]
    moved = BoardView(app.atlas, scale, layout)
    moved.draw_afresh((0, 0), rows, (), code_of)
    for scroll in [(0, 0), (0, 1), (1, 2), (2, 5), (1, 5), (3, 8)]:
        fresh = BoardView(app.atlas, scale, layout)
        fresh.draw_afresh(scroll, rows, (), code_of)
        moved.scroll_to(scroll)
        moved.update(moved.undrawn(), code_of)
        for view in (fresh, moved):
            assert corner_gaps(view.surface, scale, scroll[1], layout.view_rows) == {GREY}, \
                (scroll, view is moved)


def holed_field(shape: str) -> Minefield:
    """A 100x100 field with a 10x10 hole at (45, 45), a mine in its corner."""
    rows = ["*" + "." * 99] + ["." * 100] * 99
    rows = [row[:45] + " " * 10 + row[55:] if 45 <= y < 55 else row for y, row in enumerate(rows)]
    return Minefield.from_layout(rows, shape=shape)


@pytest.mark.parametrize("shape", ["grid", "hex"])
def test_a_hole_on_the_views_top_row_draws_no_line_against_the_cells_above_it(shape):
    """Scrolled so that the hole's first row is the view's, the cells above
    it out of view: the hole's top edge is the frame's grey (a grid's frame
    was a pixel thicker over it, a hexagon field had loose slopes along
    it); a row higher, the cells above it shown, it closes them."""
    app = make_app(shape=shape)
    app.play.new_game(field=holed_field(shape))
    app.step()
    for scroll_y, colours in ((45, {GREY}), (44, {DARK})):
        app.play.scroll_by(0, scroll_y - app.play.scroll[1])
        app.step()
        assert app.play.scroll == (0, scroll_y)
        if shape == "grid":                  # the top row of the hole's tiles
            y = (45 - scroll_y) * 16
            edge = [(x, y) for x in range(45 * 16 + 1, 55 * 16)]   # (its left edge: a line)
        else:                                # the top of each hexagon's slopes (an odd row)
            y = (45 - scroll_y) * HEX_STEP
            edge = [(x * 16 + HEX_SHIFT + dx, y) for x in range(45, 55) for dx in (7, 8)]
        surface = field_surface(app)
        assert {tuple(surface.get_at(pixel))[:3] for pixel in edge} == colours, scroll_y


@pytest.mark.parametrize("shape", ["grid", "hex"])
def test_the_viewers_scroll_redraws_the_holes_it_brings_onto_the_views_edges_or_off_them(shape):
    """The replay viewer's scroll moves the view's pixels (``scroll_to``),
    the lines drawn with them: a hole moved onto the view's top row or left
    column kept its line against the cells scrolled out, one moved off them
    lacked it against the cells scrolled in. It shows what a view drawn
    afresh there shows."""
    app = make_app()
    field = holed_field(shape)
    rows = field.view()

    def code_of(x: int, y: int) -> str:
        return rows[y][x]
    layout = Layout.for_board(100, 100, max_size=(400, 300), shape=shape)
    view = BoardView(app.atlas, 1, layout)
    view.draw_afresh((40, 44), rows, (), code_of, field.mask)
    for scroll in [(40, 45), (40, 44), (45, 47), (44, 47), (45, 45), (41, 46), (45, 45)]:
        view.scroll_to(scroll)
        view.update(view.undrawn(), code_of, field.mask)
        fresh = BoardView(app.atlas, 1, layout)
        fresh.draw_afresh(scroll, rows, (), code_of, field.mask)
        assert pygame.image.tobytes(view.surface, "RGB") == \
            pygame.image.tobytes(fresh.surface, "RGB"), scroll
