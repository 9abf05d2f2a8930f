"""Benchmarks that print figures (performance targets live here, not in tests).

    python tools/bench.py engine    # new game + first click, all-zero cascade, 3BV

Figures are medians over several runs: the machines are shared and noisy.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine import ANY_SIZE, Minefield  # noqa: E402
from game.engine.topology import grid  # noqa: E402

ENGINE_BOARDS = [("Expert", 30, 16, 99, 200), ("100x100", 100, 100, 2000, 30),
                 ("1000x1000", 1000, 1000, 150_000, 3)]


def median_ms(run: Callable[[], object], repeats: int) -> float:
    """Median wall time of ``run`` in milliseconds."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def bench_engine() -> None:
    print(f"{'board':<11} {'new game + first click':>24} {'(cold, incl. tables)':>21}"
          f" {'all-zero cascade':>17} {'3BV':>10}")
    for name, w, h, mines, repeats in ENGINE_BOARDS:
        grid.cache_clear()
        cold = median_ms(lambda: Minefield(w, h, mines, seed=1, limits=ANY_SIZE).reveal(w // 2, h // 2), 1)
        seeds = iter(range(10**6))

        def new_game() -> None:
            Minefield(w, h, mines, seed=next(seeds), limits=ANY_SIZE).reveal(w // 2, h // 2)

        warm = median_ms(new_game, repeats)
        zero_rows = ["." * w] * (h - 1) + ["." * (w - 1) + "*"]
        fields = []

        def cascade() -> None:
            f = Minefield.from_layout(zero_rows)
            start = time.perf_counter()
            f.reveal(0, 0)
            fields.append(time.perf_counter() - start)

        for _ in range(max(1, repeats // 10)):
            cascade()
        cascade_ms = statistics.median(fields) * 1000
        boards = []
        for seed in range(max(1, repeats // 10)):
            f = Minefield(w, h, mines, seed=seed, limits=ANY_SIZE)
            f.reveal(w // 2, h // 2)
            boards.append(f)
        it = iter(boards)
        bbbv_ms = median_ms(lambda: next(it).stats().bbbv, len(boards))
        print(f"{name:<11} {warm:>21.3f} ms {cold:>18.1f} ms {cascade_ms:>14.1f} ms"
              f" {bbbv_ms:>7.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=["engine"])
    parser.parse_args()
    bench_engine()


if __name__ == "__main__":
    main()
