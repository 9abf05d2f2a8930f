"""The event storm in small: random events of every kind at every screen, in a
normal and a kiosk app, with nothing raising and the app's and the engine's
invariants checked after every batch (tools/storm.py runs 200,000 events)."""

from __future__ import annotations

import pytest

from .helpers import SEED, STORM_EVENTS, seed_told, storm, stress_lib

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("mode", storm.MODES)
@pytest.mark.parametrize("name", list(storm.SCREENS))
def test_random_events_break_nothing(name, mode):
    with seed_told():
        stats = storm.storm_screen(name, mode, STORM_EVENTS, SEED)
    assert stats.events >= STORM_EVENTS
    assert stats.aimed > STORM_EVENTS // 2        # most batches met the screen under test
    if mode == "kiosk":
        assert stats.quits == 0


@pytest.mark.parametrize("where", ["making the app", "the storm"])
def test_a_storm_stopped_closes_its_store_before_removing_its_folder(monkeypatch, where):
    """A signal stopping the storm (``stress_lib.Stopped``) anywhere, even
    while its app was being made: the screen's store is closed before its
    folder is removed. It was closed only by the exit handler, after: a
    settings write still queued made the folder again, and each test run of
    the stopped storm left an empty one in the temporary folder."""
    made: list[storm.App] = []
    open_at_removal: list[bool] = []
    real_new_app, real_folder = storm.new_app, storm.tempfile.TemporaryDirectory

    def new_app(data_dir, **options):
        made.append(real_new_app(data_dir, **options))
        if where == "making the app":
            raise stress_lib.Stopped(15)
        return made[-1]

    def stopped(*_args):
        raise stress_lib.Stopped(15)

    class Folder(real_folder):
        def cleanup(self):
            open_at_removal.append(not made[0].store._closed)
            super().cleanup()

    monkeypatch.setattr(storm, "new_app", new_app)
    monkeypatch.setattr(storm, "_throw", stopped)
    monkeypatch.setattr(storm.tempfile, "TemporaryDirectory", Folder)
    with pytest.raises(stress_lib.Stopped):
        storm.storm_screen("play", "normal", 10, SEED)
    assert open_at_removal == [False]
    assert not made[0].store.directory.exists()
