"""The classic rule's relocated mine, weighed exactly (docs/rules.md, "First click")."""

from __future__ import annotations

import functools
import random
from itertools import combinations

import pytest

from game import i18n
from game.engine import Minefield
from game.solver import analyse, hint, mine_probabilities, next_move


def oracle(width, height, mines, first, view):
    """Each cell's chance of a mine given ``view``, by laying every original
    board uniformly and moving a mine under ``first`` to the top-left-most
    free cell, as the classic rule does."""
    weight = {(x, y): 0 for y in range(height) for x in range(width)}
    total = 0
    for board in laid_boards(width, height, mines, first, view):
        total += 1
        for c in board:
            weight[c] += 1
    return [[weight[(x, y)] / total if view[y][x] in "#F?" else 0.0 for x in range(width)]
            for y in range(height)]


def laid_boards(width, height, mines, first, view):
    """Every original board laid, its mine under ``first`` moved to the
    top-left-most free cell as the classic rule does, that fits ``view``:
    one per laid board, so a final layout comes as often as boards lead
    to it."""
    numbers = [((x, y), around((x, y), width, height), int(ch))
               for y, row in enumerate(view) for x, ch in enumerate(row) if ch.isdigit()]
    for board in relocated(width, height, mines, first):
        if all(c not in board and sum(n in board for n in near) == count
               for c, near, count in numbers):
            yield set(board)


@functools.cache
def relocated(width, height, mines, first):
    """Every original board laid, its mine under ``first`` moved (before any
    view is asked: the same boards for all the positions of one first click)."""
    return moved_boards([(x, y) for y in range(height) for x in range(width)], mines, first)


def moved_boards(cells, mines, first):
    """Every board of ``mines`` laid on ``cells`` (in reading order), a mine
    under ``first`` moved to the first free cell of ``cells``."""
    return tuple(moved(laid, cells, first) for laid in combinations(cells, mines))


def moved(laid, cells, first):
    """The board ``laid``, its mine under ``first`` (if any) moved to the
    first free cell of ``cells`` (in reading order), as the classic rule does."""
    board = set(laid)
    if first in board:
        board.discard(first)
        board.add(next(c for c in cells if c not in board and c != first))
    return frozenset(board)


W, H, MINES = 5, 4, 5
CELLS = [(x, y) for y in range(H) for x in range(W)]


def around(cell, width=W, height=H):
    x, y = cell
    return [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
            if (dx or dy) and 0 <= x + dx < width and 0 <= y + dy < height]


def positions():
    """Views of classic games on a 5x4 board with 5 mines (too small for the
    engine, quick for the oracle): boards laid at random, the mine under the
    first click moved, then the first click and a few safe cells opened,
    zeros cascading."""
    rng = random.Random(7)
    seen = set()
    while len(seen) < 60:
        first = rng.choice([(4, 3), (4, 0), (0, 3), (2, 2), (1, 0)])
        board = moved(rng.sample(CELLS, MINES), CELLS, first)
        shown = {}
        todo = [first] + rng.sample([c for c in CELLS if c not in board], rng.randrange(3))
        while todo:
            c = todo.pop()
            if c in shown or c in board:
                continue
            shown[c] = sum(n in board for n in around(c))
            if shown[c] == 0:
                todo.extend(around(c))
        if len(shown) == W * H - MINES:
            continue                               # won: nothing left to weigh
        view = tuple("".join(str(shown[(x, y)]) if (x, y) in shown else "#" for x in range(W))
                     for y in range(H))
        if (first, view) not in seen:
            seen.add((first, view))
            yield first, view


@pytest.mark.parametrize("first, view", list(positions()))
def test_probabilities_weigh_the_relocated_mine_exactly(first, view):
    got = mine_probabilities(view, MINES, relocated_from=first)
    want = oracle(W, H, MINES, first, view)
    assert sum(got, []) == pytest.approx(sum(want, []), abs=1e-12)


def test_the_weight_is_real_the_top_left_is_riskier_than_its_fellows():
    """An untouched Beginner-like corner: all but the click covered."""
    view = ["#####", "#####", "#####", "####1"]
    plain = mine_probabilities(view, 5)
    weighed = mine_probabilities(view, 5, relocated_from=(4, 3))
    assert weighed[0][0] > plain[0][0] + 0.05
    assert weighed[0][0] == pytest.approx(oracle(5, 4, 5, (4, 3), view)[0][0], abs=1e-12)


