"""Historical styles: Windows 3.1, Windows XP and modern, chosen in Game >
Style or with --style, saved like every setting."""

import dataclasses

import pygame
import pytest

from game.cli.options import parse
from game.engine import CLASSIC, LEVELS, OPENING, Minefield, level_preset
from game.settings import Settings
from game.store import Store
from game.ui.render.menubar import title_rects
from game.ui.screens.menu import MenuScreen
from game.ui.screens.play import NAME_WAIT_TICKS
from game.ui.screens.records import BestTimesDialog, StatisticsDialog

from .helpers import BOARD_8, click, key, make_app, press, release


@pytest.mark.parametrize("style, beginner, rule, marks, left_chord", [
    ("win31", (8, 8, 10), CLASSIC, True, False),
    ("xp", (9, 9, 10), CLASSIC, True, False),
    ("modern", (9, 9, 10), OPENING, False, True),
])
def test_each_style_plays_its_beginner_first_click_rule_and_marks(style, beginner, rule, marks,
                                                                  left_chord):
    app = make_app(chord_left_click=not left_chord)
    app.commands.run(f"style_{style}")
    app.step()
    field = app.play.field
    assert (field.width, field.height, field.mines) == beginner
    assert field.first_click == rule and field.marks is marks
    assert app.settings.chord_left_click is left_chord
    assert app.display.surface.get_size() == app.layout.size
    assert parse(["--style", style]).settings_from(Settings()).chord_left_click is left_chord


def test_a_left_click_on_a_satisfied_number_does_nothing_in_the_windows_xp_style(tmp_path):
    """Winmine chorded with both buttons (or Shift, or the middle one) only:
    a left click on a number whose flags were all placed, a slip aiming
    at its neighbour, did nothing, and the Windows XP style opened its
    neighbours, a wrong flag losing the game."""
    app = make_app(data_dir=tmp_path)
    app.commands.run("style_xp")
    app.play.new_game(field=Minefield.from_layout(["*" + "." * 8] + ["." * 9] * 8))
    app.step()
    click(app, (1, 1))
    click(app, (0, 0), button=3)                          # the flag its 1 asks for
    assert app.play.field.cell(1, 1) == "1"
    click(app, (1, 1))
    assert app.play.field.cell(2, 2) == "#"               # nothing opened around it
    app.commands.run("toggle_chord_left_click")
    click(app, (1, 1))
    assert app.play.field.cell(2, 2) != "#"               # the menu item still turns it on


@pytest.mark.parametrize("style", ["win31", "xp", "modern"])
@pytest.mark.parametrize("level", ["intermediate", "expert"])
def test_intermediate_and_expert_are_the_same_in_every_style(style, level):
    assert level_preset(level, style) == LEVELS[level]
    app = make_app(style=style, level=level)
    assert (app.play.field.width, app.play.field.mines) == (LEVELS[level].width,
                                                             LEVELS[level].mines)


def test_the_style_dialog_chooses_a_style_and_it_is_saved(tmp_path):
    app = make_app(data_dir=tmp_path)
    app.commands.run("style")
    app.step()
    assert type(app.top).__name__ == "StyleDialog"
    win31 = app.top.widgets[0]
    at = app.viewport.to_display(app.top.screen_rect(win31).center)
    press(app, at)
    release(app, at)
    assert app.top is app.play and app.settings.style == "win31"
    assert app.play.field.width == 8
    app.store.flush()                           # the settings writer is in the background
    saved = Store(tmp_path).settings
    assert (saved.style, saved.first_click, saved.marks, saved.chord_left_click) == (
        "win31", CLASSIC, True, False)


def ticked(app, label):
    """Whether the open Game menu draws a check mark beside ``label``
    (where the open menu lays its items out, in the style's look)."""
    assert isinstance(app.top, MenuScreen) and app.top.index == 0
    geo = app.top._popup()
    r = geo.item_rects[[i.label for i in app.top.items].index(label)]
    area = app.painter.px((r.x + 2, r.y, 12, r.h))
    return any(tuple(app.display.surface.get_at((x, y)))[:3] == (0, 0, 0)
               for x in range(area.x, area.right) for y in range(area.y, area.bottom))


