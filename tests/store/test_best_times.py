"""Best Times: top ten per preset level, to the millisecond, ties to the elder."""

import gc
import threading
import weakref

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.store import BestTime, connection, ledger
from game.store.best_times import rank_for
from game.store.writer import BackgroundWriter, run_in_transaction

from .helpers import Clock, game, open_store, reopen


def test_a_best_time_is_kept_at_the_win_and_named_afterwards(tmp_path):
    clock = Clock()
    store = open_store(tmp_path, clock)
    record = game("expert", time_ms=95_123, bbbv=180, bbbv_per_s=1.892)
    assert store.record_game(record) == 1
    kept = BestTime("Anonymous", 95_123, "2026-11-22T15:30:00", 180, 1.892)
    assert store.best_times("expert") == [kept]            # before any name is given
    assert reopen(store).best_times("expert") == [kept]    # and on disk

    store = open_store(tmp_path)
    second = game("expert", time_ms=90_000, seed=2)
    assert store.record_game(second) == 1
    assert store.name_best_time(second, "  Zoë ") == 1
    assert store.name_best_time(second, "twice") is None   # named once
    assert [t.name for t in reopen(store).best_times("expert")] == ["Zoë", "Anonymous"]
    assert open_store(tmp_path).notices == []



def test_the_store_forgets_a_best_time_record_once_nobody_can_name_it(tmp_path):
    """Weeks of play: each best time's record was kept by the store for ever
    (named or not), one more per best time; a long-running window or a tool
    recording games grew by it without bound."""
    store = open_store(tmp_path)
    kept = []
    for n in range(30):                        # each one faster: each makes the table
        named = game("expert", time_ms=90_000 - n, seed=2 * n)
        unnamed = game("intermediate", time_ms=50_000 - n, seed=2 * n + 1)
        assert store.record_game(named) == 1 and store.record_game(unnamed) == 1
        assert store.name_best_time(named, f"p{n}") == 1
        kept += [weakref.ref(named), weakref.ref(unnamed)]
        del named, unnamed
    gc.collect()
    assert [ref for ref in kept if ref() is not None] == []
    store.flush()
    assert store.best_times("expert")[0].name == "p29"
    assert store.best_times("intermediate")[0].name == "Anonymous"

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
    record = game(time_ms=8_000)
    assert store.record_game(record) == 3
    assert store.name_best_time(record, "second") == 3
    names = [t.name for t in reopen(store).best_times("beginner")]
    assert names == ["faster", "first", "second"]


def test_only_the_top_ten_are_kept_and_a_slower_time_does_not_qualify(tmp_path):
    store = open_store(tmp_path)
    for second in range(1, 11):
        assert store.add_best_time("intermediate", f"p{second}", second * 1000, None, None) \
            == second
    late = game("intermediate", time_ms=10_000)
    assert store.record_game(late) is None                 # ties tenth
    assert store.name_best_time(late, "late") is None
    assert store.add_best_time("intermediate", "late", 10_000, None, None) is None
    new = game("intermediate", time_ms=9_999)
    assert store.record_game(new) == 10
    assert store.name_best_time(new, "new") == 10
    table = reopen(store).best_times("intermediate")
    assert len(table) == 10
    assert [t.name for t in table][-2:] == ["p9", "new"]


@pytest.mark.parametrize("record", [
    game(assisted=True),
    game(chosen_seed=True),
    game("custom"),
    game(result="lost"),
    game(result="abandoned"),
], ids=["assisted", "chosen seed", "custom", "lost", "abandoned"])
def test_only_unassisted_wins_on_a_preset_level_qualify(tmp_path, record):
    store = open_store(tmp_path)
    assert store.record_game(record) is None
    assert store.name_best_time(record, "Ann") is None
    assert reopen(store).best_times("beginner") == []


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
    again = reopen(store)
    assert [len(again.best_times(level)) for level in ("beginner", "intermediate", "expert")] \
        == [1, 0, 1]
    again.reset_best_times()
    again = reopen(again)
    assert all(again.best_times(level) == []
               for level in ("beginner", "intermediate", "expert"))


@pytest.mark.parametrize("level", ["Medium", "../x", "", "a" * 40, "héart"])
def test_a_level_that_is_no_level_name_is_a_mistake(tmp_path, level):
    store = open_store(tmp_path)
    with pytest.raises(ValueError, match="no level"):
        store.best_times(level)
    with pytest.raises(ValueError, match="no level"):
        store.reset_best_times(level)


