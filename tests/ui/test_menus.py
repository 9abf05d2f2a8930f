"""The menu bar: open on press, choose on release, keyboard driving."""

import pygame
import pytest

from game.engine import Minefield
from game.ui.menus import MENUS, fold, mnemonics, title_label, visible_items
from game.ui.render.menubar import popup_geometry, title_rects
from game.ui.screens.custom import CustomDialog
from game.ui.screens.help import AboutDialog, HelpScreen
from game.ui.screens.menu import MenuScreen

from .helpers import MIDDLE, RIGHT, click, key, make_app, move, pixel, press, release


def title_pos(app, index):
    rect = title_rects(app.painter, app.layout.menu_h)[index]
    return app.viewport.to_display(rect.center)


def item_pos(app, menu, label):
    items = MENUS[menu][1]
    geo = popup_geometry(app.painter, items, title_rects(app.painter, app.layout.menu_h)[menu],
                         app.layout.size)
    i = [item.label for item in items].index(label)
    return app.viewport.to_display(geo.item_rects[i].center)


def choose(app, menu, label):
    """Press the title, drag to the item, release: the classic gesture."""
    press(app, title_pos(app, menu))
    assert isinstance(app.top, MenuScreen)
    move(app, item_pos(app, menu, label))
    release(app, item_pos(app, menu, label))


def test_pressing_a_title_opens_its_menu_and_draws_it():
    app = make_app()
    press(app, title_pos(app, 0))
    assert isinstance(app.top, MenuScreen) and app.top.index == 0
    x, y = item_pos(app, 0, "Expert")
    assert tuple(app.display.surface.get_at((x, y)))[:3] != (0, 0, 128)
    move(app, (x, y))
    assert tuple(app.display.surface.get_at((x - 20, y)))[:3] == (0, 0, 128)   # highlighted


@pytest.mark.parametrize("label, check", [
    ("New", lambda app: app.play.field.status == "ready"),
    ("Beginner", lambda app: app.play.field.width == 9),
    ("Intermediate", lambda app: (app.play.field.width, app.play.field.mines) == (16, 40)),
    ("Expert", lambda app: (app.play.field.width, app.play.field.height) == (30, 16)),
    ("Custom...", lambda app: isinstance(app.top, CustomDialog)),
    ("Marks (?)", lambda app: app.settings.marks is True),
    ("Chord with left click", lambda app: app.settings.chord_left_click is False),
    ("Flag mode", lambda app: app.settings.flag_mode is True),
    ("Style...", lambda app: type(app.top).__name__ == "StyleDialog"),
    ("Exit", lambda app: not app.running),
])
def test_each_game_menu_item_does_its_job(label, check):
    app = make_app()
    if label == "New":
        click(app, (4, 4))
    choose(app, 0, label)
    assert check(app)


@pytest.mark.parametrize("label, check", [
    ("Zoom in", lambda app: app.viewport.scale == 2),
    ("Fullscreen", lambda app: app.display.fullscreen),
    ("Sound", lambda app: app.settings.sound is True),
])
def test_each_view_menu_item_does_its_job(label, check):
    app = make_app()
    choose(app, 1, label)
    assert check(app)


def test_zoom_out_from_scale_two():
    app = make_app(scale=2)
    choose(app, 1, "Zoom out")
    assert app.viewport.scale == 1
    assert app.display.surface.get_size() == app.layout.size


@pytest.mark.parametrize("label, screen", [("How to Play", HelpScreen), ("About...", AboutDialog)])
def test_each_help_menu_item_opens_its_page(label, screen):
    app = make_app()
    choose(app, len(MENUS) - 1, label)
    assert isinstance(app.top, screen)
    key(app, pygame.K_ESCAPE)
    assert app.top is app.play


def test_the_how_to_play_pages_say_which_settings_and_shapes_their_rules_depend_on():
    """The pages promised "again for ?" to a right click whose Marks (?) are off,
    the modern default (it clears the flag), a left-click chord whatever "Chord
    with left click" said, and 8 neighbours to hexagons, which have 6."""
    app = make_app()
    key(app, pygame.K_F1)
    assert isinstance(app.top, HelpScreen)
    texts = [text for _, entries in app.top.pages for _, text in entries]
    right = next(t for t in texts if t.startswith("Right click"))
    assert "again for ? if Marks (?) is on" in right
    assert not app.settings.marks                   # the default: a second click clears
    chord = next(t for t in texts if "Shift+click" in t)
    assert "left click if Chord with left click is on" in chord
    number = next(t for t in texts if t.startswith("A number counts"))
    assert "8, or 6 on hexagons" in number
    assert len(Minefield(10, 10, 10, shape="hex").neighbours(5, 5)) == 6


