"""Records of a player who kept years of them, for ``python tools/bench.py
volume``: a records.db of a million games and 100,000 Best Times rows
across every level, style and shape, names at the longest the game keeps,
against an empty one. It prints the medians of what the player waits for:
the start (``python -m game --frames 1``, a fresh interpreter each time,
also with the records' files dropped from the system's cache as after a
reboot, and ``Store()`` alone), the Statistics and Best Times pages' reads,
History's first page, its oldest page and a level's chart, and a game end
(the window's ``record_game`` and its commit on the writer thread); then
the frames of ``bench_pages``' scenarios (the pages opened and paged
through in the real loop, wins named and Best Times shown) on those records.

The database is written with SQL in the store's own schema (``Store()``
makes the file; ``ledger.game_row`` lays each game out), one transaction,
as ``Store.record_game`` would have left it but in a minute, not hours.
"""

from __future__ import annotations

import os
import random
import shutil
import sqlite3
import statistics
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

from bench import median_ms
from scratch import scratch_folder

from game.engine import SHAPES, STYLES, level_preset
from game.engine.gallery import GALLERY
from game.store import GameRecord, Store, ledger, questions
from game.store.database import NAME
from game.store.names import MAX_NAME_LENGTH

GAMES = 1_000_000
BEST_TIMES = 100_000
LEVELS = ("beginner", "intermediate", "expert", "custom", *GALLERY)
KEYS = [(level, style, shape) for level in LEVELS for style in STYLES for shape in SHAPES]
#: A level never played (its Statistics page and chart find none of the games).
RARE = KEYS.pop()
#: Letters with accents, after each row's number: names as long as the game keeps.
LONG_NAME = "Ŵíłhęlmínä Ŵíłhęlmínä"
ROOT = Path(__file__).resolve().parent.parent
START_RUNS = 5
READS = 9


def _game(i: int, games: int, rng: random.Random) -> GameRecord:
    """The ``i``-th game of ``games`` played over fifteen years: Expert on
    the grid in the modern style most often, every other key now and then."""
    level, style, shape = KEYS[i % len(KEYS)] if i % 4 == 0 else ("expert", "modern", "grid")
    board = GALLERY.get(level) or (level_preset(level, style) if level != "custom" else None)
    w, h, mines = (board.width, board.height, board.mines) if board else (100, 100, 1600)
    won = rng.random() < 0.3
    day = i * 15 * 365 // games
    return GameRecord(
        level=level, width=w, height=h, mines=mines, result="won" if won else "lost",
        time_ms=rng.randrange(5_000, 999_000), bbbv=150, bbbv_per_s=2.5, clicks=200,
        efficiency=0.75, seed=i, first_click="opening", assisted=i % 13 == 0,
        style=style, shape=shape,
        date=f"{2011 + day // 365}-{1 + day % 365 // 31:02d}-{1 + day % 28:02d}T12:00:00")


def make_records(directory: Path, games: int = GAMES, best_times: int = BEST_TIMES) -> None:
    """A records.db in ``directory`` of ``games`` games, ``best_times``
    Best Times rows spread over every key (named ``LONG_NAME`` and numbered),
    and each key's statistics."""
    Store(directory).close()                    # the file, in the current schema
    db = sqlite3.connect(directory / NAME, isolation_level=None)
    rng = random.Random(1)
    columns = list(ledger.game_row(_game(0, games, rng)))
    db.execute("BEGIN")
    db.executemany(
        f"INSERT INTO games (id, {', '.join(columns)}) VALUES (?{', ?' * len(columns)})",
        ((i + 1, *ledger.game_row(_game(i, games, rng)).values()) for i in range(games)))
    db.executemany(
        "INSERT INTO best_times (level, style, shape, name, time_ms, date, bbbv, bbbv_per_s)"
        " VALUES (?, ?, ?, ?, ?, '2020-01-01T12:00:00', 150, 2.5)",
        ((*KEYS[n % len(KEYS)], f"{n:06d}{LONG_NAME}"[:MAX_NAME_LENGTH], 5_000 + n)
         for n in range(best_times)))
    played = games // len(KEYS)
    won = played * 3 // 10
    db.executemany("INSERT OR REPLACE INTO statistics VALUES (?, ?, ?, ?, ?, ?, ?)",
                   ((*key, played, won, min(3, won), min(12, won)) for key in KEYS))
    db.execute("COMMIT")
    db.close()


