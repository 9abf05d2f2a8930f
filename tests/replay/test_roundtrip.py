"""Record -> export -> import -> replay gives the very same game, move by move."""

from __future__ import annotations

import pytest

from game.engine import FIRST_CLICK_RULES, LEVELS, SHAPES, Minefield
from game.replay import Recorder, Timeline, check, decode, encode, read_file, replay_of, write_file

from .helpers import played_game, recorded, result_of


@pytest.mark.parametrize("rule", FIRST_CLICK_RULES)
@pytest.mark.parametrize("level", list(LEVELS))
def test_replayed_view_is_identical_after_every_move(level, rule, tmp_path):
    field, recorder = played_game(level, rule, seed=11)
    # the views the player saw, move by move, played again from the seed
    size = LEVELS[level]
    again = Minefield(size.width, size.height, size.mines, seed=11, first_click=rule)
    seen = [again.view()]
    for move in field.moves:
        again.apply(move)
        seen.append(again.view())
    replay = replay_of(field, recorder, result=result_of(field), time_ms=recorder.times[-1],
                       first_click=rule, level=level)
    path = tmp_path / "game.json"
    write_file(path, replay)
    loaded = read_file(path)
    assert loaded == replay
    timeline = Timeline(loaded)
    assert timeline.length == len(seen) - 1
    for k, view in enumerate(seen):
        assert timeline.field_at(k).view() == view
    for k in (len(seen) // 2, 1, len(seen) - 1, 0, 40):        # seeking back and forth
        assert timeline.field_at(k).view() == seen[min(k, len(seen) - 1)]
    assert check(loaded).result == result_of(field)


@pytest.mark.parametrize("level", ["beginner", "expert", "heart"])
@pytest.mark.parametrize("shape", SHAPES)
def test_replayed_view_is_identical_after_every_move_on_every_shape(shape, level, tmp_path):
    field, recorder = played_game(level, "opening", seed=5, shape=shape)
    again = Minefield.from_layout(field.layout(), shape=shape)     # the mines as laid
    seen = [again.view()]
    for move in field.moves:
        again.apply(move)
        seen.append(again.view())
    assert seen[-1] == field.view()
    replay = replay_of(field, recorder, result=result_of(field), time_ms=recorder.times[-1],
                       first_click="opening", level=level)
    path = tmp_path / "game.json"
    write_file(path, replay)
    loaded = read_file(path)
    assert loaded == replay and loaded.shape == shape
    timeline = Timeline(loaded)
    for k, view in enumerate(seen):
        assert timeline.field_at(k).view() == view
    assert check(loaded).result == result_of(field)


def test_unfinished_game_and_marks_switch_round_trip():
    field, recorder = played_game("intermediate", "safe", seed=3, stop_after=12)
    field.marks = False                       # switched during the game: an "M 0" move
    field.toggle_flag(0, 0)
    field.toggle_flag(0, 0)
    recorder.stamp(field.move_count, 9000)
    replay = replay_of(field, recorder, result="unfinished", time_ms=9500, first_click="safe")
    assert any(text == "M 0" for _, text in replay.moves)
    loaded = decode(encode(replay))
    assert loaded.marks is True and check(loaded).result == "unfinished"
    assert Timeline(loaded).field_at(len(loaded.moves)).view() == field.view()


def test_no_guess_board_is_kept_by_its_layout_alone():
    from game.solver import no_guess_layer
    field = Minefield(9, 9, 10, seed=4, layer=no_guess_layer)
    field.reveal(4, 4)
    replay = replay_of(field, Recorder(), result=result_of(field), time_ms=0,
                       first_click="opening", seeded=False)
    assert replay.seed is None and replay.layout == tuple(field.layout())
    assert Timeline(decode(encode(replay))).field_at(1).view() == field.view()


def test_figures_follow_the_game():
    field, replay = recorded("expert", "opening", seed=8)
    timeline = Timeline(replay)
    first = timeline.figures(1, 0)
    last = timeline.figures(timeline.length, replay.time_ms)
    assert first.bbbv == last.bbbv == field.stats().bbbv
    assert first.solved_bbbv < last.solved_bbbv == field.stats().solved_bbbv
    assert last.clicks == field.stats().clicks
    assert last.bbbv_per_second == pytest.approx(last.solved_bbbv * 1000 / replay.time_ms)


def test_pointer_track_is_compact_and_read_back():
    _, replay = recorded("beginner", "opening", seed=2)
    timeline = Timeline(replay)
    track = replay.pointer
    assert track and all(a[1:] != b[1:] for a, b in zip(track, track[1:], strict=False))
    t, x, y, buttons = replay.pointer[0]
    pointer = timeline.pointer_at(t)
    assert pointer.cell == (x, y) and pointer.buttons == buttons
    assert timeline.pointer_at(-1) is None


def test_seeking_replays_from_the_nearest_checkpoint_and_shows_the_same_boards(monkeypatch):
    import random

    from game.replay import timeline as timeline_module
    monkeypatch.setattr(timeline_module, "CHECKPOINT_MOVES", 16)
    field, recorder = played_game("expert", "opening", seed=11)
    again = Minefield.from_layout(field.layout())
    seen = [again.view()]
    for move in field.moves:
        again.apply(move)
        seen.append(again.view())
    replay = replay_of(field, recorder, result=result_of(field), time_ms=recorder.times[-1],
                       first_click="opening", level="expert")
    timeline = Timeline(replay)
    assert timeline.length > 64
    applied = []
    real_apply = Minefield.apply
    monkeypatch.setattr(Minefield, "apply",
                        lambda self, move: applied.append(move) or real_apply(self, move))
    assert timeline.field_at(timeline.length).view() == seen[-1]       # the first pass
    for k in random.Random(3).sample(range(timeline.length + 1), 40):
        applied.clear()
        assert timeline.field_at(k).view() == seen[k]
        assert len(applied) < 16                      # from a checkpoint, never from the start
    assert timeline.field_at(0).view() == seen[0]


def test_prepare_keeps_every_checkpoint_ahead_so_the_first_seek_to_the_end_is_short(monkeypatch):
    from game.replay import timeline as timeline_module
    monkeypatch.setattr(timeline_module, "CHECKPOINT_MOVES", 16)
    field, recorder = played_game("expert", "opening", seed=11)
    replay = replay_of(field, recorder, result=result_of(field), time_ms=recorder.times[-1],
                       first_click="opening", level="expert")
    timeline = Timeline(replay)
    calls = 0
    while timeline.prepare(16):
        calls += 1
    assert calls == (timeline.length - 1) // 16 and not timeline.prepare(16)
    applied = []
    real_apply = Minefield.apply
    monkeypatch.setattr(Minefield, "apply",
                        lambda self, move: applied.append(move) or real_apply(self, move))
    assert timeline.field_at(timeline.length).view() == field.view()
    assert len(applied) < 16
    assert timeline.field_at(0).view() == Minefield.from_layout(field.layout()).view()


def test_a_very_long_game_keeps_checkpoints_farther_apart_not_more_of_them(monkeypatch):
    from game.replay import timeline as timeline_module
    monkeypatch.setattr(timeline_module, "CHECKPOINT_MOVES", 16)
    monkeypatch.setattr(timeline_module, "MAX_CHECKPOINTS", 4)
    field, recorder = played_game("expert", "opening", seed=11)
    replay = replay_of(field, recorder, result=result_of(field), time_ms=recorder.times[-1],
                       first_click="opening", level="expert")
    timeline = Timeline(replay)
    assert timeline.length > 4 * 16 * 2
    while timeline.prepare(16):
        pass
    assert len(timeline._checkpoints) <= 4 + 1          # the start, and at most four more
    assert timeline.field_at(timeline.length).view() == field.view()


def test_a_long_pointer_track_is_encoded_a_chunk_at_a_time_as_one_array(monkeypatch):
    import json

    from game.replay import encoding
    from game.replay.track import PointerTrack
    _, replay = recorded("beginner", "opening", seed=2)
    samples = [(t * 7, t % 9, t % 5 - 1, t % 8) for t in range(50)]
    long = type(replay)(**{**replay.__dict__, "pointer": PointerTrack.of(samples),
                           "time_ms": 10 ** 6})
    monkeypatch.setattr(encoding, "CHUNK", 6)       # chunks end mid-track
    text = encode(long)
    doc = json.loads(text)
    assert list(doc)[-1] == "pointer" and text.endswith("]}\n")
    assert doc["pointer"][:8] == [0, 0, -1, 0, 7, 1, 0, 1]   # dt from the previous sample
    assert decode(text).pointer == long.pointer


def test_flag_mode_and_left_click_chords_round_trip_and_a_default_game_does_not_name_them():
    field, replay = recorded("beginner", "safe", seed=2)
    assert replay.modes == () and '"modes"' not in encode(replay)     # as files always were
    recorder = Recorder()
    recorder.left_click(0, True, True)
    recorder.left_click(16, True, True)                   # no change: nothing kept
    recorder.left_click(400, False, False)
    with_modes = replay_of(field, recorder, result=replay.result, time_ms=replay.time_ms,
                           first_click="safe")
    assert with_modes.modes == ((0, "flag_mode", True), (400, "flag_mode", False),
                                (400, "chord_left_click", False))
    assert decode(encode(with_modes)) == with_modes


@pytest.mark.parametrize("rule", FIRST_CLICK_RULES)
def test_a_replays_3bv_is_counted_once_however_often_it_seeks(monkeypatch, rule):
    """Each board a seek copied from a checkpoint counted the 3BV again (3 to
    4 ms on 100x100, in the frame showing the seek's end): counted once, the
    count is shared by every board with the same mines."""
    import random

    from game.engine import minefield as minefield_module
    from game.replay import timeline as timeline_module
    monkeypatch.setattr(timeline_module, "CHECKPOINT_MOVES", 16)
    for seed in range(5, 50):                     # a game long enough to seek in
        field, recorder = played_game("expert", rule, seed=seed)
        if len(field.moves) > 40:
            break
    bbbv = field.stats().bbbv
    replay = replay_of(field, recorder, result=result_of(field), time_ms=recorder.times[-1],
                       first_click=rule, level="expert")
    timeline = Timeline(replay)
    while timeline.prepare():
        pass
    counted = []
    real = minefield_module.bbbv_regions
    monkeypatch.setattr(minefield_module, "bbbv_regions",
                        lambda *args: counted.append(1) or real(*args))
    seeks = [timeline.length, 1, *random.Random(2).sample(range(1, timeline.length), 20)]
    for k in seeks:
        assert timeline.figures(k, timeline.time_of(k)).bbbv == bbbv
    assert counted == [1]
