"""The computer player (docs/rules.md, "The computer player"): certain moves first, never a known mine."""

import pytest

from game.engine import Minefield
from game.solver import analyse, next_move

LEVELS = {"beginner": (9, 9, 10), "intermediate": (16, 16, 40)}


def apply(field, move):
    if move.kind == "reveal":
        field.reveal(move.x, move.y)
    else:
        field.toggle_flag(move.x, move.y)


def check_move(view, mines, move, shape="grid"):
    """The rules every move must follow, judged by an exact analysis."""
    result = analyse(view, mines, shape=shape)
    cell = (move.x, move.y)
    shown = view[move.y][move.x]
    assert shown in "#F?"
    open_safe = {c for c in result.safe if view[c[1]][c[0]] != "F"}
    if move.kind == "reveal":
        assert shown != "F", "never reveal a flagged cell"
        assert cell not in result.mines, "never reveal a known mine"
        if open_safe:
            assert move.certain and cell in open_safe and move.risk == 0.0
        else:
            assert move.risk == pytest.approx(result.probabilities[move.y][move.x])
    else:
        assert move.kind == "flag"
        if shown == "F":    # only to take a wrong flag off, or when all are flagged
            assert cell in result.safe or not open_safe
        else:
            assert cell in result.mines and not open_safe


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", range(6))
def test_every_move_of_a_game_follows_the_rules(level, seed):
    w, h, m = LEVELS[level]
    field = Minefield(w, h, m, seed=seed)
    apply(field, next_move(field.view(), m))
    while field.status == "playing":
        view = field.view()
        move = next_move(view, m)
        check_move(view, m, move)
        apply(field, move)


def test_auto_play_wins_a_beginner_game_that_needs_no_guess():
    field = Minefield(9, 9, 10, seed=2)
    moves = []
    while field.status in ("ready", "playing"):
        move = next_move(field.view(), 10)
        moves.append(move)
        apply(field, move)
    assert field.status == "won"
    assert all(m.certain for m in moves)


def test_without_flags_it_only_reveals():
    field = Minefield(9, 9, 10, seed=2)
    while field.status in ("ready", "playing"):
        move = next_move(field.view(), 10, flags=False)
        assert move.kind == "reveal"
        apply(field, move)
    assert field.status == "won"


@pytest.mark.parametrize("rule, cell", [("opening", (2, 2)), ("safe", (0, 0)),
                                        ("classic", (29, 15))])
def test_the_first_click_depends_on_the_rule(rule, cell):
    move = next_move(["#" * 30] * 16, 99, first_click=rule)
    assert (move.kind, (move.x, move.y), move.certain) == ("reveal", cell, True)
    assert "first click" in move.reason


def test_the_classic_first_click_on_a_torus_is_away_from_where_a_hit_mine_moves():
    """It took the last cell, "away from the top-left where a hit mine is
    moved": on a torus the last cell touches the top-left one, and a mine
    under the click moved next to it, spoiling the opening it was chosen
    for, one time in six at Intermediate's density."""
    move = next_move(["#" * 16] * 16, 40, first_click="classic", shape="torus")
    neighbours = Minefield(16, 16, 40, shape="torus").neighbours(move.x, move.y)
    assert (0, 0) not in neighbours and (move.x, move.y) != (0, 0)
    assert (move.x, move.y) == (14, 15)         # the last cell that is


@pytest.mark.parametrize("rule, flagged, cell", [
    ("opening", [(2, 2)], (2, 1)),                          # the nearest unflagged cell
    ("safe", [(0, 0)], (29, 0)),                            # the next corner
    ("classic", [(29, 15)], (0, 15)),                       # the last corner left
    ("safe", [(0, 0), (29, 0), (0, 15), (29, 15)], (1, 0)),   # corners gone: an edge
    ("classic", [(0, 0), (29, 0), (0, 15), (29, 15)], (28, 15)),
])
def test_the_first_click_is_never_on_a_flag(rule, flagged, cell):
    view = [list("#" * 30) for _ in range(16)]
    for x, y in flagged:
        view[y][x] = "F"
    move = next_move(["".join(row) for row in view], 99, first_click=rule)
    assert (move.kind, (move.x, move.y), move.certain) == ("reveal", cell, True)


@pytest.mark.parametrize("rule, cell", [("opening", (1, 1)), ("safe", (0, 0)),
                                        ("classic", (2, 1))])
def test_when_every_cell_is_flagged_the_first_move_unflags_the_usual_cell(rule, cell):
    move = next_move(["FFF", "FFF"], 3, first_click=rule)
    assert (move.kind, (move.x, move.y), move.certain, move.risk) == ("flag", cell, True, 0.0)
    assert "flagged" in move.reason


@pytest.mark.parametrize("rule", ["opening", "safe", "classic"])
def test_auto_play_ends_when_the_player_flagged_cells_before_the_first_click(rule):
    field = Minefield(9, 9, 10, seed=4, first_click=rule)
    for y in range(9):
        for x in range(9):
            field.toggle_flag(x, y)
    for _ in range(300):
        if field.status not in ("ready", "playing"):
            break
        apply(field, next_move(field.view(), 10, first_click=rule))
    assert field.status in ("won", "lost")


