"""``python -m game`` starts the game."""

import sys

from game.cli import main

sys.exit(main())
