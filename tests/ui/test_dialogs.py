"""The Custom Field dialog: typed values, Tab, OK / Cancel, refusals."""

import ctypes
from pathlib import Path

import pygame
import pytest

from game.engine.gallery import GALLERY
from game.ui.list_view import TEXT_X
from game.ui.screens import dialog_draw
from game.ui.screens.custom import FIELDS, CustomDialog
from game.ui.screens.dialog_draw import BLINK_TICKS
from game.ui.screens.dialog_lists import DOUBLE_CLICK_TICKS
from game.ui.screens.help import AboutDialog
from game.ui.screens.notice import NoticeDialog
from game.ui.text_editing import PASTE_READ
from game.words import shape_name

from .helpers import LEFT, key, make_app, move, pixel, post, press, release


def type_text(app, text):
    post(pygame.TEXTINPUT, text=text)
    app.step()


def open_custom(app):
    app.commands.run("custom")
    app.step()
    assert isinstance(app.top, CustomDialog)
    return app.top


def clear_and_type(app, text):
    for _ in range(4):
        key(app, pygame.K_BACKSPACE)
    type_text(app, text)


def button_pos(app, dialog, label):
    for w in dialog.widgets:
        if getattr(w, "label", None) == label:
            return app.viewport.to_display(dialog.screen_rect(w).center)
    raise AssertionError(label)


def test_a_custom_game_of_20_by_12_with_30_mines_starts_from_the_dialog():
    app = make_app()
    dialog = open_custom(app)
    clear_and_type(app, "12")           # height has the focus first
    key(app, pygame.K_TAB)
    clear_and_type(app, "20")
    key(app, pygame.K_TAB)
    clear_and_type(app, "30")
    pos = button_pos(app, dialog, "OK")
    press(app, pos)
    release(app, pos)
    assert app.top is app.play
    f = app.play.field
    assert (f.width, f.height, f.mines) == (20, 12, 30)
    assert app.settings.level == "custom"
    assert app.display.surface.get_size() == app.layout.size
    assert app.layout.cols == 20


def test_typing_into_a_box_reached_by_the_keyboard_replaces_its_text_as_in_windows():
    app = make_app()
    dialog = open_custom(app)
    height = app.painter.px(dialog.screen_rect(dialog.fields["height"]))
    navy = [(x, y) for x in range(height.x, height.right) for y in range(height.y, height.bottom)
            if pixel(app, (x, y)) == (0, 0, 128)]
    assert navy                                         # "9" shows selected
    type_text(app, "16")                                # height has the focus first
    key(app, pygame.K_TAB)
    type_text(app, "30")
    key(app, pygame.K_TAB)
    key(app, pygame.K_BACKSPACE)                        # clears the selected "10"
    type_text(app, "50")
    assert [dialog.fields[n].text for n in ("height", "width", "mines")] == ["16", "30", "50"]
    key(app, pygame.K_RETURN)
    f = app.play.field
    assert app.top is app.play and (f.width, f.height, f.mines) == (30, 16, 50)


def test_a_selected_9_keeps_a_navy_column_on_its_left_and_does_not_read_as_an_8():
    """The pixel font's 9 has ink in its first column: the selection began
    there, and the white stroke joined the white margin beside it."""
    app = make_app(scale=2)
    dialog = open_custom(app)
    assert dialog.fields["height"].text == "9" and dialog.fields["height"].selected
    box, line = dialog.screen_rect(dialog.fields["height"]), app.painter.line_height()
    text_x, text_y = 2 * (box.x + TEXT_X), 2 * (box.centery - line // 2)   # where the 9 is drawn
    ink = [y for y in range(text_y, text_y + 2 * line) if pixel(app, (text_x, y)) == (255, 255, 255)]
    assert ink                                           # the 9's first column, white
    margin = {pixel(app, (x, y)) for x in (text_x - 2, text_x - 1) for y in ink}
    assert margin == {(0, 0, 128)}


def test_a_click_into_a_box_puts_the_caret_at_its_end_and_typing_adds_to_it():
    app = make_app()
    dialog = open_custom(app)
    at = app.viewport.to_display(dialog.screen_rect(dialog.fields["mines"]).center)
    press(app, at)
    release(app, at)
    type_text(app, "5")
    assert dialog.fields["mines"].text == "105"
    key(app, pygame.K_TAB)                              # on to the Shape button
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)           # back to Mines: selected again
    key(app, pygame.K_LEFT)                             # an arrow lets the selection go
    type_text(app, "2")
    assert dialog.fields["mines"].text == "2105"


def caret_shows(app, dialog, name):
    """Whether the caret's black column is drawn at the caret of box ``name``."""
    box, field = dialog.screen_rect(dialog.fields[name]), dialog.fields[name]
    x = box.x + TEXT_X + app.painter.text_width(field.text[:field.caret])
    return pixel(app, app.viewport.to_display((x, box.centery))) == (0, 0, 0)


