"""Games numbered in the order they were played, whatever number a hand edit
gave one: History lists them by number and old replays are dropped by
number. SQLite numbers a new row one past the largest until a row holds the
largest number there is (2^63 - 1); from then on it draws the numbers at
random, and History was shuffled and random replays dropped."""

import sqlite3
from pathlib import Path

import pytest

from game.store import Store, ledger
from game.store.connection import connect
from game.store.numbering import LARGEST_KEPT
from game.store.writer import run_in_transaction

from .helpers import Clock, game, open_store, reopen

LARGEST = 2**63 - 1


def replay_text(n: int, size: int = 100) -> str:
    return f'{{"round": {n}, "pad": "{"x" * size}"}}'


def renumbered(directory: Path, seed: int, number: int = LARGEST) -> None:
    """The game of ``seed`` given ``number`` by hand, its replay and best
    time with it (an attacker who knows the foreign keys)."""
    with sqlite3.connect(directory / "records.db") as db:
        (old,) = db.execute("SELECT id FROM games WHERE seed = ?", (str(seed),)).fetchone()
        db.execute("UPDATE games SET id = ? WHERE id = ?", (number, old))
        db.execute("UPDATE replays SET game_id = ? WHERE game_id = ?", (number, old))
        db.execute("UPDATE best_times SET game_id = ? WHERE game_id = ?", (number, old))
    db.close()


def test_games_after_one_numbered_the_largest_are_listed_in_the_order_played(tmp_path):
    store = open_store(tmp_path)
    for seed in (1, 2, 3):                                   # 3 a win: a best time
        store.record_game(game(seed=seed, result="lost" if seed < 3 else "won"),
                          replay=replay_text(seed))
    store.close()
    renumbered(tmp_path, 3)
    store = open_store(tmp_path)
    for seed in range(4, 24):
        store.record_game(game(seed=seed, result="lost"), replay=replay_text(seed))
    again = reopen(store)
    games = again.history(limit=100)
    assert [g.seed for g in games] == list(range(23, 0, -1))
    assert all(again.replay(g.game_id) == replay_text(g.seed) for g in games)
    assert max(g.game_id for g in games) <= LARGEST_KEPT
    assert again.best_replays(10) == [replay_text(3)]       # its link followed it
    again.close()


def test_the_newest_replays_are_kept_after_a_game_numbered_the_largest(tmp_path):
    store = Store(tmp_path, replay_budget=5_000, now=Clock())
    for seed in (1, 2):
        store.record_game(game(seed=seed, result="lost"), replay=replay_text(seed, 1_000))
    store.close()
    renumbered(tmp_path, 2)
    store = Store(tmp_path, replay_budget=5_000, now=Clock())
    for seed in range(3, 30):
        store.record_game(game(seed=seed, result="lost"), replay=replay_text(seed, 1_000))
    again = reopen(store)
    kept = {g.seed for g in again.history(limit=100) if again.replay(g.game_id) is not None}
    assert kept == set(range(26, 30))
    again.close()


def test_equal_times_after_a_best_time_numbered_the_largest_rank_in_the_order_set(tmp_path):
    """Best Times rank an equal time below those set before it, by row
    number: drawn at random, equal times were ranked in any order."""
    clock = Clock()
    store = open_store(tmp_path, clock)
    store.add_best_time("beginner", "first", 10_000, 20, 2.0)
    store.close()
    with sqlite3.connect(tmp_path / "records.db") as db:
        db.execute("UPDATE best_times SET id = ?", (LARGEST,))
    db.close()
    store = open_store(tmp_path, clock)
    names = [f"p{n}" for n in range(8)]
    for name in names:
        store.add_best_time("beginner", name, 10_000, 20, 2.0)
    again = reopen(store, clock)
    assert [entry.name for entry in again.best_times("beginner")] == ["first", *names]
    again.close()


def test_a_game_renumbered_takes_no_replay_a_deleted_game_left_at_its_new_number(tmp_path):
    """A game deleted by hand with the foreign keys off leaves its replay
    behind: the game renumbered into its place must not be refused for a
    second replay of that number (and the new game with it)."""
    store = open_store(tmp_path)
    for seed in (1, 2, 3):
        store.record_game(game(seed=seed, result="lost"), replay=replay_text(seed))
    store.close()
    renumbered(tmp_path, 3)
    with sqlite3.connect(tmp_path / "records.db") as db:
        db.execute("DELETE FROM games WHERE seed = '2'")           # its replay stays
    db.close()
    store = open_store(tmp_path)
    store.record_game(game(seed=4, result="lost"), replay=replay_text(4))
    assert store.flush() and store.take_notices() == []
    again = reopen(store)
    games = again.history()
    assert [g.seed for g in games] == [4, 3, 1]
    assert [again.replay(g.game_id) for g in games] == [replay_text(g.seed) for g in games]
    again.close()


