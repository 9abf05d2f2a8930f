"""The keyboard cursor kept in a replay (``game.replay.cursor``): optional,
so a file made before it, or by a copy that does not know it, reads as it
did, and one with it reads the same everywhere else."""

from __future__ import annotations

import dataclasses
import json

import pytest

from game.replay import Recorder, Timeline, decode, encode
from game.replay import cursor as cursor_module
from game.replay.cursor import MAX_CURSOR

from .helpers import recorded


def test_a_file_without_the_cursor_reads_as_before_with_no_cursor():
    _, replay = recorded("beginner", "safe", seed=3)
    doc = json.loads(encode(replay))
    assert "cursor" not in doc
    assert decode(json.dumps(doc)).cursor == ()


def test_a_file_with_the_cursor_reads_the_same_in_every_other_field():
    """What an older reader, which ignores a field it does not know, reads
    of a newer file: the same replay but the cursor."""
    _, replay = recorded("beginner", "safe", seed=3)
    moved = dataclasses.replace(replay, cursor=((0, 4, 4), (50, 5, 4), (replay.time_ms, -1, -1)))
    doc = json.loads(encode(moved))
    assert doc["cursor"] == [[0, 4, 4], [50, 5, 4], [replay.time_ms, -1, -1]]
    assert dataclasses.replace(decode(json.dumps(doc)), cursor=()) == replay
    timeline = Timeline(decode(json.dumps(doc)))
    assert [timeline.cursor_at(t) for t in (0, 49, 50, replay.time_ms)] == \
        [(4, 4), (4, 4), (5, 4), None]


def test_the_recorder_keeps_the_cursor_when_it_moves_and_once_a_moment():
    recorder = Recorder()
    for t, cell in [(0, None), (10, (4, 4)), (20, (4, 4)), (30, (5, 4)), (30, (6, 4)),
                    (40, None), (50, None)]:
        recorder.keyboard_cursor(t, cell)
    assert recorder.cursor == [(10, 4, 4), (30, 6, 4), (40, -1, -1)]


def test_a_full_cursor_track_ends_hidden(monkeypatch):
    """As the pointer track does: the last entry kept hides the cursor, or
    it stayed on its cell for the rest of a very long game."""
    monkeypatch.setattr(cursor_module, "MAX_CURSOR", 3)
    recorder = Recorder()
    for t in range(10):
        recorder.keyboard_cursor(t, (t % 8, 0))
    assert recorder.cursor == [(0, 0, 0), (1, 1, 0), (2, -1, -1)]
    assert MAX_CURSOR == 100_000


def test_a_cursor_longer_than_the_most_kept_is_refused():
    """A hostile file cannot make the viewer hold more than
    :data:`MAX_CURSOR` cursor moves, however valid each one is."""
    _, replay = recorded("beginner", "safe", seed=3)
    doc = json.loads(encode(replay))
    doc["cursor"] = [[0, -1, -1]] * MAX_CURSOR
    assert len(decode(json.dumps(doc)).cursor) == MAX_CURSOR
    doc["cursor"].append([0, -1, -1])
    with pytest.raises(ValueError, match="cursor must be a list of at most 100,000"):
        decode(json.dumps(doc))