def test_the_caret_shows_at_once_after_a_letter_typed_and_then_blinks():
    """The caret blinked to the dialog's own clock: for half of each second
    the letter just typed had no caret after it, as no Windows text box
    shows (each key shows it anew)."""
    app = make_app()
    dialog = open_custom(app)
    key(app, pygame.K_END)                              # the height's 9, caret after it
    for wait in (BLINK_TICKS + 5, BLINK_TICKS // 2, 2 * BLINK_TICKS - 3):
        app.step(wait)
        type_text(app, "1")
        assert caret_shows(app, dialog, "height")
        key(app, pygame.K_BACKSPACE)
        assert caret_shows(app, dialog, "height")
    app.step(BLINK_TICKS)                               # left alone, it blinks
    assert not caret_shows(app, dialog, "height")
    app.step(BLINK_TICKS)
    assert caret_shows(app, dialog, "height")


@pytest.mark.parametrize("phase", [1, BLINK_TICKS // 2, BLINK_TICKS - 2])
def test_the_caret_goes_off_half_a_second_after_a_letter_whatever_the_clock(phase):
    """The caret's half second on counted from the key, but the box was
    drawn again only on the dialog's own half seconds: typed between two,
    the caret stayed on until the next, up to a second."""
    app = make_app()
    dialog = open_custom(app)
    key(app, pygame.K_END)
    app.step(phase)
    type_text(app, "1")
    app.step(BLINK_TICKS - 3)
    assert caret_shows(app, dialog, "height")
    app.step(2)                          # half a second after the key
    assert not caret_shows(app, dialog, "height")


def test_the_caret_blinks_at_the_one_blink_rate_patched(monkeypatch):
    """The caret's blink is drawn by ``dialog_draw`` and the dialog drawn
    again for it by ``dialog``: with the rate copied into each module (the
    dialog's split), a rate patched where it is defined changed the caret
    drawn but not when it was drawn, and the caret stopped blinking."""
    monkeypatch.setattr(dialog_draw, "BLINK_TICKS", 7)
    app = make_app()
    dialog = open_custom(app)
    key(app, pygame.K_END)
    app.step(7)
    assert not caret_shows(app, dialog, "height")
    app.step(7)
    assert caret_shows(app, dialog, "height")


def navy_columns(app, dialog, name):
    """The scale-1 columns of box ``name`` (from its left edge) whose middle
    pixel is the selection's navy."""
    box = dialog.screen_rect(dialog.fields[name])
    return [x - box.x for x in range(box.x, box.right)
            if pixel(app, app.viewport.to_display((x, box.centery))) == (0, 0, 128)]


def letters_span(app, dialog, name, start, end):
    """Where letters ``start`` to ``end`` of box ``name`` are drawn, from its left edge."""
    text = dialog.fields[name].text
    width = app.painter.text_width
    return TEXT_X + width(text[:start]), TEXT_X + width(text[:end])


def type_in_mines(app, text):
    """Custom Field opened, Tab to Mines (its number selected), ``text`` typed over it."""
    dialog = open_custom(app)
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)
    type_text(app, text)
    return dialog


def along_box(app, dialog, name):
    """The display point ``x`` scale-1 pixels from box ``name``'s left edge, on its middle line."""
    box = dialog.screen_rect(dialog.fields[name])
    return lambda x: app.viewport.to_display((box.x + x, box.centery))


def test_shift_with_home_end_or_an_arrow_selects_from_the_caret_as_in_windows():
    """Shift+Home moved the caret and selected nothing: what was typed next
    went in before the digits meant to be replaced."""
    app = make_app()
    dialog = open_custom(app)
    key(app, pygame.K_TAB)
    type_text(app, "30")
    key(app, pygame.K_TAB)
    type_text(app, "123")
    key(app, pygame.K_LEFT)                              # 12|3
    key(app, pygame.K_HOME, pygame.KMOD_SHIFT)           # [12]3
    left, right = letters_span(app, dialog, "mines", 0, 2)
    navy = navy_columns(app, dialog, "mines")
    assert min(navy) <= left and right - 1 <= max(navy) < right + 1   # "12", not the 3
    type_text(app, "4")
    assert dialog.fields["mines"].text == "43"
    key(app, pygame.K_LEFT, pygame.KMOD_SHIFT)           # [4]3
    type_text(app, "5")
    assert dialog.fields["mines"].text == "53"
    key(app, pygame.K_END, pygame.KMOD_SHIFT)            # 5[3]
    key(app, pygame.K_LEFT)                              # an arrow: to the selection's start
    type_text(app, "0")
    assert dialog.fields["mines"].text == "503"
    key(app, pygame.K_HOME)
    key(app, pygame.K_RIGHT, pygame.KMOD_SHIFT)          # [5]03
    key(app, pygame.K_DELETE)
    key(app, pygame.K_RETURN)
    assert app.top is app.play and app.play.field.mines == 3


@pytest.mark.parametrize("scale", [1, 3])
def test_the_letters_outside_a_selection_stay_black_on_white(scale):
    """Only the letters selected are drawn white on navy: those either
    side keep their black ink on the box's white (drawn white too, they
    vanished into it)."""
    app = make_app(scale=scale)
    dialog = type_in_mines(app, "123")
    key(app, pygame.K_LEFT)                              # 12|3
    key(app, pygame.K_LEFT, pygame.KMOD_SHIFT)           # 1[2]3
    app.invalidate()
    app.step()
    box, line = dialog.screen_rect(dialog.fields["mines"]), app.painter.line_height()
    top = box.centery - line // 2

    def inks(start, end, less=0):
        left, right = letters_span(app, dialog, "mines", start, end)
        return {pixel(app, app.viewport.to_display((box.x + x, y)))
                for x in range(left, right - less) for y in range(top, top + line)}

    # (the 1's last column, blank, is the navy one before the selected 2)
    for outside in (inks(0, 1, less=1), inks(2, 3)):
        assert (0, 0, 0) in outside and (0, 0, 128) not in outside
    assert {(255, 255, 255), (0, 0, 128)} <= inks(1, 2) and (0, 0, 0) not in inks(1, 2)


def test_a_drag_across_letters_selects_them_and_typing_replaces_them():
    app = make_app(scale=2)
    dialog = type_in_mines(app, "123")
    at = along_box(app, dialog, "mines")
    left, right = letters_span(app, dialog, "mines", 1, 3)
    press(app, at(left))                                 # before the 2
    move(app, at(right + 1))                             # past the 3
    release(app, at(right + 1))
    navy = navy_columns(app, dialog, "mines")
    assert navy and left - 1 <= min(navy) and max(navy) >= right - 1
    assert min(navy) > letters_span(app, dialog, "mines", 0, 1)[1] - 2   # the 1 is not
    type_text(app, "7")
    assert dialog.fields["mines"].text == "17"
    move(app, at(0), buttons=(0, 0, 0))                  # the button up: moving selects nothing
    type_text(app, "0")
    assert dialog.fields["mines"].text == "170"


def test_a_double_click_in_a_box_selects_its_number_to_be_typed_over():
    """A number double-clicked had the caret put in it, nothing selected:
    the digits typed next went in beside it (10 and 25 made 1025)."""
    app = make_app(scale=2)
    dialog = open_custom(app)
    box = dialog.screen_rect(dialog.fields["mines"])
    at = app.viewport.to_display((box.x + 5, box.centery))
    for _ in range(2):
        press(app, at)
        release(app, at)
    left, right = letters_span(app, dialog, "mines", 0, 2)
    navy = navy_columns(app, dialog, "mines")
    assert navy and min(navy) <= left and max(navy) >= right - 1
    type_text(app, "25")
    assert dialog.fields["mines"].text == "25"
    press(app, at)                                       # clicks far apart: no double click
    release(app, at)
    app.step(DOUBLE_CLICK_TICKS + 1)
    press(app, at)
    release(app, at)
    assert not navy_columns(app, dialog, "mines")


def test_an_arrow_alone_goes_to_the_selections_end_and_shift_end_selects_to_the_end():
    """The keys of a selection made leftwards: Right alone goes to its right
    end (not one letter past the caret at its left end), Shift+End selects
    from the caret to the end of the text."""
    app = make_app()
    dialog = type_in_mines(app, "123")
    key(app, pygame.K_LEFT)                              # 12|3
    key(app, pygame.K_HOME, pygame.KMOD_SHIFT)           # |[12]3
    key(app, pygame.K_RIGHT)                             # 12|3
    type_text(app, "0")
    assert dialog.fields["mines"].text == "1203"
    key(app, pygame.K_HOME)
    key(app, pygame.K_RIGHT)                             # 1|203
    key(app, pygame.K_END, pygame.KMOD_SHIFT)            # 1[203]|
    type_text(app, "5")
    assert dialog.fields["mines"].text == "15"


def test_backspace_after_a_selection_taken_back_to_nothing_removes_one_letter():
    """Shift+Left then Shift+Right leave the selection empty, its start
    kept: Backspace then removes the letter before the caret, and selects
    nothing (what is typed next goes in, replacing no letter)."""
    app = make_app()
    dialog = type_in_mines(app, "123")
    key(app, pygame.K_LEFT)                              # 12|3
    key(app, pygame.K_LEFT, pygame.KMOD_SHIFT)
    key(app, pygame.K_RIGHT, pygame.KMOD_SHIFT)          # 12|3, nothing selected
    key(app, pygame.K_BACKSPACE)                         # 1|3
    type_text(app, "4")
    assert dialog.fields["mines"].text == "143"


def test_a_drag_selects_from_where_it_began_however_many_moves_it_takes():
    """Each move of a drag stretches the selection from the press, not
    from where the previous move left the caret."""
    app = make_app(scale=2)
    dialog = type_in_mines(app, "123")
    at = along_box(app, dialog, "mines")
    spans = [letters_span(app, dialog, "mines", 0, n)[1] for n in range(4)]
    press(app, at(spans[0]))                             # before the 1
    for x in spans[1:]:                                  # letter by letter to past the 3
        move(app, at(x))
    release(app, at(spans[3]))
    type_text(app, "7")
    assert dialog.fields["mines"].text == "7"


@pytest.mark.parametrize("taken", ["notice", "focus"])
def test_a_drag_in_a_box_ends_when_a_notice_or_another_window_takes_the_release(taken):
    """A notice opened over the dialog (the store's) or another window
    takes the button's release: the dialog never saw it, and once back the
    selection went on following the pointer, no button down."""
    app = make_app(scale=2)
    dialog = type_in_mines(app, "123")
    at = along_box(app, dialog, "mines")
    press(app, at(letters_span(app, dialog, "mines", 0, 3)[1]))         # after the 3
    if taken == "notice":
        app.push(NoticeDialog(app, "The records cannot be saved."))
        app.step()
        key(app, pygame.K_RETURN)
    else:
        post(pygame.WINDOWFOCUSLOST)
        app.step()
        post(pygame.WINDOWFOCUSGAINED)
        app.step()
    assert app.top is dialog
    move(app, at(0), buttons=(0, 0, 0))
    type_text(app, "4")
    assert dialog.fields["mines"].text == "1234"


def test_a_zoom_in_the_middle_of_a_drag_in_a_box_stops_it_without_a_traceback():
    """The box dragged in is made anew by the zoom's layout: kept, the old
    one took the moves unseen, and once its caret differed from the new
    box's, it was looked for among the dialog's widgets (ValueError)."""
    app = make_app(scale=2)
    dialog = type_in_mines(app, "123")
    box = dialog.screen_rect(dialog.fields["mines"])
    press(app, app.viewport.to_display((box.x + TEXT_X, box.centery)))
    press_and_let_go(app, pygame.K_MINUS, pygame.KMOD_CTRL)
    assert app.viewport.scale == 1
    box = dialog.screen_rect(dialog.fields["mines"])
    for x in (box.centerx, box.right - 3):
        move(app, app.viewport.to_display((x, box.centery)))
    release(app, app.viewport.to_display((box.right - 3, box.centery)))
    type_text(app, "7")                  # the caret the press put, before the 1
    assert app.top is dialog and dialog.fields["mines"].text == "7123"


def caret_after_12_and_the_point_before_the_1():
    """Custom Field at scale 2, 123 typed in Mines and the caret moved back
    before the 3; with the point (on the display) just before the 1."""
    app = make_app(scale=2)
    dialog = type_in_mines(app, "123")
    key(app, pygame.K_LEFT)
    box = dialog.screen_rect(dialog.fields["mines"])
    at = app.viewport.to_display((box.x + letters_span(app, dialog, "mines", 0, 0)[0],
                                  box.centery))
    return app, dialog, at


def test_a_click_with_shift_held_selects_from_the_caret_to_it():
    """Shift+click put the caret and selected nothing, though Windows text
    boxes (and the box's own docstring) select from the caret to it."""
    app, dialog, at = caret_after_12_and_the_point_before_the_1()
    pygame.key.set_mods(pygame.KMOD_LSHIFT)
    try:
        press(app, at)
        release(app, at)
    finally:
        pygame.key.set_mods(0)
    left, right = letters_span(app, dialog, "mines", 0, 2)
    navy = navy_columns(app, dialog, "mines")
    assert navy and min(navy) <= left and right - 1 <= max(navy) < right + 1   # "12", not the 3
    type_text(app, "4")
    assert dialog.fields["mines"].text == "43"


def test_a_quick_shift_click_selects_though_shift_is_up_before_the_frame_reads_it():
    """Shift down, the press, Shift up, all in one frame (a quick
    Shift+click, or a frame that came late): the press read SDL's Shift as
    it was after the frame's last event, up, and only moved the caret."""
    app, dialog, at = caret_after_12_and_the_point_before_the_1()
    for kind, mod in ((pygame.KEYDOWN, pygame.KMOD_LSHIFT), (None, 0), (pygame.KEYUP, 0)):
        if kind is None:
            post(pygame.MOUSEBUTTONDOWN, button=LEFT, pos=at)
        else:
            post(kind, key=pygame.K_LSHIFT, mod=mod, unicode="", scancode=0)
    app.step()
    release(app, at)
    type_text(app, "4")
    assert dialog.fields["mines"].text == "43"


def test_two_quick_clicks_on_different_letters_put_the_caret_and_select_nothing():
    """A press soon after another anywhere in the box was a double click:
    a click after the 3, then one quickly between the 1 and the 2 to type
    there, selected the whole number, and the 5 typed replaced it."""
    app = make_app(scale=2)
    dialog = type_in_mines(app, "123")
    at = along_box(app, dialog, "mines")
    for x in letters_span(app, dialog, "mines", 1, 3)[::-1]:             # after the 3, the 1
        press(app, at(x))
        release(app, at(x))
    assert not navy_columns(app, dialog, "mines")
    type_text(app, "5")
    assert dialog.fields["mines"].text == "1523"


def test_a_third_quick_click_puts_the_caret_as_in_windows():
    """The click after a double click is a click: the caret goes where it
    points, and the word it selected is let go."""
    app = make_app(scale=2)
    dialog = open_custom(app)
    box = dialog.screen_rect(dialog.fields["mines"])
    at = app.viewport.to_display((box.x + 4, box.centery))               # before the 1 of 10
    for _ in range(3):
        press(app, at)
        release(app, at)
    assert not navy_columns(app, dialog, "mines")
    type_text(app, "2")
    assert dialog.fields["mines"].text == "210"


def test_enter_accepts_the_dialog():
    app = make_app()
    open_custom(app)
    clear_and_type(app, "10")
    key(app, pygame.K_RETURN)
    assert app.top is app.play and app.play.field.height == 10


def test_out_of_range_values_show_the_engine_message_and_change_nothing():
    app = make_app()
    dialog = open_custom(app)
    key(app, pygame.K_TAB)
    clear_and_type(app, "200")
    key(app, pygame.K_RETURN)
    assert app.top is dialog
    assert dialog.error == "width must be from 8 to 100, not 200"
    assert app.play.field.width == 9 and app.settings.level == "beginner"
    texts = [w.text for w in dialog.widgets if hasattr(w, "text")]
    assert "Width must be from 8 to 100, not 200." in texts      # said as a sentence
    # The message is drawn in red inside the dialog.
    r = app.painter.px(dialog.rect)
    reds = sum(1 for x in range(r.x, r.right) for y in range(r.y, r.bottom)
               if tuple(app.display.surface.get_at((x, y)))[:3] == (192, 0, 0))
    assert reds > 20


@pytest.mark.parametrize("box, typed, error", [
    ("width", "120", "width must be from 8 to 100, not 120"),
    ("height", "", "type a number for the height"),
])
def test_a_refusal_gives_the_focus_to_the_box_it_is_about_its_text_selected(box, typed, error):
    """Enter in Mines with a width of 120: the focus stayed in Mines, and
    the number typed next, meant for the width, replaced the mines."""
    app = make_app(scale=2)
    dialog = open_custom(app)
    for _ in range(FIELDS.index(box)):
        key(app, pygame.K_TAB)
    clear_and_type(app, typed)
    while dialog.focused is not dialog.fields["mines"]:
        key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert dialog.error == error
    field = app.painter.px(dialog.screen_rect(dialog.fields[box]))
    if typed:                                      # drawn selected: white on navy
        assert pixel(app, (field.x + 8, field.centery)) == (0, 0, 128)
    type_text(app, "30")
    key(app, pygame.K_RETURN)
    f = app.play.field
    assert app.top is app.play and (getattr(f, box), f.mines) == (30, 10)


@pytest.mark.parametrize("height, width, error", [
    ("5", "0", "height must be from 8 to 100, not 5"),
    ("", "", "type a number for the height"),
    ("5", "", "height must be from 8 to 100, not 5"),
])
def test_with_both_sides_wrong_the_height_the_first_box_is_named_first(height, width, error):
    """The engine checks the width first: the dialog named the width, its
    second box, and gave it the focus, the wrong height above it left for
    the next refusal."""
    app = make_app(scale=2)
    dialog = open_custom(app)
    clear_and_type(app, height)
    key(app, pygame.K_TAB)
    clear_and_type(app, width)
    key(app, pygame.K_RETURN)
    assert dialog.error == error
    assert dialog.focused is dialog.fields["height"]
    field = app.painter.px(dialog.screen_rect(dialog.fields["height"]))
    caret_or_selection = {pixel(app, (x, field.centery)) for x in range(field.x + 4, field.x + 10)}
    assert caret_or_selection & {(0, 0, 0), (0, 0, 128)}    # the focus shows in the height

@pytest.mark.parametrize("zoom", [(pygame.K_EQUALS, pygame.KMOD_CTRL), (pygame.K_F11, 0)])
def test_sizes_typed_stay_typed_through_a_zoom_or_fullscreen(zoom):
    """The dialog is laid out again at the new scale: it was rebuilt from
    the values it opened with, and the sizes typed were lost."""
    app = make_app()
    dialog = open_custom(app)
    type_text(app, "20")
    key(app, pygame.K_TAB)
    type_text(app, "30")
    key(app, *zoom)
    assert app.top is dialog and app.viewport.scale > 1
    assert [dialog.fields[n].text for n in FIELDS] == ["20", "30", "10"]
    key(app, pygame.K_RETURN)
    f = app.play.field
    assert app.top is app.play and (f.height, f.width, f.mines) == (20, 30, 10)


def press_and_let_go(app, k, mod):
    """``k`` pressed with ``mod`` held, then both let go (text typed with
    Ctrl still down is no typing)."""
    post(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)
    post(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0)
    post(pygame.KEYUP, key=pygame.K_LCTRL, mod=0, unicode="", scancode=0)
    app.step()


@pytest.mark.parametrize("zoom", [(pygame.K_EQUALS, pygame.KMOD_CTRL), (pygame.K_F11, 0)])
def test_a_zoom_between_two_digits_keeps_typing_where_it_was(zoom):
    """Laid out again at the new scale, the box being typed in came back
    all selected: the digit typed next replaced the one typed before (25
    mines asked for became 5)."""
    app = make_app()
    dialog = open_custom(app)
    key(app, pygame.K_TAB)
    type_text(app, "30")
    key(app, pygame.K_TAB)
    type_text(app, "2")                  # over the mines offered, selected
    press_and_let_go(app, *zoom)
    assert app.top is dialog and app.viewport.scale > 1
    type_text(app, "5")
    key(app, pygame.K_LEFT)
    press_and_let_go(app, *zoom)         # and back: the caret stays between the digits
    type_text(app, "0")
    assert dialog.fields["mines"].text == "205"
    key(app, pygame.K_RETURN)
    assert app.top is app.play and app.play.field.mines == 205


@pytest.mark.parametrize("zoom", [(pygame.K_EQUALS, pygame.KMOD_CTRL), (pygame.K_F11, 0)])
def test_digits_selected_stay_selected_through_a_zoom_and_are_typed_over(zoom):
    """Two of three digits selected with Shift, then a zoom or fullscreen:
    the selection is laid out with the box, drawn, and the digit typed
    next replaces it."""
    app = make_app()
    dialog = type_in_mines(app, "123")
    key(app, pygame.K_LEFT, pygame.KMOD_SHIFT)
    key(app, pygame.K_LEFT, pygame.KMOD_SHIFT)           # 1[23]
    press_and_let_go(app, *zoom)
    assert app.top is dialog and app.viewport.scale > 1
    left, right = letters_span(app, dialog, "mines", 1, 3)
    navy = navy_columns(app, dialog, "mines")
    assert navy and min(navy) >= left - 1 and max(navy) >= right - 2
    type_text(app, "5")
    assert dialog.fields["mines"].text == "15"


def test_space_held_on_ok_through_a_zoom_clicks_it_when_it_comes_up():
    """Space held on OK, Ctrl+- meanwhile: the dialog's new OK stood up
    under the key held, and Space's release clicked nothing (the button it
    held was the old layout's)."""
    app = make_app(scale=2)
    dialog = open_custom(app)
    clear_and_type(app, "12")
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)                                       # Shape, Field, then OK
    assert getattr(dialog.focused, "label", "") == "OK"
    post(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)
    app.step()
    press_and_let_go(app, pygame.K_MINUS, pygame.KMOD_CTRL)
    assert app.viewport.scale == 1 and dialog.focused.pressed   # drawn held down
    post(pygame.KEYUP, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)
    app.step()
    assert app.top is app.play and app.play.field.height == 12


def test_too_many_mines_are_refused():
    app = make_app()
    dialog = open_custom(app)
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)
    clear_and_type(app, "999")
    key(app, pygame.K_RETURN)
    assert dialog.error == "mines must be from 1 to 64 on a 9x9 board, not 999"


