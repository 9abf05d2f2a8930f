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

Everything runs within a budget of CPU time: candidates are examined safest first,
and whatever was not examined in time keeps its plain risk as its score.
"""

from __future__ import annotations

from dataclasses import dataclass

from .analysis import Analysis
from .count import OutOfTime
from .deadline import thinking
from .fifty import Traps
from .lookahead import Foresight, foresee, shrink

MARGIN = 0.8           # look at cells at least 80 % as safe as the safest
PROGRESS_BONUS = 0.05  # weight of "the number shown proves another cell safe"
MAX_FRONTIER = 12      # candidates next to numbers examined at most
MAX_OUTSIDE = 4        # candidates away from numbers examined at most
INFLUENCE = 0.9        # weight of "a 50/50 that would have to be guessed anyway"
SECONDS = 0.08         # look-ahead budget per guess, CPU seconds (``deadline``)


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
    deadline = thinking(SECONDS if seconds is None else seconds)
    best: tuple[float, int] | None = None
    seen: Foresight | None = None
    for c in sorted(picked, key=lambda c: (risk[c], openness(c), c)):
        try:
            sight = foresee(base, c, position.topology, cache, deadline)
        except OutOfTime:
            break
        score = (1.0 - risk[c]) * (sight.next_safety() + PROGRESS_BONUS * sight.progress())
        safe = total - traps.mines[c]
        score *= 1.0 + INFLUENCE * (traps.influence(c) >> shrink(safe)) / (safe >> shrink(safe))
        if best is None or score > best[0]:
            best, seen = (score, c), sight
    if best is None:
        return Guess(ranked[0], risk[ranked[0]], None)
    return Guess(best[1], risk[best[1]], seen)
