"""Move records (text form, replay) and game statistics (3BV, clicks)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import Minefield, Move


def test_every_move_is_recorded_with_a_text_form():
    f = Minefield.from_layout(["*...", "....", "...."])
    f.reveal(1, 1)
    f.toggle_flag(0, 0)
    f.chord(1, 1)
    assert [str(m) for m in f.moves] == ["R 1 1", "F 0 0", "C 1 1"]


@pytest.mark.parametrize("text", ["R 1 2", "F 0 0", "C 99 3", "M 0", "M 1"])
def test_the_text_form_parses_back(text):
    assert str(Move.parse(text)) == text


@pytest.mark.parametrize("text, why", [
    ("", "empty"), ("X 1 2", "expected"), ("R 1", "expected"), ("R a b", "whole numbers"),
    ("R -1 2", "negative"), ("M 2", "M 0"),
])
def test_bad_move_text_is_refused_with_a_reason(text, why):
    with pytest.raises(ValueError, match=why):
        Move.parse(text)


NUMBERS = st.one_of(st.integers(0, 10**6).map(str), st.text("0123456789-+_²٣１", max_size=4))


@settings(max_examples=300, derandomize=True, deadline=None)
@given(st.sampled_from("RFCMrfcX"), NUMBERS, NUMBERS, st.booleans())
def test_moves_as_written_read_like_any_other_spelling(kind, x, y, two):
    """Text written as ``str(Move)`` writes it takes a shortcut in ``parse``;
    the same move spaced out takes the general path: both must agree."""
    text = f"{kind} {x} {y}" if two else f"{kind} {x}"
    spaced = f" {text.replace(' ', '   ')} "
    try:
        expected: object = Move.parse(spaced)
    except ValueError as e:
        expected = type(e)
    try:
        got: object = Move.parse(text)
    except ValueError as e:
        got = type(e)
    assert got == expected


def test_seed_and_move_list_replay_a_game_to_the_same_view():
    f = Minefield(16, 16, 40, seed=99, first_click="safe")
    f.reveal(3, 3)
    f.toggle_flag(0, 0)
    f.marks = False
    f.toggle_flag(0, 0)
    for y in range(16):
        for x in range(16):
            if f.status == "playing" and f.cell(x, y) == "#":
                f.reveal(x, y)
    log = [str(m) for m in f.moves]
    g = Minefield(16, 16, 40, seed=f.seed, first_click="safe")
    for text in log:
        g.apply(text)
    assert g.view() == f.view() and g.status == f.status


def test_three_bv_counts_openings_and_lone_numbers():
    # The zeros form one opening; the numbers (3,0) (4,0) (4,1) (4,2) (4,3)
    # touch no zero, so each needs a click of its own: 3BV = 1 + 5.
    f = Minefield.from_layout([
        ".....",
        "...*.",
        ".....",
        ".....",
        "....*",
    ])
    f.reveal(0, 0)
    st = f.stats()
    assert st.bbbv == 1 + 5
    assert st.solved_bbbv == 1


BORDERED = [
    "........",
    "........",
    "........",
    "......*.",
    "........",
    "*......*",
    "..*.....",
    ".*..*..*",
]


def test_a_wrong_flag_on_an_openings_border_takes_nothing_from_the_opening():
    """Arbiter's count (``game.engine.stats``): the click that opened every
    zero of an opening solved it, though a wrong flag keeps a number of its
    border covered; "3BV 0/11" showed here. Opening that number later adds
    nothing: it was never a 3BV click of its own."""
    f = Minefield.from_layout(BORDERED)
    f.toggle_flag(5, 2)                 # a 1 on the opening's border
    f.reveal(0, 0)
    assert f.cell(5, 2) == "F" and f.cell(4, 2) == "0"
    assert f.stats().solved_bbbv == 1
    f.toggle_flag(5, 2)
    f.reveal(5, 2)
    assert f.stats().solved_bbbv == 1


def test_a_flag_on_an_openings_zero_holds_it_back_until_that_zero_opens():
    """A flag is not a reveal: the cascade goes round a flagged zero, and
    the opening counts once that zero is open too, whatever click opens it."""
    f = Minefield.from_layout(BORDERED)
    f.toggle_flag(1, 1)                 # a zero inside the opening
    f.reveal(0, 0)
    assert f.cell(1, 1) == "F" and f.stats().solved_bbbv == 0
    f.toggle_flag(1, 1)
    f.reveal(1, 1)
    assert f.stats().solved_bbbv == 1


def test_a_flag_on_a_lone_number_is_not_its_reveal():
    f = Minefield.from_layout(BORDERED)
    f.reveal(0, 0)
    f.toggle_flag(7, 4)                 # a 2 that touches no zero
    assert f.stats().solved_bbbv == 1
    f.toggle_flag(7, 4)
    f.reveal(7, 4)
    assert f.stats().solved_bbbv == 2


def test_three_bv_of_a_board_without_zeros_is_its_safe_cell_count():
    f = Minefield.from_layout(["*.*", ".*.", "*.*"])
    f.reveal(1, 0)
    assert f.stats().bbbv == 4


def test_clicks_are_counted_by_kind_and_wasted_ones_apart():
    f = Minefield.from_layout(["*...", "....", "...."])
    f.reveal(1, 1)          # useful left
    f.reveal(1, 1)          # wasted left (already open)
    f.toggle_flag(1, 1)     # wasted right (open cell)
    f.toggle_flag(0, 0)     # useful right
    f.chord(2, 2)           # wasted chord (covered)
    f.chord(1, 1)           # useful chord: wins
    c = f.stats().clicks
    assert (c.left, c.right, c.chord, c.wasted, c.total, c.useful) == (2, 2, 2, 3, 6, 3)


def test_efficiency_and_three_bv_per_second():
    f = Minefield.from_layout(["*.*", ".*.", "*.*"])
    for x, y in ((1, 0), (1, 0), (0, 1), (2, 1), (1, 2)):
        f.reveal(x, y)      # the second one wasted, and counted: 4 3BV in 5 clicks
    st = f.stats(elapsed_ms=2000)
    assert f.status == "won"
    assert st.bbbv == st.solved_bbbv == 4
    assert st.efficiency == 0.8
    assert st.bbbv_per_second == 2.0


def test_stats_before_the_mines_are_laid():
    st = Minefield(9, 9, 10).stats()
    assert st.bbbv is None and st.efficiency is None and st.bbbv_per_second is None


def test_3bv_counted_before_a_classic_first_click_moves_its_mine_is_counted_again():
    for seed in range(40):
        field = Minefield(9, 9, 10, seed=seed, first_click="classic")
        mine = next((x, y) for y, row in enumerate(field.layout()) for x, c in enumerate(row)
                    if c == "*")
        field.stats()                               # 3BV asked before the first click
        field.reveal(*mine)                         # the mine moves away
        assert field.stats().bbbv == Minefield.from_layout(field.layout()).stats().bbbv


def test_a_copy_plays_on_without_touching_the_original():
    for rule in ("opening", "safe", "classic"):
        original = Minefield(16, 16, 40, seed=7, first_click=rule)
        before = original.copy()                    # mines not laid yet: the same draw
        original.reveal(8, 8)
        before.reveal(8, 8)
        assert before.layout() == original.layout() and before.view() == original.view()
        copy = original.copy()
        for move in ("F 0 0", "R 15 15", "R 0 15", "F 1 1", "F 1 1", "R 15 0"):
            copy.apply(move)
        assert copy.view() != original.view() and original.moves == before.moves
        assert original.view() == before.view()
        for move in copy.moves[len(original.moves):]:
            original.apply(move)
        assert original.view() == copy.view() and original.status == copy.status
        assert original.stats() == copy.stats()



@pytest.mark.parametrize("shape", ["grid", "hex", "torus"])
def test_3bv_solved_counts_the_openings_zeros_all_open_and_the_lone_numbers_open(shape):
    """Counted through ``itemgetter`` at C speed (the replay viewer asks at
    every frame): the same count as each opening's zeros and each lone
    number looked at, at every move of games with flags and question marks,
    on safe cells too (a cascade stops at them), to their win."""
    from game.engine.states import OPEN
    from game.engine.stats import bbbv_regions
    for seed in range(4):
        field = Minefield(16, 16, 40, seed=seed, shape=shape, marks=True)
        rng = random.Random(seed)
        field.reveal(8, 8)
        openings, lone = bbbv_regions(field._counts, field._is_mine, field._topology)
        mines = field.layout() or []
        for _ in range(3000):
            state = field._state
            expected = sum(all(state[i] == OPEN for i in region if not field._counts[i])
                           for region in openings)
            expected += sum(state[i] == OPEN for i in lone)
            assert field.stats().solved_bbbv == expected
            if field.status != "playing":
                break
            x, y = rng.choice([(x, y) for y in range(16) for x in range(16)
                               if field.cell(x, y) in "#?F"])
            safe = mines[y][x] != "*"
            if safe and field.cell(x, y) == "#" and rng.random() > 0.2:
                field.reveal(x, y)
            elif not (mines[y][x] == "*" and field.cell(x, y) == "F"):
                field.toggle_flag(x, y)
        stats = field.stats()
        assert field.status == "won" and stats.solved_bbbv == stats.bbbv > 0
