"""History: the last 500 games, newest first, each with its full record."""

from dataclasses import replace

import pytest

from game.store import HISTORY_LENGTH, GameRecord, history

from .helpers import Clock, game, open_store, write_history


def test_every_field_of_a_game_survives_a_restart(tmp_path):
    record = game("custom", width=45, height=30, mines=300, result="lost", time_ms=61_234,
                  bbbv=345, bbbv_per_s=1.25, clicks=402, efficiency=0.8, seed=2**63 - 1,
                  first_click="classic", assisted=True, date="2026-05-06T07:08:09")
    open_store(tmp_path).record_game(record)
    assert open_store(tmp_path).history() == [record]


def test_the_store_dates_a_game_that_has_no_date(tmp_path):
    clock = Clock()
    store = open_store(tmp_path, clock)
    clock.advance(5)
    store.record_game(game())
    assert store.history()[0].date == "2026-11-22T15:30:05"


def test_history_is_newest_first_and_keeps_the_last_500(tmp_path):
    write_history(tmp_path, [game(seed=seed) for seed in range(HISTORY_LENGTH - 2)])
    store = open_store(tmp_path)
    for seed in range(HISTORY_LENGTH - 2, HISTORY_LENGTH + 7):
        store.record_game(game(seed=seed))
    assert HISTORY_LENGTH == 500
    for games in (store.history(), open_store(tmp_path).history()):
        assert [g.seed for g in games] == list(range(506, 6, -1))


def test_a_custom_game_shows_its_size_and_a_preset_its_name():
    assert game("custom", width=20, height=12, mines=30).label == "20x12/30"
    assert game("expert").label == "expert"


def test_nulls_are_kept_for_what_was_not_measured(tmp_path):
    record = game(bbbv=None, bbbv_per_s=None, efficiency=None, seed=None, result="abandoned")
    open_store(tmp_path).record_game(record)
    assert open_store(tmp_path).history()[0] == replace(record, date="2026-11-22T15:30:00")


@pytest.mark.parametrize("change, field", [
    ({"level": "medium"}, "level"),
    ({"result": "draw"}, "result"),
    ({"first_click": "lucky"}, "first_click"),
    ({"time_ms": -1}, "time_ms"),
    ({"time_ms": 1.5}, "time_ms"),
    ({"clicks": True}, "clicks"),
    ({"efficiency": float("inf")}, "efficiency"),
    ({"seed": "7"}, "seed"),
    ({"assisted": 0}, "assisted"),
    ({"date": "yesterday"}, "date"),
    ({"width": 10}, "level"),                 # a beginner board is 9x9
])
def test_a_bad_record_is_refused_with_the_field_named(change, field):
    with pytest.raises(ValueError, match=field):
        game(**change)


def test_recording_a_game_encodes_only_that_game(tmp_path, monkeypatch):
    write_history(tmp_path, [game(seed=seed) for seed in range(HISTORY_LENGTH)])
    store = open_store(tmp_path)
    store.history()                      # read (the store reads it when first needed)
    encoded = []
    original = history.encode_game
    monkeypatch.setattr(history, "encode_game", lambda g: encoded.append(g) or original(g))
    store.record_game(game(seed=-1))
    assert [g.seed for g in encoded] == [-1]
    assert open_store(tmp_path).history()[0].seed == -1


def test_the_history_is_read_when_first_needed_not_at_start(tmp_path, monkeypatch):
    write_history(tmp_path, [game(seed=seed) for seed in range(3)])
    decoded = []
    original = history.decode
    monkeypatch.setattr(history, "decode", lambda doc: decoded.append(1) or original(doc))
    store = open_store(tmp_path)
    assert decoded == []                 # the window opens without it
    assert [g.seed for g in store.history()] == [2, 1, 0]
    store.record_game(game(seed=3))
    assert decoded == [1]                # read once


def test_a_game_record_is_immutable():
    with pytest.raises(AttributeError):
        game().time_ms = 1        # type: ignore[misc]
    assert isinstance(game(), GameRecord)
