"""Benchmarks that print figures (performance targets live here, not in tests).

    python tools/bench.py engine    # new game + first click, all-zero cascade, 3BV
    python tools/bench.py render    # per-frame CPU time, then start to first frame
    python tools/bench.py start     # only start to first frame, beside a bare pygame start
    python tools/bench.py assist    # what the computer costs: hint, overlay, auto-play move
    python tools/bench.py budget    # the same on 100x100 grids, hexagons and tori vs the budget
    python tools/bench.py no-guess  # a no-guess board's first click on big dense fields
    python tools/bench.py store     # a game end's cost, commits, History on 20,000 games
    python tools/bench.py replay    # size of an Expert replay, seeking in the viewer
    python tools/bench.py history   # opening History with 1,000 games and their replays
    python tools/bench.py volume    # start, records pages, game end: a million games vs none
    python tools/bench.py shapes    # engine and solver on a torus and hexagons vs the grid
    python tools/bench.py frames    # frame times through the real loop (tools/bench_frames.py)
    python tools/bench.py probabilities  # per position over whole games, vs ms_toollib

Figures are medians over several runs: the machines are shared and noisy.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine import (  # noqa: E402
    ANY_SIZE,
    Minefield,
    topology,  # noqa: E402
)

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
        topology._make.cache_clear()
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


def _frame_ms(app, prepare: Callable[[], object] | None = None, repeats: int = 50) -> float:
    """Median CPU time of one ``app.render()``, after ``prepare`` each time."""
    times = []
    for _ in range(repeats):
        if prepare:
            prepare()
        start = time.process_time()
        app.render()
        times.append((time.process_time() - start) * 1000)
    return statistics.median(times)


def bench_render() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from scratch import scratch_folder

    from game.engine import Minefield
    from game.settings import Settings
    from game.store import Store
    from game.ui.app import App
    from game.ui.loop import TickClock

    store = Store(scratch_folder("minesweeper-bench-"))

    print(f"{'frame':<44} {'scale 1':>10} {'scale 3':>10}")
    rows: dict[str, list[str]] = {}
    for scale in (1, 3):
        expert = App(Settings(level="expert", sound=False, scale=scale), store=store,
                     clock=TickClock())
        expert.render()
        expert.play.play("reveal", (15, 8))
        expert.render()
        rows.setdefault("idle frame, Expert (nothing changed)", []).append(
            f"{_frame_ms(expert, repeats=500):.3f} ms")
        rows.setdefault("full first draw, Expert", []).append(
            f"{_frame_ms(expert, expert.invalidate, repeats=50):.3f} ms")
        big = App(Settings(level="custom", custom_width=100, custom_height=100, custom_mines=10,
                           sound=False, scale=scale), store=store, clock=TickClock())
        views = []

        def cascade() -> None:
            rows_ = ["." * 100] * 99 + ["." * 99 + "*"]
            big.play.new_game(field=Minefield.from_layout(rows_))
            big.render()
            big.play.play("reveal", (0, 0))
            views.append(big.layout.view_cols)

        rows.setdefault("frame after a cascade, 100x100 (visible part)", []).append(
            f"{_frame_ms(big, cascade, repeats=9):.3f} ms")
        rows.setdefault("  visible columns x rows of that board", []).append(
            f"{big.layout.view_cols}x{big.layout.view_rows}")
        big.close()
    for name, values in rows.items():
        print(f"{name:<44} {values[0]:>10} {values[1]:>10}")
    bench_start()


#: The least a pygame program does before its first frame: the yardstick for
#: the game's start-up (docs/design.md, "Start-up").
BARE_START = ("import pygame; pygame.init();"
              " pygame.display.set_mode((164, 227), pygame.SCALED);"
              " pygame.display.flip()")
START_RUNS = 9


def bench_start() -> None:
    """Start to first frame: ``python -m game --frames 1`` beside a bare
    ``pygame.init()`` + ``set_mode`` + ``flip``, each a fresh interpreter,
    interleaved so both see the same machine load; medians and their ratio.
    Bytecode caches are allowed (as after an install, which compiles them), so
    neither side pays for compiling sources on every start."""
    import tempfile

    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    runs: dict[str, list[float]] = {"bare": [], "game": []}
    with tempfile.TemporaryDirectory(prefix="minesweeper-bench-") as data:
        commands = {"bare": [sys.executable, "-W", "ignore", "-c", BARE_START],
                    "game": [sys.executable, "-m", "game", "--frames", "1", "--data-dir", data]}
        for _ in range(START_RUNS):
            for name, command in commands.items():
                start = time.perf_counter()
                subprocess.run(command, check=True, env=env, cwd=ROOT)
                runs[name].append(time.perf_counter() - start)
    bare, game = (statistics.median(runs[n]) for n in ("bare", "game"))
    print(f"start to first frame, median of {START_RUNS}:"
          f" bare pygame.init() + set_mode {bare:.3f} s,"
          f" python -m game --frames 1 {game:.3f} s ({game / bare:.2f}x)")


def bench_assist(games: int = 3) -> None:
    """How long the window waits for the computer: each hint, overlay
    analysis and auto-play move of whole games, Expert and 100x100, through
    the same budgeted calls the window makes."""
    from game.engine import ANY_SIZE, Minefield
    from game.solver import analyse, hint, next_move
    from game.ui.assist import budget

    print(f"{'board':<28} {'requests':>9} {'median':>10} {'p99':>10} {'max':>10} {'approx.':>8}")
    for name, (w, h, m) in (("Expert 30x16/99", (30, 16, 99)),
                            ("100x100/1600", (100, 100, 1600))):
        times: list[float] = []
        approx = 0
        for seed in range(games):
            f = Minefield(w, h, m, seed=seed, limits=ANY_SIZE)
            seconds = budget(f)
            while f.status in ("ready", "playing") and len(times) < 4000:
                view = f.view()
                t0 = time.perf_counter()
                hint(view, m, max_seconds=seconds)
                t1 = time.perf_counter()
                a = analyse(view, m, max_seconds=seconds)
                t2 = time.perf_counter()
                move = next_move(view, m, max_seconds=seconds)
                t3 = time.perf_counter()
                times += [t1 - t0, t2 - t1, t3 - t2]
                approx += not a.exact
                (f.reveal if move.kind == "reveal" else f.toggle_flag)(move.x, move.y)
        times.sort()
        p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
        print(f"{name:<28} {len(times):>9} {statistics.median(times) * 1000:>8.2f} ms"
              f" {p99 * 1000:>7.1f} ms {times[-1] * 1000:>7.1f} ms {approx:>8}")
    print("\nfirst click on a no-guess board (the layer runs then), 25 seeds:")
    from game.solver import no_guess_layer
    for name, (w, h, m) in (("Beginner", (9, 9, 10)), ("Intermediate", (16, 16, 40)),
                            ("Expert", (30, 16, 99))):
        times = []
        for seed in range(25):
            f = Minefield(w, h, m, seed=seed, layer=no_guess_layer)
            t0 = time.perf_counter()
            f.reveal(w // 2, h // 2)
            times.append(time.perf_counter() - t0)
        times.sort()
        print(f"  {name:<14} median {statistics.median(times) * 1000:6.1f} ms"
              f"   max {times[-1] * 1000:6.1f} ms")


NO_GUESS_BOARDS = [("Expert", 30, 16, 99), ("40x40/800", 40, 40, 800),
                   ("60x60/1800", 60, 60, 1800), ("100x100/3000", 100, 100, 3000),
                   ("100x100/5000", 100, 100, 5000)]


def bench_no_guess(seeds: int = 3, boards=NO_GUESS_BOARDS) -> list[str]:
    """The first click of a no-guess board as the window has it laid: the
    worker's ``LayoutJob`` (its search bounded by ``LAYOUT_SECONDS``), first
    click in the middle, on the grid, the torus and hexagons: median wall and CPU
    time, the slowest, and how many boards were found without a guess."""
    from game.ui.jobs import LAYOUT_SECONDS, LayoutJob
    print(f"no-guess first click, search bounded at {LAYOUT_SECONDS} s, {seeds} seeds:")
    lines = []
    for name, w, h, m in boards:
        for shape in ("grid", "torus", "hex"):
            wall, cpu, found = [], [], 0
            for seed in range(seeds):
                t0, c0 = time.perf_counter(), time.process_time()
                laid = LayoutJob(w, h, m, seed, "opening", (w // 2, h // 2), shape).run()
                wall.append(time.perf_counter() - t0)
                cpu.append(time.process_time() - c0)
                found += laid.no_guess
            lines.append(f"  {name:<13} {shape:<5} wall median {statistics.median(wall):6.2f} s"
                         f"  max {max(wall):6.2f} s   CPU median {statistics.median(cpu):6.2f} s"
                         f"   no-guess {found}/{seeds}")
            print(lines[-1], flush=True)
    return lines


def _engine_game_ms(shape: str, seed: int) -> float:
    """One Expert-sized game of ``shape`` played out by revealing safe cells in
    reading order: new board, every move, 3BV (milliseconds)."""
    start = time.perf_counter()
    f = Minefield(30, 16, 99, seed=seed, shape=shape)
    f.reveal(15, 8)
    layout = f.layout() or []
    for y, row in enumerate(layout):
        for x, c in enumerate(row):
            if c == "." and f.cell(x, y) == "#":
                f.reveal(x, y)
    f.stats()
    return (time.perf_counter() - start) * 1000


def _solver_move_ms(shape: str, games: int) -> list[float]:
    """Every auto-play move (``next_move``) of whole Expert-sized games of ``shape``."""
    from game.solver import next_move
    times = []
    for seed in range(games):
        f = Minefield(30, 16, 99, seed=seed, shape=shape)
        while f.status in ("ready", "playing"):
            view = f.view()
            t0 = time.perf_counter()
            move = next_move(view, 99, shape=shape)
            times.append((time.perf_counter() - t0) * 1000)
            (f.reveal if move.kind == "reveal" else f.toggle_flag)(move.x, move.y)
    return times


def bench_shapes(games: int = 20) -> None:
    """Engine and solver on Expert-sized boards (30x16, 99 mines) of every
    shape; the target is hexagons within twice the grid's times."""
    print(f"{'shape':<7} {'engine game (median)':>21} {'solver move (median)':>21}"
          f" {'solver move (p99)':>18} {'x grid (engine, solver)':>25}")
    base: tuple[float, float] | None = None
    for shape in ("grid", "torus", "hex"):
        engine = statistics.median(_engine_game_ms(shape, seed) for seed in range(200))
        moves = sorted(_solver_move_ms(shape, games))
        solver = statistics.median(moves)
        p99 = moves[min(len(moves) - 1, int(0.99 * len(moves)))]
        base = base or (engine, solver)
        print(f"{shape:<7} {engine:>18.2f} ms {solver:>18.3f} ms {p99:>15.2f} ms"
              f" {engine / base[0]:>14.2f} x {solver / base[1]:>6.2f} x")


ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    from replay_bench import bench_history, bench_replay
    from store_bench import bench_store

    benches = {"engine": bench_engine, "render": bench_render, "assist": bench_assist,
               "store": bench_store, "start": bench_start, "replay": bench_replay,
               "history": bench_history, "shapes": bench_shapes, "no-guess": bench_no_guess}
    parser.add_argument("what", choices=[*benches, "frames", "probabilities", "budget", "volume"])
    parser.add_argument("--frames", type=int, default=600,
                        help="frames per scenario (frames: half for the cascade and wins)")
    parser.add_argument("--only", help="frames: only the scenarios whose name contains this")
    parser.add_argument("--fonts", type=Path, metavar="DIR",
                        help="frames: characters looked for in the fonts under DIR, not the"
                        " system's (a folder of 2,000 links, as on a Windows with every"
                        " language pack)")
    parser.add_argument("--games", type=int, default=None,
                        help="games per level (probabilities, default 30), per shape and mine"
                        " count (budget, default 1), games in the records (volume, default"
                        " 1,000,000)")
    args = parser.parse_args()
    if args.what == "frames":
        from bench_frames import bench_frames
        bench_frames(args.frames, args.only, args.fonts)
    elif args.what == "probabilities":
        from bench_probabilities import bench_probabilities
        bench_probabilities(args.games or 30)
    elif args.what == "volume":
        from bench_volume import GAMES, bench_volume
        bench_volume(args.games or GAMES)
    elif args.what == "budget":
        from bench_budget import bench_budget
        bench_budget(args.games or 1)
    else:
        benches[args.what]()


if __name__ == "__main__":
    main()
