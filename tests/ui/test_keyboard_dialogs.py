"""Dialogs from the keyboard: Enter clicks the default button while the focus
is on no button, and that button is framed in black meanwhile, as Windows
frames it."""

from __future__ import annotations

import pygame
import pytest

from game.ui.list_view import ListView
from game.ui.widgets import Button

from .helpers import key, make_app, pixel

BLACK = (0, 0, 0)


def ok_framed(app) -> bool:
    dialog = app.top
    ok = next(w for w in dialog.widgets if isinstance(w, Button) and w.label == "OK")
    return pixel(app, app.painter.px(dialog.screen_rect(ok)).topleft) == BLACK


@pytest.mark.parametrize("command", ["best_times", "history"])
def test_ok_is_framed_while_the_list_has_the_focus_and_enter_clicks_it(command):
    """With the list focused, Enter closed the dialog as OK does, but no
    button was framed: nothing showed what Enter would do."""
    app = make_app()
    getattr(app.commands, command)()
    app.step(5)
    dialog = app.top
    while not isinstance(dialog.focused, ListView):
        key(app, pygame.K_TAB)
    assert ok_framed(app)
    key(app, pygame.K_RETURN)
    assert app.top is app.play
