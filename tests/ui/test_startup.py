"""What the window needs for its first frame, and no more: the solver, the
help pages and the sound mixer wait until first wanted (docs/design.md,
"Start-up"; the time itself is a figure of ``tools/bench.py start``)."""

import os
import subprocess
import sys

FIRST_FRAME = """
import sys
from game.cli import main
assert main(["--frames", "1", "--data-dir", sys.argv[1]]) == 0
import pygame
print(" ".join(sorted(m for m in sys.modules if m.startswith(("game.solver", "game.ui.screens.help")))))
print(pygame.mixer.get_init() is not None)
"""


def test_the_first_frame_loads_neither_the_solver_nor_the_help_nor_the_mixer(tmp_path):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    result = subprocess.run([sys.executable, "-c", FIRST_FRAME, str(tmp_path)], env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    modules, mixer = result.stdout.splitlines()
    assert modules == "" and mixer == "False"