def test_a_click_on_the_title_keeps_the_menu_open_then_a_click_chooses():
    app = make_app()
    press(app, title_pos(app, 0))
    release(app, title_pos(app, 0))
    assert isinstance(app.top, MenuScreen)
    press(app, item_pos(app, 0, "Expert"))
    release(app, item_pos(app, 0, "Expert"))
    assert app.settings.level == "expert" and app.top is app.play


def test_a_press_in_the_open_menu_chooses_the_item_it_is_released_on_as_in_windows():
    """Pressed on Expert, slid to Intermediate and let go, Windows chooses
    Intermediate (the lit item follows the pointer); ours chose nothing and
    left the menu open. A press on a separator slides onto an item too."""
    app = make_app()
    press(app, title_pos(app, 0))
    release(app, title_pos(app, 0))
    press(app, item_pos(app, 0, "Expert"))
    move(app, item_pos(app, 0, "Intermediate"))
    release(app, item_pos(app, 0, "Intermediate"))
    assert app.settings.level == "intermediate" and app.top is app.play
    press(app, title_pos(app, 0))
    release(app, title_pos(app, 0))
    new, beginner = item_pos(app, 0, "New"), item_pos(app, 0, "Beginner")
    separator = (new[0], (new[1] + beginner[1]) // 2)
    press(app, separator)
    assert isinstance(app.top, MenuScreen) and app.top.highlight is None    # no item lit
    release(app, beginner)
    assert app.settings.level == "beginner" and app.top is app.play


def test_a_second_click_on_the_open_title_closes_the_menu_as_the_button_comes_up():
    """In Windows the press on the title of the menu a click opened leaves
    it open; the release on the bar closes it (user32's MENU_ButtonUp, "a
    click on an already popped item"). Ours closed it at the press."""
    app = make_app()
    press(app, title_pos(app, 0))
    release(app, title_pos(app, 0))
    press(app, title_pos(app, 0))
    assert isinstance(app.top, MenuScreen) and app.top.dropped
    release(app, title_pos(app, 0))
    assert app.top is app.play


def test_a_press_on_the_open_title_drags_down_to_the_item_it_chooses_as_in_windows():
    """The menu stays open under a press on its own title, so the classic
    gesture, press the title and drag to the item, works the second time
    as the first: the press had closed the menu, and the release over
    Expert chose nothing."""
    app = make_app()
    press(app, title_pos(app, 0))
    release(app, title_pos(app, 0))
    press(app, title_pos(app, 0))
    move(app, item_pos(app, 0, "Expert"))
    release(app, item_pos(app, 0, "Expert"))
    assert app.settings.level == "expert" and app.top is app.play


def test_a_second_press_on_the_open_title_dragged_to_another_title_leaves_that_menu_open():
    """The second press closes the menu only when released on the title it
    went down on: dragged to View, the release opens View as a first click
    does (user32 clears "a click on an already popped item" when the
    tracking switches menus). Ours closed View too."""
    app = make_app()
    press(app, title_pos(app, 0))
    release(app, title_pos(app, 0))
    press(app, title_pos(app, 0))
    move(app, title_pos(app, 1))
    release(app, title_pos(app, 1))
    assert isinstance(app.top, MenuScreen) and app.top.dropped and app.top.index == 1


def test_the_item_lit_from_the_keyboard_stays_lit_through_fullscreen():
    """SDL tells of the pointer "moving" when the window changes under it;
    off the menu, that put out the item lit with the arrows, and Enter
    then chose nothing. As in Windows, only a pointer on the menu lights
    another item."""
    app = make_app()
    key(app, pygame.K_g, pygame.KMOD_LALT, "g")
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)                                     # Intermediate
    key(app, pygame.K_F11)
    app.step()
    menu = app.top
    assert isinstance(menu, MenuScreen) and app.display.surface.get_size() != app.layout.size
    geo = popup_geometry(app.painter, menu.items, title_rects(app.painter, app.layout.menu_h)[0],
                         app.layout.size)
    row = app.painter.px(geo.item_rects[[i.label for i in menu.items].index("Intermediate")])
    assert pixel(app, (row.right - 3, row.centery)) == (0, 0, 128)
    key(app, pygame.K_RETURN)
    assert app.settings.level == "intermediate"


