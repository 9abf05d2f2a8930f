"""An exported replay's file name keeps only the ASCII letters, digits, "_"
and "-" of the level its file gave (README, "Share")."""

import dataclasses
import re

import pytest

from game.ui.screens.replays import export_name
from tests.replay.helpers import flag_cycle


@pytest.mark.parametrize("level, kept", [
    ("expert\u017f", "expert"),          # long s: folds to "s"
    ("\u212aiosk", "iosk"),              # Kelvin sign: folds to "k"
    ("\u0130\u0131x", "x"),              # dotted capital I, dotless small i
    ("Big-M_2", "Big-M_2"),
])
def test_a_level_whose_letters_fold_to_ascii_is_still_cut_to_ascii(level, kept):
    """Matched ignoring case, [a-z] let through the letters whose case folds
    onto an ASCII one, so a stranger's file named "expertſ" was exported
    under a name that was not ASCII."""
    replay = dataclasses.replace(flag_cycle(3), level=level, date="2026-11-23T14:02:11")
    name = export_name(replay)
    assert name == f"20261123_1402_{kept}_unfinished.json"
    assert re.fullmatch(r"[A-Za-z0-9_.-]+", name, re.ASCII)
