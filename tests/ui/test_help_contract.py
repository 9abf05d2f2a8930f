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
