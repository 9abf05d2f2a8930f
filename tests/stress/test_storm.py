"""The event storm in small: random events of every kind at every screen, in a
normal and a kiosk app, with nothing raising and the app's and the engine's
invariants checked after every batch (tools/storm.py runs 200,000 events)."""

from __future__ import annotations

import pytest

from .helpers import SEED, STORM_EVENTS, seed_told, storm

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
