"""Choosing a guess when nothing is certain.

The safest cell is not always the best guess: a cell that is slightly riskier
but likely to prove other cells safe (or to leave a good next guess) often
wins more games. So, as strong solvers do, every cell whose safety is within
20 % of the best is looked at one move ahead (``lookahead``) and scored by the
chance of surviving this guess *and* the best move after it, with a small
bonus for making progress. A cell that often belongs to an unavoidable 50/50
(``fifty``: in those layouts the risk must be taken some day anyway) has its
score raised in proportion. Cells no number touches are all alike in risk; only
a few of them, those most likely to open an area (corners, edges, cells with
few covered neighbours), are looked at. The weights below were tuned on paired
games: the same boards played with and without a change (README,
"Benchmarks").

Everything runs within a time budget: candidates are examined safest first,
and whatever was not examined in time keeps its plain risk as its score.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from .analysis import Analysis
from .count import OutOfTime
from .fifty import Traps
from .lookahead import Foresight, deep_safety, foresee, shrink

MARGIN = 0.8           # look at cells at least 80 % as safe as the safest
PROGRESS_BONUS = 0.05  # weight of "the number shown proves another cell safe"
MAX_FRONTIER = 12      # candidates next to numbers examined at most
MAX_OUTSIDE = 4        # candidates away from numbers examined at most
INFLUENCE = 0.9        # weight of "a 50/50 that would have to be guessed anyway"
SECONDS = 0.08         # look-ahead budget per guess
DEEP_WITHIN = 0.0      # experiment: two moves deep for scores within this fraction of the best
DEEP_CONTENDERS = 3    # at most this many contenders searched two moves deep
DEEP_WIDTH = 3         # next cells scored one move ahead in each position after
DEEP_SECONDS = 0.1     # budget of the two-move search


@dataclass(frozen=True)
class Guess:
    """The chosen cell (flat index), its risk and what the look-ahead found."""

    cell: int
    risk: float
    foresight: Foresight | None


def choose(analysis: Analysis, candidates: list[int], traps: Traps | None,
           seconds: float | None = None) -> Guess:
    """The best of ``candidates`` (undecided covered cells, at least one).
    ``traps`` are the position's 50/50s (None when the count was approximate);
    their problem and cache serve the look-ahead too. ``seconds`` is the
    look-ahead budget, ``SECONDS`` unless given (read at each call, so that
    ``tools/solver_bench.py --set guess.SECONDS=…`` can change it)."""
    risk = analysis.risk
    position = analysis.position
    table = position.topology.neighbours
    covered = position.covered

    def openness(c: int) -> int:
        return sum(1 for j in table[c] if j in covered)

    outside = set(analysis.counted.outside if analysis.counted else ())
    ranked = sorted(candidates, key=lambda c: (risk[c], openness(c), c))
    safest = 1.0 - risk[ranked[0]]
    close = [c for c in ranked if 1.0 - risk[c] >= safest * MARGIN]
    picked = [c for c in close if c not in outside][:MAX_FRONTIER]
    picked += [c for c in close if c in outside][:MAX_OUTSIDE]
    if len(picked) <= 1 or traps is None:
        return Guess(ranked[0], risk[ranked[0]], None)
    base, cache, total = traps.problem, traps.cache, traps.counted.total
    deadline = time.perf_counter() + (SECONDS if seconds is None else seconds)
    best: tuple[float, int] | None = None
    seen: Foresight | None = None
    scored: list[tuple[float, int, Foresight, float]] = []
    for c in sorted(picked, key=lambda c: (risk[c], openness(c), c)):
        try:
            sight = foresee(base, c, position.topology, cache, deadline)
        except OutOfTime:
            break
        safe = total - traps.mines[c]
        lift = 1.0 + INFLUENCE * (traps.influence(c) >> shrink(safe)) / (safe >> shrink(safe))
        score = (1.0 - risk[c]) * (sight.next_safety() + PROGRESS_BONUS * sight.progress()) * lift
        scored.append((score, c, sight, lift))
        if best is None or score > best[0]:
            best, seen = (score, c), sight
    if best is None:
        return Guess(ranked[0], risk[ranked[0]], None)
    if DEEP_WITHIN > 0.0:
        # Equal scores are cells alike (the corners of an untouched board):
        # one of each is enough.
        near = list({s[0]: s for s in reversed(scored)
                     if s[0] >= best[0] * (1.0 - DEEP_WITHIN)}.values())
        if len(near) > 1:
            near.sort(key=lambda s: -s[0])
            deep_deadline = time.perf_counter() + DEEP_SECONDS
            top: tuple[float, int, Foresight] | None = None
            try:
                for _, c, sight, lift in near[:DEEP_CONTENDERS]:
                    deep = deep_safety(base, c, position.topology, cache, deep_deadline,
                                       DEEP_WIDTH)
                    value = (1.0 - risk[c]) * (deep + PROGRESS_BONUS * sight.progress()) * lift
                    if top is None or value > top[0]:
                        top = (value, c, sight)
            except OutOfTime:
                top = None
            if top is not None:
                return Guess(top[1], risk[top[1]], top[2])
    return Guess(best[1], risk[best[1]], seen)
