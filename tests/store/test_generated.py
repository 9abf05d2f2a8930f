"""Generated hostile records: rows of any value in a records.db (a hand
edit, another program, a failing disk) never stop the store, never cost
what can be read, and never cost a game played on them."""

from __future__ import annotations

import dataclasses
import json
import sqlite3
import sys
import tempfile
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from game.engine import CUSTOM_LIMITS
from game.settings import Settings
from game.store import Store, schema, settings_file
from game.store.best_times import TOP_COUNT
from game.store.statistics import LevelStats

from .helpers import Clock, game, old_game

GOOD_DATE = "2026-01-01T00:00:00"
#: A Best Times row's values: right ones, and every way a row that fails
#: its checks can still be of the right types in the STRICT table.
TIMES = st.integers(-10**6, 10**6) | st.sampled_from([-1, 0, 2**63 - 1, -2**63])
DATES = st.sampled_from([GOOD_DATE, "2026-13-01T00:00:00", "2026", "", "20260101T000000"])
BBBV = st.none() | st.integers(-5, 50)
RATES = st.none() | st.sampled_from([0.5, -1.0, float("inf"), 1e13])    # NaN is stored as NULL
ROWS = st.lists(st.tuples(st.text(max_size=25), TIMES, DATES, BBBV, RATES), max_size=14)


def records_with(directory: Path, rows: list[tuple]) -> None:
    """A records.db of this version holding ``rows`` in Beginner's Best Times."""
    Store(directory).close()
    with sqlite3.connect(directory / "records.db") as db:
        db.executemany("INSERT INTO best_times (level, style, shape, name, time_ms, date, bbbv,"
                       " bbbv_per_s) VALUES ('beginner', 'modern', 'grid', ?, ?, ?, ?, ?)", rows)
    db.close()


def readable(row: tuple) -> bool:
    """Whether a Best Times row passes the checks it is read with."""
    _, time_ms, date, bbbv, rate = row
    return (time_ms >= 0 and date == GOOD_DATE and (bbbv is None or bbbv >= 0)
            and (rate is None or 0 <= rate <= 1e12))


@settings(max_examples=60, derandomize=True, deadline=None)
@given(ROWS, st.integers(1, 20_000))
@example([("x", -1 - n, GOOD_DATE, None, None) for n in range(10)], 7_000)
@example([("x", n, "2026", None, None) for n in range(10)], 7_000)
def test_a_win_that_is_told_its_place_keeps_it_whatever_rows_the_table_holds(rows, time_ms):
    """Rows that fail their checks (ten negative times, say) are never
    shown: a win ranked first among the rows shown, and named, was
    deleted by the transaction that entered it, since those rows took the
    ten places on disk. The win takes the place it is told, the table is
    the readable rows, and the unreadable ones stay where they were."""
    with tempfile.TemporaryDirectory() as folder:
        directory = Path(folder)
        records_with(directory, rows)
        store = Store(directory, now=Clock())
        shown = [(e.name, e.time_ms) for e in store.best_times("beginner")]
        won = game(seed=99, time_ms=time_ms)
        place = store.record_game(won)
        assert store.name_best_time(won, "Eve") == place
        store.close()

        again = Store(directory, now=Clock())
        table = [(e.name, e.time_ms) for e in again.best_times("beginner")]
        again.close()
        assert len(table) <= TOP_COUNT
        assert [t for _, t in table] == sorted(t for _, t in table)
        if place is None:
            assert len(shown) == TOP_COUNT and table == shown
        else:
            assert table.pop(place - 1) == ("Eve", time_ms)
            assert table == shown[:TOP_COUNT - 1]
        with sqlite3.connect(directory / "records.db") as db:
            left = Counter(db.execute("SELECT name, time_ms, date, bbbv, bbbv_per_s"
                                      " FROM best_times"))
        db.close()
        assert Counter(row for row in rows if not readable(row)) <= left


#: Any value a loose (not STRICT) column may hold.
VALUES = (st.none() | st.integers(-2**63, 2**63 - 1) | st.floats() | st.text(max_size=12)
          | st.binary(max_size=8)
          | st.sampled_from(["beginner", "custom", "grid", "modern", "won", "lost", "opening",
                             GOOD_DATE, "9" * 400, "-3", "Anonymous"]))