def _evict(directory: Path) -> None:
    """Drop the records' files from the system's cache (``posix_fadvise``),
    as after a reboot: the first start of the day reads them from the disk."""
    for path in directory.iterdir():
        if path.is_file():
            fd = os.open(path, os.O_RDONLY)
            try:
                os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
            finally:
                os.close(fd)


def _start_s(directory: Path, cold: bool = False) -> float:
    """Median wall time of ``python -m game --frames 1`` on ``directory``;
    ``cold``: its files out of the system's cache at each start."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    runs = []
    for _ in range(START_RUNS):
        if cold:
            _evict(directory)
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "game", "--frames", "1", "--data-dir",
                        str(directory)], check=True, env=env, cwd=ROOT)
        runs.append(time.perf_counter() - start)
    return statistics.median(runs)


def _figures(directory: Path) -> dict[str, float]:
    """What the player waits for on the records in ``directory``."""
    figures = {"start, python -m game --frames 1 (s)": _start_s(directory)}
    if hasattr(os, "posix_fadvise"):
        figures["the same, records not in the cache (s)"] = _start_s(directory, cold=True)
    figures["Store() (ms)"] = median_ms(lambda: Store(directory).close(), READS)
    db = sqlite3.connect(directory / NAME)
    try:
        count = ledger.count_games(db)
        asked = {
            "Statistics page, a level (ms)": questions.level_records(("expert", "modern", "grid"), 50),
            "Statistics page, a level never played (ms)": questions.level_records(RARE, 50),
            "Best Times page, a level (ms)": questions.best_times(("expert", "modern", "grid")),
            "History, first page (ms)": questions.first_page(60),
            "History, oldest page (ms)": questions.history(60, max(count - 60, 0)),
            "History, that level's chart (ms)": questions.level_chart(RARE, 50),
        }
        for name, question in asked.items():
            figures[name] = median_ms(lambda q=question: q.query(db), READS)
    finally:
        db.close()
    store = Store(directory)
    ends, commits = [], []
    try:
        for n in range(READS):
            game = replace(_game(n, 1, random.Random(n)), result="won", time_ms=4_000 - n,
                           date=None)
            start = time.perf_counter()
            store.record_game(game)
            ends.append(time.perf_counter() - start)
            start = time.perf_counter()
            store.flush()
            commits.append(time.perf_counter() - start)
    finally:
        store.close()
    figures["game end, record_game (UI thread, ms)"] = statistics.median(ends) * 1000
    figures["its commit (writer thread, ms)"] = statistics.median(commits) * 1000
    return figures


def _frames(made: Path, games: int, frames: int = 600) -> None:
    """``bench_pages``' scenarios on the records made in ``made``."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from bench_frames import summary
    from bench_pages import PlayedRecords, scenario_pages, scenario_wins
    records = PlayedRecords(games, made)
    print(f"{'frames on ' + format(games, ',') + ' games':<38} {'frames':>6}"
          f" {'wall p50':>7} {'p99':>7} {'max':>7} {'>16.7':>5} {'CPU p50':>7} {'max':>7}"
          f" {'>16.7':>5}")
    for command in ("statistics", "best_times", "history"):
        print(summary(command, scenario_pages(records, frames, command)), flush=True)
    print(summary("wins, name, Best Times", scenario_wins(records, frames // 2)), flush=True)


def bench_volume(games: int = GAMES, best_times: int = BEST_TIMES) -> None:
    empty = Path(scratch_folder("minesweeper-volume-empty-"))
    full = Path(scratch_folder("minesweeper-volume-full-"))
    try:
        start = time.perf_counter()
        make_records(full, games, best_times)
        size = (full / NAME).stat().st_size / 1e6
        print(f"records of {games:,} games, {best_times:,} best times: {size:.0f} MB,"
              f" made in {time.perf_counter() - start:.0f} s")
        Store(empty).close()
        before, after = _figures(empty), _figures(full)
        print(f"{'median':<42} {'empty':>9} {f'{games:,} games':>16}")
        for name, value in before.items():
            print(f"{name:<42} {value:>9.3f} {after[name]:>16.3f}")
        _frames(full, games)
    finally:
        shutil.rmtree(empty, ignore_errors=True)
        shutil.rmtree(full, ignore_errors=True)
