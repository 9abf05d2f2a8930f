"""The records dialogs read off the UI thread (issue 17): they open at once
saying "Loading…", fill in when the answers arrive, never wait for the
writer's fsync, drop the answers of a closed dialog, and page through a big
history as the list reaches it."""

from __future__ import annotations

import sqlite3
import threading
from dataclasses import replace

import pygame
import pytest

from game import i18n
from game.store import Store, ledger, questions
from game.store.connection import connect
from game.store.database import NAME
from game.store.writer import BackgroundWriter, run_in_transaction
from game.ui.screens.history import HistoryDialog
from game.ui.screens.notice import NoticeDialog
from game.ui.screens.records import StatisticsDialog
from game.ui.screens.records_text import LOADING, history_details
from game.ui.widgets import label_height
from tests.store.helpers import game

from .helpers import BOARD_8, HISTORY_FILL_TICKS, click, key, make_app

ANSWER_TIMEOUT = 60.0      # a bound for a shared, busy machine; not a speed test


def texts(dialog) -> list[str]:
    return [w.text for w in dialog.widgets if hasattr(w, "text")]


def lose(app) -> None:
    """Start a game on BOARD_8 and step on its mine: the game is recorded."""
    click(app, (3, 3))
    click(app, (0, 0))
    assert app.play.field.status == "lost"


@pytest.mark.parametrize("language", ["en", "fr"])
def test_history_says_loading_until_its_first_page_arrives(tmp_path, language):
    store = Store(tmp_path)
    for seed in (1, 2):
        store.record_game(game(seed=seed, result="lost"))
    store.close()
    app = make_app(BOARD_8, data_dir=tmp_path, language=language)
    app.commands.run("history")
    app.render()                                   # drawn before any tick took the answer
    dialog = app.top
    assert isinstance(dialog, HistoryDialog)
    assert dialog.table.note == i18n._(LOADING) and dialog.chart.note == LOADING
    assert i18n._(LOADING) == {"en": "Loading…", "fr": "Chargement…"}[language]
    app.step()
    assert [g.seed for g in dialog.games] == [2, 1]
    assert len(dialog.table.rows) == 2 and dialog.table.rows[0][1] == i18n._("Beg")
    assert "seed 2" in dialog.details.text or "graine 2" in dialog.details.text


def test_statistics_show_nothing_but_loading_until_the_records_arrive(tmp_path):
    store = Store(tmp_path)
    store.record_game(game(time_ms=12_000))
    store.close()
    app = make_app(data_dir=tmp_path)
    app.commands.run("statistics")
    app.render()
    dialog = app.top
    assert isinstance(dialog, StatisticsDialog)
    shown = texts(dialog)
    assert shown[shown.index("Games played:") + 1] == ""
    assert [w.note for w in dialog.widgets if hasattr(w, "note")] == [LOADING]
    app.step()
    shown = texts(dialog)
    assert shown[shown.index("Games played:") + 1] == "1"
    [chart] = [w for w in dialog.widgets if hasattr(w, "note")]
    assert [w.time_ms for w in chart.wins] == [12_000] and chart.best_ms == 12_000


def test_best_times_say_loading_until_they_arrive(tmp_path):
    store = Store(tmp_path)
    store.add_best_time("beginner", "Ann", 9_400, 20, 2.1)
    store.close()
    app = make_app(data_dir=tmp_path)
    app.commands.run("best_times")
    app.render()
    dialog = app.top
    assert (dialog.table.rows, dialog.table.note) == ([], "Loading…") and dialog.details.text == ""
    app.step()
    assert dialog.table.rows == [("1.", "Ann", "10")] and "9.400\u00a0s" in dialog.details.text


@pytest.mark.parametrize("background", [False, True], ids=["sync", "thread"])
def test_an_answer_for_a_closed_dialog_is_dropped(tmp_path, background):
    app = make_app(data_dir=tmp_path, background_reads=background)
    app.commands.run("history")
    dialog = app.top
    key(app, pygame.K_ESCAPE)                      # closed before its answer was taken
    assert app.top is app.play
    assert app.reader.wait(ANSWER_TIMEOUT)
    dialog.update()                                # a late tick of the closed dialog
    assert not dialog.games.loaded and dialog.reads.take() == []


@pytest.fixture
def held_writer(monkeypatch):
    """The store's writer held in its next game's transaction (a slow fsync)
    until the test sets the returned event; the writer's flush fails the
    test when the UI thread calls it."""
    release = threading.Event()
    real_insert, real_flush = ledger.insert_game, BackgroundWriter.flush
    flushed_by_ui: list[str] = []

    def insert_game(db, record, **kwargs):
        release.wait(ANSWER_TIMEOUT)
        return real_insert(db, record, **kwargs)

    def flush(writer):
        if threading.current_thread() is threading.main_thread() and not release.is_set():
            flushed_by_ui.append("flush")
            return False                           # never hang the test: fail it below
        return real_flush(writer)

    monkeypatch.setattr(ledger, "insert_game", insert_game)
    monkeypatch.setattr(BackgroundWriter, "flush", flush)
    yield release, flushed_by_ui
    release.set()


