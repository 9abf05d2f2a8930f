"""The README's way to run the stress tests at the tools' full counts gives
the tools' counts (not marked slow: it runs nothing but arithmetic)."""

from __future__ import annotations

import re

from .helpers import ROOT, storm


def test_the_readmes_full_storm_through_pytest_is_the_tools_full_storm():
    """STORM_EVENTS counts per screen and mode; the README's 200000 threw 40
    times the tool's 200,000 events (8 million, hours of it)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    [given] = set(re.findall(r"STORM_EVENTS=([0-9]+)", readme))
    full = 200_000                       # python tools/storm.py, its default --events
    assert "200,000 events" in storm.__doc__
    assert int(given) * len(storm.SCREENS) * len(storm.MODES) == full
