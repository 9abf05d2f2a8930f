"""Windows 3.1's control menu: a single click on a dialog's control-menu
box, or Alt+Space, opens it under the box, drawn flat as 3.1 drew its
menus; Close (Alt+F4) closes the dialog as Esc does, the items the game
cannot do to a dialog are greyed; the mouse and the keyboard drive it as
the game's other menus. A single click on the box had done nothing."""

from __future__ import annotations

import pygame
import pytest

from game.ui.menus import fold, mnemonics, split_mnemonic
from game.ui.render.menubar import ITEM_PAD, popup_geometry
from game.ui.screens.control_menu import ControlMenuScreen, control_items
from game.ui.screens.custom import CustomDialog

from .helpers import key, make_app, move, post, press, release
from .test_captions import ask, at, bar_of, centre, control_of
from .test_dialogs import button_pos

BLACK, WHITE, DARK, NAVY = (0, 0, 0), (255, 255, 255), (128, 128, 128), (0, 0, 128)
ALT = pygame.KMOD_LALT


def custom(style="win31", **settings):
    app = make_app(style=style, **settings)
    app.commands.run("custom")
    app.step()
    assert isinstance(app.top, CustomDialog)
    return app, app.top


def click_box(app, dialog):
    where = centre(app, control_of(app, dialog))
    press(app, where)
    release(app, where)


def geometry(app, menu):
    return popup_geometry(app.painter, menu.items, control_of(app, menu.menu_of),
                          app.layout.size, win31=True)


def item_rect(app, menu, label):
    return geometry(app, menu).item_rects[[i.label for i in menu.items].index(label)]


def colours_at(app, rect):
    """Each pixel's colour, row by row, in a scale-1 rectangle."""
    return [at(app, x, y) for y in range(rect.y, rect.bottom) for x in range(rect.x, rect.right)]


def colours(app, rect):
    return {at(app, x, y) for x in range(rect.x, rect.right) for y in range(rect.y, rect.bottom)}


@pytest.mark.parametrize("scale", [1, 2])
def test_a_single_click_on_the_box_drops_the_flat_control_menu_under_it(scale):
    app, dialog = custom(scale=scale)
    click_box(app, dialog)
    menu = app.top
    assert isinstance(menu, ControlMenuScreen) and menu.menu_of is dialog
    assert [i.label for i in menu.items if not i.separator] == [
        "Restore", "Move", "Size", "Minimize", "Maximize", "Close", "Switch To..."]
    geo = geometry(app, menu)
    box = control_of(app, dialog)
    assert geo.rect.topleft == (box.x, box.bottom)
    assert at(app, geo.rect.x, geo.rect.y) == BLACK                   # its frame
    assert at(app, geo.rect.right - 1, geo.rect.bottom - 1) == BLACK  # its shadow
    assert colours(app, item_rect(app, menu, "Close")) == {WHITE, BLACK}
    for greyed in ("Restore", "Move", "Size", "Minimize", "Maximize", "Switch To..."):
        assert colours(app, item_rect(app, menu, greyed)) == {WHITE, DARK}, greyed
    assert at(app, box.right + 4, box.y + 1) == NAVY     # the dialog still active beneath


def test_the_pointer_lights_an_item_and_a_click_on_close_closes_the_dialog():
    app, dialog = custom()
    click_box(app, dialog)
    menu = app.top
    close = centre(app, item_rect(app, menu, "Close"))
    move(app, close, buttons=(0, 0, 0))
    assert NAVY in colours(app, item_rect(app, menu, "Close"))
    press(app, close)
    release(app, close)
    assert app.top is app.play


def test_a_greyed_item_chosen_does_nothing_and_a_press_outside_closes_only_the_menu():
    app, dialog = custom()
    click_box(app, dialog)
    menu = app.top
    move_at = centre(app, item_rect(app, menu, "Move"))
    press(app, move_at)
    release(app, move_at)
    assert app.top is menu                               # greyed: the menu stays open
    outside = app.painter.px(dialog.rect).bottomright
    press(app, (outside[0] - 4, outside[1] - 4))
    release(app, (outside[0] - 4, outside[1] - 4))
    assert app.top is dialog


def test_pressed_on_the_box_dragged_to_close_and_released_there_closes_the_dialog():
    app, dialog = custom()
    press(app, centre(app, control_of(app, dialog)))
    menu = app.top
    assert isinstance(menu, ControlMenuScreen)
    close = centre(app, item_rect(app, menu, "Close"))
    move(app, close)
    release(app, close)
    assert app.top is app.play


def test_released_off_the_menu_after_a_drag_from_the_box_it_closes_as_3_1_did():
    app, dialog = custom()
    press(app, centre(app, control_of(app, dialog)))
    far = app.painter.px(dialog.rect).bottomright
    move(app, (far[0] - 4, far[1] - 4))
    release(app, (far[0] - 4, far[1] - 4))
    assert app.top is dialog