def test_history_opens_at_once_while_the_game_just_ended_is_being_written(tmp_path,
                                                                           held_writer):
    release, flushed_by_ui = held_writer
    app = make_app(BOARD_8, data_dir=tmp_path, background_reads=True)
    lose(app)                                      # its record waits in the writer
    app.commands.run("history")
    app.step(10)
    dialog = app.top
    assert isinstance(dialog, HistoryDialog) and flushed_by_ui == []
    assert (dialog.table.rows, dialog.table.note) == ([], "Loading…")    # the reader waits for that write
    release.set()
    assert app.reader.wait(ANSWER_TIMEOUT)
    app.step()
    assert [g.result for g in dialog.games] == ["lost"]      # read your writes
    assert dialog.table.rows[0][2] == "lost" and flushed_by_ui == []


def test_an_unreadable_database_is_told_once_and_history_says_no_games(tmp_path, monkeypatch):
    def broken(*args):
        raise sqlite3.DatabaseError("database disk image is malformed")

    for read in ("count_games", "read_history", "read_history_rows", "read_best_times"):
        monkeypatch.setattr(ledger, read, broken)
    app = make_app(data_dir=tmp_path, background_reads=True)
    app.commands.run("history")
    app.step()                                     # the chart's Best Times asked too
    assert app.reader.wait(ANSWER_TIMEOUT)
    app.step(2)
    assert isinstance(app.top, NoticeDialog) and "malformed" in app.top.text
    key(app, pygame.K_RETURN)                      # the notice read...
    assert app.reader.wait(ANSWER_TIMEOUT)
    app.step(2)
    assert isinstance(app.top, HistoryDialog)      # ...was said once
    assert (app.top.table.rows, app.top.table.note) == ([], "No games yet")


def test_an_unreadable_game_is_shown_as_such_in_its_own_row(tmp_path):
    store = Store(tmp_path)
    for seed in range(1, 6):
        store.record_game(game(seed=seed, result="lost"))
    store.close()
    with sqlite3.connect(tmp_path / NAME) as db:          # the two newest spoilt by hand
        db.execute("UPDATE games SET date = 'bad' WHERE id = 5")
        db.execute("UPDATE games SET time_ms = -5 WHERE id = 4")
    db.close()
    app = make_app(BOARD_8, data_dir=tmp_path)
    app.commands.run("history")
    app.step()
    dialog = app.top
    unreadable = ("", "(unreadable)", "", "")
    assert dialog.table.rows[:2] == [unreadable, unreadable]
    assert [g.seed for g in dialog.games[2:]] == [3, 2, 1]
    assert unreadable not in dialog.table.rows[2:]
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    assert "seed 3," in dialog.details.text              # the row selected is the game shown


def test_an_unreadable_game_is_said_whole_in_the_narrowest_window_in_french(tmp_path):
    """It sat in the board's column, which an 8x8 window gives a few
    letters: French read "(illi…". It runs on over its row's empty columns."""
    store = Store(tmp_path)
    for seed in range(1, 4):
        store.record_game(game(seed=seed, result="lost"))
    store.close()
    with sqlite3.connect(tmp_path / NAME) as db:
        db.execute("UPDATE games SET date = 'bad' WHERE id = 2")        # the second row
    db.close()
    app = make_app(data_dir=tmp_path, language="fr", level="custom", custom_width=8,
                   custom_height=8, custom_mines=10)
    app.commands.run("history")
    app.step()
    table = app.top.table
    assert table.rows[1][1] == "(illisible)"
    box = app.top.screen_rect(table)
    row = pygame.Rect(box.x + 3, box.y + 2 + table.row_h, box.w - 6, table.row_h)
    area = app.display.surface.subsurface(app.painter.px(row))
    inked = [x for x in range(area.get_width())
             if any(area.get_at((x, y))[:3] == (0, 0, 0) for y in range(area.get_height()))]
    shown = (inked[-1] - inked[0] + 1) / app.viewport.scale
    assert shown >= app.painter.text_width("(illisible)") - 1


HISTORY_GAMES = 20_000


def test_a_big_history_opens_with_one_page_and_reads_the_others_as_they_are_shown(
        tmp_path, monkeypatch):
    Store(tmp_path).close()
    db = connect(tmp_path / NAME)
    record = replace(game(result="lost"), date="2026-11-23T12:00:00")
    run_in_transaction(db, lambda db: [ledger.insert_game(db, replace(record, seed=seed))
                                       for seed in range(HISTORY_GAMES)])
    db.close()
    asked = []
    real = questions.history
    monkeypatch.setattr(questions, "history",
                        lambda limit, offset: asked.append((limit, offset)) or real(limit, offset))
    app = make_app(BOARD_8, data_dir=tmp_path)
    app.commands.run("history")
    app.step(HISTORY_FILL_TICKS)
    dialog = app.top
    assert len(dialog.table.rows) == HISTORY_GAMES and asked == []   # the first page only
    assert dialog.table.rows[-1] == ("", "Loading…", "", "")         # not read yet
    key(app, pygame.K_END)
    assert asked == [(100, HISTORY_GAMES - 100)]
    assert "seed 0," in dialog.details.text                   # the very first game
    assert dialog.table.rows[-1][2] == "lost"


