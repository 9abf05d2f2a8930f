"""The Windows 3.1 style's menus are drawn flat, as Windows 3.1 drew them:
the bar white over a black line, its open title on the highlight's navy; a
drop-down white in a 1-pixel black frame with a black shadow 2 pixels wide
along its right and bottom edges, its lit item navy across the frame's
inside, its separators one black line inset from the frame, its disabled
items flat grey (not etched, which came with Windows 95). They had worn
Windows 95's grey bevels. The other styles keep those."""

from __future__ import annotations

import pygame
import pytest

from game.engine import LEVELS
from game.ui.menus import MENUS, visible_items
from game.ui.render.menubar import title_rects
from game.ui.screens.menu import MenuScreen

from .helpers import key, make_app, move, pixel, press, release

BLACK, WHITE, GREY, DARK, NAVY = (0, 0, 0), (255, 255, 255), (192, 192, 192), (128, 128, 128), \
    (0, 0, 128)
GAME, VIEW = 0, 1


def geometry(app, menu):
    """The open drop-down ``menu``'s layout, as its screen lays it out."""
    top = app.top
    assert isinstance(top, MenuScreen) and top.dropped and top.index == menu
    return visible_items(app, MENUS[menu][1]), top._popup()


def titles(app):
    """Where the bar's titles are drawn (closer together when a language's
    would not fit beside the flag-mode button)."""
    button = app.layout.mode_button
    return title_rects(app.painter, app.layout.menu_h, None if button is None else button.x)


def at(app, x, y):
    """The colour of scale-1 window pixel (x, y), top-left of its block."""
    return pixel(app, app.viewport.to_display((x, y)))


def open_menu(app, menu):
    """Drop menu ``menu`` from the keyboard (F10, Right, Down): its first item lit."""
    key(app, pygame.K_F10)
    for _ in range(menu):
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_DOWN)
    assert isinstance(app.top, MenuScreen) and app.top.dropped


@pytest.mark.parametrize("scale", [1, 2])
def test_a_drop_down_is_white_in_a_black_frame_with_a_two_pixel_shadow(scale):
    app = make_app(style="win31", scale=scale)
    open_menu(app, VIEW)
    _items, geo = geometry(app, VIEW)
    box = geo.rect
    assert at(app, box.x, box.y) == BLACK                         # the frame
    assert at(app, box.x + 1, box.bottom - 4) == WHITE            # just inside it
    assert at(app, box.right - 3, box.centery) == BLACK           # its right side
    for dx in (1, 2):                                             # the shadow, 2 wide
        assert at(app, box.right - dx, box.centery) == BLACK
        assert at(app, box.centerx, box.bottom - dx) == BLACK
    # offset down and right: its corners show what is beneath, not black
    assert at(app, box.right - 1, box.y + 1) != BLACK   # (its top row is the bar's line)
    assert at(app, box.x, box.bottom - 1) != BLACK
    inside = {at(app, x, y) for x in range(box.x + 1, box.right - 3)
              for y in range(box.y + 1, box.bottom - 3)}
    assert GREY not in inside                                     # no bevel, no grey face


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_bar_is_white_over_a_black_line_its_open_title_navy(language):
    app = make_app(style="win31", language=language)
    bar = app.layout.menu_bar
    assert at(app, 1, bar.y + 1) == WHITE                        # the game's bar, nothing open
    assert at(app, bar.centerx, bar.bottom - 1) == BLACK
    open_menu(app, GAME)
    title = titles(app)[GAME]
    lit = {at(app, x, y) for x in range(title.x, title.right)
           for y in range(title.y + 1, title.bottom - 1)}
    assert lit == {NAVY, WHITE}                                  # white text on navy
    other = titles(app)[VIEW]
    assert at(app, other.x + 1, other.y + 2) == WHITE
    assert at(app, other.centerx, bar.bottom - 1) == BLACK


@pytest.mark.parametrize("scale", [1, 2])
def test_the_drop_down_s_frame_lies_on_the_bar_s_line_one_line_where_they_meet(scale):
    """As Windows 3.1 placed it, the drop-down's top row is the bar's black
    line (it was a second black line under it, 2 pixels thick)."""
    app = make_app(style="win31", scale=scale)
    open_menu(app, VIEW)
    _items, geo = geometry(app, VIEW)
    line = app.layout.menu_bar.bottom - 1
    assert geo.rect.y == line
    x = max(titles(app)[VIEW].x, geo.rect.x) + 2                 # under the lit title
    assert [at(app, x, y) for y in range(line - 1, line + 2)] == [NAVY, BLACK, NAVY]
    assert at(app, geo.rect.right - 1, line + 1) != BLACK   # the shadow starts lower


