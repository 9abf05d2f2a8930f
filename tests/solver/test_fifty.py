"""Unavoidable 50/50s (solver/fifty.py): forced counts, traps, and the
player guessing a pseudo 50/50 first; checked against brute force."""

from __future__ import annotations

import itertools
import random

import pytest

from game.engine import Minefield
from game.solver import analyse, hint, next_move
from game.solver.analysis import analyse_position
from game.solver.fifty import Trap, Traps, force, layouts, neighbour_sets, traps_at
from game.solver.position import parse

from ..engine.shape_oracle import touches
from .oracle import random_position


def _all_layouts(view: list[str], mines: int) -> list[frozenset[tuple[int, int]]]:
    """Every layout of ``mines`` mines that fits ``view`` (brute force)."""
    height, width = len(view), len(view[0])
    covered = [(x, y) for y in range(height) for x in range(width) if view[y][x] in "#F?"]
    numbers = [(x, y, int(view[y][x])) for y in range(height) for x in range(width)
               if view[y][x].isdigit()]
    seen = {(x, y): [c for c in covered if touches("grid", width, height, (x, y), c)]
            for x, y, _ in numbers}
    return [frozenset(combo) for combo in itertools.combinations(covered, mines)
            if all(sum(c in combo for c in seen[(x, y)]) == v for x, y, v in numbers)]


def _positions(count: int, seed: int):
    rng = random.Random(seed)
    for _ in range(count):
        view, mines = random_position(rng)
        position = parse(view, mines)
        analysis = analyse_position(position)
        if analysis.counted is None or not analysis.deduction.reduced().unknown:
            continue
        yield view, mines, position, analysis


def test_forced_counts_match_brute_force():
    rng = random.Random(7)
    checked = 0
    for view, mines, position, analysis in _positions(150, 1):
        problem = analysis.deduction.reduced()
        every = _all_layouts(view, mines)
        cells = sorted(problem.unknown)
        for _ in range(3):
            chosen = rng.sample(cells, min(len(cells), rng.randint(1, 3)))
            mine = set(chosen[: rng.randint(0, len(chosen))])
            safe = set(chosen) - mine
            expected = sum(1 for layout in every
                           if all(position.xy(c) in layout for c in mine)
                           and not any(position.xy(c) in layout for c in safe))
            assert layouts(problem, mine, safe, {}) == expected, (view, mines, mine, safe)
            checked += 1
    assert checked > 200


def test_forcing_against_a_number_is_refused_at_once():
    position = parse(["1#", "##"], 1)
    problem = analyse_position(position).deduction.reduced()
    assert force(problem, [1, 2], []) is None           # two mines where the 1 allows one
    assert force(problem, [], [1, 2, 3]) is None         # no room left for the 1's mine


def _closed(position, trap: Trap, layout, side: tuple[int, ...]) -> bool:
    """Whether ``layout`` closes ``trap`` with ``side`` holding its mines."""
    return (all(position.xy(j) in layout for j in side + trap.missing)
            and not any(position.xy(j) in layout for j in set(trap.cells) - set(side)))


def test_trap_tallies_are_closed_layouts_and_symmetric():
    """A trap's tally counts layouts where its telling cells are mines and its
    mine side holds the mines; swapping the sides gives as many."""
    seen = 0
    for view, mines, position, analysis in _positions(300, 2):
        problem = analysis.deduction.reduced()
        traps = Traps(problem, analysis.counted, position.topology, {})
        every = _all_layouts(view, mines)
        for c in sorted(problem.unknown):
            for trap in traps_at(c, problem, neighbour_sets(position.topology.neighbours), 3):
                one = sum(1 for layout in every if _closed(position, trap, layout, trap.mine))
                other = sum(1 for layout in every if _closed(position, trap, layout, trap.safe))
                assert traps.tally(trap) == one == other, (view, mines, trap)
                seen += one > 0
    assert seen > 10


