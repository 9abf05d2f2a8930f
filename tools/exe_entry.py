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
``game/__main__.py``.
"""

import re
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


if __name__ == "__main__":
    try:
        import multiprocessing
        if not forged_fork(sys.argv):
            multiprocessing.freeze_support()
        from game.launcher import follow_launcher
        follow_launcher()
        from game.cli import main
        raise SystemExit(main())
    except KeyboardInterrupt:       # Ctrl+C before the game's own handlers: no traceback
        from game.shutdown import interrupted_status
        raise SystemExit(interrupted_status(sys.argv[1:])) from None
