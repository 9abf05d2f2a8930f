"""A game on a seed the player chose (``--seed``) has a board that can be
known before the first click: it goes to the history, marked so, and never
to Best Times or statistics (like an assisted game). The next game, laid
from a seed nobody chose, counts again. Each path with the real store."""

from __future__ import annotations

import pygame
import pytest

from game.store import Store
from game.ui.screens.history import HistoryDialog
from game.ui.screens.names import NameDialog
from game.ui.screens.play import NAME_WAIT_TICKS

from .helpers import click, key, make_app, on_disk

SEED = 5


def win_knowing_the_mines(app) -> None:
    """Open a cell, read where the mines lie, and open every other cell:
    what a player who knows the board does."""
    field = app.play.field
    click(app, (field.width // 2, field.height // 2))
    for y, row in enumerate(app.play.field.layout()):
        for x, c in enumerate(row):
            if c == "." and app.play.field.cell(x, y) == "#":
                click(app, (x, y))
    assert app.play.field.status == "won"
    app.step(NAME_WAIT_TICKS)


@pytest.mark.parametrize("no_guess", [False, True], ids=["uniform", "no-guess"])
def test_a_win_on_a_chosen_seed_goes_to_the_history_only(tmp_path, no_guess):
    """A no-guess board is laid from the seed too, so it is as well known."""
    app = make_app(data_dir=tmp_path, seed=SEED, no_guess=no_guess)
    win_knowing_the_mines(app)
    assert app.top is app.play                       # no name asked
    store = on_disk(app)
    assert store.best_times("beginner") == []
    assert store.statistics("beginner").played == 0
    [game] = store.history()
    assert game.won and game.seed == app.play.field.seed and game.chosen_seed


def test_the_same_seed_played_again_never_makes_a_best_time(tmp_path):
    """Learn the board on a first run, win it in no time on the second."""
    for _run in range(2):
        app = make_app(data_dir=tmp_path, seed=SEED)
        win_knowing_the_mines(app)
        assert app.top is app.play
        app.close()
        app.store.close()
    store = Store(tmp_path)
    assert store.best_times("beginner") == [] and store.statistics("beginner").played == 0
    assert [g.chosen_seed for g in store.history()] == [True, True]


@pytest.mark.parametrize("settings", [{"no_guess": True}, {"level": "diamond"}],
                         ids=["no-guess", "gallery"])
def test_boards_dealt_anew_count_for_best_times(tmp_path, settings):
    """A no-guess board or a gallery field is laid from a seed nobody chose:
    nobody knows it before the first click, and its win is a best time."""
    app = make_app(data_dir=tmp_path, seed=None, **settings)
    win_knowing_the_mines(app)
    assert isinstance(app.top, NameDialog)
    level = settings.get("level", "beginner")
    assert len(on_disk(app).best_times(level)) == 1
    assert on_disk(app).statistics(level).won == 1


def test_the_game_after_a_chosen_seed_counts_again(tmp_path):
    app = make_app(data_dir=tmp_path, seed=SEED)
    key(app, pygame.K_F2)                   # a game laid from a drawn seed
    win_knowing_the_mines(app)
    assert isinstance(app.top, NameDialog)
    store = on_disk(app)
    assert len(store.best_times("beginner")) == 1
    assert store.statistics("beginner").played == 1
    assert [g.chosen_seed for g in store.history()] == [False]


def test_a_chosen_seed_game_left_unfinished_counts_nowhere_either(tmp_path):
    app = make_app(data_dir=tmp_path, seed=SEED)
    click(app, (4, 4))
    key(app, pygame.K_F2)                   # abandoned
    store = on_disk(app)
    assert store.statistics("beginner").played == 0
    assert [(g.result, g.chosen_seed) for g in store.history()] == [("abandoned", True)]


def test_history_says_the_seed_was_chosen(tmp_path):
    app = make_app(data_dir=tmp_path, seed=SEED)
    win_knowing_the_mines(app)
    app.commands.run("history")
    app.step()
    assert isinstance(app.top, HistoryDialog)
    assert f"chosen seed {app.play.field.seed}," in app.top.details.text
