"""Hints (docs/rules.md, "The computer player"): the cell, its kind, and a reason a player understands."""

import itertools

import pytest

from game.engine import Minefield
from game.solver import analyse, hint
from game.solver.wording import arrangements, superscript


def check(view, mines, cell, kind, words, evidence=None):
    h = hint(view, mines)
    assert (h.x, h.y) == cell, h
    assert h.kind == kind, h
    for w in words:
        assert w in h.explanation, h.explanation
    assert "\n" not in h.explanation
    if evidence is not None:
        assert set(h.evidence) == set(evidence), h.evidence
    result = analyse(view, mines)
    if kind == "safe":
        assert cell in result.safe and h.risk == 0.0
    elif kind == "mine":
        assert cell in result.mines and h.risk == 1.0
    else:
        assert h.risk == pytest.approx(result.probabilities[cell[1]][cell[0]])
    return h


def test_a_number_that_already_touches_its_mine():
    check(["0000",
           "0111",
           "01##",
           "01##"], 2, (2, 3), "safe",
          ["this 1 already touches its mine", "other neighbours are safe"],
          evidence=[(1, 3), (1, 1)])


def test_a_number_with_as_many_covered_neighbours_as_mines():
    check(["3#",
           "##"], 3, (1, 0), "mine", ["this 3 has exactly 3 covered neighbours: all mines"],
          evidence=[(0, 0)])


def test_the_1_1_pattern():
    check(["000",
           "111",
           "###"], 1, (2, 2), "safe", ["the 1-1 pattern", "safe"],
          evidence=[(0, 1), (1, 1)])


def test_the_1_2_pattern():
    check(["#2#",
           "2##",
           "1##"], 3, (0, 0), "mine", ["the 1-2 pattern", "a mine"],
          evidence=[(0, 1), (0, 2)])


def test_the_1_2_1_pattern():
    check(["00000",
           "12121",
           "#####"], 3, (1, 2), "safe", ["the 1-2-1 pattern", "safe"],
          evidence=[(0, 1), (1, 1), (2, 1)])


def test_a_mine_found_by_a_pattern_is_named_when_it_is_used():
    check(["0000",
           "1221",
           "####",
           "####"], 3, (3, 2), "safe", ["already touches its mine", "the 1-2 pattern"])


def test_counting_the_arrangements_of_a_group_of_numbers():
    check(["#10",
           "#21",
           "###"], 2, (0, 2), "safe",
          ["these 3 numbers allow 4 arrangements", "none puts a mine here"],
          evidence=[(1, 0), (1, 1), (2, 1)])


def test_counting_the_mines_left_clears_the_cells_away_from_the_numbers():
    check(["###",
           "2##",
           "###"], 2, (2, 0), "safe", ["counting the mines left", "account for all 2 mines"])


def test_counting_the_mines_left_next_to_the_numbers():
    check(["#3#",
           "###",
           "12#"], 3, (2, 2), "safe", ["counting the mines left", "3 mines still to place"])


def test_counting_the_mines_left_can_prove_mines():
    check(["###",
           "#1#",
           "###",
           "###"], 4, (0, 3), "mine", ["counting the mines left", "all mines"])


@pytest.mark.parametrize("language, words", [
    ("en", "the numbers account for all 1,089 mines"),
    ("fr", "les chiffres expliquent les 1\u202f089 mines")])
def test_counting_the_mines_left_writes_a_big_count_as_the_language_does(language, words):
    """"all 1089 mines": the count of mines went into the sentence as Python
    writes it, where the arrangements beside it were grouped ("2,838",
    "1 300") as the language writes numbers."""
    from game import i18n
    # 1,089 lone 1s, each in the middle of its own 3 x 3 block, with the
    # mines of all of them: the 100th row and column are away from every one.
    view = ["".join("1" if x % 3 == 1 and y % 3 == 1 and max(x, y) < 99 else "#"
                    for x in range(100)) for y in range(100)]
    i18n.set_language(language)
    check(view, 1089, (99, 0), "safe", [words])


def test_a_guess_says_how_many_arrangements_were_counted_and_the_risk():
    view = ["######"] * 7 + ["#####1"]
    h = hint(view, 3)       # one mine among 3 cells, two among the other 44
    assert h.kind == "guess"
    assert "counted all 2,838 arrangements" in h.explanation
    assert f"{h.risk * 100:.0f}\u00a0% risk" in h.explanation


@pytest.mark.parametrize("view, mines, shape, said", [
    # A torus reached by clicking about, every cell flagged but the one
    # left to guess, (5, 4): a mine there in 25 of 101,975 layouts.
    (["F4FF1FFF", "FFFFF2FF", "FF2FF2FF", "FFFFFF22",
      "F2FFF#F2", "FFF31FFF", "FFFFFFFF", "3FFFFFFF"], 14, "torus", "0.1\u00a0% risk"),
    # The 1's three cells flagged: the cells left hold 395 mines in 396.
    (["#" * 20] * 18 + ["#" * 18 + "FF", "#" * 18 + "F1"], 396, "grid", "99.7\u00a0% risk"),
])
def test_a_guess_is_never_said_certain_either_way(view, mines, shape, said):
    """A 0.02 % risk read "0.0 % risk", a 99.7 % one "100 % risk": a cell
    that may or may not hold a mine, said to be certain."""
    h = hint(view, mines, shape=shape)
    assert h.kind == "guess" and 0 < h.risk < 1
    assert h.explanation.endswith(said), h.explanation