def test_records_are_kept_per_level_style_and_shape(tmp_path):
    store = open_store(tmp_path)
    win31 = game(width=8, height=8, style="win31")
    assert store.record_game(win31) == 1
    assert store.record_game(game("heart", width=12, height=11, mines=20)) == 1   # a gallery level
    assert store.record_game(game(shape="torus", time_ms=9_000)) == 1
    assert store.record_game(game(time_ms=11_000)) == 1
    again = reopen(store)
    assert [t.time_ms for t in again.best_times("beginner")] == [11_000]
    assert len(again.best_times("beginner", style="win31")) == 1
    assert [t.time_ms for t in again.best_times("beginner", shape="torus")] == [9_000]
    assert len(again.best_times("heart")) == 1
    assert again.statistics("beginner", style="win31").played == 1
    assert again.statistics("beginner").played == 1


def test_a_preset_level_must_have_its_style_s_size():
    with pytest.raises(ValueError, match="level"):
        game(width=8, height=8)                       # 8x8 Beginner is Windows 3.1's
    with pytest.raises(ValueError, match="level"):
        game(style="win31")
    assert game(width=8, height=8, style="win31").style == "win31"
    assert game(width=30, height=30, mines=10, shape="hex").shape == "hex"   # not a grid
    with pytest.raises(ValueError, match="style"):
        game(style="win95")


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
    db = connection.memory()
    key = ("beginner", "modern", "grid")
    for order, time_ms in enumerate(times):
        table = [entry.time_ms for entry, _ in ledger.read_best_times(db, key)]
        would_take = rank_for(table, time_ms)
        entry = BestTime(f"p{order}", time_ms, "2026-01-01T00:00:00", None, None)
        run_in_transaction(db, lambda db, entry=entry: ledger.add_best_time(db, key, entry))
        names = [entry.name for entry, _ in ledger.read_best_times(db, key)]
        assert (names.index(f"p{order}") + 1 if f"p{order}" in names else None) == would_take
    elder_first = sorted(enumerate(times), key=lambda entry: entry[1])[:10]
    assert [(t.name, t.time_ms) for t, _ in ledger.read_best_times(db, key)] == [
        (f"p{o}", t) for o, t in elder_first]
    db.close()


def test_naming_a_time_tells_its_place_without_waiting_for_the_writer(tmp_path, monkeypatch):
    """The name is confirmed while the won game is still being written (a
    slow disk): its place comes from the times on disk and those queued,
    and the caller never waits for the writer."""
    held, flushes = threading.Event(), []
    real_insert = ledger.insert_game
    monkeypatch.setattr(ledger, "insert_game",
                        lambda db, record, **kw: held.wait(60) and real_insert(db, record, **kw))
    real_flush = BackgroundWriter.flush
    monkeypatch.setattr(BackgroundWriter, "flush",
                        lambda writer, **timeout: flushes.append(held.is_set())
                        or real_flush(writer, **timeout))
    store = open_store(tmp_path)
    store.add_best_time("expert", "faster", 80_000, None, None)
    store.add_best_time("expert", "slower", 99_000, None, None)
    won = game("expert", time_ms=90_000)
    assert store.record_game(won) == 2                   # stuck in the writer from here on
    assert store.name_best_time(won, "Bo") == 2
    assert flushes == []
    held.set()
    assert [t.name for t in reopen(store).best_times("expert")] == ["faster", "Bo", "slower"]


@pytest.mark.parametrize("bad", [
    ("yesterday", None, None), ("2026-01-01 10:00:00", None, None),
    ("2026-01-01T10:00:00", -1, None), ("2026-01-01T10:00:00", 10, -0.5),
    ("2026-01-01T10:00:00", 10, 1e13),
])
def test_rows_that_fail_their_checks_are_passed_over_by_the_query(tmp_path, monkeypatch, bad):
    """A win is ranked on the window's thread: a hand edit's thousands of
    rows faster than it that fail their checks (a date in another form, a
    negative 3BV or rate) were each decoded there, 2 s a win for 100,000.
    The query leaves them out: only the good row is decoded."""
    store = open_store(tmp_path)
    store.close()
    date, bbbv, rate = bad
    db = connection.connect(tmp_path / "records.db")
    db.executemany("INSERT INTO best_times (level, style, shape, name, time_ms, date, bbbv, "
                   "bbbv_per_s) VALUES ('beginner', 'xp', 'grid', 'X', ?, ?, ?, ?)",
                   [(n, date, bbbv, rate) for n in range(1_000)])
    db.execute("INSERT INTO best_times (level, style, shape, name, time_ms, date) "
               "VALUES ('beginner', 'xp', 'grid', 'Good', 5000, '2026-01-01T10:00:00')")
    db.commit()
    decoded = []
    decode = ledger.best_times.decode
    monkeypatch.setattr(ledger.best_times, "decode", lambda obj: decoded.append(obj) or decode(obj))
    table = ledger.read_best_times(db, ("beginner", "xp", "grid"))
    db.close()
    assert [entry.name for entry, _ in table] == ["Good"]
    assert len(decoded) == 1