def popup_pixels(app, menu=0):
    """The open drop-down's pixels as the window shows them."""
    geo = popup_geometry(app.painter, MENUS[menu][1],
                         title_rects(app.painter, app.layout.menu_h)[menu], app.layout.size)
    return pygame.image.tobytes(app.display.surface.subsurface(app.painter.px(geo.rect)), "RGB")


def off_every_menu(app):
    """A display pixel on the board's last cell, clear of the Game menu (which
    covers the whole of an 8 x 8 board: the tests play Intermediate)."""
    board = app.viewport.to_display(app.layout.field.bottomright)
    off = (board[0] - 4, board[1] - 4)
    assert isinstance(app.top, MenuScreen) and app.top._hit(app.viewport.to_window(off)) is None
    return off


@pytest.mark.parametrize("style", ["xp", "modern"])
def test_a_press_on_the_title_dragged_off_every_menu_leaves_it_open_as_windows_95_to_xp(style):
    """Windows 95 to XP ended nothing on a release over no menu: the drop-down
    stays, drawn, waiting for a click, and the board under the release got
    nothing. The click that follows outside closes it, and plays there, as
    Windows passed it on (see test_menu_passthrough)."""
    app = make_app(style=style, level="intermediate")
    before = popup_pixels(app)
    press(app, title_pos(app, 0))
    dropped = popup_pixels(app)
    assert dropped != before
    off = off_every_menu(app)
    move(app, off)
    release(app, off)
    app.step()
    assert isinstance(app.top, MenuScreen) and app.top.dropped
    assert popup_pixels(app) == dropped                     # still drawn, as it dropped
    assert app.play.field.status == "ready" and app.play.field.cell(15, 15) == "#"
    click(app, (15, 15))
    assert app.top is app.play
    assert popup_pixels(app) != dropped
    assert app.play.field.status != "ready" and app.play.field.cell(15, 15) != "#"


@pytest.mark.parametrize("style", ["xp", "modern"])
def test_a_press_on_an_item_released_off_the_menu_leaves_it_open_and_chooses_nothing(style):
    app = make_app(style=style, level="intermediate")
    press(app, title_pos(app, 0))
    release(app, title_pos(app, 0))
    press(app, item_pos(app, 0, "Expert"))
    off = off_every_menu(app)
    move(app, off)
    release(app, off)
    assert isinstance(app.top, MenuScreen) and app.top.dropped
    assert app.settings.level == "intermediate" and app.play.field.status == "ready"
    click(app, (15, 15))                                 # closes it, and plays there
    assert app.top is app.play and app.play.field.status != "ready"


@pytest.mark.parametrize("from_title", [True, False])
def test_under_windows_3_1_a_release_off_every_menu_closes_it_and_does_nothing_else(from_title):
    """Windows 3.1 ended a menu-bar menu on a release over no menu (as Wine's
    user32, begun as its clone, still does), and its style follows it."""
    app = make_app(style="win31", level="intermediate")
    press(app, title_pos(app, 0))
    if not from_title:
        release(app, title_pos(app, 0))
        press(app, item_pos(app, 0, "Expert"))
    off = off_every_menu(app)
    move(app, off)
    release(app, off)
    assert app.top is app.play and app.running
    assert app.settings.level == "intermediate" and app.play.field.status == "ready"


def test_a_click_elsewhere_closes_the_menu_and_plays_there_as_in_windows():
    app = make_app()
    press(app, title_pos(app, 0))
    release(app, title_pos(app, 0))
    click(app, (8, 8))
    assert app.top is app.play
    assert app.play.field.status != "ready" and app.play.field.cell(8, 8) != "#"


def test_the_keyboard_opens_moves_and_chooses():
    app = make_app()
    key(app, pygame.K_F10)
    key(app, pygame.K_DOWN)                            # drops the lit Game menu
    assert app.top.highlight == 0                      # "New"
    key(app, pygame.K_DOWN)                            # the separator is skipped
    assert MENUS[0][1][app.top.highlight].label == "Beginner"
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert app.settings.level == "expert"