def test_letters_cannot_be_typed_into_the_number_fields():
    app = make_app()
    dialog = open_custom(app)
    clear_and_type(app, "1a2")
    assert dialog.fields["height"].text == "12"


def test_only_ascii_digits_can_be_typed():
    app = make_app()
    dialog = open_custom(app)
    clear_and_type(app, "²1_٣0١")           # superscript, underscore, Arabic-Indic digits
    assert dialog.fields["height"].text == "10"


@pytest.mark.parametrize("paste", [(pygame.K_v, pygame.KMOD_CTRL),
                                   (pygame.K_INSERT, pygame.KMOD_SHIFT)])
def test_ctrl_v_pastes_into_a_box_as_in_any_windows_text_box(paste):
    """Ctrl+V (or Shift+Insert) did nothing: a size copied from elsewhere
    had to be typed again. What is pasted is what could be typed: its
    first line, the characters the box takes, as many as it has room for."""
    app = make_app()
    open_custom(app)
    pygame.scrap.put_text("12")
    key(app, *paste)                    # over the height, selected as the dialog opened
    key(app, pygame.K_TAB)
    pygame.scrap.put_text("2 0\n30")
    key(app, *paste)
    key(app, pygame.K_TAB)
    pygame.scrap.put_text("3a0")
    key(app, *paste)
    key(app, pygame.K_RETURN)
    f = app.play.field
    assert app.top is app.play and (f.height, f.width, f.mines) == (12, 20, 30)


