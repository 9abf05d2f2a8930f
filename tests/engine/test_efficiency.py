"""What a game's efficiency counts, as the README tells players: the 3BV
solved per click made, every click counted (wasted ones and flags too),
chords able to take it past 100 %."""

from game.engine import Minefield
from game.i18n.numbers import percent_down

# A mine in each of two corners: one click opens nearly everything; the
# number beside the far mine is the board's second 3BV click.
BOARD = ["*......."] + ["........"] * 6 + ["......*."]


def test_a_perfect_game_reads_100_percent():
    f = Minefield.from_layout(BOARD)
    f.reveal(0, 7)
    f.reveal(7, 7)
    stats = f.stats(1000)
    assert f.status == "won" and (stats.bbbv, stats.clicks.total) == (2, 2)
    assert percent_down(stats.efficiency) == "100\u00a0%"


def test_wasted_clicks_count_against_the_efficiency():
    """Counted per useful click, a game with two clicks on open cells read
    "100 %" beside the four clicks History shows with it."""
    f = Minefield.from_layout(BOARD)
    f.reveal(0, 7)
    f.reveal(0, 7)                  # wasted: already open
    f.toggle_flag(3, 3)             # wasted: an open cell
    f.reveal(7, 7)
    stats = f.stats(1000)
    assert f.status == "won" and (stats.clicks.wasted, stats.clicks.total) == (2, 4)
    assert percent_down(stats.efficiency) == "50\u00a0%"


def test_a_chord_takes_the_efficiency_past_100_percent():
    """One flag and one chord open five 3BV's worth: three clicks."""
    f = Minefield.from_layout(["..*.....", "........", "*..*..*.", ".**...**",
                               "*.......", "........", "***..*..", "*......."])
    f.reveal(3, 5)
    f.toggle_flag(2, 6)
    f.chord(3, 5)
    stats = f.stats(1000)
    assert (stats.solved_bbbv, stats.clicks.total) == (5, 3)
    assert percent_down(stats.efficiency) == "166\u00a0%"
