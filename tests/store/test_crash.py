"""Killed at any moment, the store loses nothing it said was committed: the
database opens without a complaint, and every committed game is there, with
statistics, best times and replays that agree with the history.

A writer (crash_writer.py, forked so that each run starts in milliseconds)
records in a tight loop; it is killed with SIGKILL after a random number of
rounds plus a random fraction of a round, so that kills land anywhere in a
transaction, a commit, a checkpoint or a settings write. Then everything is
checked, and the writer is started again on the same directory.
STORE_KILLS sets the number of kills (300 for the full run; CI keeps 40).
"""

from __future__ import annotations

import os
import random
import select
import signal
import time
from pathlib import Path

import pytest

from game.store import TOP_COUNT, Store
from game.store.store import close_all_stores

from .crash_writer import SLOWEST_MS, write_rounds

pytestmark = pytest.mark.skipif(not hasattr(os, "fork") or not hasattr(signal, "SIGKILL"),
                                reason="needs fork and SIGKILL")

KILLS = int(os.environ.get("STORE_KILLS", "40"))


def test_every_committed_game_survives_a_writer_killed_at_random_moments(tmp_path):
    rng = random.Random(20261123)
    committed: set[int] = set()
    for _ in range(KILLS):
        committed |= run_and_kill(tmp_path, rounds=rng.randint(1, 4),
                                  extra_s=rng.uniform(0, 0.004))
        check(tmp_path, committed)


def run_and_kill(directory: Path, rounds: int, extra_s: float) -> set[int]:
    """Fork the writer, let it commit ``rounds`` more rounds and run on for
    ``extra_s``, kill it; return the rounds it reported committed."""
    reader, writer = os.pipe()
    close_all_stores()                   # no writer thread mid-lock in the fork
    pid = os.fork()
    if pid == 0:                                  # the child: write until killed
        os.close(reader)
        try:
            write_rounds(str(directory), writer)
        finally:
            os._exit(1)
    os.close(writer)
    try:
        finished = wait_for_rounds(reader, rounds)
        spin_until = time.perf_counter() + extra_s      # no sleep: the writer keeps going
        while time.perf_counter() < spin_until:
            pass
    finally:
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        os.close(reader)
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
    return finished


def wait_for_rounds(reader: int, rounds: int) -> set[int]:
    deadline = time.monotonic() + 30
    pending = b""
    done: list[int] = []
    while len(done) < rounds:
        ready, _, _ = select.select([reader], [], [], max(0.0, deadline - time.monotonic()))
        assert ready, "the writer made no progress"
        chunk = os.read(reader, 4096)
        assert chunk, "the writer stopped"
        *lines, pending = (pending + chunk).split(b"\n")
        done += [int(line) for line in lines]
    return set(done)


def check(directory: Path, committed: set[int]) -> None:
    """The database opens without a word and holds every committed round: its
    game, statistics, best time (named) and replay. A round cut short may be
    there too, its time still under "Anonymous" — kept, never lost."""
    store = Store(directory)
    try:
        assert store.notices == []
        assert not list(directory.glob("*.corrupt-*"))
        seeds = [game.seed for game in store.history(limit=10**6)]
        newest = seeds[0]
        assert newest >= max(committed)
        assert seeds == list(range(newest, -1, -1))          # every committed game, once

        stats = store.statistics("beginner")                 # same transaction as the game
        assert stats.played == stats.won == stats.current_streak == stats.best_streak \
            == newest + 1

        table = store.best_times("beginner")
        assert [SLOWEST_MS - entry.time_ms for entry in table] == \
            list(range(newest, max(newest - TOP_COUNT, -1), -1))
        for entry in table:
            round_ = SLOWEST_MS - entry.time_ms
            assert entry.name == f"p{round_}" or (round_ not in committed
                                                   and entry.name == "Anonymous")
        assert store.replay(store.history(1)[0].game_id) == f'{{"round": {newest}}}'

        settings = store.settings
        assert settings.custom_width == settings.custom_height == settings.custom_mines + 7
    finally:
        store.close()
