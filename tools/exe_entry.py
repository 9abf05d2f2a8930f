"""Entry script of the single-file executable built by ``tools/build_exe.py``.

PyInstaller freezes a script, not a module run with ``-m``; this one does what
``python -m game`` does. ``main()`` returns the exit status (0, or 2 for a bad
command line), which becomes the process's.

``freeze_support()`` comes first: the computer's worker process is this same
executable started again with multiprocessing's arguments, and it must turn
into the worker there instead of opening a second window. The guard keeps
the worker from running ``main()`` when multiprocessing imports this script.
"""

import multiprocessing

from game.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()
    raise SystemExit(main())
