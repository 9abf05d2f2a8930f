"""The soak and storm tools, imported from tools/ (as tests/assets does), and
the sizes CI runs them at (small, so that `python -m pytest` stays under a
minute on two cores; the tools run the full counts). Environment variables
scale them up:

    SOAK_GAMES=2000 STORM_EVENTS=5000 STRESS_SEED=7 pytest tests/stress

(STORM_EVENTS counts per screen and mode: 5,000 is the tool's 200,000 in all.)
"""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import soak  # noqa: E402,F401
import soak_hours  # noqa: E402,F401
import storm  # noqa: E402,F401
import stress_lib  # noqa: E402,F401

SEED = int(os.environ.get("STRESS_SEED", "1"))
SOAK_GAMES = int(os.environ.get("SOAK_GAMES", "6"))
STORM_EVENTS = int(os.environ.get("STORM_EVENTS", "1000"))     # per screen and mode


@contextmanager
def seed_told(seed: int = SEED):
    """A failure names the seed (and how to replay it)."""
    try:
        yield
    except BaseException as error:
        error.add_note(f"STRESS_SEED={seed}")
        raise
