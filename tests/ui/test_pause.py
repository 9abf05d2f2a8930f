"""Pause: what it hides, what it leaves on top, and what it lets through."""

from __future__ import annotations

import pygame
import pytest

from game.ui.dialog_window import title_bar
from game.ui.screens import dialog_lists
from game.ui.screens.dialog import Dialog
from game.ui.screens.dialog_lists import DOUBLE_CLICK_TICKS
from game.ui.screens.notice import NoticeDialog
from game.ui.screens.pause import PauseScreen
from game.ui.screens.watch import ReplayScreen
from game.ui.text_field import TextField

from .helpers import (
    BOARD_8,
    LEFT,
    RIGHT,
    cell_pos,
    click,
    field_pixels,
    key,
    make_app,
    move,
    post,
    press,
    release,
    sdl_tap,
)
from .test_replays import HeldWorker, exported, win


def region(app, rect: pygame.Rect) -> bytes:
    """The window's pixels in the scale-1 rectangle ``rect``."""
    return pygame.image.tobytes(app.display.surface.subsurface(app.painter.px(rect)), "RGB")


def dialog_pixels(app, dialog: Dialog) -> bytes:
    """The dialog's pixels, its title bar and text boxes left out: the bar
    turns inactive (test_inactive_captions) and the boxes' caret and
    selection hide while the window is in the background."""
    frame = app.painter.px(dialog.rect)
    copy = app.display.surface.subsurface(frame).copy()
    changing = [title_bar(app.painter, dialog.rect)]
    changing += [dialog.screen_rect(w) for w in dialog.widgets if isinstance(w, TextField)]
    for rect in changing:
        copy.fill((0, 0, 0), app.painter.px(rect).move(-frame.x, -frame.y))
    return pygame.image.tobytes(copy, "RGB")


@pytest.mark.parametrize("command", ["custom", "best_times", "history", "help", "style"])
def test_a_dialog_open_when_the_focus_goes_stays_on_top_over_the_hidden_field(command):
    """The pause panel was drawn over the dialog the player was using, which
    came back only after a click spent on resuming."""
    app = make_app(BOARD_8, scale=2)
    click(app, (3, 3))
    app.commands.run(command)
    app.step()
    app.step(60)                     # the history and its chart read, the caret blinks twice
    dialog = app.top
    assert isinstance(dialog, Dialog)
    shown = dialog_pixels(app, dialog)
    post(pygame.WINDOWFOCUSLOST)
    app.step(120)
    assert app.top is dialog
    assert dialog_pixels(app, dialog) == shown                # the dialog, whole, on top
    assert app.play.session.chrono.paused
    key(app, pygame.K_ESCAPE)                                  # the dialog still answers
    assert isinstance(app.top, PauseScreen)
    hidden = field_pixels(app)
    seconds = app.play.session.chrono.elapsed()
    app.step(60)
    assert app.play.session.chrono.elapsed() == seconds
    covered = app.play.field.view()
    click(app, (7, 7))                                         # resumes, opens nothing
    assert app.top is app.play and app.play.field.view() == covered
    assert field_pixels(app) != hidden
    key(app, pygame.K_PAUSE)
    assert field_pixels(app) == hidden                         # it was the pause panel


def test_a_new_game_started_from_a_dialog_over_the_pause_is_not_paused():
    app = make_app(BOARD_8, scale=2)
    click(app, (3, 3))
    app.commands.run("custom")
    app.step()
    post(pygame.WINDOWFOCUSLOST)
    app.step()
    key(app, pygame.K_RETURN)                                  # OK: a new game
    assert app.stack == [app.play]
    click(app, (4, 4))
    assert app.play.field.cell(4, 4) != "#" and app.play.session.chrono.running


def shortcut(app, modifier: int, k: int, mod: int) -> None:
    """``modifier`` held, ``k`` pressed and let go, ``modifier`` let go: the
    events a keyboard sends for Ctrl++ or Alt+Enter."""
    post(pygame.KEYDOWN, key=modifier, mod=mod, unicode="", scancode=0)
    post(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)
    post(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0)
    post(pygame.KEYUP, key=modifier, mod=0, unicode="", scancode=0)
    app.step()


