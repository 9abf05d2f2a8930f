"""Approximate probabilities for positions too big to count in the time given.

Only used when ``analyse`` runs out of its ``max_seconds`` budget (a huge
board with a tangled frontier). Iterative proportional fitting: start every
undecided cell at the board's mine density, then repeatedly scale the cells
of each number so their probabilities add up to the mines it needs, and give
the outside whatever the total mine count leaves. Cells decided by the local
rules keep their exact 0 or 1; an estimate never reaches 0 or 1 (it stays
within ``[UNSURE, 1 - UNSURE]``): the overlay would show it "safe" or a
"mine", shaded as certain, and the player would guess it as one, while the
fitting pins a cell at 0 or 1 that can still be either (a mine was shown
"safe").
"""

from __future__ import annotations

from .problem import Problem

ROUNDS = 40
UNSURE = 0.001


def approximate(problem: Problem) -> dict[int, float]:
    """A mine probability for every undecided cell of ``problem``."""
    unknown = problem.unknown
    if not unknown:
        return {}
    density = problem.mines / len(unknown)
    p = {c: density for cells in problem.cells_of.values() for c in cells}
    for _ in range(ROUNDS):
        for n, cells in problem.cells_of.items():
            _fit(p, cells, problem.need[n])
    outside = [c for c in unknown if c not in p]
    if outside:
        left = problem.mines - sum(p.values())
        share = min(1.0, max(0.0, left / len(outside)))
        p.update(dict.fromkeys(outside, share))
    return {c: min(1.0 - UNSURE, max(UNSURE, q)) for c, q in p.items()}


def _fit(p: dict[int, float], cells: tuple[int, ...], need: int) -> None:
    """Scale the probabilities of ``cells`` towards a sum of ``need``,
    keeping each within [0, 1]."""
    total = sum(p[c] for c in cells)
    if total <= 0.0:
        for c in cells:
            p[c] = need / len(cells)
        return
    factor = need / total
    for c in cells:
        p[c] = min(1.0, p[c] * factor)