def test_a_guess_with_astronomically_many_arrangements_says_about():
    view = ["#" * 30] * 15 + ["#" * 29 + "1"]
    h = hint(view, 99)
    assert h.kind == "guess"
    assert "about" in h.explanation and "\u00d7\u00a010" in h.explanation


def test_a_small_endgame_is_searched_to_the_end():
    h = check(["1#",
               "##",
               "##"], 2, (0, 1), "guess", ["every line of play", "6 arrangements", "33\u00a0% risk"])
    assert h.evidence == [(0, 0)]


def test_a_wrong_flag_is_pointed_out():
    check(["F0",
           "00"], 0, (0, 0), "safe", ["no mine around it", "your flag here is wrong"])


def test_an_unflagged_cell_is_preferred_to_a_wrongly_flagged_one():
    h = hint(["F0#", "000"], 0)
    assert (h.x, h.y) == (2, 0)


def test_safe_cells_come_before_mines():
    view = ["0000",
            "1221",
            "####",
            "####"]
    assert analyse(view, 3).mines           # mines are proved first, yet
    assert hint(view, 3).kind == "safe"


def test_the_first_hint_on_an_untouched_board():
    h = hint(["#" * 9] * 9, 10)
    assert h.kind == "safe" and "first click" in h.explanation


@pytest.mark.parametrize("width, height, mines, shape, rule, opens", [
    (30, 16, 99, "grid", "opening", True),
    (30, 16, 99, "grid", "classic", False),     # the corner opens an area half the time
    (16, 16, 40, "torus", "safe", False),       # every cell has 8 neighbours: 1 in 4
    (9, 9, 75, "grid", "opening", False),       # too dense to keep an area free
])
def test_the_first_hint_says_what_the_first_click_will_do(width, height, mines, shape, rule,
                                                          opens):
    """It said "here it is likely to open an area" whatever the rule and
    the board: the corner of an Expert board under the classic rule opens
    one half the time, a torus's cell one time in four."""
    h = hint(["#" * width] * height, mines, first_click=rule, shape=shape)
    assert h.kind == "safe" and h.explanation.startswith(
        "nothing is open yet: the first click is always safe, ")
    if opens:
        assert h.explanation.endswith("and here it opens an area")
    else:
        assert h.explanation.endswith(
            "and the fewer neighbours a cell has, the better its chance to open an area")


@pytest.mark.parametrize("rule, flagged, cell", [("opening", (2, 2), (2, 1)),
                                                 ("safe", (0, 0), (8, 0)),
                                                 ("classic", (8, 8), (0, 8))])
def test_the_first_hint_never_points_at_a_flag(rule, flagged, cell):
    view = ["".join("F" if (x, y) == flagged else "#" for x in range(9)) for y in range(9)]
    h = hint(view, 10, first_click=rule)
    assert ((h.x, h.y), h.kind) == (cell, "safe")
    assert "unflag" not in h.explanation


def test_the_first_hint_on_a_board_flagged_all_over_says_to_unflag():
    h = hint(["FFF", "FFF"], 3)
    assert ((h.x, h.y), h.kind) == ((1, 1), "safe")
    assert "unflag it first" in h.explanation


def test_a_view_read_only_once_gets_the_same_hint():
    view = ["#1#", "###"]
    assert hint(iter(view), 1) == hint(view, 1)


@pytest.mark.parametrize("view", [["##", "##"], ["1#", "##"]])
def test_an_unknown_first_click_rule_is_refused(view):
    with pytest.raises(ValueError, match="first_click must be one of opening, safe, classic"):
        hint(view, 1, first_click="bogus")


@pytest.mark.parametrize("view, mines, shape", [(["000", "000"], 0, "grid"),
                                                (["0"], 0, "hex"),
                                                (["1F"], 1, "grid")])
def test_a_view_with_nothing_left_to_play_has_no_hint(view, mines, shape):
    with pytest.raises(ValueError, match="nothing left to play"):
        hint(view, mines, shape=shape)


def test_an_unflagged_mine_is_still_worth_a_hint_when_nothing_else_is_left():
    check(["1#"], 1, (1, 0), "mine", [])


def test_a_time_budget_too_short_to_check_the_whole_view_still_gives_the_simplest_proof():
    field = Minefield(30, 16, 99, seed=11)
    field.reveal(3, 3)
    view = field.view()
    h = hint(view, 99)
    assert h.kind == "safe"
    assert hint(view, 99, max_seconds=0.0) == h


def test_a_mine_found_by_an_8_is_said_with_an():
    """The hint said "found by a 8 nearby"."""
    check(["#####",
           "#8###",
           "#####",
           "###1#",
           "#####"], 10, (3, 2), "safe", ["this 1 already touches its mine (found by an 8 nearby)"])


