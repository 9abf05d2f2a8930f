"""Exact play when few layouts remain: search every line of play.

Near the end of a game the remaining layouts can be listed one by one. Then
the best move is the one that wins in the most layouts, assuming best play
afterwards, which a memoised search finds exactly: a set of layouts is a
node; revealing a cell splits the layouts where it is safe by the number it
shows. Counting won *layouts* (integers) instead of probabilities keeps every
comparison exact.

Nodes are sets of layouts (bitmasks over the list), so transpositions are
shared. A cell that is safe in every layout of a node is revealed for free
when its number would tell something. The search is bounded by a node
budget (deterministic, unlike a clock) and gives up past it.

Under the classic rule, while the top-left is covered, layouts are not all
alike (``relocation``): each counts as the number of laid boards that lead
to it, one plus its run of mines along the relocation's scan, so the search
adds up those whole numbers instead. Counted alike, it took a top-left
50/50 for an even guess and revealed its lower cell, (0, 0), the mine of
the heavier layout: 67 % risk where the other cell had 33 %.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from .analysis import Analysis
from .problem import Problem

MAX_LAYOUTS = 300
MAX_CELLS = 40
NODE_BUDGET = 20_000


class _Exhausted(Exception):
    """The search needed more nodes than its budget."""


def endgame_move(analysis: Analysis, candidates: list[int]) -> tuple[int, float] | None:
    """The candidate that wins in the most layouts and its chance to win, or
    None when the position is too big to search."""
    if not analysis.exact or analysis.layouts is None or analysis.layouts > MAX_LAYOUTS:
        return None
    problem = analysis.deduction.reduced()
    if len(problem.unknown) > MAX_CELLS:
        return None
    layouts = list_layouts(problem)
    weights = [relocation_weight(layout, analysis.scan, problem.known_mines)
               for layout in layouts] if analysis.scan else []
    search = _Search(layouts, sorted(problem.unknown), analysis.position.topology.neighbours,
                     weights)
    try:
        won, cell = search.decide(search.everything, roots=candidates)
    except _Exhausted:
        return None
    if cell is None:
        return None
    return cell, won / search.weight(search.everything)


def relocation_weight(layout: Collection[int], scan: Sequence[int],
                      known_mines: Collection[int]) -> int:
    """How many laid boards of the classic rule lead to ``layout`` (its
    undecided cells' mines, ``known_mines`` the decided ones): one, plus the
    length of the run of mines it starts ``scan`` with (``relocation``)."""
    run = 0
    for c in scan:
        if c not in layout and c not in known_mines:
            break
        run += 1
    return 1 + run


def list_layouts(problem: Problem) -> list[frozenset[int]]:
    """Every way to place ``problem.mines`` mines on the undecided cells that
    fits the constraints (cells next to numbers first, so dead ends show early)."""
    of_cell: dict[int, list[int]] = {}
    for n, cells in problem.cells_of.items():
        for c in cells:
            of_cell.setdefault(c, []).append(n)
    order = sorted(of_cell) + sorted(problem.unknown.difference(of_cell))
    need = dict(problem.need)
    left = {n: len(cells) for n, cells in problem.cells_of.items()}
    chosen: list[int] = []
    out: list[frozenset[int]] = []

    def place(i: int, mines: int) -> None:
        if mines < 0 or mines > len(order) - i:
            return
        if i == len(order):
            out.append(frozenset(chosen))
            return
        c = order[i]
        for mine in (0, 1):
            fits = True
            for n in of_cell.get(c, ()):
                need[n] -= mine
                left[n] -= 1
                fits = fits and 0 <= need[n] <= left[n]
            if fits:
                chosen.extend([c] * mine)
                place(i + 1, mines - mine)
                del chosen[len(chosen) - mine:]
            for n in of_cell.get(c, ()):
                need[n] += mine
                left[n] += 1

    place(0, problem.mines)
    return out


class _Search:
    """Best play over a fixed list of layouts, by bitmask of layout indices,
    each layout counting ``weights[i]`` times (once each when empty)."""

    def __init__(self, layouts: list[frozenset[int]], cells: list[int],
                 neighbours: Sequence[Sequence[int]], weights: Sequence[int] = ()) -> None:
        self.everything = (1 << len(layouts)) - 1
        # A node's weight is its layouts, plus those weighing 2 or more,
        # plus those weighing 3 or more, ...: a few bit counts per option,
        # where a walk over the node's layouts cost the weighed search a
        # third of its time (p99 104 ms against 77, 6x5 boards). Weights all
        # alike (the top-left proved safe, or the scan's first cells proved
        # mines) rank every move as counted alike: then the plain search.
        alike = len(set(weights)) <= 1
        self.heavier = [] if alike else [
            sum(1 << i for i, w in enumerate(weights) if w > k)
            for k in range(1, max(weights))]
        self.cells = cells
        self.mine: dict[int, int] = {}
        self.shows: dict[int, list[int]] = {}   # cell -> masks of layouts by number shown
        for c in cells:
            by_value: dict[int, int] = {}
            mine = 0
            for i, layout in enumerate(layouts):
                if c in layout:
                    mine |= 1 << i
                else:
                    v = sum(1 for j in neighbours[c] if j in layout)
                    by_value[v] = by_value.get(v, 0) | 1 << i
            self.mine[c] = mine
            self.shows[c] = list(by_value.values())
        self.memo: dict[int, int] = {}
        self.nodes = 0

    def weight(self, node: int) -> int:
        """The layouts of ``node``, each counted by its weight (or by a
        weight proportional to it, when all are alike)."""
        if not self.heavier:
            return node.bit_count()
        return node.bit_count() + sum((node & m).bit_count() for m in self.heavier)

    def wins(self, node: int) -> int:
        """Layouts of ``node`` won with best play, each counted by its weight."""
        if node & (node - 1) == 0:
            return self.weight(node)
        known = self.memo.get(node)
        if known is not None:
            return known
        self.nodes += 1
        if self.nodes > NODE_BUDGET:
            raise _Exhausted
        for c in self.cells:
            if node & self.mine[c] == 0:
                parts = [node & m for m in self.shows[c] if node & m]
                if len(parts) > 1:      # a free reveal that tells something
                    result = sum(self.wins(p) for p in parts)
                    break
        else:
            result = self.decide(node)[0]
        self.memo[node] = result
        return result

    def decide(self, node: int, roots: list[int] | None = None) -> tuple[int, int | None]:
        """(layouts won, by weight, and the cell to reveal) for the best reveal at
        ``node``."""
        options = []
        for c in roots if roots is not None else self.cells:
            safe = node & ~self.mine[c]
            if safe and node & self.mine[c]:
                options.append((self.weight(safe), c))
        options.sort(key=lambda o: (-o[0], o[1]))
        best, choice = 0, None
        for bound, c in options:
            if bound <= best:
                break
            won = sum(self.wins(node & m) for m in self.shows[c] if node & m)
            if won > best:
                best, choice = won, c
        return best, choice
