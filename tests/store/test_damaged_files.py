"""The JSON files of earlier versions: imported once, renamed *.imported, never
deleted; a damaged one is kept aside under a dated name; hostile values are
dropped with one notice; a newer version's file is never touched; one file's
trouble never costs the others. settings.json stays a JSON file."""

import json
import os

import pytest

from game.settings import Settings
from game.store import LevelStats, ledger
from game.store.decoding import MAX_INT

from .helpers import Clock, files_in, game, old_game, open_store, reopen, write_history, write_records

ASIDE = "{}.corrupt-20261122-153000.json"
ANN = {"name": "Ann", "time_ms": 10_000, "date": "2026-11-01T10:00:00", "bbbv": 20,
       "bbbv_per_s": 2.0}
ONE_WIN = {"played": 1, "won": 1, "current_streak": 1, "best_streak": 1}


def good_files(directory):
    """settings.json and the two old files, each holding something to lose."""
    (directory / "settings.json").write_text(
        json.dumps({"schema": 1, "settings": {"level": "expert"}}), "utf-8")
    write_records(directory, {"beginner": [ANN]}, {"beginner": ONE_WIN})
    write_history(directory, [game(seed=42)])


def kept_everything_but(store, damaged):
    """The files other than ``damaged`` were read in full."""
    return all([
        damaged == "settings" or store.settings.level == "expert",
        damaged == "records" or [t.name for t in store.best_times("beginner")] == ["Ann"],
        damaged == "records" or store.statistics("beginner") == LevelStats(1, 1, 1, 1),
        damaged == "history" or [g.seed for g in store.history()] == [42],
    ])


def starts_afresh(store, damaged):
    return {
        "settings": store.settings == Settings(),
        "records": store.best_times("beginner") == [] and store.statistics("beginner").played == 0,
        "history": store.history() == [],
    }[damaged]


def test_old_files_are_imported_once_and_renamed(tmp_path):
    good_files(tmp_path)
    records = (tmp_path / "records.json").read_bytes()
    store = open_store(tmp_path)
    assert kept_everything_but(store, None)
    assert store.notices == []
    assert files_in(tmp_path) == {"settings.json", "records.db", "records.json.imported",
                                  "history.json.imported"}
    assert (tmp_path / "records.json.imported").read_bytes() == records
    store.record_game(game(seed=43))
    again = reopen(store)
    assert [g.seed for g in again.history()] == [43, 42]
    assert again.statistics("beginner") == LevelStats(2, 2, 2, 2)
    # the same file put back (a backup restored) is not counted twice
    (tmp_path / "records.json").write_bytes(records)
    third = reopen(again)
    assert third.statistics("beginner") == LevelStats(2, 2, 2, 2)
    assert len(third.best_times("beginner")) == 2              # Ann and the new win
    assert "records.json.imported-2" in files_in(tmp_path)


def test_old_games_keep_their_dates_and_every_field(tmp_path):
    record = game("custom", width=45, height=30, mines=300, result="lost", seed=7,
                  date="2026-05-06T07:08:09", first_click="classic", assisted=True)
    write_history(tmp_path, [game(seed=1), record])
    games = open_store(tmp_path).history()
    assert old_game(games[0]) == old_game(record) and games[0].game_id == 2


@pytest.mark.parametrize("damaged", ["settings", "records", "history"])
@pytest.mark.parametrize("damage", [
    b"{not json",
    b"",                                           # truncated to nothing
    b"\xff\xfe\x00garbage",                        # not UTF-8
    b'[1, 2, 3]',                                  # a list where an object belongs
    b'"just text"',
    b'{"settings": {}, "best_times": {}, "games": []}',      # no schema
    b'{"schema": "1"}',                            # text where a number belongs
    b'{"schema": 0}',
    b"[" * 100_000,                                # nesting deep enough to break a parser
], ids=["not-json", "empty", "not-utf8", "list", "text", "no-schema", "schema-text",
        "schema-0", "deep"])
def test_a_damaged_file_is_set_aside_and_the_others_are_kept(tmp_path, damaged, damage):
    good_files(tmp_path)
    (tmp_path / f"{damaged}.json").write_bytes(damage)
    store = open_store(tmp_path)
    assert starts_afresh(store, damaged)
    assert kept_everything_but(store, damaged)
    aside = ASIDE.format(damaged)
    assert (tmp_path / aside).read_bytes() == damage
    assert not (tmp_path / f"{damaged}.json").exists()
    [message] = store.take_notices()
    assert aside in message and "could not be read" in message
    assert store.writable


def test_an_earlier_file_set_aside_is_never_overwritten(tmp_path):
    (tmp_path / ASIDE.format("records")).write_text("first damage")
    (tmp_path / "records.corrupt-20261122-153000-2.json").write_text("second damage")
    (tmp_path / "records.json").write_text("third damage")
    store = open_store(tmp_path)
    assert "records.corrupt-20261122-153000-3.json" in store.notices[0]
    assert (tmp_path / ASIDE.format("records")).read_text() == "first damage"
    assert (tmp_path / "records.corrupt-20261122-153000-2.json").read_text() == "second damage"
    assert (tmp_path / "records.corrupt-20261122-153000-3.json").read_text() == "third damage"