@pytest.mark.parametrize("n, words", [
    (9_960_000, "about 1.0\u00a0\u00d7\u00a010\u2077 arrangements"),      # read "10.0 x 10^6"
    (9_940_000, "about 9.9\u00a0\u00d7\u00a010\u2076 arrangements"),
    (10 ** 15, "about 1.0\u00a0\u00d7\u00a010\u00b9\u2075 arrangements"),
    # str() refuses 4,300 digits
    (3 * 10 ** 5000, "about 3.0\u00a0\u00d7\u00a010\u2075\u2070\u2070\u2070 arrangements"),
], ids=["rounds-up", "rounds-down", "power", "5001-digits"])
def test_a_count_too_big_to_read_is_said_with_a_mantissa_under_ten(n, words):
    assert arrangements(n) == words


@pytest.mark.parametrize("language, words", [
    ("en", "about 5.1\u00a0\u00d7\u00a010\u00b9\u2070 arrangements"),
    ("fr", "environ 5,1\u00a0\u00d7\u00a010\u00b9\u2070 dispositions"),
])
def test_the_exponent_is_written_in_superscript_digits(language, words):
    """"5,1 x 10^10" wrote the power as a calculator's keys: 10¹⁰ is how
    both languages write it."""
    from game import i18n
    i18n.set_language(language)
    assert arrangements(51 * 10 ** 9) == words


def test_superscript_writes_every_digit_raised():
    assert superscript(1234567890) == "\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079\u2070"


def test_mines_found_by_different_numbers_are_not_said_found_by_one():
    """This 2's two mines were found by a 1 and by another 2 (both framed
    in the window), and the hint said "found by a 1 nearby", naming the
    first finder alone (seen on hexagons, as a first game of Beginner)."""
    view = ["####1001#",
            "####21011",
            "######100",
            "####21000",
            "####20000",
            "##2100000",
            "##2000000",
            "110000000",
            "000000000"]
    h = hint(view, 10, shape="hex")
    assert (h.x, h.y, h.kind) == (4, 2, "safe")
    assert "this 2 already touches its 2 mines (found by numbers nearby)" in h.explanation
    assert set(h.evidence) == {(4, 3), (4, 4), (5, 1)}
    from game.i18n.current import set_language
    set_language("fr")
    try:
        said = hint(view, 10, shape="hex").explanation
    finally:
        set_language("en")
    assert "ce 2 touche déjà ses 2 mines (trouvées par des chiffres voisins)" in said, said


def _framed_numbers_force(view, h):
    """Whether the numbers a hint frames, alone, force its cell (every way to
    place mines around them that fits them gives the cell the same kind)."""
    covered = {(x, y) for y, row in enumerate(view) for x, ch in enumerate(row) if ch in "#F?"}
    around = {n: [(n[0] + dx, n[1] + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                  if (n[0] + dx, n[1] + dy) in covered] for n in h.evidence}
    cells = sorted({c for near in around.values() for c in near} | {(h.x, h.y)})
    kinds = set()
    for bits in itertools.product((0, 1), repeat=len(cells)):
        mined = {c for c, b in zip(cells, bits, strict=True) if b}
        if all(sum(c in mined for c in near) == int(view[n[1]][n[0]])
               for n, near in around.items()):
            kinds.add((h.x, h.y) in mined)
    return kinds == {h.kind == "mine"}


def test_a_counted_group_that_leans_on_cells_other_numbers_proved_frames_them_and_says_so():
    # The group of the 4s is counted once the 2 below (1, 2) has proved the
    # flag at (0, 1) a mine: framed alone, "these 4 numbers allow 4
    # arrangements" was false (they allow 6).
    view = ["####1000",
            "F44#4210",
            "12FFFF10",
            "01233210",
            "11000011",
            "F100112F",
            "11001F32",
            "000012F1"]
    h = check(view, 12, (0, 0), "mine",
              ["once the cells proved by the numbers nearby are set, these 4 numbers allow"
               " 4 arrangements of their other mines, and every one puts a mine here"])
    assert {(4, 0), (1, 1), (2, 1), (4, 1), (1, 2)} <= set(h.evidence)
    assert _framed_numbers_force(view, h)


@pytest.mark.parametrize("view, mines, cell", [
    # the 2 at (2, 2) has covered cells above and below its row
    (["112#####2",
      "##2#2####",
      "11212####",
      "111#2####",
      "##1######",
      "1112#2###",
      "000112###",
      "000001###",
      "000001###"], 10, (0, 1)),
    # the 2 at (5, 6) has covered cells left and right of its column
    (["########",
      "########",
      "########",
      "########",
      "####112#",
      "#####1##",
      "#####211",
      "#####100"], 12, (4, 6)),
])
def test_a_1_2_1_in_a_line_is_no_pattern_unless_its_2_touches_one_side_only(view, mines, cell):
    """"Its mines sit under the 1s, never under the 2" was said of numbers
    whose 2 had covered cells on both sides of the line: some arrangements
    put a 1's mine on the far side. The cell is still proved, in other words."""
    h = check(view, mines, cell, "safe", [])
    assert "1-2-1" not in h.explanation
    assert _framed_numbers_force(view, h)