def test_only_a_classic_game_laid_before_its_click_says_where_it_was():
    assert Minefield(9, 9, 10, seed=1, first_click="classic").relocated_from is None
    for rule, where in [("classic", (8, 8)), ("safe", None), ("opening", None)]:
        f = Minefield(9, 9, 10, seed=1, first_click=rule)
        f.reveal(8, 8)
        assert f.relocated_from == where
        assert f.copy().relocated_from == where
    laid = Minefield(9, 9, 10, seed=1, first_click="classic", layer=lambda rng, t, m, ex: [
        c for c in range(81) if c not in ex][:10])
    laid.reveal(8, 8)
    assert laid.relocated_from is None         # laid for the click: nothing moved


def test_the_hint_and_the_player_take_the_weighed_risks():
    """The far corners are alike for the plain counts, and a corner is the
    guess the player likes best; weighed, the top-left one is the worst."""
    view = ["#####", "#####", "#####", "####1"]
    weighed = mine_probabilities(view, MINES, relocated_from=(4, 3))
    h = hint(view, MINES, first_click="classic", relocated_from=(4, 3))
    d = next_move(view, MINES, first_click="classic", relocated_from=(4, 3))
    for x, y, risk in [(h.x, h.y, h.risk), (d.x, d.y, d.risk)]:
        assert (x, y) != (0, 0) and risk == weighed[y][x]
    plain = next_move(view, MINES, first_click="classic")
    assert plain.risk == mine_probabilities(view, MINES)[plain.y][plain.x]


@pytest.mark.parametrize("bad, says", [
    ((-1, 0), "off the 5x4 board"), ((5, 3), "off the 5x4 board"), ((0, 99), "off the 5x4 board"),
    ((0, 0), "a hole"), ((1, 0), "covered"),
    (5, "pair of whole numbers"), ("ab", "pair of whole numbers"), (("a", "b"), "pair of whole"),
    ((1.5, 2), "pair of whole"), ((True, 3), "pair of whole"), ((4, 3, 0), "pair of whole"),
    ([4, 3], "pair of whole")])
def test_a_first_click_that_is_no_open_cell_is_refused_up_front(bad, says):
    """Taken as it came, (-1, 0) named a cell of the last row, and ("a", "b")
    or (1.5, 2) matched no cell: the risks were weighed for a click nowhere,
    silently. Each entry point refuses it, even one answering before any
    counting (a certain cell, a first click)."""
    view = [" ####", "#####", "#####", "####1"]       # a hole at the top-left
    for ask in (lambda: mine_probabilities(view, MINES, relocated_from=bad),
                lambda: hint(view, MINES, first_click="classic", relocated_from=bad),
                lambda: next_move(view, MINES, first_click="classic", relocated_from=bad),
                lambda: next_move([" #000", "00000", "00011", "0001#"], 1, relocated_from=bad)):
        with pytest.raises(ValueError, match=says):
            ask()


def test_a_hole_at_the_top_left_is_skipped_by_the_scan():
    """The mine moves to the top-left-most cell, holes aside: (1, 0) here."""
    view = [" ####", "#####", "#####", "####1"]
    weighed = mine_probabilities(view, MINES, relocated_from=(4, 3))
    assert weighed[0][0] == 0.0
    assert weighed[0][1] > max(weighed[0][2], weighed[1][0])


def test_the_time_budget_holds_for_the_weighing_even_with_every_count_cached():
    """The weighing looked at the deadline only through the counts: a hint
    or a move, whose counts the cache already held, weighed every term of a
    100x100 board with 2,000 mines however long it took (24 s for a hint
    given 0.25 s). Past the deadline the plain counts stand, said not exact
    (the overlay's "~"), though the layouts were all counted."""
    field = Minefield(100, 100, 2000, seed=0, first_click="classic")
    field.reveal(99, 99)
    view, first = field.view(), field.relocated_from
    cache = {}
    weighed = analyse(view, 2000, cache=cache, relocated_from=first).probabilities
    plain = analyse(view, 2000).probabilities
    assert weighed[0][0] > plain[0][0] + 0.1
    late = analyse(view, 2000, max_seconds=0.0, cache=cache, relocated_from=first)
    assert not late.exact and late.layouts == analyse(view, 2000).layouts
    # the weighing estimated from the plain counts (``roughly_weighed``)
    assert late.probabilities[0][0] == pytest.approx(weighed[0][0], abs=0.005)
    assert late.probabilities[50][50] == plain[50][50]


