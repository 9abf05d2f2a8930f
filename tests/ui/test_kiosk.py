"""Kiosk and demo machines: no way out for a visitor, one for the operator,
attract mode when nobody plays, and demo games that never touch the records."""

from __future__ import annotations

import os

import pygame
import pytest

from game import i18n
from game.ui import keys
from game.ui.loop import HAND_HELD_TICKS
from game.ui.menus import MENUS, visible_items
from game.ui.screens.attract import BETWEEN_GAMES_TICKS, AttractScreen
from game.ui.screens.dialog_lists import DOUBLE_CLICK_ROOM, DOUBLE_CLICK_TICKS
from game.ui.screens.help import HelpScreen
from game.ui.screens.menu import MenuScreen
from game.ui.screens.names import ArcadeNameDialog
from game.ui.screens.notice import NoticeDialog
from game.ui.screens.records import BestTimesDialog
from game.ui.worker import Done, SyncWorker

from .helpers import (
    BOARD_8,
    LEFT,
    RIGHT,
    cell_pos,
    cell_shows,
    click,
    key,
    make_app,
    on_disk,
    post,
    press,
    release,
    sdl_tap,
    shows,
)
from .test_feel import finger
from .test_moved_pointer import moved, still_pointer
from .test_records import BEGINNER, win

OPERATOR = pygame.KMOD_LCTRL | pygame.KMOD_LALT | pygame.KMOD_LSHIFT


def kiosk(**settings):
    return make_app(kiosk=True, **settings)


@pytest.mark.parametrize("way_out", ["q", "escape", "window close", "menu exit"])
def test_a_visitor_cannot_leave(way_out):
    app = kiosk()
    if way_out == "q":
        key(app, pygame.K_q)
    elif way_out == "escape":
        key(app, pygame.K_ESCAPE)
    elif way_out == "window close":
        post(pygame.QUIT)
        app.step()
    else:
        app.commands.run("exit")
    app.step()
    assert app.running


def test_the_operator_chord_leaves():
    app = kiosk()
    key(app, pygame.K_q, mod=OPERATOR)
    assert not app.running
    assert keys.OPERATOR_EXIT_LABEL == "Ctrl+Alt+Shift+Q"


def test_the_chord_needs_all_three_modifiers():
    app = kiosk()
    key(app, pygame.K_q, mod=pygame.KMOD_LCTRL | pygame.KMOD_LALT)
    assert app.running


def test_a_kiosk_is_fullscreen_and_hides_what_a_visitor_may_not_do():
    app = kiosk()
    assert app.settings.fullscreen and app.display.fullscreen
    labels = {i.label for _, items in MENUS for i in visible_items(app, items)}
    for hidden in ("Exit", "Sound", "Zoom in", "Zoom out", "Fullscreen", "Export replay",
                   "Open replay..."):
        assert hidden not in labels
    assert {"New", "Expert", "Best Times...", "Hint"} <= labels
    for _, items in MENUS:
        shown = visible_items(app, items)
        assert shown and not shown[0].separator and not shown[-1].separator
        assert not any(a.separator and b.separator for a, b in zip(shown, shown[1:], strict=False))
    key(app, pygame.K_F10)
    assert isinstance(app.top, MenuScreen)
    assert "Exit" not in [i.label for i in app.top.items]


def test_kiosk_refuses_window_and_sound_keys():
    app = kiosk(sound=True)
    key(app, pygame.K_s)
    key(app, pygame.K_F11)
    assert app.settings.sound and app.settings.fullscreen


def test_a_normal_window_keeps_every_item():
    app = make_app()
    labels = {i.label for _, items in MENUS for i in visible_items(app, items)}
    assert {"Exit", "Sound", "Zoom in", "Fullscreen"} <= labels


def test_record_resets_are_hidden_in_a_kiosk():
    app = kiosk()
    app.push(BestTimesDialog(app))
    app.step()
    assert "Reset" not in [getattr(w, "label", "") for w in app.top.widgets]
    normal = make_app()
    normal.push(BestTimesDialog(normal))
    normal.step()
    assert "Reset" in [getattr(w, "label", "") for w in normal.top.widgets]


