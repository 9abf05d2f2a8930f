"""The classic feel: press-slide-release, the right button on press, touch,
Esc, and the flag-mode button."""

import pygame
import pytest

from game.ui.screens.menu import MenuScreen

from .helpers import (
    LEFT,
    MIDDLE,
    RIGHT,
    cell_pos,
    cell_rect,
    cell_shows,
    click,
    key,
    make_app,
    move,
    pixel,
    post,
    press,
    release,
    sdl_tap,
    shows,
)

BOARD = ["*.......", "........", "........", "........",
         "........", "........", "......*.", "........"]


def test_a_slide_corrects_a_mis_aimed_press_the_release_opens_the_cell_under_the_pointer():
    app = make_app(BOARD)
    press(app, cell_pos(app, (5, 0)))
    move(app, cell_pos(app, (1, 0)))
    assert cell_shows(app, (1, 0), "open_0") and cell_shows(app, (5, 0), "covered")
    release(app, cell_pos(app, (1, 0)))
    assert app.play.field.cell(1, 0) == "1" and app.play.field.cell(5, 0) == "#"


def test_a_press_that_landed_on_the_frame_slides_onto_the_field_and_opens_there():
    app = make_app(BOARD)
    rect = cell_rect(app, (0, 3))
    frame = app.viewport.to_display((rect.x - 2, rect.centery))    # just left of the field
    press(app, frame)
    assert app.play.target(frame).kind == "none"
    assert cell_shows(app, (0, 3), "covered") and shows(app, app.layout.face, "face_oh")
    move(app, cell_pos(app, (0, 3)))
    assert cell_shows(app, (0, 3), "open_0") and shows(app, app.layout.face, "face_oh")
    release(app, cell_pos(app, (0, 3)))
    assert app.play.field.cell(0, 3) != "#"


def test_a_press_on_the_frame_released_on_the_frame_does_nothing():
    app = make_app(BOARD)
    frame = app.viewport.to_display((2, app.layout.size[1] - 2))
    press(app, frame)
    release(app, frame)
    assert app.play.field.status == "ready"


def test_a_chord_follows_the_pointer_and_happens_where_the_button_is_released():
    app = make_app(BOARD)
    click(app, (1, 1))
    click(app, (1, 0))
    click(app, (0, 0), RIGHT)
    press(app, cell_pos(app, (4, 4)), MIDDLE)
    move(app, cell_pos(app, (1, 1)), buttons=(0, 1, 0))
    assert cell_shows(app, (2, 2), "open_0")               # the neighbourhood followed
    release(app, cell_pos(app, (1, 1)), MIDDLE)
    assert app.play.field.cell(2, 2) != "#" and app.play.field.cell(0, 1) != "#"


def test_a_chord_released_off_the_field_does_nothing():
    app = make_app(BOARD)
    click(app, (1, 1))
    click(app, (0, 0), RIGHT)
    press(app, cell_pos(app, (1, 1)), MIDDLE)
    off = app.viewport.to_display((2, app.layout.size[1] - 2))
    move(app, off, buttons=(0, 1, 0))
    release(app, off, MIDDLE)
    assert app.play.field.cell(2, 2) == "#"


@pytest.mark.parametrize("change, now_under", [
    ((pygame.K_EQUALS, pygame.KMOD_LCTRL), "cell"),    # zoom in: another cell
    ((pygame.K_F11, 0), "beyond"),                      # fullscreen: the backdrop
], ids=["zoom", "fullscreen"])
def test_the_pressed_cell_follows_the_pointer_when_the_window_changes_under_a_held_button(
        change, now_under):
    """Ctrl++ or F11 with the left button held: the board moves under the
    still pointer, and what shows pressed is what the release plays on.
    The old cell stayed pressed, and the release opened another one (or,
    off the board, nothing)."""
    app = make_app(BOARD)
    at = cell_pos(app, (5, 5))
    press(app, at)
    key(app, *change)
    under = app.play.target(at)
    assert under.kind == now_under and cell_shows(app, (5, 5), "covered")
    if now_under == "cell":
        assert cell_shows(app, under.cell, "open_0")
    release(app, at)
    if now_under == "cell":
        assert app.play.field.cell(*under.cell) != "#"
    else:
        assert app.play.field.status == "ready"