@pytest.mark.parametrize("shape", ["grid", "hex", "torus"])
def test_out_of_time_the_top_left_still_weighs_and_the_computer_guesses_elsewhere(shape):
    """A 100x100 board (a Windows style: the classic rule) after its first
    click is too big to count in 250 ms: the overlay said about 15 % for
    every cell, and the hint and auto-play took the top-left corner, where
    the first click's mine goes, for the best guess of the board. Its
    chance is nearer 28 %, as an exact count on a smaller board says."""
    field = Minefield(100, 100, 1500, seed=5, first_click="classic", shape=shape)
    field.reveal(50, 50)
    view, first = field.view(), field.relocated_from
    late = analyse(view, 1500, max_seconds=0.0, shape=shape, relocated_from=first)
    assert not late.exact
    p = 1500 / (100 * 100 - 7)
    assert late.probabilities[0][0] == pytest.approx(p * (2 - p), abs=0.01)
    assert late.probabilities[99][99] < 0.16
    h = hint(view, 1500, first_click="classic", max_seconds=0.0, shape=shape,
             relocated_from=first)
    d = next_move(view, 1500, first_click="classic", max_seconds=0.0, shape=shape,
                  relocated_from=first)
    for x, y, risk in [(h.x, h.y, h.risk), (d.x, d.y, d.risk)]:
        assert (x, y) != (0, 0) and risk < 0.16


def test_estimated_weighing_is_close_to_the_exact_one():
    """On an Expert board whose count is quick, the estimate made from the
    plain chances (each cell taken alone) is within a point of the exact
    weighing along the top row."""
    field = Minefield(30, 16, 99, seed=3, first_click="classic")
    field.reveal(29, 15)
    view, first = field.view(), field.relocated_from
    exact = analyse(view, 99, relocated_from=first).probabilities
    rough = analyse(view, 99, max_seconds=0.0, relocated_from=first).probabilities
    assert exact[0][0] > 0.25
    for x in range(30):
        assert rough[0][x] == pytest.approx(exact[0][x], abs=0.01)


def test_a_guess_says_when_the_arrangements_were_weighed():
    """"counted all 5,460 arrangements: 24 % risk" read as a share of
    alike arrangements, which under the classic rule they are not."""
    view = ["#####", "#####", "#####", "####1"]
    weighed = hint(view, MINES, first_click="classic", relocated_from=(4, 3))
    plain = hint(view, MINES, first_click="classic")
    assert "weighing more" in weighed.explanation and "5,460" in weighed.explanation
    assert "weighing more" not in plain.explanation
    opened = ["1####", "#####", "#####", "####1"]      # the top-left open: nothing to weigh
    assert "weighing more" not in hint(opened, MINES, first_click="classic",
                                       relocated_from=(4, 3)).explanation


def independent_oracle(q, scan):
    """Each scanned cell's weighed chance of a mine when the cells are
    independent, cell ``c`` a mine with chance ``q[c]``: every layout of
    the scanned cells laid out, weighing its chance times ``1 + r``, ``r``
    the run of mines it starts the scan with."""
    weight = dict.fromkeys(scan, 0.0)
    total = 0.0
    for bits in range(2 ** len(scan)):
        mines = {c for k, c in enumerate(scan) if bits >> k & 1}
        chance = 1.0
        for c in scan:
            chance *= q[c] if c in mines else 1.0 - q[c]
        run = next((k for k, c in enumerate(scan) if c not in mines), len(scan))
        total += chance * (1 + run)
        for c in mines:
            weight[c] += chance * (1 + run)
    return {c: w / total for c, w in weight.items()}


@pytest.mark.parametrize("seed", range(12))
def test_the_estimated_weighing_is_the_docstrings_sum_over_independent_cells(seed):
    """``roughly_weighed``'s formula checked by laying out every layout of a
    few independent cells: along the run each cell's weighed chance is the
    brute-force one; past a cell that cannot hold a mine (open, or proved
    safe) nothing changes, and a proved mine carries the run on."""
    from game.solver.relocation import roughly_weighed
    rng = random.Random(seed)
    scan = list(range(10, 10 + 8))
    q = {c: rng.choice([rng.random(), rng.random(), 1.0, 0.0, 0.9]) for c in scan}
    got = roughly_weighed(q, scan)
    want = independent_oracle(q, scan)
    run_ends = next((k for k, c in enumerate(scan) if q[c] == 0.0), len(scan))
    for k, c in enumerate(scan):
        assert got.get(c, q[c]) == pytest.approx(want[c], abs=1e-12), (k, run_ends)
    assert all(got.get(c, q[c]) == q[c] for c in scan[run_ends:])
    # a cell missing from the chances is open: the run stops before it
    assert roughly_weighed({c: q[c] for c in scan[:2]}, scan).keys() <= set(scan[:2])


