"""Board shapes in the window: hexagons drawn and hit by their geometry, the
torus's wrap-around, holes in the frame's grey, keyboard and help on them."""

import pygame
import pytest

from game.engine import Minefield
from game.solver import mine_probabilities
from game.ui.cells import HEX_H, HEX_STEP, HEX_W
from game.ui.frame import Layout
from game.ui.hit import Viewport, target_at
from game.ui.render.assist import overlay_colour
from game.ui.render.painter import GREY
from game.ui.screens.play import cell_centre

from .helpers import (
    MIDDLE,
    RIGHT,
    cell_pixel,
    cell_pos,
    cell_rect,
    cell_shows,
    click,
    key,
    make_app,
    move,
    pixel,
    post,
    press,
    release,
    settle,
    shows,
)
from .test_replays import open_viewer

HEX_BOARD = ["*........", ".........", ".........", ".........", "....*....",
             ".........", ".........", ".........", "........*"]
HOLED = ["*.......", "........", "..    ..", "..    ..", "........", "........",
         "......*.", "........"]


def in_polygon(px: float, py: float) -> bool:
    """Point-in-hexagon for a tile at the origin, from its six corners (the
    geometry written down independently of the game's pixel spans)."""
    corners = [(8, 0), (16, 4), (16, 14), (8, 18), (0, 14), (0, 4)]
    inside = False
    for (x1, y1), (x2, y2) in zip(corners, corners[1:] + corners[:1], strict=True):
        if (y1 > py) != (y2 > py) and px < x1 + (py - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def expected_cell(x: int, y: int) -> tuple[int, int] | None:
    """The board cell whose hexagon holds scale-1 field pixel (x, y), by the polygon."""
    for row in (y // HEX_STEP, y // HEX_STEP - 1):
        shift = HEX_W // 2 if row % 2 else 0
        col = (x - shift) // HEX_W
        if in_polygon(x - shift - col * HEX_W + 0.5, y - row * HEX_STEP + 0.5):
            return col, row
    return None


@pytest.mark.parametrize("scale", [1, 2, 3, 4])
def test_every_pixel_of_a_hex_field_hits_the_hexagon_drawn_there(scale):
    app = make_app(HEX_BOARD, shape="hex", scale=scale)
    scale = app.viewport.scale                                   # what the screen allows
    field = app.painter.px(app.layout.field)
    cols, rows = app.layout.view_cols, app.layout.view_rows     # all of it, or what fits
    step = 1 if scale <= 2 else 2
    for dy in range(0, field.h, step):
        for dx in range(0, field.w, step):
            target = app.play.target((field.x + dx, field.y + dy))
            cell = expected_cell(dx // scale, dy // scale)
            if cell is None or not (0 <= cell[0] < cols and 0 <= cell[1] < rows):
                assert target.kind == "none", (dx, dy)     # the zig-zag edges: no cell
            else:
                assert (target.kind, target.cell) == ("cell", cell), (dx, dy, scale)


@pytest.mark.parametrize("scale", [4, 5, 6])
def test_hit_testing_at_scales_no_test_screen_fits_is_the_same_geometry(scale):
    """Every window pixel of the field is asked at least once, at display
    pixels stepping through each offset inside it (steps of scale - 1 down,
    3 across: asking all of them took seconds and found nothing more)."""
    layout = Layout.for_board(9, 9, shape="hex")
    viewport = Viewport(scale, origin=(7, 3))               # e.g. fullscreen letterboxing
    field = layout.field
    for y in range(0, field.h * scale, scale - 1):
        for x in range(0, field.w * scale, 3):
            pos = viewport.to_display(field.topleft)
            target = target_at(layout, viewport.to_window((pos[0] + x, pos[1] + y)))
            cell = expected_cell(x // scale, y // scale)
            if cell is None or not (0 <= cell[0] < 9 and 0 <= cell[1] < 9):
                assert target.kind == "none", (x, y)
            else:
                assert target.cell == cell, (x, y, scale)


@pytest.mark.parametrize("scale", [1, 2, 3])
def test_centres_edges_and_the_gaps_between_rows_of_hexagons(scale):
    app = make_app(HEX_BOARD, shape="hex", scale=scale)
    layout = app.layout

    def hit(cell, dx, dy):
        rect = cell_rect(app, cell)
        return app.play.target(app.viewport.to_display((rect.x + dx, rect.y + dy))).cell

    for cell in [(0, 0), (4, 4), (3, 5), (8, 8), (0, 7), (8, 1)]:
        assert app.play.target(app.viewport.to_display(cell_centre(layout, cell))).cell == cell
        assert hit(cell, 0, 9) == cell and hit(cell, HEX_W - 1, 9) == cell   # left, right sides
        assert hit(cell, 7, 0) == cell and hit(cell, 8, HEX_H - 1) == cell   # top, bottom tips
    # Between rows 4 and 5 (row 5 shifted right): the zig-zag, pixel by pixel.
    assert hit((4, 4), 1, 14) == (4, 4)          # row 4's lower-left edge, still inside
    assert hit((4, 4), 0, 15) == (3, 5)          # just outside it: the cell below-left
    assert hit((4, 4), 8, 17) == (4, 4)          # the bottom tip
    assert hit((4, 4), 6, 17) == (3, 5) and hit((4, 4), 10, 17) == (4, 5)


def test_press_and_release_on_hexagons_follow_the_hexagon_under_the_pointer():
    app = make_app(HEX_BOARD, shape="hex")
    rect = cell_rect(app, (2, 2))
    tip = app.viewport.to_display((rect.x + 8, rect.bottom - 1))     # (2, 2)'s bottom tip
    press(app, tip)
    assert cell_shows(app, (2, 2), "hex_open_0")                 # the pressed look
    gap = app.viewport.to_display((rect.x + 12, rect.bottom - 2))   # the zig-zag below-right
    move(app, gap)
    assert app.play.target(gap).cell == (2, 3)
    assert cell_shows(app, (2, 3), "hex_open_0") and cell_shows(app, (2, 2), "hex_covered")
    side = app.viewport.to_display((rect.x, rect.y + 9))           # (2, 2)'s left side
    move(app, side)
    assert cell_shows(app, (2, 2), "hex_open_0") and cell_shows(app, (2, 3), "hex_covered")
    release(app, side)
    assert app.play.field.cell(2, 2) != "#"
    assert app.play.field.status == "won"        # a zero opening the whole board


def test_a_chord_on_hexagons_presses_six_neighbours():
    app = make_app(HEX_BOARD, shape="hex")
    click(app, (3, 4))
    assert app.play.field.cell(3, 4) == "1"
    click(app, (4, 4), RIGHT)
    press(app, cell_pos(app, (3, 4)), MIDDLE)
    around = app.play.field.neighbours(3, 4)
    assert len(around) == 6
    for cell in around:
        sprite = "hex_flag" if cell == (4, 4) else "hex_open_0"
        assert cell_shows(app, cell, sprite), cell
    assert cell_shows(app, (1, 4), "hex_covered")                 # two columns away
    release(app, cell_pos(app, (3, 4)), MIDDLE)
    assert all(app.play.field.cell(*c) != "#" for c in around if c != (4, 4))


def test_hexagon_numbers_and_the_loss_picture_come_from_hex_sprites():
    app = make_app(HEX_BOARD, shape="hex")
    click(app, (1, 0))
    assert cell_shows(app, (1, 0), "hex_open_1")
    assert cell_pixel(app, (1, 0)) == (0, 0, 255)
    click(app, (4, 4))
    app.play.skip_animation()
    app.step()
    assert cell_shows(app, (4, 4), "hex_mine_exploded")


def test_holes_show_the_frames_grey_and_take_no_click():
    app = make_app(HOLED)
    assert cell_pixel(app, (3, 3)) == GREY and cell_pixel(app, (3, 3), -7, -7) == GREY
    click(app, (3, 3))
    click(app, (3, 3), RIGHT)
    assert app.play.field.status == "ready" and app.play.field.cell(3, 3) == " "
    hex_app = make_app(HOLED, shape="hex")
    assert cell_pixel(hex_app, (3, 2)) == GREY and cell_pixel(hex_app, (3, 2), 0, -8) == GREY


@pytest.mark.parametrize("scale", [1, 2])
@pytest.mark.parametrize("shape", ["grid", "hex"])
def test_a_hole_closes_the_cells_beside_it_with_their_grid_line(shape, scale):
    """A revealed cell draws the grid line on its upper and left edges and
    leaves the others to its neighbours; a hole drew none, so an opened cell
    beside a hole had no edge on that side and ran on into the hole (the
    heart's opened tip was a lone stroke). The hole now draws the line
    where a cell lies across its upper or left edges, and none between two
    holes."""
    from game.ui.render.painter import DARK
    app = make_app(HOLED, shape=shape, scale=scale)
    click(app, (0, 4))                       # opens all around the holes
    assert app.play.field.cell(1, 2) in "012345678"

    def column(cell, x, rows):
        r = app.painter.px(cell_rect(app, cell))
        return {pixel(app, (r.x + x * scale, r.y + y * scale)) for y in rows}

    side = range(4, 14) if shape == "hex" else range(16)
    assert column((2, 2), 0, side) == {DARK}           # the opened cell (1, 2) beside it
    assert column((3, 2), 0, side[1:]) == {GREY}       # another hole beside it (the corner
                                                       # is on the line of the cells above)
    if shape == "grid":                                # the opened cell (2, 1) above it
        r = app.painter.px(cell_rect(app, (2, 2)))
        assert {pixel(app, (r.x + x * scale, r.y)) for x in range(16)} == {DARK}


@pytest.mark.parametrize("scale", [1, 2])
def test_the_zigzag_edges_of_a_hex_field_close_the_cells_along_them(scale):
    """The half cells a hexagon field's edges leave were plain grey: the
    last opened cell of an unshifted row had no right side, the lower row
    no lower slopes. They are drawn as holes now, closing those cells."""
    from game.ui.render.painter import DARK
    app = make_app(HEX_BOARD, shape="hex", scale=scale)
    click(app, (2, 7))                       # opens the lower left and the right column
    assert app.play.field.cell(8, 0) in "012345678" and app.play.field.cell(0, 8) != "#"
    field = app.layout.field
    right = [(field.x + 9 * HEX_W, field.y + y) for y in range(4, 14)]   # row 0 ends at 9 cells
    lower = (field.x + 11, field.y + 8 * HEX_STEP + 16)    # (0, 8)'s lower right slope
    for x, y in [*right, lower]:
        assert display_rgb(app, (x, y)) == DARK, (x, y)


def test_a_press_on_a_hole_is_a_press_on_the_frame():
    """A hole is no cell: a press there shows no pressed cell and opens
    nothing released there; as from the frame (where the face says "oh", as
    the classic's did for a press anywhere in its window), a slide from it
    onto a cell presses that cell, and the release opens it."""
    for shape, hole in (("grid", (3, 3)), ("hex", (3, 2))):
        app = make_app(HOLED, shape=shape)
        press(app, cell_pos(app, hole))
        assert shows(app, app.layout.face, "face_oh") and not app.play.pressed_cells()
        release(app, cell_pos(app, hole))
        assert shows(app, app.layout.face, "face_smile")
        assert app.play.field.status == "ready"
        press(app, cell_pos(app, hole))
        move(app, cell_pos(app, (1, 1)))
        assert cell_shows(app, (1, 1), ("hex_" if shape == "hex" else "") + "open_0")
        release(app, cell_pos(app, (1, 1)))
        assert app.play.field.cell(1, 1) != "#"
        app = make_app(HOLED, shape=shape)
        press(app, cell_pos(app, hole), MIDDLE)
        assert not app.play.pressed_cells()
        release(app, cell_pos(app, hole), MIDDLE)
        assert app.play.field.status == "ready"


def test_a_no_guess_fields_first_click_on_a_hole_asks_the_worker_nothing():
    """The worker lays a no-guess board for the first click: a click on a
    hole had it lay one for the hole, which the engine then ignored, and the
    first real click laid the board again in the window's frame."""
    from game.ui.worker import SyncWorker

    class Asked(SyncWorker):
        def __init__(self) -> None:
            super().__init__()
            self.cells: list[tuple[int, int]] = []

        def submit(self, tag, job, replaces=None) -> None:
            self.cells.append(job.cell)
            super().submit(tag, job)

    worker = Asked()
    app = make_app(level="heart", no_guess=True, seed=3, worker=worker)
    assert app.play.field.cell(0, 0) == " "
    click(app, (0, 0))
    app.step(2)
    assert worker.cells == [] and app.play.field.status == "ready"
    click(app, (8, 5))
    app.step(2)
    assert worker.cells == [(8, 5)] and app.play.field.status == "playing"


@pytest.mark.parametrize("shape, cell, scroll", [("hex", (4, 5), (0, 0)),
                                                 ("torus", (1, 1), (3, 3))])
def test_a_long_press_cue_grows_inside_the_cell_touched(shape, cell, scroll):
    """The cue was placed as on unscrolled squares: on hexagons it lay
    across the hexagons below (and stayed there once the finger lifted),
    on a scrolled torus off the field."""
    from .test_feel import finger
    app = make_app(shape=shape)
    app.play.scroll_by(*scroll)
    finger(app, pygame.FINGERDOWN, cell)
    app.step(10)
    rect = cell_rect(app, cell)
    cue = [(x, y) for y in range(rect.y, rect.bottom) for x in range(rect.x, rect.right)
           if display_rgb(app, (x, y)) == (224, 0, 0)]
    assert cue and all(cell_at(app, point) == cell for point in cue)
    app.step(20)                                  # flagged
    finger(app, pygame.FINGERUP, cell)
    prefix = "hex_" if shape == "hex" else ""
    assert app.play.field.cell(*cell) == "F" and cell_shows(app, cell, prefix + "flag")
    below = (cell[0], cell[1] + 1)
    assert cell_shows(app, below, prefix + "covered")


def cell_at(app, point):
    return target_at(app.layout, point, app.play.scroll).cell


def test_a_no_guess_field_in_parts_says_when_its_board_may_need_a_guess():
    """A first click on a part of the field that touches no other part
    leaves nothing to prove the rest with: the no-guess layer gave up and
    the player, promised a board without guessing, was not told."""
    mask = "\n".join(["#       ", "        "] + ["   #####"] * 5 + ["        "])
    app = make_app(level="custom", custom_width=8, custom_height=8, custom_mines=4,
                   custom_mask=mask, no_guess=True, seed=1)
    click(app, (0, 0))
    app.step(2)
    assert app.play.field.status == "playing" and app.play.field.cell(0, 0) == "0"
    assert app.play.assist.line() == ("No board without guessing was found for this field:"
                                      " this one may need a guess.")
    connected = make_app(level="heart", no_guess=True, seed=1)
    click(connected, (8, 5))
    connected.step(2)
    assert connected.play.field.status == "playing" and connected.play.assist.line() == ""


def test_the_keyboard_cursor_climbs_hexagons_straight_and_skips_holes():
    app = make_app(HOLED, shape="hex")
    key(app, pygame.K_RETURN)                # shows the cursor
    app.play.cursor = (1, 5)
    key(app, pygame.K_UP)
    assert app.play.cursor == (1, 4)         # up-right (row 4 is even, row 5 odd)...
    key(app, pygame.K_UP)
    assert app.play.cursor == (1, 3)         # ...then up-left: straight up
    assert (1, 4) in app.play.field.neighbours(1, 5) and (1, 3) in app.play.field.neighbours(1, 4)
    key(app, pygame.K_RIGHT)
    assert app.play.cursor == (6, 3)         # over the hole
    assert not cell_shows(app, (6, 3), "hex_covered")          # the cursor is drawn on it
    assert cell_shows(app, (1, 3), "hex_covered")


#: A field in two parts (a cell alone in the top-left corner, a block at
#: the right), no row or column shared between them.
PARTS = ["#       ", "        "] + ["   #####"] * 5 + ["        "]


def test_the_arrows_reach_each_part_of_a_field_in_parts():
    """An arrow went along its row or column only: from the lone corner
    cell no cell lay to its right or below, and from the block none to its
    left or above, so a player without a mouse could never reach the other
    part, nor win. Past the line's end the cursor goes to the nearest cell
    ahead, the way the arrow points."""
    app = make_app(level="custom", custom_width=8, custom_height=8, custom_mines=4,
                   custom_mask="\n".join(PARTS))
    key(app, pygame.K_RETURN)                # shows the cursor, in the block
    app.play.cursor = (3, 2)
    key(app, pygame.K_LEFT)
    assert app.play.cursor == (0, 0)
    key(app, pygame.K_RIGHT)
    assert app.play.cursor == (3, 2)         # the nearest column ahead, its nearest row
    app.play.cursor = (0, 0)
    key(app, pygame.K_DOWN)
    assert app.play.cursor == (3, 2)
    app.play.cursor = (4, 2)
    key(app, pygame.K_UP)
    assert app.play.cursor == (0, 0)
    app.play.cursor = (7, 6)
    key(app, pygame.K_RIGHT)                 # nothing ahead: it stays
    assert app.play.cursor == (7, 6)


@pytest.mark.parametrize("shape", ["grid", "hex"])
def test_every_cell_of_a_field_in_parts_is_reached_from_any_other(shape):
    """Round a torus a line always comes back to its own part (the limit
    the README states): there only a cell alone in its row or column steps
    to the nearest one ahead (``test_a_torus_line_with_no_other_cell...``)."""
    from game.ui.cursor import cursor_step

    field = Minefield.from_layout([row.replace("#", ".") for row in PARTS], shape=shape)
    cells = {(x, y) for y in range(field.height) for x in range(field.width)
             if field.cell(x, y) != " "}
    for start in cells:
        reached, todo = {start}, [start]
        while todo:
            at = todo.pop()
            for step in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                if (cell := cursor_step(field, at, *step)) not in reached:
                    reached.add(cell)
                    todo.append(cell)
        assert reached == cells


def test_a_torus_line_with_no_other_cell_steps_to_the_nearest_cell_ahead():
    """Round a torus the lone cell's row and column came back to itself:
    its arrows did nothing. The nearest column (row) ahead, counted the way
    the arrow points across the seam too."""
    from game.ui.cursor import cursor_step

    torus = Minefield.from_layout([row.replace("#", ".") for row in PARTS], shape="torus")
    assert cursor_step(torus, (0, 0), 1, 0) == (3, 2)       # rows 2 and 6 as near: the upper
    assert cursor_step(torus, (0, 0), -1, 0) == (7, 2)      # one column left, over the seam
    assert cursor_step(torus, (0, 0), 0, 1) == (7, 2)       # column 7 one away, over the seam
    assert cursor_step(torus, (0, 0), 0, -1) == (7, 6)      # two rows up, over the seam


def test_the_cursor_shows_on_the_cell_nearest_the_middle_when_a_hole_is_there():
    # Big M's middle (15, 8) is a hole: the cursor went to the top-left corner.
    app = make_app(level="bigm")
    key(app, pygame.K_DOWN)
    assert app.play.cursor == (16, 8)
    # So does a cursor that a new board puts on a hole.
    app = make_app(level="expert")
    key(app, pygame.K_DOWN)
    app.play.cursor = (15, 8)
    app.settings.level = "bigm"
    app.play.new_game()
    assert app.play.cursor == (16, 8)
    # A big field scrolled so that a hole fills the middle of the view: the
    # cursor showed at (0, 0) and the view jumped back to the top-left.
    rows = ["#" * 100 if not 40 <= y <= 60 else "#" * 40 + " " * 21 + "#" * 39
            for y in range(100)]
    app = make_app(level="custom", custom_width=100, custom_height=100, custom_mines=500,
                   custom_mask="\n".join(rows))
    layout = app.layout
    app.play.scroll_by(50 - layout.view_cols // 2, 50 - layout.view_rows // 2)
    app.step()
    scroll = app.play.scroll
    assert app.play.field.cell(*layout.board_cell(layout.view_cols // 2, layout.view_rows // 2,
                                                  scroll)) == " "
    key(app, pygame.K_RIGHT)
    assert app.play.scroll == scroll
    x, y = app.play.cursor
    assert app.play.field.cell(x, y) == "#" and min(x - 39, 61 - x, y - 39, 61 - y) == 0
    assert abs(x - 50) + abs(y - 50) <= 12


def test_the_torus_cursor_and_wheel_wrap_round():
    app = make_app(["*......."] + ["........"] * 7, shape="torus")
    key(app, pygame.K_RETURN)
    app.play.cursor = (7, 0)
    key(app, pygame.K_RIGHT)
    assert app.play.cursor == (0, 0)
    key(app, pygame.K_UP)
    assert app.play.cursor == (0, 7)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False,
                                         precise_x=0.0, precise_y=1.0))
    app.step()
    assert app.play.scroll == (0, 5)         # rolled up by three rows, round the edge
    assert app.play.target(cell_pos(app, (2, 6))).cell == (2, 6)
    click(app, (2, 6))
    assert app.play.field.cell(2, 6) != "#"


def test_the_cursor_rolls_a_big_torus_over_its_seam_one_column_at_a_time():
    """Crossing the seam made the view jump to the other end (41 columns
    at once) instead of rolling round by one."""
    app = make_app(level="custom", custom_width=100, custom_height=100, custom_mines=1000,
                   shape="torus")
    cols = app.layout.view_cols
    assert cols < 100
    key(app, pygame.K_RETURN)
    x, y = app.play.cursor
    for _ in range(x + 1):                       # left, over the seam at column 0
        key(app, pygame.K_LEFT)
    assert app.play.cursor == (99, y) and app.play.scroll[0] == 99
    key(app, pygame.K_RIGHT)
    assert app.play.cursor == (0, y) and app.play.scroll[0] == 99      # in view: no roll
    app.play.scroll_by(100 - cols - 99, 0)       # the last columns in view, 99 at the right
    app.play.point_at((99, y))
    key(app, pygame.K_RIGHT)
    assert app.play.cursor == (0, y) and app.play.scroll[0] == 101 - cols
    assert app.play.target(cell_pos(app, (0, y))).cell == (0, y)


def test_the_replay_of_a_big_torus_rolls_over_its_seam_as_the_game_did():
    """The viewer followed the play by clamping: a move just over the seam
    made it jump 41 columns to the board's far end, and back at the next
    move, where the game had rolled its view by one column."""
    app = make_app(level="custom", custom_width=100, custom_height=100, custom_mines=1000,
                   shape="torus")
    key(app, pygame.K_RETURN)
    x, y = app.play.cursor
    key(app, pygame.K_SPACE)                     # the first click: safe
    app.step(30)                                 # a second apart, as a player moves
    for _ in range(x + 1):                       # left, over the seam at column 0
        key(app, pygame.K_LEFT)
    key(app, pygame.K_f)                         # a move on column 99
    app.step(30)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_f)                         # and one on column 0
    app.step(30)
    mine = next(i for i in range(1, 50) if app.play.field.layout()[y][i] == "*")
    for _ in range(mine):
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_SPACE)
    assert app.play.field.status == "lost" and app.play.scroll == (99, 0)
    settle(app)
    viewer = open_viewer(app)
    board, scrolls, checked = viewer.layout.board, [], 0
    for _ in range(900):
        app.step()
        scrolls.append(viewer.scroll[0])
        if viewer.playback.shown == 3:           # the move on column 99 is shown
            above = viewer.playback.field().cell(99, y - 3)
            sprite = {"#": "covered", "F": "flag", "?": "question"}.get(above, f"open_{above}")
            rect = board.cell_rect((99, y - 3), viewer.scroll)     # None: out of view
            assert rect is not None and shows(app, rect, sprite)
            checked += 1
    assert checked and scrolls[-1] == 99         # rolled by one, as the game was
    assert all((b - a) % 100 in (0, 1, 99) for a, b in zip(scrolls, scrolls[1:], strict=False))


def test_the_replay_of_a_torus_rolled_over_its_seam_stays_rolled_through_fullscreen():
    """F11 lays the viewer out again: it clamped its scroll as a grid's, and
    a view rolled over the seam (98, the last two columns at its left edge)
    jumped 59 columns back, where the game keeps its view rolled."""
    from game.replay import Replay
    from game.ui.screens import replays
    layout = ["." * 100 for _ in range(99)] + ["." * 99 + "*"]
    replay = Replay(width=100, height=100, mines=1, marks=True, first_click="safe",
                    moves=((0, "F 99 50"), (500, "F 98 50")), result="unfinished",
                    time_ms=1000, layout=tuple(layout), shape="torus")
    app = make_app(HOLED)
    replays.watch(app, replay, playing=False)
    viewer = app.top
    key(app, pygame.K_END)
    rolled = viewer.scroll
    assert rolled[0] == 98
    for _ in range(2):                           # into fullscreen and out again
        key(app, pygame.K_F11)
        for _ in range(3):
            assert viewer.scroll == rolled
            board = viewer.layout.board
            flag = board.cell_rect((98, 50), viewer.scroll)
            assert flag is not None and flag.x == board.field.x      # at the left edge still
            assert shows(app, flag, "flag")
            app.step()


def test_the_scroll_bars_of_a_torus_rolled_over_its_seam_show_both_ends_of_the_view():
    """Rolled five columns and rows back over the seam, the view shows the
    board's last five and then its first ones: the thumbs sat pinned at the
    bars' ends, as if the view showed the last columns and rows only."""
    app = make_app(level="custom", custom_width=100, custom_height=100, custom_mines=1000,
                   shape="torus")
    layout = app.layout
    assert layout.hbar is not None and layout.vbar is not None
    app.play.scroll_by(-5, -5)
    app.step()
    assert app.play.scroll == (95, 95)
    for bar, shown, across in ((layout.hbar, layout.view_cols, True),
                               (layout.vbar, layout.view_rows, False)):
        length = bar.w if across else bar.h

        def at(along, bar=bar, across=across):
            point = (bar.x + along, bar.centery) if across else (bar.centerx, bar.y + along)
            return pixel(app, app.viewport.to_display(point))
        first_end = length * (shown - 5) // 100           # the first columns, from 0
        assert at(2) == (255, 255, 255)                   # a thumb from the bar's start...
        assert at(first_end - 3) == (255, 255, 255)
        assert at(first_end + 3) == (128, 128, 128)       # ... to the last column shown,
        assert at(length * 95 // 100 - 3) == (128, 128, 128)
        assert at(length - 3) == (255, 255, 255)          # and one for the last five


def test_a_torus_scroll_bar_rolls_the_view_over_the_seam():
    """A torus's thumb dragged back past the bar's start rolls the view over
    the seam, its thumb in two pieces, and a press on the bar off the thumb
    centres it under the pointer, over the seam too: the view stopped at
    the first column, its thumb away from the pointer, and a board with no
    edge could not be rolled over its seam with the bars."""
    app = make_app(level="custom", custom_width=100, custom_height=100, custom_mines=1000,
                   shape="torus")
    layout = app.layout
    bar = layout.hbar
    taken = app.viewport.to_display((bar.x + 100, bar.centery))      # on the thumb
    press(app, taken)
    assert app.play.scroll[0] == 0                                   # taken, not moved
    back = app.viewport.to_display((bar.x + 100 - bar.w // 10, bar.centery))
    move(app, back)
    release(app, back)
    assert app.play.scroll[0] == 90                       # the last ten columns, then the first
    assert app.play.field.status == "ready"                          # nothing opened
    for along in (1, bar.w - 2):                                     # a piece at either end
        assert pixel(app, app.viewport.to_display((bar.x + along, bar.y + 1))) == (255, 255, 255)
    vbar = layout.vbar
    bottom = app.viewport.to_display((vbar.centerx, vbar.bottom - 2))  # off the thumb
    press(app, bottom)
    release(app, bottom)
    assert app.play.scroll[1] == (99 - layout.view_rows // 2) % 100
    assert app.play.scroll[1] + layout.view_rows > 100               # over the seam


def test_a_rolled_torus_bursts_its_confetti_from_the_middle_of_the_view():
    """A torus rolled by the wheel burst them from the middle of the board
    as drawn unrolled, a corner of the view, where most were hidden."""
    from game.ui.anim import CONFETTI_COLOURS
    shown = set(CONFETTI_COLOURS) - {(255, 0, 0), (0, 0, 255)}     # not the board's colours

    def confetti(scroll):
        app = make_app(["*........"] + ["........."] * 8, shape="torus")
        app.play.scroll_by(*scroll)
        click(app, (4, 4))                       # won at once
        app.step(75)
        field = app.layout.field
        return {(x, y) for y in range(field.y, field.bottom) for x in range(field.x, field.right)
                if display_rgb(app, (x, y)) in shown}

    unrolled = confetti((0, 0))
    assert len(unrolled) > 40
    assert confetti((5, 5)) == unrolled


def display_rgb(app, pos):
    return tuple(app.display.surface.get_at(app.viewport.to_display(pos)))[:3]


def washed(rgb):
    return tuple(round(c * (1 - 150 / 255) + 192 * 150 / 255) for c in rgb)


def assert_ghosts_copy_the_opposite_edges(app, field=None):
    field = field or app.layout.field
    for y in range(field.y, field.bottom):
        for k in range(1, 7):
            left, source = (field.x - k, y), (field.right - k, y)
            assert all(abs(a - b) <= 2 for a, b in zip(display_rgb(app, left),
                                                       washed(display_rgb(app, source)), strict=True)), (k, y)
    for x in range(field.x, field.right, 3):
        for k in range(1, 7):
            top, source = (x, field.y - k), (x, field.bottom - k)
            assert all(abs(a - b) <= 2 for a, b in zip(display_rgb(app, top),
                                                       washed(display_rgb(app, source)), strict=True)), (x, k)


def test_the_torus_shows_a_faint_copy_of_the_opposite_edges():
    app = make_app(["*......."] + ["........"] * 6 + [".......*"], shape="torus")
    layout = app.layout
    assert layout.field_area.w == layout.field.w + 12
    assert_ghosts_copy_the_opposite_edges(app)
    ghost = (layout.field.x - 1, cell_rect(app, (7, 3)).y + 8)
    before = display_rgb(app, ghost)
    click(app, (7, 3))                           # an edge cell opens: its ghost follows
    assert app.play.field.cell(7, 3) != "#"
    settle(app)
    assert display_rgb(app, ghost) != before
    assert_ghosts_copy_the_opposite_edges(app)


def test_the_torus_band_copies_the_lines_holes_draw_beside_opened_cells():
    """The band showed a hole across the seam plain grey, where the field
    shows it closing the opened cell beside it with a grid line."""
    app = make_app(["*..  ..."] + ["........"] * 6 + ["...  ..."], shape="torus")
    click(app, (5, 4))
    assert app.play.field.cell(2, 7) in "012345678"
    assert_ghosts_copy_the_opposite_edges(app)


def test_the_replay_of_a_torus_shows_the_band_of_the_opposite_edges_too():
    """The viewer left the band around a torus's field empty grey."""
    app = make_app(["*..*...."] + ["........"] * 6 + ["...*...*"], shape="torus")
    click(app, (0, 0))                           # lost: mines show on both edges
    settle(app)
    viewer = open_viewer(app)
    app.step(10)
    assert viewer.playback.shown == 1
    field = viewer.layout.board.field
    assert display_rgb(app, (field.x - 1, field.y + 8)) != GREY
    assert_ghosts_copy_the_opposite_edges(app, field)


def test_the_wheel_rolls_the_replay_of_a_torus_the_window_holds_whole():
    """The game's wheel rolls a torus that fits the window; its replay's
    did nothing, so a game played rolled could not be watched as it was
    seen (the wheel only looked round a board bigger than the window)."""
    app = make_app(["*......."] + ["........"] * 7, shape="torus")
    click(app, (4, 4))                           # won: the mine flagged in (0, 0)
    settle(app)
    viewer = open_viewer(app)
    post(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode="", scancode=0)
    app.step(3)
    board = viewer.layout.board
    assert not board.scrolls
    rolled_place = board.cell_rect((0, 0), (0, 5))        # row 3 of the window
    assert shows(app, board.cell_rect((0, 0), (0, 0)), "flag")
    assert not shows(app, rolled_place, "flag")
    post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0)
    app.step(3)
    assert viewer.scroll == (0, 5)               # up by three rows, round the edge
    assert shows(app, rolled_place, "flag")
    app.step(30)                                 # the play ended: the roll stays
    assert viewer.scroll == (0, 5) and shows(app, rolled_place, "flag")


def test_the_replay_of_hexagons_points_at_the_hexagon_the_pointer_was_on():
    """The viewer drew its arrow at the middle of a square: beside the
    hexagon played, on rows shifted or not."""
    from game.ui.render.painter import BLACK
    for cell in ((4, 5), (3, 4)):
        app = make_app(["*........"] + ["........."] * 8, shape="hex")
        move(app, cell_pos(app, cell), buttons=(0, 0, 0))
        click(app, cell)                 # won at once: the pointer's last place, an open 0
        settle(app)
        open_viewer(app)
        app.step(10)
        board = app.top.layout.board
        assert display_rgb(app, board.centre_of(cell, (0, 0))) == BLACK     # the arrow's tip


def test_the_replay_of_a_shaped_hex_field_scrolled_leaves_no_stray_lines_on_its_edge():
    """The viewer scrolls by an even number of hexagon rows without drawing
    afresh: the lines closing the top row's cells, drawn along the field's
    top edge, stayed where holes now lie, loose strokes a fresh drawing has
    not. Columns 0-9 are holes below row 10; the view scrolls down past them."""
    from game.replay import Replay
    from game.ui.display import window_room
    from game.ui.render.replay import STRIP_ROWS
    from game.ui.screens import replays
    app = make_app(HOLED)
    view_rows = Layout.for_board(30, 100 + STRIP_ROWS, max_size=window_room(),
                                 shape="hex").view_rows - STRIP_ROWS
    last = 99 if (100 - view_rows) % 2 == 0 else 98           # an even scroll: no fresh start
    rows = ["*" + "." * 29] + ["." * 30] * 9 + [" " * 10 + "." * 20] * 90
    replays.watch(app, Replay(width=30, height=100, mines=1, marks=True, first_click="safe",
                              moves=((0, f"F 15 {last}"),), result="unfinished", time_ms=0,
                              layout=tuple(rows), shape="hex"), playing=False)
    viewer = app.top
    app.step()
    key(app, pygame.K_END)
    assert viewer.scroll[1] % 2 == 0 and viewer.scroll[1] > 12
    field = viewer.layout.board.field
    shown = app.painter.px(field)
    drawn = pygame.image.tobytes(app.display.surface.subsurface(shown), "RGB")
    assert not all(display_rgb(app, (x, field.y)) == GREY for x in range(field.x, field.right))
    assert all(display_rgb(app, (x, field.y)) == GREY for x in range(field.x, field.x + 10 * HEX_W))
    viewer.relayout()                                          # drawn afresh
    app.invalidate()
    app.step(0)
    assert pygame.image.tobytes(app.display.surface.subsurface(shown), "RGB") == drawn


def test_pause_hides_the_torus_band_with_the_field():
    """The band around a paused torus still showed the cells of its edges."""
    def paused_band(layout, cell):
        app = make_app(layout, shape="torus")
        click(app, cell)
        key(app, pygame.K_PAUSE)
        area, field = app.layout.field_area, app.layout.field
        return [display_rgb(app, (x, y)) for y in range(area.y, area.bottom)
                for x in range(area.x, area.right) if not field.collidepoint(x, y)]

    opened = paused_band(["*..*....."] + ["........."] * 7 + ["...*....*"], (5, 4))
    numbers = paused_band(["*.*.*.*.*"] + ["........."] * 7 + ["*.*.*.*.."], (1, 0))
    assert opened == numbers                   # the panel's, nothing of either board


def test_the_probability_overlay_shades_hexagons_once():
    app = make_app(HEX_BOARD, shape="hex")
    click(app, (1, 0))
    key(app, pygame.K_p)
    field = app.play.field
    probabilities = mine_probabilities(field.view(), field.mines, shape="hex")
    for y in range(field.height):
        for x in range(field.width):
            if field.cell(x, y) != "#":
                continue
            r, g, b, a = overlay_colour(probabilities[y][x])
            expected = tuple(round(c * a / 255 + 192 * (1 - a / 255)) for c in (r, g, b))
            got = cell_pixel(app, (x, y), 0, 3)
            assert all(abs(e - o) <= 3 for e, o in zip(expected, got, strict=True)), (x, y)
    # A covered cell's shade stays inside its hexagon: the open 1 beside it is clean.
    assert field.cell(1, 0) == "1" and cell_shows(app, (1, 0), "hex_open_1")


def test_a_hint_rings_a_hexagon():
    app = make_app(HEX_BOARD, shape="hex")
    click(app, (1, 0))
    key(app, pygame.K_h)
    shown = app.play.assist.shown
    assert shown is not None
    rect = cell_rect(app, shown.cell)
    assert shows(app, rect, "hex_covered") is False            # the ring is on it


def choose(app, dialog, label):
    from .test_dialogs import button_pos
    pos = button_pos(app, dialog, label)
    press(app, pos)
    release(app, pos)


def test_the_custom_dialog_chooses_the_shape_and_a_gallery_field():
    from game.engine.gallery import GALLERY

    from .test_dialogs import open_custom
    app = make_app()
    dialog = open_custom(app)
    choose(app, dialog, "Grid")
    choose(app, dialog, "Torus")              # grid -> torus -> hexagons
    choose(app, dialog, "Rectangle")
    choose(app, dialog, "Diamond")            # rectangle -> diamond -> heart
    assert dialog.fields["width"].text == str(GALLERY["heart"].width)
    choose(app, dialog, "OK")
    assert app.top is app.play
    field = app.play.field
    assert (field.shape, tuple(field.mask)) == ("hex", GALLERY["heart"].mask)
    assert field.mines == GALLERY["heart"].mines
    assert app.settings.level == "heart" and app.settings.shape == "hex"
    app.store.flush()
    assert app.layout.shape == "hex" and app.store.settings.level == "heart"


def test_rectangle_gives_back_the_size_typed_once_the_gallery_has_been_looked_through():
    """Height, width and mines typed, then Field turned through the gallery
    to see it: back on Rectangle the boxes showed the last field's (Big M's
    16 x 30 with 59 mines), and the board typed had to be typed again."""
    from game.engine.gallery import GALLERY

    from .test_dialogs import clear_and_type, open_custom
    app = make_app()
    dialog = open_custom(app)
    for typed in ("20", "30", "99"):          # height, width, mines
        clear_and_type(app, typed)
        key(app, pygame.K_TAB)

    def boxes():
        return b"".join(pygame.image.tobytes(app.display.surface.subsurface(
            app.painter.px(dialog.screen_rect(dialog.fields[name]))), "RGB")
            for name in ("height", "width", "mines"))

    key(app, pygame.K_f, pygame.KMOD_ALT)     # the focus on Field, off the boxes
    typed = boxes()
    for _ in GALLERY:
        key(app, pygame.K_SPACE)
    assert dialog.fields["height"].text == str(GALLERY["bigm"].height) and boxes() != typed
    key(app, pygame.K_SPACE)                  # round to Rectangle again
    assert [dialog.fields[n].text for n in ("height", "width", "mines")] == ["20", "30", "99"]
    assert boxes() == typed
    choose(app, dialog, "OK")
    field = app.play.field
    assert (field.width, field.height, field.mines, field.mask) == (30, 20, 99, None)


def test_rectangle_shows_the_last_custom_board_when_the_dialog_opens_on_a_gallery_field():
    """The dialog opened on Heart: come round to Rectangle, the boxes kept
    the last shaped field's size (Heart's own, or Big M's), not the custom
    board last played (20 x 30, 99 mines), which had to be typed again;
    the Windows dialog shows the last custom numbers."""
    from game.engine.gallery import GALLERY

    from .test_dialogs import open_custom
    app = make_app(level="heart", custom_width=30, custom_height=20, custom_mines=99)
    dialog = open_custom(app)
    assert dialog.fields["height"].text == str(GALLERY["heart"].height)
    key(app, pygame.K_f, pygame.KMOD_ALT)
    for _ in range(len(dialog.choices) - dialog.choices.index("heart")):
        key(app, pygame.K_SPACE)
    assert dialog.field == "rectangle"
    assert [dialog.fields[n].text for n in ("height", "width", "mines")] == ["20", "30", "99"]

    def boxes(app, dialog):
        return b"".join(pygame.image.tobytes(app.display.surface.subsurface(
            app.painter.px(dialog.screen_rect(dialog.fields[name]))), "RGB")
            for name in ("height", "width", "mines"))

    shown = boxes(app, dialog)
    choose(app, dialog, "OK")
    field = app.play.field
    assert (field.width, field.height, field.mines, field.mask) == (30, 20, 99, None)
    played = make_app(level="custom", custom_width=30, custom_height=20, custom_mines=99)
    opened = open_custom(played)           # (one display: this app's drawing replaces the other's)
    key(played, pygame.K_f, pygame.KMOD_ALT)                    # the focus on Field there too
    assert shown == boxes(played, opened)                       # drawn as for that board


def test_the_custom_dialog_refuses_too_many_mines_for_the_shape():
    from .test_dialogs import clear_and_type, open_custom
    app = make_app()
    dialog = open_custom(app)
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)                    # height, width, mines
    clear_and_type(app, "75")
    choose(app, dialog, "Grid")
    choose(app, dialog, "Torus")
    choose(app, dialog, "OK")
    assert app.top is dialog
    assert "from 1 to 74 on a 9x9 hex board" in dialog.error


def test_a_scrolled_hex_board_draws_and_hits_odd_rows_where_they_are():
    app = make_app(level="custom", custom_width=100, custom_height=100, custom_mines=500,
                   shape="hex")
    assert app.layout.scrolls
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False,
                                         precise_x=0.0, precise_y=-1.0))
    app.step()
    assert app.play.scroll[1] % 2 == 1       # the first visible row is an odd one
    for cell in [(1, 3), (2, 4), (5, 7), (3, 8)]:
        assert app.play.target(cell_pos(app, cell)).cell == cell
    click(app, (5, 7))
    field = app.play.field
    shown = field.cell(5, 7)
    assert shown in "0123456" and cell_shows(app, (5, 7), f"hex_open_{shown}")
    sx, sy = app.play.scroll
    visible = [(x, y) for y in range(sy, sy + 8) for x in range(sx, sx + 8)]
    assert cell_shows(app, next(c for c in visible if field.cell(*c) == "#"), "hex_covered")
    assert all(cell_shows(app, c, f"hex_open_{field.cell(*c)}") for c in visible
               if field.cell(*c) in "0123456")


@pytest.mark.parametrize("shape, language, said", [
    ("hex", "en", "the Beginner level on hexagons."),
    ("torus", "en", "the Beginner level on a torus."),
    ("grid", "en", "the Beginner level. Please"),
    ("hex", "fr", "du niveau Débutant sur une grille hexagonale."),
    ("torus", "fr", "du niveau Débutant sur un tore."),
])
def test_the_name_entry_of_a_best_time_names_the_shape_it_was_won_on(shape, language, said):
    """Best times are kept per shape, but the name entry said "one of the
    fastest times for the Beginner level" of a Beginner won on hexagons,
    which may be far slower than the grid's."""
    from game.ui.widgets import Label

    from .test_records import BEGINNER, win
    app = make_app(BEGINNER, shape=shape, language=language)
    win(app, BEGINNER)
    prompt = next(w.text for w in app.top.widgets if isinstance(w, Label))
    assert said in prompt


def test_records_are_kept_per_shape_and_a_gallery_field_has_best_times(tmp_path):
    from game.engine.gallery import GALLERY
    from game.ui.screens.names import NameDialog
    from game.ui.screens.records import BestTimesDialog
    from game.ui.screens.records_text import history_details, history_row

    from .helpers import on_disk
    from .test_records import BEGINNER, type_text, win
    app = make_app(BEGINNER, shape="hex", data_dir=tmp_path)       # 9 x 9, 10 mines
    win(app, BEGINNER)
    assert isinstance(app.top, NameDialog)
    type_text(app, "Hexa")
    key(app, pygame.K_RETURN)
    dialog = app.top
    assert isinstance(dialog, BestTimesDialog) and dialog.board == "Beginner, Hexagons"
    store = on_disk(app)
    assert [t.name for t in store.best_times("beginner", shape="hex")] == ["Hexa"]
    assert store.best_times("beginner") == []                     # not the grid's
    assert store.statistics("beginner", shape="hex").won == 1
    assert store.statistics("beginner").played == 0
    game = store.history()[0]
    assert (game.level, game.shape) == ("beginner", "hex")
    assert history_row(game)[1] == "Beg hex" and history_details(game).startswith(
        "Beginner, Hexagons 9x9")
    key(app, pygame.K_RIGHT)                                     # the next page
    assert app.top.board == "Intermediate, Hexagons"
    key(app, pygame.K_ESCAPE)
    heart = GALLERY["heart"]
    flat, mines = "", 0
    for ch in "".join(heart.mask):                  # the first cells in reading order: mines
        flat += " " if ch == " " else "*" if mines < heart.mines else "."
        mines += ch == "#"
    layout = [flat[y * heart.width:(y + 1) * heart.width] for y in range(heart.height)]
    app.play.new_game(field=Minefield.from_layout(layout))
    app.step()
    win(app, layout)
    type_text(app, "Heart")
    key(app, pygame.K_RETURN)
    assert app.top.board == "Heart"
    assert [t.name for t in on_disk(app).best_times("heart")] == ["Heart"]
    assert on_disk(app).history()[0].level == "heart"


@pytest.mark.parametrize("shape, level", [("hex", "heart"), ("torus", "beginner")])
def test_auto_play_wins_a_no_guess_shaped_game_in_the_window(shape, level):
    from .test_assist import play_out
    app = make_app(level=level, shape=shape, no_guess=True, seed=5)
    key(app, pygame.K_a)
    play_out(app)
    assert app.play.field.status == "won" and app.play.field.shape == shape
    assert app.play.assist.guesses == 0


def test_the_custom_dialog_keeps_a_mask_from_a_file_and_changes_its_mines():
    from .test_dialogs import clear_and_type, open_custom
    mask = "\n".join(["########", "###  ###", "##    ##", "########"] * 2)
    app = make_app(level="custom", custom_mask=mask, custom_width=8, custom_height=8,
                   custom_mines=6)
    assert app.play.field.mask == mask.split("\n")
    dialog = open_custom(app)
    assert [w.label for w in dialog.widgets if getattr(w, "label", "") == "Your mask"]
    assert dialog.focused is dialog.fields["mines"]      # the mask's size is not typed
    clear_and_type(app, "9")
    choose(app, dialog, "OK")
    field = app.play.field
    assert field.mask == mask.split("\n") and field.mines == 9


@pytest.mark.parametrize("shape, mask", [("hex", None), ("torus", None), ("grid", "heart")])
def test_a_shaped_games_replay_keeps_its_shape_and_checks_on_the_engine(tmp_path, shape, mask):
    from game.engine.gallery import GALLERY
    from game.replay import check, decode

    from .helpers import on_disk
    level = "heart" if mask else "beginner"
    app = make_app(level=level, shape=shape, data_dir=tmp_path, seed=11)
    field = app.play.field
    cells = [(x, y) for y in range(field.height) for x in range(field.width)
             if field.cell(x, y) != " "]
    click(app, cells[len(cells) // 2])
    for cell in cells:                     # play on until the game ends
        if app.play.session.ended:
            break
        if field.cell(*cell) == "#" and field.layout()[cell[1]][cell[0]] == ".":
            click(app, cell)
    settle(app)
    store = on_disk(app)
    game = store.history()[0]
    replay = decode(store.replay(game.game_id))
    assert replay.shape == shape and replay.result == game.result == "won"
    assert replay.level == game.level == level          # a heart is "heart", not "custom"
    checked = check(replay)
    assert checked.result == "won"
    if mask:
        assert [r.replace("*", "#").replace(".", "#") for r in replay.layout] == list(
            GALLERY["heart"].mask)


def test_from_a_hole_the_cursor_goes_to_the_nearest_cell_as_the_board_lies_on_screen():
    """The shorter way round a torus, and between hexagons' centres (odd
    rows half a cell to the right): counted as on a grid, the cursor went
    to a cell farther away on screen."""
    from game.engine import Minefield
    from game.ui.cursor import cursor_step

    # Cells only in columns 2 and 9 of a torus 10 wide: from (0, 1), column 9
    # is one step away across the seam, column 2 two steps.
    torus = Minefield.from_layout(["  .      ."] * 3, shape="torus")
    assert cursor_step(torus, (0, 1), 0, 0) == (9, 1)
    # From (3, 3), an odd row, (4, 2) is half a cell away sideways and (2, 2)
    # a cell and a half; on a grid the two are as near, and the left one won.
    hexes = Minefield.from_layout(["      ", "      ", "  . . ", "      ", "      "],
                                  shape="hex")
    assert cursor_step(hexes, (3, 3), 0, 0) == (4, 2)


def holed_rows(hole_x: int, hole_y: int) -> list[str]:
    """A 70x50 field with a 12x8 hole at ``(hole_x, hole_y)``, another at its
    right edge, and two mines in its last row."""
    rows = [["."] * 70 for _ in range(50)]
    for y in range(hole_y, hole_y + 8):
        rows[y][hole_x:hole_x + 12] = [" "] * 12
    for y in range(20, 30):
        rows[y][66:] = [" "] * 4
    rows[49][60] = rows[49][62] = "*"
    return ["".join(row) for row in rows]


@pytest.mark.parametrize("shape", ["grid", "hex"])
def test_a_field_with_other_holes_on_the_same_view_shows_its_own(shape):
    """The board view keeps a field's hole codes (each hole asked about its
    neighbours: 2 ms of a whole drawing of a 100x100 ring's view): after
    moves, scrolls and a new field of the same size with its hole moved,
    the codes kept are those worked out afresh, and the view shows what a
    drawing asking every cell shows."""
    from .helpers import field_pixels
    from .test_play import redraw_every_cell
    app = make_app(holed_rows(3, 4), shape=shape)
    view = app.play.board_view
    assert app.layout.scrolls
    click(app, (20, 20))                                  # opens all but a corner
    app.play.scroll_by(30, 20)
    app.step()
    app.play.new_game(field=Minefield.from_layout(holed_rows(8, 7), shape=shape))
    assert app.play.board_view is view                  # a hole across the last one's edge
    app.step()
    click(app, (0, 0))
    for scroll in ((25, 25), (-25, -24)):
        app.play.scroll_by(*scroll)
        app.step()
        rows = app.play.field.view()
        assert view._hole_codes and all(
            code == view.hole_code(x, y, lambda x, y, rows=rows: rows[y][x])
            for (x, y), code in view._hole_codes.items())
        drawn = field_pixels(app)
        redraw_every_cell(app, app.play.code_of)
        assert field_pixels(app) == drawn
