"""Board shapes: grid, torus and hexagons, with or without holes.

Every rule is checked against ``shape_oracle``, an independent model that
finds neighbours from geometry (cube coordinates, modular distance) rather
than from the engine's tables.
"""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import Minefield
from game.engine.topology import SHAPES, make

from .shape_oracle import Game, cells_of, neighbour_map, three_bv, touches


@st.composite
def layouts(draw, max_side=6):
    """A small board of any shape: mines, safe cells and holes."""
    shape = draw(st.sampled_from(SHAPES))
    w, h = draw(st.integers(1, max_side)), draw(st.integers(1, max_side))
    chars = st.sampled_from("*..  ." if draw(st.booleans()) else "*...")
    rows = ["".join(draw(st.lists(chars, min_size=w, max_size=w))) for _ in range(h)]
    if not cells_of(rows):
        rows[0] = "." + rows[0][1:]
    return shape, rows


moves = st.lists(st.tuples(st.sampled_from("RFC"), st.integers(0, 5), st.integers(0, 5)),
                 max_size=40)


@settings(max_examples=400, deadline=None, derandomize=True)
@given(layouts())
def test_neighbours_are_those_the_geometry_gives_on_every_shape(board):
    shape, rows = board
    mask = [r.replace("*", "#").replace(".", "#") for r in rows]
    topology = make(shape, len(rows[0]), len(rows), mask)
    expected = neighbour_map(shape, rows)
    for y, row in enumerate(rows):
        for x in range(len(row)):
            i = y * len(row) + x
            got = {topology.coords(j) for j in topology.neighbours[i]}
            assert got == expected.get((x, y), set()), (shape, x, y)
            assert len(topology.neighbours[i]) == len(got)   # no cell twice


@settings(max_examples=400, deadline=None, derandomize=True)
@given(layouts(), moves, st.booleans())
def test_every_move_on_every_shape_gives_the_oracles_view(board, played, marks):
    shape, rows = board
    field = Minefield.from_layout(rows, shape=shape, marks=marks)
    oracle = Game(shape, rows, marks)
    assert field.view() == oracle.view()
    for kind, x, y in played:
        field.apply(f"{kind} {x} {y}")
        oracle.play(kind, (x, y))
        assert field.view() == oracle.view(), (kind, x, y)
        assert field.status == oracle.status
    assert field.layout() == rows


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.integers(1, 24), st.integers(1, 12), st.sampled_from([0.0, 0.04, 0.12, 0.3]),
       st.lists(st.tuples(st.sampled_from("RRFFC"), st.integers(0, 23), st.integers(0, 11)),
                max_size=30),
       st.booleans(), st.randoms(use_true_random=False))
def test_cascades_on_a_full_grid_open_what_the_oracle_opens(w, h, density, played, marks, rnd):
    """A full grid cascades a row's run at a time (``cascade._cascade_rows``):
    wide boards with few mines, where flags and question marks cut long runs,
    give every cell and every changed cell the oracle gives."""
    rows = ["".join("*" if rnd.random() < density else "." for _ in range(w)) for _ in range(h)]
    field = Minefield.from_layout(rows, marks=marks)
    oracle = Game("grid", rows, marks)
    for kind, x, y in played:
        before = field.view()
        changed = field.apply(f"{kind} {x % w} {y % h}")
        oracle.play(kind, (x % w, y % h))
        after = field.view()
        assert after == oracle.view(), (kind, x % w, y % h)
        assert field.status == oracle.status
        assert sorted(changed) == sorted({(cx, cy) for cy in range(h) for cx in range(w)
                                          if before[cy][cx] != after[cy][cx]})
        assert len(changed) == len(set(changed))


@settings(max_examples=300, deadline=None, derandomize=True)
@given(layouts())
def test_3bv_is_the_zero_regions_plus_the_numbers_no_zero_touches(board):
    shape, rows = board
    field = Minefield.from_layout(rows, shape=shape)
    assert field.stats().bbbv == three_bv(shape, rows)