def test_an_unknown_first_click_rule_is_refused():
    with pytest.raises(ValueError, match="first_click"):
        next_move(["##", "##"], 1, first_click="lucky")


def test_certain_moves_come_before_flags_and_flags_before_guesses():
    proved_both = ["0000",
                   "1221",
                   "####",
                   "####"]
    assert analyse(proved_both, 3).mines
    move = next_move(proved_both, 3)
    assert (move.kind, move.certain) == ("reveal", True)
    assert (move.x, move.y) in {(0, 2), (3, 2)}
    only_a_mine = ["#2#",
                   "2##",
                   "1##"]
    move = next_move(only_a_mine, 3)
    assert (move.kind, (move.x, move.y), move.certain) == ("flag", (0, 0), True)
    assert move.risk == 1.0
    assert not next_move(only_a_mine, 3, flags=False).certain
    nothing = ["######"] * 7 + ["#####1"]
    move = next_move(nothing, 3)
    assert move.kind == "reveal" and not move.certain and 0 < move.risk < 1


def test_a_proved_mine_is_flagged_once_and_never_again():
    flagged = ["F2#",
               "2##",
               "1##"]
    move = next_move(flagged, 3)
    assert flagged[move.y][move.x] != "F"
    assert move.kind == "reveal" and not move.certain


def test_a_wrong_flag_does_not_confuse_it():
    # The 0 proves (0, 0) safe although the player flagged it; nothing else is left.
    move = next_move(["F0", "00"], 0)
    assert (move.kind, move.x, move.y, move.certain) == ("flag", 0, 0, True)
    assert "wrong" in move.reason
    # Once unflagged (or question-marked) it is revealed.
    assert next_move(["?0", "00"], 0).kind == "reveal"
    assert next_move(["#0", "00"], 0).kind == "reveal"


def test_a_flagged_cell_is_never_revealed_even_when_it_is_the_best_guess():
    view = ["1F", "##"]     # one mine among three cells; (1, 0) flagged
    move = next_move(view, 1)
    assert move.kind == "reveal" and (move.x, move.y) != (1, 0)


def test_when_every_undecided_cell_is_flagged_it_unflags_one():
    move = next_move(["1F", "FF"], 1)
    assert move.kind == "flag" and view_at(["1F", "FF"], move) == "F"
    assert not move.certain


def view_at(view, move):
    return view[move.y][move.x]


def test_a_small_endgame_is_searched_exactly():
    move = next_move(["1#", "##", "##"], 2)
    assert move.kind == "reveal" and not move.certain
    assert "chance to win" in move.reason


def test_reasons_are_one_line():
    field = Minefield(16, 16, 40, seed=5)
    while field.status in ("ready", "playing"):
        move = next_move(field.view(), 40)
        assert move.reason and "\n" not in move.reason
        apply(field, move)


def test_a_view_read_only_once_gets_the_same_move():
    view = ["#1#", "###"]
    assert next_move(iter(view), 1) == next_move(view, 1)


@pytest.mark.parametrize("view, mines, flags", [
    (["000", "000"], 0, True),      # no covered cell at all
    (["1F"], 1, True),              # the one covered cell is a flagged mine
    (["1#"], 1, False),             # a mine it may not flag
])
def test_a_view_with_nothing_left_to_play_is_refused(view, mines, flags):
    with pytest.raises(ValueError, match="nothing left to play"):
        next_move(view, mines, flags=flags)


def test_a_won_game_has_no_next_move():
    field = Minefield(9, 9, 10, seed=2)
    while field.status in ("ready", "playing"):
        apply(field, next_move(field.view(), 10))
    assert field.status == "won" and "F" in "".join(field.view())
    with pytest.raises(ValueError, match="nothing left to play"):
        next_move(field.view(), 10)


def test_a_time_budget_too_short_to_check_the_whole_view_still_gives_the_certain_move():
    field = Minefield(30, 16, 99, seed=11)
    field.reveal(3, 3)
    view = field.view()
    move = next_move(view, 99)
    assert move.certain and move.kind == "reveal"
    assert next_move(view, 99, max_seconds=0.0) == move


@pytest.mark.parametrize("rule", ["opening", "safe", "classic"])
@pytest.mark.parametrize("language, corner, alike", [
    ("en", ("corner", "fewest neighbours"), "as many neighbours|every cell is alike"),
    ("fr", ("coin", "le moins de voisines"), "autant de voisines|toutes les cases se valent")])
def test_the_first_click_on_a_torus_is_not_said_to_be_near_a_corner(rule, language, corner,
                                                                     alike):
    """A torus has no corner and no cell with fewer neighbours than another:
    the reason of a grid's first click was no reason there."""
    import re

    from game import i18n
    i18n.set_language(language)
    covered = ["#" * 9] * 9
    on_torus = next_move(covered, 10, first_click=rule, shape="torus").reason
    on_grid = next_move(covered, 10, first_click=rule).reason
    assert not any(word in on_torus for word in corner) and re.search(alike, on_torus)
    assert any(word in on_grid for word in corner) and not re.search(alike, on_grid)