def test_the_pressed_cell_follows_the_pointer_when_the_window_manager_resizes_the_window():
    """A window manager that resizes the window (a tiling one laying its
    windows out again) centres the game on the backdrop: the board moves
    under a still pointer, held down. The old cell stayed pressed, and the
    release opened the one now under the pointer."""
    app = make_app(BOARD)
    at = cell_pos(app, (5, 5))
    press(app, at)
    w, h = app.layout.size
    app.display.window.size = (w + 64, h + 64)    # the game moves 2 cells right and down
    app.step()
    under = app.play.target(at)
    assert under.kind == "cell" and under.cell != (5, 5)
    assert cell_shows(app, under.cell, "open_0") and cell_shows(app, (5, 5), "covered")
    release(app, at)
    assert app.play.field.cell(*under.cell) != "#"


def test_the_face_says_oh_from_the_press_to_the_release_even_slid_off_the_field():
    """Winmine showed its caution face from the button's press to its
    release, wherever the pointer went meanwhile (winmine.c, LBigStep);
    the face smiled again as soon as the press left the field."""
    app = make_app(BOARD)
    press(app, cell_pos(app, (3, 3)))
    assert shows(app, app.layout.face, "face_oh") and cell_shows(app, (3, 3), "open_0")
    off = app.viewport.to_display((2, app.layout.size[1] - 2))    # the frame's corner
    move(app, off)
    assert shows(app, app.layout.face, "face_oh") and cell_shows(app, (3, 3), "covered")
    release(app, off)
    assert shows(app, app.layout.face, "face_smile") and app.play.field.status == "ready"


def test_shift_and_the_left_button_chord_as_both_buttons_do():
    """Winmine chorded on a left press with Shift held (winmine.c,
    WM_LBUTTONDOWN: ``fBlock = wParam & (MK_SHIFT | MK_RBUTTON)``): the
    neighbourhood shows pressed, the release chords (a plain left click on a
    number chords too, by a setting of ours: off here)."""
    app = make_app(BOARD, chord_left_click=False)
    click(app, (1, 1))
    click(app, (0, 0), RIGHT)
    pygame.key.set_mods(pygame.KMOD_LSHIFT)
    try:
        press(app, cell_pos(app, (1, 1)))
    finally:
        pygame.key.set_mods(0)
    assert cell_shows(app, (2, 2), "open_0") and cell_shows(app, (1, 0), "open_0")
    release(app, cell_pos(app, (1, 1)))
    assert all(app.play.field.cell(*c) != "#" for c in ((1, 0), (2, 2), (0, 1), (2, 0)))


def shift_key(kind: int, held: bool) -> None:
    """Shift pressed or let go, as SDL tells it: the event's modifiers are
    the state after it."""
    post(kind, key=pygame.K_LSHIFT, mod=pygame.KMOD_LSHIFT if held else 0,
         unicode="", scancode=0)


def test_a_quick_shift_click_chords_though_shift_is_up_before_the_frame_reads_it():
    """Shift down, the left press, Shift up, all in one frame (a quick
    Shift+click, or any click in a frame that came late): the press was
    taken with Shift as it was after the frame's last event, up, and the
    release opened the cell instead of chording it."""
    app = make_app(BOARD, chord_left_click=False)
    click(app, (1, 1))
    click(app, (0, 0), RIGHT)
    shift_key(pygame.KEYDOWN, True)
    post(pygame.MOUSEBUTTONDOWN, button=LEFT, pos=cell_pos(app, (1, 1)))
    shift_key(pygame.KEYUP, False)
    app.step()
    assert cell_shows(app, (2, 2), "open_0") and cell_shows(app, (1, 0), "open_0")
    release(app, cell_pos(app, (1, 1)))
    assert all(app.play.field.cell(*c) != "#" for c in ((1, 0), (2, 2), (0, 1), (2, 0)))


def test_shift_pressed_just_after_a_left_press_in_the_same_frame_leaves_it_a_plain_press(
        monkeypatch):
    """SDL's Shift is down once it has read the frame's events, the press
    among them came before it: a plain press, one cell pushed in and opened
    on release (it was taken as a chord, and the release opened nothing)."""
    app = make_app(BOARD, chord_left_click=False)
    read = pygame.event.get

    def read_in_with_shift():        # SDL moves its modifiers on as it reads events in
        events = read()
        pygame.key.set_mods(pygame.KMOD_LSHIFT)
        return events

    post(pygame.MOUSEBUTTONDOWN, button=LEFT, pos=cell_pos(app, (4, 4)))
    shift_key(pygame.KEYDOWN, True)
    monkeypatch.setattr(pygame.event, "get", read_in_with_shift)
    try:
        app.step()
    finally:
        monkeypatch.undo()
        pygame.key.set_mods(0)
    shift_key(pygame.KEYUP, False)
    app.step()
    assert cell_shows(app, (4, 4), "open_0") and cell_shows(app, (4, 3), "covered")
    release(app, cell_pos(app, (4, 4)))
    assert app.play.field.cell(4, 4) != "#"