def test_alt_alone_opens_the_menus_but_alt_enter_does_not():
    app = make_app()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LALT, mod=0, unicode="",
                                         scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_LALT, mod=0, unicode="",
                                         scancode=0))
    app.step()
    assert isinstance(app.top, MenuScreen)
    key(app, pygame.K_ESCAPE)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LALT, mod=0, unicode="",
                                         scancode=0))
    key(app, pygame.K_RETURN, pygame.KMOD_LALT)
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_LALT, mod=0, unicode="",
                                         scancode=0))
    app.step()
    assert app.top is app.play and app.display.fullscreen


@pytest.mark.parametrize("started", [False, True])
def test_alt_held_as_the_focus_leaves_alt_tab_opens_no_menu(started):
    """SDL makes up Alt's release when the focus leaves with Alt held, just
    before the focus-lost event: the player coming back from Alt+Tab found the
    Game menu open (under the pause when a game was running)."""
    app = make_app()
    if started:
        click(app, (4, 4))
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=pygame.K_LALT, mod=0, unicode="",
                                             scancode=0))
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    app.step(5)
    assert not any(isinstance(screen, MenuScreen) for screen in app.stack)
    if started:
        click(app, (4, 4))                                # the click that resumes
    assert app.top is app.play


def test_right_and_left_arrows_move_between_menus():
    app = make_app()
    key(app, pygame.K_F10)
    key(app, pygame.K_RIGHT)
    assert app.top.index == 1
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    assert app.top.index == len(MENUS) - 1


def test_every_drop_down_fits_inside_the_smallest_window():
    app = make_app(level="custom", custom_width=8, custom_height=8, custom_mines=10)
    titles = title_rects(app.painter, app.layout.menu_h)
    assert titles[-1].right <= app.layout.size[0]
    for (_, items), title in zip(MENUS, titles, strict=True):
        geo = popup_geometry(app.painter, items, title, app.layout.size)
        assert app.layout.window.contains(geo.rect)


def test_checked_items_show_a_check_mark():
    app = make_app(marks=True)
    press(app, title_pos(app, 0))
    items = MENUS[0][1]
    geo = popup_geometry(app.painter, items, title_rects(app.painter, app.layout.menu_h)[0],
                         app.layout.size)

    def has_mark(label):
        r = geo.item_rects[[i.label for i in items].index(label)]
        area = app.painter.px((r.x + 2, r.y, 12, r.h))
        return any(tuple(app.display.surface.get_at((x, y)))[:3] == (0, 0, 0)
                   for x in range(area.x, area.right) for y in range(area.y, area.bottom))

    assert has_mark("Beginner") and has_mark("Marks (?)")
    assert not has_mark("Expert") and not has_mark("Flag mode")


def check_marked(app, menu, label):
    """Whether the menu's item ``label`` shows a check mark, the menu
    opened by a press on its title (black ink left of the label)."""
    press(app, title_pos(app, menu))
    items = MENUS[menu][1]
    geo = popup_geometry(app.painter, items, title_rects(app.painter, app.layout.menu_h)[menu],
                         app.layout.size)
    r = geo.item_rects[[i.label for i in items].index(label)]
    area = app.painter.px((r.x + 2, r.y, 12, r.h))
    return any(tuple(app.display.surface.get_at((x, y)))[:3] == (0, 0, 0)
               for x in range(area.x, area.right) for y in range(area.y, area.bottom))


CUSTOM_8 = {"level": "custom", "custom_width": 8, "custom_height": 8, "custom_mines": 10}


@pytest.mark.parametrize("menu, label, off, on, command", [
    (0, "Expert", {}, {"level": "expert"}, None),
    (0, "Custom...", {}, CUSTOM_8, None),
    (0, "Chord with left click", {"chord_left_click": False}, {"chord_left_click": True}, None),
    (0, "Flag mode", {}, {"flag_mode": True}, None),
    (1, "Fullscreen", {}, {"fullscreen": True}, None),
    (1, "Sound", {}, {}, "toggle_sound"),
    (1, "Color", {"color": False}, {}, None),
    (1, "Français", {}, {}, "language_fr"),
    (2, "Probabilities", {}, {}, "toggle_overlay"),
    (2, "No-guess boards", {}, {}, "toggle_no_guess"),
    (2, "First click safe", {}, {"first_click": "safe"}, None),
    (2, "Classic first click", {}, {"first_click": "classic"}, None),
])
def test_each_check_mark_follows_its_setting(menu, label, off, on, command):
    """Every item with a check mark shows it exactly while its setting is
    on. The test above looked at Beginner and Marks alone: any other
    item's mark could show the wrong setting, or none, and nothing failed."""
    assert not check_marked(make_app(**off), menu, label)
    app = make_app(**on)
    if command:
        app.commands.run(command)
        app.step()
    assert check_marked(app, menu, label)


