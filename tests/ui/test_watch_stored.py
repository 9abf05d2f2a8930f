"""History's Watch: the replay loader's process reads the game's replay from
the records file itself, so that no replay text is handed over from the
window's thread (a 1.6 MB one held the window 170 ms as that process started)."""

from __future__ import annotations

from datetime import datetime, timedelta

import pygame
import pytest

from game.ui.hit import OUTSIDE
from game.ui.jobs import ReplayJob
from game.ui.list_view import ROW_H
from game.ui.recording import game_record
from game.ui.screens.history import HistoryDialog
from game.ui.screens.notice import NoticeDialog
from game.ui.screens.records import StatisticsDialog
from game.ui.screens.watch import ReplayScreen

from .helpers import (
    BOARD_8,
    HISTORY_FILL_TICKS,
    LEFT,
    cell_pos,
    click,
    key,
    make_app,
    post,
    press,
    release,
    sdl_tap,
)
from .test_records import press_button
from .test_replays import HeldWorker, win


def history_with_a_won_game(tmp_path, loader=None):
    """An app whose History dialog lists one won game kept with its replay."""
    app = make_app(BOARD_8, data_dir=tmp_path, loader=loader)
    win(app)
    app.commands.run("history")
    app.step()
    assert isinstance(app.top, HistoryDialog) and app.top.games.loaded
    return app


def test_watch_asks_the_loader_for_the_game_in_the_records_file_not_its_text(tmp_path):
    held = HeldWorker()
    app = history_with_a_won_game(tmp_path, held)
    newest = app.store.history()[0]
    press_button(app, app.top, "Watch")
    assert isinstance(app.top, HistoryDialog)               # open until the viewer opens
    [(_tag, job)] = held.jobs
    assert job == ReplayJob(database=str(app.store.database_path), game_id=newest.game_id)
    held.answer()
    app.step(3)
    assert isinstance(app.top, ReplayScreen) and app.top.replay == app.last_replay
    key(app, pygame.K_ESCAPE)
    assert app.top is app.play


def test_a_replay_asked_for_then_left_for_another_dialog_is_dropped(tmp_path):
    held = HeldWorker()
    app = history_with_a_won_game(tmp_path, held)
    press_button(app, app.top, "Watch")
    app.commands.run("statistics")                          # the player moved on
    held.answer()
    app.step(3)
    assert isinstance(app.top, StatisticsDialog) and not app.replays.waiting


