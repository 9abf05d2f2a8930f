"""Which item of an open menu is lit, as in Windows 95 to XP. A disabled
(greyed) item is lit like any other: the pointer over it, or the arrows,
put the selection's navy bar on it, its text staying grey, and choosing it
does nothing (the highlight went dark over it, as if the menu had stopped
following the pointer, and the arrows jumped over it). Home and End light
the first and the last item."""

from __future__ import annotations

import pygame

from game.ui.menus import MENUS, visible_items
from game.ui.render.menubar import popup_geometry, title_rects
from game.ui.screens.menu import MenuScreen

from .helpers import key, make_app, move, pixel, press, release
from .test_menus import item_pos, lit_title, title_pos

NAVY, DARK, WHITE = (0, 0, 128), (128, 128, 128), (255, 255, 255)
VIEW = 1


def item_colours(app, label):
    """The colours drawn inside the View menu's item ``label``."""
    items = visible_items(app, MENUS[VIEW][1])
    geo = popup_geometry(app.painter, items, title_rects(app.painter, app.layout.menu_h)[VIEW],
                         app.layout.size)
    r = app.painter.px(geo.item_rects[[i.label for i in items].index(label)])
    return {pixel(app, (x, y)) for x in range(r.x, r.right) for y in range(r.y, r.bottom)}


def test_the_pointer_over_a_disabled_item_lights_it_with_grey_text():
    app = make_app()
    assert app.last_replay is None                   # Watch replay: disabled
    press(app, title_pos(app, VIEW))
    release(app, title_pos(app, VIEW))
    move(app, item_pos(app, VIEW, "Watch replay"), buttons=(0, 0, 0))
    assert app.top.highlight is not None
    colours = item_colours(app, "Watch replay")
    assert NAVY in colours and DARK in colours and WHITE not in colours
    release(app, item_pos(app, VIEW, "Watch replay"))
    assert isinstance(app.top, MenuScreen)           # chosen, it does nothing


def test_a_disabled_item_left_unlit_is_etched_grey_over_white():
    """As in Windows 95 to XP: it was flat grey, which read as faint ink."""
    app = make_app()
    assert app.last_replay is None                   # Watch replay: disabled
    press(app, title_pos(app, VIEW))
    release(app, title_pos(app, VIEW))
    items = visible_items(app, MENUS[VIEW][1])
    geo = popup_geometry(app.painter, items, title_rects(app.painter, app.layout.menu_h)[VIEW],
                         app.layout.size)
    r = app.painter.px(geo.item_rects[[i.label for i in items].index("Watch replay")])
    grey = [(x, y) for y in range(r.y, r.bottom) for x in range(r.x, r.right)
            if pixel(app, (x, y)) == DARK]
    x, y = max(grey, key=lambda p: (p[1], p[0]))          # the lowest grey ink's last pixel
    assert pixel(app, (x + 1, y + 1)) == WHITE             # its white copy, down and right
    enabled = item_colours(app, "History...")
    assert WHITE not in enabled


def test_the_arrows_stop_on_a_disabled_item_and_enter_does_nothing_there():
    app = make_app()
    key(app, pygame.K_v, pygame.KMOD_LALT, "v")     # View, "Zoom in" lit
    for _ in range(3):
        key(app, pygame.K_UP)                        # up past the languages and the separator
    menu = app.top
    assert menu.items[menu.highlight].label == "Open replay..."
    key(app, pygame.K_UP)
    assert menu.items[menu.highlight].label == "Export replay"
    assert NAVY in item_colours(app, "Export replay")
    key(app, pygame.K_RETURN)
    assert app.top is menu
    key(app, pygame.K_UP)
    key(app, pygame.K_UP)                            # Watch replay, then the separator skipped
    assert menu.items[menu.highlight].label == "History..."


def test_home_and_end_light_the_first_and_last_items_as_in_windows():
    app = make_app()
    key(app, pygame.K_g, pygame.KMOD_LALT, "g")     # Game, "New" lit
    menu = app.top
    key(app, pygame.K_END)
    assert menu.items[menu.highlight].label == "Exit"
    key(app, pygame.K_HOME)
    assert menu.items[menu.highlight].label == "New"
    key(app, pygame.K_END)
    key(app, pygame.K_RETURN)
    assert not app.running


def test_home_and_end_on_the_lit_bar_light_its_first_and_last_title():
    """F10 (or Alt) lights the Game title alone; there, as in a Windows menu
    bar, End goes to the last title and Home back to the first (they did
    nothing: only Left and Right moved along the bar)."""
    app = make_app()
    last = len(MENUS) - 1
    key(app, pygame.K_F10)
    key(app, pygame.K_END)
    assert lit_title(app, last) and not lit_title(app, 0)
    key(app, pygame.K_HOME)
    assert lit_title(app, 0) and not lit_title(app, last)
    key(app, pygame.K_END)
    key(app, pygame.K_DOWN)                          # drops the Help menu
    assert app.top.dropped and app.top.index == last
