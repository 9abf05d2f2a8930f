"""Exact probabilities (docs/rules.md, "The computer player"), checked against a brute-force oracle."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import Minefield
from game.solver import InconsistentBoard, analyse, hint, mine_probabilities, next_move

from .oracle import brute_force, random_position


def assert_matches_oracle(view, mines, shape="grid"):
    total, per_cell = brute_force(view, mines, shape)
    if total == 0:
        with pytest.raises(InconsistentBoard):
            analyse(view, mines, shape=shape)
        return
    result = analyse(view, mines, shape=shape)
    assert result.exact and result.layouts == total
    for y, row in enumerate(view):
        for x, c in enumerate(row):
            expected = per_cell[(x, y)] / total if c in "#F?" else 0.0
            assert result.probabilities[y][x] == pytest.approx(expected, abs=1e-12), (x, y)
    assert result.safe == {cell for cell, n in per_cell.items() if n == 0}
    assert result.mines == {cell for cell, n in per_cell.items() if n == total}


@settings(max_examples=300, derandomize=True, deadline=None)
@given(st.integers(0, 2**32))
def test_probabilities_match_brute_force_on_positions_from_real_games(seed):
    view, mines = random_position(random.Random(seed))
    assert_matches_oracle(view, mines)


@settings(max_examples=200, derandomize=True, deadline=None)
@given(st.integers(0, 2**32), st.integers(-3, 3))
def test_the_total_mine_count_matters_and_is_checked(seed, shift):
    view, mines = random_position(random.Random(seed))
    covered = sum(row.count("#") + row.count("F") + row.count("?") for row in view)
    mines = min(max(0, mines + shift), covered)
    assert_matches_oracle(view, mines)


def test_the_mine_count_alone_decides_the_cells_no_number_touches():
    view = ["1###"]                 # the 1 sees only (1, 0): a mine
    assert mine_probabilities(view, 1)[0] == [0.0, 1.0, 0.0, 0.0]
    assert mine_probabilities(view, 2)[0] == [0.0, 1.0, 0.5, 0.5]
    assert mine_probabilities(view, 3)[0] == [0.0, 1.0, 1.0, 1.0]


def test_a_50_50_made_certain_by_the_mine_count():
    view = ["#1#1#",
            "12321"]          # (0,0)/(2,0)/(4,0): the 3 wants 2 of (1..3)
    for mines in range(4):
        assert_matches_oracle(view, mines)


def test_unconstrained_cells_share_the_mines_left():
    view = ["0000",
            "1221",
            "####",
            "####"]
    result = analyse(view, 3)
    assert result.layouts == brute_force(view, 3)[0]
    assert sum(map(sum, result.probabilities)) == pytest.approx(3)


def test_the_1_1_pattern():
    view = ["0000",
            "011#",
            "01##",
            "01##"]
    assert_matches_oracle(view, 2)


def test_the_1_2_1_pattern_puts_the_mines_under_the_1s():
    view = ["00000",
            "11211",
            "#####"]
    result = analyse(view, 2)
    assert result.mines == {(1, 2), (3, 2)}
    assert result.safe == {(0, 2), (2, 2), (4, 2)}
    assert result.layouts == 1


def test_the_1_2_2_1_pattern_puts_the_mines_under_the_2s():
    view = ["000000",
            "012210",
            "######"]
    result = analyse(view, 2)
    assert result.mines == {(2, 2), (3, 2)}
    assert result.safe == {(0, 2), (1, 2), (4, 2), (5, 2)}


def test_flags_and_question_marks_count_as_covered():
    plain = ["1###", "1###"]
    marked = ["1F?#", "1?F#"]
    assert mine_probabilities(marked, 2) == mine_probabilities(plain, 2)


def test_a_wrong_flag_is_not_evidence():
    # The flag sits on a cell the 0 proves safe.
    assert analyse(["F0", "00"], 0).safe == {(0, 0)}
    assert mine_probabilities(["F1", "##"], 1)[0][0] == pytest.approx(1 / 3)


def test_revealed_cells_are_zero_and_the_shape_is_the_view():
    view = ["1#", "##", "##"]
    probs = mine_probabilities(view, 2)
    assert len(probs) == 3 and all(len(row) == 2 for row in probs)
    assert probs[0][0] == 0.0


@pytest.mark.parametrize("view, mines, words", [
    (["3#", "##"], 1, "need at least 3"),         # a 3 needs 3 mines, only 1 on the board
    (["2", "#"], 1, "only 1 covered neighbour"),  # a 2 with one covered neighbour
    (["1#", "00"], 1, "more mines than it shows"),  # the 0 clears the cell the 1 needs
    (["##", "##"], 5, "cannot fit"),
    (["0#", "##"], 3, "room for only 0"),         # the 0 makes every covered cell safe
    (["121", "###"], 3, "room for only 2"),       # 1-2-1 holds exactly 2 mines
    (["1#1", "###"], 3, "no layout"),             # at most 2 mines fit
])
def test_positions_no_layout_explains_raise_inconsistent_board(view, mines, words):
    with pytest.raises(InconsistentBoard, match=words):
        analyse(view, mines)


@pytest.mark.parametrize("language, view, mines, said", [
    ("en", ["1#"], 2, "2 mines cannot fit in 1 covered cell"),
    ("en", ["00"], 1, "1 mine cannot fit: no cell is covered"),
    ("en", ["2#", "##"], 1, "no layout of the board's 1 mine fits the numbers"),
    ("en", ["0#", "##"], 1, "the board has 1 mine but the numbers leave room for only 0"),
    ("fr", ["1#"], 2, "2 mines ne peuvent pas tenir dans 1 case couverte"),
    ("fr", ["00"], 1, "1 mine ne peut pas tenir\u202f: aucune case n\u2019est couverte"),
    ("fr", ["2#", "##"], 1, "aucune disposition de 1 mine sur la grille ne convient aux chiffres"),
    ("fr", ["0#", "##"], 1,
     "la grille a 1 mine mais les chiffres n\u2019en laissent de place que pour 0"),
])
def test_an_inconsistent_board_is_told_with_its_counts_agreed(language, view, mines, said):
    """A board with one mine, or one covered cell, read "the board's 1 mines"
    and "2 mines cannot fit in 1 covered cells"."""
    from game import i18n
    i18n.set_language(language)
    with pytest.raises(InconsistentBoard) as refused:
        analyse(view, mines)
    assert str(refused.value) == said


@pytest.mark.parametrize("view, mines", [
    (["0#"], 1),                    # the 0 clears the only place for the mine
    (["0F"], 1),
    (["##", "#1", "#0"], 0),        # the 1 needs a mine: only counting sees it
    (["###", "2#1"], 3),            # the numbers hold exactly 2 of the 3 mines
])
def test_hints_and_moves_refuse_positions_no_layout_explains(view, mines):
    # The local rules prove a cell safe in each; the answer must still not come.
    for ask in (analyse, hint, next_move):
        with pytest.raises(InconsistentBoard):
            ask(view, mines)


@pytest.mark.parametrize("shape", ["grid", "torus", "hex"])
def test_hints_and_moves_answer_exactly_when_some_layout_fits(shape):
    rng = random.Random(17)
    refused = 0
    for _ in range(60):
        view, mines = random_position(rng, shape=shape)
        covered = sum(row.count(c) for row in view for c in "#F?")
        for count in range(max(0, mines - 1), min(covered, mines + 2) + 1):
            fits = brute_force(view, count, shape)[0] > 0
            for ask in (hint, next_move):
                try:
                    ask(view, count, shape=shape)
                except InconsistentBoard:
                    assert not fits, (view, count)
                    refused += 1
                else:
                    assert fits, (view, count)
    assert refused > 0


def test_inconsistent_board_is_a_value_error():
    assert issubclass(InconsistentBoard, ValueError)


@pytest.mark.parametrize("view, words", [
    (["#X", "##"], "'X'"),
    (["#*", "##"], "finished game"),
    (["#9"], "'9'"),
    (["##", "#"], "row 1 has 1 cells"),
    ([], "at least one row"),
    ([b"##"], "row 0 is bytes, not a string"),
    ([1, 2], "row 0 is int, not a string"),
    (["##", 0], "row 1 is int, not a string"),
])
def test_other_characters_or_shapes_raise_value_error(view, words):
    with pytest.raises(ValueError, match=words):
        analyse(view, 1)


def test_a_view_may_be_any_iterable_of_rows_even_one_read_only_once():
    view = ["#1#", "###"]
    assert analyse(iter(view), 1).probabilities == analyse(view, 1).probabilities
    assert analyse((row for row in view), 1).layouts == 5


def test_every_expert_position_of_a_game_is_exact_and_adds_up_to_the_mines():
    field = Minefield(30, 16, 99, seed=11)
    field.reveal(3, 3)
    while field.status == "playing":
        result = analyse(field.view(), 99)
        assert result.exact and result.layouts > 0
        assert sum(map(sum, result.probabilities)) == pytest.approx(99)
        mines = field.layout()
        assert all(mines[y][x] == "." for x, y in result.safe)
        assert all(mines[y][x] == "*" for x, y in result.mines)
        safe = [c for c in result.safe if field.cell(*c) == "#"]
        if not safe:
            break
        for x, y in safe:
            field.reveal(x, y)


def test_a_time_budget_gives_an_approximation_instead_of_a_wait():
    field = Minefield(100, 100, 2000, seed=3)
    field.reveal(50, 50)
    result = analyse(field.view(), 2000, max_seconds=0.0)
    assert not result.exact and result.layouts is None
    assert sum(map(sum, result.probabilities)) == pytest.approx(2000, rel=0.02)
    assert all(0.0 <= p <= 1.0 for row in result.probabilities for p in row)


def test_an_approximation_never_calls_an_undecided_cell_certain():
    """The fitting pinned some cells at exactly 0 or 1 that could be either
    (the overlay then read a mine as "safe"): only what the rules prove is
    certain when the budget runs out."""
    for seed in range(2):
        field = Minefield(40, 30, 240, seed=seed)
        rng = random.Random(seed)
        while field.status in ("ready", "playing"):
            view = field.view()
            if field.status == "playing" and rng.random() < 0.3:
                result = analyse(view, field.mines, max_seconds=0.0)
                proved = result.safe | result.mines
                for y, row in enumerate(result.probabilities):
                    for x, p in enumerate(row):
                        if view[y][x] in "#F?":
                            assert (p in (0.0, 1.0)) == ((x, y) in proved), (seed, x, y, p)
            move = next_move(view, field.mines)
            (field.reveal if move.kind == "reveal" else field.toggle_flag)(move.x, move.y)
