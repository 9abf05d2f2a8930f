"""The app gives screens everything ``game.ui.host`` promises them (the
layers themselves are checked by import-linter: ``lint-imports``)."""

from game.ui.host import CommandRunner, Game, Helper, Host, Stacked
from game.ui.screens.base import Screen

from .helpers import make_app


def test_the_app_is_a_host_to_its_screens():
    app = make_app()
    assert isinstance(app, Host)
    assert isinstance(app.play, Game) and isinstance(app.play.assist, Helper)
    assert isinstance(app.commands, CommandRunner)
    assert isinstance(app.top, Stacked) and isinstance(Screen(app), Stacked)


def test_a_host_missing_what_screens_use_is_not_one():
    app = make_app()

    class Partial:
        settings, store, layout = app.settings, app.store, app.layout

    assert not isinstance(Partial(), Host)
