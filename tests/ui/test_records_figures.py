"""The figures the records show, and the games they count."""

import json
import sqlite3

import pygame
import pytest

from game.engine import Clicks, GameStats
from game.store import GameRecord, Store
from game.ui.render.replay import figures_lines

from .helpers import click, key, make_app


def game(solved: int, clicks: int) -> GameRecord:
    """A win of ``solved`` 3BV in ``clicks`` clicks."""
    return GameRecord(level="beginner", width=9, height=9, mines=10, result="won",
                      time_ms=30_000, bbbv=solved, bbbv_per_s=6.6, clicks=clicks,
                      efficiency=solved / clicks, seed=5, first_click="opening", assisted=False)


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("solved, useful, shown", [
    (199, 200, "99"), (57, 100, "57"), (200, 200, "100"), (230, 200, "115")])
def test_an_efficiency_reads_100_percent_only_when_no_click_was_wasted(
        tmp_path, language, solved, useful, shown):
    """3BV 199 cleared in 200 useful clicks read "eff. 100 %" in History and
    "Eff 100 %" in the replay's figures (rounded to nearest), as if no
    click had been spent in vain; a chord can make it more than 100 %."""
    store = Store(tmp_path)
    store.record_game(game(solved, useful))
    store.close()
    app = make_app(data_dir=tmp_path, language=language)
    app.commands.run("history")
    app.step()
    sign = "\u202f%" if language == "fr" else "\u00a0%"
    assert f"eff.\u00a0{shown}{sign}" in app.top.details.text
    stats = GameStats(199, solved, Clicks(left=useful), 30_000)
    assert figures_lines(stats)[1].endswith(f" {shown}{sign}")


@pytest.mark.parametrize("language, shown", [("en", "1,234.567\u00a0s, "),
                                             ("fr", "1\u202f234,567\u00a0s, ")])
@pytest.mark.parametrize("window", [{"level": "expert"}, {"level": "custom", "custom_width": 8,
                                                          "custom_height": 8, "custom_mines": 9}])
def test_a_best_time_past_999_seconds_is_told_to_the_millisecond(tmp_path, language, shown,
                                                                  window):
    """The Best Times list shows the LED's 999 for a time past it; the
    details, which give the exact time, cut a decimal from 1,000 s on
    ("1,234.57 s"), though a first Expert win often takes that long."""
    store = Store(tmp_path)
    store.add_best_time("expert", "Ann", 1_234_567, 150, 0.12)
    store.close()
    app = make_app(data_dir=tmp_path, language=language, **window)
    app.commands.run("best_times")
    app.step()
    dialog = app.top
    while dialog.level != "expert":
        dialog.turn(1)
        app.step()
    assert dialog.table.rows[0][2] == "999"
    assert dialog.details.text.startswith(shown)
    assert app.layout.window.contains(dialog.rect)


def test_a_game_kept_in_progress_is_kept_assisted_once_the_computer_helped(tmp_path):
    """A game in progress is kept in the records (recorded as abandoned if
    the game is killed) at its first moves and every 10 s of play after:
    one killed less than 10 s after a hint was recorded as the player's
    own, a loss in the statistics, where an assisted game never counts."""
    app = make_app(data_dir=tmp_path, level="expert")
    key(app, pygame.K_F2)                      # dealt, not on the test's chosen seed
    click(app, (15, 8))
    app.step(30)                               # its 3BV counted, the game kept
    assert app.play.field.status == "playing" and not app.play.session.assisted
    key(app, pygame.K_h)
    app.step()
    assert app.play.session.assisted
    app.store.flush()
    with sqlite3.connect(tmp_path / "records.db") as db:
        (kept,), = db.execute("SELECT game FROM unfinished").fetchall()
    assert json.loads(kept)["assisted"] is True
