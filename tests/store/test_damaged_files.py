"""Damaged and newer files: a damaged file is kept aside under a dated name and
the game starts afresh; a newer version's file is never touched; one file's
trouble never costs the others."""

import json

import pytest

from game.settings import Settings
from game.store import LevelStats

from .helpers import Clock, files_in, game, open_store

ASIDE = "{}.corrupt-20261122-153000.json"


def good_files(directory):
    """All three files, each holding something to lose."""
    store = open_store(directory)
    store.settings.level = "expert"
    store.save_settings()
    store.record_game(game(seed=42))
    store.add_best_time("beginner", "Ann", 10_000, 20, 2.0)


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


@pytest.mark.parametrize("damaged", ["settings", "records", "history"])
def test_a_truncated_file_is_set_aside(tmp_path, damaged):
    good_files(tmp_path)
    path = tmp_path / f"{damaged}.json"
    whole = path.read_bytes()
    path.write_bytes(whole[:len(whole) // 2])
    store = open_store(tmp_path)
    assert starts_afresh(store, damaged) and kept_everything_but(store, damaged)
    assert (tmp_path / ASIDE.format(damaged)).read_bytes() == whole[:len(whole) // 2]


def test_after_a_damaged_file_the_next_save_writes_a_good_one(tmp_path):
    good_files(tmp_path)
    (tmp_path / "records.json").write_text("{oops")
    store = open_store(tmp_path)
    store.record_game(game(seed=43))
    again = open_store(tmp_path)
    assert again.notices == []
    assert again.statistics("beginner") == LevelStats(1, 1, 1, 1)
    assert files_in(tmp_path) == {"settings.json", "records.json", "history.json",
                                  ASIDE.format("records")}


def test_an_earlier_file_set_aside_is_never_overwritten(tmp_path):
    (tmp_path / ASIDE.format("records")).write_text("first damage")
    (tmp_path / "records.corrupt-20261122-153000-2.json").write_text("second damage")
    (tmp_path / "records.json").write_text("third damage")
    store = open_store(tmp_path)
    assert "records.corrupt-20261122-153000-3.json" in store.notices[0]
    assert (tmp_path / ASIDE.format("records")).read_text() == "first damage"
    assert (tmp_path / "records.corrupt-20261122-153000-2.json").read_text() == "second damage"
    assert (tmp_path / "records.corrupt-20261122-153000-3.json").read_text() == "third damage"


def test_the_dated_name_follows_the_clock(tmp_path):
    clock = Clock()
    clock.advance(86_400 + 3_661)
    (tmp_path / "history.json").write_text("nope")
    open_store(tmp_path, clock).history()
    assert "history.corrupt-20261123-163101.json" in files_in(tmp_path)


def edit(path, change):
    document = json.loads(path.read_text("utf-8"))
    change(document)
    path.write_text(json.dumps(document), "utf-8")


def test_a_bad_best_time_drops_that_line_only(tmp_path):
    store = open_store(tmp_path)
    for name, time_ms in (("a", 1_000), ("b", 2_000), ("c", 3_000)):
        store.add_best_time("expert", name, time_ms, None, None)
    store.record_game(game("expert"))

    def spoil(document):
        document["best_times"]["expert"][1]["time_ms"] = "2000"     # text, not a number
    edit(tmp_path / "records.json", spoil)
    again = open_store(tmp_path)
    assert [t.name for t in again.best_times("expert")] == ["a", "c"]
    assert again.statistics("expert") == LevelStats(1, 1, 1, 1)
    [message] = again.notices
    assert "best_times.expert[1]: time_ms" in message and ASIDE.format("records") in message
    kept = json.loads((tmp_path / ASIDE.format("records")).read_text())
    assert kept["best_times"]["expert"][1]["time_ms"] == "2000"


@pytest.mark.parametrize("spoil, lost", [
    (lambda d: d["statistics"].update(expert=[1, 2]), "statistics.expert"),
    (lambda d: d["statistics"]["expert"].update(won=5), "statistics.expert"),   # won > played
    (lambda d: d["statistics"]["expert"].update(played=None), "statistics.expert"),
    (lambda d: d.update(statistics="none"), "statistics"),
])
def test_bad_statistics_reset_only_what_is_bad(tmp_path, spoil, lost):
    store = open_store(tmp_path)
    store.record_game(game("expert"))
    store.record_game(game("intermediate", result="lost"))
    store.add_best_time("beginner", "Ann", 10_000, None, None)
    edit(tmp_path / "records.json", spoil)
    again = open_store(tmp_path)
    assert again.statistics("expert") == LevelStats()
    assert again.best_times("beginner")[0].name == "Ann"
    if lost != "statistics":
        assert again.statistics("intermediate") == LevelStats(1, 0, 0, 0)
    assert lost in again.notices[0]


def test_a_table_that_is_not_a_list_empties_that_table_only(tmp_path):
    store = open_store(tmp_path)
    store.add_best_time("beginner", "Ann", 10_000, None, None)
    store.add_best_time("expert", "Bob", 90_000, None, None)
    edit(tmp_path / "records.json", lambda d: d["best_times"].update(expert={"a": 1}))
    again = open_store(tmp_path)
    assert again.best_times("expert") == []
    assert [t.name for t in again.best_times("beginner")] == ["Ann"]
    assert "best_times.expert: expected a list" in again.notices[0]


def test_a_bad_game_drops_that_game_only(tmp_path):
    store = open_store(tmp_path)
    for seed in range(4):
        store.record_game(game(seed=seed))

    def spoil(document):
        document["games"][1]["time_ms"] = "fast"
        document["games"][2] = "a game"
    edit(tmp_path / "history.json", spoil)
    again = open_store(tmp_path)
    assert [g.seed for g in again.history()] == [3, 0]
    assert "games[1]: time_ms" in again.notices[0] and "1 more" in again.notices[0]


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
    assert not store.writable

    store.settings.marks = False
    store.save_settings()
    assert store.record_game(game(time_ms=5_000)) == 1     # still played and ranked
    store.add_best_time("beginner", "Bo", 5_000, None, None)
    store.reset_statistics()
    assert (tmp_path / f"{newer}.json").read_bytes() == future
    assert files_in(tmp_path) == {"settings.json", "records.json", "history.json"}
    again = open_store(tmp_path)                       # the other files were saved
    assert newer == "settings" or again.settings.marks is False
    assert newer == "history" or len(again.history()) == 2
    assert newer == "records" or again.best_times("beginner")[0].name == "Bo"


def test_a_file_that_cannot_be_opened_is_left_alone(tmp_path):
    (tmp_path / "records.json").mkdir()                # even root cannot read this
    store = open_store(tmp_path)
    store.record_game(game())
    store.add_best_time("beginner", "a", 1_000, None, None)
    assert (tmp_path / "records.json").is_dir()
    assert "could not be opened" in store.notices[0]
    assert not store.writable
    assert len(open_store(tmp_path).history()) == 1    # history was still saved


def test_a_damaged_file_that_cannot_be_set_aside_is_left_untouched(tmp_path, monkeypatch):
    import os
    (tmp_path / "records.json").write_text("{damaged")

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(os, "link", refuse)
    monkeypatch.setattr(os, "rename", refuse)
    store = open_store(tmp_path)
    assert "could not be set aside" in store.notices[0]
    store.record_game(game())
    store.reset_best_times()
    assert (tmp_path / "records.json").read_text() == "{damaged"
    assert not store.writable