def test_the_lit_item_is_navy_across_the_frame_s_inside_with_its_check_white():
    app = make_app(style="win31", level="beginner")
    open_menu(app, GAME)
    key(app, pygame.K_DOWN)                                      # New, then Beginner
    items, geo = geometry(app, GAME)
    i = [item.label for item in items].index("Beginner")
    assert app.top.highlight == i
    rect = geo.item_rects[i]
    assert at(app, geo.rect.x + 1, rect.centery) == NAVY         # against the frame's left
    assert at(app, geo.rect.right - 4, rect.centery) == NAVY     # ...and its right
    assert at(app, geo.rect.x, rect.centery) == BLACK
    check = {at(app, x, y) for x in range(rect.x, rect.x + 16) for y in range(rect.y, rect.bottom)}
    assert check == {NAVY, WHITE}                                # the check mark, white


def test_separators_are_one_black_line_inset_from_the_frame():
    app = make_app(style="win31")
    open_menu(app, GAME)
    _items, geo = geometry(app, GAME)
    first = next(k for k, r in enumerate(geo.item_rects) if r is None)
    top = geo.item_rects[first - 1].bottom
    rows = [[at(app, x, y) for x in range(geo.rect.x + 1, geo.rect.right - 3)]
            for y in range(top, geo.item_rects[first + 1].y)]
    lines = [row for row in rows if BLACK in row]
    assert len(lines) == 1                                       # one line, not etched
    assert lines[0][:3] == [WHITE] * 3 and lines[0][-3:] == [WHITE] * 3   # inset
    assert set(lines[0][3:-3]) == {BLACK}
    assert all(set(row) == {WHITE} for row in rows if row is not lines[0])


def test_a_disabled_item_is_flat_grey_without_the_white_etching():
    app = make_app(style="win31")
    assert app.last_replay is None                                # Watch replay: disabled
    open_menu(app, VIEW)
    items, geo = geometry(app, VIEW)
    r = geo.item_rects[[i.label for i in items].index("Watch replay")]
    colours = {at(app, x, y) for x in range(r.x, r.right) for y in range(r.y, r.bottom)}
    assert colours == {WHITE, DARK}
    grey = [(x, y) for y in range(r.y, r.bottom) for x in range(r.x, r.right)
            if at(app, x, y) == DARK]
    x, y = max(grey, key=lambda p: (p[1], p[0]))
    assert at(app, x + 1, y + 1) == WHITE                        # the paper, not an etched copy
    assert (x + 1, y + 1) not in grey


def test_the_mouse_chooses_the_item_drawn_under_it_even_at_its_top_edge():
    """The flat drop-down's items sit a pixel under its frame: a click on
    the first row drawn navy chooses that item (the press lights it)."""
    app = make_app(style="win31", scale=2)
    title = titles(app)[GAME]
    press(app, app.viewport.to_display(title.center))
    release(app, app.viewport.to_display(title.center))
    items, geo = geometry(app, GAME)
    rect = geo.item_rects[[i.label for i in items].index("Expert")]
    edge = app.viewport.to_display((geo.rect.x + 1, rect.y))
    move(app, edge, buttons=(0, 0, 0))
    assert at(app, geo.rect.x + 1, rect.y) == NAVY
    press(app, edge)
    release(app, edge)
    assert not isinstance(app.top, MenuScreen)
    expert = LEVELS["expert"]
    assert (app.play.field.width, app.play.field.height) == (expert.width, expert.height)


def test_the_other_styles_keep_windows_95_s_bevelled_grey_menus():
    app = make_app(style="xp")
    assert at(app, 1, app.layout.menu_bar.y + 1) == GREY
    open_menu(app, VIEW)
    _items, geo = geometry(app, VIEW)
    assert at(app, geo.rect.x + 1, geo.rect.y + 1) == WHITE     # the bevel's light edge
    assert at(app, geo.rect.x + 3, geo.rect.bottom - 4) == GREY  # its grey face