def test_a_paste_stops_where_the_box_is_full_and_ctrl_alt_v_pastes_nothing():
    """Ctrl+Alt is AltGr on many keyboards: it types a character, never pastes."""
    app = make_app()
    dialog = open_custom(app)
    pygame.scrap.put_text("12")
    key(app, pygame.K_v, pygame.KMOD_CTRL | pygame.KMOD_ALT)
    assert dialog.fields["height"].text == "9"
    pygame.scrap.put_text("123456")
    key(app, pygame.K_v, pygame.KMOD_CTRL)
    assert dialog.fields["height"].text == "1234"


def test_a_paste_reads_no_further_than_the_start_of_a_huge_clipboard():
    """A 10 MB text copied by mistake was sifted whole for the digits it
    held: the window stood still for 0.4 s. A paste reads its first 256
    characters (plenty for a one-line box); digits past them are not pasted."""
    app = make_app()
    dialog = open_custom(app)
    pygame.scrap.put_text("x" * (PASTE_READ - 2) + "12" + "3" * 10_000_000)
    key(app, pygame.K_v, pygame.KMOD_CTRL)
    assert dialog.fields["height"].text == "12"


def _sdl():
    """pygame's own SDL library, to put on the clipboard what pygame.scrap
    cannot: bytes that are not UTF-8."""
    here = Path(pygame.__file__).parent
    found = [*here.parent.glob("pygame_ce.libs/libSDL2-2*"), *here.glob("SDL2.dll"),
             *here.glob(".dylibs/libSDL2*")]
    if not found:
        pytest.skip("pygame's SDL library not found")
    return ctypes.CDLL(str(found[0]))


