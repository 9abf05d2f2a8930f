"""Any number of game processes on one data directory record at the same time
and lose nothing: every game of every process is in the history and counted
in the statistics."""

from __future__ import annotations

import os

import pytest

from game.store import Store
from game.store.store import close_all_stores

from .helpers import game

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")


def record_in_processes(directory, processes: int, games: int) -> None:
    """Fork ``processes`` players, release them at once, each recording
    ``games`` games (every third one lost) and closing its store."""
    go_read, go_write = os.pipe()
    children = []
    close_all_stores()                   # no writer thread mid-lock in the forks
    for player in range(processes):
        pid = os.fork()
        if pid == 0:
            code = 1
            try:
                os.close(go_write)
                os.read(go_read, 1)                     # all start together
                store = Store(directory)
                for n in range(games):
                    store.record_game(game(seed=player * 100_000 + n,
                                           result="lost" if n % 3 == 0 else "won",
                                           time_ms=50_000 + player * 1000 + n))
                store.close()
                code = 0 if store.notices == [] else 2
            finally:
                os._exit(code)
        children.append(pid)
    os.close(go_read)
    os.write(go_write, b"x" * processes)
    os.close(go_write)
    statuses = [os.waitpid(pid, 0)[1] for pid in children]
    assert all(os.WIFEXITED(s) and os.WEXITSTATUS(s) == 0 for s in statuses), statuses


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