@pytest.mark.parametrize("keys", [(pygame.K_LCTRL, pygame.K_EQUALS, pygame.KMOD_LCTRL),
                                  (pygame.K_LALT, pygame.K_RETURN, pygame.KMOD_LALT)],
                         ids=["Ctrl++", "Alt+Enter"])
def test_a_window_shortcut_over_the_pause_leaves_the_game_paused_as_f11_does(keys):
    """The Ctrl (or Alt) pressed first was taken as the key that resumes:
    the shortcut changed the window and ended the pause, where F11 and
    Ctrl++'s menu item leave it paused."""
    app = make_app(BOARD_8)
    click(app, (3, 3))
    key(app, pygame.K_PAUSE)
    size = app.display.surface.get_size()
    seconds = app.play.session.chrono.elapsed()
    shortcut(app, *keys)
    assert app.display.surface.get_size() != size               # the window changed
    assert isinstance(app.top, PauseScreen)
    app.step(60)
    assert app.play.session.chrono.elapsed() == seconds
    key(app, pygame.K_SPACE)
    assert app.top is app.play


@pytest.mark.parametrize("resume", ["key", "click"])
def test_the_overlay_percentage_follows_the_pointer_moved_while_paused(resume):
    """The pointer's moves went to the pause alone: when the board showed
    again, the percentage still stood beside the cell left before it."""
    app = make_app(BOARD_8, scale=2)
    click(app, (3, 3))
    key(app, pygame.K_p)                                        # the overlay
    move(app, cell_pos(app, (0, 0)), buttons=(0, 0, 0))
    app.step(5)
    key(app, pygame.K_PAUSE)
    move(app, cell_pos(app, (7, 7)), buttons=(0, 0, 0))
    if resume == "key":
        key(app, pygame.K_SPACE)
    else:
        click(app, (7, 7))
    assert app.top is app.play
    app.step(5)
    shown = field_pixels(app)
    move(app, cell_pos(app, (7, 7)), buttons=(0, 0, 0))         # what it shows there
    app.step(5)
    assert field_pixels(app) == shown


def resumed_by_a_click():
    """A game under way, paused, then resumed by a click on cell (7, 7):
    the app and the display pixel of that click."""
    app = make_app(BOARD_8)
    click(app, (3, 3))
    key(app, pygame.K_PAUSE)
    pos = cell_pos(app, (7, 7))
    press(app, pos)                                             # resumes
    release(app, pos)
    assert app.top is app.play
    return app, pos


@pytest.mark.parametrize("second, plays", [
    (LEFT, False), (RIGHT, True)], ids=["the same button", "another button"])
def test_a_double_click_that_ends_the_pause_plays_nothing_with_its_second_press(second, plays):
    """Windows ignores a double click's second press: the click that ended
    the pause opened nothing, but its double click's second press did."""
    app, pos = resumed_by_a_click()
    moves = app.play.field.move_count
    press(app, pos, second)
    release(app, pos, second)
    assert app.play.field.move_count == moves + plays
    assert (app.play.field.cell(7, 7) != "#") is plays
    app.step(DOUBLE_CLICK_TICKS)
    click(app, (7, 7), second)                                  # a click later plays
    assert app.play.field.cell(7, 7) != "#"


def test_the_wheel_over_the_pause_neither_resumes_nor_scrolls():
    """pygame tells each step of the wheel as a press of button 4 or 5 too:
    the pause took it for the resuming click, and the wheel event after it
    scrolled the board."""
    app = make_app(level="custom", custom_width=100, custom_height=100, custom_mines=2000)
    click(app, (0, 0))
    key(app, pygame.K_PAUSE)
    scroll = app.play.scroll
    pos = cell_pos(app, (5, 5))
    post(pygame.MOUSEBUTTONDOWN, button=5, pos=pos)
    post(pygame.MOUSEBUTTONUP, button=5, pos=pos)
    post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)
    app.step()
    assert isinstance(app.top, PauseScreen) and app.play.scroll == scroll


