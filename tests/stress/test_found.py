"""What the storm found, kept as plain tests."""

from __future__ import annotations

import pygame
import pytest

from game.ui.screens.play import cell_centre

from .helpers import storm, stress_lib

pytestmark = pytest.mark.slow


def test_the_hovered_cell_does_not_outlive_its_board(tmp_path):
    """Overlay on, pointer over a cell of the expert board, then a smaller
    board (Game > Beginner from the keyboard, or attract mode's next demo
    game): the next frame asked the new board about the old cell and raised
    IndexError."""
    app = stress_lib.new_app(tmp_path)
    app.commands.run("level_expert")
    app.commands.run("toggle_overlay")
    pos = app.viewport.to_display(cell_centre(app.layout, (26, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    app.step()
    assert app.play.hover == (26, 0)
    app.commands.run("level_beginner")
    app.step()
    stress_lib.check_app(app)


@pytest.mark.parametrize("mark", ["\u034f", "\u180b", "a\u17b4b"])
def test_zero_width_marks_typed_in_a_name_are_drawn(tmp_path, mark):
    """A combining grapheme joiner or a Mongolian variation selector passes the
    name field's filter (printable) and the store's (not a control): drawing it
    raised pygame.error "Text has zero width" from the fallback font."""
    from game.ui.screens.names import NameDialog
    app = stress_lib.new_app(tmp_path)
    app.push(NameDialog(app, storm.WON_BEGINNER))
    app.step()
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=mark))
    app.step()
    assert app.top.entry.text == mark
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode="\r", scancode=0))
    app.step()                               # the Best Times table shows the name
    assert app.store.best_times("beginner")[0].name == mark
