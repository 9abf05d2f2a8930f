"""The "< board >" heading of Best Times and Statistics on a narrow window."""

import pytest

from game.ui.text_fit import wrap
from game.ui.widgets import Label

from .helpers import make_app


def heading_lines(app) -> list[str]:
    """The lines the heading's label shows, as it wraps them."""
    label = next(w for w in app.top.widgets if isinstance(w, Label))
    return wrap(app.painter, label.text, label.rect.w, label.face)


def open_on(command: str, level: str, shape: str, language: str):
    app = make_app(style="win31", level="beginner", language=language)
    app.commands.run(command)
    for _ in range(3):
        app.step()
    dialog = app.top
    dialog.turn(dialog.pages.index((level, shape)) - dialog.pages.index(
        (dialog.level, dialog.shape)))
    app.step()
    return app


@pytest.mark.parametrize("command", ["best_times", "statistics"])
def test_a_board_name_too_wide_for_the_heading_takes_a_line_a_part_and_no_comma_starts_one(
        command):
    # "Intermédiaire, Tore" on the 8x8 window: "Intermédiaire," was one
    # word too wide for the heading, cut before its comma, and the second
    # line began ", Tore".
    app = open_on(command, "intermediate", "torus", "fr")
    assert heading_lines(app) == ["Intermédiaire", "Tore", "Windows\u00a03.1"]


@pytest.mark.parametrize("command", ["best_times", "statistics"])
def test_every_heading_on_the_narrowest_window_starts_its_lines_with_a_word(command):
    for language in ("en", "fr"):
        app = make_app(style="win31", level="beginner", language=language)
        app.commands.run(command)
        app.step()
        dialog = app.top
        for _ in dialog.pages:
            lines = heading_lines(app)
            assert all(line and line[0].isalnum() for line in lines), lines
            dialog.turn(1)
            app.step()


def test_a_board_name_that_fits_stays_on_one_line():
    app = open_on("best_times", "beginner", "torus", "en")
    assert heading_lines(app) == ["Beginner, Torus", "Windows\u00a03.1"]