def test_a_guess_says_when_only_the_weighing_ran_out_of_time(monkeypatch):
    """Counted in time but the relocated mine's weighing cut short: the
    hint said "too many arrangements to count in time", though every
    arrangement was counted; only the moved mine's weight is estimated."""
    from game.solver import analysis
    from game.solver.count import OutOfTime

    def late(*args, **kwargs):
        raise OutOfTime
    monkeypatch.setattr(analysis, "weighed", late)
    view = ["#####", "#####", "#####", "####1"]
    h = hint(view, MINES, first_click="classic", relocated_from=(4, 3))
    assert analyse(view, MINES, relocated_from=(4, 3)).layouts == 5460
    assert "too many arrangements" not in h.explanation
    assert "5,460" in h.explanation and "estimated" in h.explanation
    assert "about" in h.explanation
    i18n.set_language("fr")
    fr = hint(view, MINES, first_click="classic", relocated_from=(4, 3)).explanation
    assert "5\u202f460 dispositions comptées\u202f; le poids" in fr and "estimé" in fr
    assert "environ" in fr


def test_the_endgame_search_weighs_the_layouts_as_the_relocation_does():
    """A 50/50 at the top-left no number can settle, two layouts left: the
    one with its mine at (0, 0) came from twice as many laid boards (the
    first click's mine moved there). Counted alike, the search reveals the
    lowest of two equal cells, (0, 0), at 67 % risk, "50 % chance to win"."""
    view = ["###20", "13#20", "01110", "00000"]
    assert mine_probabilities(view, 3, relocated_from=(4, 3))[0][:2] == [2 / 3, 1 / 3]
    move = next_move(view, 3, first_click="classic", flags=False, relocated_from=(4, 3))
    assert (move.x, move.y) == (1, 0) and move.risk == 1 / 3
    assert "endgame" in move.reason and "67" in move.reason
    plain = next_move(view, 3, first_click="classic", flags=False)
    assert (plain.x, plain.y) == (0, 0) and "50" in plain.reason


def test_a_layout_weighs_one_plus_its_run_of_mines_decided_ones_included():
    from game.solver.endgame import relocation_weight
    scan = [0, 1, 2, 3]
    assert relocation_weight(frozenset(), scan, frozenset()) == 1
    assert relocation_weight(frozenset({0, 2}), scan, frozenset()) == 2
    assert relocation_weight(frozenset({0, 2}), scan, frozenset({1})) == 4
    assert relocation_weight(frozenset({1, 2, 3}), scan, frozenset()) == 1


def test_the_50_50_scan_takes_the_lighter_side_of_a_top_left_trap():
    """Intermediate, classic rule, seed 515: (0, 0) and (0, 1) share a mine
    no number can place, too many layouts left for the endgame search. In
    the order of the cells the scan guessed (0, 0), the mine of the layouts
    that weigh twice (67 % risk); (0, 1) is the 50/50's other side, 33 %."""
    view = ["#1011100001#####", "#311#100123#####", "##3321001##3####",
            "23##210135######", "0123#102########", "00011102########",
            "000111012#######", "0001#1001#######", "000111112#######",
            "0000001#2#######", "01110012########", "02#20001########",
            "13#201233#######", "#21112##########", "11012#4#########",
            "0001#22########1"]
    weighed = mine_probabilities(view, 40, relocated_from=(15, 15))
    assert (round(weighed[0][0], 3), round(weighed[1][0], 3)) == (0.667, 0.333)
    move = next_move(view, 40, first_click="classic", flags=False, relocated_from=(15, 15))
    assert (move.x, move.y) == (0, 1) and "50/50" in move.reason
    plain = next_move(view, 40, first_click="classic", flags=False)
    assert (plain.x, plain.y) == (0, 0) and "50/50" in plain.reason


def test_a_weighed_endgame_hint_says_the_arrangements_weigh_differently():
    """Two arrangements and "67 % chance to win" read as a mistake: the
    search weighed them (the first click's mine may have moved to the
    top-left), and the hint said so only when it counted, not when it
    searched every line of play."""
    view = ["##F20", "13F20", "01110", "00000"]
    weighed = hint(view, 3, first_click="classic", relocated_from=(4, 3))
    assert (weighed.x, weighed.y) == (1, 0)
    assert "every line of play" in weighed.explanation
    assert "weighing more" in weighed.explanation and "67" in weighed.explanation
    plain = hint(view, 3, first_click="classic").explanation
    assert "every line of play" in plain and "weighing more" not in plain
    i18n.set_language("fr")
    fr = hint(view, 3, first_click="classic", relocated_from=(4, 3)).explanation
    assert "tous les coups explorés" in fr and "pesant plus" in fr