def test_a_later_click_on_the_box_closes_the_menu_and_not_the_dialog():
    app, dialog = custom()
    click_box(app, dialog)
    app.step(60)
    click_box(app, dialog)
    assert app.top is dialog


def test_alt_space_opens_it_with_its_first_item_lit_and_the_keys_drive_it():
    app, dialog = custom()
    key(app, pygame.K_SPACE, ALT, " ")
    menu = app.top
    assert isinstance(menu, ControlMenuScreen) and menu.highlight == 0
    assert NAVY in colours(app, item_rect(app, menu, "Restore"))
    key(app, pygame.K_RETURN)
    assert app.top is menu                               # Restore is greyed
    key(app, pygame.K_END)
    assert menu.items[menu.highlight].label == "Switch To..."
    key(app, pygame.K_UP)                                # over the separator
    assert menu.items[menu.highlight].label == "Close"
    key(app, pygame.K_ESCAPE)
    assert app.top is dialog                             # Esc: the menu only
    key(app, pygame.K_SPACE, ALT, " ")
    key(app, pygame.K_DOWN)
    assert app.top.items[app.top.highlight].label == "Move"
    for _ in range(4):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)                            # Close
    assert app.top is app.play


@pytest.mark.parametrize(("language", "letter"), [("en", "c"), ("fr", "f")])
def test_close_s_underlined_letter_closes_the_dialog(language, letter):
    app, dialog = custom(language=language)
    key(app, pygame.K_SPACE, ALT, " ")
    menu = app.top
    close = [i for i in menu.items if not i.separator][5]
    assert close.label[mnemonics(menu.items)[menu.items.index(close)]].lower() == letter
    key(app, pygame.K_m if language == "en" else pygame.K_d, 0, "m" if language == "en" else "d")
    assert app.top is menu                               # Move / Déplacement: greyed
    key(app, ord(letter), 0, letter)
    assert app.top is app.play


@pytest.mark.parametrize("narrow", [False, True], ids=["switch to", "switch"])
@pytest.mark.parametrize("language", ["en", "fr", "pseudo"])
def test_each_item_of_the_control_menu_has_an_underlined_letter_of_its_own(language, narrow):
    """As the menus' items do, in every language: French Windows' words put
    Déplacement and Dimension on one D, where Alt+Space then D could only
    ever reach the first (ours marks D&imension); "Switch To..." said in
    full or shortly marks a letter of its own too."""
    app, dialog = custom(language=language)
    items = [item for item in control_items(dialog, narrow=narrow) if not item.separator]
    marked = [split_mnemonic(item.marked)[1] for item in items]
    assert None not in marked, [item.label for item in items]
    letters = [fold(item.label[at]) for item, at in zip(items, marked, strict=True)]
    assert len(letters) == len(set(letters)), letters


def test_alt_f4_with_the_menu_open_closes_the_dialog_and_the_game_goes_on():
    app, dialog = custom()
    click_box(app, dialog)
    key(app, pygame.K_F4, ALT)
    assert app.top is app.play and app.running


def test_a_yes_no_question_greys_close_and_nothing_closes_it_from_the_menu():
    app = make_app(style="win31")
    answered: list[str] = []
    question = ask(app, answered)
    click_box(app, question)
    menu = app.top
    assert isinstance(menu, ControlMenuScreen)
    assert colours(app, item_rect(app, menu, "Close")) == {WHITE, DARK}
    key(app, pygame.K_c, 0, "c")
    assert app.top is menu
    key(app, pygame.K_F4, ALT)
    assert app.top is question and answered == []


def test_alt_space_opens_nothing_in_the_other_styles():
    app, dialog = custom(style="xp")
    key(app, pygame.K_SPACE, ALT, " ")
    assert app.top is dialog


@pytest.mark.parametrize("style", ["xp", "modern"])
def test_alt_space_pushes_no_focused_button_in_the_other_styles(style):
    """Alt+Space is Windows' key for the control menu, not Space: it had
    pushed the focused button, No (and, tabbed to, Yes) answering the
    question."""
    app = make_app(style=style)
    answered: list[str] = []
    question = ask(app, answered)
    for tab in (False, True):
        if tab:
            key(app, pygame.K_TAB)                       # the focus on Yes
        post(pygame.KEYDOWN, key=pygame.K_SPACE, mod=ALT, unicode=" ", scancode=0)
        app.step()
        assert not any(getattr(w, "pressed", False) for w in question.widgets)
        post(pygame.KEYUP, key=pygame.K_SPACE, mod=ALT, unicode=" ", scancode=0)
        app.step()
        assert app.top is question and answered == []
    assert NAVY in {at(app, x, bar_of(app, question).centery)     # still drawn, active
                    for x in range(question.rect.x, question.rect.right)}


