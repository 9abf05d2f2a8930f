"""The benchmark tools run and report (figures themselves are not asserted:
speed goes in benchmarks, never in tests)."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import bench_frames
import bench_probabilities

from game.store import Store


def test_the_probability_benchmark_works_without_ms_toollib():
    lines = bench_probabilities.bench_level("beginner", 2, None)
    assert [line.split()[1] for line in lines] == ["scratch", "incremental"]
    assert all(int(line.split()[2]) > 0 for line in lines)       # positions timed


def test_the_probability_benchmark_compares_with_ms_toollib_when_given():
    class FakeToollib:
        calls = 0

        @classmethod
        def cal_probability_onboard(cls, board, mines):
            cls.calls += 1
            assert all(v in (10, *range(9)) for row in board for v in row)
            return [], [0, mines, mines]

    lines = bench_probabilities.bench_level("beginner", 1, FakeToollib)
    assert FakeToollib.calls > 0
    assert "incremental / ms_toollib" in lines[-1]


def test_the_frame_benchmark_times_every_frame_of_the_real_loop():
    store = Store(tempfile.mkdtemp(prefix="minesweeper-bench-test-"))
    times = bench_frames.scenario_autoplay(store, 12)
    # 12 frames drawn; a slow frame (the worker starting) may leave its
    # drawing to the next one, and every pass of the loop is timed.
    assert len(times) == len(times.cpu) and 12 <= len(times) <= 24
    line = bench_frames.summary("auto-play", times)
    assert line.split()[1] == str(len(times))


def test_the_replay_scenario_watches_a_long_game_that_adds_up(tmp_path):
    from game.replay import check, read_file
    replay = read_file(bench_frames.long_replay_file(str(tmp_path)))
    assert len(replay.moves) > 6000 and len(replay.pointer) > 35_000
    assert check(replay).result == "won"         # the viewer opens it: it adds up


def test_the_export_scenario_writes_the_long_replay_from_the_viewer(tmp_path, monkeypatch):
    from game.replay import read_file
    long_replay_file = bench_frames.long_replay_file
    monkeypatch.setattr(bench_frames, "long_replay_file",          # a shorter one will do
                        lambda directory, steps=6: long_replay_file(directory, steps=1))
    store = Store(str(tmp_path))
    bench_frames.scenario_exports(store, 100)           # E at passes 30 and 90
    written = sorted((tmp_path / "replays").glob("*.json"))
    assert len(written) >= 2 and read_file(written[0]).width == 100