def test_a_clipboard_that_is_not_utf8_pastes_nothing_and_breaks_nothing():
    """Binary bytes on the clipboard (or Latin-1 offered as UTF-8 text by
    an old X11 program): pygame.scrap.get_text raises UnicodeDecodeError,
    and Ctrl+V in a box brought the whole game down with a traceback."""
    app = make_app()
    dialog = open_custom(app)
    assert _sdl().SDL_SetClipboardText(b"\xff\xfe12\xc3") == 0
    key(app, pygame.K_v, pygame.KMOD_CTRL)
    assert app.top is dialog and dialog.fields["height"].text == "9"
    pygame.scrap.put_text("12")
    key(app, pygame.K_v, pygame.KMOD_CTRL)
    assert dialog.fields["height"].text == "12"


def test_a_value_not_written_in_ascii_digits_is_refused_with_a_clear_message():
    app = make_app()
    dialog = open_custom(app)
    dialog.fields["height"].text = "²²"     # e.g. a value that got past the field
    key(app, pygame.K_RETURN)
    assert app.top is dialog
    assert dialog.error == "height must be a whole number written with the digits 0-9"
    assert app.play.field.height == 9


def test_cancel_and_escape_change_nothing():
    app = make_app()
    dialog = open_custom(app)
    clear_and_type(app, "20")
    pos = button_pos(app, dialog, "Cancel")
    press(app, pos)
    release(app, pos)
    assert app.top is app.play and app.play.field.height == 9
    open_custom(app)
    key(app, pygame.K_ESCAPE)
    assert app.top is app.play


