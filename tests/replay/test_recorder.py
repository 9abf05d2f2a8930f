"""The recorder keeps a compact pointer track: a sample only when the cell or
the buttons change, the last one replaced at the same moment, none past the
cap, and the game's replay ends the track with the game."""

from __future__ import annotations

import game.replay.recorder as recorder_module
from game.engine import Minefield
from game.replay import Recorder, Timeline, check, decode, encode, replay_of
from game.replay.playback import Playback


def test_only_changes_are_kept_and_a_same_moment_sample_replaces_the_last():
    recorder = Recorder()
    recorder.point(0, (1, 1), 0)
    recorder.point(16, (1, 1), 0)            # nothing changed
    recorder.point(32, (2, 1), 0)
    recorder.point(32, (2, 1), 1)            # pressed in the same moment
    recorder.point(48, None, 0)              # off the board
    assert list(recorder.pointer) == [(0, 1, 1, 0), (32, 2, 1, 1), (48, -1, -1, 0)]


def test_the_track_stops_growing_at_its_cap_with_the_pointer_gone(monkeypatch):
    """The last place of a full track says the pointer left, no button
    held: a sample with the left button down there kept the cell pressed
    (and the face's "oh") in the viewer for the rest of the game."""
    monkeypatch.setattr(recorder_module, "MAX_POINTER", 3)
    recorder = Recorder()
    for i in range(10):
        recorder.point(i * 16, (i, 0), 1)
    assert list(recorder.pointer) == [(0, 0, 0, 1), (16, 1, 0, 1), (32, -1, -1, 0)]
    field = Minefield.from_layout(["*......."] + ["........"] * 7)
    field.reveal(1, 1)                                  # a 1: the game goes on
    recorder.stamp(field.move_count, 0)
    playback = Playback(Timeline(replay_of(field, recorder, result="unfinished", time_ms=1000,
                                           first_click="safe")))
    playback.seek(500)
    playback.settle()
    assert playback.face() == "smile" and playback.pressed_cells() == set()


def test_the_replay_ends_the_track_when_the_game_ends():
    field = Minefield(8, 8, 10, seed=1)
    field.reveal(0, 0)
    recorder = Recorder()
    recorder.stamp(field.move_count, 0)
    for i in range(5):
        recorder.point(i * 100, (i, 0), 0)
    replay = replay_of(field, recorder, result="unfinished", time_ms=250, first_click="safe")
    assert list(replay.pointer.times) == [0, 100, 200, 250, 250]
    assert list(recorder.pointer.times) == [0, 100, 200, 300, 400]


BOARD = ["*.......", "........", "........", "........",
         "........", "........", "......*.", "........"]


def held(cell, modes=(), buttons=1, questions=()) -> set:
    """The cells the viewer shows pressed with ``buttons`` held (the left
    one by default) on ``cell`` after the opening click, under ``modes``,
    the ``questions`` cells marked "?"."""
    from game.replay import Replay, decode, encode
    from game.replay.track import PointerTrack
    field = Minefield.from_layout(BOARD)
    field.reveal(3, 3)                                    # all but the corners open
    for x, y in questions:
        field.toggle_flag(x, y)
        field.toggle_flag(x, y)
    base = replay_of(field, Recorder(), result="unfinished", time_ms=200, first_click="opening")
    replay = Replay(**{**base.__dict__, "pointer": PointerTrack([100], [cell[0]], [cell[1]], [buttons]),
                       "modes": modes})
    playback = Playback(Timeline(decode(encode(replay))))
    playback.seek(150)
    playback.settle()
    return playback.pressed_cells()


def test_a_replay_without_modes_is_shown_with_the_default_settings():
    """Files made before modes were kept: a left press on a number chords,
    one on a covered cell pushes it in, as the viewer always showed them."""
    assert held((1, 1)) == {(0, 0)}
    assert held((7, 7)) == {(7, 7)}


def test_the_viewer_shows_a_left_press_as_the_settings_of_the_moment_made_it():
    assert held((1, 1), ((0, "chord_left_click", False),)) == set()
    assert held((7, 7), ((0, "flag_mode", True),)) == set()
    assert held((7, 7), ((0, "flag_mode", True), (120, "flag_mode", False))) == {(7, 7)}
    assert held((7, 7), ((0, "flag_mode", True), (180, "flag_mode", False))) == set()


def test_the_viewer_pushes_in_a_question_mark_held_down_as_the_game_did():
    """A "?" can be opened: the game pushes it in under the left button
    and under a chord, so the replay of that moment must too (a viewer
    that took only "#" for covered showed it raised)."""
    assert held((7, 7), questions=[(7, 7)]) == {(7, 7)}
    assert held((1, 1), questions=[(0, 0)]) == {(0, 0)}                  # a left chord
    assert held((1, 1), buttons=2, questions=[(0, 0)]) == {(0, 0)}       # the middle button


def test_a_won_game_ended_after_its_last_stamp_ends_at_its_last_move_and_checks():
    """The game's time (the clock when the win was seen) may pass the last
    move's stamp; the last move is then moved to it, since it ended the
    game. Left at its stamp, the replay said "time_ms 1000 is not the
    time of the last move", and the game's own file was refused."""
    field = Minefield.from_layout(["*......."] + ["........"] * 5 + [".......*", "........"])
    recorder = Recorder()
    for move, t in (("R 3 3", 400), ("F 0 0", 700), ("R 7 7", 900)):   # the corner 1 last
        field.apply(move)
        recorder.stamp(field.move_count, t)
    assert field.status == "won"
    replay = replay_of(field, recorder, result="won", time_ms=1000, first_click="safe")
    assert [t for t, _move in replay.moves] == [0, 700, 1000]
    assert replay.time_ms == 1000
    checked = check(decode(encode(replay)))
    assert (checked.result, checked.time_ms) == ("won", 1000)
