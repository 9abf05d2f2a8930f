"""The focus going and coming back, and screens opening over a press: what
a press held lets go of, and what keys still down press."""

from __future__ import annotations

import pygame
import pytest

from game.ui.screens.notice import NoticeDialog
from game.ui.screens.pause import PauseScreen
from game.ui.widgets import Button

from .helpers import BOARD_8, cell_pos, click, field_pixels, key, make_app, move, post
from .test_geometry import open_screen
from .test_pause import region
from .test_replays import open_viewer, win


def come_back_with_alt_tab(app) -> None:
    """The focus comes back with Alt still held, as SDL tells it on X11: the
    focus event, then Alt "pressed" (the keys found down), then Alt let go."""
    alt = {"key": pygame.K_LALT, "mod": pygame.KMOD_LALT, "unicode": "", "scancode": 226}
    post(pygame.WINDOWFOCUSGAINED)
    post(pygame.KEYDOWN, **alt)
    app.step()
    post(pygame.KEYUP, **alt)
    app.step(5)


@pytest.mark.parametrize("started", [False, True], ids=["game not started", "game paused"])
def test_coming_back_with_alt_tab_neither_resumes_nor_opens_the_menus(started):
    """The Alt SDL reports held as the focus came back resumed the game at
    once, the clock running before the player did anything; on a game not
    started, the Game menu opened as Alt came up."""
    app = make_app(BOARD_8, scale=2)
    if started:
        click(app, (3, 3))
    post(pygame.WINDOWFOCUSLOST)
    app.step()
    seconds = app.play.session.chrono.elapsed()
    come_back_with_alt_tab(app)
    assert app.stack == ([app.play, app.top] if started else [app.play])
    assert app.play.session.chrono.elapsed() == seconds
    if started:
        assert isinstance(app.top, PauseScreen)
        key(app, pygame.K_SPACE)                               # a key pressed here resumes
    assert app.top is app.play
    key(app, pygame.K_LALT)                                    # and Alt pressed here opens
    app.step()
    assert app.top is not app.play


def lose_and_regain_the_focus(app) -> None:
    """The player switches away with a button down and lets it go there."""
    post(pygame.WINDOWFOCUSLOST)
    app.step()
    post(pygame.WINDOWFOCUSGAINED)
    app.step()


def plain_move(app, window_pos) -> None:
    """The pointer moves to the scale-1 window position, no button down."""
    post(pygame.MOUSEMOTION, pos=app.viewport.to_display(window_pos), rel=(0, 5),
         buttons=(0, 0, 0))
    app.step()


def test_a_dialog_button_held_as_the_focus_goes_comes_back_up():
    """The focus came back to the button still drawn pressed, pressed again
    whenever the pointer passed over it."""
    app = make_app(BOARD_8, scale=2)
    app.commands.run("custom")
    app.step()
    dialog = app.top
    ok = next(w for w in dialog.widgets if isinstance(w, Button))
    rect = dialog.screen_rect(ok)
    up = region(app, rect)
    post(pygame.MOUSEBUTTONDOWN, button=1, pos=app.viewport.to_display(rect.center))
    app.step()
    pressed = region(app, rect)
    assert pressed != up
    lose_and_regain_the_focus(app)
    plain_move(app, rect.move(0, 2).center)
    assert region(app, rect) != pressed and app.top is dialog


def test_a_dialog_scroll_bar_held_as_the_focus_goes_lets_go():
    """Coming back, the page scrolled with every move of the pointer."""
    app = open_screen("8x8", "help:2")
    dialog = app.top
    track, thumb = dialog.pane.bar(dialog.content_view)
    post(pygame.MOUSEBUTTONDOWN, button=1,
         pos=app.viewport.to_display((track.centerx, thumb.centery)))
    app.step()
    lose_and_regain_the_focus(app)
    scroll = dialog.pane.scroll
    plain_move(app, (track.centerx, track.bottom))
    assert dialog.pane.scroll == scroll


