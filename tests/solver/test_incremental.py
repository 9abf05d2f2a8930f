"""Incremental exact probabilities: the same numbers as from scratch, move
after move, recounting only the components the moves touched."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import ANY_SIZE, Minefield
from game.solver import InconsistentBoard, analyse, incremental, next_move
from game.solver.count import OutOfTime
from game.solver.incremental import IncrementalAnalysis

from .oracle import brute_force

SHAPES = ("grid", "torus", "hex")
MAX_LAYOUTS = 5000          # positions the brute-force oracle checks quickly


def random_move(field: Minefield, rng: random.Random) -> None:
    """A move a player might make: mostly the computer's choice, sometimes a
    random safe cell opened, a flag or a question mark toggled."""
    roll = rng.random()
    covered = [(x, y) for y in range(field.height) for x in range(field.width)
               if field.cell(x, y) in "#F?"]
    if roll < 0.15 and covered:
        field.toggle_flag(*rng.choice(covered))
        return
    if roll < 0.4 and field.layout():
        rows = field.layout()
        safe = [(x, y) for x, y in covered if rows[y][x] == "." and field.cell(x, y) == "#"]
        if safe:
            field.reveal(*rng.choice(safe))
            return
    move = next_move(field.view(), field.mines, flags=False, shape=field.shape)
    field.reveal(move.x, move.y)


@settings(max_examples=40, derandomize=True, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(SHAPES), st.integers(5, 16),
       st.integers(5, 12), st.floats(0.08, 0.25))
def test_incremental_equals_from_scratch_over_random_games(seed, shape, width, height, density):
    rng = random.Random(seed)
    mines = max(1, int(width * height * density))
    field = Minefield(width, height, mines, seed=seed, shape=shape, limits=ANY_SIZE)
    game = IncrementalAnalysis(shape)
    positions = 0
    while field.status in ("ready", "playing"):
        if field.status == "playing":
            view = field.view()
            scratch = analyse(view, mines, shape=shape)
            got = game.analyse(view, mines)
            assert got.probabilities == scratch.probabilities      # the very same floats
            assert got.layouts == scratch.layouts
            positions += 1
        random_move(field, rng)
    assert game.restarts <= 1


@settings(max_examples=100, derandomize=True, deadline=None)
@given(st.integers(0, 2**32))
def test_incremental_matches_brute_force_move_after_move(seed):
    rng = random.Random(seed)
    width, height = rng.randint(3, 6), rng.randint(3, 5)
    mines = rng.randint(1, width * height // 3)
    field = Minefield(width, height, mines, seed=seed, first_click="safe", limits=ANY_SIZE)
    field.reveal(rng.randrange(width), rng.randrange(height))
    game = IncrementalAnalysis()
    while field.status == "playing":
        view = field.view()
        covered = sum(row.count("#") + row.count("F") + row.count("?") for row in view)
        if math.comb(covered, mines) > MAX_LAYOUTS:
            random_move(field, rng)
            continue
        total, per_cell = brute_force(view, mines)
        got = game.analyse(view, mines)
        assert got.layouts == total
        for (x, y), n in per_cell.items():
            assert got.probabilities[y][x] == pytest.approx(n / total, abs=1e-12)
        random_move(field, rng)


def banded_board(seed: int) -> list[str]:
    """Mines above and below a mine-free band: opening the band leaves two
    frontiers no number links."""
    rng = random.Random(seed)
    rows = []
    for y in range(11):
        dense = y < 4 or y > 6
        rows.append("".join("*" if dense and rng.random() < 0.3 else "." for _ in range(16)))
    return rows


def test_a_reveal_far_from_a_frontier_leaves_its_components_alone():
    for seed in range(100):
        field = Minefield.from_layout(banded_board(seed))
        field.reveal(8, 5)
        game = IncrementalAnalysis()
        game.analyse(field.view(), field.mines)
        game.analyse(field.view(), field.mines)   # what the count proved leaves the constraints
        below = [c for c in game.components() if min(i for box in c.boxes for i in box) >= 7 * 16]
        rows = field.layout()
        top = [(x, y) for y in range(2) for x in range(16)
               if rows[y][x] == "." and field.cell(x, y) == "#"]
        if below and top:
            break
    field.reveal(*top[0])                     # far from the frontier below the band
    got = game.analyse(field.view(), field.mines)
    after = game.components()
    assert all(any(c is d for d in after) for c in below)   # untouched: the very same objects
    assert game.restarts == 1
    assert got.probabilities == analyse(field.view(), field.mines).probabilities


def test_flags_change_nothing_and_a_new_game_starts_over():
    field = Minefield(9, 9, 10, seed=4, first_click="safe")
    field.reveal(0, 0)
    game = IncrementalAnalysis()
    first = game.analyse(field.view(), 10)
    covered = next((x, y) for y in range(9) for x in range(9) if field.cell(x, y) == "#")
    field.toggle_flag(*covered)
    assert game.analyse(field.view(), 10).probabilities == first.probabilities
    assert game.rebuilt == 0
    other = Minefield(9, 9, 10, seed=5, first_click="safe")
    other.reveal(8, 8)
    got = game.analyse(other.view(), 10)
    assert game.restarts == 2
    assert got.probabilities == analyse(other.view(), 10).probabilities


def test_a_view_no_layout_fits_is_refused_and_the_next_one_starts_clean():
    game = IncrementalAnalysis()
    with pytest.raises(InconsistentBoard):
        game.analyse(["11#", "###", "#3#"], 1)
    got = game.analyse(["1##", "###", "###"], 1)
    assert got.probabilities == analyse(["1##", "###", "###"], 1).probabilities


def test_a_count_cut_short_keeps_what_it_counted_for_the_next_question(monkeypatch):
    """A view whose count ran out of time started over with an empty cache:
    on a big board the overlay counted the same components again at every
    question, ran out again, and stayed approximate for the rest of the game."""
    field = Minefield(30, 16, 99, seed=0)
    for _ in range(25):
        move = next_move(field.view(), 99)
        (field.reveal if move.kind == "reveal" else field.toggle_flag)(move.x, move.y)
    view = field.view()
    real = incremental.count_component
    fresh = [0]

    def one_count_in_time(component, deadline, cache):
        """The budget runs out at the second component not counted before."""
        if component.key not in cache:
            if fresh[0] == 1:
                raise OutOfTime
            fresh[0] += 1
        return real(component, deadline, cache)

    monkeypatch.setattr(incremental, "count_component", one_count_in_time)
    game = IncrementalAnalysis()
    for _ in range(3):
        fresh[0] = 0
        try:
            got = game.analyse(view, 99)
            break
        except OutOfTime:
            pass
    else:
        pytest.fail("every question ran out of time")
    assert game.rebuilt == 3            # three components, one counted per question
    assert got.probabilities == analyse(view, 99).probabilities
