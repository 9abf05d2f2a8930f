"""The rules of docs/rules.md, on boards drawn as text ('*' mine, '.' safe)."""

import pytest

from game.engine import Minefield, Status


def board(*rows, marks=True):
    return Minefield.from_layout(list(rows), marks=marks)


def test_a_new_board_is_ready_and_all_covered():
    f = board("*..", "...", "..*")
    assert f.status == "ready"
    assert f.view() == ["###", "###", "###"]
    assert f.mines == 2 and f.mines_left == 2


def test_revealing_a_number_opens_only_that_cell():
    f = board("*..", "...", "..*")
    assert f.reveal(1, 0) == [(1, 0)]
    assert f.view() == ["#1#", "###", "###"]
    assert f.status == "playing"


def test_revealing_a_zero_cascades_to_its_neighbours_and_beyond():
    f = board("....", "....", "...*")
    changed = f.reveal(0, 0)
    assert f.status == "won"
    assert f.view() == ["0000", "0011", "001F"]  # the win flags the mine
    assert len(changed) == 12


def test_cascade_never_opens_a_flag_but_opens_question_marks():
    f = board("......", "......", ".....*")
    f.toggle_flag(3, 0)            # flag
    f.toggle_flag(3, 1)
    f.toggle_flag(3, 1)            # question mark
    assert f.cell(3, 1) == "?"
    f.reveal(0, 0)
    assert f.cell(3, 0) == "F"
    assert f.cell(3, 1) == "0"


def test_a_cascade_on_a_huge_board_does_not_recurse():
    f = Minefield.from_layout(["." * 100] * 99 + ["." * 99 + "*"])
    f.reveal(0, 0)
    assert f.status == "won"


def test_revealing_a_mine_loses_and_shows_every_mine():
    f = board("*..", "...", "..*")
    f.reveal(1, 0)
    changed = f.reveal(0, 0)
    assert f.status == "lost"
    assert f.view() == ["X1#", "###", "##*"]
    assert set(changed) == {(0, 0), (2, 2)}


def test_a_loss_shows_wrong_flags_crossed_and_keeps_right_flags():
    f = board("*.*", "...", "...")
    f.reveal(1, 2)                 # opens the bottom two rows: 0s and the 1 2 1 row
    f.toggle_flag(0, 0)            # right flag
    f.toggle_flag(1, 0)            # wrong flag
    f.toggle_flag(2, 0)
    f.toggle_flag(2, 0)            # question mark on a mine
    changed = f.chord(0, 1)        # the 1 at (0,1) has one flag: opens nothing new
    assert changed == []
    f.reveal(2, 0)                 # the question-marked mine
    assert f.status == "lost"
    assert f.view() == ["FxX", "121", "000"]


def test_question_marks_end_as_winmine_s_show_bombs_leaves_them():
    """At a loss a mine under a ? shows as a mine and a ? on a safe cell
    stays; at a win a mine under a ? is flagged, as every other (Winmine's
    ShowBombs: only a flag is "guessed", a ? is any covered cell)."""
    f = board("*.*", "...", "...")
    f.reveal(1, 2)                 # the bottom two rows open
    f.toggle_flag(0, 0)
    f.toggle_flag(0, 0)            # ? on a mine
    f.toggle_flag(1, 0)
    f.toggle_flag(1, 0)            # ? on the safe cell
    f.reveal(2, 0)
    assert f.view() == ["*?X", "121", "000"]
    f = board("*.", "..")
    f.toggle_flag(0, 0)
    f.toggle_flag(0, 0)            # ? on the mine
    f.reveal(1, 0)
    f.reveal(0, 1)
    f.reveal(1, 1)
    assert f.status == "won" and f.view() == ["F1", "11"] and f.mines_left == 0


def test_win_flags_every_mine_and_zeroes_the_counter():
    f = board("*.", "..")
    f.toggle_flag(1, 1)            # a wrong flag on a safe cell blocks the win...
    f.reveal(1, 0)
    f.reveal(0, 1)
    assert f.status == "playing"
    f.toggle_flag(1, 1)
    f.toggle_flag(1, 1)            # ...until it is cleared (flag -> ? -> covered)
    changed = f.reveal(1, 1)
    assert f.status == "won"
    assert f.view() == ["F1", "11"]
    assert f.mines_left == 0
    assert (0, 0) in changed


def test_flags_may_exceed_the_mines_and_the_counter_goes_negative():
    f = board("*..", "...", "...")
    for x in range(3):
        f.toggle_flag(x, 2)
    assert f.mines_left == -2


def test_right_click_cycles_flag_question_covered_with_marks_on():
    f = board("*..", "...", "...")
    seen = []
    for _ in range(3):
        f.toggle_flag(2, 2)
        seen.append(f.cell(2, 2))
    assert seen == ["F", "?", "#"]


def test_right_click_skips_the_question_mark_with_marks_off():
    f = board("*..", "...", "...", marks=False)
    seen = []
    for _ in range(2):
        f.toggle_flag(2, 2)
        seen.append(f.cell(2, 2))
    assert seen == ["F", "#"]


def test_a_flagged_cell_cannot_be_revealed():
    f = board("*..", "...", "...")
    f.toggle_flag(0, 0)
    assert f.reveal(0, 0) == []
    assert f.status == "ready"


def test_a_revealed_cell_cannot_be_marked():
    f = board("*..", "...", "...")
    f.reveal(1, 1)
    assert f.toggle_flag(1, 1) == []
    assert f.cell(1, 1) == "1"