@pytest.mark.parametrize("which", ["good", "bad"])
def test_a_replay_still_loading_when_the_focus_goes_is_shown_over_the_pause(tmp_path, which):
    """The pause the window's losing the focus brought was taken for the
    player moving on: the replay (or the notice saying why it cannot be
    watched) was dropped, and coming back showed only the paused game."""
    held = HeldWorker()
    app = make_app(BOARD_8, data_dir=tmp_path, loader=held)
    win(app)
    good, bad = exported(tmp_path, app)
    app.play.new_game()
    click(app, (4, 4))                                         # a game running
    app.commands.open_replay_file(good if which == "good" else bad)
    post(pygame.WINDOWFOCUSLOST)
    app.step()
    assert isinstance(app.top, PauseScreen)
    held.answer()
    app.step(2)
    assert isinstance(app.top, ReplayScreen if which == "good" else NoticeDialog)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScreen)                    # the game, still paused


def test_a_no_guess_board_laid_while_the_player_is_away_starts_paused():
    """The first click waits for the computer to lay a no-guess board; the
    player switched windows meanwhile, the board came, the first move was
    played and the clock ran on unwatched: nothing had paused a game not
    yet started."""
    held = HeldWorker()
    app = make_app(level="beginner", no_guess=True, seed=7, worker=held)
    click(app, (4, 4))
    assert app.play.field.status == "ready"                    # waiting for the mines
    post(pygame.WINDOWFOCUSLOST)
    app.step()
    held.answer()
    app.step(600)
    assert app.play.field.status == "playing" and isinstance(app.top, PauseScreen)
    assert app.play.session.chrono.display_seconds() == 1
    key(app, pygame.K_SPACE)
    app.step(60)
    assert app.top is app.play and app.play.session.chrono.display_seconds() == 2


def test_auto_play_started_on_a_fresh_board_pauses_with_its_first_move_when_away():
    app = make_app(level="beginner", seed=7)
    key(app, pygame.K_a)
    post(pygame.WINDOWFOCUSLOST)
    app.step(600)
    assert app.play.field.status == "playing" and len(app.play.field.moves) == 1
    assert isinstance(app.top, PauseScreen)


@pytest.mark.parametrize("command", ["best_times", "help"])
def test_the_pause_key_pauses_a_game_running_under_a_dialog(command):
    """The clock runs on under a dialog, and the Pause key did nothing there."""
    app = make_app(BOARD_8)
    click(app, (3, 3))
    app.commands.run(command)
    app.step()
    dialog = app.top
    key(app, pygame.K_PAUSE)
    seconds = app.play.session.chrono.elapsed()
    app.step(120)
    assert app.play.session.chrono.elapsed() == seconds and app.top is dialog
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScreen)


def test_a_tap_that_ends_the_pause_and_a_click_right_after_it_are_no_double_click():
    """A double click is two presses of one button, or two taps: the
    mouse's click right after the tap that ended the pause is a click of
    its own, and plays."""
    app = make_app(BOARD_8)
    click(app, (3, 3))
    key(app, pygame.K_PAUSE)
    pos = cell_pos(app, (7, 7))
    sdl_tap(app, pos)                                           # resumes
    assert app.top is app.play
    press(app, pos)
    release(app, pos)
    assert app.play.field.cell(7, 7) != "#"


def test_the_wheel_between_the_two_presses_of_a_double_click_leaves_it_one():
    """The wheel turned between the click that ended the pause and its
    double click's second press (pygame tells each step of it as a press
    of button 4 or 5 too): that second press is still spent."""
    app, pos = resumed_by_a_click()
    post(pygame.MOUSEBUTTONDOWN, button=4, pos=pos)
    post(pygame.MOUSEBUTTONUP, button=4, pos=pos)
    post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0)
    app.step()
    press(app, pos)
    release(app, pos)
    assert app.play.field.cell(7, 7) == "#"


def test_a_double_clicks_time_patched_where_it_is_kept_reaches_the_face(monkeypatch):
    """The second press of the click that resumed is spent on the face only
    within a double click's time, read from ``dialog_lists`` where it is
    kept: the play screen's input copied it, and a time changed there
    still spent a press on the face long after it."""
    monkeypatch.setattr(dialog_lists, "DOUBLE_CLICK_TICKS", 5)
    app, pos = resumed_by_a_click()
    app.step(10)                                                # past the double click's time
    face = app.viewport.to_display(app.layout.face.center)
    press(app, face)
    release(app, face)
    assert app.play.field.cell(3, 3) == "#"                     # a new game
