"""Levels, size validation, seeding and the three first-click rules."""

import random

import pytest

from game.engine import ANY_SIZE, LEVELS, Minefield
from game.engine.topology import grid


def mines_of(f):
    return {(x, y) for y, row in enumerate(f.layout()) for x, c in enumerate(row) if c == "*"}


def test_levels_are_the_classic_three():
    assert (LEVELS["beginner"].width, LEVELS["beginner"].height, LEVELS["beginner"].mines) == (9, 9, 10)
    assert (LEVELS["intermediate"].width, LEVELS["intermediate"].height,
            LEVELS["intermediate"].mines) == (16, 16, 40)
    assert (LEVELS["expert"].width, LEVELS["expert"].height, LEVELS["expert"].mines) == (30, 16, 99)


@pytest.mark.parametrize("size, message", [
    ((7, 9, 10), "width must be from 8 to 100, not 7"),
    ((101, 9, 10), "width must be from 8 to 100, not 101"),
    ((9, 7, 10), "height must be from 8 to 100, not 7"),
    ((9, 101, 10), "height must be from 8 to 100, not 101"),
    ((9, 9, 0), "mines must be from 1 to 64 on a 9x9 board, not 0"),
    ((9, 9, 65), "mines must be from 1 to 64 on a 9x9 board, not 65"),
])
def test_out_of_range_sizes_are_refused_naming_the_range(size, message):
    with pytest.raises(ValueError, match=message):
        Minefield(*size)


def test_the_extreme_custom_sizes_are_accepted():
    Minefield(8, 8, 49)
    Minefield(100, 100, 99 * 99)
    Minefield(100, 8, 1)


def test_a_wider_range_is_available_to_benchmarks_and_bots():
    f = Minefield(200, 3, 5, limits=ANY_SIZE, seed=1)
    f.reveal(0, 0)
    assert len(mines_of(f)) == 5


def test_an_unknown_first_click_rule_is_refused():
    with pytest.raises(ValueError, match="opening, safe, classic"):
        Minefield(9, 9, 10, first_click="lucky")


def test_mines_are_laid_at_the_first_reveal_not_before():
    f = Minefield(9, 9, 10, seed=3)
    assert f.layout() is None
    f.toggle_flag(0, 0)
    assert f.layout() is None
    f.reveal(4, 4)
    assert len(mines_of(f)) == 10


def test_the_same_seed_and_first_click_give_the_same_mines():
    a = Minefield(30, 16, 99, seed=12345)
    b = Minefield(30, 16, 99, seed=12345)
    a.reveal(10, 5)
    b.reveal(10, 5)
    assert a.layout() == b.layout()


def test_a_seed_gives_the_same_board_on_every_python():
    """Pinned: this layout must never change, or saved seeds replay other boards."""
    f = Minefield(9, 9, 10, seed=2024, first_click="safe")
    f.reveal(0, 0)
    assert f.layout() == [
        "..**.....", ".........", ".......**", ".........", "*.*......",
        "*........", ".....*...", "....*....", "*........",
    ]


def test_the_engine_never_touches_the_global_random_generator():
    """docs/rules.md, Seeds: a seeded board is the same whatever the global
    generator was seeded with, and playing leaves that generator as it was
    (a script's own random numbers are not shifted by a game)."""
    random.seed(1)
    state = random.getstate()
    a = Minefield(30, 16, 99, seed=77)
    a.reveal(3, 3)
    a.toggle_flag(0, 0)
    Minefield(9, 9, 10).reveal(4, 4)                       # a seed drawn, not from it either
    assert random.getstate() == state
    random.seed(2)
    b = Minefield(30, 16, 99, seed=77)
    b.reveal(3, 3)
    assert b.layout() == a.layout()


def test_different_seeds_give_different_mines():
    layouts = set()
    for seed in range(20):
        f = Minefield(30, 16, 99, seed=seed)
        f.reveal(0, 0)
        layouts.add(tuple(f.layout()))
    assert len(layouts) == 20


def test_a_missing_seed_is_drawn_and_kept_so_the_game_can_be_replayed():
    f = Minefield(9, 9, 10)
    assert isinstance(f.seed, int)
    f.reveal(4, 4)
    g = Minefield(9, 9, 10, seed=f.seed)
    g.reveal(4, 4)
    assert g.layout() == f.layout()


def test_opening_rule_keeps_the_first_cell_and_its_neighbours_free():
    for seed in range(50):
        f = Minefield(9, 9, 60, seed=seed, first_click="opening")
        f.reveal(4, 4)
        assert f.cell(4, 4) == "0"
        assert not mines_of(f) & {(x, y) for x in (3, 4, 5) for y in (3, 4, 5)}


