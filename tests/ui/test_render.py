"""The atlas, scaled copies, the classic covered-tile trick and dirty cells."""

import pygame

from game.ui.frame import CELL, Layout
from game.ui.render.atlas import Atlas
from game.ui.render.board import BoardView
from game.ui.render.hud import led_sprites

from .helpers import make_app


def same_pixels(a: pygame.Surface, b: pygame.Surface) -> bool:
    return a.get_size() == b.get_size() and all(
        a.get_at((x, y)) == b.get_at((x, y))
        for y in range(a.get_height()) for x in range(a.get_width()))


def test_scaled_sprites_are_nearest_neighbour_copies_kept_per_scale():
    app = make_app()
    atlas = app.atlas
    one, three = atlas.get("open_3", 1), atlas.get("open_3", 3)
    assert atlas.get("open_3", 3) is three
    assert three.get_size() == (48, 48)
    for x, y in ((0, 0), (5, 7), (15, 15), (8, 8)):
        for dx in range(3):
            assert three.get_at((3 * x + dx, 3 * y + dx)) == one.get_at((x, y))


def test_a_new_field_is_one_covered_tile_blitted_everywhere():
    app = make_app()
    view = BoardView(app.atlas, 2, Layout.for_board(9, 9))
    view.surface.fill((1, 2, 3))
    view.reset()
    tile = app.atlas.get("covered", 2)
    for x, y in ((0, 0), (8, 8), (3, 5)):
        piece = view.surface.subsurface((x * 2 * CELL, y * 2 * CELL, 2 * CELL, 2 * CELL))
        assert same_pixels(piece, tile)


def test_a_board_view_is_made_in_the_windows_pixel_format(monkeypatch):
    """Blits from the view to the window are quick in the window's format;
    the view is made in it at once (made, then converted, it was made twice:
    3 ms of the frame a 100x100 hexagon game went fullscreen)."""
    from game.ui.render import board
    app = make_app()
    window = pygame.Surface((320, 240), 0, 16)      # a window of another format
    monkeypatch.setattr(board, "window_surface", lambda: window)
    view = BoardView(app.atlas, 1, Layout.for_board(9, 9))
    assert view.surface.get_bitsize() == 16
    assert view.surface.get_masks() == window.get_masks()
    view.reset()
    assert same_pixels(view.surface.subsurface((0, 0, CELL, CELL)),
                       app.atlas.get("covered", 1).convert(window))


def test_only_cells_whose_appearance_changed_are_redrawn():
    app = make_app()
    view = BoardView(app.atlas, 1, Layout.for_board(9, 9))
    view.reset()
    codes = {(x, y): "#" for x in range(9) for y in range(9)}
    codes[(2, 3)] = "1"
    assert view.update(codes, lambda x, y: codes[(x, y)]) == [(2 * CELL, 3 * CELL)]
    assert view.tile_size == (CELL, CELL)
    assert view.update(codes, lambda x, y: codes[(x, y)]) == []


def test_tiles_are_shared_flyweights_per_appearance():
    app = make_app()
    view = BoardView(app.atlas, 1, Layout.for_board(9, 9))
    assert view.tile_for("1") is view.tile_for("1")
    assert view.tile_for("#+") is not view.tile_for("#")


def test_led_sprites_follow_the_classic_counter():
    assert led_sprites(7) == ["led_0", "led_0", "led_7"]
    assert led_sprites(-5) == ["led_minus", "led_0", "led_5"]
    assert led_sprites(-99) == ["led_minus", "led_9", "led_9"]
    assert led_sprites(-150) == ["led_minus", "led_5", "led_0"]     # as Winmine: -150 % 100
    assert led_sprites(-1200, 4) == ["led_minus", "led_2", "led_0", "led_0"]
    assert led_sprites(1234) == ["led_9", "led_9", "led_9"]


def test_the_layout_has_the_classic_metrics():
    layout = Layout.for_board(9, 9)
    assert layout.field.size == (144, 144)
    assert layout.face.size == (26, 26)
    assert layout.mines_box.size == (41, 25)
    assert layout.panel.contains(layout.face) and layout.panel.contains(layout.timer_box)
    assert layout.window.contains(layout.field_bevel)
    assert layout.face.centerx == layout.size[0] // 2


def test_the_face_box_and_the_counter_boxes_start_on_one_row_as_in_winmine():
    """Winmine drew the counters' borders from y 15 to 39 and the face's from
    15 to 40 (its panel sunk from 9 to 45, under the menu bar); the face sat
    a row higher, its top above the counters'."""
    app = make_app(level="beginner")
    menu = app.layout.menu_h

    def first_dark_row(x: int) -> int:
        return next(y for y in range(menu + 11, menu + 44)
                    if app.display.surface.get_at((x, y))[:3] == (128, 128, 128))

    face, mines, timer = app.layout.face, app.layout.mines_box, app.layout.timer_box
    assert first_dark_row(face.centerx) == first_dark_row(mines.centerx) \
        == first_dark_row(timer.centerx) == menu + 15
    assert face.bottom - 1 == menu + 40 and mines.bottom - 1 == menu + 39