@pytest.mark.parametrize("board", [{"level": "beginner"},
                                   {"level": "custom", "custom_width": 8, "custom_height": 8,
                                    "custom_mines": 10}])
def test_enter_reads_the_help_pages_in_order_and_the_focus_stays_on_its_button(board):
    """How to Play opened with the focus on "< Back" (Enter went to the last
    page), and a page with more lines than the one before moved the focus
    from "Next >" back to "< Back": Enter went 2, 3, 2, 3..."""
    app = make_app(**board)
    app.commands.run("help")
    app.step()
    help_screen = app.top
    assert isinstance(help_screen, HelpScreen)
    seen = [help_screen.page]
    for _ in range(len(help_screen.pages)):
        key(app, pygame.K_RETURN)
        seen.append(help_screen.page)
    assert seen == [*range(len(help_screen.pages)), 0]
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)                  # to "< Back"
    for expected in (3, 2, 1):
        key(app, pygame.K_RETURN)
        assert help_screen.page == expected


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_shortcut_a_menu_shows_is_on_the_keys_page(lang):
    """View > Watch replay showed R, and R watched the last game, but the
    Keys page of How to Play never said so: its lines were the bindings
    that had a description, and R had none."""
    from game import i18n
    from game.ui.screens.help import keys_page

    app = make_app(language=lang)
    _title, lines = keys_page(app.commands.allowed)
    texts = [text for _icon, text in lines]
    shown = {item.shortcut for _menu, items in MENUS for item in visible_items(app, items)
             if item.shortcut}
    assert "R" in shown
    for shortcut in shown:
        said = i18n._("{key}: {action}").format(key=shortcut, action="")
        assert any(text.startswith(said) and len(text) > len(said) for text in texts), shortcut


# Mnemonics: the underlined letters, as in Windows.

@pytest.mark.parametrize("lang", ["en", "fr", "pseudo"])
def test_every_title_and_item_has_an_underlined_letter_of_its_own(lang):
    """Each title, and each item within its menu, answers to its own letter."""
    app = make_app(language=lang)
    titles = [title_label(title) for title, _items in MENUS]
    assert all(at is not None for _label, at in titles)
    folded = [fold(label[at]) for label, at in titles]
    assert len(set(folded)) == len(folded), folded
    for _title, items in MENUS:
        items = visible_items(app, items)
        places = mnemonics(items)
        letters = [fold(item.label[at]) for item, at in zip(items, places, strict=True)
                   if not item.separator]
        assert len(letters) == len(set(letters)), letters
        assert all(at is not None for item, at in zip(items, places, strict=True)
                   if not item.separator)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_underlined_letter_is_a_shortcut_another_item_of_its_menu_shows(lang):
    """The French View menu showed "Revoir la partie   R" under "Zoom
    a&rrière": R pressed in the open menu zoomed out. The one exception is
    the classic game's "&Marks (?)" beside the newer "Flag mode   M"."""
    app = make_app(language=lang)
    for _title, items in MENUS:
        items = visible_items(app, items)
        places = mnemonics(items)
        for item, at in zip(items, places, strict=True):
            if item.separator:
                continue
            letter = fold(item.label[at])
            others = [other.text for other in items if other is not item
                      and fold(other.shortcut) == letter]
            if (item.command, others) != ("toggle_marks", ["&Flag mode"]):
                assert others == [], (item.label, others)


def letter(app, char, mod=0):
    key(app, ord(char), mod, char)


def test_alt_and_a_title_s_letter_opens_that_menu_and_an_item_s_letter_chooses_it():
    app = make_app()
    letter(app, "t", pygame.KMOD_LALT)
    assert isinstance(app.top, MenuScreen) and app.top.index == 2          # Tools
    letter(app, "g", pygame.KMOD_LALT)                                     # Alt still held
    assert app.top.index == 0 and app.top.highlight == 0                   # Game, "New" lit
    letter(app, "e")                                                       # Expert
    assert app.top is app.play and app.settings.level == "expert"
    letter(app, "g", pygame.KMOD_LALT)
    letter(app, "x")                                                       # E&xit
    assert not app.running


