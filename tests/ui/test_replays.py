"""Replays in the window: every game recorded with its times and pointer,
watched with the viewer's controls (driven by posted events), exported and
opened; bad files give a notice."""

from __future__ import annotations

import itertools
import json
import os
from types import SimpleNamespace

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import FIRST_CLICK_RULES, LEVELS
from game.i18n import PSEUDO
from game.replay import Replay, check, decode, encode, read_file
from game.ui.frame import CELL
from game.ui.list_view import ROW_H
from game.ui.render.replay import STRIP_ROWS, tick_columns
from game.ui.screens import replays
from game.ui.screens.notice import NoticeDialog
from game.ui.screens.watch import ReplayScreen
from game.ui.worker import Done, SyncWorker

from .helpers import (
    BOARD_8,
    RIGHT,
    cell_pos,
    click,
    key,
    make_app,
    move,
    on_disk,
    pixel,
    post,
    press,
    release,
    sdl_tap,
    settle,
    shows,
    step_until,
)
from .test_records import BEGINNER, press_button
from .test_records import win as win_records


def slow_click(app, cell, button=1) -> None:
    """A click held for a tenth of a second, as a person clicks."""
    press(app, cell_pos(app, cell), button)
    app.step(6)
    release(app, cell_pos(app, cell), button)


def win(app) -> None:
    """Play BOARD_8 to a win: the big area, a flag, then every safe cell."""
    click(app, (7, 7))                      # opens the big area
    app.step(45)
    click(app, (0, 0), RIGHT)               # flag a mine
    app.step(30)
    for cell in [(x, y) for y in range(8) for x in range(8)]:
        if app.play.field.cell(*cell) == "#" and cell not in ((0, 0), (6, 6)):
            slow_click(app, cell)
            app.step(20)
    settle(app)
    while app.top is not app.play:          # the name entry for a best time
        key(app, pygame.K_ESCAPE)


def test_a_won_game_is_kept_with_its_times_and_pointer(tmp_path):
    app = make_app(BOARD_8, data_dir=tmp_path)
    win(app)
    replay = app.last_replay
    assert replay.result == "won" and replay.layout == tuple(BOARD_8)
    assert [text for _, text in replay.moves][:2] == ["R 7 7", "F 0 0"]
    assert replay.moves[0][0] == 0 < replay.moves[1][0]
    times = [t for t, _ in replay.moves]
    assert times == sorted(times) and times[-1] == replay.time_ms
    assert replay.time_ms == app.play.session.elapsed_ms()
    assert any(b == 4 for _, _, _, b in replay.pointer)           # the right press
    assert any(b == 1 for _, _, _, b in replay.pointer)
    assert check(decode(encode(replay))).result == "won"


def test_the_replay_is_encoded_on_the_store_writer_not_in_the_frame_that_ends_the_game(
        tmp_path, monkeypatch):
    import threading

    from game.replay import encode_pieces
    from game.ui import exporting
    encoded = []

    def pieces_noting_the_thread(replay):
        encoded.append(threading.get_ident())
        return encode_pieces(replay)
    monkeypatch.setattr(exporting, "encode_pieces", pieces_noting_the_thread)
    app = make_app(BOARD_8, data_dir=tmp_path)
    win(app)
    stored = on_disk(app)
    (game,) = stored.history()
    assert decode(stored.replay(game.game_id)) == app.last_replay
    assert encoded and threading.get_ident() not in encoded


