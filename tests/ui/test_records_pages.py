"""Which level's records the Best Times and Statistics dialogs open on: the
board being played, as its games are recorded."""

from game.engine.gallery import GALLERY
from game.ui.screens.records import BestTimesDialog, StatisticsDialog

from .helpers import click, make_app, on_disk, settle

HEART = GALLERY["heart"]


def play_to_the_end(app) -> None:
    """Open cell after cell, row by row, until the game is won or lost."""
    field = app.play.field
    for y in range(field.height):
        for x in range(field.width):
            if field.status in ("won", "lost"):
                break
            if field.cell(x, y) == "#":
                click(app, (x, y))
    assert field.status in ("won", "lost")
    settle(app)
    while app.top is not app.play:          # a best time's name entry, its table
        app.pop()


def shown(app, command: str) -> tuple[str, str, str]:
    app.commands.run(command)
    app.step()
    dialog = app.top
    assert isinstance(dialog, StatisticsDialog if command == "statistics" else BestTimesDialog)
    texts = [getattr(w, "text", "") for w in dialog.widgets]
    played = texts[texts.index("Games played:") + 1] if command == "statistics" else ""
    return f"{texts[1]}\n{texts[2]}", played, dialog.style     # the level; shape, style


def test_a_custom_board_that_became_the_style_s_beginner_opens_on_beginner():
    """A custom 8x8 board with 10 mines, played on after a change to
    Windows 3.1's style, is that style's Beginner and counted there;
    Statistics opened on Custom, 0 games played."""
    app = make_app(level="custom", custom_width=8, custom_height=8, custom_mines=10)
    app.commands.run("style_win31")
    app.step()
    play_to_the_end(app)
    assert on_disk(app).statistics("beginner", style="win31").played == 1
    assert shown(app, "statistics") == ("Beginner\nWindows\u00a03.1", "1", "win31")


def test_a_mask_drawing_a_gallery_field_opens_on_that_field():
    """A mask file drawing the heart with its 24 mines plays, and counts, as
    the Heart (on hexagons here); Statistics opened on Custom, Best Times
    on Beginner."""
    app = make_app(level="custom", custom_mask="\n".join(HEART.mask), custom_width=HEART.width,
                   custom_height=HEART.height, custom_mines=HEART.mines, shape="hex")
    app.commands.run("new_game")              # dealt, not on the test's chosen seed: it counts
    play_to_the_end(app)
    assert on_disk(app).statistics("heart", shape="hex").played == 1
    assert shown(app, "statistics")[:2] == ("Heart\nHexagons, Modern", "1")
    app.pop()
    assert shown(app, "best_times")[0] == "Heart\nHexagons, Modern"
