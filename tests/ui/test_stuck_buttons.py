"""A button let go outside the window while it had lost the focus: SDL
(X11) still holds it down and drops its next press, so the first click
after coming back came as a release alone and did nothing."""

from __future__ import annotations

import pygame
import pytest

from game.ui.screens.dialog_lists import DOUBLE_CLICK_TICKS
from game.ui.screens.menu import MenuScreen
from game.ui.screens.names import NameDialog
from game.ui.stuck_buttons import StuckButtons, desktop_pointer

from .helpers import BOARD_8, cell_pos, make_app, post, press
from .test_menus import title_pos
from .test_records import BEGINNER, win

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


def stuck(app) -> None:
    """A left press on a cell let go outside the window: the desktop has
    the button up, SDL still holds it down."""
    press_and_leave(app, UP)
    app.stuck_buttons.where = lambda: None          # no desktop to ask: SDL's place


def test_once_the_release_comes_the_desktop_is_asked_no_more():
    """Each question to the desktop is a round trip to the X server: it is
    asked only while a button is in doubt, and the button's release come
    to the window ends the doubt, at the very frame it comes."""
    app = make_app(BOARD_8, scale=2)
    asked = []
    app.stuck_buttons.desktop = lambda: asked.append(1) or DOWN
    press(app, cell_pos(app, (3, 3)))
    post(pygame.WINDOWFOCUSLOST)
    app.step()
    post(pygame.WINDOWFOCUSGAINED)
    app.step(3)
    assert asked                                    # in doubt: asked at each frame
    lone_release(app, (0, 0))
    before = len(asked)
    app.step(5)
    assert len(asked) == before


def test_a_press_sdl_did_pass_after_all_is_not_made_up_a_second_time():
    """A button thought let go outside whose next press came after all (SDL
    dropped none): that click is as any other. A press made up before its
    release too reached the menu bar as a second press on the title, which
    closed the menu the first had opened."""
    app = make_app(BOARD_8, scale=2)
    stuck(app)
    press(app, title_pos(app, 0))
    assert isinstance(app.top, MenuScreen)
    post(pygame.MOUSEBUTTONUP, button=1, pos=title_pos(app, 0))
    app.step()
    assert isinstance(app.top, MenuScreen)


def test_a_tap_s_mouse_copy_leaves_the_stuck_button_to_the_mouse():
    """SDL's mouse copy of a touch is no press of the mouse's button: after
    a tap, the mouse's first click still gets its dropped press back."""
    app = make_app(BOARD_8, scale=2)
    stuck(app)
    at = cell_pos(app, (5, 5))
    post(pygame.MOUSEBUTTONDOWN, button=1, pos=at, touch=True)
    post(pygame.MOUSEBUTTONUP, button=1, pos=at, touch=True)
    app.step()
    lone_release(app, title_pos(app, 0))
    assert isinstance(app.top, MenuScreen)


def test_without_x11_a_release_after_the_focus_came_back_is_no_click():
    """Only X11's desktop is asked (the dummy driver of headless runs has
    none, and says every button up): there, a press held all along, its
    release read after the focus came back, plays nothing more."""
    app = make_app(BOARD_8, scale=2)
    press(app, cell_pos(app, (3, 3)))
    post(pygame.WINDOWFOCUSLOST)
    app.step()
    post(pygame.WINDOWFOCUSGAINED)
    app.step(3)
    lone_release(app, cell_pos(app, (5, 5)))
    assert app.play.field.status == "ready" and app.play.field.cell(5, 5) == "#"


def test_the_desktop_s_pointer_is_read_in_the_window(monkeypatch):
    """X11 gives the pointer's place on the desktop: the window's place is
    taken from it, so a click made up there lands under the pointer."""
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda desktop=False: (700, 500))

    class Window:
        position = (600, 420)

    assert desktop_pointer(Window()) == (100, 80)
    assert desktop_pointer(None) is None


def test_a_click_in_a_text_box_that_sdl_passed_whole_is_no_double_click():
    """The name entry: a button thought let go outside, whose next press
    came after all, clicks once. A press made up before its release as
    well made a double click of it, which selected the name, and the
    digit typed next replaced it."""
    app = make_app(BEGINNER, player_name="Ada")
    win(app)
    dialog = app.top
    assert isinstance(dialog, NameDialog)
    box = dialog.screen_rect(dialog.entry)
    at = app.viewport.to_display((box.x + 1, box.centery))      # before the name
    app.stuck_buttons.desktop = lambda: UP
    app.stuck_buttons.where = lambda: None
    press(app, at)
    post(pygame.WINDOWFOCUSLOST)
    app.step()
    post(pygame.WINDOWFOCUSGAINED)
    app.step(DOUBLE_CLICK_TICKS + 1)                # the next click is one of its own
    press(app, at)
    post(pygame.MOUSEBUTTONUP, button=1, pos=at)
    app.step()
    post(pygame.TEXTINPUT, text="1")
    app.step()
    assert dialog.entry.text == "1Ada"


def test_a_side_button_held_through_a_focus_loss_gets_no_press_made_up():
    """Past the right button SDL's events and the desktop's list number the
    buttons apart (events: wheel 4 and 5, side buttons 6 and 7; the
    desktop: side buttons fourth and fifth): a side button held as the
    focus went was read against the wrong entry, or none, taken as let go
    outside, and its next release got a press made up."""
    buttons = StuckButtons(where=lambda: (5, 5), desktop=lambda: UP)
    held = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=6, pos=(5, 5), touch=False)
    list(buttons.mended([held]))
    buttons.focus_lost()
    buttons.check()
    buttons.check()
    release = pygame.event.Event(pygame.MOUSEBUTTONUP, button=6, pos=(5, 5), touch=False)
    assert [event.type for event in buttons.mended([release])] == [pygame.MOUSEBUTTONUP]