@pytest.mark.parametrize("shape", SHAPES)
def test_clearing_a_board_with_3bv_clicks_wins_with_full_efficiency(shape):
    rows = ["....*...", ".  .....", "...*..*.", "........", ".*......", "........"]
    field = Minefield.from_layout(rows, shape=shape)
    safe = [c for c in cells_of(rows) if rows[c[1]][c[0]] == "."]
    while field.status != "won":   # click a zero if any is left, else a number
        view = field.view()
        todo = [c for c in safe if view[c[1]][c[0]] == "#"]
        zeros = [c for c in todo if field.stats().bbbv and three_bv_zero(shape, rows, c)]
        field.reveal(*(zeros or todo)[0])
    stats = field.stats()
    assert stats.clicks.left == stats.bbbv == three_bv(shape, rows)
    assert stats.efficiency == 1.0


def three_bv_zero(shape, rows, c):
    around = neighbour_map(shape, rows)[c]
    return not any(rows[y][x] == "*" for x, y in around)


def test_holes_are_spaces_in_the_view_and_take_no_move():
    field = Minefield.from_layout(["*. ", ". .", " .."], shape="hex")
    assert field.view() == ["## ", "# #", " ##"]
    for kind in "RFC":
        assert field.apply(f"{kind} 2 0") == []
    assert field.cell(2, 0) == " " and field.player_mark(2, 0) == " "
    assert field.neighbours(2, 0) == []
    assert field.status == "ready" and field.moves == ()   # like a click off the board
    with pytest.raises(IndexError):
        field.cell(3, 0)


