"""The engine refuses what it should at the door, naming the argument, and a
refused move leaves no trace (docs/rules.md, "Boards and levels", "Moves")."""

from __future__ import annotations

import pytest

from game.engine import ANY_SIZE, Minefield, Move

LAYOUT = ["*..", "...", "..."]


def a_board() -> Minefield:
    return Minefield.from_layout(LAYOUT)


@pytest.mark.parametrize("method", ["reveal", "chord", "toggle_flag"])
@pytest.mark.parametrize("x, y, named", [(1.0, 2, "x"), (True, 0, "x"), (0, False, "y"),
                                          (1, "2", "y"), (None, 1, "x")])
def test_a_coordinate_that_is_not_an_int_changes_nothing(method, x, y, named):
    f = a_board()
    f.reveal(2, 2)
    before = (f.view(), f.moves, f.stats().clicks, f.status)
    with pytest.raises(TypeError, match=f"^{named} must be an int"):
        getattr(f, method)(x, y)
    assert (f.view(), f.moves, f.stats().clicks, f.status) == before


def test_a_refused_move_before_the_first_click_lays_no_mines():
    f = Minefield(9, 9, 10, seed=3)
    with pytest.raises(TypeError):
        f.reveal(4.0, 4)
    assert f.status == "ready" and f.layout() is None and f.moves == ()


@pytest.mark.parametrize("args, error, named", [
    ((9, 9, True), TypeError, "mines"),
    ((9.0, 9, 10), TypeError, "width"),
    ((9, False, 10), TypeError, "height"),
    ((9, 9, "10"), TypeError, "mines"),
])
def test_sizes_must_be_ints(args, error, named):
    with pytest.raises(error, match=f"^{named} must be an int"):
        Minefield(*args)


@pytest.mark.parametrize("marks", ["no", 0, None, 1])
def test_marks_must_be_true_or_false(marks):
    with pytest.raises(TypeError, match="^marks must be True or False"):
        Minefield(9, 9, 10, marks=marks)
    with pytest.raises(TypeError, match="^marks must be True or False"):
        Minefield.from_layout(LAYOUT, marks=marks)
    f = a_board()
    with pytest.raises(TypeError, match="^marks must be True or False"):
        f.marks = marks
    assert f.marks is True and f.moves == ()


def test_a_layout_is_a_list_of_rows_not_one_string():
    with pytest.raises(TypeError, match="^rows must be a list of strings"):
        Minefield.from_layout("*..")
    with pytest.raises(TypeError, match="^rows must be a list of strings"):
        Minefield.from_layout(b"*..")


def test_layout_rows_must_be_strings():
    with pytest.raises(TypeError, match="^layout row 0 must be a str, not bytes"):
        Minefield.from_layout([b"*.."])
    with pytest.raises(TypeError, match="^layout row 1 must be a str"):
        Minefield.from_layout(["*..", 123])


def test_apply_refuses_what_is_not_a_move():
    f = a_board()
    with pytest.raises(TypeError, match="^move must be a Move or its text form, not NoneType"):
        f.apply(None)
    with pytest.raises(TypeError, match="^move must be a Move"):
        f.apply(("R", 1, 1))
    assert f.moves == ()


def test_a_move_of_an_unknown_kind_cannot_be_made():
    with pytest.raises(ValueError, match="^move kind must be one of R, F, C, M, not 'Z'"):
        Move("Z", 1, 2)
    with pytest.raises(TypeError, match="^x must be an int"):
        Move("R", 1.5, 2)
    with pytest.raises(ValueError, match="M move holds 1"):
        Move("M", 2)


def test_parse_refuses_what_is_not_text():
    with pytest.raises(TypeError, match="^text must be a str, not NoneType"):
        Move.parse(None)
    with pytest.raises(TypeError, match="^text must be a str, not bytes"):
        Move.parse(b"R 1 2")


@pytest.mark.parametrize("text", ["R 1_000 0", "R ²² 0", "R 0 ٣", "F １ 2", "C +1 2", "R 1.0 2"])
def test_parse_reads_ascii_digits_only(text):
    with pytest.raises(ValueError, match="written with the digits 0-9"):
        Move.parse(text)


def test_parse_still_reads_big_ascii_numbers():
    assert Move.parse("R 1000 20") == Move("R", 1000, 20)


def test_any_size_is_capped_at_four_million_cells():
    ANY_SIZE.check(2000, 2000, 1)            # the largest allowed (no board built: 4M cells)
    with pytest.raises(ValueError, match=r"at most 4,000,000 cells, not 4,002,000 \(2001x2000\)"):
        Minefield(2001, 2000, 1, limits=ANY_SIZE)
    with pytest.raises(ValueError, match="at most 4,000,000 cells"):
        Minefield(1_000_000, 1_000_000, 10, limits=ANY_SIZE)


def cheating_layer(rng, topology, mines, excluded):
    """Puts a mine right under the first click."""
    return [excluded[0], *[c for c in range(topology.size) if c not in excluded][:mines - 1]]


@pytest.mark.parametrize("layer, why", [
    (cheating_layer, "put a mine on cell 40, which the first-click rule keeps free"),
    (lambda rng, t, mines, excluded: [0] * mines, "must return 10 distinct cells"),
    (lambda rng, t, mines, excluded: list(range(mines - 1)), "must return 10 distinct cells"),
    (lambda rng, t, mines, excluded: [*range(mines - 1), 81], "cell 81, off a board of 81"),
    (lambda rng, t, mines, excluded: [*range(mines - 1), 80.0], "must be an int"),
    (lambda rng, t, mines, excluded: None, "must return a list of cells"),
])
def test_a_custom_mine_layer_must_keep_the_rules(layer, why):
    f = Minefield(9, 9, 10, seed=1, layer=layer)
    with pytest.raises((ValueError, TypeError), match=why):
        f.reveal(4, 4)


def test_a_custom_mine_layer_that_keeps_the_rules_is_used():
    def top_rows(rng, topology, mines, excluded):
        return [c for c in range(topology.size) if c not in excluded][:mines]

    f = Minefield(9, 9, 10, seed=1, layer=top_rows)
    f.reveal(4, 4)
    assert f.layout()[0] == "*********"