def test_a_kiosk_never_saves_settings(tmp_path):
    app = make_app(kiosk=True, data_dir=tmp_path)
    app.commands.run("level_expert")
    app.commands.run("toggle_marks")
    assert app.settings.level == "expert"
    app.store.flush()                                  # nothing queued either
    assert not (tmp_path / "settings.json").exists()
    assert app.store.settings.level == "beginner"


def test_idle_time_starts_attract_mode_and_input_delays_it():
    app = kiosk(idle_seconds=2)
    app.step(100)
    key(app, pygame.K_LEFT)                  # someone is there
    app.step(100)
    assert not isinstance(app.top, AttractScreen)
    app.step(21)
    assert isinstance(app.top, AttractScreen)


HOLDS = ["left button", "right button", "key", "finger"]


def put_down(app, hold: str) -> None:
    """A hand holds a button, Shift or a finger down on a cell (and a tick passes)."""
    if hold == "key":
        post(pygame.KEYDOWN, key=pygame.K_LSHIFT, mod=pygame.KMOD_LSHIFT, unicode="", scancode=0)
        app.step()
    elif hold == "finger":
        finger(app, pygame.FINGERDOWN, (3, 3))
    else:
        press(app, cell_pos(app, (3, 3)), LEFT if hold == "left button" else RIGHT)


def lift(app, hold: str) -> None:
    """The hand lets go of what ``put_down`` held (and a tick passes)."""
    if hold == "key":
        post(pygame.KEYUP, key=pygame.K_LSHIFT, mod=0, unicode="", scancode=0)
        app.step()
    elif hold == "finger":
        finger(app, pygame.FINGERUP, (3, 3))
    else:
        release(app, cell_pos(app, (3, 3)), LEFT if hold == "left button" else RIGHT)


@pytest.mark.parametrize("hold", HOLDS)
def test_a_button_key_or_finger_held_past_the_idle_time_keeps_attract_mode_off(hold):
    """A player thinking with the button or finger down on a cell (the face
    says "O") is at the machine: attract mode began under the hand (a
    finger was followed by nothing). The idle time runs from the release."""
    app = kiosk(idle_seconds=2)
    put_down(app, hold)
    app.step(300)                            # 5 s held, the idle time 2
    assert not isinstance(app.top, AttractScreen)
    lift(app, hold)
    app.step(118)
    assert not isinstance(app.top, AttractScreen)
    app.step()
    assert isinstance(app.top, AttractScreen)        # 2 s after the release


@pytest.mark.parametrize("hold", HOLDS)
def test_a_button_key_or_finger_held_five_minutes_alone_is_no_one_at_the_machine(hold):
    """A bag on the keyboard, a key stuck, a touch screen's ghost touch:
    held for ever, it kept the kiosk out of attract mode until someone
    came to lift it."""
    app = kiosk(idle_seconds=2)
    put_down(app, hold)
    app.step(HAND_HELD_TICKS - 2)
    assert not isinstance(app.top, AttractScreen)
    app.step()
    assert isinstance(app.top, AttractScreen)        # 5 minutes after the press