def laid_layouts(width, height, mines, first, view):
    """Each final layout that fits ``view`` and how many laid boards lead to
    it under the classic rule (``oracle``'s laying, kept per layout)."""
    out: dict[frozenset, int] = {}
    for board in laid_boards(width, height, mines, first, view):
        key = frozenset(board)
        out[key] = out.get(key, 0) + 1
    return out


def best_chance(layouts, covered):
    """The chance to win with best play over ``layouts`` (final layout ->
    laid boards), searched by brute force over every reveal."""
    from fractions import Fraction
    boards = list(layouts)
    near = {c: around(c) for c in covered}
    memo: dict[frozenset, Fraction] = {}

    def value(node):
        if len(node) == 1:
            return Fraction(1)
        if node not in memo:
            total = sum(layouts[boards[i]] for i in node)
            best = Fraction(0)
            for c in covered:
                parts: dict[int, list[int]] = {}
                for i in node:
                    if c not in boards[i]:
                        parts.setdefault(sum(n in boards[i] for n in near[c]), []).append(i)
                if len(parts) == 1 and len(next(iter(parts.values()))) == len(node):
                    continue                        # safe everywhere, tells nothing
                won = sum(sum(layouts[boards[i]] for i in p) * value(frozenset(p))
                          for p in parts.values())
                best = max(best, won / total)
            memo[node] = best
        return memo[node]
    return value(frozenset(range(len(boards))))


#: Classic positions of the 5x4 board where the endgame search plays, the
#: top-left covered, no cell safe (found by laying boards at random and
#: opening a few cells); the last three clicked the top-left first.
ENDGAMES = [
    ((1, 0), ("#2###", "#####", "##1##", "#2###")),
    ((4, 3), ("#####", "#3#1#", "##2##", "####1")),
    ((0, 3), ("#2###", "##2##", "1222#", "01###")),
    ((3, 3), ("##2##", "###4#", "#####", "###1#")),
    ((4, 3), ("###10", "1##20", "###31", "####1")),
    ((3, 3), ("###10", "##310", "##200", "##100")),
    ((2, 2), ("####2", "#####", "##2##", "####2")),
    ((4, 3), ("##1##", "1##3#", "#####", "####2")),
    ((0, 0), ("1####", "#####", "##42#", "#####")),
    ((0, 0), ("1####", "##1##", "23###", "#####")),
    ((0, 0), ("1####", "#####", "##321", "##100")),
]


@pytest.mark.parametrize("first, view", ENDGAMES)
def test_the_endgame_chance_is_best_play_over_the_laid_boards(first, view):
    """The endgame search's chance to win, where it plays, against a brute
    force over every laid board, relocated as the classic rule does, and
    every line of play: counted alike it was too low or too high wherever
    the top-left could hold the moved mine."""
    from game.solver.endgame import endgame_move
    from game.solver.player import open_cells
    a = analyse(view, MINES, relocated_from=first)
    assert not a.safe and a.weighed
    planned = endgame_move(a, open_cells(a))
    assert planned is not None
    covered = [(x, y) for y in range(H) for x in range(W) if view[y][x] == "#"]
    want = best_chance(laid_layouts(W, H, MINES, first, view), covered)
    assert planned[1] == pytest.approx(float(want), abs=1e-12)


@pytest.mark.parametrize("seed", range(6))
def test_the_search_weighs_a_node_as_its_layouts_weights_add_up(seed):
    """A node's weight is counted by bit masks of the heavier layouts, not
    by a walk over its layouts: the sum all the same, and weights all alike
    the plain count (every move ranked as counted alike)."""
    from game.solver.endgame import _Search
    rng = random.Random(seed)
    n = rng.randrange(1, 40)
    weights = [rng.choice([1, 1, 2, 3, 5]) for _ in range(n)]
    search = _Search([frozenset()] * n, [], [], weights)
    for _ in range(50):
        node = rng.randrange(1 << n)
        assert search.weight(node) == sum(w for i, w in enumerate(weights) if node >> i & 1)
    alike = _Search([frozenset()] * n, [], [], [3] * n)
    assert alike.weight(search.everything) == n
