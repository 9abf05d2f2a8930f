"""Entry script of the single-file executable built by ``tools/build_exe.py``.

PyInstaller freezes a script, not a module run with ``-m``; this one does what
``python -m game`` does. ``main()`` returns the exit status (0, or 2 for a bad
command line), which becomes the process's. Built windowed (Windows,
macOS), it has no console to print a refusal on: the command line shows
it in a message box instead (``game.cli.output``).

``freeze_support()`` comes first: the computer's worker process is this same
executable started again with multiprocessing's arguments, and it must turn
into the worker there instead of opening a second window. The guard keeps
the worker from running ``main()`` when multiprocessing imports this script.
A ``--multiprocessing-fork`` that multiprocessing did not write (typed by
someone, or cut short) goes to the command line instead, which refuses it in
one line: multiprocessing ended it in a TypeError traceback. On Linux the
game then ends with the launcher that unpacked it, even one killed outright
(``game.launcher``). Ctrl+C while
the game's modules load (``multiprocessing`` among them) ends the run as in
``game/__main__.py``, and so does Ctrl+C while PyInstaller's own start-up
hooks run, held for this script by ``exe_first_hook.py``.
"""

import re
import signal
import sys

#: What multiprocessing writes after --multiprocessing-fork: name=number
#: pairs (or name=None), the pipe to the parent among them.
_FORK_ARGUMENT = re.compile(r"[a-z_]+=(None|-?[0-9]+)")


def forged_fork(argv: list[str]) -> bool:
    """Whether ``argv`` asks for a multiprocessing child in a form that
    multiprocessing never writes."""
    if argv[1:2] != ["--multiprocessing-fork"]:
        return False
    pairs = argv[2:]
    return not (all(_FORK_ARGUMENT.fullmatch(arg) for arg in pairs)
                and any(arg.startswith("pipe_handle=") for arg in pairs))


def take_over_ctrl_c() -> bool:
    """Whether Ctrl+C came while PyInstaller's start-up hooks ran, held by
    ``exe_first_hook.py``; Python's own handler is back in place after."""
    handler = signal.getsignal(signal.SIGINT)
    if not hasattr(handler, "held"):
        return False             # no hook before this script (or Ctrl+C ignored)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    return bool(handler.held)


if __name__ == "__main__":
    try:
        if take_over_ctrl_c():
            raise KeyboardInterrupt
        import multiprocessing
        if not forged_fork(sys.argv):
            multiprocessing.freeze_support()
        from game.launcher import follow_launcher
        follow_launcher()
        from game.cli import main
        raise SystemExit(main())
    except KeyboardInterrupt:       # Ctrl+C before the game's own handlers: no traceback
        signal.signal(signal.SIGINT, signal.SIG_IGN)     # nor from its launcher's copy
        from game.shutdown import interrupted_status
        raise SystemExit(interrupted_status(sys.argv[1:])) from None
    finally:
        # The game has ended: the launcher's copy of a Ctrl+C that ended it
        # (a terminal sends it to both, and the launcher passes its own on)
        # came as Python shut down, in a KeyboardInterrupt traceback.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