def test_a_dialog_button_needs_press_and_release_on_it():
    app = make_app()
    dialog = open_custom(app)
    press(app, button_pos(app, dialog, "Cancel"))
    release(app, button_pos(app, dialog, "OK"))
    assert app.top is dialog


@pytest.mark.parametrize("side, shape, typed, said", [
    # A French window said "mines must be from 1 to 57 on an 8x8 hex board".
    (8, "hex", "60", "le nombre de mines doit aller de 1 à 57 sur une grille hexagonale 8x8, et non 60"),
    # On a 100x100 board the French window read "de 1 à 9801 ..., et non
    # 9999", where History says "2 000 mines" of the same kind of board.
    (100, "grid", "9999",
     "le nombre de mines doit aller de 1 à 9\u202f801 sur une grille 100x100, et non 9\u202f999")])
def test_too_many_mines_are_refused_in_the_players_language_and_numbers(side, shape, typed, said):
    app = make_app(language="fr", level="custom", custom_width=side, custom_height=side,
                   custom_mines=10, shape=shape)
    dialog = open_custom(app)
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)
    clear_and_type(app, typed)
    key(app, pygame.K_RETURN)
    assert app.top is dialog
    assert dialog.error == said


def test_a_mask_too_small_for_the_grid_is_refused_in_the_players_language():
    """Nine cells take 2 mines on hexagons and none on the grid; switched to
    Grid, a French dialog said "a 9x8 shaped (9 cells) board is too small"."""
    mask = "\n".join(["#########"] + [" " * 9] * 7)
    app = make_app(language="fr", level="custom", custom_width=9, custom_height=8,
                   custom_mines=2, custom_mask=mask, shape="hex")
    dialog = open_custom(app)
    click_button(app, dialog, "Hexagones")          # hexagons -> grid
    click_button(app, dialog, "OK")
    assert app.top is dialog
    assert dialog.error == ("ce champ découpé 9x8 de 9 cases est trop petit\u202f: il lui faut"
                            " plus de cases qu’un premier clic n’en ouvre")