def test_french_letters_open_and_choose_in_french():
    app = make_app(language="fr")
    letter(app, "p", pygame.KMOD_LALT)                                     # Partie
    assert isinstance(app.top, MenuScreen) and app.top.index == 0
    letter(app, "d")                                                       # Débutant
    assert app.top is app.play and app.settings.level == "beginner"
    letter(app, "a", pygame.KMOD_LALT)                                     # Affichage
    letter(app, "s")                                                       # Son
    assert app.settings.sound is True


def test_a_disabled_item_s_letter_does_nothing_and_ctrl_alt_opens_no_menu():
    app = make_app()
    letter(app, "v", pygame.KMOD_LALT)
    letter(app, "w")                                  # Watch replay: there is none yet
    assert isinstance(app.top, MenuScreen) and app.top.index == 1
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    letter(app, "g", pygame.KMOD_LALT | pygame.KMOD_LCTRL)   # AltGr types, opens nothing
    assert app.top is app.play


def test_the_underlined_letters_are_drawn():
    """An underline under the mnemonic (the G of Game, the E of Expert) and
    none under the letters beside it."""
    app = make_app()
    press(app, title_pos(app, 0))
    baseline = app.painter.atlas.fonts["regular"]["baseline"]
    line_h = app.painter.line_height()
    title = title_rects(app.painter, app.layout.menu_h)[0]
    text_x = title.centerx - app.painter.text_width("Game") // 2
    top = title.centery - line_h // 2

    def underlined(x, y, colour):
        return all(pixel(app, app.viewport.to_display((px, y + baseline + 1))) == colour
                   for px in range(x + 1, x + 4))

    g_w = app.painter.text_width("G")
    assert underlined(text_x, top, (255, 255, 255))                 # white on the open title
    assert not underlined(text_x + g_w, top, (255, 255, 255))       # the "a"
    items = MENUS[0][1]
    geo = popup_geometry(app.painter, items, title, app.layout.size)
    rect = geo.item_rects[[i.label for i in items].index("Expert")]
    y = rect.centery - line_h // 2
    assert underlined(rect.x + 16, y, (0, 0, 0))
    assert not underlined(rect.x + 16 + app.painter.text_width("E"), y, (0, 0, 0))


def test_an_underline_stands_a_pixel_clear_of_its_letter():
    """Drawn against the letter's foot, the underline merged with the dot of
    the French Help menu's "?": the menu bar read "Partie Affichage Outils 2"."""
    app = make_app(language="fr")
    baseline = app.painter.atlas.fonts["regular"]["baseline"]
    title = title_rects(app.painter, app.layout.menu_h, app.layout.mode_button.x)[3]
    assert title_label(MENUS[3][0]) == ("?", 0)
    x = title.centerx - app.painter.text_width("?") // 2
    top = title.centery - app.painter.line_height() // 2
    columns = range(x, x + app.painter.text_width("?"))

    def row(y):
        return [pixel(app, app.viewport.to_display((px, top + y))) for px in columns]

    assert (0, 0, 0) in row(baseline - 1)                       # the dot of the "?"
    assert (0, 0, 0) not in row(baseline)                       # a clear row...
    assert row(baseline + 1).count((0, 0, 0)) >= len(columns) - 1     # ...then the underline


@pytest.mark.parametrize("lang, game", [("en", "g"), ("fr", "p")])
def test_style_answers_to_its_s_drawn_underlined_clear_of_the_letter(lang, game):
    """English "St&yle...": the underline fell on the y's tail, in the row
    of its hook, and read as the letter's own foot, so no letter of Style
    seemed underlined; S, the first letter a Windows player tries (and
    the French menu's), did nothing."""
    app = make_app(language=lang)
    letter(app, game, pygame.KMOD_LALT)
    assert isinstance(app.top, MenuScreen) and app.top.index == 0
    baseline = app.painter.atlas.fonts["regular"]["baseline"]
    line_h = app.painter.line_height()
    items = MENUS[0][1]
    title = title_rects(app.painter, app.layout.menu_h, app.layout.mode_button.x)[0]
    geo = popup_geometry(app.painter, items, title, app.layout.size)
    rect = geo.item_rects[[i.command for i in items].index("style")]
    top = rect.centery - line_h // 2
    columns = range(rect.x + 16, rect.x + 16 + app.painter.text_width("S"))

    def row(y):
        return [pixel(app, app.viewport.to_display((px, top + y))) for px in columns]

    assert (0, 0, 0) not in row(baseline)                       # a clear row under the S...
    assert row(baseline + 1).count((0, 0, 0)) >= len(columns) - 1     # ...then its underline
    letter(app, "s")
    assert type(app.top).__name__ == "StyleDialog"


