"""``python -m game`` starts the game, and so does the installed
``minesweeper`` command (``run``).

``freeze_support()`` is a no-op here but keeps this entry point right if it
is ever frozen; the guard keeps the computer's worker process (which
imports the main module) from starting a second game. Ctrl+C before the
game's own signal handlers are in place ends the run without a traceback:
while the game's modules load, here (``interrupted_status``), and from
then on in ``main`` (``game.shutdown.StartInterrupts``). The command
installed by pip imported ``game.cli`` and called ``main`` bare: Ctrl+C in
its first few tenths of a second printed a KeyboardInterrupt traceback.
"""

import signal
import sys


def run() -> int:
    """Run the game as the process's command line asks; its exit status.
    Once the game has ended, Ctrl+C is ignored: a second one (a terminal
    sends it to every process of the game, the executable's launcher passes
    its own on) came as Python shut down, in a KeyboardInterrupt traceback."""
    try:
        import multiprocessing
        multiprocessing.freeze_support()
        from game.cli import main
        return main()
    except KeyboardInterrupt:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        from game.shutdown import interrupted_status
        return interrupted_status(sys.argv[1:])
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)


if __name__ == "__main__":
    sys.exit(run())
