"""Dialogs are imported with the window, not the first time they open: a
first import costs more than a frame (records alone about 14 ms), and the
frame that opens a dialog must stay within budget (issue 17). The help
pages still wait until wanted (docs/design.md, "Start-up"): their import
takes about 1 ms."""

from __future__ import annotations

import os
import subprocess
import sys

DIALOG_MODULES = ("records", "style", "custom", "open_replay")


def test_the_dialog_modules_are_loaded_with_the_app():
    code = ("import sys, game.ui.app; "
            "print(' '.join(m for m in sys.modules if m.startswith('game.ui.screens.')))")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            env=env, check=True).stdout.split()
    missing = [m for m in DIALOG_MODULES if f"game.ui.screens.{m}" not in loaded]
    assert not missing, missing