def test_a_double_click_on_a_game_watches_it(tmp_path):
    held = HeldWorker()
    app = history_with_a_won_game(tmp_path, held)
    box = app.top.screen_rect(app.top.table)
    row = app.viewport.to_display((box.centerx, box.y + 2 + ROW_H // 2))     # the newest game
    for _ in range(2):
        press(app, row)
        release(app, row)
    assert isinstance(app.top, HistoryDialog) and len(held.jobs) == 1
    held.answer()
    app.step(3)
    assert isinstance(app.top, ReplayScreen)


def test_watching_a_game_kept_without_replay_says_only_that(tmp_path):
    app = make_app(BOARD_8, data_dir=tmp_path)
    win(app)
    app.store.record_game(game_record(app.play.session, "won"))     # a tool's game, no replay
    app.commands.run("history")
    app.step()
    press_button(app, app.top, "Watch")                       # told at once, no load asked
    assert isinstance(app.top, NoticeDialog) and app.top.text == "This game has no replay."


def test_records_kept_in_memory_hand_the_loader_the_replay_text(tmp_path):
    """No records file for the loader's process to read: the text goes to it."""
    taken = tmp_path / "a file"
    taken.write_text("not a folder")
    held = HeldWorker()
    app = make_app(BOARD_8, data_dir=taken, loader=held)
    while app.top is not app.play:                          # "cannot save"
        key(app, pygame.K_ESCAPE)
    win(app)
    app.commands.run("history")
    app.step()
    press_button(app, app.top, "Watch")
    [(_tag, job)] = held.jobs
    assert job.database is None and job.text is not None
    held.answer()
    app.step(3)
    assert isinstance(app.top, ReplayScreen) and app.top.replay == app.last_replay


def test_records_deleted_while_history_is_open_give_no_replay_and_no_new_file(tmp_path):
    """The loader's process opening a records file deleted mid-session made
    it again, empty, and said SQLite's "no such table: replays" in English."""
    app = history_with_a_won_game(tmp_path)
    app.store.flush()
    for path in tmp_path.glob("records.db*"):
        path.unlink()
    press_button(app, app.top, "Watch")
    app.step()
    assert isinstance(app.top, NoticeDialog) and app.top.text == "This game has no replay."
    assert not (tmp_path / "records.db").exists()


def history_over_a_game_in_progress(tmp_path, loader):
    """History over an Expert game under way (its first rows lie over the
    board), listing a won game kept with its replay; and its first row."""
    app = make_app(BOARD_8, data_dir=tmp_path, loader=loader)
    win(app)
    app.commands.run("level_expert")
    app.step()
    click(app, (29, 15))
    assert app.play.field.status == "playing"
    app.commands.run("history")
    app.step()
    box = app.top.screen_rect(app.top.table)
    return app, app.viewport.to_display((box.centerx, box.y + 2 + ROW_H // 2))


@pytest.mark.parametrize("copy_first", [True, False])
def test_a_double_tap_on_a_game_watches_it_and_leaves_the_board_alone(tmp_path, copy_first):
    """The second tap's mouse copy closed History (to watch the game), and its
    finger, reaching the board, pressed what lay under the row: here the
    face, which abandoned the game in progress for a new one."""
    held = HeldWorker()
    app, row = history_over_a_game_in_progress(tmp_path, held)
    assert app.play.target(row).kind != OUTSIDE.kind               # the row is over the board
    board = app.play.field.view()
    for _ in range(2):
        sdl_tap(app, row, copy_first=copy_first)
    assert app.play.field.status == "playing" and app.play.field.view() == board
    held.answer()
    app.step(3)
    assert isinstance(app.top, ReplayScreen)
    key(app, pygame.K_ESCAPE)
    assert app.play.field.status == "playing" and app.play.field.view() == board
    assert [g.result for g in app.store.history()] == ["won"]       # nothing abandoned


def test_a_replay_that_comes_while_the_finger_is_down_leaves_the_next_tap_to_the_board(tmp_path):
    """The rest of the double tap went to the viewer; the board, still
    waiting for it, swallowed the first tap after the viewer closed."""
    held = HeldWorker()
    app, row = history_over_a_game_in_progress(tmp_path, held)
    sdl_tap(app, row)
    w, h = app.display.surface.get_size()
    finger = {"x": row[0] / w, "y": row[1] / h, "dx": 0.0, "dy": 0.0, "finger_id": 1,
              "touch_id": 1, "pressure": 1.0}
    post(pygame.MOUSEBUTTONDOWN, button=LEFT, pos=row, touch=True)
    post(pygame.FINGERDOWN, **finger)
    app.step()
    held.answer()                                                 # the replay comes
    app.step(3)
    assert isinstance(app.top, ReplayScreen)
    post(pygame.MOUSEBUTTONUP, button=LEFT, pos=row, touch=True)  # the finger lifts there
    post(pygame.FINGERUP, **finger)
    app.step()
    key(app, pygame.K_ESCAPE)
    assert app.top is app.play
    sdl_tap(app, cell_pos(app, (0, 15)))
    assert app.play.field.cell(0, 15) != "#"


def test_a_game_and_its_replay_carry_one_date_by_the_store_s_clock(tmp_path):
    """The records date a game by the store's clock and the replay took its
    own: a second ticking between the two gave them different dates."""
    app = make_app(BOARD_8, data_dir=tmp_path)
    seconds = iter(range(1, 10_000))
    app.store._now = lambda: datetime(2001, 2, 3, 4, 5, 0) + timedelta(seconds=next(seconds))
    win(app)
    app.step(3)
    kept = app.store.history()[0]
    assert kept.date is not None and kept.date.startswith("2001-02-03T04:05:")
    assert app.last_replay.date == kept.date


def test_no_replay_is_told_over_history_which_keeps_its_place(tmp_path):
    """History closed before saying the game had no replay: the player lost
    the row and the scroll they had reached. The notice shows over History,
    and History is there as it was once it is dismissed."""
    held = HeldWorker()
    app = make_app(BOARD_8, data_dir=tmp_path, loader=held)
    win(app)
    for _ in range(30):                                  # a tool's games, no replay
        app.store.record_game(game_record(app.play.session, "won"))
    app.commands.run("history")
    app.step(HISTORY_FILL_TICKS)
    history = app.top
    assert isinstance(history, HistoryDialog) and history.table.overflows
    history.table.select(20)
    history.changed()
    place = (history.table.selected, history.table.top)
    press_button(app, history, "Watch")
    assert app.top is history                            # still there while the loader reads
    held.answer()
    app.step(3)
    assert isinstance(app.top, NoticeDialog) and app.top.text == "This game has no replay."
    assert app.stack[-2] is history
    key(app, pygame.K_RETURN)
    app.step()
    assert app.top is history and (history.table.selected, history.table.top) == place