TABLES = {"games": 17, "statistics": 7, "best_times": 10, "replays": 3, "imports": 3,
          "unfinished": 2}
CONTENT = st.fixed_dictionaries({name: st.lists(st.lists(VALUES, min_size=n, max_size=n),
                                                max_size=3)
                                 for name, n in TABLES.items()})


def loose_records(path: Path, content: dict, version: int, strict: bool,
                  missing: str | None) -> None:
    """A records.db of ``version`` with ``content`` in its tables (as many
    rows as their types take), ``missing`` dropped."""
    with sqlite3.connect(path) as db:
        for step in schema.MIGRATIONS[:version]:
            db.executescript(step if strict else step.replace(") STRICT", ")"))
        for table, rows in content.items():
            columns = schema.tables(db).get(table)
            if columns is None:
                continue
            if table in ("games", "best_times"):
                columns = columns[1:]            # the id is SQLite's
            for row in rows:
                names = columns[:len(row)]
                try:
                    db.execute(f"INSERT INTO {table} ({', '.join(names)}) VALUES"
                               f" ({', '.join('?' * len(names))})", row[:len(names)])
                except sqlite3.Error:
                    pass                          # a type STRICT refuses, a NULL refused
        if missing:
            db.execute(f"DROP TABLE IF EXISTS {missing}")
        db.execute(f"PRAGMA user_version = {version}")
    db.close()


@settings(max_examples=40, derandomize=True, deadline=None)
@given(CONTENT, st.sampled_from([1, 2, 3, 4]), st.booleans(),
       st.sampled_from([None, *TABLES]))
@example({**{name: [] for name in TABLES}, "replays": [[None, 0, 0]]}, 1, False, None)
def test_any_rows_in_the_records_never_stop_the_store_nor_the_next_game(content, version,
                                                                        strict, missing):
    """Whatever the tables hold (text where a number belongs, NULLs,
    negative or 400-digit numbers, bytes, a table missing, a version from
    the future), the store opens, every read answers, and a game played is
    recorded (kept in memory, and said, for a newer version's file)."""
    with tempfile.TemporaryDirectory() as folder:
        directory = Path(folder)
        loose_records(directory / "records.db", content, version, strict, missing)
        store = Store(directory, now=Clock())
        for level in ("beginner", "custom"):
            store.best_times(level)
            store.statistics(level)
        for old in store.history(limit=100):
            store.replay(old.game_id)
        store.best_replays(10)
        won = game(seed=99, time_ms=1_000)
        store.record_game(won, replay="{}")
        store.name_best_time(won, "Eve")
        assert 99 in {g.seed for g in store.history()}
        told = store.take_notices()
        assert all("\n" not in message or len(message) < 600 for message in told)
        store.close()
        again = Store(directory)
        newer = version > schema.SCHEMA_VERSION
        assert newer or 99 in {g.seed for g in again.history()}
        again.close()


@st.composite
def level_statistics(draw) -> dict:
    """A level's statistics as an older version wrote them in records.json."""
    played = draw(st.integers(0, 30))
    won = draw(st.integers(0, played))
    best = draw(st.integers(min(won, 1), won))
    return {"played": played, "won": won, "current_streak": draw(st.integers(0, best)),
            "best_streak": best}


@settings(max_examples=60, derandomize=True, deadline=None)
@given(level_statistics(), level_statistics(), st.booleans(), st.integers(0, 3))
@example({"played": 1, "won": 1, "current_streak": 1, "best_streak": 1},
         {"played": 2, "won": 2, "current_streak": 2, "best_streak": 2}, True, 0)
