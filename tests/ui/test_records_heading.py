"""The "< board >" heading of Best Times and Statistics on a narrow window."""

import pytest

from game.ui.text_fit import wrap
from game.ui.widgets import Label

from .helpers import make_app


def heading_lines(app) -> list[str]:
    """The lines the heading's labels (the level, then its shape and style)
    show, as they wrap them."""
    labels = [w for w in app.top.widgets if isinstance(w, Label)][:2]
    return [line for label in labels for line in wrap(app.painter, label.text, label.rect.w,
                                                       label.face)]


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
@pytest.mark.parametrize(("level", "shape", "language", "lines"), [
    ("intermediate", "torus", "fr", ["Intermédiaire", "Tore, Windows\u00a03.1"]),
    ("intermediate", "hex", "fr", ["Intermédiaire", "Hexagones, Windows\u00a03.1"]),
    ("beginner", "torus", "en", ["Beginner", "Torus, Windows\u00a03.1"]),
    ("beginner", "grid", "en", ["Beginner", "Windows\u00a03.1"]),
])
def test_a_heading_names_the_level_over_its_shape_and_style(command, level, shape, language,
                                                            lines):
    # "Intermédiaire, Tore" on the 8x8 window wrapped between the arrows
    # to three lines with its style, where the other pages' had two: the
    # dialog changed height as it paged. The shape goes with the style, on
    # a line as wide as the dialog.
    assert heading_lines(open_on(command, level, shape, language)) == lines


@pytest.mark.parametrize("command", ["best_times", "statistics"])
def test_every_heading_on_the_narrowest_window_has_two_lines_each_starting_with_a_word(
        command):
    for language in ("en", "fr"):
        app = make_app(style="win31", level="beginner", language=language)
        app.commands.run(command)
        app.step()
        dialog = app.top
        for _ in dialog.pages:
            lines = heading_lines(app)
            assert len(lines) == 2 and all(line and line[0].isalnum() for line in lines), lines
            dialog.turn(1)
            app.step()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_shape_and_style_line_clears_the_arrows(language):
    # Wider than the room between "<" and ">", it runs under them.
    app = open_on("statistics", "intermediate", "hex", language)
    dialog = app.top
    left, _level, variant, right = dialog.widgets[:4]
    assert variant.rect.y >= left.rect.bottom and variant.rect.y >= right.rect.bottom
    assert app.painter.text_width(variant.text) > right.rect.x - left.rect.right
