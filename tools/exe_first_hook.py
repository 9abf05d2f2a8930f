"""PyInstaller runtime hook of the executable, run before PyInstaller's own:
Ctrl+C is held until the entry script (``exe_entry.py``) takes it over.

PyInstaller runs its own start-up hooks (pkgutil's, multiprocessing's...)
before the entry script, where the game's handling of Ctrl+C begins: Ctrl+C
in those hundredths of a second ended the executable in a KeyboardInterrupt
traceback from ``pyi_rth_pkgutil`` and "Failed to execute script". The hooks
given with ``--runtime-hook`` run first. A process started with Ctrl+C
ignored (``nohup``, a background job of a script) keeps it ignored.

``_signal`` is the interpreter's own module: ``signal`` imports ``enum``
and ``functools`` first, and Ctrl+C came there in 3 starts of 160.
"""

import _signal


def held_ctrl_c(signum, frame):
    """Ctrl+C came: kept for the entry script to see (``held``)."""
    held_ctrl_c.held = True


held_ctrl_c.held = False
if _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler:
    _signal.signal(_signal.SIGINT, held_ctrl_c)
