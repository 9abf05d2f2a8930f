"""Any number of game processes on one data directory record at the same time
and lose nothing: every game of every process is in the history and counted
in the statistics."""

from __future__ import annotations

import os

import pytest

from game.store import Store

from .helpers import game, players_at_once

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")


def record_in_processes(directory, processes: int, games: int) -> None:
    """Fork ``processes`` players, release them at once, each recording
    ``games`` games (every third one lost) and closing its store."""
    def play(store: Store, player: int) -> int:
        for n in range(games):
            store.record_game(game(seed=player * 100_000 + n,
                                   result="lost" if n % 3 == 0 else "won",
                                   time_ms=50_000 + player * 1000 + n))
        store.close()
        return 0 if store.notices == [] else 2

    codes = players_at_once(directory, processes, play)
    assert codes == [0] * processes, codes


@pytest.mark.parametrize("processes, games", [(2, 200), (8, 50)])
def test_processes_recording_at_once_lose_no_game(tmp_path, processes, games):
    record_in_processes(tmp_path, processes, games)
    store = Store(tmp_path)
    total = processes * games
    seeds = sorted(g.seed for g in store.history(limit=total + 10))
    assert seeds == sorted(p * 100_000 + n for p in range(processes) for n in range(games))
    assert store.count_games() == total
    stats = store.statistics("beginner")
    assert stats.played == total
    assert stats.won == total - processes * len(range(0, games, 3))
    assert [t.time_ms for t in store.best_times("beginner")] == sorted(
        50_000 + p * 1000 + n for p in range(processes) for n in range(games)
        if n % 3)[:10]
    store.close()
