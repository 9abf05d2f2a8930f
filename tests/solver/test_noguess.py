"""No-guess boards (docs/rules.md, "The computer player"): cleared from the first click by proof alone."""

import random

import pytest

from game.engine import ANY_SIZE, Minefield
from game.engine.topology import grid
from game.solver import NoGuessLayer, next_move, no_guess_layer, solvable_without_guessing
from game.solver.count import OutOfTime
from game.solver.deadline import wall
from game.solver.replay import Replay

from .test_player import apply

BOARDS = [(9, 9, 10), (16, 16, 40), (30, 16, 99)]


def play_out(field, mines):
    """Auto-play to the end; every move must be a certain one."""
    while field.status in ("ready", "playing"):
        move = next_move(field.view(), mines, first_click=field.first_click)
        assert move.certain, (move, field.view())
        apply(field, move)
    return field.status


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("size", BOARDS, ids=["beginner", "intermediate", "expert"])
def test_boards_are_won_by_certain_moves_from_the_first_click(size, seed):
    w, h, m = size
    layer = NoGuessLayer()
    field = Minefield(w, h, m, seed=seed, layer=layer)
    assert play_out(field, m) == "won"
    assert layer.report.no_guess and layer.report.cleared == 1.0


def test_the_safe_first_click_rule_works_too():
    field = Minefield(16, 16, 40, seed=1, first_click="safe", layer=no_guess_layer)
    assert play_out(field, 40) == "won"


@pytest.mark.parametrize("seed", [0, 7, 123456789])
def test_the_same_seed_gives_the_same_board(seed):
    boards = []
    for _ in range(2):
        field = Minefield(30, 16, 99, seed=seed, layer=no_guess_layer)
        field.reveal(5, 7)
        boards.append(field.layout())
    assert boards[0] == boards[1]
    other = Minefield(30, 16, 99, seed=seed + 1, layer=no_guess_layer)
    other.reveal(5, 7)
    assert other.layout() != boards[0]


def test_boards_keep_the_first_click_rule_and_the_mine_count():
    topology = grid(30, 16)
    first = topology.index(10, 10)
    excluded = (first, *topology.neighbours[first])
    mines = no_guess_layer(random.Random(3), topology, 99, excluded)
    assert len(mines) == len(set(mines)) == 99
    assert not set(mines) & set(excluded)


def test_dense_boards_are_repaired_rather_than_drawn_forever():
    layer = NoGuessLayer()
    field = Minefield(30, 16, 150, seed=2, layer=layer)
    assert play_out(field, 150) == "won"
    assert layer.report.no_guess and layer.report.repairs > 0


def test_an_impossible_density_gives_up_and_says_so():
    layer = NoGuessLayer()
    field = Minefield(10, 10, 75, seed=1, layer=layer, limits=ANY_SIZE)
    field.reveal(5, 5)
    report = layer.report
    assert not report.no_guess and 0.0 <= report.cleared < 1.0
    assert sum(row.count("*") for row in field.layout()) == 75


def test_solvable_without_guessing_recognises_a_forced_guess():
    assert solvable_without_guessing(["....", "....", "...*"], 0, 0)
    # The two 1s can never tell (0, 2) from (1, 2): a 50/50.
    assert not solvable_without_guessing(["..", "..", "*."], 0, 0)


def test_a_search_out_of_time_lays_the_plain_board_and_says_so():
    """With no time to search, the layer stops before its first replay ends
    and lays the first uniform board drawn: the game goes on at once."""
    layer = NoGuessLayer(seconds=0.0)
    field = Minefield(30, 16, 99, seed=4, layer=layer)
    field.reveal(10, 8)
    plain = Minefield(30, 16, 99, seed=4)
    plain.reveal(10, 8)
    assert field.layout() == plain.layout()
    report = layer.report
    assert report.out_of_time and not report.no_guess and report.boards == 1


def test_a_search_stops_at_its_deadline_inside_a_replay():
    """The deadline is looked at while a board is played, not only between
    boards (one replay of a dense 100x100 board alone takes seconds), and
    between moves too, not only when counting: this board is cleared by the
    local rules alone, without a count."""
    topology = grid(16, 16)
    first = topology.index(8, 8)
    kept = {first, *topology.neighbours[first]}
    mined = bytearray(topology.size)
    for c in random.Random(0).sample([c for c in topology.cells if c not in kept], 40):
        mined[c] = 1
    assert Replay(topology, bytearray(mined), 40).clear(first)
    with pytest.raises(OutOfTime):
        Replay(topology, mined, 40, deadline=wall(-1.0)).clear(first)


def test_a_search_with_time_enough_keeps_the_guarantee_and_the_seed():
    layer = NoGuessLayer(seconds=60.0)
    field = Minefield(30, 16, 99, seed=5, layer=layer)
    field.reveal(10, 8)
    unbounded = Minefield(30, 16, 99, seed=5, layer=no_guess_layer)
    unbounded.reveal(10, 8)
    assert field.layout() == unbounded.layout()
    assert layer.report.no_guess and not layer.report.out_of_time
    assert solvable_without_guessing(field.layout(), 10, 8)
