"""The pointer over a text box is an I-beam, as in Windows (3.1 as XP): it
stayed the arrow over the name entry and the Custom Field's boxes. SDL's
dummy driver has no pointer shapes, so a stand-in records them here."""

from __future__ import annotations

import pygame
import pytest

from .helpers import key, make_app, move, press, release
from .test_dialogs import button_pos, open_custom

IBEAM, ARROW = pygame.SYSTEM_CURSOR_IBEAM, pygame.SYSTEM_CURSOR_ARROW


@pytest.fixture
def shapes(monkeypatch):
    """The shapes set, in order; the pointer starts as the arrow."""
    shown = [ARROW]
    monkeypatch.setattr(pygame.mouse, "set_cursor", shown.append)
    monkeypatch.setattr(pygame.mouse, "get_cursor", lambda: pygame.cursors.Cursor(shown[-1]))
    return shown


def box_pos(app, dialog, name):
    return app.viewport.to_display(dialog.screen_rect(dialog.fields[name]).center)


def test_the_pointer_is_an_i_beam_over_a_text_box_and_an_arrow_elsewhere(shapes):
    app = make_app(scale=2)
    dialog = open_custom(app)
    move(app, box_pos(app, dialog, "width"), buttons=(0, 0, 0))
    assert shapes == [ARROW, IBEAM]
    move(app, box_pos(app, dialog, "mines"), buttons=(0, 0, 0))
    assert shapes == [ARROW, IBEAM]                  # set once, not at every move
    move(app, button_pos(app, dialog, "Cancel"), buttons=(0, 0, 0))
    assert shapes[-1] == ARROW


def test_a_drag_selecting_in_a_box_keeps_the_i_beam_off_it(shapes):
    app = make_app(scale=2)
    dialog = open_custom(app)
    at = box_pos(app, dialog, "height")
    press(app, at)
    move(app, button_pos(app, dialog, "OK"))         # the button still down
    assert shapes[-1] == IBEAM
    release(app, button_pos(app, dialog, "OK"))
    move(app, button_pos(app, dialog, "OK"), buttons=(0, 0, 0))
    assert shapes[-1] == ARROW


def test_closing_the_dialog_with_the_pointer_on_a_box_gives_the_arrow_back(shapes):
    app = make_app(scale=2)
    dialog = open_custom(app)
    move(app, box_pos(app, dialog, "height"), buttons=(0, 0, 0))
    assert shapes[-1] == IBEAM
    key(app, pygame.K_ESCAPE)
    assert app.top is app.play and shapes[-1] == ARROW


def test_without_pointer_shapes_the_dialog_works_on():
    """SDL's dummy driver refuses every shape: nothing comes of it."""
    app = make_app(scale=2)
    dialog = open_custom(app)
    move(app, box_pos(app, dialog, "height"), buttons=(0, 0, 0))
    press(app, box_pos(app, dialog, "height"))
    release(app, box_pos(app, dialog, "height"))
    assert app.top is dialog and dialog.focused is dialog.fields["height"]
