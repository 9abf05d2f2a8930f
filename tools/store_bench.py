"""The store's figures for ``python tools/bench.py store``: what a game end
and a settings change cost the frame, how long a commit and the settings'
write take in the background, and how fast the store opens (quick_check
included) and History opens on 20,000 games.

Medians (and the slowest) over many runs: the machines are shared and noisy.
"""

from __future__ import annotations

import os
import sqlite3
import statistics
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from game.store import GameRecord, Store, ledger
from game.store.writer import run_in_transaction

REPLAY = '{"format": 1, "moves": [' + ", ".join(["[1, 2, 3, 400]"] * 300) + "]}"
HISTORY_GAMES = 20_000


def game(seed: int, result: str = "won", time_ms: int | None = None) -> GameRecord:
    return GameRecord(level="expert", width=30, height=16, mines=99, result=result,
                      time_ms=time_ms if time_ms is not None else 60_000 + seed, bbbv=150,
                      bbbv_per_s=2.5, clicks=200, efficiency=0.75, seed=seed,
                      first_click="opening", assisted=False)


def _ms(samples: list[float]) -> str:
    samples = sorted(samples)
    return (f"median {statistics.median(samples) * 1000:7.3f} ms   "
            f"p99 {samples[int(len(samples) * 0.99) - 1] * 1000:7.3f} ms   "
            f"max {samples[-1] * 1000:7.3f} ms")


def game_end(directory: Path, games: int = 300) -> None:
    """record_game as the window calls it at a game end (a replay with it):
    the frame's cost; then the background commit and a read right after."""
    store = Store(directory)
    calls, commits, reads = [], [], []
    for seed in range(games):
        record = game(seed, "won" if seed % 4 == 0 else "lost", time_ms=100_000 - seed)
        start = time.perf_counter()
        store.record_game(record, replay=REPLAY)
        calls.append(time.perf_counter() - start)
        start = time.perf_counter()
        store.flush()
        commits.append(time.perf_counter() - start)
        start = time.perf_counter()
        store.name_best_time(record, "Bench")
        store.best_times("expert")
        reads.append(time.perf_counter() - start)
    store.close()
    print(f"  game end, record_game (UI thread)    {_ms(calls)}")
    print(f"  its commit (writer thread, fsync)    {_ms(commits)}")
    print(f"  name + Best Times read after a write {_ms(reads)}")


def settings_change(directory: Path, changes: int = 300) -> None:
    """save_settings_merged as the window calls it when a setting changes:
    the frame's cost (the change handed to the writer thread, which it
    starts when idle); then that thread's locked read, merge and write."""
    store = Store(directory)
    ours = replace(store.settings)
    calls, writes = [], []
    for n in range(changes):
        ours.marks = n % 2 == 0
        start = time.perf_counter()
        store.save_settings_merged(ours, ["marks"])
        calls.append(time.perf_counter() - start)
        start = time.perf_counter()
        store.flush()
        writes.append(time.perf_counter() - start)
    store.close()
    print(f"  settings change (UI thread)          {_ms(calls)}")
    print(f"  its merge and write (writer, fsync)  {_ms(writes)}")


def history_open(directory: Path, repeats: int = 30) -> None:
    """Open History on 20,000 games: the count and the first page, as the
    dialog reads them (here on this thread, the time its reader takes)."""
    Store(directory).close()                      # creates the database
    db = sqlite3.connect(directory / "records.db", isolation_level=None)

    def fill(db: sqlite3.Connection) -> None:
        for seed in range(HISTORY_GAMES):
            ledger.insert_game(db, replace(game(seed, "lost"), date="2026-11-23T12:00:00"))
    run_in_transaction(db, fill)
    db.close()
    from game.ui.screens.history import HistoryRows, PagedHistory
    opens, times = [], []
    for _ in range(repeats):
        start = time.perf_counter()
        store = Store(directory)
        opens.append(time.perf_counter() - start)
        start = time.perf_counter()
        reads = store.reader(background=False).channel()
        games = PagedHistory(reads)
        for key, value in reads.take():           # the reads, run here
            games.arrived(key, value)
        HistoryRows(games)[0:12]
        times.append(time.perf_counter() - start)
        store.close()
    print(f"  Store() at start, {HISTORY_GAMES:,} games      {_ms(opens)}")
    print(f"  History opens on {HISTORY_GAMES:,} games    {_ms(times)}")


def bench_store() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    with tempfile.TemporaryDirectory() as first, tempfile.TemporaryDirectory() as second:
        game_end(Path(first))
        settings_change(Path(first))
        history_open(Path(second))
