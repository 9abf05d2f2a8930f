"""History: every game kept, newest first, each with its full record."""

import sqlite3
from dataclasses import replace

import pytest

from game.store import HISTORY_LENGTH, GameRecord
from game.store.connection import connect_reader
from game.store.database import NAME
from game.store.ledger import read_history_rows

from .helpers import Clock, game, open_store, reopen


def test_every_field_of_a_game_survives_a_restart(tmp_path):
    record = game("custom", width=45, height=30, mines=300, result="lost", time_ms=61_234,
                  bbbv=345, bbbv_per_s=1.25, clicks=402, efficiency=0.8, seed=2**63 - 1,
                  first_click="classic", assisted=True, date="2026-05-06T07:08:09",
                  chosen_seed=True)
    store = open_store(tmp_path)
    store.record_game(record)
    assert reopen(store).history() == [replace(record, game_id=1)]


def test_the_store_dates_a_game_that_has_no_date(tmp_path):
    clock = Clock()
    store = open_store(tmp_path, clock)
    clock.advance(5)
    store.record_game(game())
    assert store.history()[0].date == "2026-11-22T15:30:05"


def test_every_game_is_kept_and_read_a_page_at_a_time(tmp_path):
    store = open_store(tmp_path)
    for seed in range(HISTORY_LENGTH + 7):
        store.record_game(game(seed=seed))
    assert HISTORY_LENGTH == 500
    again = reopen(store)
    assert again.count_games() == 507
    assert [g.seed for g in again.history()] == list(range(506, 6, -1))     # newest 500
    assert [g.seed for g in again.history(10, 500)] == list(range(6, -1, -1))
    assert [g.seed for g in again.history(3, 1)] == [505, 504, 503]
    assert [g.game_id for g in again.history(2)] == [507, 506]


def test_a_custom_game_shows_its_size_and_a_preset_its_name():
    assert game("custom", width=20, height=12, mines=30).label == "20x12/30"
    assert game("expert").label == "expert"


def test_nulls_are_kept_for_what_was_not_measured(tmp_path):
    record = game(bbbv=None, bbbv_per_s=None, efficiency=None, seed=None, result="abandoned")
    store = open_store(tmp_path)
    store.record_game(record)
    assert reopen(store).history()[0] == replace(record, date="2026-11-22T15:30:00", game_id=1)


@pytest.mark.parametrize("change, field", [
    ({"level": "Medium"}, "level"),
    ({"level": "x" * 30}, "level"),
    ({"time_ms": 10**400}, "time_ms"),
    ({"bbbv_per_s": 10**400}, "bbbv_per_s"),
    ({"efficiency": float("nan")}, "efficiency"),
    ({"seed": 10**50}, "seed"),
    ({"shape": "Hex"}, "shape"),
    ({"game_id": 0}, "game_id"),
    ({"result": "draw"}, "result"),
    ({"first_click": "lucky"}, "first_click"),
    ({"time_ms": -1}, "time_ms"),
    ({"time_ms": 1.5}, "time_ms"),
    ({"clicks": True}, "clicks"),
    ({"efficiency": float("inf")}, "efficiency"),
    ({"seed": "7"}, "seed"),
    ({"assisted": 0}, "assisted"),
    ({"chosen_seed": None}, "chosen_seed"),
    ({"date": "yesterday"}, "date"),
    ({"date": "20261123T140500"}, "date"),   # ISO 8601, but not the form the game writes
    ({"date": "2026-W47-1"}, "date"),
    ({"date": "2026-11-23"}, "date"),
    ({"date": "2026-11-23 14:05:00"}, "date"),
    ({"date": "2026-11-23T14:05:00+01:00"}, "date"),
    ({"date": "2026-11-23T14:05:00.5"}, "date"),
    ({"date": "2026-02-30T14:05:00"}, "date"),
    ({"date": "\u0662\u0660\u0662\u0666-11-23T14:05:00"}, "date"),   # Arabic-Indic digits
    ({"width": 10}, "level"),                 # a beginner board is 9x9
])
def test_a_bad_record_is_refused_with_the_field_named(change, field):
    with pytest.raises(ValueError, match=field):
        game(**change)


def test_a_seed_beyond_64_bits_is_kept(tmp_path):
    store = open_store(tmp_path)
    store.record_game(game(seed=10**30))
    assert reopen(store).history()[0].seed == 10**30


def test_a_game_record_is_immutable():
    with pytest.raises(AttributeError):
        game().time_ms = 1        # type: ignore[misc]
    assert isinstance(game(), GameRecord)


@pytest.mark.parametrize("date", ["20261123T140500", "2026-W47-1", "2026-11-23"])
def test_a_date_in_another_form_in_the_database_is_not_read(tmp_path, date):
    store = open_store(tmp_path)
    for seed in (1, 2):
        store.record_game(game(seed=seed))
    store.close()
    with sqlite3.connect(tmp_path / NAME) as db:
        db.execute("UPDATE games SET date = ? WHERE seed = '2'", (date,))
        db.execute("UPDATE best_times SET date = ? WHERE game_id = 2", (date,))
    db.close()
    again = open_store(tmp_path)
    assert [g.seed for g in again.history()] == [1]
    assert [t.date for t in again.best_times("beginner")] == ["2026-11-22T15:30:00"]


def test_a_byte_of_a_game_that_is_no_utf8_makes_that_game_alone_unreadable(tmp_path):
    """A byte flipped on the disk inside one game's date (the page sound, so
    ``quick_check`` passes): that game alone is "(unreadable)" in History,
    in its place, and nobody is told the records could not be read; a
    name with such a byte is shown with a mark where the byte was. Before,
    Python's sqlite3 refused the whole query: History showed no game at
    all, and Best Times no time."""
    store = open_store(tmp_path)
    for seed in (1, 2, 3):
        won = game(seed=seed, time_ms=9_000 + seed)
        store.record_game(won)
        store.name_best_time(won, "Zoe")
    store.close()
    with sqlite3.connect(tmp_path / NAME) as db:
        db.execute("UPDATE games SET date = CAST(? AS TEXT) WHERE seed = '2'",
                   (b"2026-11-22T15:3\xb1:00",))
        db.execute("UPDATE best_times SET name = CAST(? AS TEXT) WHERE game_id = 1",
                   (b"Zo\xeb",))
    db.close()
    again = open_store(tmp_path)
    assert [g.seed for g in again.history()] == [3, 1]
    assert [t.name for t in again.best_times("beginner")] == ["Zo\ufffd", "Zoe", "Zoe"]
    reader = connect_reader(tmp_path / NAME)
    rows = read_history_rows(reader, 10, 0)
    reader.close()
    assert [row and row.seed for row in rows] == [3, None, 1]
    assert again.notices == []
    again.close()