def test_a_held_keys_repeat_after_shift_came_up_leaves_a_left_press_plain():
    """pygame repeats a held key with the modifiers of its first press:
    after Shift+Right, Shift let go and Right still held, each repeat says
    Shift. Only Shift's own events tell whether it is down, so the next
    left press is a plain one, opened on release."""
    app = make_app(BOARD, chord_left_click=False)
    shift_key(pygame.KEYDOWN, True)
    post(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=pygame.KMOD_LSHIFT, unicode="", scancode=0)
    shift_key(pygame.KEYUP, False)
    app.step()
    post(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=pygame.KMOD_LSHIFT, unicode="", scancode=0)
    post(pygame.MOUSEBUTTONDOWN, button=LEFT, pos=cell_pos(app, (4, 4)))
    app.step()
    assert cell_shows(app, (4, 4), "open_0") and cell_shows(app, (4, 3), "covered")
    release(app, cell_pos(app, (4, 4)))
    assert app.play.field.cell(4, 4) != "#"


@pytest.mark.parametrize("button, mods", [(MIDDLE, 0), (LEFT, pygame.KMOD_LSHIFT)])
def test_a_chord_pressed_on_the_frame_slides_onto_the_field(button, mods):
    """As a left press does, a chord begun on the frame follows the pointer
    onto the field and is played where it is released."""
    app = make_app(BOARD, chord_left_click=False)
    click(app, (1, 1))
    click(app, (0, 0), RIGHT)
    rect = cell_rect(app, (0, 1))
    frame = app.viewport.to_display((rect.x - 2, rect.centery))
    pygame.key.set_mods(mods)
    try:
        press(app, frame, button)
    finally:
        pygame.key.set_mods(0)
    assert shows(app, app.layout.face, "face_oh")
    move(app, cell_pos(app, (1, 1)), buttons=(button == LEFT, button == MIDDLE, 0))
    assert cell_shows(app, (2, 2), "open_0")
    release(app, cell_pos(app, (1, 1)), button)
    assert app.play.field.cell(2, 2) != "#"


def test_both_buttons_pressed_on_the_frame_right_first_make_a_chord():
    """Winmine chorded on a left press with the right button down wherever
    both went down (winmine.c: MK_RBUTTON at WM_LBUTTONDOWN); the right
    button pressed first on the frame, the left one there too made a plain
    press, which opened the covered cell it was released on."""
    app = make_app(BOARD, chord_left_click=False)
    click(app, (1, 1))
    click(app, (0, 0), RIGHT)
    rect = cell_rect(app, (0, 1))
    frame = app.viewport.to_display((rect.x - 2, rect.centery))
    press(app, frame, RIGHT)
    press(app, frame, LEFT)
    move(app, cell_pos(app, (2, 2)), buttons=(1, 0, 1))
    assert cell_shows(app, (3, 3), "open_0") and cell_shows(app, (1, 2), "open_0")
    release(app, cell_pos(app, (2, 2)), LEFT)             # a chord on a covered cell: nothing
    release(app, cell_pos(app, (2, 2)), RIGHT)
    assert app.play.field.cell(2, 2) == "#" and app.play.field.cell(3, 3) == "#"


def test_the_right_button_flags_on_press_before_any_release():
    app = make_app(BOARD, marks=True)
    press(app, cell_pos(app, (4, 4)), RIGHT)
    assert app.play.field.cell(4, 4) == "F" and cell_shows(app, (4, 4), "flag")
    release(app, cell_pos(app, (4, 4)), RIGHT)
    press(app, cell_pos(app, (4, 4)), RIGHT)
    assert app.play.field.cell(4, 4) == "?"
    release(app, cell_pos(app, (5, 5)), RIGHT)              # where it comes up does not matter
    assert app.play.field.cell(4, 4) == "?" and app.play.field.cell(5, 5) == "#"


def test_a_flag_placed_by_the_right_press_stays_when_the_left_button_joins_for_a_chord():
    app = make_app(BOARD)
    click(app, (1, 1))
    pos = cell_pos(app, (0, 0))
    press(app, pos, RIGHT)                                  # flags the mine at once
    press(app, pos, LEFT)                                   # the left joins: a chord
    release(app, cell_pos(app, (1, 1)), LEFT)               # released on the 1: chord there
    release(app, cell_pos(app, (1, 1)), RIGHT)
    assert app.play.field.cell(0, 0) == "F"
    assert app.play.field.cell(2, 2) != "#" and app.play.field.status != "lost"


