"""How to Play tells what the game does: its lines checked against the
game's own words for what they name."""

import pytest

from game import i18n
from game.ui.screens.help import HelpScreen, pages

from .helpers import make_app, press, release


@pytest.mark.parametrize("lang, mouse", [("en", "mouse"), ("fr", "souris")])
def test_the_computer_page_says_what_an_assisted_game_loses_and_what_stops_auto_play(lang,
                                                                                       mouse):
    """The page said an assisted game gets "no best time" and that "any key
    or click" stops auto-play. An assisted game counts in no statistics
    either (a player who asked one hint to finish a streak saw it not
    counted), and a move of the mouse stops auto-play too: the page says
    both, naming the Statistics and History dialogs as they are called."""
    make_app(language=lang)
    computer = pages(lambda command: True)[2][1]
    line = next(text for icon, text in computer if icon == "cursor").lower()
    assert i18n._("Statistics").lower() in line
    assert i18n._("History").lower() in line
    assert mouse in line


@pytest.mark.parametrize("lang, tap, rest, button", [
    ("en", "tap", "finger resting", "flag button"),
    ("fr", "appui bref", "doigt maintenu", "bouton drapeau")])
def test_the_mouse_page_tells_a_touch_screen_how_to_flag(lang, tap, rest, button):
    """A finger has no right button: it flags by resting on a square, or
    through the flag button the menu bar shows at its right end. The Help
    said neither, though a kiosk's visitor on a touch screen has nothing
    else to read."""
    make_app(language=lang)
    mouse = pages(lambda command: True)[1][1]
    lines = [text for _icon, text in mouse if tap in text]
    assert len(lines) == 1
    assert rest in lines[0] and button in lines[0] and " M)" in lines[0]


def black_pixels(app, rect) -> bytes:
    """Which display pixels of window ``rect`` are black (the text's), as bytes."""
    area = app.display.surface.subsurface(app.painter.px(rect))
    return bytes(tuple(area.get_at((x, y)))[:3] == (0, 0, 0)
                 for y in range(area.get_height()) for x in range(area.get_width()))


@pytest.mark.parametrize("lang, first, last", [("en", "1 of 4", "4 of 4"),
                                               ("fr", "1 sur 4", "4 sur 4")])
@pytest.mark.parametrize("fullscreen", [False, True])
def test_the_page_number_shows_back_on_the_first_page_going_round_to_the_last(
        lang, first, last, fullscreen):
    # "< Back" on the first page goes round to the last, as "Next >" on
    # the last goes round to the first (Enter reads on and on), and no page
    # number said so: Back from "The goal" seemed to skip to the Keys page.
    app = make_app(style="win31", level="beginner", language=lang, fullscreen=fullscreen)
    app.commands.run("help")
    app.step()
    dialog = app.top
    assert isinstance(dialog, HelpScreen) and dialog.counter.text == first
    where = dialog.screen_rect(dialog.counter)
    heading = dialog.screen_rect(dialog.widgets[0])
    assert where.top == heading.top and where.left > heading.left
    shown = black_pixels(app, where)
    assert any(shown)                                     # drawn, in black
    back = app.painter.px(dialog.screen_rect(dialog.buttons[0])).center
    press(app, back)
    release(app, back)
    app.step()
    assert dialog.page == len(dialog.pages) - 1 and dialog.counter.text == last
    now = black_pixels(app, dialog.screen_rect(dialog.counter))
    assert any(now) and now != shown
