"""``python -m game`` starts the game.

``freeze_support()`` is a no-op here but keeps this entry point right if it
is ever frozen; the guard keeps the computer's worker process (which
imports the main module) from starting a second game.
"""

import multiprocessing
import sys

from game.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(main())