def test_statistics_an_older_copy_writes_again_are_imported_readable(first, then, reset, games):
    """An older copy still running writes records.json again after its
    import; here the player reset the statistics in between. Its best
    streak, counting wins from before the reset, was added as it stood:
    a line with a streak longer than its wins, which reads as none (all
    zero) and is overwritten by the next game. The line read back is the
    one stored, and its counts agree."""
    with tempfile.TemporaryDirectory() as folder:
        directory = Path(folder)
        for document in (first, then):
            (directory / "records.json").write_text(
                json.dumps({"schema": 1, "statistics": {"beginner": document}}), "utf-8")
            store = Store(directory, now=Clock())
            if document is first:
                if reset:
                    store.reset_statistics()
                for n in range(games):
                    store.record_game(game(seed=n, result="won" if n % 2 else "lost"))
            shown = store.statistics("beginner")
            store.close()
        with sqlite3.connect(directory / "records.db") as db:
            row = db.execute("SELECT played, won, current_streak, best_streak FROM statistics"
                             " WHERE level = 'beginner'").fetchone()
        db.close()
        stored = LevelStats(*row) if row else LevelStats()
        assert shown == stored
        assert stored.current_streak <= stored.best_streak <= stored.won <= stored.played


#: Any JSON value a settings.json field may hold instead of its own: every
#: type, NaN and Infinity, numbers past any range, long and unwritable text.
SCALARS = (st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.integers(-3, 120)
           | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=30)
           | st.sampled_from(["beginner", "custom", "heart", "hex", "win31", "fr", "\ud800",
                              "x" * 5000, "#" * 9 + "\n" + "#" * 9, 10**400]))
JSON_VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(st.text(max_size=5), inner, max_size=3),
                           max_leaves=6)
SETTING_NAMES = [f.name for f in dataclasses.fields(Settings)]
STORED = st.fixed_dictionaries({}, optional={name: JSON_VALUES for name in SETTING_NAMES})


@settings(max_examples=60, derandomize=True, deadline=None)
@given(STORED, st.sampled_from(["settings.json", "settings.kept.json"]),
       st.sampled_from([b"", b"\xef\xbb\xbf", b"\xff"]))
def test_any_settings_file_starts_a_playable_game_and_what_was_bad_is_kept(stored, name, prefix):
    """Whatever each field holds (in settings.json, or in the copy that
    fills in what it lacks), the game starts with settings it can save and
    play (a board the engine takes on the shape saved), the file as it was
    is kept aside when any of it was bad, and the settings saved then read
    back as they are, in silence."""
    data = prefix + json.dumps({"schema": 1, "settings": stored}, allow_nan=True
                               ).encode("utf-8", "surrogatepass")
    with tempfile.TemporaryDirectory() as folder:
        directory = Path(folder)
        (directory / name).write_bytes(data)
        if name == "settings.kept.json":
            (directory / "settings.json").write_text('{"schema": 1, "settings": {}}')
        store = Store(directory, now=Clock())
        chosen = store.settings
        told = store.take_notices()
        store.save_settings()
        store.close()
        again, bad = settings_file.decode(json.loads(settings_file.encode(chosen)))
        assert bad == [] and again == chosen
        board = chosen.board()
        CUSTOM_LIMITS.check(board.width, board.height, board.mines, chosen.shape, board.mask)
        kept = [p.read_bytes() for p in directory.glob("settings.corrupt-*")]
        assert kept == ([data] if told else [])
        reopened = Store(directory, now=Clock())
        assert reopened.settings == chosen and reopened.take_notices() == []
        reopened.close()


NUMBERS = (st.integers(-5, 2**64) | st.sampled_from([2**63 - 1, 2**63, 10**400, 0, 1, 3])
           | st.floats() | st.none() | st.text(max_size=5) | st.booleans())
LEVELS = st.sampled_from(["beginner", "intermediate", "expert", "custom", "heart", "x"])
STATISTICS = st.fixed_dictionaries({}, optional={name: NUMBERS for name in (
    "played", "won", "current_streak", "best_streak")}) | JSON_VALUES
TABLE_LINES = st.fixed_dictionaries({}, optional={
    "name": st.text(max_size=30) | NUMBERS, "time_ms": NUMBERS, "bbbv": NUMBERS,
    "bbbv_per_s": NUMBERS, "date": st.sampled_from([GOOD_DATE, "x"]) | NUMBERS}) | JSON_VALUES
RECORDS_FILES = st.fixed_dictionaries({"schema": st.sampled_from([1, 1, 1, 2, True, 1.0])}, optional={
    "best_times": st.dictionaries(LEVELS, st.lists(TABLE_LINES, max_size=12) | JSON_VALUES,
                                  max_size=3) | JSON_VALUES,
    "statistics": st.dictionaries(LEVELS, STATISTICS, max_size=4) | JSON_VALUES})