@pytest.mark.parametrize("name, what", [("history.json", "game history"),
                                        ("records.json", "best times and statistics"),
                                        ("settings.json", "settings")])
def test_a_damaged_file_is_told_in_a_sentence_that_agrees(tmp_path, name, what):
    """"Your game history could not be read and start afresh": the verb
    agreed with the plural names (settings, records) only."""
    (tmp_path / name).write_text("{not json")
    store = open_store(tmp_path)
    store.history()
    assert [n.split(" The damaged file")[0] for n in store.notices] == [
        f"Your {what} could not be read: starting afresh."]


def test_the_dated_name_follows_the_clock(tmp_path):
    clock = Clock()
    clock.advance(86_400 + 3_661)
    (tmp_path / "history.json").write_text("nope")
    open_store(tmp_path, clock).history()
    assert "history.corrupt-20261123-163101.json" in files_in(tmp_path)


def test_a_bad_best_time_drops_that_line_only(tmp_path):
    lines = [dict(ANN, name=name, time_ms=ms) for name, ms in (("a", 1_000), ("b", 2_000),
                                                               ("c", 3_000))]
    lines[1]["time_ms"] = "2000"                   # text, not a number
    write_records(tmp_path, {"expert": lines}, {"expert": ONE_WIN})
    store = open_store(tmp_path)
    assert [t.name for t in store.best_times("expert")] == ["a", "c"]
    assert store.statistics("expert") == LevelStats(1, 1, 1, 1)
    [message] = store.notices
    assert "best_times.expert[1]: time_ms" in message and "records.json.imported" in message
    kept = json.loads((tmp_path / "records.json.imported").read_text())
    assert kept["best_times"]["expert"][1]["time_ms"] == "2000"


@pytest.mark.parametrize("date", ["20261123T140500", "2026-W47-1"])
def test_a_best_time_dated_in_another_form_drops_that_line_only(tmp_path, date):
    write_records(tmp_path, {"expert": [dict(ANN, name="a"), dict(ANN, name="b", date=date)]},
                  {})
    store = open_store(tmp_path)
    assert [t.name for t in store.best_times("expert")] == ["a"]
    [message] = store.notices
    assert "best_times.expert[1]: date" in message


@pytest.mark.parametrize("spoil, lost", [
    ({"expert": [1, 2]}, "statistics.expert"),
    ({"expert": dict(ONE_WIN, won=5)}, "statistics.expert"),          # won > played
    ({"expert": dict(ONE_WIN, played=None)}, "statistics.expert"),
    ({"expert": dict(ONE_WIN, played=10**400)}, "statistics.expert"),  # a 400-digit count
    ("none", "statistics"),
])
def test_bad_statistics_reset_only_what_is_bad(tmp_path, spoil, lost):
    stats = spoil if spoil == "none" else {"intermediate": dict(ONE_WIN, won=0, current_streak=0,
                                                                best_streak=0), **spoil}
    write_records(tmp_path, {"beginner": [ANN]}, stats)
    store = open_store(tmp_path)
    assert store.statistics("expert") == LevelStats()
    assert store.best_times("beginner")[0].name == "Ann"
    if lost != "statistics":
        assert store.statistics("intermediate") == LevelStats(1, 0, 0, 0)
    assert lost in store.notices[0]


def test_imported_counts_stop_at_the_largest_the_database_holds(tmp_path):
    most = {"played": MAX_INT, "won": MAX_INT, "current_streak": 0, "best_streak": 1}
    one_loss = dict(ONE_WIN, won=0, current_streak=0, best_streak=0)
    write_records(tmp_path, {}, {"beginner": one_loss})
    reopen(open_store(tmp_path))
    # a second file, which does not continue the first (no loss in it): counted on top
    write_records(tmp_path, {}, {"beginner": most})
    store = open_store(tmp_path)
    assert store.statistics("beginner") == LevelStats(MAX_INT, MAX_INT, 0, 1)
    assert store.notices == []
    assert "records.json.imported-2" in files_in(tmp_path)


def test_a_file_the_database_refuses_is_set_aside_and_the_game_starts(tmp_path,
                                                                        monkeypatch):
    good_files(tmp_path)
    records = (tmp_path / "records.json").read_bytes()

    def refuse(*args, **kwargs):
        raise OverflowError("Python int too large to convert to SQLite INTEGER")
    monkeypatch.setattr(ledger, "add_statistics", refuse)
    store = open_store(tmp_path)
    assert starts_afresh(store, "records") and kept_everything_but(store, "records")
    assert (tmp_path / ASIDE.format("records")).read_bytes() == records
    [message] = store.take_notices()
    assert ASIDE.format("records") in message and "could not be read" in message
    store.record_game(game(seed=43))
    assert reopen(store).statistics("beginner") == LevelStats(1, 1, 1, 1)