def test_a_left_click_outside_it_closes_it_and_goes_on_to_the_dialog():
    """As the game's menus pass the click that closes them on to the board
    (Windows' menu loop leaves it in the queue): a click on Cancel, off the
    menu, closes the menu and cancels the dialog. The press had been spent."""
    app, dialog = custom(level="expert")
    click_box(app, dialog)
    menu = app.top
    cancel = button_pos(app, dialog, "Cancel")
    assert not geometry(app, menu).rect.collidepoint(app.viewport.to_window(cancel))
    button = next(w for w in dialog.widgets if getattr(w, "label", None) == "Cancel")
    rect = dialog.screen_rect(button)
    up = colours_at(app, rect)
    press(app, cancel)
    assert app.top is dialog and button.pressed
    assert colours_at(app, rect) != up                   # drawn pushed in
    release(app, cancel)
    assert app.top is app.play


def test_a_right_click_outside_it_closes_only_the_menu():
    app, dialog = custom(level="expert")
    click_box(app, dialog)
    cancel = button_pos(app, dialog, "Cancel")
    press(app, cancel, button=3)
    release(app, cancel, button=3)
    assert app.top is dialog
    assert not any(getattr(w, "pressed", False) for w in dialog.widgets)


def box_colours(app, dialog):
    """The control-menu box's colours, its right edge (the black line
    parting it from the caption) left out."""
    box = control_of(app, dialog)
    return colours(app, pygame.Rect(box.x, box.y, box.w - 1, box.h))


@pytest.mark.parametrize("scale", [1, 2])
def test_the_box_is_drawn_inverted_while_its_menu_is_down(scale):
    """As Windows 3.1 inverted the box while its menu was down (its light
    grey dark grey, the white bar black in a white outline); it had looked
    the same open or closed. Back as it was once the menu closes, by a
    click or by Esc."""
    app, dialog = custom(scale=scale)
    up = {WHITE, BLACK, DARK, (192, 192, 192)}
    assert box_colours(app, dialog) == up
    box = control_of(app, dialog)
    assert at(app, box.x, box.y) == (192, 192, 192)
    click_box(app, dialog)
    assert isinstance(app.top, ControlMenuScreen)
    assert box_colours(app, dialog) == up               # the same four, swapped
    assert at(app, box.x, box.y) == DARK
    glyph_y = box.y + (box.h - 5) // 2 + 1
    assert at(app, box.x + 2, glyph_y) == WHITE         # the bar's outline
    assert at(app, box.x + 3, glyph_y) == BLACK         # the bar
    key(app, pygame.K_ESCAPE)
    assert app.top is dialog and at(app, box.x, box.y) == (192, 192, 192)
    assert at(app, box.x + 2, glyph_y) == BLACK and at(app, box.x + 3, glyph_y) == WHITE
    key(app, pygame.K_SPACE, ALT, " ")                  # Alt+Space drops it too
    assert at(app, box.x, box.y) == DARK
    click_box(app, dialog)                              # a later click on the box closes it
    app.step(60)
    assert app.top is dialog and at(app, box.x, box.y) == (192, 192, 192)


@pytest.mark.parametrize("scale", [1, 2, 3])
@pytest.mark.parametrize("language, board, switch", [
    ("en", "8x8", "Switch To..."), ("fr", "8x8", "Basculer..."),
    ("en", "expert", "Switch To..."), ("fr", "expert", "Basculer vers...")])
def test_every_item_is_one_line_in_the_narrowest_window_too(language, board, switch, scale):
    """French, 8x8 (Windows 3.1's Beginner): "Basculer vers..." beside
    "Ctrl+Échap" wrapped onto two lines, the menu already as wide as the
    window; it says "Basculer..." there, in full where it fits."""
    size = ({"level": "custom", "custom_width": 8, "custom_height": 8, "custom_mines": 10}
            if board == "8x8" else {"level": "expert"})
    app, dialog = custom(scale=scale, language=language, **size)
    key(app, pygame.K_SPACE, ALT, " ")
    menu = app.top
    assert isinstance(menu, ControlMenuScreen)
    app.invalidate()
    app.step()
    geo = geometry(app, menu)
    assert app.layout.window.contains(geo.rect)
    one_line = app.painter.line_height() + ITEM_PAD
    for item, rect in zip(menu.items, geo.item_rects, strict=True):
        if rect is not None:
            assert rect.h == one_line, item.label
    assert menu.items[-1].label == switch
    last = geo.item_rects[-1]
    assert DARK in colours(app, last)                   # its greyed label drawn there...
    assert at(app, last.centerx, last.bottom) == BLACK  # ...and the frame right under it