def click_button(app, dialog, label):
    pos = button_pos(app, dialog, label)
    press(app, pos)
    release(app, pos)


def test_cycling_back_to_your_mask_fills_in_its_own_size_and_mines():
    """It kept the field before it (Big M: 30x16, 59 mines), and OK laid 59
    mines on the 13x13 mask."""
    diamond = GALLERY["diamond"]
    app = make_app(level="custom", custom_mask="\n".join(diamond.mask), custom_width=13,
                   custom_height=13, custom_mines=20)
    dialog = open_custom(app)
    assert dialog.field == "mask"
    for _ in dialog.choices:
        click_button(app, dialog, dialog._field_title())
    assert dialog.field == "mask"
    assert [dialog.fields[n].text for n in ("height", "width", "mines")] == ["13", "13", "20"]
    click_button(app, dialog, "OK")
    f = app.play.field
    assert app.top is app.play and (f.width, f.height, f.mines) == (13, 13, 20)
    assert tuple(f.mask) == diamond.mask


def test_your_mask_stays_in_the_dialog_after_a_custom_rectangle_is_played():
    """A custom rectangle forgot your mask: the Field button no longer
    offered it, and a mask read from a file had to be read again."""
    from .helpers import on_disk
    mask = "\n".join(["########", "###  ###", "##    ##", "########"] * 2)
    app = make_app(level="custom", custom_mask=mask, custom_width=8, custom_height=8,
                   custom_mines=6)
    dialog = open_custom(app)
    while dialog.field != "rectangle":
        click_button(app, dialog, dialog._field_title())
    mines = app.viewport.to_display(dialog.screen_rect(dialog.fields["mines"]).center)
    press(app, mines)
    release(app, mines)
    clear_and_type(app, "12")
    click_button(app, dialog, "OK")
    f = app.play.field
    assert f.mask is None and (f.width, f.height, f.mines) == (8, 8, 12)
    dialog = open_custom(app)
    assert "mask" in dialog.choices
    assert on_disk(app).settings.own_mask == mask        # kept across a restart too
    while dialog.field != "mask":
        click_button(app, dialog, dialog._field_title())
    assert [dialog.fields[n].text for n in ("height", "width", "mines")] == ["8", "8", "6"]
    click_button(app, dialog, "OK")
    f = app.play.field
    assert f.mask == mask.split("\n") and f.mines == 6


def shows_red(app, dialog) -> bool:
    r = app.painter.px(dialog.rect)
    return any(tuple(app.display.surface.get_at((x, y)))[:3] == (192, 0, 0)
               for x in range(r.x, r.right) for y in range(r.y, r.bottom))


