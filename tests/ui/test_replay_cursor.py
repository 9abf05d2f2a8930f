"""A game played from the keyboard is replayed with its keyboard cursor where
the player had it, as a mouse game is with its pointer: it was replayed as
cells opening beside a still arrow (the mouse resting on the field)."""

from __future__ import annotations

import dataclasses

import pygame

from game.replay import Replay, Timeline, decode, encode
from game.ui.screens.notice import NoticeDialog

from .helpers import BOARD_8, cell_pos, key, make_app, move, post, shows
from .test_replays import board_surface, open_viewer

ARROWS = {(1, 0): pygame.K_RIGHT, (-1, 0): pygame.K_LEFT, (0, 1): pygame.K_DOWN,
          (0, -1): pygame.K_UP}


def press_key(app, k: int, step) -> None:
    post(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
    step()
    post(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)
    step()


def walk_to(app, cell: tuple[int, int], step) -> None:
    """The cursor taken to ``cell`` by the arrows, one key a step."""
    while app.play.cursor != cell:
        x, y = app.play.cursor
        dx = (cell[0] > x) - (cell[0] < x)
        dy = 0 if dx else (cell[1] > y) - (cell[1] < y)
        press_key(app, ARROWS[dx, dy], step)


def play_by_keys(app, frames: list) -> None:
    """The mouse rests on the field's corner cell; the keys show the cursor,
    take it round, open and flag, and end the game on a mine."""
    field = app.play.field

    def step() -> None:
        app.step()
        if app.play.session.chrono.running and not app.play.session.ended:
            frames.append((app.play.session.elapsed_ms(), len(field.moves),
                           board_surface(app.play.board_view), app.play.face()[0]))

    move(app, cell_pos(app, (7, 0)), buttons=(0, 0, 0))
    press_key(app, pygame.K_RIGHT, step)                   # shows the cursor, plays nothing
    assert app.play.cursor is not None and not field.moves
    for cell, k in [((4, 4), pygame.K_SPACE), ((1, 0), pygame.K_f), ((2, 1), pygame.K_SPACE),
                    ((0, 1), pygame.K_SPACE), ((6, 6), pygame.K_RETURN)]:
        walk_to(app, cell, step)
        for _ in range(3):
            step()
        press_key(app, k, step)
        for _ in range(3):
            step()
    assert app.play.session.ended


def test_every_frame_of_a_game_played_with_the_keys_is_a_frame_of_its_replay():
    app = make_app(BOARD_8)
    frames: list = []
    play_by_keys(app, frames)
    viewer = open_viewer(app)
    post(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)   # pause
    app.step()
    playback = viewer.playback
    assert len(frames) > 20
    for (t, moves, *drawn), following in zip(frames, [*frames[1:], None], strict=True):
        playback.seek(t)
        app.step()
        if playback.shown > moves and playback.timeline.time_of(playback.shown) == t:
            if following is None:           # the losing move, in the last frame's time
                break
            _, moves, *drawn = following
        assert playback.shown == moves, t
        assert [board_surface(viewer.board_view), playback.face()] == drawn, t


def test_the_cursor_shows_at_the_end_where_the_losing_key_was_pressed_without_an_arrow():
    """The mine set off by Enter under the cursor: the viewer shows the
    cursor on it, and the arrow still where the mouse rested, not on it."""
    app = make_app(BOARD_8)
    play_by_keys(app, [])
    viewer = open_viewer(app)
    post(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode="", scancode=0)
    app.step(3)
    board = viewer.layout.board
    assert viewer.playback.cursor() == (6, 6)
    assert shows(app, board.cell_rect((6, 6), viewer.scroll), "cursor")
    assert not shows(app, board.cell_rect((5, 6), viewer.scroll), "cursor")
    assert viewer.playback.pointer().cell == (7, 0)


def test_the_cursor_survives_the_file_and_a_replay_without_it_shows_none():
    app = make_app(BOARD_8)
    play_by_keys(app, [])
    replay = app.last_replay
    assert replay.cursor and replay.cursor[-1][1:] == (6, 6)
    assert decode(encode(replay)) == replay
    older = dataclasses.replace(replay, cursor=())          # as replays were made before
    assert '"cursor"' not in encode(older)
    timeline = Timeline(decode(encode(older)))
    assert timeline.cursor_at(0) is None and timeline.cursor_at(replay.time_ms) is None


def test_a_file_with_the_cursor_on_a_hole_is_refused_in_a_notice(tmp_path):
    """The game's arrows step over a shaped field's holes; a made-up file
    putting the cursor on one ended the viewer's first frame in a traceback
    (a hole's tile drawn with the cursor over it)."""
    path = tmp_path / "holed.json"
    path.write_text(encode(Replay(
        width=8, height=8, mines=1, marks=True, first_click="safe",
        moves=((0, "F 0 0"),), result="unfinished", time_ms=200,
        layout=("*.......", ". ......") + ("........",) * 6,
        cursor=((0, 2, 1), (150, 1, 1)))), encoding="utf-8")
    app = make_app(data_dir=tmp_path / "data")
    app.commands.open_replay_file(path)
    for _ in range(6):
        app.step()
    assert isinstance(app.top, NoticeDialog)
    assert "cursor entry 2: cell 1 1 is on a hole of the shaped field" in app.top.text


def test_a_game_auto_play_ended_is_replayed_to_its_end_without_the_cursor():
    """Auto-play's last move ends the game and its cursor goes (the game's
    last picture shows none); the replay ended showing it on the last cell
    played, on every shape (seen on hexagons: a dotted hexagon on the won
    board in the viewer, none in the game)."""
    from .test_assist import play_out
    for shape in ("hex", "torus", "grid"):
        app = make_app(level="beginner", shape=shape, no_guess=True, seed=5)
        key(app, pygame.K_a)
        play_out(app)
        assert app.play.field.status == "won"
        app.step(2)
        assert app.play.cursor is None                       # the game shows none
        replay = app.last_replay
        assert Timeline(replay).cursor_at(replay.time_ms) is None, shape
        viewer = open_viewer(app)
        post(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode="", scancode=0)
        app.step(3)
        assert viewer.playback.cursor() is None
        last = max(replay.cursor, key=lambda entry: entry[0])
        assert last[1:] == (-1, -1), shape
        board = viewer.layout.board
        x, y = (int(v) for v in replay.moves[-1][1].split()[1:3])
        sprite = "hex_cursor" if shape == "hex" else "cursor"
        assert not shows(app, board.cell_rect((x, y), viewer.scroll), sprite), shape