def test_history_opened_after_the_records_were_deleted_says_no_games_without_a_notice(
        tmp_path):
    """records.db deleted while the game ran (to start afresh): View ▸ History…
    told "no such table: games" as if the records were damaged."""
    store = Store(tmp_path)
    store.record_game(game(seed=1, result="lost"))
    store.close()
    app = make_app(BOARD_8, data_dir=tmp_path, background_reads=True)
    for name in (NAME, NAME + "-wal", NAME + "-shm"):
        (tmp_path / name).unlink(missing_ok=True)
    app.commands.run("history")
    app.step()
    assert app.reader.wait(ANSWER_TIMEOUT)
    app.step(2)
    assert isinstance(app.top, HistoryDialog)
    assert (app.top.table.rows, app.top.table.note) == ([], "No games yet")


def counting_details(monkeypatch) -> list[int]:
    """History's games whose details it makes, counted as it makes them."""
    from game.ui.screens import history
    made = [0]
    real = history.history_details

    def details(game):
        made[0] += 1
        return real(game)

    monkeypatch.setattr(history, "history_details", details)
    return made


def history_of_a_long_game_and_newer_ones(tmp_path) -> None:
    """The records of an hour-long 100x100 game with all there is to say,
    then of a hundred short Beginner games less one: the long one is the
    oldest of the newest hundred History measures."""
    long = game("custom", width=100, height=100, mines=2000, time_ms=3_599_999, seed=123_456_789,
                result="lost", bbbv=12_345, bbbv_per_s=1.234, clicks=23_456, shape="torus",
                style="win31", chosen_seed=True, assisted=True)
    store = Store(tmp_path)
    store.record_game(long)
    for seed in range(HistoryDialog.SAMPLE - 1):
        store.record_game(game(seed=seed))
    store.close()


@pytest.mark.parametrize("window", ["expert", "8x8"])
def test_history_measures_its_first_pages_details_a_share_a_tick_then_shows_the_list(
        tmp_path, monkeypatch, window):
    """The details of the first page's hundred games, measured in the frame
    it arrived in with the whole layout, took most of a 60 Hz frame on a slow
    machine: they are measured a share a tick, the list saying "Loading…"
    meanwhile, then it is laid out once, as tall as the tallest of them (in
    the 8x8 window the full dialog scrolls, the empty one did not: its
    narrower details are measured again in the last tick)."""
    history_of_a_long_game_and_newer_ones(tmp_path)
    made = counting_details(monkeypatch)
    app = (make_app(BOARD_8, data_dir=tmp_path) if window == "8x8"
           else make_app(data_dir=tmp_path, level="expert"))
    app.commands.run("history")
    dialog = app.top
    per_tick = []
    for _ in range(HISTORY_FILL_TICKS - 1):
        made[0] = 0
        app.step()
        per_tick.append(made[0])
        assert dialog.filling and (dialog.table.rows, dialog.table.note) == ([], "Loading…")
        assert "Watch" not in [getattr(w, "label", "") for w in dialog.widgets]
    assert per_tick == [HistoryDialog.MEASURED_PER_TICK] * (HISTORY_FILL_TICKS - 1)
    app.step()
    assert not dialog.filling and len(dialog.table.rows) == HistoryDialog.SAMPLE
    assert "Watch" in [getattr(w, "label", "") for w in dialog.widgets]
    w = dialog.details.rect.w
    newest, long = dialog.games[0], dialog.games[HistoryDialog.SAMPLE - 1]
    assert newest is not None and long is not None and long.assisted
    tallest = label_height(app.painter, history_details(long), w)
    assert tallest > label_height(app.painter, history_details(newest), w)    # it tells
    assert dialog.detail_h == tallest
    assert dialog.chart.rect.y == dialog.details.rect.y + tallest + 4


def test_history_laid_out_again_while_filling_measures_no_more_in_that_tick(
        tmp_path, monkeypatch):
    """A layout while the details are being measured (the window resized,
    another language) keeps saying "Loading…" rather than measuring the rest
    at once; the list still shows once they are all measured."""
    history_of_a_long_game_and_newer_ones(tmp_path)
    made = counting_details(monkeypatch)
    app = make_app(BOARD_8, data_dir=tmp_path)
    app.commands.run("history")
    dialog = app.top
    app.step()
    made[0] = 0
    dialog.relayout()
    app.step()
    assert made[0] == HistoryDialog.MEASURED_PER_TICK and dialog.table.note == "Loading…"
    app.step(HISTORY_FILL_TICKS)
    assert len(dialog.table.rows) == HistoryDialog.SAMPLE
