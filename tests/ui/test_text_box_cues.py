"""What tells a player where to type, as in Windows (3.1 as XP): the
pointer over a text box is an I-beam (it stayed the arrow over the name
entry and the Custom Field's boxes; SDL's dummy driver has no pointer
shapes, so a stand-in records them here), and the caret and the selection
show only while the window is the active one."""

from __future__ import annotations

import pygame
import pytest

from game.ui.screens.dialog_draw import BLINK_TICKS
from game.ui.screens.notice import NoticeDialog
from game.ui.text_field import TextField

from .helpers import key, make_app, move, post, press, release
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


def test_a_zoom_under_a_still_pointer_gives_the_shape_of_what_is_under_it_now(shapes):
    """The window changed size under the pointer: the I-beam stayed where
    the text box no longer was, until the pointer moved."""
    app = make_app(scale=2)
    dialog = open_custom(app)
    at = box_pos(app, dialog, "width")
    move(app, at, buttons=(0, 0, 0))
    assert shapes[-1] == IBEAM
    app.zoom(-1)
    app.step()
    assert not isinstance(dialog.widget_at(app.viewport.to_window(at)), TextField)
    assert shapes[-1] == ARROW
    app.zoom(1)                                      # back under the pointer: the I-beam
    app.step()
    assert shapes[-1] == IBEAM


def test_fullscreen_under_a_still_pointer_gives_the_shape_of_what_is_under_it_now(shapes):
    app = make_app(scale=2)
    dialog = open_custom(app)
    at = box_pos(app, dialog, "height")
    move(app, at, buttons=(0, 0, 0))
    app.commands.toggle_fullscreen()
    pygame.event.clear(pygame.MOUSEMOTION)      # the dummy driver's own pointer, at 0, 0
    app.step()
    assert app.display.fullscreen
    assert not isinstance(dialog.widget_at(app.viewport.to_window(at)), TextField)
    assert shapes[-1] == ARROW


def test_a_window_the_window_manager_grows_under_a_still_pointer_gives_its_shape(shapes):
    """A maximise moves the game (and the dialog) on the window, its layout
    unchanged: what is under the pointer changed all the same."""
    app = make_app(scale=2)
    dialog = open_custom(app)
    at = box_pos(app, dialog, "width")
    move(app, at, buttons=(0, 0, 0))
    w, h = app.display.window.size
    app.display.window.size = (w + 400, h + 300)
    pygame.event.clear(pygame.MOUSEMOTION)
    app.step()
    assert app.viewport.origin == (200, 150)
    assert not isinstance(dialog.widget_at(app.viewport.to_window(at)), TextField)
    assert shapes[-1] == ARROW


def test_without_pointer_shapes_the_dialog_works_on():
    """SDL's dummy driver refuses every shape: nothing comes of it."""
    app = make_app(scale=2)
    dialog = open_custom(app)
    move(app, box_pos(app, dialog, "height"), buttons=(0, 0, 0))
    press(app, box_pos(app, dialog, "height"))
    release(app, box_pos(app, dialog, "height"))
    assert app.top is dialog and dialog.focused is dialog.fields["height"]




def box_pixels(app, dialog, name) -> bytes:
    r = app.painter.px(dialog.screen_rect(dialog.fields[name]))
    return pygame.image.tobytes(app.display.surface.subsurface(r), "RGB")


def navy_in(app, dialog, name) -> int:
    r = app.painter.px(dialog.screen_rect(dialog.fields[name]))
    return sum(app.display.surface.get_at((x, y))[:3] == (0, 0, 128)
               for x in range(r.x, r.right) for y in range(r.y, r.bottom))


def blinks(app, dialog, name) -> bool:
    """Whether the box's drawing changes over two blinks of the caret."""
    seen = set()
    for _ in range(2 * BLINK_TICKS):
        app.step()
        seen.add(box_pixels(app, dialog, name))
    return len(seen) > 1


def test_a_window_in_the_background_shows_no_caret_and_no_selection():
    """Switched away from, the window went on blinking its caret and showing
    the selection in navy, as no Windows text box does while its window is
    not the active one; both come back with the focus."""
    app = make_app(scale=2)
    dialog = open_custom(app)
    assert navy_in(app, dialog, "height")                   # "9", selected
    post(pygame.WINDOWFOCUSLOST)
    app.step()
    assert app.top is dialog and not navy_in(app, dialog, "height")
    post(pygame.WINDOWFOCUSGAINED)
    app.step()
    assert navy_in(app, dialog, "height")
    key(app, pygame.K_END)                                  # the caret, blinking
    assert blinks(app, dialog, "height")
    post(pygame.WINDOWFOCUSLOST)
    app.step()
    assert not blinks(app, dialog, "height")


@pytest.mark.parametrize("laid_out_again", [False, True])
def test_a_notice_closed_over_a_dialog_gives_the_shape_of_what_is_under_the_pointer_now(
        shapes, laid_out_again):
    """The pointer moved while a notice over the dialog had the mouse: once
    the notice closed, the dialog's shape came from where the pointer had
    been before the notice (laid out again meanwhile), or stayed the
    notice's arrow over a text box until the pointer moved."""
    app = make_app(scale=2)
    dialog = open_custom(app)
    cancel, box = button_pos(app, dialog, "Cancel"), box_pos(app, dialog, "width")
    move(app, cancel, buttons=(0, 0, 0))
    assert shapes[-1] == ARROW
    app.push(NoticeDialog(app, "Records could not be saved."))
    app.step()
    move(app, box, buttons=(0, 0, 0))                # the notice has the mouse
    if laid_out_again:
        dialog.relayout()                            # built anew under it (a zoom does so)
    key(app, pygame.K_RETURN)
    assert app.top is dialog and shapes[-1] == IBEAM
    app.push(NoticeDialog(app, "Records could not be saved."))
    app.step()
    move(app, cancel, buttons=(0, 0, 0))
    if laid_out_again:
        dialog.relayout()
    key(app, pygame.K_RETURN)
    assert app.top is dialog and shapes[-1] == ARROW
