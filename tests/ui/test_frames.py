"""The real loop's frame bookkeeping: per-frame timing for benchmarks, a
script hook, and the long-lived objects kept out of full GC sweeps."""

from __future__ import annotations

import gc

from .helpers import make_app


def test_run_times_each_frame_and_calls_the_script_before_it():
    app = make_app()
    app.frame_times = []
    seen = []
    try:
        app.run(frames=app.frames + 3, before_frame=lambda a: seen.append(a.frames))
    finally:
        gc.unfreeze()
        app.close()
    assert len(app.frame_times) == 3 and all(t >= 0 for t in app.frame_times)
    assert seen == [seen[0], seen[0] + 1, seen[0] + 2]


def test_the_real_loop_freezes_what_was_loaded_before_it():
    app = make_app()
    gc.unfreeze()
    try:
        app.run(frames=app.frames + 1)
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
        app.close()


def _frames_drawn_at_each_input(monkeypatch, slow_frames: set[int], loops: int) -> list[int]:
    """Run the real loop; the input of the frames in ``slow_frames`` (counted
    from 0) takes 6 ms on a fake clock. Returns ``app.frames`` (frames drawn
    so far) as each frame's input is handled."""
    from game.ui import loop as loop_module
    app = make_app()
    now = [0.0]
    monkeypatch.setattr(loop_module.time, "perf_counter", lambda: now[0])
    handle = app.handle_events
    seen: list[int] = []

    def handle_events() -> None:
        handle()
        if len(seen) in slow_frames:
            now[0] += 0.006
        seen.append(app.frames)

    app.handle_events = handle_events
    first = app.frames
    try:
        app.run(frames=first + loops)
    finally:
        gc.unfreeze()
        app.close()
    return [f - first for f in seen]


def test_a_frame_whose_input_took_a_quarter_frame_leaves_its_drawing_to_the_next(monkeypatch):
    assert _frames_drawn_at_each_input(monkeypatch, {0}, 3) == [0, 0, 1, 2]


def test_drawing_never_waits_two_frames_in_a_row(monkeypatch):
    assert _frames_drawn_at_each_input(monkeypatch, set(range(10)), 3) == [0, 0, 1, 1, 2, 2]
