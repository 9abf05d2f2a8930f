"""Best Times: top ten per preset level, to the millisecond, ties to the elder."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.store import BestTime
from game.store.best_times import rank_for, with_entry

from .helpers import Clock, game, open_store


def test_a_best_time_is_entered_and_survives_a_restart(tmp_path):
    clock = Clock()
    store = open_store(tmp_path, clock)
    rank = store.record_game(game("expert", time_ms=95_123, bbbv=180, bbbv_per_s=1.892))
    assert rank == 1
    assert store.best_times("expert") == []            # not before the name is given
    assert store.add_best_time("expert", "Zoë", 95_123, 180, 1.892) == 1

    again = open_store(tmp_path)
    assert again.best_times("expert") == [
        BestTime("Zoë", 95_123, "2026-11-22T15:30:00", 180, 1.892)]
    assert again.notices == []


def test_times_are_ordered_to_the_millisecond(tmp_path):
    store = open_store(tmp_path)
    for name, time_ms in (("c", 10_002), ("a", 10_000), ("b", 10_001)):
        store.add_best_time("beginner", name, time_ms, None, None)
    assert [(t.name, t.time_ms) for t in store.best_times("beginner")] == [
        ("a", 10_000), ("b", 10_001), ("c", 10_002)]


def test_an_equal_time_goes_below_the_earlier_one(tmp_path):
    store = open_store(tmp_path)
    store.add_best_time("beginner", "first", 8_000, None, None)
    store.add_best_time("beginner", "faster", 7_000, None, None)
    assert store.record_game(game(time_ms=8_000)) == 3
    assert store.add_best_time("beginner", "second", 8_000, None, None) == 3
    names = [t.name for t in open_store(tmp_path).best_times("beginner")]
    assert names == ["faster", "first", "second"]


def test_only_the_top_ten_are_kept_and_a_slower_time_does_not_qualify(tmp_path):
    store = open_store(tmp_path)
    for second in range(1, 11):
        assert store.add_best_time("intermediate", f"p{second}", second * 1000, None, None) \
            == second
    assert store.record_game(game("intermediate", time_ms=10_000)) is None   # ties tenth
    assert store.add_best_time("intermediate", "late", 10_000, None, None) is None
    assert store.record_game(game("intermediate", time_ms=9_999)) == 10
    assert store.add_best_time("intermediate", "new", 9_999, None, None) == 10
    table = open_store(tmp_path).best_times("intermediate")
    assert len(table) == 10
    assert [t.name for t in table][-2:] == ["p9", "new"]


@pytest.mark.parametrize("record", [
    game(assisted=True),
    game("custom"),
    game(result="lost"),
    game(result="abandoned"),
], ids=["assisted", "custom", "lost", "abandoned"])
def test_only_unassisted_wins_on_a_preset_level_qualify(tmp_path, record):
    store = open_store(tmp_path)
    assert store.record_game(record) is None


def test_custom_games_have_no_table(tmp_path):
    store = open_store(tmp_path)
    assert store.add_best_time("custom", "x", 1_000, None, None) is None
    assert store.best_times("custom") == []


def test_the_date_is_the_clock_s_unless_given(tmp_path):
    clock = Clock()
    store = open_store(tmp_path, clock)
    clock.advance(90)
    store.add_best_time("beginner", "a", 5_000, None, None)
    store.add_best_time("beginner", "b", 6_000, None, None, date="2026-01-02T03:04:05")
    assert [t.date for t in store.best_times("beginner")] == [
        "2026-11-22T15:31:30", "2026-01-02T03:04:05"]


def test_resetting_one_level_keeps_the_others(tmp_path):
    store = open_store(tmp_path)
    for level in ("beginner", "intermediate", "expert"):
        store.add_best_time(level, "a", 50_000, None, None)
    store.reset_best_times("intermediate")
    again = open_store(tmp_path)
    assert [len(again.best_times(level)) for level in ("beginner", "intermediate", "expert")] \
        == [1, 0, 1]
    again.reset_best_times()
    assert all(open_store(tmp_path).best_times(level) == []
               for level in ("beginner", "intermediate", "expert"))


def test_an_unknown_level_is_a_mistake(tmp_path):
    store = open_store(tmp_path)
    with pytest.raises(ValueError, match="no level"):
        store.best_times("medium")
    with pytest.raises(ValueError, match="no level"):
        store.reset_best_times("medium")


def test_a_bad_best_time_is_refused_before_reaching_the_file(tmp_path):
    store = open_store(tmp_path)
    with pytest.raises(ValueError, match="time_ms"):
        store.add_best_time("beginner", "a", -5, None, None)
    with pytest.raises(ValueError, match="bbbv_per_s"):
        store.add_best_time("beginner", "a", 5, 3, float("nan"))
    assert store.best_times("beginner") == []


@settings(max_examples=200, derandomize=True, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=40), max_size=30))
def test_the_table_is_the_ten_best_by_time_with_ties_to_the_elder(times):
    table: list[BestTime] = []
    for order, time_ms in enumerate(times):
        would_take = rank_for(table, time_ms)
        table, rank = with_entry(table, BestTime(f"p{order}", time_ms, "2026-01-01T00:00:00",
                                                 None, None))
        assert rank == would_take
        assert rank is None or table[rank - 1].name == f"p{order}"
    elder_first = sorted(enumerate(times), key=lambda entry: entry[1])[:10]
    assert [(t.name, t.time_ms) for t in table] == [(f"p{o}", t) for o, t in elder_first]