def test_opening_rule_falls_back_to_safe_on_a_dense_board():
    f = Minefield(8, 8, 49, seed=1, first_click="opening")   # 15 safe cells: room enough
    f.reveal(3, 3)
    assert f.cell(3, 3) == "0"
    for seed in range(20):                                   # 5 safe cells: no room for 9
        f = Minefield(3, 3, 4, seed=seed, first_click="opening", limits=ANY_SIZE)
        f.reveal(1, 1)
        assert f.status == "playing" and f.cell(1, 1) == "4"


def test_opening_rule_still_opens_when_the_mines_leave_exactly_the_nine_cells_free():
    """The fallback to ``safe`` is for too few free cells, not for just
    enough. A shaped custom board may hold its cells minus nine mines (48
    cells, 39 mines): the first click's area is then all that is free, and
    it opens, its centre a 0, which wins at once. Falling back one mine
    early laid mines beside the click."""
    mask = ["########"] * 4 + ["####    "] * 4
    for seed in range(10):
        f = Minefield(8, 8, 39, seed=seed, first_click="opening", mask=mask)
        f.reveal(1, 1)
        assert f.cell(1, 1) == "0"
        assert not mines_of(f) & {(x, y) for x in (0, 1, 2) for y in (0, 1, 2)}
        assert f.status == "won"


def test_safe_rule_keeps_only_the_first_cell_free():
    touching = 0
    for seed in range(200):
        f = Minefield(9, 9, 30, seed=seed, first_click="safe")
        f.reveal(4, 4)
        assert (4, 4) not in mines_of(f)
        touching += f.cell(4, 4) != "0"
    assert touching > 150          # neighbours may hold mines, and usually do


def test_mine_at_tells_each_cell_once_laid_and_nothing_before():
    f = Minefield(9, 9, 10, seed=3)
    assert f.mine_at(0, 0) is None
    f.reveal(4, 4)
    assert {(x, y) for y in range(9) for x in range(9) if f.mine_at(x, y)} == mines_of(f)
    assert f.mine_at(4, 4) is False


def test_mine_at_a_hole_of_the_mask_is_none():
    f = Minefield.from_layout(["*. ", ". .", " .."], shape="hex")
    assert (f.mine_at(0, 0), f.mine_at(1, 0), f.mine_at(2, 0)) == (True, False, None)


def test_classic_rule_lays_mines_before_the_first_click():
    f = Minefield(9, 9, 10, seed=5, first_click="classic")
    assert len(mines_of(f)) == 10
    assert f.status == "ready"


def test_classic_rule_moves_a_clicked_mine_to_the_top_left_free_cell():
    for seed in range(200):
        f = Minefield(9, 9, 10, seed=seed, first_click="classic")
        before = mines_of(f)
        if (4, 4) not in before:
            continue
        first_free = min(((x, y) for y in range(9) for x in range(9) if (x, y) not in before),
                         key=lambda c: (c[1], c[0]))
        f.reveal(4, 4)
        assert f.status == "playing"
        assert mines_of(f) == before - {(4, 4)} | {first_free}
        return
    pytest.fail("no seed put a mine under the first click")


def test_classic_rule_keeps_the_board_when_the_first_click_is_safe():
    f = Minefield(9, 9, 10, seed=5, first_click="classic")
    before = mines_of(f)
    x, y = next((x, y) for y in range(9) for x in range(9) if (x, y) not in before)
    f.reveal(x, y)
    assert mines_of(f) == before


def test_classic_rule_with_a_mine_layer_lays_at_the_first_click_keeping_that_cell_free():
    """A board laid for its first click (a no-guess board) under the classic
    rule: laid before the click, the layer would never run, and the board
    was an ordinary one (the player had asked for no guessing)."""
    calls = []

    def top_left_layer(rng, topology, mines, excluded):
        calls.append(excluded)
        return [i for i in range(topology.size) if i not in excluded][:mines]

    f = Minefield(9, 9, 3, seed=1, first_click="classic", layer=top_left_layer)
    assert f.layout() is None and calls == []
    f.reveal(0, 0)
    assert calls == [(0,)]
    assert f.layout()[0] == ".***....." and f.status == "playing"


def test_neighbour_tables_are_built_once_per_size():
    assert grid(30, 16) is grid(30, 16)
    t = grid(4, 3)
    assert sorted(t.neighbours[0]) == [1, 4, 5]
    assert sorted(t.neighbours[5]) == [0, 1, 2, 4, 6, 8, 9, 10]
    assert sorted(t.neighbours[11]) == [6, 7, 10]
    assert len(grid(1, 1).neighbours[0]) == 0
    assert sorted(grid(1, 3).neighbours[1]) == [0, 2]


def test_a_custom_mine_layer_lays_the_mines_and_is_told_what_to_keep_free():
    calls = []

    def corner_layer(rng, topology, mines, excluded):
        calls.append(excluded)
        return [i for i in range(topology.size) if i not in excluded][-mines:]

    f = Minefield(9, 9, 3, seed=1, layer=corner_layer)
    f.reveal(0, 0)
    assert calls and calls[0][0] == 0 and set(calls[0]) == {0, 1, 9, 10}
    assert f.layout()[-1] == "......***"