def test_a_press_on_the_empty_end_of_the_bar_opens_no_menu():
    """Past the last title the bar is empty: a press there showed the Game
    menu for as long as the button was held."""
    app = make_app(level="expert")
    bar_end = title_rects(app.painter, app.layout.menu_h)[-1].right + 40
    press(app, app.viewport.to_display((bar_end, app.layout.menu_h // 2)))
    assert app.top is app.play
    release(app, app.viewport.to_display((bar_end, app.layout.menu_h // 2)))
    assert app.top is app.play


@pytest.mark.parametrize("button", [MIDDLE, RIGHT])
def test_a_right_or_middle_click_outside_closes_the_menu(button):
    """Any button pressed outside an open menu closes it; the right click
    stayed on an open menu, and the left one that followed closed it. The
    right one closes it as Windows XP did and is the menu's, as a menu
    bar's loop never hands it on (it flagged), the middle one, which no
    Windows menu loop knew, plays nothing; the next click is the board's."""
    app = make_app(level="expert")
    key(app, pygame.K_F10)
    click(app, (20, 10), button)
    assert app.top is app.play
    assert app.play.field.cell(20, 10) == "#" and app.play.field.status == "ready"
    click(app, (20, 10))
    assert app.play.field.status == "playing"


def alt_alone(app):
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=pygame.K_LALT, mod=0, unicode="",
                                             scancode=0))
    app.step(2)


def test_alt_alone_lights_the_title_and_enter_drops_its_menu_rather_than_starting_a_game():
    """Alt then Enter opens the Game menu in Windows; here Alt dropped the
    menu with New lit, and Enter abandoned the game in progress."""
    app = make_app(level="expert")
    click(app, (20, 10))
    assert app.play.field.status == "playing"
    expert = item_pos(app, 0, "Expert")
    alt_alone(app)
    assert isinstance(app.top, MenuScreen)
    game = app.viewport.to_display((title_rects(app.painter, app.layout.menu_h)[0].x + 1,
                                    app.layout.menu_bar.centery))
    assert pixel(app, game) == (0, 0, 128)                       # the Game title, lit
    assert pixel(app, expert) != (192, 192, 192)                 # no drop-down over the field
    key(app, pygame.K_RIGHT)                                     # along the bar: View lit
    assert app.top.index == 1 and pixel(app, game) != (0, 0, 128)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)                                    # drops Game, New lit
    assert app.play.field.status == "playing"
    assert pixel(app, expert) == (192, 192, 192)
    key(app, pygame.K_RETURN)                                    # now New
    assert app.play.field.status == "ready" and app.top is app.play


def test_alt_alone_then_up_drops_the_menu_at_its_last_item_and_a_letter_drops_its_menu():
    app = make_app()
    key(app, pygame.K_F10)
    key(app, pygame.K_UP)
    assert app.top.items[app.top.highlight].label == "Exit"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_F10)
    letter(app, "h")                                             # Help
    assert app.top.index == len(MENUS) - 1 and app.top.highlight == 0


def test_a_menu_dropped_by_a_click_lights_its_last_item_at_up_and_its_first_at_down():
    """Nothing lit, Up lit the item before the last (Game's Best Times...,
    Help's How to Play), unlike Up on the bar lit by F10."""
    for menu, down, up in ((0, "New", "Exit"), (len(MENUS) - 1, "How to Play", "About...")):
        for k, label in ((pygame.K_UP, up), (pygame.K_DOWN, down)):
            app = make_app()
            press(app, title_pos(app, menu))
            release(app, title_pos(app, menu))
            assert isinstance(app.top, MenuScreen) and app.top.highlight is None
            key(app, k)
            assert app.top.items[app.top.highlight].label == label


def lit_title(app, index):
    """Whether the title ``index`` shows lit (its left edge in the highlight)."""
    at = app.viewport.to_display((title_rects(app.painter, app.layout.menu_h)[index].x + 1,
                                  app.layout.menu_bar.centery))
    return pixel(app, at) == (0, 0, 128)


@pytest.mark.parametrize("opened", ["click", "alt letter", "f10 down"])
def test_esc_closes_the_drop_down_first_leaving_its_title_lit_then_the_menu(opened):
    """As in Windows: Esc takes one level away. It closed the whole menu, so
    the player who had opened the wrong one had to start again from Alt."""
    app = make_app(level="expert")
    expert = item_pos(app, 0, "Expert")
    if opened == "click":
        press(app, title_pos(app, 0))
        release(app, title_pos(app, 0))
    elif opened == "alt letter":
        letter(app, "g", pygame.KMOD_LALT)
    else:
        key(app, pygame.K_F10)
        key(app, pygame.K_DOWN)
    assert pixel(app, expert) == (192, 192, 192)                 # the drop-down
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScreen) and not app.top.dropped
    assert lit_title(app, 0) and pixel(app, expert) != (192, 192, 192)
    key(app, pygame.K_RIGHT)                                     # along the bar, still
    assert app.top.index == 1 and lit_title(app, 1) and not lit_title(app, 0)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_DOWN)                                      # drops Game again
    assert app.top.dropped and pixel(app, expert) == (192, 192, 192)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)                                    # the bar is left
    assert app.top is app.play and not lit_title(app, 0)