@pytest.mark.parametrize("button", ["Shape", "Field"])
def test_an_error_goes_when_the_shape_or_field_it_was_about_changes(button):
    """A hexagons error stayed on screen beside Grid."""
    app = make_app(level="custom", custom_width=8, custom_height=8, custom_mines=10,
                   shape="hex")
    dialog = open_custom(app)
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)
    clear_and_type(app, "60")
    key(app, pygame.K_RETURN)
    assert dialog.error and shows_red(app, dialog)
    label = shape_name(dialog.shape) if button == "Shape" else dialog._field_title()
    click_button(app, dialog, label)
    assert dialog.error == "" and not shows_red(app, dialog)


def test_a_shaped_fields_size_is_shown_greyed_and_cannot_be_typed_over():
    """Width 50 and height 40 typed beside Diamond were thrown away on OK."""
    app = make_app()
    dialog = open_custom(app)
    click_button(app, dialog, "Rectangle")          # -> Diamond, 13x13
    width = dialog.fields["width"]
    box = dialog.screen_rect(width)
    press(app, app.viewport.to_display(box.center))
    release(app, app.viewport.to_display(box.center))
    type_text(app, "50")
    assert width.text == "13" and dialog.focused is not width
    assert pixel(app, app.viewport.to_display((box.right - 4, box.centery))) == (192, 192, 192)
    reached = set()
    for _ in dialog.widgets:
        key(app, pygame.K_TAB)
        reached.add(id(dialog.focused))
    assert id(width) not in reached and id(dialog.fields["height"]) not in reached
    assert id(dialog.fields["mines"]) in reached
    click_button(app, dialog, "Diamond")             # -> Heart: still its own size
    assert not dialog.fields["height"].focusable
    while dialog.field != "rectangle":
        click_button(app, dialog, dialog._field_title())
    assert dialog.fields["width"].focusable and dialog.fields["height"].focusable


def label_inks(app, dialog) -> dict[str, set]:
    """The colours each box's label is drawn in, by box."""
    inks = {}
    for name, box in dialog.fields.items():
        label = dialog.widgets[dialog.widgets.index(box) - 1]
        r = app.painter.px(dialog.screen_rect(label))
        inks[name] = {pixel(app, (x, y)) for x in range(r.x, r.right) for y in range(r.y, r.bottom)}
    return inks


@pytest.mark.parametrize("style", ["win31", "xp", "modern"])
def test_the_label_of_a_greyed_box_is_greyed_with_it(style):
    """A shaped field greys its Height and Width, which neither Tab nor
    Alt+H reaches: their labels stayed black, their letters underlined as
    if Alt+H would take the focus there. As Windows greys the label of a
    disabled box, they are greyed with their boxes."""
    app = make_app(style=style)
    dialog = open_custom(app)
    black, grey = (0, 0, 0), (128, 128, 128)
    assert all(black in ink for ink in label_inks(app, dialog).values())
    click_button(app, dialog, "Rectangle")          # -> Diamond: its own size
    inks = label_inks(app, dialog)
    for name in ("height", "width"):
        assert black not in inks[name] and grey in inks[name], name
    assert black in inks["mines"]
    click_button(app, dialog, "Diamond")
    while dialog.field != "rectangle":
        click_button(app, dialog, dialog._field_title())
    assert all(black in ink for ink in label_inks(app, dialog).values())


def test_space_presses_a_button_down_and_clicks_it_on_its_release_as_in_windows():
    """Space clicked at once: the space it typed then went on to the dialog
    the button had opened. Tab with Space down lets the button go, unclicked."""
    app = make_app(scale=2)
    app.commands.run("about")
    app.step()
    about = app.top
    assert isinstance(about, AboutDialog)
    ok = app.painter.px(about.screen_rect(about.focused))
    corner = (ok.x + 4, ok.y + 4)                 # inside the focus frame and the bevel's edge
    assert pixel(app, corner) == (255, 255, 255)           # raised: lit from the top left
    post(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)
    app.step()
    assert app.top is about and pixel(app, corner) == (128, 128, 128)    # held down
    post(pygame.KEYUP, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)
    app.step()
    assert app.top is app.play
    dialog = open_custom(app)
    while getattr(dialog.focused, "label", "") != "Cancel":
        key(app, pygame.K_TAB)
    post(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)
    app.step()
    key(app, pygame.K_TAB)
    post(pygame.KEYUP, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)
    app.step()
    assert app.top is dialog and not any(getattr(w, "pressed", False) for w in dialog.widgets)


def test_ok_is_framed_as_the_default_button_while_the_sizes_are_typed():
    """Windows frames a dialog's default button in black while the focus is
    in a text box (Enter clicks it); ours framed no button, and nothing
    said that Enter meant OK."""
    app = make_app(scale=2)
    dialog = open_custom(app)
    ok, cancel = (app.painter.px(dialog.screen_rect(w)) for w in dialog.widgets
                  if getattr(w, "label", "") in ("OK", "Cancel"))
    left_edge = [pixel(app, (ok.x, y)) for y in range(ok.y + 2, ok.bottom - 2)]
    assert set(left_edge) == {(0, 0, 0)}
    while getattr(dialog.focused, "label", "") != "Cancel":
        key(app, pygame.K_TAB)
    assert pixel(app, (ok.x, ok.centery)) != (0, 0, 0)               # Enter clicks Cancel now
    assert pixel(app, (cancel.x, cancel.centery)) == (0, 0, 0)
