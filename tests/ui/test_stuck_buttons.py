"""A button let go outside the window while it had lost the focus: SDL
(X11) still holds it down and drops its next press, so the first click
after coming back came as a release alone and did nothing."""

from __future__ import annotations

import pygame
import pytest

from game.ui.screens.menu import MenuScreen

from .helpers import BOARD_8, cell_pos, make_app, post, press
from .test_menus import title_pos

UP = (False,) * 5
DOWN = (True,) + (False,) * 4


def press_and_leave(app, desktop) -> None:
    """A left press on a cell, then the window minimised; the desktop's
    buttons as ``desktop`` says meanwhile; the focus back."""
    app.stuck_buttons.desktop = lambda: desktop
    press(app, cell_pos(app, (3, 3)))
    post(pygame.WINDOWMINIMIZED)
    post(pygame.WINDOWFOCUSLOST)
    app.step()
    post(pygame.WINDOWRESTORED)
    post(pygame.WINDOWFOCUSGAINED)
    app.step()
    post(pygame.MOUSEMOTION, pos=cell_pos(app, (5, 5)), rel=(0, 0), buttons=(1, 0, 0))
    app.step(3)


def lone_release(app, pos) -> None:
    """The click SDL passes on: its release alone."""
    post(pygame.MOUSEBUTTONUP, button=1, pos=pos)
    app.step()


def test_the_first_click_on_a_cell_after_coming_back_opens_it():
    """Where the desktop has the pointer: SDL's release comes where the
    press before it was, its place as stale as its buttons."""
    app = make_app(BOARD_8, scale=2)
    press_and_leave(app, UP)
    app.stuck_buttons.where = lambda: cell_pos(app, (5, 5))
    assert app.play.field.status == "ready"
    lone_release(app, cell_pos(app, (3, 3)))
    assert app.play.field.status == "playing" and app.play.field.cell(5, 5) != "#"
    assert app.play.field.cell(3, 3) == "#"


def test_the_first_click_on_the_menu_bar_after_coming_back_opens_the_menu():
    app = make_app(BOARD_8, scale=2)
    press_and_leave(app, UP)
    app.stuck_buttons.where = lambda: None          # no desktop to ask: SDL's place
    lone_release(app, title_pos(app, 0))
    assert isinstance(app.top, MenuScreen)


@pytest.mark.parametrize("desktop", [DOWN, UP], ids=["held all along", "seen released"])
def test_a_release_of_a_press_seen_plays_nothing_more(desktop):
    """A button held down through the focus going and coming back (the
    desktop says so), or whose release came to the window, is no click:
    its release plays nothing (the press was let go of as the focus went)."""
    app = make_app(BOARD_8, scale=2)
    press_and_leave(app, desktop)
    if desktop == UP:
        lone_release(app, (0, 0))                 # the release SDL saw, off the board
    lone_release(app, cell_pos(app, (5, 5)))
    assert app.play.field.status == "ready" and app.play.field.cell(5, 5) == "#"


def test_a_release_on_its_way_as_the_desktop_is_asked_plays_nothing_more():
    """The desktop already had the button up while its release, come to the
    window, was not yet read: no press is made up for that release."""
    app = make_app(BOARD_8, scale=2)
    app.stuck_buttons.desktop = lambda: UP
    press(app, cell_pos(app, (3, 3)))
    post(pygame.WINDOWFOCUSLOST)
    app.step()
    lone_release(app, title_pos(app, 0))
    app.step(3)
    assert not isinstance(app.top, MenuScreen)
    assert app.play.field.status == "ready"