def test_chord_opens_the_other_neighbours_of_a_satisfied_number():
    f = board("*...", "....", "....")
    f.reveal(1, 1)
    f.toggle_flag(0, 0)
    changed = f.chord(1, 1)
    assert f.status == "won"
    assert {(1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)} <= set(changed)


def test_chord_does_nothing_when_flags_do_not_match_the_number():
    f = board("*...", "....", "....")
    f.reveal(1, 1)
    assert f.chord(1, 1) == []
    assert f.view()[0] == "####"


def test_chord_does_nothing_when_more_flags_than_the_number_touch_it():
    """docs/rules.md, Moves: a chord needs the flags to *equal* the number.
    A 1 with two flags round it opens nothing, though one of them is right:
    with "at least as many" it opened its other neighbours."""
    f = board("*...", "....", "....")
    f.reveal(1, 1)                           # a 1
    f.toggle_flag(0, 0)
    f.toggle_flag(2, 0)                      # one flag too many
    before = f.view()
    assert f.chord(1, 1) == []
    assert f.view() == before and f.status == "playing"


def test_chord_with_a_wrong_flag_hits_the_mine():
    f = board("*...", "....", "....")
    f.reveal(1, 1)
    f.toggle_flag(2, 2)            # wrong
    f.chord(1, 1)
    assert f.status == "lost"
    assert f.cell(0, 0) == "X"
    assert f.cell(2, 2) == "x"


def test_a_chord_with_a_wrong_flag_opens_every_other_neighbour_and_sets_off_each_mine_it_hit():
    """docs/rules.md, Moves: the safe neighbours open too (a 0 among them
    cascades) and every mine the chord opened shows exploded."""
    f = board("*.*...", "......", "......", "......")
    f.reveal(1, 1)                           # a 2
    f.toggle_flag(0, 1)                      # two wrong flags match it
    f.toggle_flag(1, 2)
    f.chord(1, 1)
    assert f.status == "lost"
    assert f.view() == ["X2X100",            # both mines it hit went off
                        "x21100",            # the 0 at (2, 2) it opened cascaded
                        "0x0000",
                        "000000"]


def test_chord_on_a_covered_cell_is_a_no_op():
    f = board("*...", "....", "....")
    f.reveal(3, 2)
    assert f.chord(0, 0) == []


def test_nothing_changes_after_the_game_ends():
    f = board("*..", "...", "...")
    f.reveal(0, 0)
    before = f.view()
    assert f.reveal(2, 2) == [] and f.toggle_flag(1, 1) == [] and f.chord(1, 1) == []
    assert f.view() == before
    assert f.status == Status.LOST


def test_useless_moves_in_play_are_recorded_and_moves_after_the_end_are_not():
    """docs/rules.md, Moves: a useless move during the game is a wasted click,
    kept so that the replay shows it; after the end nothing is a move."""
    f = board("*...", "*...", "....", "...*")
    f.reveal(1, 0)
    f.reveal(1, 0)                           # already open
    f.chord(3, 3)                            # a covered cell
    assert [str(m) for m in f.moves] == ["R 1 0", "R 1 0", "C 3 3"]
    assert f.stats(0).clicks.wasted == 2
    f.reveal(0, 0)
    assert f.status == Status.LOST
    f.reveal(2, 2)
    f.toggle_flag(3, 0)
    f.chord(1, 0)
    assert [str(m) for m in f.moves] == ["R 1 0", "R 1 0", "C 3 3", "R 0 0"]


def test_moves_off_the_board_are_no_ops():
    f = board("*..", "...", "...")
    assert f.reveal(-1, 0) == [] and f.reveal(3, 0) == [] and f.toggle_flag(0, 9) == []
    assert f.moves == ()


def test_revealing_a_question_mark_opens_it():
    f = board("*..", "...", "...")
    f.toggle_flag(2, 2)
    f.toggle_flag(2, 2)
    f.reveal(2, 2)
    assert f.cell(2, 2) == "0"


def test_from_layout_refuses_ragged_rows_and_strange_characters():
    with pytest.raises(ValueError, match="row 1"):
        Minefield.from_layout(["...", ".."])
    with pytest.raises(ValueError, match="only"):
        Minefield.from_layout(["..x"])
    with pytest.raises(ValueError):
        Minefield.from_layout([])


def test_a_single_cell_board_without_mines_is_won_by_one_click():
    f = Minefield.from_layout(["."])
    f.reveal(0, 0)
    assert f.status == "won" and f.view() == ["0"]


def test_marks_can_be_switched_off_mid_game():
    f = board("*..", "...", "...")
    f.toggle_flag(2, 2)
    f.marks = False
    f.toggle_flag(2, 2)
    assert f.cell(2, 2) == "#"


def test_setting_marks_to_what_they_already_are_is_no_move():
    """Only a real switch is recorded ("M 0" / "M 1"): a replay takes the
    game's starting marks for the opposite of its first switch, so a
    "switch" to marks already on would make it start with them off, and its
    flag-then-? cycle would replay as flag-then-covered."""
    f = board("*..", "...", "...")
    f.marks = True
    assert f.moves == ()
    f.marks = False
    f.marks = False
    assert [str(m) for m in f.moves] == ["M 0"]


def test_player_marks_survive_the_end_of_game_display():
    f = board("*..", "...", "..*")
    f.toggle_flag(0, 0)
    f.toggle_flag(0, 0)               # ? on a mine
    f.toggle_flag(1, 2)               # wrong flag
    f.reveal(2, 2)
    assert f.view() == ["*##", "###", "#xX"]
    assert [f.player_mark(x, y) for x, y in ((0, 0), (1, 2), (2, 2), (1, 1))] == ["?", "F", "#", "#"]
