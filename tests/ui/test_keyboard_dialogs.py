"""Dialogs from the keyboard: Enter clicks the default button while the focus
is on no button, and that button is framed in black meanwhile, as Windows
frames it."""

from __future__ import annotations

import pygame
import pytest

from game.ui.list_view import ListView
from game.ui.screens.open_replay import OpenReplayDialog
from game.ui.widgets import Button

from .helpers import key, make_app, pixel
from .test_input_method import picker_dialog

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


def framed(app, dialog, widget) -> bool:
    """Whether ``widget`` is framed in black, as the default button is."""
    rect = dialog.screen_rect(widget)
    return pixel(app, app.painter.px((rect.x, rect.centery, 1, 1)).topleft) == BLACK


def button(dialog, text: str) -> Button:
    return next(w for w in dialog.widgets if isinstance(w, Button) and w.label == text)


def test_the_letter_picker_s_ok_is_drawn_as_the_default_button(tmp_path):
    """Enter enters the picked name, as OK does: OK is framed as Windows
    frames the default button (it was drawn as any other key)."""
    app, picker = picker_dialog(tmp_path)
    app.step()
    assert framed(app, picker, button(picker, "OK"))
    assert not framed(app, picker, button(picker, "DEL"))


def test_an_empty_open_replay_frames_cancel_which_enter_clicks():
    app = make_app()
    app.commands.run("open_replay")
    app.step(3)
    dialog = app.top
    assert isinstance(dialog, OpenReplayDialog) and dialog.loaded and not dialog.files
    assert framed(app, dialog, button(dialog, "Cancel"))
    key(app, pygame.K_RETURN)
    assert app.top is app.play
