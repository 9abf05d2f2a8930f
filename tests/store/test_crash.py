"""Killed at any moment, the store leaves every file whole: each one loads and
holds the content of one write or the next, never a mix and never garbage.

A writer process (crash_writer.py) saves in a tight loop; it is killed with
SIGKILL after a random number of rounds, plus a random fraction of a round so
that the kill lands anywhere in a write (temporary file, fsync, rename,
directory fsync). Then the files are checked, and the writer is started again
on them: six kills in all.
"""

from __future__ import annotations

import os
import random
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.store import HISTORY_LENGTH, TOP_COUNT, Store

from .crash_writer import SLOWEST_MS

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")

ROOT = Path(__file__).resolve().parents[2]
KILLS = 6


def test_files_stay_whole_when_the_writer_is_killed_at_random_moments(tmp_path):
    rng = random.Random(20261122)
    for kill in range(KILLS):
        finished = run_and_kill(tmp_path, rounds=rng.randint(1, 25),
                                extra_s=rng.uniform(0, 0.006))
        check(tmp_path, finished, restarts=kill + 1)


def run_and_kill(directory: Path, rounds: int, extra_s: float) -> int:
    """Start the writer, let it finish ``rounds`` more rounds and run on for
    ``extra_s``, kill it; return the last round it reported finished."""
    writer = subprocess.Popen([sys.executable, "-m", "tests.store.crash_writer", str(directory)],
                              cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        finished = wait_for_rounds(writer, rounds)
        spin_until = time.perf_counter() + extra_s      # no sleep: the writer keeps going
        while time.perf_counter() < spin_until:
            pass
        os.kill(writer.pid, signal.SIGKILL)
        assert writer.wait(timeout=10) == -signal.SIGKILL
    finally:
        if writer.poll() is None:
            writer.kill()
            writer.wait()
        writer.stdout.close()
        writer.stderr.close()
    return finished


def wait_for_rounds(writer: subprocess.Popen, rounds: int) -> int:
    """Read the writer's progress markers until ``rounds`` have come."""
    deadline = time.monotonic() + 20
    pending = b""
    done: list[int] = []
    while len(done) < rounds:
        ready, _, _ = select.select([writer.stdout], [], [], max(0.0, deadline - time.monotonic()))
        assert ready, "the writer made no progress"
        chunk = os.read(writer.stdout.fileno(), 4096)
        assert chunk, f"the writer stopped: {writer.stderr.read().decode()}"
        *lines, pending = (pending + chunk).split(b"\n")
        done += [int(line) for line in lines]
    return done[-1]


def check(directory: Path, finished: int, restarts: int) -> None:
    """Every file loads without a complaint and is one consistent version,
    holding at least the rounds the writer reported finished."""
    store = Store(directory)
    assert store.notices == []
    assert not list(directory.glob("*.corrupt-*"))

    seeds = [game.seed for game in store.history()]
    newest = seeds[0]
    assert newest >= finished
    assert seeds == list(range(newest, max(newest - HISTORY_LENGTH, -1), -1))

    # records.json is written before history.json in each round, so it may be
    # one game ahead after each kill, never behind.
    stats = store.statistics("beginner")
    assert stats.played == stats.won == stats.current_streak == stats.best_streak
    assert newest + 1 <= stats.played <= newest + 1 + restarts

    table = store.best_times("beginner")
    assert 0 < len(table) <= TOP_COUNT
    assert [entry.name for entry in table] == [f"p{SLOWEST_MS - entry.time_ms}" for entry in table]
    assert [entry.time_ms for entry in table] == sorted({entry.time_ms for entry in table})
    assert finished <= SLOWEST_MS - table[0].time_ms <= newest

    settings = store.settings
    assert settings.custom_width == settings.custom_height == settings.custom_mines + 7
