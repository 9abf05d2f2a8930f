"""Historical styles: Windows 3.1, Windows XP and modern, chosen in Game >
Style or with --style, saved like every setting."""

import pygame
import pytest

from game.cli import parse
from game.engine import CLASSIC, LEVELS, OPENING, level_preset
from game.store import Store

from .helpers import key, make_app, press, release


@pytest.mark.parametrize("style, beginner, rule, marks", [
    ("win31", (8, 8, 10), CLASSIC, True),
    ("xp", (9, 9, 10), CLASSIC, True),
    ("modern", (9, 9, 10), OPENING, False),
])
def test_each_style_plays_its_beginner_first_click_rule_and_marks(style, beginner, rule, marks):
    app = make_app()
    app.commands.run(f"style_{style}")
    app.step()
    field = app.play.field
    assert (field.width, field.height, field.mines) == beginner
    assert field.first_click == rule and field.marks is marks
    assert app.display.surface.get_size() == app.layout.size


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
    saved = Store(tmp_path).settings
    assert (saved.style, saved.first_click, saved.marks) == ("win31", CLASSIC, True)


def test_escape_closes_the_style_dialog_without_changing_anything():
    app = make_app()
    app.commands.run("style")
    app.step()
    key(app, pygame.K_ESCAPE)
    assert app.top is app.play and app.settings.style == "modern"


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