def test_a_held_key_s_repeats_neither_keep_attract_mode_off_nor_end_it():
    """pygame repeats a held key's KEYDOWN (an arrow's moves the keyboard
    cursor), and the system its text: a book on the arrows sent them for
    ever, each taken for a visitor's key, and once attract mode began
    (were they not), the next repeat would have ended it."""
    app = kiosk(idle_seconds=2)

    def repeat() -> None:
        post(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode="", scancode=0)
        post(pygame.TEXTINPUT, text="x")
        app.step()

    repeat()                                 # the press
    for _ in range(HAND_HELD_TICKS // 60 - 1):
        app.step(59)
        repeat()                             # a repeat at every second
    assert not isinstance(app.top, AttractScreen)
    app.step(59)
    assert isinstance(app.top, AttractScreen)        # 5 minutes after the press
    repeat()
    repeat()
    assert isinstance(app.top, AttractScreen)
    post(pygame.KEYUP, key=pygame.K_LEFT, mod=0, unicode="", scancode=0)
    app.step()
    key(app, pygame.K_LEFT)                  # a visitor's press
    assert app.top is app.play


@pytest.mark.parametrize("hold", ["left button", "finger"])
def test_a_button_or_finger_held_as_the_focus_went_keeps_no_one_at_the_machine(hold):
    """Its release may go to another window: the idle time runs on."""
    app = kiosk(idle_seconds=2)
    put_down(app, hold)
    post(pygame.WINDOWFOCUSLOST)
    app.step(120)
    assert isinstance(app.top, AttractScreen)


def test_a_pointer_move_delays_attract_mode_but_does_not_end_it():
    """Someone moving the mouse is at the machine; once attract mode plays,
    only a touch, click or key gives the fresh game."""
    app = kiosk(idle_seconds=2)
    app.step(100)
    post(pygame.MOUSEMOTION, pos=cell_pos(app, (3, 3)), rel=(4, 0), buttons=(0, 0, 0))
    app.step(100)
    assert not isinstance(app.top, AttractScreen)
    app.step(21)
    assert isinstance(app.top, AttractScreen)
    post(pygame.MOUSEMOTION, pos=cell_pos(app, (4, 3)), rel=(4, 0), buttons=(0, 0, 0))
    app.step()
    assert isinstance(app.top, AttractScreen)


def test_the_window_moved_under_a_still_pointer_does_not_delay_attract_mode():
    """The motion the move makes (``MovedPointer``: the pointer is over
    another cell now) is no one at the machine: a kiosk moved by its
    window manager put attract mode off as a visitor's move did."""
    app = kiosk(idle_seconds=2)
    post(pygame.WINDOWENTER)
    moved(app, 100, 100)
    at = cell_pos(app, (3, 3))
    still_pointer(app, at)
    post(pygame.MOUSEMOTION, pos=at, rel=(4, 0), buttons=(0, 0, 0))     # the hand: counts
    app.step(100)
    moved(app, 100 + 64, 100 + 64)                   # the pointer over another cell now
    assert app.pointer != at and app.play.hover not in (None, (3, 3))   # the move was told
    app.step(18)
    assert not isinstance(app.top, AttractScreen)
    app.step()
    assert isinstance(app.top, AttractScreen)        # 2 s after the hand's move


def test_a_best_time_is_named_even_when_the_idle_time_is_shorter_than_the_victory_wave(tmp_path):
    app = make_app(BEGINNER, data_dir=tmp_path, kiosk=True, idle_seconds=1)
    win(app)                                 # the wave (1.5 s) outlasts the idle time
    assert isinstance(app.top, ArcadeNameDialog)
    app.step(50)                             # the idle time counts from the entry
    assert isinstance(app.top, ArcadeNameDialog)
    app.step(10)                             # then idleness ends the entry, as it does
    assert isinstance(app.top, AttractScreen)
    assert [t.name for t in on_disk(app).best_times("beginner")] == ["Anonymous"]


def test_idle_closes_dialogs_before_attract_mode():
    app = kiosk(idle_seconds=1)
    app.commands.run("best_times")
    assert isinstance(app.top, BestTimesDialog)
    app.step(61)
    assert isinstance(app.top, AttractScreen) and app.stack == [app.play, app.top]


def test_a_normal_window_never_goes_to_attract_mode():
    app = make_app(idle_seconds=1)
    app.step(200)
    assert app.top is app.play


def test_demo_starts_in_attract_mode_and_the_computer_plays():
    app = make_app(demo=True)
    assert isinstance(app.top, AttractScreen)
    assert app.play.session.demo and app.play.assist.autoplay
    app.step(120)
    assert app.play.field.move_count > 0


def test_the_demo_plays_beginner_as_the_style_does_8x8_under_windows_3_1():
    """The demo laid Beginner 9x9 whatever the style: a window in Windows
    3.1's style, whose Beginner is 8x8, grew to show a board its own
    Beginner never is."""
    size = make_app(style="win31").display.surface.get_size()      # an 8x8 game's window
    app = make_app(demo=True, style="win31")
    assert (app.play.field.width, app.play.field.height) == (8, 8)
    assert app.display.surface.get_size() == size


def test_the_banner_blinks():
    app = make_app(demo=True)
    screen = app.top
    field = app.painter.px(app.layout.field)
    centre = field.center

    def navy():
        return tuple(app.display.surface.get_at(centre))[:3] == (0, 0, 128) or any(
            tuple(app.display.surface.get_at((x, centre[1])))[:3] == (0, 0, 128)
            for x in range(field.x, field.right, 3))

    app.step(5)
    assert screen.banner_visible() and navy()
    app.step(30)
    assert not screen.banner_visible() and not navy()
    app.step(30)
    assert navy()


@pytest.mark.parametrize("wake", ["click", "key", "touch"])
def test_the_first_input_in_attract_mode_gives_a_fresh_game_and_opens_nothing(wake):
    app = make_app(demo=True, level="intermediate")
    app.step(200)
    assert app.play.field.move_count > 0
    if wake == "click":
        pos = cell_pos(app, (4, 4))
        press(app, pos)
        release(app, pos)
    elif wake == "key":
        key(app, pygame.K_SPACE)
    else:
        post(pygame.FINGERDOWN, x=0.5, y=0.5, dx=0, dy=0, finger_id=1, touch_id=1, pressure=1)
        app.step()
    assert app.top is app.play
    assert not app.play.session.demo and not app.play.assist.autoplay
    assert (app.play.field.width, app.play.field.height) == (16, 16)
    app.step(30)
    assert app.play.field.move_count == 0 and not app.play.session.chrono.running


@pytest.mark.parametrize("copy_first", [True, False], ids=["mouse copy first", "finger first"])
def test_a_tap_that_wakes_attract_mode_is_spent_whichever_half_sdl_sends_first(copy_first):
    app = make_app(demo=True, level="intermediate")
    app.step(200)
    sdl_tap(app, cell_pos(app, (4, 4)), copy_first=copy_first)
    app.step(30)
    assert app.top is app.play and not app.play.session.demo
    assert app.play.field.move_count == 0 and not app.play.session.chrono.running
    sdl_tap(app, cell_pos(app, (4, 4)), copy_first=copy_first)      # the next tap plays
    assert app.play.field.move_count == 1 and app.play.field.cell(4, 4) != "#"


@pytest.mark.parametrize("copy_first", [True, False], ids=["mouse copy first", "finger first"])
def test_a_tap_on_the_menu_bar_that_wakes_attract_mode_opens_no_menu(copy_first):
    app = make_app(demo=True)
    app.step(200)
    sdl_tap(app, app.viewport.to_display((10, app.layout.menu_h // 2)), copy_first=copy_first)
    assert app.top is app.play


@pytest.mark.parametrize("later, off, plays", [
    (0, 0, False), (DOUBLE_CLICK_TICKS - 2, DOUBLE_CLICK_ROOM, False),
    (DOUBLE_CLICK_TICKS, 0, True), (0, DOUBLE_CLICK_ROOM + 1, True)],
    ids=["at once", "within the time and the room", "too late", "too far"])
def test_a_double_click_that_wakes_attract_mode_plays_nothing_with_its_second_press(
        later, off, plays):
    """Windows ignores a double click's second press: a passer-by's double
    click woke the demo and opened a cell of the fresh board with it."""
    app = make_app(demo=True, level="intermediate")
    app.step(200)
    x, y = cell_pos(app, (4, 4))
    press(app, (x, y))                                 # wakes
    release(app, (x, y))
    app.step(later)
    press(app, (x + off, y))
    release(app, (x + off, y))
    field = app.play.field
    assert app.top is app.play and not app.play.session.demo
    assert field.move_count == (1 if plays else 0)
    assert (field.cell(4, 4) != "#") is plays
    if not plays:
        click(app, (4, 4))                             # a third click plays, as any other
        assert field.move_count == 1 and field.cell(4, 4) != "#"


@pytest.mark.parametrize("copy_first", [True, False], ids=["mouse copy first", "finger first"])
def test_a_double_tap_that_wakes_attract_mode_plays_nothing_with_its_second_tap(copy_first):
    app = make_app(demo=True, level="intermediate")
    app.step(200)
    sdl_tap(app, cell_pos(app, (4, 4)), copy_first=copy_first)
    sdl_tap(app, cell_pos(app, (4, 4)), copy_first=copy_first)
    app.step(30)
    assert app.top is app.play and app.play.field.move_count == 0


@pytest.mark.parametrize("first", [LEFT, RIGHT], ids=["left first", "right first"])
def test_both_buttons_pressed_together_to_wake_attract_mode_do_nothing_else(first):
    app = make_app(demo=True, level="intermediate")
    app.step(200)
    pos = cell_pos(app, (4, 4))
    other = RIGHT if first == LEFT else LEFT
    post(pygame.MOUSEBUTTONDOWN, button=first, pos=pos)            # in the same frame
    post(pygame.MOUSEBUTTONDOWN, button=other, pos=pos)
    app.step()
    release(app, pos, other)
    release(app, pos, first)
    field = app.play.field
    assert app.top is app.play and field.move_count == 0 and field.mines_left == 40
    click(app, (4, 4), RIGHT)                                       # the next click plays
    assert field.cell(4, 4) == "F"


@pytest.mark.parametrize("modifier, mod, letter", [
    (pygame.K_LALT, pygame.KMOD_LALT, pygame.K_g),             # Alt+G: the Game menu
    (pygame.K_LSHIFT, pygame.KMOD_LSHIFT, pygame.K_p)],        # Shift+P: the overlay
    ids=["alt", "shift"])
def test_a_key_chord_that_wakes_attract_mode_does_nothing_else(modifier, mod, letter):
    """A passer-by's Alt+G woke the demo with its Alt, then its G, a key
    of its own, opened the Game menu over the fresh game (seen under Xvfb
    with a real keyboard). The keys pressed while the waking modifier is
    held are the rest of its gesture, spent with it; once it is up, keys
    play again."""
    app = make_app(demo=True, level="intermediate")
    app.step(200)
    post(pygame.KEYDOWN, key=modifier, mod=mod, unicode="", scancode=0)     # wakes
    app.step()
    key(app, letter, mod=mod)
    post(pygame.KEYUP, key=modifier, mod=0, unicode="", scancode=0)
    app.step(3)
    assert app.top is app.play and not app.play.assist.overlay
    key(app, pygame.K_g, mod=pygame.KMOD_LALT)                 # Alt up: a chord acts again
    assert isinstance(app.top, MenuScreen)


def test_a_waking_modifier_whose_release_went_unheard_spends_no_later_key():
    """Alt woke the demo and came up in another window: the next keys,
    pressed without it, play as usual."""
    app = make_app(demo=True, level="intermediate")
    app.step(200)
    post(pygame.KEYDOWN, key=pygame.K_LALT, mod=pygame.KMOD_LALT, unicode="", scancode=0)
    app.step()
    key(app, pygame.K_p)                                        # no Alt in its mods
    assert app.play.assist.overlay


def test_a_button_still_held_from_waking_when_the_focus_went_never_blocks_the_next_click():
    app = make_app(demo=True, level="intermediate")
    app.step(200)
    press(app, cell_pos(app, (4, 4)), RIGHT)           # wakes; released in another window
    post(pygame.WINDOWFOCUSLOST)
    post(pygame.WINDOWFOCUSGAINED)
    app.step()
    click(app, (4, 4))
    assert app.play.field.move_count == 1


def test_demo_games_leave_the_records_untouched(tmp_path):
    app = make_app(data_dir=tmp_path)
    app.attract_options = {"pace": (1, 1), "between": 1}
    app.start_attract()
    screen = app.top
    for _ in range(400):
        if screen.games > 3:
            break
        app.step(20)
    assert screen.games > 3                      # several demo games played to the end
    assert app.store.history() == [] and app.store.statistics("beginner").played == 0
    assert not (tmp_path / "records.json").exists() and not (tmp_path / "history.json").exists()


def test_demo_boards_vary_in_level_and_shape():
    app = make_app()
    app.attract_options = {"pace": (1, 1), "between": 1}
    app.start_attract()
    boards = []
    for _ in range(3000):
        field = app.play.field
        board = (field.width, field.height, field.shape, field.mask is not None)
        if board not in boards:
            boards.append(board)
        if len(boards) == 6:
            break
        app.step(20)
    assert {(w, h) for w, h, shape, masked in boards if not masked} >= {(9, 9), (16, 16), (30, 16)}
    assert {shape for _, _, shape, _ in boards} == {"grid", "torus", "hex"}
    assert any(masked for *_, masked in boards)          # shaped fields too


def test_a_visitors_game_left_for_attract_mode_is_recorded_as_abandoned(tmp_path):
    app = make_app(BOARD_8, data_dir=tmp_path, kiosk=True, idle_seconds=1)
    click(app, (3, 3))
    app.step(61)
    assert isinstance(app.top, AttractScreen)
    assert [r.result for r in app.store.history()] == ["abandoned"]


def test_the_next_visitor_gets_the_operators_language_and_no_overlay(tmp_path):
    """One visitor switched to French and turned the probability overlay
    on: the window kept speaking French to the next one (its saved setting
    said English), and the overlay marked every later game assisted, kept
    out of the best times."""
    app = make_app(BOARD_8, data_dir=tmp_path, kiosk=True, idle_seconds=1)
    app.commands.run("language_fr")
    key(app, pygame.K_p)
    assert app.play.assist.overlay and i18n.language() == "fr"
    app.step(61)
    assert isinstance(app.top, AttractScreen)
    key(app, pygame.K_SPACE)                         # the next visitor
    assert app.top is app.play
    assert i18n.language() == "en" and app.display.caption == "Minesweeper"
    assert not app.play.assist.overlay
    click(app, (3, 3))
    assert not app.play.session.assisted
    assert not (tmp_path / "settings.json").exists()


class DiesOnce(SyncWorker):
    """A computer whose process dies under its first job, as ``ProcessWorker``
    reports it, and answers every later one."""

    def __init__(self) -> None:
        super().__init__()
        self.died = False

    def submit(self, tag, job, replaces=None) -> None:
        if self.died:
            super().submit(tag, job)
        else:
            self.died = True
            self._done.append(Done(tag, False, "the computer’s process stopped"))


def test_a_demo_game_the_computer_stops_playing_gives_way_to_the_next():
    app = make_app(demo=True, worker=DiesOnce())
    screen = app.top
    app.step(60)
    assert app.play.field.move_count == 0 and not app.play.assist.autoplay
    app.step(BETWEEN_GAMES_TICKS)                    # not a half-played board for days
    assert screen.games == 2 and app.play.assist.autoplay
    app.step(120)
    assert app.play.field.move_count > 0


class KilledOnce(SyncWorker):
    """A computer whose process is killed under its first job (``lost``, as
    ``ProcessWorker`` reports a process that died), and answers every later one."""

    def __init__(self) -> None:
        super().__init__()
        self.killed = False

    def submit(self, tag, job, replaces=None) -> None:
        if self.killed:
            super().submit(tag, job)
        else:
            self.killed = True
            self._done.append(Done(tag, False, "the computer’s process stopped", lost=True))


def test_a_demo_game_whose_process_is_killed_once_plays_on():
    """The README: a demo game gives way to the next board only when the
    computer stops playing it; one kill is asked once more, and it plays on."""
    app = make_app(demo=True, worker=KilledOnce())
    screen = app.top
    app.step(120)
    assert app.worker.killed and screen.games == 1 and app.play.assist.autoplay
    assert app.play.field.move_count > 0


def test_waking_during_a_best_games_replay_leaves_no_keyboard_cursor(tmp_path):
    """The replay points at each move with the keyboard cursor: it stayed on
    the visitor's fresh board, drawn, and the visitor's first Space opened
    the cell under it instead of showing the cursor."""
    app = make_app(BEGINNER, data_dir=tmp_path, kiosk=True, idle_seconds=1)
    win(app)                                         # a best time, with its replay
    app.step(61)
    screen = app.top
    assert isinstance(screen, AttractScreen)
    for _ in range(600):
        if screen.replay is not None and app.play.field.move_count >= 3:
            break
        app.step(10)
    pointed = app.play.cursor
    assert pointed is not None and cell_shows(app, pointed, "cursor")
    key(app, pygame.K_SPACE)                         # the next visitor
    assert app.top is app.play and app.play.cursor is None
    assert not cell_shows(app, pointed, "cursor")
    key(app, pygame.K_SPACE)                         # shows the cursor, opens nothing
    assert app.play.field.move_count == 0 and app.play.cursor is not None


def demo_plays_without_assists(app) -> pygame.Rect:
    """Idle into attract mode and let the computer make a few demo moves,
    then check they show neither flag mode (its button drawn up) nor the
    probability overlay (the covered cells of the top row drawn plain).
    Returns the flag-mode button's rectangle."""
    app.step(61)
    assert isinstance(app.top, AttractScreen)
    app.step(90)                                     # a few demo moves
    field = app.play.field
    assert field.move_count > 0
    mode = app.layout.mode_button
    assert shows(app, pygame.Rect(mode.topleft, app.atlas.size("mode_off")), "mode_off")
    covered = [(x, 0) for x in range(field.width)
               if field.cell(x, 0) == "#" and (x, 0) != app.play.cursor]
    assert covered and all(cell_shows(app, c, "covered") for c in covered)
    return mode


def test_attract_mode_plays_in_the_operators_configuration_not_the_last_visitors(tmp_path):
    """The operator's configuration came back only when the next visitor
    touched the machine: until then the demo games went on in the last
    visitor's language, under the probability overlay's colours, with the
    flag-mode button held in."""
    app = make_app(data_dir=tmp_path, kiosk=True, idle_seconds=1)
    app.commands.run("language_fr")
    key(app, pygame.K_p)
    key(app, pygame.K_m)
    demo_plays_without_assists(app)
    assert pygame.display.get_caption()[0] == "Minesweeper" and i18n.language() == "en"


def test_a_kiosk_takes_the_desktops_keyboard_and_mouse_shortcuts():
    """Super+D (show the desktop), Alt+Space and the window menu's
    Minimise, or Alt and the wheel (the next virtual desktop) hid the game
    from the window manager, and it stayed hidden; a kiosk grabs the
    keyboard and the mouse, so they reach the game, which ignores them, and
    SDL is told not to minimise it on Alt+Tab either."""
    window = kiosk().display.window
    assert window.grab_keyboard and window.grab_mouse
    assert os.environ["SDL_ALLOW_ALT_TAB_WHILE_GRABBED"] == "0"
    window = make_app().display.window
    assert not window.grab_keyboard and not window.grab_mouse


def test_records_that_cannot_be_saved_as_attract_mode_begins_are_told_to_the_next_visitor(
        tmp_path, monkeypatch):
    """The visitor's game, recorded as abandoned when attract mode began,
    met a full disk: the notice took attract mode off the top, whose idle
    time had run out, so attract mode began again at once and closed it
    unread, cutting the demo game short."""
    import sqlite3

    from game.store import ledger

    def refuse(*args, **kwargs):
        raise sqlite3.OperationalError("database or disk is full")

    app = make_app(BOARD_8, data_dir=tmp_path, kiosk=True, idle_seconds=1)
    click(app, (3, 3))
    monkeypatch.setattr(ledger, "insert_game", refuse)
    app.step(61)
    screen = app.top
    assert isinstance(screen, AttractScreen)
    app.store.flush()                                # the writer has met the full disk
    app.step(120)
    assert app.top is screen and screen.games == 1 and app.play.field.move_count > 0
    key(app, pygame.K_SPACE)                         # the next visitor is told
    app.step()
    assert isinstance(app.top, NoticeDialog) and "cannot be saved" in app.top.text


def test_a_demo_run_tells_the_first_visitor_of_damaged_records(tmp_path):
    (tmp_path / "records.db").write_bytes(b"not a database at all" * 100)
    app = make_app(data_dir=tmp_path, demo=True)
    assert isinstance(app.top, AttractScreen)
    app.step(60)
    key(app, pygame.K_SPACE)
    app.step()
    assert isinstance(app.top, NoticeDialog) and "records.corrupt-" in app.top.text


def test_the_keys_page_of_a_kiosk_lists_only_the_keys_a_visitor_may_use():
    """It promised "Q: quit", fullscreen, zoom and sound, all refused."""
    def keys_page_lines(app):
        key(app, pygame.K_F1)
        assert isinstance(app.top, HelpScreen)
        key(app, pygame.K_LEFT)                      # the Keys page is the last
        return [getattr(w, "text", "") for w in app.top.widgets]

    lines = keys_page_lines(kiosk())
    assert lines[0] == "Keys" and "F2: new game" in lines and "H: hint: the next cell and why" in lines
    for refused in ("Q: quit", "F11: fullscreen", "Ctrl++: bigger", "S: sound on/off"):
        assert refused not in lines
    assert "Q: quit" in keys_page_lines(make_app())


def test_a_demo_run_shows_its_games_without_the_visitors_assists_and_gives_them_back(tmp_path):
    """``--demo`` without ``--kiosk`` kept the visitor's probability overlay
    colouring the demo games and the flag-mode button held in over them;
    the visitor's settings are theirs to find again after the demo."""
    app = make_app(data_dir=tmp_path, demo=True, idle_seconds=1)
    key(app, pygame.K_SPACE)                         # the visitor wakes the demo
    assert app.top is app.play
    key(app, pygame.K_p)
    key(app, pygame.K_m)
    mode = demo_plays_without_assists(app)
    key(app, pygame.K_SPACE)                         # the visitor is back
    assert app.top is app.play
    assert app.play.assist.overlay and app.settings.flag_mode
    assert shows(app, pygame.Rect(mode.topleft, app.atlas.size("mode_on")), "mode_on")
    assert on_disk(app).settings.flag_mode            # the saved setting never changed


@pytest.mark.parametrize("language, lines", [
    ("en", ["DEMO \u2014", "CLICK TO PLAY"]),
    ("fr", ["D\u00c9MO \u2014", "CLIQUEZ POUR JOUER"])])
def test_a_banner_too_wide_for_its_field_breaks_at_its_dash(language, lines):
    """On Beginner a plain wrap broke it as "DEMO \u2014 CLICK TO" over "PLAY":
    the box drawn is as wide as its widest line, "CLICK TO PLAY", and as
    tall as two lines."""
    from game.ui.screens.attract import BANNER, banner_lines
    app = make_app(demo=True, language=language)
    painter, field = app.painter, app.layout.field
    assert banner_lines(painter, i18n._(BANNER), field.w - 16) == lines
    app.step(5)
    screen = app.top
    assert screen.banner_visible()
    surface = app.display.surface
    surface.fill((255, 255, 255))                     # the banner alone, on white
    assert screen.draw(painter, True)
    black = [(x, y) for x in range(surface.get_width()) for y in range(surface.get_height())
             if tuple(surface.get_at((x, y)))[:3] == (0, 0, 0)]
    xs, ys = [x for x, _ in black], [y for _, y in black]
    widest = max(painter.text_width(line, "bold") for line in lines) + 16
    tall = len(lines) * painter.line_height("bold") + 10
    assert (max(xs) - min(xs) + 1, max(ys) - min(ys) + 1) \
        == painter.px(pygame.Rect(0, 0, widest, tall)).size


@pytest.mark.parametrize("language, lines", [
    ("en", ["DEMO \u2014", "CLICK TO PLAY"]),
    ("fr", ["D\u00c9MO \u2014", "CLIQUEZ", "POUR JOUER"])])
def test_a_part_of_the_banner_still_too_wide_is_parted_into_even_lines(language, lines):
    """Windows 3.1's 8 x 8 field is narrower than "CLIQUEZ POUR JOUER": a
    plain wrap of it left "JOUER" alone on the last line."""
    from game.ui.screens.attract import BANNER, banner_lines
    app = make_app(demo=True, language=language, style="win31")
    painter, field = app.painter, app.layout.field
    assert field.w == 8 * 16
    assert banner_lines(painter, i18n._(BANNER), field.w - 16) == lines


def test_a_banner_that_fits_its_field_is_one_line():
    from game.ui.screens.attract import BANNER, banner_lines
    app = make_app(level="expert")                  # a field 480 pixels wide
    text = i18n._(BANNER)
    assert banner_lines(app.painter, text, app.layout.field.w - 16) == [text]
