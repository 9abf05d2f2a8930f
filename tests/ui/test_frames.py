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