def test_the_board_scroll_bar_held_as_the_focus_goes_lets_go():
    app = make_app(level="custom", custom_width=100, custom_height=100, custom_mines=2000)
    bar = app.layout.hbar
    post(pygame.MOUSEBUTTONDOWN, button=1, pos=app.viewport.to_display((bar.x + 2, bar.centery)))
    app.step()
    lose_and_regain_the_focus(app)
    scroll = app.play.scroll
    plain_move(app, (bar.right - 2, bar.centery))
    assert app.play.scroll == scroll


def test_the_replay_progress_bar_held_as_the_focus_goes_lets_go():
    """Coming back, every move of the pointer seeked the replay."""
    app = make_app(BOARD_8)
    win(app)
    viewer = open_viewer(app)
    key(app, pygame.K_SPACE)                                   # the viewer paused
    bar = viewer.layout.progress.inflate(-2, -2)
    post(pygame.MOUSEBUTTONDOWN, button=1, pos=app.viewport.to_display((bar.x, bar.centery)))
    app.step()
    lose_and_regain_the_focus(app)
    t = viewer.playback.t
    plain_move(app, (bar.right, bar.centery))
    assert viewer.playback.t == t


def test_the_board_scroll_bar_held_as_a_dialog_opens_lets_go():
    """Its release went to the dialog (F1 pressed with the bar held): once
    the dialog closed, every plain move of the pointer scrolled the board."""
    app = make_app(level="custom", custom_width=100, custom_height=100, custom_mines=2000)
    bar = app.layout.hbar
    at = app.viewport.to_display((bar.x + 2, bar.centery))
    post(pygame.MOUSEBUTTONDOWN, button=1, pos=at)
    app.step()
    key(app, pygame.K_F1)
    post(pygame.MOUSEBUTTONUP, button=1, pos=at)
    app.step()
    key(app, pygame.K_ESCAPE)
    assert app.top is app.play
    scroll = app.play.scroll
    plain_move(app, (bar.right - 2, bar.centery))
    assert app.play.scroll == scroll


def _release_under_a_notice(app, at) -> None:
    """Press at ``at``, have a notice open over it, let go there (the
    release goes to the notice), then close the notice."""
    post(pygame.MOUSEBUTTONDOWN, button=1, pos=at)
    app.step()
    app.push(NoticeDialog(app, "Replay saved"))
    app.step()
    post(pygame.MOUSEBUTTONUP, button=1, pos=at)
    app.step()
    key(app, pygame.K_ESCAPE)


def test_the_replay_progress_bar_held_as_a_notice_opens_lets_go():
    """"Replay saved as..." came while the player dragged the progress bar:
    the release went to the notice, and once it closed every plain move of
    the pointer seeked the replay."""
    app = make_app(BOARD_8)
    win(app)
    viewer = open_viewer(app)
    key(app, pygame.K_SPACE)
    bar = viewer.layout.progress.inflate(-2, -2)
    at = app.viewport.to_display((bar.x, bar.centery))
    _release_under_a_notice(app, at)
    assert app.top is viewer
    t = viewer.playback.t
    plain_move(app, (bar.right, bar.centery))
    assert viewer.playback.t == t


def test_a_dialog_scroll_bar_held_as_a_notice_opens_lets_go():
    app = open_screen("8x8", "help:2")
    dialog = app.top
    track, thumb = dialog.pane.bar(dialog.content_view)
    at = app.viewport.to_display((track.centerx, thumb.centery))
    _release_under_a_notice(app, at)
    assert app.top is dialog
    scroll = dialog.pane.scroll
    plain_move(app, (track.centerx, track.bottom))
    assert dialog.pane.scroll == scroll


def test_the_overlay_percentage_goes_when_the_pointer_leaves_the_window():
    app = make_app(BOARD_8, scale=2)
    click(app, (3, 3))
    key(app, pygame.K_p)
    move(app, app.viewport.to_display(app.layout.menu_bar.center), buttons=(0, 0, 0))
    app.step(5)
    bare = field_pixels(app)                                    # no cell under the pointer
    move(app, cell_pos(app, (0, 0)), buttons=(0, 0, 0))
    app.step(5)
    assert field_pixels(app) != bare                            # its percentage shown
    post(pygame.WINDOWLEAVE)
    app.step(5)
    assert field_pixels(app) == bare