HISTORY_FILES = st.fixed_dictionaries({"schema": st.sampled_from([1, 1, 2])}, optional={
    "games": st.lists(st.dictionaries(st.sampled_from(sorted(old_game(game()))), NUMBERS,
                                      max_size=3).map(lambda changed: {**old_game(game()),
                                                                       **changed})
                      | JSON_VALUES, max_size=5) | JSON_VALUES})


@settings(max_examples=60, derandomize=True, deadline=None)
@given(RECORDS_FILES, HISTORY_FILES)
def test_any_old_records_files_are_imported_or_kept_never_lost(records, history):
    """records.json and history.json of any content: the store opens and
    records the next game; each file is renamed once imported or, damaged,
    set aside, byte for byte either way (a newer version's is left alone)."""
    with tempfile.TemporaryDirectory() as folder:
        directory = Path(folder)
        written = {}
        for name, document in (("records.json", records), ("history.json", history)):
            written[name] = json.dumps(document, allow_nan=True).encode()
            (directory / name).write_bytes(written[name])
        store = Store(directory, now=Clock())
        store.record_game(game(seed=99))
        store.close()
        again = Store(directory)
        assert 99 in {g.seed for g in again.history()}
        again.close()
        for name, document in (("records.json", records), ("history.json", history)):
            newer = type(document["schema"]) is int and document["schema"] > 1
            aside = name.removesuffix(".json") + ".corrupt-"
            kept = [p.read_bytes() for p in directory.iterdir()
                    if p.name.startswith((name, aside))]
            assert kept == [written[name]], (name, sorted(p.name for p in directory.iterdir()))
            assert (directory / name).exists() == newer


@pytest.mark.parametrize("name", ["records.json", "history.json"])
def test_an_old_file_nested_just_under_the_recursion_limit_is_kept_not_fatal(name):
    """JSON nested deep enough to be read but not written again (at one
    depth just under Python's recursion limit, which depends on the stack
    of the moment: every depth near it is tried) ended every start of the
    game in a RecursionError, as its digest was taken. Now it is damage:
    set aside byte for byte, and the game starts."""
    limit = sys.getrecursionlimit()
    with tempfile.TemporaryDirectory() as folder:
        for depth in range(limit - 120, limit):
            directory = Path(folder) / str(depth)
            directory.mkdir()
            data = b'{"schema": 1, "x": ' + b"[" * depth + b"]" * depth + b"}"
            (directory / name).write_bytes(data)
            Store(directory, now=Clock()).close()
            assert [p.read_bytes() for p in directory.iterdir()
                    if p.name.startswith((name, name.removesuffix(".json") + ".corrupt-"))] \
                == [data], depth


def test_a_game_deleted_by_hand_costs_neither_the_next_game_nor_a_best_times_replay():
    """SQLite's shell enforces no foreign keys unless told to: a game
    deleted there leaves its replay and its best time's link behind, and
    SQLite gives the next game its number again. That game's replay was
    refused as a second one for the number, and the whole game with it
    (a win, its best time), the player told nothing more would be saved;
    and attract mode would show a lost game's replay as a best time's."""
    with tempfile.TemporaryDirectory() as folder:
        directory = Path(folder)
        store = Store(directory, now=Clock())
        for seed, result in ((1, "lost"), (2, "lost"), (3, "won")):
            store.record_game(game(seed=seed, result=result), replay=f'"game {seed}"')
        store.close()
        with sqlite3.connect(directory / "records.db") as db:
            db.execute("DELETE FROM games WHERE id = 3")
        db.close()
        store = Store(directory, now=Clock())
        won = game(seed=4, time_ms=5_000)
        assert store.record_game(won, replay='"game 4"') == 1
        store.record_game(game(seed=5, result="lost"), replay='"game 5"')
        assert store.flush() and store.take_notices() == []
        assert [(g.seed, g.game_id) for g in store.history()] == [(5, 4), (4, 3), (2, 2), (1, 1)]
        assert store.replay(3) == '"game 4"'
        assert store.best_replays(10) == ['"game 4"']
        store.close()