def test_a_game_that_fails_leaves_the_old_numbers_as_they_were(tmp_path):
    """Renumbering is part of the game's own transaction: a game that fails
    (a kill, a full disk) leaves every number as the hand edit left it."""
    store = open_store(tmp_path)
    for seed in (1, 2):
        store.record_game(game(seed=seed), replay=replay_text(seed))
    store.close()
    renumbered(tmp_path, 2)
    db = connect(tmp_path / "records.db")

    def numbers() -> list[tuple]:
        return [*db.execute("SELECT id FROM games ORDER BY id"),
                *db.execute("SELECT game_id FROM replays ORDER BY game_id"),
                *db.execute("SELECT game_id FROM best_times ORDER BY game_id")]
    before = numbers()

    def fails(db: sqlite3.Connection) -> None:
        ledger.insert_game(db, game(seed=3, date="2026-11-22T15:31:00"))
        raise OSError("killed")
    with pytest.raises(OSError):
        run_in_transaction(db, fails)
    assert numbers() == before and (LARGEST,) in before
    db.close()


@pytest.mark.parametrize("number", [LARGEST_KEPT, LARGEST_KEPT - 1])
def test_games_numbered_after_one_at_the_bound_keep_their_replays_and_best_times(
        tmp_path, number):
    """A game numbered by hand at (or just below) the largest number kept:
    the games after it are numbered past the bound, one by one, and are
    already in order. Renumbering them in place must not clear their
    replays and best times' links as a deleted game's leftovers."""
    store = open_store(tmp_path)
    store.record_game(game(seed=1, result="lost"), replay=replay_text(1))
    store.close()
    renumbered(tmp_path, 1, number)
    store = open_store(tmp_path)
    for seed in range(2, 7):                                 # 2 a win: a best time
        store.record_game(game(seed=seed, result="won" if seed == 2 else "lost"),
                          replay=replay_text(seed))
    assert store.flush() and store.take_notices() == []
    again = reopen(store)
    games = again.history()
    assert [g.seed for g in games] == [6, 5, 4, 3, 2, 1]
    assert [again.replay(g.game_id) for g in games] == [replay_text(g.seed) for g in games]
    assert again.best_replays(10) == [replay_text(2)]
    again.close()


def test_games_moved_down_past_the_bound_keep_their_replays(tmp_path):
    """Games numbered one by one past a game at the bound, one of them
    then deleted by hand (its replay left behind): the games after it move
    down into the gap, onto numbers that other moved games held. Only the
    deleted game's replay is cleared there, not theirs."""
    store = open_store(tmp_path)
    store.record_game(game(seed=1, result="lost"), replay=replay_text(1))
    store.close()
    renumbered(tmp_path, 1, LARGEST_KEPT)
    store = open_store(tmp_path)
    for seed in (2, 3, 4):
        store.record_game(game(seed=seed, result="lost"), replay=replay_text(seed))
    store.close()
    with sqlite3.connect(tmp_path / "records.db") as db:
        db.execute("DELETE FROM games WHERE seed = '2'")           # its replay stays
    db.close()
    store = open_store(tmp_path)
    store.record_game(game(seed=5, result="lost"), replay=replay_text(5))
    assert store.flush() and store.take_notices() == []
    again = reopen(store)
    games = again.history()
    assert [g.seed for g in games] == [5, 4, 3, 1]
    assert [again.replay(g.game_id) for g in games] == [replay_text(g.seed) for g in games]
    again.close()


def test_games_already_in_order_past_the_bound_are_not_written_again(tmp_path):
    """Games numbered one by one past a game at the bound are where they
    belong: a new game must not rewrite each of them (and its replay) as it
    is recorded, 0.3 s a game with 20,000 of them."""
    store = open_store(tmp_path)
    store.record_game(game(seed=1, result="lost"), replay=replay_text(1))
    store.close()
    renumbered(tmp_path, 1, LARGEST_KEPT)
    store = open_store(tmp_path)
    for seed in range(2, 12):
        store.record_game(game(seed=seed, result="lost"), replay=replay_text(seed))
    store.close()
    db = connect(tmp_path / "records.db")
    before = db.total_changes
    run_in_transaction(db, lambda db: ledger.insert_game(
        db, game(seed=12, result="lost", date="2026-11-22T15:31:00"), replay=replay_text(12)))
    assert db.total_changes - before <= 3                   # the game, its statistics, its replay
    db.close()


def test_games_after_the_largest_number_edited_below_one_are_numbered_from_one(tmp_path):
    """SQLite numbers a new row one past the largest, below zero too: with
    every game edited to a negative number, each game recorded after was
    numbered below 1, which the game reads as no game, and History showed
    it unreadable, its replay out of reach."""
    store = open_store(tmp_path)
    store.record_game(game(seed=1, result="lost"), replay=replay_text(1))
    store.close()
    renumbered(tmp_path, 1, -5)
    store = open_store(tmp_path)
    for seed in (2, 3):
        store.record_game(game(seed=seed, result="lost"), replay=replay_text(seed))
    assert store.flush() and store.take_notices() == []
    again = reopen(store)
    games = again.history()
    assert [g.seed for g in games] == [3, 2]
    assert [again.replay(g.game_id) for g in games] == [replay_text(3), replay_text(2)]
    again.close()
