"""How to Play tells what the game does: its lines checked against the
game's own words for what they name."""

import pytest

from game import i18n
from game.ui.screens.help import pages

from .helpers import make_app


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
    ("fr", "tapotement", "doigt posé", "bouton drapeau")])
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