@pytest.mark.parametrize("way", [pygame.K_F10, pygame.K_LALT])
def test_alt_or_f10_in_a_dropped_menu_closes_it_all_at_once(way):
    app = make_app()
    letter(app, "v", pygame.KMOD_LALT)
    assert app.top.dropped
    key(app, way)
    assert app.top is app.play


def test_a_letter_after_esc_drops_the_menu_it_names():
    app = make_app()
    letter(app, "g", pygame.KMOD_LALT)
    key(app, pygame.K_ESCAPE)
    letter(app, "t")                                             # Tools, from the lit bar
    assert isinstance(app.top, MenuScreen) and app.top.dropped and app.top.index == 2


def test_a_letter_no_item_of_the_open_drop_down_has_switches_no_menu():
    """As in Windows (a key no item of the open drop-down answers to is
    refused with a beep, MNC_IGNORE): V in the open Game menu, which has no
    item on V, leaves Game open, its lit item lit; Alt+T still opens Tools,
    and H on the bar lit by Alt, with no drop-down open, opens Help."""
    app = make_app()
    letter(app, "g", pygame.KMOD_LALT)
    key(app, pygame.K_DOWN)
    lit = app.top.highlight
    letter(app, "v")
    assert isinstance(app.top, MenuScreen) and app.top.index == 0
    assert app.top.dropped and app.top.highlight == lit
    letter(app, "t", pygame.KMOD_LALT)
    assert app.top.index == 2 and app.top.dropped
    key(app, pygame.K_ESCAPE)                               # the drop-down folds, Tools lit
    letter(app, "h")                                        # Help, from the bar
    assert app.top.index == 3 and app.top.dropped


def item_rect(app, menu, label):
    """The item's row in display pixels."""
    items = MENUS[menu][1]
    geo = popup_geometry(app.painter, items, title_rects(app.painter, app.layout.menu_h)[menu],
                         app.layout.size)
    return app.painter.px(geo.item_rects[[item.label for item in items].index(label)])


@pytest.mark.parametrize("style", ["xp", "modern"])
@pytest.mark.parametrize("from_title", [True, False])
def test_an_item_dragged_off_the_menu_goes_dark_and_enter_then_chooses_nothing(style,
                                                                               from_title):
    """Dragged from the title (or pressed on an item) to Expert and on off
    every menu, the release leaves the drop-down open, waiting for a click,
    as Windows 95 to XP did, with no item lit: Expert stayed lit, and Enter,
    pressed to do anything, started an Expert game, throwing away the one
    under way."""
    app = make_app(style=style, level="intermediate")
    press(app, title_pos(app, 0))
    if not from_title:
        release(app, title_pos(app, 0))
        press(app, item_pos(app, 0, "Expert"))
    move(app, item_pos(app, 0, "Expert"))
    row = item_rect(app, 0, "Expert")
    lit = pixel(app, (row.right - 3, row.centery))
    off = off_every_menu(app)
    move(app, off)
    release(app, off)
    app.step()
    assert isinstance(app.top, MenuScreen) and app.top.dropped
    assert pixel(app, (row.right - 3, row.centery)) != lit          # no longer lit
    key(app, pygame.K_RETURN)
    assert app.settings.level == "intermediate"
    key(app, pygame.K_DOWN)                                          # the arrows start again
    assert app.top.items[app.top.highlight].label == "New"
