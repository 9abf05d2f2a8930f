"""The command line: options -> Settings for this run, clear errors, exit status 2.

Every bad value is reported on one line that names what is allowed, and the
process exits with status 2 — never a traceback. So is a place the game was
told to use and cannot (a ``--data-dir`` that is a file or cannot be created),
and a machine with no display to open a window on: SDL would otherwise fall
back to its offscreen driver and the game would run unseen forever.

``main`` (the ``minesweeper`` command, ``python -m game``) runs the steps in
order: the options and what each accepts (``arguments``), the board they
choose (``board``), the run's ``Options`` (``options``), what the machine must
offer (``environment``), and lines out whatever became of the terminal, in a
message box when there is none (``output``).
``--replay FILE --check`` is ``check_replay``, with no window.
"""

from __future__ import annotations

import sys
from pathlib import Path

from game import i18n
from game.i18n import _
from game.shutdown import INTERRUPTED, StartInterrupts, Stop
from game.terminal import one_line

from .arguments import UsageError, language_asked
from .board import board_problem, mask_refused
from .environment import records_folder, saved_language, video_problem
from .options import Options, make_folder, parse
from .output import PROG, named, say


def _error(message: str) -> int:
    """Refuse the run: ``message`` as one line on stderr (or in a message box
    where nobody reads stderr), and exit status 2, as argparse's own errors."""
    say(one_line(_("{prog}: error: {message}").format(prog=PROG, message=message)), sys.stderr,
        error=True)
    return 2


def _board_refused(options: Options, problem: str) -> str:
    """The line refusing the board: found here without --shape; with it,
    board._mask_board names the file too."""
    return problem if options.mask is None else mask_refused(options.mask, problem)


def _start_refused(options: Options, data_dir: Path) -> str | None:
    """Why the run cannot start, found before anything is made or changed
    on disk (no display; a board the options refuse on the saved settings,
    read without opening the records), or why the ``--data-dir`` folder,
    made then, could not be: else None. A folder made first was left behind
    by a start refused after it; records opened first were changed by a
    start refused after them (old files imported, damaged ones set aside)."""
    from game.store import saved_settings

    problem = video_problem()
    if problem:
        return problem
    problem = board_problem(options.settings_from(saved_settings(data_dir)), options.overrides)
    if problem:
        return _board_refused(options, problem)
    try:
        make_folder(options)
    except UsageError as e:
        return str(e)
    return None


def main(argv: list[str] | None = None) -> int:
    """Run the game as the command line ``argv`` (default: the process's)
    asks, and return the exit status: 0, or 2 with one line saying why not.
    The language is chosen first (``--lang``, else the one saved in the
    settings, else the system's), so that even a refusal of the options
    speaks it; nothing is made on disk before the run is sure to start.
    Ctrl+C meanwhile ends the run before its window opens, quietly
    (``StartInterrupts``): status 0, or INTERRUPTED for ``--check``."""
    with StartInterrupts() as start:
        return _run(sys.argv[1:] if argv is None else argv, start)


def _run(argv: list[str], start: StartInterrupts) -> int:
    """``main``'s steps, Ctrl+C kept in ``start`` until ``Stop`` takes over."""
    i18n.set_language(i18n.choose(language_asked(argv) or saved_language(argv)))
    i18n.translate_argparse()
    try:
        options = parse(argv)
    except UsageError as e:
        return _error(str(e))
    if options.check:
        assert options.replay is not None       # parse refuses --check without a replay
        return check_replay(options.replay, start)
    from game.store import Store
    from game.ui.app import App

    try:
        data_dir = records_folder(options.data_dir)
    except UsageError as e:
        return _error(str(e))
    problem = _start_refused(options, data_dir)
    if problem:
        return _error(problem)
    stop = Stop()
    stop.install()
    try:
        if start.asked:
            return 0
        store = Store(data_dir)
        try:
            settings = options.settings_from(store.settings)
            problem = board_problem(settings, options.overrides)
            if problem:
                return _error(_board_refused(options, problem))
            app = App(settings, store=store,
                      overridden=options.overridden(store.settings), seed=options.seed,
                      kiosk=options.kiosk, demo=options.demo, idle_seconds=options.idle)
            stop.install(app)             # again: SDL took SIGTERM over while opening
            if options.replay is not None:
                app.commands.open_replay_file(options.replay)
            try:
                return 0 if stop.asked else app.run(frames=options.frames)
            finally:
                app.close()
        finally:
            store.close()
            if store.unsaved:              # the window is gone: said here
                say(one_line(_("{prog}: {message}").format(prog=PROG, message=store.unsaved)),
                    sys.stderr, error=True)
    finally:
        stop.restore()


def check_replay(path: Path, start: StartInterrupts | None = None) -> int:
    """``--replay FILE --check``: one line ``RESULT TIME_MS BBBV`` and 0, or
    one line saying what is wrong and 2; cut short by Ctrl+C (kept in
    ``start``), nothing printed and INTERRUPTED, never 0."""
    from game.replay import ReplayError, check, read_file

    try:
        line = check(read_file(path)).line()
    except ReplayError as e:
        if start is not None and start.asked:
            return INTERRUPTED
        say(one_line(_("{prog}: {file}: {reason}").format(prog=PROG, file=named(path), reason=e)),
            sys.stderr, error=True)
        return 2
    if start is not None and start.asked:
        return INTERRUPTED
    failed = say(line, sys.stdout)
    if failed is not None:
        say(_("{prog}: cannot write the result: {reason}").format(
            prog=PROG, reason=i18n.os_reason(failed)), sys.stderr, error=True)
        return 1
    return 0