@pytest.mark.parametrize("before, after, size", [("win31", "xp", (9, 9, 10)),
                                                  ("xp", "win31", (8, 8, 10))])
def test_a_custom_board_that_is_the_new_style_s_beginner_is_its_beginner(tmp_path, before,
                                                                         after, size):
    """9x9 with 10 mines, custom under Windows 3.1, is Windows XP's
    Beginner (and 8x8 the other way round): once the style changed, the
    Game menu ticked Custom while the game counted as a Beginner."""
    app = make_app(data_dir=tmp_path, style=before)
    app.settings.choose_board(*size)
    app.play.new_game()
    assert app.settings.level == "custom"
    app.commands.run(f"style_{after}")
    app.step()
    assert (app.play.field.width, app.play.field.height, app.play.field.mines) == size
    press(app, app.viewport.to_display(title_rects(app.painter, app.layout.menu_h)[0].center))
    assert ticked(app, "Beginner") and not ticked(app, "Custom...")
    app.store.flush()
    assert Store(tmp_path).settings.level == "beginner"


def test_a_saved_custom_board_that_is_the_style_s_beginner_given_on_the_command_line():
    saved = parse(["--style", "win31", "--width", "9", "--height", "9", "--mines", "10"]
                  ).settings
    assert saved.level == "custom"
    assert parse(["--style", "xp"]).settings_from(saved).level == "beginner"
    assert parse([]).settings_from(saved).level == "custom"


def test_a_custom_board_saved_as_custom_in_the_style_of_its_beginner_starts_as_it():
    """Settings saved before a style change renamed the board (Custom 9x9
    with 10 mines chosen under Windows 3.1, then Windows XP chosen) hold a
    custom board that is the style's Beginner: started again, the Game menu
    ticked Custom while the game counted as a Beginner and asked a
    Beginner's name. Started, it is named as choosing its size names it."""
    saved = Settings(style="xp", level="custom", custom_width=9, custom_height=9,
                     custom_mines=10)
    assert parse([]).settings_from(saved).level == "beginner"
    win31 = dataclasses.replace(saved, style="win31")
    assert parse([]).settings_from(win31).level == "custom"      # not Windows 3.1's Beginner
    masked = dataclasses.replace(saved, custom_mask="\n".join(["#########"] * 9))
    assert parse([]).settings_from(masked).level == "custom"     # a drawn field stays drawn


def test_escape_closes_the_style_dialog_without_changing_anything():
    app = make_app()
    app.commands.run("style")
    app.step()
    key(app, pygame.K_ESCAPE)
    assert app.top is app.play and app.settings.style == "modern"


def test_the_focus_moved_to_cancel_stays_there_through_a_zoom():
    """Laid out again by Ctrl++, the dialog put the focus back on the style
    played: Enter then started a new game in it, abandoning the one under way."""
    app = make_app(BOARD_8)
    click(app, (3, 3))
    assert app.play.field.status == "playing"
    app.commands.run("style")
    app.step()
    dialog = app.top
    assert dialog.focused.label == "> Modern"              # where the focus starts
    while getattr(dialog.focused, "label", "") != "Cancel":
        key(app, pygame.K_TAB)
    key(app, pygame.K_EQUALS, pygame.KMOD_CTRL)
    assert app.viewport.scale == 2 and dialog.focused.label == "Cancel"
    key(app, pygame.K_RETURN)
    assert app.top is app.play and app.play.field.status == "playing"


