"""The computer on every board shape: torus, hexagons and shaped fields.

Probabilities are compared with the brute-force oracle, whose neighbours come
from geometry (``tests/engine/shape_oracle``), not from the engine's tables.
"""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import Minefield
from game.engine.topology import SHAPES
from game.solver import (
    NoGuessLayer,
    hint,
    mine_probabilities,
    next_move,
    no_guess_layer,
    solvable_without_guessing,
)
from game.solver.position import parse
from game.solver.wording import pattern

from .oracle import brute_force, random_position
from .test_player import apply, check_move
from .test_probabilities import assert_matches_oracle

HEART = ["  ###   ###  ", " ##### ##### ", "#############", "#############",
         "#############", " ########### ", "  #########  ", "   #######   ",
         "    #####    ", "     ###     ", "      #      "]


@pytest.mark.parametrize("shape", SHAPES)
@settings(max_examples=150, derandomize=True, deadline=None)
@given(seed=st.integers(0, 2**32), holes=st.booleans())
def test_probabilities_match_brute_force_on_every_shape(shape, seed, holes):
    view, mines = random_position(random.Random(seed), shape=shape, holes=holes)
    assert_matches_oracle(view, mines, shape)


def test_hexagons_see_six_neighbours_not_eight():
    view = ["###",
            "#1#",
            "###"]            # odd row: (1, 1) touches (1, 0), (2, 0), (0, 1), (2, 1), (1, 2), (2, 2)
    probs = mine_probabilities(view, 1, shape="hex")
    assert probs[0][0] == 0.0 and probs[2][0] == 0.0
    assert probs[0][1] == pytest.approx(1 / 6)
    assert mine_probabilities(view, 1)[0][0] == pytest.approx(1 / 8)


def test_the_torus_sees_across_the_edges():
    view = ["1###", "####", "####", "####"]
    probs = mine_probabilities(view, 1, shape="torus")
    assert probs[3][3] == pytest.approx(1 / 8)       # diagonal across the corner
    assert probs[2][2] == 0.0
    assert mine_probabilities(view, 1)[3][3] == 0.0


def test_holes_in_the_view_are_not_cells():
    view = ["1 #", "# #"]
    probs = mine_probabilities(view, 1)
    assert probs[0][1] == 0.0 and probs[1][0] == pytest.approx(1.0)


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("seed", range(3))
def test_every_move_of_a_game_follows_the_rules_on_every_shape(shape, seed):
    field = Minefield(13, 11, 18, seed=seed, shape=shape, mask=HEART)
    apply(field, next_move(field.view(), 18, shape=shape))
    while field.status == "playing":
        view = field.view()
        move = next_move(view, 18, shape=shape)
        check_move(view, 18, move, shape)
        assert view[move.y][move.x] != " "
        apply(field, move)


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("rule", ["opening", "safe", "classic"])
def test_the_first_click_is_a_cell_of_the_board(shape, rule):
    field = Minefield(13, 11, 18, shape=shape, mask=HEART)
    move = next_move(field.view(), 18, first_click=rule, shape=shape)
    assert HEART[move.y][move.x] == "#" and move.certain


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("seed", range(2))
def test_no_guess_boards_on_every_shape_are_won_by_certain_moves(shape, seed):
    layer = NoGuessLayer()
    field = Minefield(16, 16, 40, seed=seed, shape=shape, layer=layer)
    while field.status in ("ready", "playing"):
        move = next_move(field.view(), 40, shape=shape)
        assert move.certain, move
        apply(field, move)
    assert field.status == "won" and layer.report.no_guess


def test_no_guess_shaped_fields_keep_their_holes_free():
    field = Minefield(13, 11, 20, seed=4, shape="hex", mask=HEART, layer=no_guess_layer)
    field.reveal(6, 4)
    layout = field.layout()
    assert [r.replace("*", "#").replace(".", "#") for r in layout] == HEART
    assert solvable_without_guessing(layout, 6, 4, shape="hex")


@pytest.mark.parametrize("shape", SHAPES)
@settings(max_examples=40, derandomize=True, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_hints_are_true_and_one_line_on_every_shape(shape, seed):
    view, mines = random_position(random.Random(seed), shape=shape, holes=True)
    total, per_cell = brute_force(view, mines, shape)
    if not total:
        return
    h = hint(view, mines, shape=shape)
    assert view[h.y][h.x] in "#F?" and "\n" not in h.explanation
    if h.kind == "safe":
        assert per_cell[(h.x, h.y)] == 0
    elif h.kind == "mine":
        assert per_cell[(h.x, h.y)] == total
    else:
        assert h.risk == pytest.approx(per_cell[(h.x, h.y)] / total)
    assert all(view[y][x].isdigit() for x, y in h.evidence)


def test_hex_hints_explain_without_square_patterns():
    # Along a row of hexagons a 1-2-1 shares cells unlike the grid's pattern:
    # the hint explains with the numbers themselves, never a square pattern.
    field = Minefield.from_layout([".**..", ".....", "....."], shape="hex")
    for y in (1, 2):
        for x in range(5):
            field.reveal(x, y)
    view = field.view()
    assert view[1] == "12100"
    h = hint(view, 2, shape="hex")
    assert "pattern" not in h.explanation and "\n" not in h.explanation
    assert h.kind == "safe" and view[h.y][h.x] == "#"
    assert field.layout()[h.y][h.x] == "."


def test_square_pattern_names_are_never_given_on_hexagons():
    view = ["#####", "01210", "00000"]
    numbers = [5 + 1, 5 + 2, 5 + 3]
    assert pattern(parse(view, 2), numbers) == "1-2-1"
    assert pattern(parse(view, 2, "torus"), numbers) == "1-2-1"
    assert pattern(parse(["#####", "12100", "00000"], 2, "hex"), [5, 6, 7]) is None


def test_a_guess_on_a_board_with_more_layouts_than_a_float_holds():
    """A 100 x 100 hexagon board at 16 % counts about 10^1904 layouts: the
    guess's look-ahead and its 50/50 influence met floats and raised
    OverflowError, so H and auto-play said the computer was puzzled."""
    f = Minefield(100, 100, 1600, seed=4, shape="hex")
    f.reveal(30, 20)
    view = f.view()
    h = hint(view, 1600, max_seconds=0.25, shape="hex")
    assert h.kind == "guess" and "10\u00b9\u2079\u2070\u2074" in h.explanation
    move = next_move(view, 1600, max_seconds=0.25, shape="hex")
    assert move.kind == "reveal" and not move.certain and view[move.y][move.x] == "#"


def test_the_look_ahead_weighs_outcomes_counted_beyond_a_float():
    from game.solver.lookahead import Foresight, Outcome
    sight = Foresight(0, (Outcome(1, 3 * 10**400, False, 0.5), Outcome(2, 10**400, True, 1.0)))
    assert sight.next_safety() == pytest.approx(0.625)
    small = Foresight(0, (Outcome(1, 3, False, 0.5), Outcome(2, 1, True, 1.0)))
    assert small.next_safety() == (3 * 0.5 + 1 * 1.0) / 4          # the very same float
