"""Exact probabilities over whole games, move by move (``python tools/bench.py
probabilities``).

Plays seeded games (safe first click, the computer's moves, no flags) and
times the exact probabilities of every position three ways: ``analyse`` from
scratch, ``IncrementalAnalysis`` carried through the game, and, when the
``ms_toollib`` package (the community's Rust library) is installed, its
``cal_probability_onboard`` from scratch, for comparison only (never a
dependency of the game). Times are the benchmark thread's CPU time
(``time.thread_time``) with wall time beside it: on a shared machine wall
time is mostly waiting for a core. Every incremental answer is checked
against the from-scratch one.
"""

from __future__ import annotations

import importlib
import statistics
import time
from collections.abc import Callable

from game.engine import LEVELS, Minefield
from game.solver import analyse, next_move
from game.solver.incremental import IncrementalAnalysis

COVERED_CODE = 10       # ms_toollib's code for a covered cell


def game_views(level: str, seed: int) -> tuple[list[list[str]], int]:
    """Every position of one game played by the computer, in order."""
    size = LEVELS[level]
    field = Minefield(size.width, size.height, size.mines, seed=seed, first_click="safe")
    views = []
    while field.status in ("ready", "playing"):
        view = field.view()
        if field.status == "playing":
            views.append(view)
        move = next_move(view, size.mines, first_click="safe", flags=False)
        field.reveal(move.x, move.y)
    return views, size.mines


def timed(cpu: list[float], wall: list[float], call: Callable[..., object],
          *args: object) -> object:
    """``call(*args)``, its CPU and wall time noted."""
    start, start_cpu = time.perf_counter(), time.thread_time()
    result = call(*args)
    cpu.append(time.thread_time() - start_cpu)
    wall.append(time.perf_counter() - start)
    return result


def ms_board(view: list[str]) -> list[list[int]]:
    return [[COVERED_CODE if c in "#F?" else int(c) for c in row] for row in view]


def bench_level(level: str, games: int, toollib) -> list[str]:
    times: dict[str, tuple[list[float], list[float]]] = {
        name: ([], []) for name in ("scratch", "incremental", "ms_toollib")}
    for seed in range(games):
        views, mines = game_views(level, seed)
        game = IncrementalAnalysis()
        for view in views:
            scratch = timed(*times["scratch"], analyse, view, mines)
            got = timed(*times["incremental"], game.analyse, view, mines)
            if got.probabilities != scratch.probabilities:     # type: ignore[attr-defined]
                raise SystemExit(f"{level} seed {seed}: incremental differs from scratch")
            if toollib is not None:
                board = ms_board(view)
                timed(*times["ms_toollib"], toollib.cal_probability_onboard, board, mines)
    lines = []
    for name, (cpu, wall) in times.items():
        if not cpu:
            continue
        cpu.sort()
        lines.append(f"{level:<13}{name:<13}{len(cpu):>10}{statistics.median(cpu) * 1000:>10.3f}"
                     f"{cpu[int(0.99 * (len(cpu) - 1))] * 1000:>10.3f}"
                     f"{statistics.median(wall) * 1000:>12.3f}")
    if toollib is not None:
        ours = statistics.median(times["incremental"][0])
        theirs = statistics.median(times["ms_toollib"][0])
        lines.append(f"{'':<13}incremental / ms_toollib (median CPU): {ours / theirs:.2f}"
                     f"   from scratch / ms_toollib: "
                     f"{statistics.median(times['scratch'][0]) / theirs:.2f}")
    return lines


def bench_probabilities(games: int = 30) -> None:
    try:
        toollib = importlib.import_module("ms_toollib")
    except ImportError:
        toollib = None
        print("(ms_toollib is not installed: `pip install ms-toollib` to compare)")
    print(f"{'level':<13}{'method':<13}{'positions':>10}{'CPU p50':>10}{'CPU p99':>10}"
          f"{'wall p50':>12}   (ms per position, {games} games per level)")
    for level in ("beginner", "intermediate", "expert"):
        for line in bench_level(level, games, toollib):
            print(line, flush=True)