@pytest.mark.parametrize("opener", [pygame.K_LALT, pygame.K_F10])
def test_escape_closes_a_menu_and_never_quits(opener):
    app = make_app()
    key(app, opener)
    assert isinstance(app.top, MenuScreen)
    key(app, pygame.K_ESCAPE)
    assert app.top is app.play and app.running
    key(app, pygame.K_ESCAPE)
    assert app.running


def test_escape_closes_a_dialog_and_never_quits():
    app = make_app()
    app.commands.run("about")
    app.step()
    key(app, pygame.K_ESCAPE)
    assert app.top is app.play and app.running


def minimizing(app, monkeypatch) -> list[str]:
    """Stand in for the window manager: minimising reports the window
    minimised, as SDL does; returns the list of times it was asked."""
    asked: list[str] = []

    def minimize() -> None:
        asked.append("minimize")
        post(pygame.WINDOWMINIMIZED)
    monkeypatch.setattr(app.display, "minimize", minimize)
    return asked


def test_escape_on_the_board_minimises_the_window_and_pauses_the_game(monkeypatch):
    """Winmine's boss key: Esc minimised the game, which paused it
    (winmine.c, WM_KEYDOWN: VK_ESCAPE posts SC_MINIMIZE). Esc did nothing
    on the board."""
    from game.ui.screens.pause import PauseScreen
    app = make_app(BOARD)
    asked = minimizing(app, monkeypatch)
    click(app, (4, 4))
    key(app, pygame.K_ESCAPE)
    app.step()
    assert asked == ["minimize"] and isinstance(app.top, PauseScreen) and app.running
    shown = app.play.session.chrono.display_seconds()
    app.step(180)
    assert app.play.session.chrono.display_seconds() == shown      # the clock stopped


def test_escape_pauses_even_where_the_window_cannot_be_minimised():
    """Without a window manager that minimises (bare X, a tiling one), the
    window stayed on screen and no event came: the clock ran on."""
    from game.ui.screens.pause import PauseScreen
    app = make_app(BOARD)                 # the dummy driver minimises nothing
    click(app, (4, 4))
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScreen)
    shown = app.play.session.chrono.display_seconds()
    app.step(180)
    assert app.play.session.chrono.display_seconds() == shown
    post(pygame.WINDOWMINIMIZED)          # the report, when it comes, changes nothing
    app.step()
    assert [type(s) for s in app.stack] == [type(app.play), PauseScreen]


def test_escape_closing_a_menu_or_a_dialog_minimises_nothing_nor_does_a_kiosk(monkeypatch):
    app = make_app()
    asked = minimizing(app, monkeypatch)
    key(app, pygame.K_F10)
    key(app, pygame.K_ESCAPE)                               # closes the menu
    app.commands.run("about")
    app.step()
    key(app, pygame.K_ESCAPE)                               # closes the dialog
    assert asked == [] and app.top is app.play
    key(app, pygame.K_F10)
    key(app, pygame.K_DOWN)                                 # the Game menu drops
    key(app, pygame.K_ESCAPE)                               # folds it, its title lit
    key(app, pygame.K_ESCAPE)                               # leaves the menu bar
    assert asked == []
    key(app, pygame.K_ESCAPE)                               # now on the board
    assert asked == ["minimize"]
    kiosk = make_app(kiosk=True)
    asked = minimizing(kiosk, monkeypatch)
    key(kiosk, pygame.K_ESCAPE)
    assert asked == [] and kiosk.running


def test_q_quits_and_counts_a_game_in_progress_as_abandoned(tmp_path):
    app = make_app(BOARD, data_dir=tmp_path)
    click(app, (3, 3))
    key(app, pygame.K_q)
    assert not app.running
    app.close()
    assert [g.result for g in app.store.history()] == ["abandoned"]


# ------------------------------------------------------------------ held keys

