"""The pointer track kept as columns reads exactly like its samples."""

from __future__ import annotations

import pickle

import pytest

from game.replay.track import PointerTrack

SAMPLES = [(0, 3, 4, 1), (96, 3, 4, 0), (326, -1, -1, 0), (10 ** 9, 99, 0, 7)]


def test_a_track_reads_like_the_tuple_of_its_samples():
    track = PointerTrack.of(SAMPLES)
    assert len(track) == 4 and list(track) == SAMPLES
    assert track[0] == SAMPLES[0] and track[-1] == SAMPLES[-1]
    assert track[1:3] == tuple(SAMPLES[1:3]) and track[::-1] == tuple(reversed(SAMPLES))
    assert list(track.times) == [t for t, _, _, _ in SAMPLES]
    assert not PointerTrack() and len(PointerTrack.of([])) == 0


def test_equal_tracks_are_equal_hash_alike_and_survive_pickling():
    track = PointerTrack.of(SAMPLES)
    same = PointerTrack.of(list(SAMPLES))
    other = PointerTrack.of(SAMPLES[:-1] + [(10 ** 9, 99, 0, 6)])
    assert track == same and hash(track) == hash(same) and track != other
    assert track != tuple(SAMPLES)                    # a track, not a tuple
    back = pickle.loads(pickle.dumps(track))
    assert back == track and list(back) == SAMPLES


def test_columns_of_different_lengths_are_refused():
    with pytest.raises(ValueError, match="one value per sample"):
        PointerTrack([0, 1], [0], [0], [0])


def test_a_track_grows_by_appending_and_replacing_its_last_sample():
    track = PointerTrack()
    track.append(SAMPLES[0])
    track.append(SAMPLES[1])
    track.replace_last(SAMPLES[2])
    assert list(track) == [SAMPLES[0], SAMPLES[2]]


def test_until_moves_later_moments_back_and_leaves_the_track_alone():
    track = PointerTrack.of(SAMPLES)
    cut = track.until(100)
    assert list(cut.times) == [0, 96, 100, 100]
    assert (list(cut.xs), list(cut.buttons)) == ([3, 3, -1, 99], [1, 0, 0, 7])
    assert list(track) == SAMPLES                          # a copy: the recorder's is intact
    assert track.until(10 ** 9) == track