def _expected_traps(position, problem, cell: int, max_missing: int) -> set:
    """The traps at ``cell`` by their definition, with the oracle's geometry:
    a neighbour pair, or a 2×2 block split in two pairs, of undecided cells,
    whose telling cells (seeing the two sides differently) are none revealed
    and at most ``max_missing`` undecided."""
    width, height = position.width, position.height
    x, y = position.xy(cell)

    def index(cx, cy):
        return position.index(cx, cy) if 0 <= cx < width and 0 <= cy < height else None

    shapes = [((cell,), (j,)) for j in problem.unknown
              if j != cell and touches("grid", width, height, position.xy(j), (x, y))]
    for dx, dy in ((0, 0), (-1, 0), (0, -1), (-1, -1)):
        block = [index(x + dx + i, y + dy + k) for k in (0, 1) for i in (0, 1)]
        if None in block or not set(block) <= problem.unknown:
            continue
        rest = [j for j in block if j != cell]
        for partner in rest:
            shapes.append(((cell, partner), tuple(j for j in rest if j != partner)))
    out = set()
    for one, other in shapes:
        shape = set(one + other)
        telling = []
        for j in range(width * height):
            if j in shape:
                continue
            def seen(side, j=j):
                return sum(touches("grid", width, height, position.xy(j), position.xy(c))
                           for c in side)
            if seen(one) != seen(other):
                telling.append(j)
        if any(j not in problem.unknown and j not in problem.known_mines for j in telling):
            continue
        missing = sorted(j for j in telling if j in problem.unknown)
        if len(missing) <= max_missing:
            out.add((frozenset(one), frozenset(other), tuple(missing)))
    return out


def test_traps_are_found_as_defined():
    """Every pair and 2×2 block whose telling cells allow it, and nothing else."""
    found = 0
    for _view, _mines, position, analysis in _positions(250, 5):
        problem = analysis.deduction.reduced()
        sets = neighbour_sets(position.topology.neighbours)
        for cell in sorted(problem.unknown):
            for max_missing in (1, 3):
                got = {(frozenset(t.mine), frozenset(t.safe), t.missing)
                       for t in traps_at(cell, problem, sets, max_missing)}
                assert got == _expected_traps(position, problem, cell, max_missing)
                found += sum(len(one) == 2 for one, _, _ in got)
    assert found > 20           # 2×2 blocks among them


def test_a_pseudo_fifty_is_a_mine_only_inside_its_closed_trap():
    found = 0
    for view, mines, position, analysis in _positions(400, 3):
        problem = analysis.deduction.reduced()
        traps = Traps(problem, analysis.counted, position.topology, {})
        c = traps.pseudo_fifty(sorted(problem.unknown))
        every = _all_layouts(view, mines)
        sets = neighbour_sets(position.topology.neighbours)
        for cell in sorted(problem.unknown):
            as_mine = [layout for layout in every if position.xy(cell) in layout]
            partners = [trap for trap in traps_at(cell, problem, sets, 1)
                        if as_mine and all(
                            all(position.xy(j) in layout for j in trap.mine + trap.missing)
                            and not any(position.xy(j) in layout for j in trap.safe)
                            for layout in as_mine)]
            if cell == c:
                assert partners, (view, mines, cell)
                found += 1
            elif c is None:
                assert not partners, (view, mines, cell)
    assert found > 5


def test_influence_never_exceeds_the_cells_mine_or_safe_tally():
    for _view, _mines, position, analysis in _positions(200, 4):
        problem = analysis.deduction.reduced()
        traps = Traps(problem, analysis.counted, position.topology, {})
        for c in problem.unknown:
            mines = traps.mines[c]
            assert 0 <= traps.influence(c) <= min(mines, analysis.counted.total - mines)


def _fifty_fifty_in_a_corner() -> list[str]:
    """A 12×9 game: the top-left pair holds one mine that no number can ever
    place (the two cells that tell them apart are proved mines), while a
    cell at 12 % risk would prove more cells safe."""
    layout = ["*.*..*......",
              "..*.........",
              "......*..*..",
              ".......*.*..",
              ".......*....",
              "......*....*",
              "*....*..*...",
              ".....**...*.",
              ".....**..*.."]
    field = Minefield.from_layout(layout)
    for x, y in ((0, 1), (1, 1), (3, 0), (3, 1), (4, 0), (4, 1), (0, 2), (1, 2), (2, 2)):
        field.reveal(x, y)
    return field.view()


def test_the_player_guesses_an_unavoidable_fifty_fifty_first():
    view = _fifty_fifty_in_a_corner()
    assert view[0][:4] == "###2" and view[1][:3] == "13#"
    move = next_move(view, 20, flags=False)
    assert (move.kind, move.certain) == ("reveal", False)
    assert (move.x, move.y) in ((0, 0), (1, 0))
    assert move.risk == pytest.approx(0.5)
    assert "50/50" in move.reason


def test_the_hint_explains_why_a_fifty_fifty_comes_first():
    view = _fifty_fifty_in_a_corner()
    rows = [list(row) for row in view]
    for x, y in analyse(view, 20).mines:   # the proved mines flagged: the hint moves on
        rows[y][x] = "F"
    h = hint(["".join(row) for row in rows], 20)
    assert (h.kind, (h.x, h.y)) == ("guess", (0, 0))
    assert "50/50 no number can ever settle" in h.explanation and "50\u00a0% risk" in h.explanation
