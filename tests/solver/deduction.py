"""An independent judge of "solvable without guessing", for the tests.

The solver proves a no-guess board clearable with its own deductions, and
its tests asked the same solver whether its moves were certain. This judge
shares nothing with it: neighbours come from geometry
(``tests/engine/shape_oracle``), the game is the oracle's, and a cell is
safe when no placement of the mines fitting every number and the mine count
puts a mine there, found by plain backtracking over the cells the numbers
touch. Slow on purpose, and fast enough for boards up to 16x16.
"""

from __future__ import annotations

from ..engine.shape_oracle import Game, neighbour_map

Cell = tuple[int, int]


def _bfs_order(frontier: list[Cell], numbers: dict[Cell, int],
               around: dict[Cell, set[Cell]]) -> list[Cell]:
    """The frontier cells, each next to the ones sharing a number with it,
    so that a number is settled soon after its first cell is placed."""
    inside = set(frontier)
    order: list[Cell] = []
    seen: set[Cell] = set()
    for start in frontier:
        if start in seen:
            continue
        queue = [start]
        seen.add(start)
        while queue:
            cell = queue.pop(0)
            order.append(cell)
            for n in around[cell]:
                if n in numbers:
                    for d in sorted(around[n] & inside - seen):
                        seen.add(d)
                        queue.append(d)
    return order


def provably_safe(view: list[str], mines: int, around: dict[Cell, set[Cell]]) -> list[Cell]:
    """The covered cells of ``view`` (the oracle's view: ``#`` covered,
    digits open) that hold no mine in any placement fitting the view."""
    covered = sorted((c for c in around if view[c[1]][c[0]] == "#"), key=lambda c: (c[1], c[0]))
    numbers = {c: int(view[c[1]][c[0]]) for c in around if view[c[1]][c[0]].isdigit()}
    frontier = sorted({d for c in numbers for d in around[c] if view[d[1]][d[0]] == "#"},
                      key=lambda c: (c[1], c[0]))
    order = _bfs_order(frontier, numbers, around)
    others = len(covered) - len(order)
    need = dict(numbers)
    left = {c: sum(1 for d in around[c] if d in set(order)) for c in numbers}
    may_be_mine: set[Cell] = set()
    other_may_be_mine = False
    placed: dict[Cell, int] = {}

    def place(i: int, mines_placed: int) -> None:
        nonlocal other_may_be_mine
        if i == len(order):
            rest = mines - mines_placed
            if 0 <= rest <= others:
                may_be_mine.update(c for c in order if placed[c])
                other_may_be_mine = other_may_be_mine or rest > 0
            return
        cell = order[i]
        for mine in (0, 1):
            fits = True
            for n in around[cell]:
                if n in numbers:
                    need[n] -= mine
                    left[n] -= 1
                    fits = fits and 0 <= need[n] <= left[n]
            if fits:
                placed[cell] = mine
                place(i + 1, mines_placed + mine)
            for n in around[cell]:
                if n in numbers:
                    need[n] += mine
                    left[n] += 1

    place(0, 0)
    inside = set(order)
    return [c for c in covered
            if c not in may_be_mine and (c in inside or not other_may_be_mine)]


def cleared_by_proof(shape: str, layout: list[str], first: Cell) -> bool:
    """Whether the board drawn as ``layout`` is won from the first reveal
    at ``first`` by opening only cells proved safe (AssertionError if a
    cell so proved holds a mine: the judge would be wrong)."""
    around = neighbour_map(shape, layout)
    game = Game(shape, layout)
    game.play("R", first)
    mines = sum(row.count("*") for row in layout)
    while game.status == "playing":
        safe = provably_safe(game.view(), mines, around)
        if not safe:
            return False
        for cell in safe:
            game.play("R", cell)
        assert game.status != "lost", "a cell proved safe held a mine"
    return game.status == "won"