def click_back(app, pos) -> None:
    """The player clicks the window at display pixel ``pos`` to come back
    to it: the focus, then that click, as SDL tells them when asked to let
    the click through (``SDL_MOUSE_FOCUS_CLICKTHROUGH``)."""
    post(pygame.WINDOWFOCUSGAINED)
    post(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)
    post(pygame.MOUSEBUTTONUP, button=1, pos=pos)
    app.step()


def test_sdl_lets_through_the_click_that_brings_the_window_back():
    """SDL drops that click unless asked (X11, Windows and macOS alike): the
    game paused as the focus went stayed paused under the player's click,
    its panel saying "Click or press a key to resume", until a second one."""
    from game.ui import PYGAME_ENVIRONMENT
    assert PYGAME_ENVIRONMENT["SDL_MOUSE_FOCUS_CLICKTHROUGH"] == "1"


def test_the_click_that_brings_the_window_back_resumes_the_paused_game_and_opens_nothing():
    app = make_app(BOARD_8, scale=2)
    click(app, (3, 3))
    post(pygame.WINDOWFOCUSLOST)
    app.step()
    assert isinstance(app.top, PauseScreen)
    click_back(app, cell_pos(app, (7, 7)))
    assert app.top is app.play and not app.play.session.chrono.paused
    assert app.play.field.cell(7, 7) == "#"


def test_the_click_that_brings_the_window_back_plays_nothing_on_the_board():
    """As in Winmine (winmine.c: WM_ACTIVATE by a click sets fIgnoreClick,
    and the next button press is dropped): nothing paused, the click that
    comes back to the window opens no cell and starts no game; the next one
    plays."""
    app = make_app(BOARD_8, scale=2)
    post(pygame.WINDOWFOCUSLOST)
    app.step()
    assert app.top is app.play                                  # no game running: no pause
    click_back(app, cell_pos(app, (3, 3)))
    assert app.play.field.status == "ready" and app.play.field.cell(3, 3) == "#"
    assert not app.play.gestures.held
    click(app, (3, 3))
    assert app.play.field.status == "playing"


def test_the_click_that_brings_the_window_back_works_a_dialog_and_the_menu_bar():
    """A dialog's button and the menu bar take that click, as Windows'
    dialogs and menu bars do: only the board ignored it."""
    app = make_app(BOARD_8, scale=2)
    app.commands.run("custom")
    app.step()
    dialog = app.top
    cancel = next(w for w in dialog.widgets if isinstance(w, Button) and "Cancel" in w.label)
    post(pygame.WINDOWFOCUSLOST)
    app.step()
    click_back(app, app.viewport.to_display(dialog.screen_rect(cancel).center))
    assert app.top is app.play
    post(pygame.WINDOWFOCUSLOST)
    app.step()
    post(pygame.WINDOWFOCUSGAINED)
    post(pygame.MOUSEBUTTONDOWN, button=1, pos=app.viewport.to_display((12, 8)))
    app.step()
    assert app.top is not app.play                              # the Game menu dropped


def test_a_click_as_the_window_is_first_shown_plays():
    """The focus the window gets as it first shows is no return to it: a
    click in that first frame plays (the focus had never gone)."""
    app = make_app(BOARD_8, scale=2)
    click_back(app, cell_pos(app, (3, 3)))
    assert app.play.field.status == "playing"


@pytest.mark.parametrize("kind", ["vbar", "hbar"])
def test_the_click_that_brings_the_window_back_works_the_board_s_scroll_bars(kind):
    """A Windows window's scroll bars, like its menu bar, lie outside what
    it draws in and take the click that activates it: the board's bars
    scroll on it (they ignored it with the board's cells)."""
    app = make_app(level="custom", custom_width=100, custom_height=100, custom_mines=2000)
    bar = getattr(app.layout, kind)
    post(pygame.WINDOWFOCUSLOST)
    app.step()
    end = (bar.right - 2, bar.centery) if kind == "hbar" else (bar.centerx, bar.bottom - 2)
    click_back(app, app.viewport.to_display(end))
    assert tuple(app.play.scroll) != (0, 0)