def hold(app, k: int, repeats: int) -> None:
    """A key held down: its press, the repeats pygame sends, then its release."""
    for _ in range(1 + repeats):
        post(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
        app.step()
    post(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)
    app.step()


def test_a_held_arrow_key_repeats_as_every_windows_control_does():
    app = make_app(BOARD)
    assert pygame.key.get_repeat() == (500, 33)
    key(app, pygame.K_LEFT)                              # the cursor shows, at the centre
    start = app.play.cursor
    hold(app, pygame.K_LEFT, 3)
    assert app.play.cursor == (start[0] - 4, start[1])


@pytest.mark.parametrize("k, setting", [(pygame.K_m, "flag_mode"), (pygame.K_s, "sound")])
def test_a_held_command_key_acts_once(k, setting):
    app = make_app(BOARD)
    before = getattr(app.settings, setting)
    hold(app, k, 5)
    assert getattr(app.settings, setting) != before      # toggled once, not six times


def test_a_held_f_flags_once_and_does_not_cycle_the_marks():
    app = make_app(BOARD, marks=True)
    key(app, pygame.K_LEFT)
    hold(app, pygame.K_f, 4)
    assert app.play.field.cell(*app.play.cursor) == "F"


def test_the_held_arrow_that_resumed_a_pause_does_not_go_on_to_move_the_cursor():
    app = make_app(BOARD)
    click(app, (3, 3))
    key(app, pygame.K_PAUSE)
    assert app.top is not app.play
    hold(app, pygame.K_RIGHT, 3)                         # resumes; then its repeats
    assert app.top is app.play and app.play.cursor is None
    key(app, pygame.K_RIGHT)                             # a new press is the board's
    assert app.play.cursor is not None


# ------------------------------------------------------------------ touch

def finger(app, kind, cell=None, pos=None, finger_id=1):
    x, y = cell_pos(app, cell) if cell is not None else app.viewport.to_display(pos)
    w, h = app.display.surface.get_size()
    post(kind, touch_id=1, finger_id=finger_id, x=(x + 0.5) / w, y=(y + 0.5) / h,
         dx=0.0, dy=0.0, pressure=1.0)
    app.step()


def test_a_tap_opens_the_cell():
    app = make_app(BOARD)
    finger(app, pygame.FINGERDOWN, (1, 1))
    rect = cell_rect(app, (1, 1))
    corner = app.viewport.to_display((rect.x + 1, rect.y + 1))
    assert pixel(app, corner) == (192, 192, 192)          # pressed: no white bevel
    assert app.play.field.cell(1, 1) == "#"
    finger(app, pygame.FINGERUP, (1, 1))
    assert app.play.field.cell(1, 1) == "1"


def test_a_finger_drags_a_scroll_bar_as_the_mouse_does():
    """A finger put down on a big board's scroll bar moved the view there
    once; sliding it along the bar scrolled nothing."""
    app = make_app(level="custom", custom_width=100, custom_height=100, custom_mines=2000)
    bar = app.layout.vbar
    finger(app, pygame.FINGERDOWN, pos=(bar.centerx, bar.y + 2))
    assert app.play.scroll == (0, 0)                    # the thumb taken, not moved
    down = (bar.centerx, bar.y + 2 + bar.h // 10)       # a tenth of the bar: ten rows
    finger(app, pygame.FINGERMOTION, pos=down)
    assert app.play.scroll == (0, 10)
    edge = app.layout.view_cols - 1                     # the column beside the bar
    finger(app, pygame.FINGERMOTION, cell=(edge, 20))   # slid onto the field, still the bar's
    finger(app, pygame.FINGERUP, cell=(edge, 20))
    assert app.play.field.status == "ready" and app.play.scroll[1] > 10
    scroll = app.play.scroll
    finger(app, pygame.FINGERDOWN, cell=(5, 20))        # lifted: a finger on the field taps
    finger(app, pygame.FINGERMOTION, pos=down)
    finger(app, pygame.FINGERUP, pos=down)
    assert app.play.scroll == scroll


def test_sdl_mouse_copies_of_a_touch_on_the_field_are_not_played_twice():
    app = make_app(BOARD, marks=True)
    finger(app, pygame.FINGERDOWN, (4, 4))
    post(pygame.MOUSEBUTTONDOWN, button=RIGHT, pos=cell_pos(app, (4, 4)), touch=True)
    app.step()
    assert app.play.field.cell(4, 4) == "#"


def test_a_touch_from_the_frame_onto_the_field_leaves_no_mouse_button_held():
    """SDL copies a touch as mouse events marked ``touch``: a finger put down
    on the frame and lifted on a cell left the copy's left button held."""
    app = make_app(BOARD)
    w, h = app.display.surface.get_size()
    frame = app.viewport.to_display((app.layout.field.right + 4, app.layout.field.centery))
    for kind, copy, pos in ((pygame.FINGERDOWN, pygame.MOUSEBUTTONDOWN, frame),
                            (pygame.FINGERMOTION, pygame.MOUSEMOTION, cell_pos(app, (3, 3))),
                            (pygame.FINGERUP, pygame.MOUSEBUTTONUP, cell_pos(app, (3, 3)))):
        post(kind, x=pos[0] / w, y=pos[1] / h, dx=0.0, dy=0.0, finger_id=1, touch_id=1,
             pressure=1.0)
        post(copy, pos=pos, button=LEFT, rel=(0, 0), buttons=(1, 0, 0), touch=True)
        app.step()
    assert app.play.field.status == "ready"             # lifted on the field: not a tap on it
    click(app, (5, 5), RIGHT)                           # then the mouse's right button
    assert app.play.field.cell(5, 5) == "F"
    click(app, (6, 5))
    assert app.play.field.cell(6, 5) != "#"
    sdl_tap(app, app.viewport.to_display((10, app.layout.menu_h // 2)))
    assert isinstance(app.top, MenuScreen)              # the copy still opens the menus


@pytest.mark.parametrize("copy_first", [True, False])
def test_a_tap_that_closes_an_open_menu_opens_no_cell(copy_first):
    """A press outside the menus closes them and does nothing else. SDL
    sends a tap's mouse copy before the finger: the copy closed the menu,
    and the finger, reaching the board, opened the cell (here all of it)."""
    app = make_app(["*" + "." * 29] + ["." * 30] * 15)
    sdl_tap(app, app.viewport.to_display((10, app.layout.menu_h // 2)), copy_first=copy_first)
    assert isinstance(app.top, MenuScreen)
    sdl_tap(app, cell_pos(app, (28, 14)), copy_first=copy_first)     # right of the drop-down
    assert app.top is app.play
    assert app.play.field.status == "ready" and cell_shows(app, (28, 14), "covered")
    sdl_tap(app, cell_pos(app, (28, 14)), copy_first=copy_first)     # the next tap is the board's
    assert app.play.field.cell(28, 14) != "#"


def test_a_long_press_flags_once_it_has_lasted_the_setting_with_a_growing_cue():
    app = make_app(BOARD)
    assert app.play.hold_ticks == 24                      # 0.4 s at 60 ticks a second
    finger(app, pygame.FINGERDOWN, (4, 4))
    app.step(10)
    rect = cell_rect(app, (4, 4))
    cue = app.viewport.to_display((rect.x + 3, rect.bottom - 4))
    late = app.viewport.to_display((rect.right - 3, rect.bottom - 4))
    assert pixel(app, cue) == (224, 0, 0) and pixel(app, late) == (0, 0, 0)
    app.step(12)
    assert app.play.field.cell(4, 4) == "#"
    app.step(2)
    assert app.play.field.cell(4, 4) == "F"
    finger(app, pygame.FINGERUP, (4, 4))
    assert app.play.field.cell(4, 4) == "F" and app.play.field.status == "ready"


def cue_pixels(app) -> list[tuple[int, int]]:
    """Display pixels of the field showing the long press's red cue."""
    field = app.painter.px(app.layout.field_area)
    return [(x, y) for y in range(field.top, field.bottom) for x in range(field.left, field.right)
            if pixel(app, (x, y)) == (224, 0, 0)]


@pytest.mark.parametrize("shape, scroll, cell, then", [
    ("hex", (0, 0), (3, 5), (4, 5)),        # an odd row of hexagons, shifted right
    ("torus", (5, 0), (1, 2), (2, 2)),      # a torus rolled round: cell 1 shows right of 8
])
def test_the_long_press_cue_grows_inside_the_touched_cell_on_every_shape(shape, scroll, cell,
                                                                         then):
    app = make_app(["*........"] + ["........."] * 8, shape=shape, scale=2)
    app.play.scroll_by(*scroll)
    finger(app, pygame.FINGERDOWN, cell)
    app.step(10)
    tile = app.painter.px(cell_rect(app, cell))
    cue = cue_pixels(app)
    assert cue and all(tile.collidepoint(p) for p in cue)
    finger(app, pygame.FINGERMOTION, then)                # the cue moves with the finger
    app.step(10)
    tile = app.painter.px(cell_rect(app, then))
    cue = cue_pixels(app)
    assert cue and all(tile.collidepoint(p) for p in cue)


def test_a_finger_resting_on_a_cell_s_edge_still_flags_it():
    """A resting finger trembles a pixel or two: at a cell's edge every
    tremor across it started the long press again on the neighbour and
    back, so it never flagged, the pressed cell flickering."""
    app = make_app(BOARD)
    rect = cell_rect(app, (3, 3))
    edge = app.viewport.to_display((rect.right - 1, rect.centery))
    finger(app, pygame.FINGERDOWN, pos=app.viewport.to_window(edge))
    for tick in range(30):                               # longer than a long press
        x = edge[0] + (2 if tick % 2 == 0 else -1)       # over (4, 3), then back
        finger(app, pygame.FINGERMOTION, pos=app.viewport.to_window((x, edge[1])))
    assert app.play.field.cell(3, 3) == "F" and app.play.field.cell(4, 3) == "#"
    finger(app, pygame.FINGERUP, pos=app.viewport.to_window((edge[0] + 2, edge[1])))
    assert app.play.field.status == "ready"
    finger(app, pygame.FINGERDOWN, (5, 5))               # a finger that slides on moves on
    finger(app, pygame.FINGERMOTION, (6, 5))
    app.step(30)
    assert app.play.field.cell(6, 5) == "F" and app.play.field.cell(5, 5) == "#"


def test_a_tap_at_a_cell_s_edge_opens_the_cell_shown_pressed():
    """The finger's contact, lifting, trembled over the edge: the
    neighbour opened, not the cell shown pressed (here a mine)."""
    app = make_app(["........", "...*....", "........", "........",
                    "........", "........", "........", "........"])
    rect = cell_rect(app, (2, 1))
    edge = app.viewport.to_display((rect.right - 1, rect.centery))
    finger(app, pygame.FINGERDOWN, pos=app.viewport.to_window(edge))
    finger(app, pygame.FINGERUP, pos=app.viewport.to_window((edge[0] + 2, edge[1])))
    assert app.play.field.cell(2, 1) == "1" and app.play.field.status == "playing"


def test_the_long_press_time_is_a_setting():
    app = make_app(BOARD, long_press=1.0)
    finger(app, pygame.FINGERDOWN, (4, 4))
    app.step(40)
    assert app.play.field.cell(4, 4) == "#"
    app.step(20)
    assert app.play.field.cell(4, 4) == "F"


@pytest.mark.parametrize("second", [(5, 5), "frame", "face"])
def test_a_second_finger_makes_the_first_no_tap_and_no_long_press(second):
    """A visitor pinching, as on a phone, or resting two fingers: the first
    finger's lift opened the cell under it (here a big area, or a mine) and,
    held 0.4 s, it flagged, whatever the second finger did."""
    app = make_app(BOARD)
    finger(app, pygame.FINGERDOWN, (3, 3))
    if second == "frame":
        at = {"pos": (app.layout.field.right + 4, app.layout.field.centery)}
    elif second == "face":
        at = {"pos": app.layout.face.center}
    else:
        at = {"cell": second}
    finger(app, pygame.FINGERDOWN, finger_id=2, **at)
    rect = cell_rect(app, (3, 3))
    corner = app.viewport.to_display((rect.x + 1, rect.y + 1))
    assert pixel(app, corner) == (255, 255, 255)        # no longer shown pressed
    app.step(30)                                        # longer than a long press
    assert app.play.field.cell(3, 3) == "#"
    finger(app, pygame.FINGERMOTION, (2, 2))            # spread apart
    finger(app, pygame.FINGERUP, (2, 2))
    finger(app, pygame.FINGERUP, finger_id=2, **at)
    assert app.play.field.status == "ready" and app.play.field.view()[2][2] == "#"
    assert shows(app, app.layout.face, "face_smile")
    finger(app, pygame.FINGERDOWN, (3, 3))              # the next tap is a tap again
    finger(app, pygame.FINGERUP, (3, 3))
    assert app.play.field.cell(3, 3) != "#"


@pytest.mark.parametrize("fullscreen", [False, True])      # letterboxed: an offset viewport
def test_two_fingers_drag_a_big_board_under_them(fullscreen):
    """A board too big for the window moved only by its scroll bars under
    a finger; two fingers (the way a phone pans) now drag it, the cell
    under the first finger staying under it, and open nothing."""
    app = make_app(level="custom", custom_width=100, custom_height=100, custom_mines=2000,
                   fullscreen=fullscreen)
    start = cell_pos(app, (10, 10))
    finger(app, pygame.FINGERDOWN, (10, 10))
    finger(app, pygame.FINGERDOWN, (12, 10), finger_id=2)
    step = 16 * app.viewport.scale                      # a cell, in display pixels
    for k in range(1, 6):                               # up by five rows, left by two columns
        at = app.viewport.to_window((start[0] - 2 * step * k // 5, start[1] - step * k))
        finger(app, pygame.FINGERMOTION, pos=at)
    assert app.play.scroll == (2, 5)
    finger(app, pygame.FINGERUP, pos=at)
    finger(app, pygame.FINGERUP, (12, 10), finger_id=2)
    assert app.play.field.status == "ready"
    assert all(c == "#" for row in app.play.field.view() for c in row)


def test_a_touch_lifted_off_the_field_does_nothing():
    app = make_app(BOARD)
    finger(app, pygame.FINGERDOWN, (4, 4))
    finger(app, pygame.FINGERMOTION, pos=(2, app.layout.size[1] - 2))
    finger(app, pygame.FINGERUP, pos=(2, app.layout.size[1] - 2))
    assert app.play.field.status == "ready"


@pytest.mark.parametrize("start", ["face", "mode_button"])
def test_a_finger_that_went_down_on_the_face_or_the_flag_button_never_plays_on_the_field(start):
    app = make_app(BOARD)
    button = getattr(app.layout, start)
    finger(app, pygame.FINGERDOWN, pos=button.center)
    if start == "face":
        assert shows(app, app.layout.face, "face_smile_pressed")
    finger(app, pygame.FINGERMOTION, (3, 1))            # slid off onto a covered cell
    rect = cell_rect(app, (3, 1))
    corner = app.viewport.to_display((rect.x + 1, rect.y + 1))
    assert pixel(app, corner) == (255, 255, 255)        # not pressed in: its white bevel shows
    assert shows(app, app.layout.face, "face_smile")     # neither pressed nor "oh"
    app.step(30)                                        # longer than a long press
    finger(app, pygame.FINGERUP, (3, 1))
    assert app.play.field.view()[1][3] == "#" and app.play.field.status == "ready"
    assert not app.settings.flag_mode


def test_a_finger_slid_from_the_field_onto_the_face_does_not_press_it():
    app = make_app(BOARD)
    finger(app, pygame.FINGERDOWN, (3, 1))
    finger(app, pygame.FINGERMOTION, pos=app.layout.face.center)
    assert shows(app, app.layout.face, "face_smile")
    finger(app, pygame.FINGERUP, pos=app.layout.face.center)
    assert app.play.field.status == "ready"


# ------------------------------------------------------------------ flag mode

def test_the_flag_mode_button_shows_the_mode_and_a_click_or_a_tap_toggles_it():
    app = make_app(BOARD)
    button = app.layout.mode_button
    assert shows(app, button, "mode_off")
    key(app, pygame.K_m)
    assert shows(app, button, "mode_on")
    at = app.viewport.to_display(button.center)
    press(app, at)
    release(app, at)
    assert not app.settings.flag_mode and shows(app, button, "mode_off")
    finger(app, pygame.FINGERDOWN, pos=button.center)
    finger(app, pygame.FINGERUP, pos=button.center)
    assert app.settings.flag_mode and shows(app, button, "mode_on")
    finger(app, pygame.FINGERDOWN, (3, 3))
    finger(app, pygame.FINGERUP, (3, 3))
    assert app.play.field.cell(3, 3) == "F"


def test_the_flag_mode_button_needs_press_and_release_on_it_as_a_button_does():
    app = make_app(BOARD)
    button = app.layout.mode_button
    at = app.viewport.to_display(button.center)
    press(app, at)
    assert not app.settings.flag_mode                   # nothing yet: a button acts on release
    move(app, cell_pos(app, (3, 3)))                    # slid off: changed one's mind
    release(app, cell_pos(app, (3, 3)))
    assert not app.settings.flag_mode and shows(app, button, "mode_off")
    assert app.play.field.status == "ready"
    press(app, at)
    press(app, cell_pos(app, (3, 3)), RIGHT)            # the other buttons wait for it
    release(app, cell_pos(app, (3, 3)), RIGHT)
    release(app, at)
    assert app.settings.flag_mode and shows(app, button, "mode_on")
    assert app.play.field.cell(3, 3) == "#"


def test_the_flag_mode_button_goes_down_while_held_as_the_face_does():
    """Held down by the mouse or a finger, the button showed no change until
    it came up, where the face and every dialog button go down at once."""
    app = make_app(BOARD)
    button = app.layout.mode_button
    at = app.viewport.to_display(button.center)
    press(app, at)
    assert shows(app, button, "mode_on")                # pushed in, the mode not changed yet
    move(app, cell_pos(app, (3, 3)))
    assert shows(app, button, "mode_off")               # slid off: it pops back up
    move(app, at)
    assert shows(app, button, "mode_on")
    release(app, cell_pos(app, (3, 3)))
    assert not app.settings.flag_mode and shows(app, button, "mode_off")
    finger(app, pygame.FINGERDOWN, pos=button.center)
    assert shows(app, button, "mode_on")
    finger(app, pygame.FINGERMOTION, (3, 3))
    assert shows(app, button, "mode_off")
    finger(app, pygame.FINGERUP, (3, 3))
    assert not app.settings.flag_mode and shows(app, button, "mode_off")


def test_the_flag_mode_button_never_covers_a_menu_title():
    from game.ui.render.menubar import title_rects
    app = make_app(level="custom", custom_width=8, custom_height=8, custom_mines=10)
    assert app.layout.size[0] == 152
    last = title_rects(app.painter, app.layout.menu_h)[-1]
    assert last.right <= app.layout.mode_button.x
