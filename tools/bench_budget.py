"""The computer's answers on the biggest boards against their time budget
(``python tools/bench.py budget``).

Plays 100x100 grids, hexagons and tori with 1,500, 2,200 and 3,000 mines
with the computer's own moves (``--games`` seeds each), keeps eight
positions spread over each game, and asks each of them what the window
asks the worker, through the very jobs it sends (``game.ui.jobs``), with the
window's budget (``assist.BUDGET_SECONDS``): the overlay's analysis (its
worker state fresh, as when the overlay is turned on mid-game or the state
was dropped: the slowest case), the hint and auto-play's move. Prints, per
question, the median and the largest wall and CPU time (the process's
``time.process_time``: on a shared machine wall time counts the waits for a
core), and how often the overlay had to approximate.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Iterable
from dataclasses import dataclass, field

from game.engine import ANY_SIZE, Minefield
from game.solver import next_move
from game.ui import jobs
from game.ui.assist import BUDGET_SECONDS
from game.ui.jobs import AnalyseJob, HintJob, MoveJob
from game.ui.worker_process import run_job

SHAPES = ("grid", "hex", "torus")
MINES = (1500, 2200, 3000)
PICKS = 8          # positions kept per game


@dataclass
class Times:
    """Wall and CPU seconds of one kind of question, and its approximations."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    approximate: int = 0

    def line(self, name: str) -> str:
        return (f"{name:<8} {len(self.wall):>5} {_ms(statistics.median(self.wall))}"
                f" {_ms(max(self.wall))} {_ms(statistics.median(self.cpu))} {_ms(max(self.cpu))}"
                f" {self.approximate:>7}")


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:>8.0f} ms"


def positions(shape: str, mines: int, seed: int, size: int = 100,
              picks: int = PICKS) -> list[list[str]]:
    """``picks`` views spread over one game the computer plays (the last
    one before it ends among them), on a ``size``x``size`` board."""
    f = Minefield(size, size, mines, seed=seed, limits=ANY_SIZE, shape=shape)
    cache: dict = {}
    views = []
    while f.status in ("ready", "playing"):
        view = f.view()
        if f.status == "playing":
            views.append(view)
        move = next_move(view, mines, max_seconds=BUDGET_SECONDS, shape=shape, cache=cache)
        (f.reveal if move.kind == "reveal" else f.toggle_flag)(move.x, move.y)
    kept = sorted({len(views) * k // picks for k in range(1, picks)} | {len(views) - 1})
    return [views[i] for i in kept if 0 <= i < len(views)]


def ask(view: list[str], mines: int, shape: str, times: dict[str, Times]) -> None:
    """Time the overlay, the hint and the move of one view into ``times``."""
    questions = (("overlay", AnalyseJob(tuple(view), mines, BUDGET_SECONDS, shape)),
                 ("hint", HintJob(tuple(view), mines, "opening", BUDGET_SECONDS, shape)),
                 ("move", MoveJob(tuple(view), mines, "opening", BUDGET_SECONDS, shape)))
    for kind, job in questions:
        jobs._games.clear()         # the worker's state fresh: the slowest case
        jobs._cache.clear()
        t0, c0 = time.perf_counter(), time.process_time()
        _ok, answer = run_job(job)     # as the worker does: a refusal is an answer too
        times[kind].wall.append(time.perf_counter() - t0)
        times[kind].cpu.append(time.process_time() - c0)
        times[kind].approximate += getattr(answer, "exact", True) is False


def bench_budget(games: int = 1, shapes: Iterable[str] = SHAPES,
                 counts: Iterable[int] = MINES, size: int = 100) -> list[str]:
    """Print (and return) the figures of every question, then the slowest
    board's alone."""
    times = {kind: Times() for kind in ("overlay", "hint", "move")}
    print(f"{size}x{size}, budget {BUDGET_SECONDS * 1000:.0f} ms, {games} game(s) per"
          " shape and mine count, positions from the computer's own play", flush=True)
    for shape in shapes:
        for mines in counts:
            for seed in range(games):
                for view in positions(shape, mines, seed, size):
                    ask(view, mines, shape, times)
            print(f"  {shape} {mines} done", flush=True)
    lines = [f"{'question':<8} {'asked':>5} {'wall p50':>11} {'wall max':>11}"
             f" {'CPU p50':>11} {'CPU max':>11} {'approx.':>7}"]
    lines += [t.line(kind) for kind, t in times.items()]
    for line in lines:
        print(line)
    return lines