@pytest.mark.parametrize("field, value", [
    ("bbbv_per_s", 10**400), ("time_ms", 10**400), ("time_ms", float("nan")),
    ("bbbv_per_s", float("inf")), ("efficiency", -1.0), ("level", {"deep": [[[]]]}),
    ("date", "x" * 1000), ("seed", "7"), ("clicks", True),
    ("date", "20261123T140500"), ("date", "2026-W47-1"),
])
def test_a_hostile_value_drops_that_game_only(tmp_path, field, value):
    games = [old_game(game(seed=seed)) for seed in range(3)]
    games[1][field] = value
    (tmp_path / "history.json").write_text(json.dumps({"schema": 1, "games": games}), "utf-8")
    store = open_store(tmp_path)
    assert [g.seed for g in store.history()] == [2, 0]
    [message] = store.notices
    assert f"games[1]: {field}" in message


@pytest.mark.parametrize("missing, told", [
    ("width", "games[1]: width: expected a whole number from 1"),
    ("assisted", "games[1]: assisted: expected true or false"),
    ("result", "games[1]: result: expected one of won, lost, abandoned"),
])
def test_a_game_missing_a_field_is_dropped_in_the_players_words(tmp_path, missing, told):
    """Not "GameRecord.__init__() missing 1 required keyword-only argument"."""
    games = [old_game(game(seed=seed)) for seed in range(3)]
    del games[1][missing]
    (tmp_path / "history.json").write_text(json.dumps({"schema": 1, "games": games}), "utf-8")
    store = open_store(tmp_path)
    assert [g.seed for g in store.history()] == [2, 0]
    [message] = store.notices
    assert told in message and "__init__" not in message


def test_a_game_missing_a_value_it_may_do_without_is_kept(tmp_path):
    games = [old_game(game(seed=seed)) for seed in range(2)]
    del games[1]["efficiency"], games[1]["bbbv_per_s"]
    (tmp_path / "history.json").write_text(json.dumps({"schema": 1, "games": games}), "utf-8")
    store = open_store(tmp_path)
    newest, oldest = store.history()
    assert (newest.seed, newest.efficiency, newest.bbbv_per_s, oldest.seed) == (1, None, None, 0)
    assert store.notices == []


def test_what_was_dropped_from_an_old_file_is_told_in_the_players_language(tmp_path):
    """The notice's sentence was French, the reason it gave English
    ("games[1]: seed: expected a whole number or null")."""
    from game import i18n
    i18n.set_language("fr")
    games = [old_game(game(seed=seed)) for seed in range(3)]
    games[1]["seed"] = "7"
    (tmp_path / "history.json").write_text(json.dumps({"schema": 1, "games": games}), "utf-8")
    lines = [dict(ANN, name=name) for name in "ab"]
    lines[1]["time_ms"] = "2000"
    write_records(tmp_path, {"expert": lines}, {"expert": ONE_WIN})
    told = "\n".join(open_store(tmp_path).notices)
    assert "games[1]\u202f: seed\u202f: un nombre entier ou null attendu" in told
    assert ("best_times.expert[1]\u202f: time_ms\u202f: un nombre entier à partir de 0"
            " attendu") in told
    assert "expected" not in told


def test_games_that_are_not_a_list_leave_an_empty_history(tmp_path):
    (tmp_path / "history.json").write_text('{"schema": 1, "games": {"0": {}}}')
    store = open_store(tmp_path)
    assert store.history() == []
    assert "games: expected a list" in store.notices[0]


@pytest.mark.parametrize("newer", ["settings", "records", "history"])
def test_a_file_from_a_newer_version_is_never_touched(tmp_path, newer):
    good_files(tmp_path)
    future = json.dumps({"schema": 2, "everything": "different"}).encode()
    (tmp_path / f"{newer}.json").write_bytes(future)
    store = open_store(tmp_path)
    assert starts_afresh(store, newer) and kept_everything_but(store, newer)
    [message] = store.notices
    assert f"{newer}.json" in message and "newer version" in message
    store.settings.marks = False
    store.save_settings()
    store.record_game(game(time_ms=5_000))
    assert (tmp_path / f"{newer}.json").read_bytes() == future
    again = reopen(store)
    assert newer == "settings" or again.settings.marks is False
    assert again.best_times("beginner")[0].time_ms == 5_000


def test_a_damaged_file_that_cannot_be_set_aside_is_left_untouched(tmp_path, monkeypatch):
    (tmp_path / "records.json").write_text("{damaged")

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(os, "link", refuse)
    monkeypatch.setattr(os, "rename", refuse)
    store = open_store(tmp_path)
    assert "could not be set aside" in store.notices[0]
    store.record_game(game())
    assert (tmp_path / "records.json").read_text() == "{damaged"
    assert reopen(store).statistics("beginner").played == 1


def test_what_was_salvaged_is_on_disk_even_if_the_session_records_nothing(tmp_path):
    lines = [dict(ANN), dict(ANN, name="Bad", time_ms=-1)]
    write_records(tmp_path, {"beginner": lines}, {"beginner": ONE_WIN})
    open_store(tmp_path).close()                  # a kiosk run, or an assisted game only
    again = open_store(tmp_path)
    assert [t.name for t in again.best_times("beginner")] == ["Ann"]
    assert again.statistics("beginner") == LevelStats(1, 1, 1, 1)
    assert again.notices == []
