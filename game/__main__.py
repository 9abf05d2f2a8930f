"""``python -m game`` starts the game.

``freeze_support()`` is a no-op here but keeps this entry point right if it
is ever frozen; the guard keeps the computer's worker process (which
imports the main module) from starting a second game. Ctrl+C before the
game's own signal handlers are in place (while the game's modules load, or
in ``--check``) ends the run without a traceback (``interrupted_status``).
"""

import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()
    try:
        from game.cli import main
        status = main()
    except KeyboardInterrupt:
        from game.shutdown import interrupted_status
        status = interrupted_status(sys.argv[1:])
    sys.exit(status)