def test_the_thread_encoding_a_long_replay_gives_way_between_pieces(monkeypatch):
    from game.replay import encoding
    from game.replay.track import PointerTrack
    from game.ui import exporting
    app = make_app(BOARD_8)
    win(app)
    samples = [(t * 16, t % 8, t // 8 % 8, 0) for t in range(100)]
    long = Replay(**{**app.last_replay.__dict__, "pointer": PointerTrack.of(samples),
                     "time_ms": 10 ** 6})
    monkeypatch.setattr(encoding, "CHUNK", 10)
    given = []
    monkeypatch.setattr(exporting.time, "sleep", given.append)
    assert exporting.encode_giving_way(long) == encode(long)
    assert len(given) >= 10 and set(given) == {0}         # once a chunk at least


def test_abandoned_game_is_kept_as_unfinished():
    app = make_app(BOARD_8)
    click(app, (7, 7))
    app.play.new_game()
    assert app.last_replay.result == "unfinished"
    assert check(app.last_replay).result == "unfinished"


def test_demo_games_leave_no_replay():
    app = make_app(demo=True, idle_seconds=1)
    for _ in range(40):
        app.step(30)
    assert app.last_replay is None


def open_viewer(app):
    """R, and the frames the viewer takes to open (one step each)."""
    key(app, pygame.K_r)
    viewer = app.top
    assert isinstance(viewer, ReplayScreen)
    while viewer.opening:
        app.step()
    app.step()                              # its first tick of play
    return viewer


def test_r_after_a_game_opens_the_viewer_and_esc_gives_the_game_back():
    app = make_app(BOARD_8)
    win(app)
    size = app.display.surface.get_size()
    open_viewer(app)
    assert app.stack == [app.play, app.top] and app.display.surface.get_size() != size
    key(app, pygame.K_ESCAPE)
    assert app.top is app.play and app.display.surface.get_size() == size


def test_r_opens_the_viewer_a_step_a_frame_as_a_loaded_replay_does():
    """R built the timeline, counted the 3BV and resized the window in the
    frame of the key: 9-10 ms of the UI thread on a 100x100 game, 19-34 ms
    of wall time with the window's resize. Each step now has a frame."""
    app = make_app(BOARD_8)
    win(app)
    size = app.display.surface.get_size()
    key(app, pygame.K_r)
    viewer = app.top
    assert isinstance(viewer, ReplayScreen) and viewer.opening
    assert app.display.surface.get_size() == size            # the game's window still
    frames = 0
    while viewer.opening:
        app.step()
        frames += 1
    assert frames == 4 and app.display.surface.get_size() != size


def test_viewer_plays_steps_and_jumps(tmp_path):
    app = make_app(BOARD_8)
    win(app)
    viewer = open_viewer(app)
    playback = viewer.playback
    assert playback.playing and playback.moves == 1          # the first move, at 0 ms
    app.step(60)
    assert playback.t == pytest.approx(1000 + 1000 / 60)
    key(app, pygame.K_END)
    assert playback.moves == len(app.last_replay.moves) and not playback.playing
    assert playback.field().view() == app.play.field.view()
    key(app, pygame.K_HOME)
    assert playback.moves == 0 and playback.field().view() == ["#" * 8] * 8
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert playback.moves == 2 and playback.field().cell(0, 0) == "F"
    key(app, pygame.K_LEFT)
    assert playback.moves == 1 and playback.field().cell(7, 7) == "1"
    assert playback.field().cell(0, 0) == "#"
    key(app, pygame.K_SPACE)
    assert playback.playing


def test_a_step_on_with_no_move_left_leaves_the_clock_where_it_is():
    """A game left unfinished a minute in, its last move at 30 s: End shows
    61 on the timer, and a step on (no move left) took it back to 31."""
    replay = Replay(width=8, height=8, mines=2, marks=True, first_click="safe",
                    moves=((0, "R 7 7"), (30_000, "F 0 0")), result="unfinished",
                    time_ms=60_000, layout=tuple(BOARD_8))
    app = make_app(BOARD_8)
    replays.watch(app, replay, playing=False)
    board = app.top.layout.board
    for k in (pygame.K_END, pygame.K_RIGHT):
        key(app, k)
        assert app.top.playback.at_end
        for i, digit in enumerate("061"):
            assert shows(app, board.digit_rect(board.timer_box, i), f"led_{digit}")
    key(app, pygame.K_LEFT)                                  # a move back: to the first move
    for i, digit in enumerate("001"):
        assert shows(app, board.digit_rect(board.timer_box, i), f"led_{digit}")


def test_speed_changes_how_fast_time_passes():
    app = make_app(BOARD_8)
    win(app)
    viewer = open_viewer(app)
    playback = viewer.playback
    key(app, pygame.K_HOME)
    t0 = playback.t
    app.step(30)
    normal = playback.t - t0
    for _ in range(5):
        key(app, pygame.K_UP)                                # up to 8x, and no further
    assert playback.speed == 8.0
    key(app, pygame.K_HOME)
    app.step(30)
    assert playback.t == min(8 * normal, playback.timeline.duration_ms)
    for _ in range(9):
        key(app, pygame.K_DOWN)
    assert playback.speed == 0.25


def test_a_tap_on_the_speed_goes_round_from_the_fastest_to_the_slowest():
    """A finger has no right button: the speed tapped up to 8x stayed there."""
    app = make_app(BOARD_8)
    win(app)
    viewer = open_viewer(app)
    box = app.painter.px(viewer.layout.speed_box)

    def shown() -> bytes:
        return pygame.image.tobytes(app.display.surface.subsurface(box), "RGB")

    drawn = {}
    for _ in range(2):
        key(app, pygame.K_DOWN)
    for _ in range(6):                                      # 0.25x up to 8x, by the keys
        drawn[viewer.playback.speed] = shown()
        key(app, pygame.K_UP)
    at = app.viewport.to_display(viewer.layout.speed_box.center)
    seen = []
    for _ in range(6):
        sdl_tap(app, at)
        seen.append(next(s for s, pixels in drawn.items() if pixels == shown()))
    assert seen == [0.25, 0.5, 1.0, 2.0, 4.0, 8.0]
    press(app, at, button=3)                                # right: back round to 4x
    release(app, at, button=3)
    assert viewer.playback.speed == 4.0 and shown() == drawn[4.0]


def test_a_right_click_on_the_speed_steps_down_and_goes_round_from_the_slowest_to_8x():
    """Right is the way down, round from 0.25x to 8x as the left click
    goes round from 8x to 0.25x: each speed drawn as the keys draw it."""
    app = make_app(BOARD_8)
    win(app)
    viewer = open_viewer(app)
    box = app.painter.px(viewer.layout.speed_box)

    def shown() -> bytes:
        return pygame.image.tobytes(app.display.surface.subsurface(box), "RGB")

    drawn = {}
    for _ in range(2):
        key(app, pygame.K_DOWN)
    for _ in range(6):                                      # 0.25x up to 8x, by the keys
        drawn[viewer.playback.speed] = shown()
        key(app, pygame.K_UP)
    for _ in range(5):
        key(app, pygame.K_DOWN)
    assert viewer.playback.speed == 0.25
    at = app.viewport.to_display(viewer.layout.speed_box.center)
    seen = []
    for _ in range(6):
        press(app, at, button=3)
        release(app, at, button=3)
        seen.append(next(s for s, pixels in drawn.items() if pixels == shown()))
    assert seen == [8.0, 4.0, 2.0, 1.0, 0.5, 0.25]


@pytest.mark.parametrize("copy_first", [True, False])
def test_a_tap_on_the_face_leaves_the_viewer_as_esc_does(copy_first):
    """Esc was the only way out: a touch screen's visitor was kept in the
    viewer. The face acts as a button does, on release over it."""
    app = make_app(BOARD_8)
    win(app)
    app.play.new_game()
    viewer = open_viewer(app)
    key(app, pygame.K_END)                                  # the won game's face
    face = viewer.layout.board.face
    at = app.viewport.to_display(face.center)
    press(app, at)
    assert shows(app, face, "face_smile_pressed")
    off = app.viewport.to_display((face.right + 8, face.centery))
    move(app, off)                                          # slid off: the replay's face
    assert shows(app, face, "face_cool") and app.top is viewer
    release(app, off)
    assert app.top is viewer
    sdl_tap(app, at, copy_first=copy_first)
    assert app.top is app.play and app.play.field.status == "ready"


def play_button_corners(app, viewer):
    """The play button's outer top-left and bottom-right pixels: light and
    black raised, black and white pushed in (the bevels of a Windows push
    button, the dialogs' buttons')."""
    box = app.painter.px(viewer.layout.play_button)
    return pixel(app, box.topleft), pixel(app, (box.right - 1, box.bottom - 1))


RAISED, PUSHED = "raised", "pushed"


def play_button_look(app, viewer):
    top_left, bottom_right = play_button_corners(app, viewer)
    if top_left == (0, 0, 0) and bottom_right == (255, 255, 255):
        return PUSHED
    assert bottom_right == (0, 0, 0) and top_left != (0, 0, 0)
    return RAISED


def test_the_play_button_pushes_in_and_acts_when_let_go_over_it_as_a_windows_button():
    """It played or paused on the press, and never showed pushed in: a
    press slid off to think again still paused the replay. Now, as every
    other button of the game (the face, the dialogs'), it goes down under
    the press, pops up when the pointer slides off, and acts on release."""
    app = make_app(BOARD_8)
    win(app)
    viewer = open_viewer(app)
    assert viewer.playback.playing and play_button_look(app, viewer) == RAISED
    button = viewer.layout.play_button
    at = app.viewport.to_display(button.center)
    press(app, at)
    assert viewer.playback.playing and play_button_look(app, viewer) == PUSHED
    off = app.viewport.to_display((button.right + 6, button.centery))
    move(app, off)
    assert play_button_look(app, viewer) == RAISED
    move(app, at)
    assert play_button_look(app, viewer) == PUSHED
    move(app, off)
    release(app, off)                               # let go off it: nothing
    assert viewer.playback.playing and play_button_look(app, viewer) == RAISED
    press(app, at)
    release(app, at)                                # a click: paused
    assert not viewer.playback.playing and play_button_look(app, viewer) == RAISED
    sdl_tap(app, at)                                # a tap: playing again
    assert viewer.playback.playing


def test_the_play_button_held_pops_up_unplayed_when_the_window_loses_the_focus():
    app = make_app(BOARD_8)
    win(app)
    viewer = open_viewer(app)
    at = app.viewport.to_display(viewer.layout.play_button.center)
    press(app, at)
    post(pygame.WINDOWFOCUSLOST)
    app.step()
    assert play_button_look(app, viewer) == RAISED
    release(app, at)                                # the release came elsewhere
    assert viewer.playback.playing


def viewer_over_a_game_under_way():
    """The viewer watching the game won, over a new game under way (one
    cell opened): the app and the display point of the viewer's face."""
    app = make_app(BOARD_8)
    win(app)
    replay = app.last_replay
    app.play.new_game()
    click(app, (7, 7))
    assert app.play.field.status == "playing"
    replays.watch(app, replay)
    viewer = app.top
    app.step()
    return app, app.viewport.to_display(viewer.layout.board.face.center)


def test_a_double_click_on_the_viewer_s_face_leaves_it_and_keeps_the_game_under_way():
    """The first click left the viewer; the second press of the double
    click landed on the game's face, drawn at the same place, and started
    a new game: the one under way was thrown away, counted abandoned."""
    app, at = viewer_over_a_game_under_way()
    game = app.play.session
    press(app, at)
    release(app, at)
    assert app.top is app.play
    press(app, at)
    release(app, at)
    assert app.play.session is game and app.play.field.status == "playing"


def test_a_double_tap_on_the_viewer_s_face_keeps_the_game_under_way():
    app, at = viewer_over_a_game_under_way()
    game = app.play.session
    sdl_tap(app, at)
    assert app.top is app.play
    sdl_tap(app, at)
    app.step(30)                            # past a long press's time
    assert app.play.session is game and app.play.field.status == "playing"


def test_a_click_on_the_game_s_face_after_leaving_the_viewer_by_its_face_is_a_click():
    """Only a double click's second press is spent: a click on the face
    afterwards, or one soon after but elsewhere, plays."""
    app, at = viewer_over_a_game_under_way()
    game = app.play.session
    press(app, at)
    release(app, at)
    app.step(31)                            # past the double-click time
    press(app, at)
    release(app, at)
    assert app.play.session is not game and app.play.field.status == "ready"
    app, at = viewer_over_a_game_under_way()
    press(app, at)
    release(app, at)
    click(app, (0, 7))                      # soon after, on a cell: played
    assert app.play.field.cell(0, 7) != "#"


def viewer_face_held():
    """The viewer on the game just won, at its end, its face held down: the
    app, the viewer, the face's rect and the display point pressed."""
    app = make_app(BOARD_8)
    win(app)
    app.play.new_game()
    viewer = open_viewer(app)
    key(app, pygame.K_END)
    face = viewer.layout.board.face
    at = app.viewport.to_display(face.center)
    press(app, at)
    assert shows(app, face, "face_smile_pressed")
    return app, viewer, face, at


def test_a_press_on_the_viewer_s_face_is_let_go_when_the_window_loses_the_focus():
    """The release comes in another window, unseen: the face stayed pushed
    in, and a later release over it left the viewer."""
    app, viewer, face, at = viewer_face_held()
    post(pygame.WINDOWFOCUSLOST)
    app.step()
    assert shows(app, face, "face_cool")
    release(app, at)
    assert app.top is viewer


def test_a_press_on_the_viewer_s_face_is_let_go_when_a_notice_opens_over_it():
    """E with the face held down: the notice of the export takes the
    release. The face stayed pushed in once the notice closed, with no
    button down, and a press begun on the field and let go over the face
    left the viewer."""
    app, viewer, face, at = viewer_face_held()
    key(app, pygame.K_e)                                    # the export's notice
    assert isinstance(app.top, NoticeDialog)
    key(app, pygame.K_RETURN)                               # closed
    app.step()
    assert app.top is viewer and shows(app, face, "face_cool")
    field = app.viewport.to_display(viewer.layout.board.field.center)
    press(app, field)
    move(app, at)
    assert shows(app, face, "face_cool")
    release(app, at)
    assert app.top is viewer


@pytest.mark.parametrize("taken_by", ["another window", "the export's notice"])
def test_the_progress_bar_held_is_let_go_when_its_release_goes_elsewhere(taken_by):
    """The bar held, then the focus lost (or E's notice over the viewer):
    the release came unseen, and a later press on the field, dragged,
    seeked the replay as if the bar were still held."""
    app = make_app(BOARD_8)
    win(app)
    viewer = open_viewer(app)
    key(app, pygame.K_SPACE)                                 # paused
    bar = viewer.layout.progress.inflate(-2, -2)
    press(app, app.viewport.to_display((bar.x + bar.w // 2, bar.centery)))
    if taken_by == "another window":
        post(pygame.WINDOWFOCUSLOST)
        post(pygame.WINDOWFOCUSGAINED)
        app.step()
    else:
        key(app, pygame.K_e)
        assert isinstance(app.top, NoticeDialog)
        key(app, pygame.K_RETURN)
        assert app.top is viewer
    at = viewer.playback.t
    field = viewer.layout.board.field
    press(app, app.viewport.to_display(field.center))
    move(app, app.viewport.to_display((field.x + 2, field.centery)))
    release(app, app.viewport.to_display((field.x + 2, field.centery)))
    assert viewer.playback.t == at > 0


def test_the_progress_bar_fills_frame_by_frame_as_a_short_game_plays():
    """A 3-second game on a 100-column window: its bar (926 px) was
    redrawn only each tenth of a second, its fill jumping up to 36 px."""
    rows = ["." * 100 for _ in range(7)] + ["." * 99 + "*"]
    replay = Replay(width=100, height=8, mines=1, marks=True, first_click="safe",
                    moves=((0, "F 5 5"), (3000, "F 5 5")), result="unfinished", time_ms=3000,
                    layout=tuple(rows))
    app = make_app(BOARD_8)
    replays.watch(app, replay)
    inner = app.top.layout.progress.inflate(-2, -2)
    per_frame = inner.w * (1000 / 60) / replay.time_ms            # 5.1 px
    filled = []
    for _ in range(60):
        app.step()
        filled.append(sum(pixel(app, app.viewport.to_display((x, inner.y))) == (0, 0, 128)
                          for x in range(inner.x, inner.right)))
    assert filled[-1] > filled[0]
    assert all(0 <= b - a <= per_frame + 1 for a, b in itertools.pairwise(filled))


def test_progress_bar_click_and_drag_seek():
    app = make_app(BOARD_8)
    win(app)
    viewer = open_viewer(app)
    key(app, pygame.K_SPACE)                                 # pause
    bar = viewer.layout.progress.inflate(-2, -2)
    scale = app.viewport.scale
    duration = viewer.playback.timeline.duration_ms
    press(app, app.viewport.to_display((bar.x + bar.w // 2, bar.centery)))
    assert abs(viewer.playback.t - duration / 2) <= duration / bar.w
    move(app, app.viewport.to_display((bar.right + 10, bar.centery)))     # dragged past the end
    assert viewer.playback.at_end
    move(app, app.viewport.to_display((bar.x - 10, bar.centery)))
    assert viewer.playback.t == 0
    release(app, app.viewport.to_display((bar.x, bar.centery)))
    move(app, app.viewport.to_display((bar.right, bar.centery)), buttons=(0, 0, 0))
    assert viewer.playback.t == 0                                          # no drag after release
    assert scale == 1


def test_the_replay_holds_still_under_the_pointer_while_the_bar_is_held():
    """Pressed on the progress bar of a replay playing, and held still: the
    replay played on, its fill running away from the pointer held on it
    (and dragged past the end, it stopped there for good). It now waits
    where the pointer is, as a media player's scrubbed bar does, and plays
    on from there when the button comes up."""
    app = make_app(BOARD_8)
    win(app)
    viewer = open_viewer(app)
    assert viewer.playback.playing
    bar = viewer.layout.progress.inflate(-2, -2)
    middle = app.viewport.to_display((bar.x + bar.w // 2, bar.centery))
    press(app, middle)
    at = viewer.playback.t
    app.step(30)
    assert viewer.playback.t == at                       # held where the pointer is
    move(app, app.viewport.to_display((bar.right + 10, bar.centery)))    # past the end
    move(app, middle)
    assert viewer.playback.t == at
    release(app, middle)
    app.step(30)
    assert viewer.playback.playing and viewer.playback.t > at   # plays on from there


def test_a_paused_replay_stays_paused_after_its_bar_is_dragged():
    app = make_app(BOARD_8)
    win(app)
    viewer = open_viewer(app)
    key(app, pygame.K_SPACE)                                 # pause
    bar = viewer.layout.progress.inflate(-2, -2)
    middle = app.viewport.to_display((bar.x + bar.w // 2, bar.centery))
    press(app, middle)
    release(app, middle)
    at = viewer.playback.t
    app.step(30)
    assert not viewer.playback.playing and viewer.playback.t == at


def test_a_drag_whose_release_went_unheard_ends_when_the_pointer_moves_unpressed():
    """The focus went elsewhere mid-drag and the release with it: moving the
    pointer over the viewer afterwards, no button held, seeked as if dragging."""
    app = make_app(BOARD_8)
    win(app)
    viewer = open_viewer(app)
    key(app, pygame.K_SPACE)                                 # pause
    bar = viewer.layout.progress.inflate(-2, -2)
    press(app, app.viewport.to_display((bar.x, bar.centery)))
    post(pygame.WINDOWFOCUSLOST)
    post(pygame.WINDOWFOCUSGAINED)
    app.step()
    move(app, app.viewport.to_display((bar.right, bar.centery)), buttons=(0, 0, 0))
    assert viewer.playback.t == 0
    move(app, app.viewport.to_display((bar.right, bar.centery)))      # a button held again
    assert viewer.playback.t == 0                                     # not a drag: no press


def test_viewer_draws_the_board_face_and_pressed_cells_as_they_were():
    app = make_app(BOARD_8)
    win(app)
    viewer = open_viewer(app)
    key(app, pygame.K_END)
    board = viewer.layout.board
    assert shows(app, board.face, "face_cool")
    t = next(t for t, x, y, b in app.last_replay.pointer if b == 0 and t > 0)
    viewer.playback.seek(t)
    app.step()
    assert shows(app, board.face, "face_smile")
    # a moment the left button was down on a covered cell: it is shown pressed
    t, x, y = next((t, x, y) for t, x, y, b in app.last_replay.pointer if b == 1 and t > 0)
    viewer.playback.seek(t)
    app.step()
    field = board.field
    cell = pygame.Rect(field.x + x * CELL, field.y + y * CELL, CELL, CELL)
    top_half = pygame.Rect(cell.x, cell.y, CELL, CELL // 2)      # the pointer is below
    assert shows_part(app, top_half, "open_0") and not shows_part(app, top_half, "covered")
    assert shows(app, board.face, "face_oh")


def test_a_click_that_opens_a_number_never_shows_its_neighbours_pressed():
    """A click opening (1, 1), a 1: the game showed the cell pressed, then
    open with the button up. The viewer showed, for the frame between the
    move and the next pointer sample, the number open with the button still
    down on it: a chord's look, its covered neighbours pressed."""
    app = make_app(BOARD_8)
    click(app, (7, 7))                                 # the clock starts
    app.step(30)
    slow_click(app, (1, 1))
    app.step(30)
    app.play.new_game()
    while app.top is not app.play:
        key(app, pygame.K_ESCAPE)
    viewer = open_viewer(app)
    key(app, pygame.K_SPACE)                           # pause
    board = viewer.layout.board
    field = board.field
    neighbour = pygame.Rect(field.x, field.y + CELL, CELL, CELL)       # (0, 1), covered
    opened_at = viewer.replay.moves[1][0]
    pressed_at = next(t for t, x, y, b in viewer.replay.pointer if (x, y, b) == (1, 1, 1))
    assert pressed_at < opened_at
    for t in range(pressed_at, opened_at + 50):
        viewer.playback.seek(t)
        app.step()
        assert shows(app, neighbour, "covered"), t
        assert shows(app, board.face, "face_oh" if t < opened_at else "face_smile"), t


def top_shows(app, rect, sprite, rows=6) -> bool:
    """Whether the top ``rows`` of ``rect`` (scale 1) show the sprite's: the
    viewer draws the recorded pointer over the lower part of the cell it
    points at."""
    drawn = app.display.surface.subsurface(app.painter.px(pygame.Rect(rect.x, rect.y, rect.w,
                                                                      rows)))
    expected = app.atlas.get(sprite, 1)
    return all(tuple(drawn.get_at((x, y)))[:3] == tuple(expected.get_at((x, y)))[:3]
               for y in range(rows) for x in range(rect.w))


def test_a_question_mark_held_down_shows_pushed_in_in_the_viewer_as_in_the_game():
    """A "?" pressed and let go off the field: the game drew it pushed in
    (``question_pressed``) while the button held it, and so must the
    viewer at that moment, then raised again."""
    app = make_app(BOARD_8)
    click(app, (1, 1))                                 # a 1: the clock starts
    app.step(30)
    click(app, (3, 3), RIGHT)
    click(app, (3, 3), RIGHT)
    click(app, (5, 5), RIGHT)                          # the last move: the viewer marks its cell
    press(app, cell_pos(app, (3, 3)))
    app.step(6)
    assert shows(app, app.layout.cell_rect((3, 3), app.play.scroll), "question_pressed")
    off = app.viewport.to_display((2, app.layout.size[1] - 2))
    move(app, off)
    release(app, off)
    app.step(30)
    app.play.new_game()
    while app.top is not app.play:
        key(app, pygame.K_ESCAPE)
    viewer = open_viewer(app)
    key(app, pygame.K_SPACE)                           # pause
    field = viewer.layout.board.field
    cell = pygame.Rect(field.x + 3 * CELL, field.y + 3 * CELL, CELL, CELL)
    pressed_at = next(t for t, x, y, b in viewer.replay.pointer if (x, y, b) == (3, 3, 1))
    viewer.playback.seek(pressed_at + 20)
    app.step()
    assert top_shows(app, cell, "question_pressed")
    viewer.playback.seek(viewer.replay.time_ms)
    app.step()
    assert top_shows(app, cell, "question")


@pytest.mark.parametrize("shape", ["grid", "hex", "torus"])
def test_every_frame_of_a_game_played_with_the_mouse_is_a_frame_of_its_replay(shape):
    """Presses held a few ticks, chords with the middle button, flags and
    question marks: each frame the game drew while its clock ran (board
    with its pressed cells, face, mine counter) is the frame the viewer
    draws at that time, or, for a move made in the next frame's input, the
    frame that follows it (the game stamps moves before a frame's tick and
    samples the pointer after it)."""
    import random

    from game.solver import next_move
    app = make_app(level="intermediate", shape=shape, marks=True, seed=11)
    field = app.play.field
    rng = random.Random(5)
    frames = []

    def step() -> None:
        app.step()
        if app.play.session.chrono.running and not app.play.session.ended:
            frames.append((app.play.session.elapsed_ms(), len(field.moves),
                           board_surface(app.play.board_view), app.play.face()[0],
                           field.mines_left))

    for _ in range(25):
        if app.play.session.ended:
            break
        view = field.view()
        decision = next_move(view, field.mines, shape=shape)
        cell, button = (decision.x, decision.y), 1 if decision.kind == "reveal" else RIGHT
        numbers = [(x, y) for y, row in enumerate(view) for x, c in enumerate(row) if c in "123456"]
        if numbers and rng.random() < 0.25:
            cell, button = rng.choice(numbers), 2
        post(pygame.MOUSEBUTTONDOWN, button=button, pos=cell_pos(app, cell))
        for _ in range(rng.randrange(2, 6)):
            step()
        post(pygame.MOUSEBUTTONUP, button=button, pos=cell_pos(app, cell))
        for _ in range(rng.randrange(2, 6)):
            step()
    app.play.new_game()
    while app.top is not app.play:
        key(app, pygame.K_ESCAPE)
    viewer = open_viewer(app)
    key(app, pygame.K_SPACE)                                       # pause
    playback = viewer.playback
    assert len(frames) > 100
    for (t, moves, *drawn), following in zip(frames, [*frames[1:], None], strict=True):
        playback.seek(t)
        app.step()
        if playback.shown > moves and playback.timeline.time_of(playback.shown) == t:
            assert following is not None
            _, moves, *drawn = following
        assert playback.shown == moves, t
        assert [board_surface(viewer.board_view), playback.face(),
                playback.field().mines_left] == drawn, t


def board_surface(view) -> bytes:
    return pygame.image.tobytes(view.surface, "RGB")


def shows_part(app, rect, sprite) -> bool:
    """Whether the top part of a cell (``rect``) shows the top of ``sprite``."""
    drawn = app.display.surface.subsurface(app.painter.px(rect))
    expected = app.atlas.get(sprite, app.viewport.scale)
    w, h = drawn.get_size()
    return all(drawn.get_at((x, y)) == expected.get_at((x, y)) for y in range(h)
               for x in range(w))


def test_export_then_open_the_file(tmp_path):
    app = make_app(BOARD_8, data_dir=tmp_path)
    win(app)
    app.commands.run("export_replay")
    assert isinstance(app.top, NoticeDialog)
    files = list((tmp_path / "replays").glob("*.json"))
    assert len(files) == 1 and "_won" in files[0].name
    assert read_file(files[0]) == app.last_replay
    key(app, pygame.K_RETURN)
    post(pygame.DROPFILE, file=str(files[0]))
    app.step()
    assert isinstance(app.top, ReplayScreen) and app.top.replay == app.last_replay


def test_an_export_after_the_data_folder_was_deleted_makes_it_again(tmp_path):
    """The player deleted the data folder to start afresh, the game still
    open, and exported the last game: the records and the settings make
    the folder again, the export said "Cannot save the replay: No such
    file or directory"."""
    import shutil
    folder = tmp_path / "Minesweeper"
    app = make_app(BOARD_8, data_dir=folder)
    win(app)
    app.store.flush()
    shutil.rmtree(folder)
    app.commands.run("export_replay")
    assert isinstance(app.top, NoticeDialog) and "Cannot" not in app.top.text
    [file] = (folder / "replays").glob("*.json")
    assert read_file(file) == app.last_replay


def test_the_speed_is_written_as_the_language_writes_numbers():
    from game import i18n
    from game.ui.render.replay import speed_text
    i18n.set_language("fr")
    assert [speed_text(s) for s in (0.25, 0.5, 1.0, 8.0)] == ["0,25×", "0,5×", "1×", "8×"]
    i18n.set_language("en")
    assert [speed_text(s) for s in (0.25, 0.5, 1.0, 8.0)] == ["0.25×", "0.5×", "1×", "8×"]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_speed_shows_the_multiplication_sign_not_the_letter_x(language):
    """The viewer read "1x"; the pixel font draws × (a row higher than x,
    centred on the digits), which the hint's "5.1 × 10¹⁰" uses too."""
    from game import i18n
    app = make_app(BOARD_8, language=language)
    assert i18n.language() == language
    win(app)
    viewer = open_viewer(app)
    box, painter = viewer.layout.speed_box, app.painter
    left = box.centerx - painter.text_width("1×") // 2 + painter.text_width("1")
    top = box.centery - painter.line_height() // 2
    sign = app.atlas.get(f"font_regular_{ord('×')}", 1)
    drawn = app.display.surface.subsurface(app.painter.px(
        pygame.Rect((left, top), sign.get_size())))
    scale = app.viewport.scale
    for y in range(sign.get_height()):
        for x in range(sign.get_width()):
            ink = sign.get_at((x, y))[3] == 255
            assert (tuple(drawn.get_at((x * scale, y * scale)))[:3] == (0, 0, 0)) == ink, (x, y)


@pytest.mark.parametrize("language, lines", [
    ("en", ("3BV 1,234/2,345  1.23/s", "Clicks 4,567  Eff 27\u00a0%")),
    ("fr", ("3BV 1\u202f234/2\u202f345  1,23/s", "Clics 4\u202f567  Eff 27\u202f%"))])
def test_the_viewer_s_figures_are_written_as_the_language_writes_numbers(language, lines):
    """A big board's replay read "Clics 4567" and "3BV 1234/2345" in French,
    where the History details of the same game say "4 567 clics"."""
    from game import i18n
    from game.engine import GameStats
    from game.engine.stats import Clicks
    from game.ui.render.replay import figures_lines
    i18n.set_language(language)
    stats = GameStats(bbbv=2345, solved_bbbv=1234, clicks=Clicks(left=4567, wasted=2099),
                      elapsed_ms=1_000_000)
    assert figures_lines(stats) == lines


NOT_LAID = {"en": "3BV: no mines laid yet", "fr": "3BV\u202f: mines non posées"}


@pytest.mark.parametrize("language, moves, clicks", [
    ("en", (), "Clicks 0"), ("fr", (), "Clics 0"),
    ("en", ((0, "F 1 1"),), "Clicks 1  Eff 0\u00a0%"),
    ("fr", ((0, "F 1 1"),), "Clics 1  Eff 0\u202f%")])
def test_figures_not_known_yet_are_left_out_not_shown_as_0_or_a_question_mark(
        tmp_path, language, moves, clicks):
    """A replay's board laid from its seed has no 3BV until the first
    opening, and no click has no efficiency: a replay with no moves read
    "3BV 0/?  0.00/s" and "Clicks 0  Eff 0 %" (an efficiency of 0 is every
    click wasted). A flag is a useful click: 0 % is then true."""
    path = tmp_path / "early.json"
    path.write_text(encode(Replay(width=9, height=9, mines=10, marks=True, seed=5,
                                  first_click="opening", moves=moves,
                                  result="unfinished", time_ms=0)))
    app = make_app(language=language, data_dir=tmp_path / "data")
    app.commands.open_replay_file(path)
    for _ in range(6):                     # the viewer opens a step a frame
        app.step()
    assert isinstance(app.top, ReplayScreen) and not app.top.opening
    from game.ui.render.replay import figures_lines
    assert figures_lines(app.top.playback.figures()) == (NOT_LAID[language], clicks)


def test_figures_with_no_time_passed_leave_out_the_3bv_per_second():
    from game.engine import GameStats
    from game.engine.stats import Clicks
    from game.ui.render.replay import figures_lines
    stats = GameStats(bbbv=12, solved_bbbv=1, clicks=Clicks(left=1), elapsed_ms=0)
    assert figures_lines(stats) == ("3BV 1/12", "Clicks 1  Eff 100\u00a0%")


def test_a_wrong_flag_on_an_openings_border_leaves_the_opening_counted_as_solved():
    """The replay's figures after an opening whose border held a wrong flag
    read "3BV 0/11", the click that opened every zero of it not counted
    (Arbiter's count: ``game.engine.stats``)."""
    from game.ui.render.replay import figures_lines
    from tests.engine.test_moves_and_stats import BORDERED
    app = make_app(BORDERED)
    slow_click(app, (5, 2), RIGHT)          # a 1 on the opening's border
    app.step(30)
    slow_click(app, (0, 0))                 # the opening, round the flag
    app.step(30)
    slow_click(app, (6, 3))                 # a mine: the game ends there
    settle(app)
    viewer = open_viewer(app)
    key(app, pygame.K_END)
    assert figures_lines(viewer.playback.figures())[0].startswith("3BV 1/11 ")


def _beside_the_strip(app) -> bytes:
    """The window's pixels right of the figures strip's inside, along it."""
    strip = app.top.layout.strip
    right = pygame.Rect(strip.right - 2, strip.y, app.layout.size[0] - strip.right + 2, strip.h)
    return pygame.image.tobytes(app.display.surface.subsurface(app.painter.px(right)), "RGB")


def test_figures_too_long_for_the_strip_are_cut_not_drawn_over_the_frame():
    """In the smallest window a longer language's figures ran out of the
    strip, over its bevel and the window's frame (the pseudo-locale's
    "[3BV 1/4  3.29/s ~~~~~~~~]")."""
    beside = {}
    for language in ("en", PSEUDO):
        app = make_app(BOARD_8, language=language)
        win(app)
        open_viewer(app)
        beside[language] = _beside_the_strip(app)
    assert beside[PSEUDO] == beside["en"]


def test_a_bad_file_dropped_on_a_french_window_is_told_in_french(tmp_path):
    app = make_app(BOARD_8, language="fr")
    win(app)
    doc = json.loads(encode(app.last_replay))
    doc["result"] = "lost"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    post(pygame.DROPFILE, file=str(bad))
    app.step()
    assert isinstance(app.top, NoticeDialog)
    assert app.top.text == ("Impossible d’ouvrir le replay «\u202fbad.json\u202f»\u202f: les coups donnent"
                            " «\u202fwon\u202f», le fichier annonce «\u202flost\u202f».")


def test_a_bad_file_gives_a_notice_never_a_crash(tmp_path):
    app = make_app(BOARD_8)
    win(app)
    doc = json.loads(encode(app.last_replay))
    doc["result"] = "lost"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    for path in (bad, tmp_path / "missing.json"):
        app.commands.open_replay_file(path)
        assert isinstance(app.top, NoticeDialog)
        assert "Cannot open the replay" in app.top.text
        key(app, pygame.K_RETURN)
        assert app.top is app.play


def test_replay_flag_opens_the_viewer_from_the_command_line(tmp_path):
    from game.cli import main
    app = make_app(BOARD_8)
    win(app)
    path = tmp_path / "game.json"
    path.write_text(encode(app.last_replay))
    assert main(["--replay", str(path), "--frames", "3", "--data-dir", str(tmp_path)]) == 0


# ---------------------------------------------------------------- with a store of replays

def test_history_has_no_watch_button_without_games():
    app = make_app(BOARD_8)
    app.commands.run("history")
    app.step()
    assert all(getattr(w, "label", "") != "Watch" for w in app.top.widgets)


def test_history_watch_opens_the_selected_game(tmp_path):
    from game.ui.screens.history import HistoryDialog

    app = make_app(BOARD_8, data_dir=tmp_path)
    win(app)
    newest = app.store.history()[0]
    assert app.store.replay(newest.game_id) == encode(app.last_replay)   # kept with its game
    app.commands.run("history")
    app.step()
    dialog = app.top
    assert isinstance(dialog, HistoryDialog)
    press_button(app, dialog, "Watch")
    assert isinstance(app.top, ReplayScreen) and app.top.replay == app.last_replay
    key(app, pygame.K_ESCAPE)
    assert app.top is app.play


def test_attract_mode_alternates_demo_games_with_the_best_replays(tmp_path):
    from game.ui.screens.attract import AttractScreen

    app = make_app(BEGINNER, data_dir=tmp_path)           # a Beginner game: a best time
    win_records(app)
    settle(app)
    while app.top is not app.play:                        # the name entry
        key(app, pygame.K_ESCAPE)
    best = app.last_replay
    assert [decode(text) for text in app.store.best_replays(5)] == [best]
    recorded = app.store.count_games()
    app.attract_options = {"pace": (1, 1), "between": 5}
    app.start_attract()
    attract = app.top
    assert isinstance(attract, AttractScreen) and attract.replay is None    # a demo game first
    while attract.games < 2:
        app.step(30)
    assert attract.replay == best and app.play.field.layout() == BEGINNER
    assert not app.audio.enabled                                          # silently
    for _ in range(best.time_ms // 500 + 2):
        app.step(30)
    assert app.play.field.view() == check(best).field.view()             # played to its end
    while attract.games < 3:
        app.step(30)
    assert attract.replay is None and app.play.assist.autoplay            # a demo game again
    key(app, pygame.K_SPACE)                                              # the first touch
    assert app.top is app.play and app.play.field.move_count == 0
    assert app.store.count_games() == recorded                            # nothing recorded


def best_game_recorded(tmp_path, loader=None):
    """An app whose records hold one best Beginner game with its replay."""
    app = make_app(BEGINNER, data_dir=tmp_path, loader=loader)
    while app.top is not app.play:                        # "cannot save" (no folder)
        key(app, pygame.K_ESCAPE)
    win_records(app)
    settle(app)
    while app.top is not app.play:                        # the name entry
        key(app, pygame.K_ESCAPE)
    app.attract_options = {"pace": (1, 1), "between": 5}
    return app


def test_attract_mode_loads_best_replays_away_from_the_window(tmp_path, monkeypatch):
    """Reading, decoding and checking a 2 MB replay took 60 to 90 ms on the
    window's thread as its turn came: the loader's process does it, a demo
    game plays while it is not ready, and the replay is shown once it is,
    with no cue over the window (nobody asked for it)."""
    from game.replay import decoding
    from game.ui.screens.attract import AttractScreen
    held = HeldWorker()
    app = best_game_recorded(tmp_path, held)
    best = app.last_replay
    decoded = []
    real_decode = decoding.decode
    monkeypatch.setattr(decoding, "decode", lambda data: decoded.append(1) or
                        real_decode(data))
    app.start_attract()
    attract = app.top
    assert isinstance(attract, AttractScreen)
    while attract.games < 3:
        app.step(30)
        assert attract.replay is None and not app.replays.late      # demo games meanwhile
    assert decoded == [] and len(held.jobs) == 1                    # never on this thread
    held.answer()                          # the loader's process reads it (here: now)
    while attract.games < 4:
        app.step(30)
    assert attract.replay == best and app.play.field.layout() == BEGINNER
    while attract.games < 5:
        app.step(30)
    assert attract.replay is None and len(held.jobs) == 1          # the next one asked for


def test_waking_attract_mode_drops_the_replay_on_its_way(tmp_path):
    from game.ui.screens.attract import AttractScreen
    held = HeldWorker()
    app = best_game_recorded(tmp_path, held)
    app.start_attract()
    app.step(3)
    assert isinstance(app.top, AttractScreen) and len(held.jobs) == 1
    key(app, pygame.K_SPACE)                                        # someone comes
    assert app.top is app.play and not app.replays.waiting
    held.answer()
    app.step(3)
    assert app.top is app.play and app.play.field.move_count == 0   # nothing shown


def test_a_best_replay_that_does_not_load_is_skipped_quietly(tmp_path):
    """Attract mode shows no notice to nobody: a damaged best replay is
    dropped for good and the demo games go on."""
    import sqlite3

    from game.store import database
    app = best_game_recorded(tmp_path)
    app.store.flush()
    db = sqlite3.connect(tmp_path / database.NAME)
    with db:
        db.execute("UPDATE replays SET text = replace(text, '\"moves\"', '\"muves\"')")
    db.close()
    app.start_attract()
    attract = app.top
    while attract.games < 4:
        app.step(30)
        assert app.top is attract and attract.replay is None
    assert attract.best.games == [] and not app.replays.waiting


class DiesUnder(SyncWorker):
    """A replay loader whose process dies under its first ``deaths`` jobs,
    as ``ProcessWorker`` reports it, and answers every later one."""

    def __init__(self, deaths: int) -> None:
        super().__init__()
        self.deaths = deaths
        self.asked = 0

    def submit(self, tag, job, replaces=None) -> None:
        self.asked += 1
        if self.asked > self.deaths:
            super().submit(tag, job)
        else:
            self._done.append(Done(tag, False, "the process reading the replay stopped",
                                   lost=True))


def test_a_best_replay_whose_loader_died_under_it_is_shown_later(tmp_path):
    """The loader's process dying (ended by the system, out of memory) is no
    fault of the replay's: each death left a best game out of attract mode
    for good, and a kiosk whose loader had died as many times as it had best
    games never showed one again."""
    loader = DiesUnder(deaths=2)
    app = best_game_recorded(tmp_path, loader)
    best = app.last_replay
    app.start_attract()
    attract = app.top
    shown = []
    while attract.games < 8:
        app.step(30)
        shown.append(attract.replay)
    assert best in shown and attract.best.games
    assert loader.asked <= attract.games                   # asked again once a game at most


def test_a_best_replay_the_loader_dies_under_again_and_again_is_left_out(tmp_path):
    from game.ui.screens.attract import LOSSES_KEPT
    loader = DiesUnder(deaths=10**6)
    app = best_game_recorded(tmp_path, loader)
    app.start_attract()
    attract = app.top
    while attract.games < 2 * LOSSES_KEPT + 2:
        app.step(30)
        assert app.top is attract and attract.replay is None   # demo games go on
    assert attract.best.games == [] and loader.asked == LOSSES_KEPT


def test_a_best_replay_whose_loader_hangs_is_shown_by_a_fresh_one(tmp_path):
    """The loader's process stopped (SIGSTOP) rather than dead: attract
    mode waited on its replay for good, and a kiosk never showed a best game
    again. Past the limit the process is killed, and the replay is asked of
    a fresh one at a later turn.

    The watchdog's time is moved by hand, past the limit once, for the
    stopped process alone: run by the attract mode's ticks (half a second
    a step), it ran some forty times faster than the real one, and on a
    busy machine each fresh process, slower to start, was killed as hung
    in turn, until the game was left out after ``LOSSES_KEPT`` losses."""
    import signal
    import time

    from game.ui.jobs import HintJob, ReplayJob
    from game.ui.worker import ProcessWorker

    now = [0.0]
    loader = ProcessWorker(limits={ReplayJob: 5.0}, clock=lambda: now[0])
    app = best_game_recorded(tmp_path, loader)
    try:
        best = app.last_replay
        loader.submit("started", HintJob(("1#", "##"), 1, "opening", None))
        while not loader.poll():                  # its process is up: stopped, it never reads
            loader.wait(1.0)
        stopped = loader._process
        os.kill(stopped.pid, signal.SIGSTOP)
        app.start_attract()
        attract = app.top
        for _ in range(600):                      # the best replay asked of the stopped process
            if loader.pending:
                break
            app.step()
        assert loader.pending
        now[0] = 10.0                             # ...and left unanswered past its limit
        shown = []
        deadline = time.monotonic() + 120
        while best not in shown and time.monotonic() < deadline:
            loader.wait(0.01)
            app.step(30)
            shown.append(attract.replay)
        assert best in shown and stopped.exitcode == -signal.SIGKILL and loader.starts == 2
    finally:
        app.close()


def test_attract_mode_shows_best_replays_of_records_kept_in_memory(tmp_path):
    """Records that cannot be saved have no file the loader's process could
    read: the replay's text is handed to it instead."""
    from game.ui.screens.attract import AttractScreen
    taken = tmp_path / "a file"
    taken.write_text("not a folder")
    app = best_game_recorded(taken)
    assert app.store.database_path is None
    app.start_attract()
    attract = app.top
    assert isinstance(attract, AttractScreen)
    while attract.games < 2:
        app.step(30)
    assert attract.replay == app.last_replay


def test_a_replay_job_on_the_records_file_says_when_a_game_has_no_replay(tmp_path):
    from game.ui.jobs import ReplayJob
    app = best_game_recorded(tmp_path)
    app.store.flush()
    path = str(app.store.database_path)
    assert ReplayJob(database=path, game_id=10**6).run() == "This game has no replay."
    assert isinstance(ReplayJob(database=str(tmp_path / "gone" / "x.db"), game_id=1).run(), str)


def test_attract_mode_without_replays_plays_demo_games_only():
    app = make_app(BOARD_8)
    win(app)
    app.attract_options = {"pace": (1, 1), "between": 5}
    app.start_attract()
    attract = app.top
    while attract.games < 3:
        app.step(30)
        assert attract.replay is None


@pytest.mark.parametrize("rule", FIRST_CLICK_RULES)
@pytest.mark.parametrize("level", list(LEVELS))
def test_played_exported_and_opened_replay_shows_the_same_board_after_every_move(
        level, rule, tmp_path):
    """The computer plays in the window (real clicks); the file exported and
    opened again shows, move by move, exactly the boards the player saw."""
    from game.solver import next_move
    app = make_app(level=level, first_click=rule, seed=21, data_dir=tmp_path)
    seen = [app.play.field.view()]
    while not app.play.session.ended and len(seen) < 60:
        d = next_move(app.play.field.view(), app.play.field.mines, first_click=rule)
        click(app, (d.x, d.y), 1 if d.kind == "reveal" else RIGHT)
        seen.append(app.play.field.view())
    app.play.new_game()                     # an unfinished game is kept too
    while app.top is not app.play:
        key(app, pygame.K_ESCAPE)
    app.commands.run("export_replay")
    key(app, pygame.K_RETURN)
    path = next((tmp_path / "replays").glob("*.json"))
    app.commands.open_replay_file(path)
    viewer = app.top
    assert isinstance(viewer, ReplayScreen)
    while viewer.opening:
        app.step()
    key(app, pygame.K_SPACE)                                        # pause
    key(app, pygame.K_HOME)
    assert viewer.playback.field().view() == seen[0]
    for view in seen[1:]:
        key(app, pygame.K_RIGHT)
        assert viewer.playback.field().view() == view


def test_viewer_scrolls_a_board_bigger_than_the_window_to_follow_the_play():
    rows = ["." * 100 for _ in range(99)] + ["." * 99 + "*"]
    replay = Replay(width=100, height=100, mines=1, marks=True, first_click="safe",
                    moves=((0, "F 99 99"), (500, "F 99 99"), (900, "F 2 2")), result="unfinished",
                    time_ms=1000, layout=tuple(rows))
    app = make_app(BOARD_8)
    replays.watch(app, replay, playing=False)
    viewer = app.top
    board = viewer.layout.board
    assert board.scrolls and viewer.scroll == (0, 0)
    key(app, pygame.K_RIGHT)
    assert viewer.scroll == (100 - board.view_cols, 100 - board.view_rows)   # the far corner
    key(app, pygame.K_END)
    assert viewer.scroll == (2, 2)
    field = board.field
    flag = pygame.Rect(field.x, field.y, CELL, CELL)                         # (2, 2) at top-left
    assert shows(app, flag, "flag")


def wheel(app, y=0, x=0):
    post(pygame.MOUSEWHEEL, x=x, y=y, flipped=False, precise_x=float(x), precise_y=float(y))
    app.step()


def test_the_wheel_looks_round_a_paused_replay_s_big_board_until_the_play_moves_on():
    """The view followed the play alone: paused on a 100x100 game, the wheel
    did nothing, and the rest of the board could not be seen. It scrolls
    as in the game now (Shift sideways), and the view stays where it was
    looked at, frames going by, until the play moves on."""
    app = make_app(BOARD_8)
    viewer = big_paused_viewer(app)                         # the flag on (2, 2)
    board = viewer.layout.board
    field = app.painter.px(board.field)

    def shown():
        return pygame.image.tobytes(app.display.surface.subsurface(field), "RGB")

    assert viewer.scroll == (0, 0) and shows(app, board.cell_rect((2, 2), (0, 0)), "flag")
    at_start = shown()
    wheel(app, y=-2)                                        # down: the rows below
    assert viewer.scroll == (0, 6) and shown() != at_start
    post(pygame.KEYDOWN, key=pygame.K_LSHIFT, mod=pygame.KMOD_LSHIFT, unicode="", scancode=0)
    post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)
    post(pygame.KEYUP, key=pygame.K_LSHIFT, mod=0, unicode="", scancode=0)
    app.step()                                              # with Shift: to the right
    assert viewer.scroll == (3, 6)
    looked = shown()
    app.step(120)                                           # paused: the look is kept
    assert viewer.scroll == (3, 6) and shown() == looked
    key(app, pygame.K_RIGHT)                                # the play moves on: followed
    assert viewer.scroll == (99 - board.view_cols, 99 - board.view_rows)   # (98, 98) in view
    assert shows(app, board.cell_rect((98, 98), viewer.scroll), "flag")


def test_the_viewer_s_scroll_bars_are_dragged_as_the_game_s_and_hold_the_view():
    """The bars showed where the view was and did nothing under the mouse.
    Now a thumb is dragged from where it is taken, a press beside it brings
    it under the pointer, and the view stays while the thumb is held, even
    as the replay plays on, and after, until the play moves on."""
    from game.ui.render.hud import scroll_bar_thumbs
    app = make_app(BOARD_8)
    viewer = big_paused_viewer(app)                         # the flag on (2, 2), at the top
    board = viewer.layout.board
    (vbar, (thumb,)), = [b for b in scroll_bar_thumbs(board, viewer.scroll)
                         if b[0] == board.vbar]
    assert viewer.scroll == (0, 0)
    white = app.viewport.to_display((thumb.centerx, thumb.y + 1))
    assert pixel(app, white) == (255, 255, 255)             # the thumb at the top
    taken = app.viewport.to_display(thumb.center)
    press(app, taken)
    assert viewer.scroll == (0, 0)                          # taken where it was: no jump
    down = app.viewport.to_display((thumb.centerx, thumb.centery + vbar.h // 3))
    move(app, down)
    dragged = viewer.scroll
    assert dragged[0] == 0 and dragged[1] > 20
    assert pixel(app, white) != (255, 255, 255)             # the thumb went down with it
    key(app, pygame.K_SPACE)                                # playing, the thumb still held
    app.step(150)
    assert viewer.scroll == dragged
    release(app, down)
    key(app, pygame.K_SPACE)                                # paused again: the look is kept
    app.step(30)
    assert viewer.scroll == dragged
    press(app, app.viewport.to_display((vbar.centerx, vbar.y + 2)))   # beside it, at the top
    release(app, app.viewport.to_display((vbar.centerx, vbar.y + 2)))
    assert viewer.scroll == (0, 0)
    key(app, pygame.K_HOME)
    key(app, pygame.K_END)                                  # the play moves: followed
    assert shows(app, board.cell_rect((98, 98), viewer.scroll), "flag")


def big_paused_viewer(app, width=100, height=100):
    """The viewer, paused after its first move, on a game of ``width`` x
    ``height`` flagged at (2, 2) then (width - 2, height - 2)."""
    rows = ["." * width for _ in range(height - 1)] + ["." * (width - 1) + "*"]
    replay = Replay(width=width, height=height, mines=1, marks=True, first_click="safe",
                    moves=((0, "F 2 2"), (2000, f"F {width - 2} {height - 2}")),
                    result="unfinished", time_ms=3000, layout=tuple(rows))
    replays.watch(app, replay, playing=False)
    viewer = app.top
    key(app, pygame.K_RIGHT)
    return viewer


def test_the_viewer_s_thumb_snaps_back_while_the_pointer_strays_far_as_the_game_s():
    """Dragged as the game's thumbs are (they share ``thumb_dragged``):
    the pointer straying far beside the bar puts the view back where the
    drag began, and coming back near takes the thumb again."""
    app = make_app(BOARD_8)
    viewer = big_paused_viewer(app)
    vbar = viewer.layout.board.vbar
    field = app.painter.px(viewer.layout.board.field)

    def shown():
        return pygame.image.tobytes(app.display.surface.subsurface(field), "RGB")

    at_start = shown()
    press(app, app.viewport.to_display((vbar.centerx, vbar.y + 4)))
    assert viewer.scroll == (0, 0)
    down = (vbar.centerx, vbar.y + vbar.h // 2)
    move(app, app.viewport.to_display(down))
    dragged = viewer.scroll
    assert dragged[1] > 20 and shown() != at_start
    move(app, app.viewport.to_display((vbar.centerx - 200, down[1])))     # far off: back
    assert viewer.scroll == (0, 0) and shown() == at_start
    move(app, app.viewport.to_display(down))                            # near again: taken
    assert viewer.scroll == dragged
    release(app, app.viewport.to_display(down))


def test_the_viewer_s_thumb_held_is_let_go_when_the_window_loses_the_focus():
    """Its release comes in another window: the pointer coming back with a
    button down, for a press begun elsewhere, scrolls nothing."""
    app = make_app(BOARD_8)
    viewer = big_paused_viewer(app)
    vbar = viewer.layout.board.vbar
    press(app, app.viewport.to_display((vbar.centerx, vbar.y + 4)))
    post(pygame.WINDOWFOCUSLOST)
    app.step()
    field = app.painter.px(viewer.layout.board.field)
    shown = pygame.image.tobytes(app.display.surface.subsurface(field), "RGB")
    move(app, app.viewport.to_display((vbar.centerx, vbar.y + vbar.h // 2)))
    assert viewer.scroll == (0, 0)
    assert pygame.image.tobytes(app.display.surface.subsurface(field), "RGB") == shown


@pytest.mark.parametrize("held", ["thumb", "play button", "progress bar"])
def test_a_right_press_does_nothing_while_the_left_button_holds_a_viewer_control(held):
    """A thumb, the play button or the progress bar held holds the
    pointer, as the game's dragged scroll bar does and a Windows control
    that has the mouse captured: a right press on the speed meanwhile made
    the replay slower under the drag."""
    app = make_app(BOARD_8)
    viewer = big_paused_viewer(app)
    layout = viewer.layout
    at = {"thumb": layout.board.vbar.midtop, "play button": layout.play_button.center,
          "progress bar": layout.progress.center}[held]
    press(app, app.viewport.to_display(at))
    speed = app.viewport.to_display(layout.speed_box.center)
    box = app.painter.px(layout.speed_box)
    shown = pygame.image.tobytes(app.display.surface.subsurface(box), "RGB")
    index = viewer.playback.speed_index
    press(app, speed, button=3)
    release(app, speed, button=3)
    assert viewer.playback.speed_index == index
    assert pygame.image.tobytes(app.display.surface.subsurface(box), "RGB") == shown
    release(app, speed)
    press(app, speed, button=3)                         # let go: the speed answers again
    release(app, speed, button=3)
    assert viewer.playback.speed_index == index - 1


def test_a_look_round_ends_when_the_whole_board_fits_the_window():
    """Scrolled with the wheel, then F11 giving room for the whole board,
    then F11 again: the view stayed at the top-left where the fit had put
    it, neither where the player had looked nor where the play was, until
    the play moved on. The look ends with the fit: the view follows the
    play again."""
    from game.ui.display import desktop_size, window_room
    from game.ui.frame import Layout
    height = 40                             # 6 rows too tall for the window, not the screen
    window = Layout.for_board(40, height + STRIP_ROWS, max_size=window_room())
    assert window.rows - window.view_rows > 3
    assert not Layout.for_board(40, height + STRIP_ROWS, max_size=desktop_size()).scrolls
    app = make_app(BOARD_8)
    viewer = big_paused_viewer(app, 40, height)
    key(app, pygame.K_END)                                  # the flag at (38, height - 2)
    followed = viewer.scroll
    assert followed[1] > 3
    wheel(app, y=1)                                         # up: looked above it
    assert viewer.scroll == (0, followed[1] - 3)
    key(app, pygame.K_F11)
    assert not viewer.layout.board.scrolls and viewer.scroll == (0, 0)
    key(app, pygame.K_F11)
    app.step(5)
    board = viewer.layout.board
    assert board.scrolls and viewer.scroll == followed
    assert shows(app, board.cell_rect((38, height - 2), viewer.scroll), "flag")


def test_the_viewer_shows_where_its_view_is_on_the_scroll_bars_as_the_game_does():
    """A board bigger than the window: the game has thin scroll bars beside
    the field, and so has the viewer, whose thumbs follow the play (it had
    none: nothing said the board went on past the window's edge)."""
    from game.ui.render.hud import scroll_bar_thumbs
    rows = ["." * 100 for _ in range(99)] + ["." * 99 + "*"]
    replay = Replay(width=100, height=100, mines=1, marks=True, first_click="safe",
                    moves=((0, "F 99 99"),), result="unfinished", time_ms=1000,
                    layout=tuple(rows))
    app = make_app(BOARD_8)
    replays.watch(app, replay, playing=False)
    viewer = app.top
    key(app, pygame.K_RIGHT)                       # the far corner: both thumbs at their end
    bars = scroll_bar_thumbs(viewer.layout.board, viewer.scroll)
    assert len(bars) == 2
    for bar, (thumb,) in bars:
        assert thumb.right == bar.right or thumb.bottom == bar.bottom
        inside = app.viewport.to_display(thumb.center)
        before = app.viewport.to_display((bar.x + 1, bar.y + 1))
        assert pixel(app, inside) == (255, 255, 255)
        assert pixel(app, before) == (128, 128, 128)


def test_a_viewer_scrolled_in_a_window_shows_the_whole_board_when_fullscreen_fits_it():
    """A board a little too tall for the window, the view scrolled to its
    bottom: F11 gives room for all of it, and the field showed it shifted
    up by the old scroll, rows past the bottom edge drawn covered."""
    from game.ui.display import desktop_size, window_room
    from game.ui.frame import Layout
    app = make_app(BOARD_8)
    rows = next(h for h in range(8, 99)
                if Layout.for_board(40, h + STRIP_ROWS, max_size=window_room()).scrolls)
    assert not Layout.for_board(40, rows + STRIP_ROWS, max_size=desktop_size()).scrolls
    layout = ["." * 40] * (rows - 1) + ["." * 39 + "*"]
    replay = Replay(width=40, height=rows, mines=1, marks=True, first_click="safe",
                    moves=((0, f"F 39 {rows - 1}"),), result="unfinished", time_ms=1000,
                    layout=tuple(layout))
    replays.watch(app, replay, playing=False)
    viewer = app.top
    key(app, pygame.K_END)
    assert viewer.scroll[1] > 0                                  # the bottom row in view
    key(app, pygame.K_F11)
    board = viewer.layout.board
    assert not board.scrolls and viewer.scroll == (0, 0)
    assert shows(app, board.cell_rect((39, rows - 1), (0, 0)), "flag")


def test_open_replay_lists_the_exported_files_and_watches_the_chosen_one(tmp_path):
    app = make_app(BOARD_8, data_dir=tmp_path)
    win(app)
    app.commands.run("export_replay")
    key(app, pygame.K_RETURN)
    (tmp_path / "replays" / "broken.json").write_text("{")
    app.commands.run("open_replay")
    app.step()
    dialog = app.top
    names = [row[0] for row in dialog.table.rows]
    assert len(names) == 2 and "broken" in names
    dialog.table.select(names.index("broken"))
    press_button(app, dialog, "Watch")
    assert isinstance(app.top, NoticeDialog) and "not JSON" in app.top.text
    key(app, pygame.K_RETURN)
    app.commands.run("open_replay")
    app.step()
    dialog = app.top
    dialog.table.select(1 - [row[0] for row in dialog.table.rows].index("broken"))
    press_button(app, dialog, "Watch")
    assert isinstance(app.top, ReplayScreen) and app.top.replay == app.last_replay


def open_replay_over(tmp_path, names):
    """Open replay… over a folder of (unreadable) files ``names``, each
    newer than the one before, so listed last name first."""
    (tmp_path / "replays").mkdir()
    for age, name in enumerate(names):
        path = tmp_path / "replays" / f"{name}.json"
        path.write_text("{")
        os.utime(path, (1_000 + age, 1_000 + age))
    app = make_app(data_dir=tmp_path)
    app.commands.run("open_replay")
    app.step()
    return app


def open_replay_of_three_files(tmp_path):
    """Open replay… over three files, listed newest first: c, b, a."""
    return open_replay_over(tmp_path, "abc")


def test_the_file_chosen_in_open_replay_stays_chosen_through_a_zoom(tmp_path):
    """Laid out again by Ctrl++, the list went back to its first file, and
    Watch (or Enter) opened that one, not the one the player had chosen."""
    app = open_replay_of_three_files(tmp_path)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)                                      # "a"
    key(app, pygame.K_EQUALS, pygame.KMOD_CTRL)
    dialog = app.top
    assert app.viewport.scale == 2
    row = app.painter.px(dialog.screen_rect(dialog.table)).move(6, 6 + 2 * 2 * ROW_H)
    assert pixel(app, (row.right - 12, row.y)) == (0, 0, 128)     # the third row, navy
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, NoticeDialog) and "a.json" in app.top.text


def test_a_double_click_on_a_file_watches_it_and_two_slow_clicks_do_not(tmp_path):
    """A double click on a file in a Windows Open dialog opens it; ours only
    selected it, Watch had to be found and pressed."""
    app = open_replay_of_three_files(tmp_path)
    dialog = app.top
    box = dialog.screen_rect(dialog.table)
    b = app.viewport.to_display((box.centerx, box.y + 2 + ROW_H + ROW_H // 2))   # second row
    press(app, b)
    release(app, b)
    app.step(30)                                         # half a second: two clicks
    press(app, b)
    release(app, b)
    assert app.top is dialog and dialog.table.selected == 1
    app.step(31)
    press(app, b)
    release(app, b)
    press(app, b)                                        # at once: a double click
    assert isinstance(app.top, NoticeDialog) and "b.json" in app.top.text


def test_a_press_dragged_past_the_end_of_the_list_scrolls_it_as_a_windows_list_box(tmp_path):
    """A finger (SDL gives the dialogs its mouse copy) has no wheel and no
    keys: Open replay's older files, History's older games were out of a
    touch screen's reach. As in a Windows list box, the selection follows
    a held press, and past the list's end scrolls it a row at a time."""
    app = open_replay_over(tmp_path, [f"f{age:02}" for age in range(30)])   # f29 ... f00
    dialog = app.top
    table = dialog.table
    box = dialog.screen_rect(table)
    x = box.centerx
    press(app, app.viewport.to_display((x, box.y + 2 + ROW_H // 2)))
    move(app, app.viewport.to_display((x, box.y + 2 + 2 * ROW_H + ROW_H // 2)))
    assert (table.selected, table.top) == (2, 0)                 # follows the press
    for _ in range(30):                                          # held below the list
        move(app, app.viewport.to_display((x, box.bottom + 5 + _ % 2)))
    assert table.selected == 29 and table.top == 30 - table.visible
    release(app, app.viewport.to_display((x, box.bottom + 5)))
    move(app, app.viewport.to_display((x, box.y + 4)), buttons=(0, 0, 0))
    assert table.selected == 29                                  # let go: stays
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, NoticeDialog) and "f00.json" in app.top.text


def test_a_list_row_held_is_let_go_when_a_notice_opens_over_the_dialog(tmp_path):
    """A notice (the store's: records that cannot be saved) opened while a
    row was held takes its release: once it was closed, the selection went
    on following the pointer, no button down."""
    app = open_replay_over(tmp_path, [f"f{age:02}" for age in range(5)])
    dialog = app.top
    table = dialog.table
    box = dialog.screen_rect(table)
    press(app, app.viewport.to_display((box.centerx, box.y + 2 + ROW_H // 2)))
    assert table.selected == 0
    app.push(NoticeDialog(app, "The records cannot be saved."))
    app.step()
    key(app, pygame.K_RETURN)
    assert app.top is dialog
    move(app, app.viewport.to_display((box.centerx, box.y + 2 + 2 * ROW_H + ROW_H // 2)),
         buttons=(0, 0, 0))
    assert table.selected == 0


def test_open_replay_with_no_files_says_so_and_fits_the_smallest_window():
    app = make_app(BOARD_8)
    app.commands.run("open_replay")
    app.step()
    dialog = app.top
    assert (dialog.table.rows, dialog.table.note) == ([], "No replays yet")
    assert app.layout.window.contains(dialog.rect)
    assert all(getattr(w, "label", "") != "Watch" for w in dialog.widgets)


def test_a_bad_replay_file_from_the_command_line_opens_the_game_with_a_notice(tmp_path):
    from game.cli import main
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\x00" * 100)
    assert main(["--replay", str(bad), "--frames", "3", "--data-dir", str(tmp_path)]) == 0


def test_a_lost_game_ends_with_the_dead_face_and_the_mines_shown():
    replay = Replay(width=8, height=8, mines=2, marks=True, first_click="safe",
                    moves=((0, "R 7 7"), (1500, "R 0 0")), result="lost", time_ms=1500,
                    layout=tuple(BOARD_8))
    app = make_app(BOARD_8)
    replays.watch(app, replay, playing=False)
    viewer = app.top
    key(app, pygame.K_RIGHT)
    board = viewer.layout.board
    assert shows(app, board.face, "face_smile")
    key(app, pygame.K_END)
    field = board.field
    assert shows(app, board.face, "face_dead")
    assert shows(app, pygame.Rect(field.x, field.y, CELL, CELL), "mine_exploded")
    assert shows(app, pygame.Rect(field.x + 6 * CELL, field.y + 6 * CELL, CELL, CELL), "mine")
    for box, digits in (("timer_box", "002"), ("mines_box", "002")):      # 1.5 s; no flag
        for i, digit in enumerate(digits):
            rect = board.digit_rect(getattr(board, box), i)
            assert shows(app, rect, f"led_{digit}")


def test_the_viewer_counts_more_than_999_mines_on_four_digits_as_the_game_did():
    """A 100x100 board of 2,499 mines: the game's mine counter has a fourth
    digit, and so has the viewer's (it showed 999, three digits, cut off)."""
    rows = ["." + "*" * 24 + "." * 75] + ["*" * 25 + "." * 75] * 99    # (0, 0) stays covered
    replay = Replay(width=100, height=100, mines=2499, marks=False, first_click="safe",
                    moves=((0, "R 99 99"), (400, "F 1 0"), (900, "F 2 0")),
                    result="unfinished", time_ms=1000, layout=tuple(rows))
    app = make_app(BOARD_8)
    replays.watch(app, replay, playing=False)
    key(app, pygame.K_END)
    board = app.top.layout.board
    assert board.counter_digits == 4
    for i, digit in enumerate("2497"):
        assert shows(app, board.digit_rect(board.mines_box, i), f"led_{digit}")


def test_the_progress_bar_has_a_tick_under_every_moment_a_move_was_played():
    times = [5 * i for i in range(300)] + [7000, 9000]          # many moves share a column
    replay = Replay(width=8, height=8, mines=1, marks=True, first_click="safe",
                    moves=tuple((t, "F 0 0") for t in times), result="unfinished",
                    time_ms=10000, layout=tuple(["*......."] + ["........"] * 7))
    app = make_app(BOARD_8)
    replays.watch(app, replay, playing=False)
    app.step()
    inner = app.top.layout.progress.inflate(-2, -2)
    expected = {inner.x + min(inner.w - 1, (2 * inner.w * t + 10000) // 20000) for t in times}
    row = inner.bottom - 1
    surface = app.display.surface

    def ticks(colour) -> set[int]:
        return {x for x in range(inner.x, inner.right)
                if tuple(surface.get_at(app.painter.px((x, row, 1, 1)).topleft))[:3] == colour}
    assert ticks((0, 0, 0)) == expected and len(expected) < len(times)
    app.top.playback.seek_fraction(0.8)                      # the played part turns navy
    app.step()
    split = inner.x + round(inner.w * 0.8)
    assert {x for x in ticks((255, 255, 255)) if x < split} == {x for x in expected if x < split}
    assert ticks((0, 0, 0)) == {x for x in expected if x >= split}


@settings(derandomize=True, max_examples=300, deadline=None)
@given(width=st.integers(1, 400), duration=st.integers(0, 100_000), data=st.data())
def test_tick_columns_marks_the_nearest_column_of_every_move_and_no_other(width, duration, data):
    """The bisecting search finds exactly the columns a look at every move
    finds (halves rounded up), as runs of adjacent columns that never touch."""
    times = sorted(data.draw(st.lists(st.integers(0, duration), max_size=60)))
    layout = SimpleNamespace(progress=pygame.Rect(9, 0, width + 2, 10))
    runs = tick_columns(layout, times, duration)
    scale = max(1, duration)
    assert [x for start, n in runs for x in range(start, start + n)] == sorted(
        {10 + min(width - 1, (2 * width * t + scale) // (2 * scale)) for t in times})
    assert all(n >= 1 for _, n in runs)
    assert all(a + n < b for (a, n), (b, _) in zip(runs, runs[1:], strict=False))


def test_the_viewer_keeps_checkpoints_ahead_while_it_shows_a_long_game(monkeypatch):
    from game.engine import Minefield
    from game.replay.timeline import CHECKPOINT_MOVES, Timeline
    moves = tuple((t, "F 1 1") for t in range(2000))           # flag, ?, covered, again
    replay = Replay(width=8, height=8, mines=1, marks=True, first_click="safe", moves=moves,
                    result="unfinished", time_ms=2000,
                    layout=tuple(["*......."] + ["........"] * 7))
    app = make_app(BOARD_8)
    replays.watch(app, replay, playing=False)
    ahead = []
    real_prepare = Timeline.prepare
    monkeypatch.setattr(Timeline, "prepare", lambda *a: ahead.append(1) or real_prepare(*a))
    app.step()
    assert ahead == []                              # the frame that draws it whole: nothing else
    app.step(3)
    assert ahead == [1]                             # a frame of three ticks: once
    for _ in range(2000 // CHECKPOINT_MOVES):       # one helping a frame
        app.step()
    applied = []
    real_apply = Minefield.apply
    monkeypatch.setattr(Minefield, "apply",
                        lambda self, move: applied.append(move) or real_apply(self, move))
    key(app, pygame.K_END)
    assert app.top.playback.moves == 2000 and len(applied) < CHECKPOINT_MOVES
    assert app.top.playback.field().cell(1, 1) == "#F?"[2000 % 3]        # the cycle's place



def test_a_seek_far_past_the_checkpoints_kept_is_played_over_frames_never_in_one(monkeypatch):
    """End pressed as the viewer shows a long game, before any checkpoint
    ahead is kept: the board shown fast-forwards, at most CATCH_UP_MOVES a
    frame (plus the checkpoints' own helping), each frame a true position of
    the game, until it is the end (at once, a 100x100 game's End took two
    frames' time)."""
    from game.engine import Minefield
    from game.replay.playback import CATCH_UP_MOVES
    from game.replay.timeline import CHECKPOINT_MOVES
    length = 3 * CATCH_UP_MOVES + 100
    moves = tuple((t, "F 1 1") for t in range(length))        # flag, ?, covered, again
    replay = Replay(width=8, height=8, mines=1, marks=True, first_click="safe", moves=moves,
                    result="unfinished", time_ms=length,
                    layout=tuple(["*......."] + ["........"] * 7))
    app = make_app(BOARD_8)
    replays.watch(app, replay, playing=False)
    app.step()                                      # shown whole
    applied = []
    real_apply = Minefield.apply
    monkeypatch.setattr(Minefield, "apply",
                        lambda self, move: applied.append(move) or real_apply(self, move))
    viewer = app.top
    key(app, pygame.K_END)
    shown = []
    for _ in range(6):
        assert len(applied) <= CATCH_UP_MOVES + CHECKPOINT_MOVES
        shown.append(viewer.playback.shown)
        assert viewer.playback.field().cell(1, 1) == "#F?"[viewer.playback.shown % 3]
        applied.clear()
        app.step()
    assert viewer.playback.moves == length
    assert shown[0] == CATCH_UP_MOVES                # not the end in one frame
    assert shown[-3:] == [length] * 3 and shown == sorted(shown)     # there, steadily
    assert viewer._state()[0] == length             # and drawn: the state drawn says so



# ---------------------------------------------------------------- read away from the window

class HeldWorker(SyncWorker):
    """A worker that answers only when the test says so, as a busy process
    would: the jobs wait in ``jobs`` until ``answer`` runs them."""

    def __init__(self) -> None:
        super().__init__()
        self.jobs: list = []

    def submit(self, tag, job, replaces=None) -> None:
        self.jobs.append((tag, job))

    def answer(self) -> None:
        for tag, job in self.jobs:
            super().submit(tag, job)
        self.jobs.clear()

    def cancel(self) -> None:
        self.jobs.clear()
        super().cancel()

    def close(self) -> None:
        self.jobs.clear()
        super().close()


def exported(tmp_path, app) -> list:
    """Two replay files: the game won on ``app`` and a copy claiming a loss."""
    good = tmp_path / "good.json"
    good.write_text(encode(app.last_replay))
    doc = json.loads(encode(app.last_replay))
    doc["result"] = "lost"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    return [good, bad]


def test_a_replay_file_is_read_and_checked_away_from_the_window(tmp_path, monkeypatch):
    from game.replay import decoding
    held = HeldWorker()
    app = make_app(BOARD_8, data_dir=tmp_path, loader=held)
    win(app)
    good, bad = exported(tmp_path, app)
    read_here = []
    real_decode = decoding.decode
    monkeypatch.setattr(decoding, "decode", lambda data: read_here.append(1) or
                        real_decode(data))
    app.commands.open_replay_file(good)
    app.step(3)
    assert app.top is app.play and read_here == [] and len(held.jobs) == 1    # not here
    held.answer()                          # the loader's process reads it (here: now)
    app.step()                             # received...
    assert app.top is app.play
    app.step()                             # ...and unpickled the next tick: opened
    assert isinstance(app.top, ReplayScreen) and app.top.replay == app.last_replay
    key(app, pygame.K_ESCAPE)
    app.commands.open_replay_file(bad)
    held.answer()
    app.step()
    assert isinstance(app.top, NoticeDialog)
    assert app.top.text == ("Cannot open the replay 'bad.json': the moves give 'won', the file"
                            " says 'lost'.")


def test_a_replay_from_the_loader_opens_one_step_a_frame(tmp_path, monkeypatch):
    """The frame that receives a replay from the loader's process (unpickled)
    does nothing more; the next ones build its timeline, count its 3BV,
    give the window its size, and draw the viewer whole, one a frame; only
    then does it play and look ahead. Keys but Esc and clicks meanwhile are
    ignored."""
    from game.engine import minefield
    from game.replay.timeline import Timeline
    held = HeldWorker()
    app = make_app(BOARD_8, data_dir=tmp_path, loader=held)
    win(app)
    good, _ = exported(tmp_path, app)
    app.commands.open_replay_file(good)
    app.step()
    game_rows = app.layout.rows
    done: list[tuple[str, int]] = []

    def noting(name, real):
        return lambda *a, **k: done.append((name, app.frames)) or real(*a, **k)

    monkeypatch.setattr(app, "fit_window", noting("fit", app.fit_window))
    monkeypatch.setattr(Timeline, "__init__", noting("timeline", Timeline.__init__))
    monkeypatch.setattr(minefield, "bbbv_regions", noting("3bv", minefield.bbbv_regions))
    monkeypatch.setattr(Timeline, "prepare", noting("ahead", Timeline.prepare))
    held.answer()                                 # (checked here, where it counts its 3BV)
    done.clear()
    app.step()                                    # the answer comes...
    assert app.top is app.play
    app.step()                                    # ...unpickled a frame later: the viewer
    viewer = app.top
    assert isinstance(viewer, ReplayScreen) and viewer.opening and done == []
    real_draw = viewer.draw
    monkeypatch.setattr(viewer, "draw", lambda *a: real_draw(*a) and (
        done.append(("drawn", app.frames)) or True))
    for _ in range(4):
        post(pygame.MOUSEBUTTONDOWN, button=1, pos=cell_pos(app, (4, 4)))   # clicks meanwhile
        post(pygame.MOUSEBUTTONUP, button=1, pos=cell_pos(app, (4, 4)))
        key(app, pygame.K_END)                                              # and a key
    first = done[0][1]
    assert done == [("timeline", first), ("3bv", first + 1), ("fit", first + 2),
                    ("drawn", first + 3)]
    assert app.layout.rows == 8 + STRIP_ROWS and game_rows != 8 + STRIP_ROWS
    assert not viewer.opening
    assert viewer.playback.t == 0 and viewer.playback.moves == 0      # END was ignored
    app.step()                                    # then it plays and looks ahead
    assert done[4:] == [("ahead", first + 4), ("drawn", first + 4)]
    key(app, pygame.K_END)
    key(app, pygame.K_HOME)                       # boards copied from the first one...
    assert [d for d in done if d[0] == "3bv"] == [("3bv", first + 1)]     # ...share its 3BV


def test_esc_while_a_replay_opens_gives_the_game_back_at_once(tmp_path):
    """Esc in the frames a replay takes to open leaves it: the game comes
    back, its window unchanged, and nothing of the viewer runs afterwards."""
    app = make_app(BOARD_8, data_dir=tmp_path)
    win(app)
    good, _ = exported(tmp_path, app)
    rows, size = app.layout.rows, app.display.surface.get_size()
    app.commands.open_replay_file(good)
    viewer = app.top
    assert isinstance(viewer, ReplayScreen) and viewer.opening
    app.step()                                    # its timeline built: still opening
    key(app, pygame.K_ESCAPE)
    app.step(5)
    assert app.top is app.play and app.layout.rows == rows
    assert app.display.surface.get_size() == size


def test_a_replay_is_unpickled_with_the_garbage_collector_paused(monkeypatch):
    """Unpickling a big replay makes thousands of objects: the collector,
    left running, swept them a few times in the frame (up to 6.4 ms for
    2 MB, against 3.5 paused). It runs again afterwards, and stays off if
    it was off."""
    import gc
    import pickle

    from game.ui import loading
    replay = Replay(width=8, height=8, mines=1, marks=True, first_click="safe",
                    moves=((0, "F 0 0"),), result="unfinished", time_ms=10,
                    layout=tuple(["*......."] + ["........"] * 7))
    seen = []
    real_loads = pickle.loads
    monkeypatch.setattr(loading.pickle, "loads",
                        lambda data: seen.append(gc.isenabled()) or real_loads(data))
    data = pickle.dumps(replay)
    assert loading.unpickled(data) == replay and seen == [False] and gc.isenabled()
    gc.disable()
    try:
        assert loading.unpickled(data) == replay and not gc.isenabled()
    finally:
        gc.enable()


def opening_cue_pixels(app) -> int:
    """Pixels of the "Opening the replay…" tip, in the window's top-right corner."""
    from game.ui.render.assist import OPENING, TIP, thinking_rect
    r = app.painter.px(thinking_rect(app.painter, app.layout, OPENING))
    s = app.display.surface
    return sum(1 for y in range(r.y, r.bottom) for x in range(r.x, r.right)
               if tuple(s.get_at((x, y)))[:3] == TIP)


def test_a_late_replay_shows_a_cue_over_the_window_until_it_opens(tmp_path):
    from game.ui.loading import LATE_TICKS
    held = HeldWorker()
    app = make_app(BOARD_8, data_dir=tmp_path, loader=held)
    win(app)
    good, _ = exported(tmp_path, app)
    app.commands.open_replay_file(good)
    app.step(LATE_TICKS)
    assert opening_cue_pixels(app) == 0 and LATE_TICKS == 6     # 100 ms at 60 ticks/s
    app.step()
    assert opening_cue_pixels(app) > 20
    app.commands.run("history")                  # a dialog meanwhile: the cue stays over it
    app.step()
    history = app.top
    assert history is not app.play and opening_cue_pixels(app) > 20
    held.answer()                                # dropped: the player moved on
    app.step(2)                                  # (received, then unpickled)
    assert app.top is history and opening_cue_pixels(app) == 0
    key(app, pygame.K_ESCAPE)
    app.commands.open_replay_file(good)
    held.answer()
    app.step(2)
    assert isinstance(app.top, ReplayScreen) and not app.replays.late
    assert opening_cue_pixels(app) == 0


def test_a_replay_that_comes_after_the_player_moved_on_is_not_shown(tmp_path):
    held = HeldWorker()
    app = make_app(BOARD_8, data_dir=tmp_path, loader=held)
    win(app)
    good, bad = exported(tmp_path, app)
    for path in (good, bad):
        app.commands.open_replay_file(path)
        app.commands.run("about")                 # another window meanwhile
        about = app.top
        held.answer()
        app.step()
        assert app.top is about                   # neither viewer nor notice on top of it
        key(app, pygame.K_ESCAPE)
    app.commands.open_replay_file(bad)
    app.commands.open_replay_file(good)           # the newer request wins
    held.answer()
    app.step(2)
    assert isinstance(app.top, ReplayScreen) and app.top.replay == app.last_replay


def test_replays_are_read_in_a_process_of_their_own_that_a_new_game_leaves_alone(tmp_path):
    from game.ui.worker import ProcessWorker
    loader = ProcessWorker(clock=lambda: 0.0)   # never hung: tests/ui/test_worker.py still_clock
    app = make_app(BOARD_8, data_dir=tmp_path, loader=loader)
    try:
        win(app)
        good, _ = exported(tmp_path, app)
        app.commands.open_replay_file(good)
        key(app, pygame.K_F2)                     # a new game cancels the computer's work
        assert loader.alive and loader.starts == 1
        assert step_until(app, loader, lambda: isinstance(app.top, ReplayScreen))
        assert app.top.replay == app.last_replay
    finally:
        app.close()
    assert not loader.alive                       # leaving the game ends it


def board_pixels(app) -> bytes:
    r = app.painter.px(app.top.layout.board.field)
    return pygame.image.tobytes(app.display.surface.subsurface(r), "RGB")


def test_the_viewer_redraws_only_what_changed_and_shows_what_a_fresh_drawing_shows():
    from ..replay.helpers import recorded
    _, replay = recorded("intermediate", "opening", seed=4)   # chords, marks, presses
    app = make_app(BOARD_8)
    replays.watch(app, replay)
    key(app, pygame.K_UP)                                 # faster: more boards in 400 ticks
    key(app, pygame.K_UP)
    viewer = app.top
    shown = set()
    for i in range(400):
        if i % 50 == 25:
            key(app, pygame.K_LEFT)                       # one move back, then play on
            key(app, pygame.K_SPACE)
        elif i == 200:
            key(app, pygame.K_HOME)
            key(app, pygame.K_SPACE)
        app.step()
        drawn = board_pixels(app)
        viewer.relayout()                                 # the whole board drawn afresh
        app.invalidate()
        app.step(0)
        assert board_pixels(app) == drawn, f"tick {i}"
        shown.add(drawn)
    assert len(shown) > 20                                # the board did change meanwhile


@pytest.mark.parametrize("level, shape", [("expert", "grid"), ("ring", "hex")])
def test_home_and_end_draw_the_viewer_afresh_as_asking_every_cell_draws(level, shape):
    """Home or End changes most of the view: it is drawn afresh a row at a
    time (asking each of a 100x100 game's cells took 6 to 9 ms of the
    frame), holes and hexagons included, and shows what a drawing asking
    every cell its code shows."""
    from ..replay.helpers import recorded
    _, replay = recorded(level, "opening", seed=4, shape=shape)
    app = make_app(BOARD_8)
    replays.watch(app, replay, playing=False)
    app.step()
    viewer = app.top
    view = viewer.board_view
    afresh = []
    real = view.draw_afresh
    view.draw_afresh = lambda *a: afresh.append(a[0]) or real(*a)
    for k in (pygame.K_END, pygame.K_HOME, pygame.K_END):
        key(app, k)
        app.step(3)
        drawn = board_pixels(app)
        rows, pressed = viewer.playback.field().view(), viewer.playback.pressed_cells()
        view.reset(viewer.scroll)
        view.update(view.cells_in_view(), lambda x, y, rows=rows, pressed=pressed: rows[y][x]
                    if (x, y) not in pressed else {"#": "p", "?": "q"}.get(rows[y][x], rows[y][x]))
        app.invalidate()
        app.step(0)
        assert board_pixels(app) == drawn
    assert len(afresh) >= 3


def test_a_frame_catching_up_with_a_far_seek_keeps_no_checkpoints_ahead_besides():
    """End on a long replay plays up to 512 moves a frame until the board
    shown reaches the end; playing 256 more in the same frame for the
    checkpoints ahead made it 10 ms on a 100x100 game. Those frames look
    no further ahead; once caught up, the viewer does again, and the board
    shown is the last one."""
    from ..replay.helpers import flag_cycle
    replay = flag_cycle(3000)
    app = make_app(BOARD_8)
    replays.watch(app, replay, playing=False)
    app.step()
    viewer = app.top
    timeline = viewer.playback.timeline
    prepared, real = [], timeline.prepare
    timeline.prepare = lambda *a: prepared.append(viewer.playback.shown) or real(*a)
    key(app, pygame.K_END)                             # a frame catching up
    frames = 1
    while viewer.playback.shown < 3000:
        app.step()
        frames += 1
    assert frames >= 5 and prepared == []
    app.step(3)
    assert prepared and viewer.playback.field().view() == replay_board_at(replay, 3000)


def replay_board_at(replay, moves: int) -> list[str]:
    """The view after ``moves`` of ``replay``'s moves, played afresh."""
    from game.engine import Minefield
    field = Minefield.from_layout(list(replay.layout))
    field.marks = replay.marks
    for _, text in replay.moves[:moves]:
        field.apply(text)
    return field.view()


def test_an_export_is_written_away_from_the_window_and_told_when_done(tmp_path, monkeypatch):
    import threading

    from game.ui import exporting
    app = make_app(BOARD_8, data_dir=tmp_path, background_reads=True)
    win(app)
    go, writers = threading.Event(), []
    real_write = exporting.write_new

    def held_write(path, data):
        writers.append(threading.get_ident())
        go.wait(10)
        real_write(path, data)
    monkeypatch.setattr(exporting, "write_new", held_write)
    first = replays.export(app, app.last_replay)
    second = replays.export(app, app.last_replay)       # the first is not on disk yet
    assert first != second and second.stem.endswith("~2")
    assert app.exports.pending == {first, second}
    app.step(5)
    assert app.top is app.play and not first.exists()  # the window goes on meanwhile
    go.set()
    app.exports.close()                                 # both written
    app.step()
    assert isinstance(app.top, NoticeDialog) and app.top.text.startswith("Replay saved as ")
    assert read_file(first) == read_file(second) == app.last_replay
    assert len(writers) == 2 and threading.get_ident() not in writers


def test_an_export_that_cannot_be_written_says_why(tmp_path, monkeypatch):
    import errno
    import os

    from game.ui import exporting
    app = make_app(BOARD_8, data_dir=tmp_path, background_reads=True)
    win(app)

    def full_disk(path, data):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    monkeypatch.setattr(exporting, "write_new", full_disk)
    path = replays.export(app, app.last_replay)
    app.exports.close()
    app.step()
    assert isinstance(app.top, NoticeDialog) and not path.exists()
    assert app.top.text == f"Cannot save the replay: {os.strerror(errno.ENOSPC)}."
    key(app, pygame.K_RETURN)
    monkeypatch.undo()
    path.parent.rmdir()
    path.parent.write_text("a file where the folder should be")
    replays.export(app, app.last_replay)
    app.exports.close()
    app.step()
    assert isinstance(app.top, NoticeDialog)     # it said only "File exists"
    assert app.top.text == f"Cannot save the replay: '{path.parent}' is not a folder."
    assert path.parent.read_text() == "a file where the folder should be"


def test_an_export_into_a_replays_folder_that_cannot_be_searched_says_why(tmp_path,
                                                                         monkeypatch):
    """A replays folder of mode 000 (restored from a backup, made by another
    user): looking for a free name there crashed the game with a
    PermissionError; the player is told the replay cannot be saved."""
    import errno

    from tests.store.test_unwritable import unsearchable
    app = make_app(BOARD_8, data_dir=tmp_path)
    win(app)
    folder = tmp_path / replays.EXPORT_FOLDER
    folder.mkdir()
    with unsearchable(folder, monkeypatch):
        path = replays.export(app, app.last_replay)
        app.exports.close()
        app.step()
        assert isinstance(app.top, NoticeDialog)
        assert app.top.text == f"Cannot save the replay: {os.strerror(errno.EACCES)}."
    assert not path.exists()


def test_an_export_never_replaces_a_file_another_copy_wrote_meanwhile(tmp_path, monkeypatch):
    """Two copies of the game exporting the same minute chose the same free
    name; the second write replaced the first copy's replay. The name is
    now taken only if free when written; else the next one is."""
    from game.ui import exporting
    app = make_app(BOARD_8, data_dir=tmp_path)
    win(app)
    chosen = tmp_path / replays.EXPORT_FOLDER / replays.export_name(app.last_replay)
    real_encode = exporting.encode_giving_way

    def other_copy_first(replay):
        chosen.write_text("the other copy's replay")     # between the choice and the write
        return real_encode(replay)
    monkeypatch.setattr(exporting, "encode_giving_way", other_copy_first)
    assert replays.export(app, app.last_replay) == chosen
    app.exports.close()
    app.step()
    assert chosen.read_text() == "the other copy's replay"
    written = chosen.with_name(f"{chosen.stem}~2.json")
    assert read_file(written) == app.last_replay
    assert isinstance(app.top, NoticeDialog) and app.top.text == f"Replay saved as '{written}'."
    assert sorted(p.name for p in chosen.parent.iterdir()) == [chosen.name, written.name]


def test_leaving_the_game_finishes_an_export_under_way(tmp_path, monkeypatch):
    import threading

    from game.ui import exporting
    app = make_app(BOARD_8, data_dir=tmp_path, background_reads=True)
    win(app)
    leaving = threading.Event()
    real_write, real_close = exporting.write_new, app.exports.close

    def write_once_leaving(path, data):
        leaving.wait(10)
        real_write(path, data)

    def close():
        leaving.set()
        real_close()
    monkeypatch.setattr(exporting, "write_new", write_once_leaving)
    monkeypatch.setattr(app.exports, "close", close)
    path = replays.export(app, app.last_replay)
    app.close()
    assert read_file(path) == app.last_replay


def test_the_viewer_timer_shows_what_the_game_timer_showed_after_each_move():
    """Flags placed before the first opening leave the game's clock at 0."""
    app = make_app(BOARD_8)
    shown = []
    for cell, button, wait in [((0, 1), RIGHT, 30), ((0, 0), RIGHT, 30), ((7, 7), 1, 90),
                               ((1, 1), RIGHT, 30)]:
        click(app, cell, button)
        shown.append(app.play.session.chrono.display_seconds())
        app.step(wait)
    assert shown == [0, 0, 1, 2]
    key(app, pygame.K_F2)                          # abandoned: its replay is the last one
    assert [text[0] for _, text in app.last_replay.moves] == ["F", "F", "R", "F"]
    viewer = open_viewer(app)
    key(app, pygame.K_SPACE)                       # pause, then step move by move
    key(app, pygame.K_HOME)
    replayed = []
    for _ in shown:
        key(app, pygame.K_RIGHT)
        replayed.append(viewer.playback.timer_seconds())
    assert replayed == shown


def test_a_replay_file_removed_while_the_list_is_read_leaves_the_others_listed(tmp_path,
                                                                                monkeypatch):
    """A file deleted between the folder's listing and its date (another copy
    of the game, a player tidying up) emptied the whole list."""
    from pathlib import Path

    from game.ui.screens.open_replay import replay_files
    for age, name in enumerate(("new", "old", "gone")):
        path = tmp_path / f"{name}.json"
        path.write_text("{}", encoding="utf-8")
        os.utime(path, (1_000_000 - age * 1000, 1_000_000 - age * 1000))
    real_stat, looks = Path.stat, []

    def stat_once_then_gone(self, *args, **kwargs):
        if self.name == "gone.json":
            looks.append(self)
            if len(looks) > 1:                       # deleted after its first look
                raise FileNotFoundError(2, "No such file or directory", str(self))
        return real_stat(self, *args, **kwargs)

    monkeypatch.setattr(Path, "stat", stat_once_then_gone)
    names = [p.name for p in replay_files(tmp_path)]
    assert names[:2] == ["new.json", "old.json"] and set(names) <= {"new.json", "old.json",
                                                                     "gone.json"}


def test_a_jump_on_a_board_bigger_than_the_window_looks_only_at_the_cells_in_view():
    """End on a 100x100 replay changes every cell at once: listing the
    10,000 for a view of a few hundred made half of a 16-20 ms frame. The
    cells handed to the board view are those in view, and they are drawn:
    here most of the view, drawn afresh from the rows in view."""
    rows = ["." * 100 for _ in range(99)] + ["." * 99 + "*"]
    replay = Replay(width=100, height=100, mines=1, marks=True, first_click="safe",
                    moves=((0, "R 0 0"),), result="won", time_ms=1000, layout=tuple(rows))
    app = make_app(BOARD_8)
    replays.watch(app, replay, playing=False)
    viewer = app.top
    board = viewer.layout.board
    assert board.scrolls
    handed: list[list[tuple[int, int]]] = []
    real = viewer.board_view.update

    def update(cells, code_of):
        handed.append(list(cells))
        return real(handed[-1], code_of)
    viewer.board_view.update = update
    afresh = []
    real_afresh = viewer.board_view.draw_afresh
    viewer.board_view.draw_afresh = lambda *a: afresh.append(a[0]) or real_afresh(*a)
    key(app, pygame.K_END)
    sx, sy = viewer.scroll
    assert afresh == [(sx, sy)]
    cells = [c for cells in handed for c in cells]
    assert len(cells) <= board.view_cols * board.view_rows
    assert all(sx <= x < sx + board.view_cols and sy <= y < sy + board.view_rows
               for x, y in cells)
    assert shows(app, board.cell_rect((sx, sy), (sx, sy)), "open_0")


@pytest.mark.parametrize("tap", ["copy first", "finger first", None])
def test_a_double_tap_on_the_viewer_s_face_a_few_pixels_apart_keeps_the_game(tap):
    """A finger's second tap lands a few pixels from its first (so may a
    hand's second click): only a press within two display pixels was spent,
    and a double tap on the viewer's face, its second tap on the game's face
    drawn in the same place, started a new game, the one under way thrown
    away."""
    app, at = viewer_over_a_game_under_way()
    game = app.play.session
    face = app.painter.px(app.top.layout.board.face)
    assert face.collidepoint((at[0] + 5, at[1] + 4))
    if tap:
        sdl_tap(app, at, copy_first=tap == "copy first")
        assert app.top is app.play
        sdl_tap(app, (at[0] + 5, at[1] + 4), copy_first=tap == "copy first")
    else:
        click_at(app, at)
        assert app.top is app.play
        click_at(app, (at[0] + 5, at[1] + 4))
    app.step(30)
    assert app.play.session is game and app.play.field.status == "playing"


def click_at(app, pos):
    press(app, pos)
    release(app, pos)
