"""Replays kept with their games: stored in the game's transaction, read back
by game id, the best times' replays for attract mode, and old ones dropped
beyond the size budget — never a best time's."""

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from game.replay import MAX_BYTES, ReplayError, decode
from game.store import Store

from .helpers import game, open_store, reopen

ROOT = Path(__file__).resolve().parents[2]


def replay_text(n: int, size: int = 100) -> str:
    return f'{{"round": {n}, "pad": "{"x" * size}"}}'


def test_a_replay_is_kept_with_its_game(tmp_path):
    store = open_store(tmp_path)
    store.record_game(game(seed=1, result="lost"), replay=replay_text(1))
    store.record_game(game(seed=2, result="lost"))
    again = reopen(store)
    newest, oldest = again.history()
    assert again.replay(oldest.game_id) == replay_text(1)
    assert again.replay(newest.game_id) is None
    assert again.replay(999) is None


def test_best_replays_are_the_best_times_fastest_first(tmp_path):
    store = open_store(tmp_path)
    store.record_game(game(seed=1, time_ms=30_000), replay=replay_text(1))
    store.record_game(game(seed=2, time_ms=10_000), replay=replay_text(2))
    store.record_game(game(seed=3, time_ms=20_000, result="lost"), replay=replay_text(3))
    store.record_game(game("expert", seed=4, time_ms=15_000), replay=replay_text(4))
    assert store.best_replays(10) == [replay_text(2), replay_text(4), replay_text(1)]
    assert store.best_replays(1) == [replay_text(2)]


def test_old_replays_beyond_the_budget_go_first_and_best_times_stay(tmp_path):
    store = Store(tmp_path, replay_budget=5_000)
    store.record_game(game(seed=0, time_ms=1_000), replay=replay_text(0, 1_000))   # a best time
    for seed in range(1, 20):
        store.record_game(game(seed=seed, result="lost"), replay=replay_text(seed, 1_000))
    again = reopen(store)
    kept = {g.seed for g in again.history(limit=100) if again.replay(g.game_id) is not None}
    assert 0 in kept                                   # the best time's replay, however old
    assert kept - {0} == set(range(17, 20))            # then the newest that fit
    assert len(again.history(limit=100)) == 20         # the games themselves all stay


def test_a_script_that_records_games_and_ends_loses_nothing(tmp_path):
    script = ("import sys\nfrom tests.store.helpers import game\nfrom game.store import Store\n"
              "store = Store(sys.argv[1])\n"
              "for seed in range(25):\n"
              "    store.record_game(game(seed=seed, result='lost'))\n")   # no close()
    subprocess.run([sys.executable, "-c", script, str(tmp_path)], cwd=ROOT, check=True,
                   timeout=60)
    assert open_store(tmp_path).count_games() == 25


def test_a_replay_given_as_a_function_is_made_once_on_the_writer_thread(tmp_path):
    import threading
    store = open_store(tmp_path)
    calls = []

    def make() -> str:
        calls.append(threading.get_ident())
        return replay_text(7)

    store.record_game(game(seed=7, result="lost"), replay=make)
    (row,) = store.history()
    assert store.replay(row.game_id) == replay_text(7)
    assert len(calls) == 1 and calls[0] != threading.get_ident()


def test_a_replay_made_huge_by_a_hand_edit_is_read_cut_short_and_refused(tmp_path):
    """A replay text grown by a hand edit (900 MB in the report) was read
    whole and pickled to the replay loader's process, only to be refused
    there for its size: 1.9 GB in memory. It is read cut one character past
    the largest replay, and refused all the same."""
    store = open_store(tmp_path)
    store.record_game(game(), replay='{"format": "minesweeper-replay"}')
    store = reopen(store)
    [kept] = store.history()
    store.close()
    with sqlite3.connect(tmp_path / "records.db") as db:
        db.execute("UPDATE replays SET text = ? WHERE game_id = ?",
                   ("x" * (3 * MAX_BYTES), kept.game_id))
    db.close()
    store = open_store(tmp_path)
    text = store.replay(kept.game_id)
    [best] = store.best_replays(1)
    store.close()
    assert len(text) == len(best) == MAX_BYTES + 1
    with pytest.raises(ReplayError, match="too big"):
        decode(text)


def sizes_edited(directory: Path, size: int) -> None:
    """Every replay's recorded size in ``directory``'s records.db set to
    ``size`` by hand."""
    with sqlite3.connect(directory / "records.db") as db:
        db.execute("UPDATE replays SET size = ?", (size,))
    db.close()


def test_replay_sizes_whose_sum_overflows_stop_no_game_from_being_recorded(tmp_path):
    """Sizes of 2^63 - 1 edited in made SQLite's SUM fail ("integer
    overflow") in every game's transaction: no game was recorded again,
    "Records cannot be saved" at each start, for ever."""
    store = open_store(tmp_path)
    for seed in (1, 2):
        store.record_game(game(seed=seed, result="lost"), replay=replay_text(seed))
    store.close()
    sizes_edited(tmp_path, 2**63 - 1)
    store = open_store(tmp_path)
    store.record_game(game(seed=3, result="lost"), replay=replay_text(3))
    assert store.flush() and store.take_notices() == []
    again = reopen(store)
    assert {g.seed for g in again.history()} == {1, 2, 3}
    assert all(again.replay(g.game_id) is not None for g in again.history())
    again.close()


def test_replays_whose_sizes_were_edited_below_zero_are_still_dropped_beyond_the_budget(
        tmp_path):
    """A negative size made the total never pass the budget: the replays
    were kept for ever, however many."""
    store = Store(tmp_path, replay_budget=5_000)
    for seed in range(1, 10):
        store.record_game(game(seed=seed, result="lost"), replay=replay_text(seed, 1_000))
    store.close()
    sizes_edited(tmp_path, -10**15)
    store = Store(tmp_path, replay_budget=5_000)
    store.record_game(game(seed=10, result="lost"), replay=replay_text(10, 1_000))
    again = reopen(store)
    kept = {g.seed for g in again.history(limit=100) if again.replay(g.game_id) is not None}
    assert kept == set(range(7, 11))
    again.close()