def test_the_window_borders_leave_their_mixed_corners_grey_as_winmine_did():
    """Winmine's DrawBorder left the pixels where a border's light and dark
    sides meet (the top-right and bottom-left corners' diagonal) unpainted,
    the window's grey; ours gave them the dark (or, sunken, the white) side."""
    app = make_app(level="beginner")
    grey = (192, 192, 192)

    def at(x: int, y: int) -> tuple[int, int, int]:
        return tuple(app.display.surface.get_at((x, y)))[:3]

    frame, field, face = app.layout.frame, app.layout.field_bevel, app.layout.face
    for k in range(3):                    # the raised frame and the sunken field, 3 px each
        assert at(frame.x + k, frame.bottom - 1 - k) == at(frame.right - 1 - k, frame.y + k) \
            == at(field.x + k, field.bottom - 1 - k) == at(field.right - 1 - k, field.y + k) \
            == grey
    assert at(face.x, face.bottom - 1) == at(face.right - 1, face.y) == grey
    assert at(face.x, face.y) == at(face.right - 1, face.bottom - 1) == (128, 128, 128)


def test_the_atlas_loads_from_the_bundled_assets():
    atlas = Atlas.load()
    assert "covered" in atlas and atlas.size("covered") == (16, 16)


def test_text_widths_are_remembered_per_face_and_scale_and_their_memory_is_bounded():
    from game.ui.render import painter as painter_module
    app = make_app()
    painter = app.painter
    regular = painter.text_width("Minesweeper")
    bold = painter.text_width("Minesweeper", "bold")
    assert regular != bold                       # the face is part of what is remembered
    assert painter.text_width("Minesweeper") == regular
    assert painter.text_width("Minesweeper", "bold") == bold
    glyphs = sum(painter._glyph("regular", ch, (0, 0, 0)).get_width() for ch in "Minesweeper")
    assert regular == glyphs // painter.scale
    for n in range(painter_module.WIDTHS_KEPT + 10):
        painter.text_width(str(n))
    assert len(painter._widths) <= painter_module.WIDTHS_KEPT
    assert painter.text_width("1234") == 4 * painter.text_width("1")    # digits: one width


def _show_all(view: BoardView, layout: Layout) -> None:
    """Update every visible cell of ``view`` with a fixed pattern of codes."""
    def code(x, y):
        return str((x * 5 + y * 3) % 7) if (x + y) % 4 else "#"
    view.update([layout.board_cell(vx, vy, view.scroll) for vy in range(layout.view_rows)
                 for vx in range(layout.view_cols)], code)


def test_a_view_scrolled_to_a_place_shows_what_a_view_opened_there_shows():
    """Scrolling redraws only cells whose code changed; on hexagons an odd
    row shift also moves every tile by half a cell."""
    app = make_app()
    for shape in ("grid", "hex"):
        layout = Layout.for_board(30, 30, max_size=(200, 200), shape=shape)
        assert layout.scrolls
        scrolled = BoardView(app.atlas, 1, layout)
        scrolled.reset((0, 0))
        _show_all(scrolled, layout)
        for target in ((2, 1), (3, 4), (3, 7)):
            scrolled.scroll_to(target)
            _show_all(scrolled, layout)
            fresh = BoardView(app.atlas, 1, layout)
            fresh.reset(target)
            _show_all(fresh, layout)
            assert pygame.image.tobytes(scrolled.surface, "RGB") == \
                pygame.image.tobytes(fresh.surface, "RGB"), (shape, target)


def test_a_hexagon_view_scrolled_by_odd_rows_moves_what_it_drew_and_resets_only_to_draw_afresh():
    """An odd row shift moves every hexagon by half a cell, as the shifted
    rows are the board's odd ones: the view's pixels move with the board
    (no reset: drawn afresh at each scroll step, the 100x100 hexagon replay
    at 8x spent 2 to 4 ms of a third of its frames there), and a drawing
    afresh after a scroll resets it once (the replay viewer scrolled, then
    drew afresh: two resets, 1 to 2 ms). Two odd shifts before a drawing
    show what a view opened there shows."""
    app = make_app()
    layout = Layout.for_board(30, 30, max_size=(200, 200), shape="hex")
    view = BoardView(app.atlas, 1, layout)
    view.reset((0, 0))
    _show_all(view, layout)
    resets, real = [], view.reset
    view.reset = lambda scroll=(0, 0): resets.append(scroll) or real(scroll)
    view.scroll_to((2, 1))
    rows = ["".join("0" if (x + y) % 3 else "1" for x in range(30)) for y in range(30)]
    view.draw_afresh((2, 1), rows, (), lambda x, y: rows[y][x])
    assert resets == [(2, 1)]
    for target in ((2, 2), (2, 3)):
        view.scroll_to(target)
    assert view.undrawn() == [(x, y) for y in (layout.view_rows + 1, layout.view_rows + 2)
                              for x in range(2, 2 + layout.view_cols)]
    _show_all(view, layout)
    assert resets == [(2, 1)] and view.undrawn() == []
    fresh = BoardView(app.atlas, 1, layout)
    fresh.reset((2, 3))
    _show_all(fresh, layout)
    assert pygame.image.tobytes(view.surface, "RGB") == pygame.image.tobytes(fresh.surface, "RGB")