def test_style_on_the_command_line_sets_the_profile_for_the_run():
    options = parse(["--style", "win31"])
    settings = options.settings
    assert (settings.style, settings.first_click, settings.marks) == ("win31", CLASSIC, True)
    assert settings.board().width == 8
    assert parse(["--style", "xp", "--first-click", "opening"]).settings.first_click == OPENING
    assert parse(["--style", "win31", "--width", "8", "--height", "8", "--mines", "10"]
                 ).settings.level == "beginner"


def test_a_bad_style_is_a_one_line_error(capsys):
    from game.cli import main
    assert main(["--style", "win95"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "win31" in err


# ------------------------------------------------------------------ records per style

#: Windows 3.1's Beginner: 8 x 8 with 10 mines.
WIN31_BEGINNER = ["*.*.*.*.", "........", "........", "*......*",
                  "........", "........", "........", "*.*.*.*."]


def win_board(app, board):
    for y, row in enumerate(board):
        for x, c in enumerate(row):
            if c == "." and app.play.field.cell(x, y) == "#":
                click(app, (x, y))
    assert app.play.field.status == "won"


def test_best_times_and_statistics_are_kept_per_level_and_style(tmp_path):
    app = make_app(WIN31_BEGINNER, data_dir=tmp_path, style="win31")
    win_board(app, WIN31_BEGINNER)
    app.step(NAME_WAIT_TICKS)
    key(app, pygame.K_RETURN)                         # the name entry, then the table
    table = app.top
    assert isinstance(table, BestTimesDialog) and table.style == "win31"
    assert table.table.rows[0][1] == "Anonymous"
    store = app.store
    assert [t.name for t in store.best_times("beginner", style="win31")] == ["Anonymous"]
    assert store.best_times("beginner", style="modern") == []
    assert store.statistics("beginner", style="win31").won == 1
    assert store.statistics("beginner", style="modern").played == 0
    assert store.history()[0].style == "win31" and store.history()[0].level == "beginner"
    key(app, pygame.K_ESCAPE)
    app.commands.run("style_modern")
    app.commands.run("best_times")
    app.step()
    assert (app.top.table.rows, app.top.table.note) == ([], "No times yet")
    key(app, pygame.K_ESCAPE)
    app.commands.run("statistics")
    app.step()
    assert isinstance(app.top, StatisticsDialog) and app.top.style == "modern"


def test_a_game_left_for_another_style_is_recorded_in_the_style_it_was_played_in(tmp_path):
    app = make_app(data_dir=tmp_path, style="xp", seed=5)
    click(app, (4, 4))
    assert app.play.field.status == "playing"
    app.commands.run("style_win31")
    game = app.store.history()[0]
    assert (game.result, game.style, game.level) == ("abandoned", "xp", "beginner")


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("level", ["beginner", "expert"])
def test_marks_stays_whole_in_the_style_notes(language, level):
    """ "Marks (?)" names a menu item: the French notes broke it as
    "Marques" / "(?) actives." in the Expert window."""
    from game.ui.text_fit import wrap
    from game.ui.widgets import Label
    app = make_app(level=level, language=language)
    app.commands.run("style")
    app.step()
    notes = [w for w in app.top.widgets if isinstance(w, Label) and "(?)" in w.text]
    assert len(notes) == 2
    for note in notes:
        assert not any(line.startswith("(?)")
                       for line in wrap(app.painter, note.text, note.rect.w))


def test_a_style_chosen_after_one_given_on_the_command_line_saves_its_left_click_chord(
        tmp_path):
    """``--style modern`` decides Chord with left click for its run, unsaved;
    Windows XP then chosen in the game is the player's choice, its chord
    off saved with its first-click rule and marks."""
    given = {"style", "first_click", "marks", "chord_left_click"}
    app = make_app(data_dir=tmp_path, style="modern", first_click=OPENING, marks=False,
                   chord_left_click=True, overridden=given)
    app.commands.run("style_xp")
    app.store.flush()
    saved = Store(tmp_path).settings
    assert (saved.style, saved.marks, saved.chord_left_click) == ("xp", True, False)