def test_a_hole_is_nobodys_neighbour_so_a_cascade_stops_at_it():
    field = Minefield.from_layout(["..  ..", "..  .*"])
    assert sorted(field.reveal(0, 0)) == [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert field.view() == ["00  ##", "00  ##"]


@pytest.mark.parametrize("shape, degree", [("grid", 8), ("torus", 8), ("hex", 6)])
def test_a_cell_in_the_middle_has_the_shapes_number_of_neighbours(shape, degree):
    field = Minefield(10, 10, 10, shape=shape)
    assert len(field.neighbours(5, 5)) == degree
    corner = {"grid": 3, "torus": 8, "hex": 2}[shape]
    assert len(field.neighbours(0, 0)) == corner


def test_hex_neighbours_follow_odd_r_offset_rows():
    field = Minefield(10, 10, 10, shape="hex")
    assert sorted(field.neighbours(4, 4)) == sorted([(3, 4), (5, 4), (3, 3), (4, 3), (3, 5), (4, 5)])
    assert sorted(field.neighbours(4, 5)) == sorted([(3, 5), (5, 5), (4, 4), (5, 4), (4, 6), (5, 6)])


def test_the_torus_joins_opposite_edges():
    field = Minefield(10, 8, 10, shape="torus")
    assert set(field.neighbours(0, 0)) == {(9, 7), (0, 7), (1, 7), (9, 0), (1, 0),
                                           (9, 1), (0, 1), (1, 1)}
    board = Minefield.from_layout(["........", "........", "........", ".......*"],
                                  shape="torus")
    assert board.reveal(0, 0) == [(0, 0)]          # touches the mine across the corner
    assert board.cell(0, 0) == "1"


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("rule", ["opening", "safe", "classic"])
def test_first_click_rules_hold_on_every_shape_and_mask(shape, rule):
    mask = ["  ##########", " ###########", "############", "############",
            "#####  #####", "############", "############", "############",
            "############", "#####  #####", "###########", "##########  "]
    mask = [row.ljust(12) for row in mask]
    for seed in range(40):
        field = Minefield(12, 12, 60, shape=shape, mask=mask, seed=seed, first_click=rule)
        field.reveal(6, 6)
        assert field.status != "lost"
        layout = field.layout()
        assert sum(row.count("*") for row in layout) == 60
        assert all(layout[y][x] == " " for x, y in _holes(mask))
        if rule == "opening":
            assert all(layout[y][x] == "." for x, y in field.neighbours(6, 6))


def _holes(mask):
    return [(x, y) for y, row in enumerate(mask) for x, c in enumerate(row) if c == " "]


@pytest.mark.parametrize("shape", SHAPES)
def test_classic_relocation_goes_to_the_top_left_most_free_cell_not_a_hole(shape):
    mask = ["  ########"] + ["##########"] * 9
    for seed in range(200):
        field = Minefield(10, 10, 30, shape=shape, mask=mask, seed=seed, first_click="classic")
        before = field.layout()
        if before[5][5] != "*":
            continue
        refuge = next((x, y) for y, row in enumerate(before) for x, c in enumerate(row)
                      if c == ".")
        field.reveal(5, 5)
        after = field.layout()
        assert after[5][5] == "." and after[refuge[1]][refuge[0]] == "*"
        assert refuge != (0, 0) and before[0][:2] == "  "
        return
    pytest.fail("no seed put a mine under the first click")


@pytest.mark.parametrize("shape", SHAPES)
def test_a_seed_gives_the_same_board_on_every_shape_and_replays_its_moves(shape):
    mask = [" ########", "#########", "#########", "#### ####", "#########",
            "#########", "#########", "#########"]
    a = Minefield(9, 8, 12, seed=99, shape=shape, mask=mask)
    b = Minefield(9, 8, 12, seed=99, shape=shape, mask=mask)
    rng = random.Random(4)
    for _ in range(30):
        kind, x, y = rng.choice("RRFC"), rng.randrange(9), rng.randrange(8)
        a.apply(f"{kind} {x} {y}")
    for move in a.moves:
        b.apply(str(move))
    assert a.layout() == b.layout() and a.view() == b.view() and a.status == b.status
    assert a.stats() == b.stats()


def test_the_same_seed_differs_between_shapes_only_by_geometry():
    grid = Minefield(10, 10, 20, seed=5, shape="grid", first_click="safe")
    hexes = Minefield(10, 10, 20, seed=5, shape="hex", first_click="safe")
    grid.reveal(0, 0)
    hexes.reveal(0, 0)
    assert grid.layout() == hexes.layout()      # same cells drawn, different neighbours


@pytest.mark.parametrize("shape", SHAPES)
def test_a_win_flags_every_mine_and_a_loss_shows_mines_and_wrong_flags(shape):
    rows = ["*.. ", "....", ". .*"]
    won = Minefield.from_layout(rows, shape=shape)
    for x, y in cells_of(rows):
        if rows[y][x] == ".":
            won.reveal(x, y)
    assert won.status == "won" and won.mines_left == 0
    assert all(won.cell(x, y) == "F" for x, y in cells_of(rows) if rows[y][x] == "*")
    lost = Minefield.from_layout(rows, shape=shape)
    lost.toggle_flag(1, 1)
    changed = lost.reveal(0, 0)
    assert lost.status == "lost"
    assert lost.cell(0, 0) == "X" and lost.cell(3, 2) == "*" and lost.cell(1, 1) == "x"
    assert {(0, 0), (3, 2), (1, 1)} <= set(changed)
    assert lost.cell(1, 2) == " "


@pytest.mark.parametrize("shape", SHAPES)
def test_a_chord_opens_the_other_neighbours_on_every_shape(shape):
    rows = ["......", "..*...", "......", "......"]
    field = Minefield.from_layout(rows, shape=shape)
    field.reveal(2, 2)
    field.toggle_flag(2, 1)
    changed = field.chord(2, 2)
    around = neighbour_map(shape, rows)[(2, 2)] - {(2, 1)}
    assert around <= set(changed)
    assert all(field.cell(x, y) != "#" for x, y in around)


@pytest.mark.parametrize("args, message", [
    ((9, 9, 73, "torus"), "mines must be from 1 to 72 on a 9x9 torus board, not 73"),
    ((9, 9, 75, "hex"), "mines must be from 1 to 74 on a 9x9 hex board, not 75"),
    ((7, 9, 10, "hex"), "width must be from 8 to 100, not 7"),
    ((9, 101, 10, "torus"), "height must be from 8 to 100, not 101"),
    ((9, 9, 0, "hex"), "mines must be from 1 to 74 on a 9x9 hex board, not 0"),
])
def test_size_and_mine_limits_per_shape_name_the_range(args, message):
    w, h, mines, shape = args
    with pytest.raises(ValueError, match=message):
        Minefield(w, h, mines, shape=shape)
    Minefield(max(w, 8), min(h, 100), 1, shape=shape)


def test_a_masked_board_allows_its_cells_minus_the_first_click_area():
    mask = ["########"] * 4 + ["####    "] * 4          # 48 cells
    Minefield(8, 8, 39, mask=mask)
    with pytest.raises(ValueError, match=r"mines must be from 1 to 39 on an 8x8 shaped \(48 cells\)"):
        Minefield(8, 8, 40, mask=mask)
    with pytest.raises(ValueError, match="from 1 to 41 on an 8x8 hex shaped"):
        Minefield(8, 8, 42, mask=mask, shape="hex")


@pytest.mark.parametrize("mask, message", [
    (["########"] * 7, "the mask is 8x7 but the board is 8x8"),
    (["#######"] + ["########"] * 7, "mask row 1 has 8 characters, row 0 has 7"),
    (["###.####"] + ["########"] * 7, r"mask row 0 holds '\.'"),
    (["        "] * 8, "the mask has no cell"),
    (["#       "] + ["        "] * 7, "too small"),
])
def test_bad_masks_are_refused_saying_what_is_wrong(mask, message):
    with pytest.raises(ValueError, match=message):
        Minefield(8, 8, 1, mask=mask)


def test_an_unknown_shape_is_refused_naming_the_shapes():
    with pytest.raises(ValueError, match="shape must be one of grid, torus, hex, not 'cube'"):
        Minefield(9, 9, 10, shape="cube")
    with pytest.raises(ValueError, match="grid, torus, hex"):
        Minefield.from_layout(["*."], shape="cube")


def test_a_layout_of_only_holes_is_refused():
    with pytest.raises(ValueError, match="at least one cell"):
        Minefield.from_layout(["  ", "  "])


def test_the_board_tells_its_shape_and_mask():
    mask = ["########"] * 7 + ["####    "]
    field = Minefield(8, 8, 10, shape="hex", mask=mask)
    assert field.shape == "hex" and field.mask == mask
    assert Minefield(8, 8, 10).mask is None and Minefield(8, 8, 10).shape == "grid"


def test_touches_is_symmetric_on_every_shape():       # the oracle itself
    for shape in SHAPES:
        for a in [(x, y) for x in range(5) for y in range(5)]:
            for b in [(x, y) for x in range(5) for y in range(5)]:
                assert touches(shape, 5, 5, a, b) == touches(shape, 5, 5, b, a)


@pytest.mark.parametrize("kwargs, error", [
    ({"shape": 6}, TypeError),
    ({"mask": "########"}, TypeError),
    ({"mask": [b"########"] * 8}, TypeError),
    ({"mask": []}, ValueError),
])
def test_wrong_kinds_of_shape_and_mask_are_refused_before_anything(kwargs, error):
    with pytest.raises(error):
        Minefield(8, 8, 5, **kwargs)


def test_a_board_too_small_for_any_mine_names_its_cells_even_without_holes():
    """A 2x2 torus (sizes outside bots may ask for) has four cells, fewer
    than a first click opens: the refusal counts them ("None cells" before)."""
    from game.engine import ANY_SIZE, FieldTooSmall
    with pytest.raises(FieldTooSmall, match=r"\(4 cells\)") as refused:
        ANY_SIZE.check(2, 2, 1, "torus")
    assert refused.value.cells == 4
