"""How well and how fast the computer player plays (docs/rules.md, "The computer player").

    python tools/solver_bench.py --games 1000 --levels beginner,intermediate,expert \\
        --rules safe,opening --jobs 2

Plays seeded games (seeds ``--first-seed`` onwards, the same seeds for every
rule) through the engine, one ``next_move`` per move, and prints the win rate
with its 95 % Wilson interval beside the best published rate, and the time per
move (median and 99th percentile, measured inside the worker processes).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine import LEVELS, Minefield  # noqa: E402
from game.solver import next_move  # noqa: E402

#: Best published win rates (David Hill's JSMinesweeper / Minesweeper solver):
#: "safe" is a safe first click in a corner, "opening" a first click that
#: always opens an area.
PUBLISHED = {
    ("beginner", "safe"): 0.917, ("intermediate", "safe"): 0.782, ("expert", "safe"): 0.408,
    ("beginner", "opening"): 0.972, ("intermediate", "opening"): 0.891,
    ("expert", "opening"): 0.543,
}


Result = tuple[str, str, bool, list[float], int, list[float]]


def play(job: tuple[str, str, int]) -> Result:
    """Play one game; (level, rule, won, wall seconds per move, guesses, CPU
    seconds per move). CPU time (``time.thread_time``) is what the move cost;
    on a shared machine wall time is mostly scheduling noise."""
    level, rule, seed = job
    size = LEVELS[level]
    field = Minefield(size.width, size.height, size.mines, seed=seed, first_click=rule)
    times: list[float] = []
    cpu: list[float] = []
    guesses = 0
    while field.status in ("ready", "playing"):
        view = field.view()
        start, start_cpu = time.perf_counter(), time.thread_time()
        move = next_move(view, size.mines, first_click=rule, flags=False)
        times.append(time.perf_counter() - start)
        cpu.append(time.thread_time() - start_cpu)
        guesses += not move.certain
        if move.kind == "reveal":
            field.reveal(move.x, move.y)
        else:
            field.toggle_flag(move.x, move.y)
    return level, rule, field.status == "won", times, guesses, cpu


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def report(results: list[Result], levels: list[str],
           rules: list[str]) -> None:
    print(f"{'level':<13}{'rule':<9}{'games':>6}{'won':>6}{'win rate':>10}"
          f"{'95% CI':>17}{'published':>11}{'guesses/game':>14}"
          f"{'move median':>13}{'move p99':>10}{'CPU median':>12}{'CPU p99':>10}")
    for level in levels:
        for rule in rules:
            mine = [r for r in results if r[0] == level and r[1] == rule]
            if not mine:
                continue
            wins = sum(r[2] for r in mine)
            lo, hi = wilson(wins, len(mine))
            times = sorted(t for r in mine for t in r[3])
            p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
            cpu = sorted(t for r in mine for t in r[5])
            cpu99 = cpu[min(len(cpu) - 1, int(len(cpu) * 0.99))]
            guesses = statistics.mean(r[4] for r in mine)
            print(f"{level:<13}{rule:<9}{len(mine):>6}{wins:>6}{wins / len(mine):>10.1%}"
                  f"{f'{lo:.1%} - {hi:.1%}':>17}{PUBLISHED[(level, rule)]:>11.1%}"
                  f"{guesses:>14.2f}{statistics.median(times) * 1000:>10.2f} ms"
                  f"{p99 * 1000:>7.1f} ms{statistics.median(cpu) * 1000:>9.2f} ms"
                  f"{cpu99 * 1000:>7.1f} ms")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per level and rule")
    parser.add_argument("--levels", default="beginner,intermediate,expert")
    parser.add_argument("--rules", default="safe,opening")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args(argv)
    levels = args.levels.split(",")
    rules = args.rules.split(",")
    for level in levels:
        if level not in LEVELS:
            parser.error(f"unknown level {level!r}: choose from {', '.join(LEVELS)}")
    for rule in rules:
        if (levels[0], rule) not in PUBLISHED:
            parser.error(f"unknown rule {rule!r}: choose from safe, opening")
    jobs = [(level, rule, seed) for level in levels for rule in rules
            for seed in range(args.first_seed, args.first_seed + args.games)]
    start = time.perf_counter()
    with Pool(args.jobs) as pool:
        results = list(pool.imap_unordered(play, jobs, chunksize=4))
    report(results, levels, rules)
    print(f"({len(jobs)} games in {time.perf_counter() - start:.0f} s with {args.jobs} jobs;"
          f" seeds {args.first_seed}-{args.first_seed + args.games - 1})")


if __name__ == "__main__":
    main()
