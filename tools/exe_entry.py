"""Entry script of the single-file executable built by ``tools/build_exe.py``.

PyInstaller freezes a script, not a module run with ``-m``; this one does what
``python -m game`` does. ``main()`` returns the exit status (0, or 2 for a bad
command line), which becomes the process's.
"""

from game.cli import main

raise SystemExit(main())
