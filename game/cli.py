"""The command line: options -> Settings for this run, clear errors, exit status 2.

Every bad value is reported on one line that names what is allowed, and the
process exits with status 2 — never a traceback. So is a place the game was
told to use and cannot (a ``--data-dir`` that is a file or cannot be created),
and a machine with no display to open a window on: SDL would otherwise fall
back to its offscreen driver and the game would run unseen forever.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import re
import sys
from collections.abc import Mapping, MutableMapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from game import i18n
from game.engine import (
    CUSTOM_LIMITS,
    FIRST_CLICK_RULES,
    GRID,
    LEVELS,
    SHAPES,
    STYLES,
    FieldTooSmall,
    SizeError,
)
from game.engine.gallery import GALLERY, MaskError, mines_for, parse_mask
from game.i18n import _
from game.replay import MAX_SEED
from game.safe_read import NotAFile, TooLarge, read_capped
from game.settings import MAX_SCALE, STYLE_RULES, Settings
from game.store.database import MAX_PATH_BYTES, too_long
from game.store.database import NAME as RECORDS
from game.terminal import encodable
from game.words import board_refusal, mask_error, size_error

PROG = "minesweeper"


class UsageError(Exception):
    """A bad command line, described in one line."""


class _Parser(argparse.ArgumentParser):
    def __init__(self, **kwargs: Any) -> None:
        # "--lev expert" must not pass for --level: a typo is an error.
        super().__init__(allow_abbrev=False, **kwargs)
        self.data_dir: argparse.Action | None = None    # its folder is made after parsing

    def error(self, message: str) -> None:  # argparse would print usage and exit
        raise UsageError(message)

    def print_help(self, file: TextIO | None = None) -> None:
        """``--help`` through ``_say``: argparse's own printing leaves the text
        in the buffer, and a reader gone (``--help | head -c0``) then made
        the exit flush fail: status 120 and "Exception ignored" on stderr."""
        _say(self.format_help().removesuffix("\n"), file or sys.stdout)


#: Digits a number without an upper bound may have: Python refuses to
#: convert one of over 4,300, and no size or count here comes near 100.
MAX_DIGITS = 100
#: Characters of a bad value echoed in a message (it may be thousands long).
SHOWN = 24


def _short(text: str) -> str:
    """``text`` for a one-line message, cut short."""
    return text if len(text) <= SHOWN else text[:SHOWN - 3] + "..."


def _whole(low: int, high: int | None = None):
    """An argparse type: a whole number in [low, high], with a message naming the range."""
    def out_of_range(value: object) -> argparse.ArgumentTypeError:
        message = (_("must be {low} or more, not {value}") if high is None
                   else _("must be from {low} to {high}, not {value}"))
        return argparse.ArgumentTypeError(message.format(low=low, high=high, value=value))

    def parse(text: str) -> int:
        digits = text.removeprefix("-")
        if not (digits.isascii() and digits.isdigit()):       # the digits 0-9 only
            if high is None:
                message = _("must be a whole number {low} or more, not {value}")
            else:
                message = _("must be a whole number from {low} to {high}, not {value}")
            raise argparse.ArgumentTypeError(message.format(low=low, high=high,
                                                            value=repr(_short(text))))
        significant = len(digits.lstrip("0"))       # too long to convert, or to show whole
        if high is None and significant > MAX_DIGITS:
            raise argparse.ArgumentTypeError(
                _("too many digits: {value}").format(value=_short(text)))
        if high is not None and significant > len(str(high)):
            raise out_of_range(_short(text))
        value = -int(digits) if text.startswith("-") else int(digits)
        if value < low or high is not None and value > high:
            raise out_of_range(value)
        return value

    return parse


MAX_IDLE = 24 * 3600
#: --frames: a year at 60 frames a second (the bound is there to be named).
MAX_FRAMES = 60 * 3600 * 24 * 365
DEFAULT_IDLE = 60.0


#: Seconds as the README says numbers are written: the digits 0-9, with a
#: decimal point if need be (``float`` alone would also take "5_0", "٥",
#: " 5 " or "nan").
_SECONDS = re.compile(r"[0-9]+(\.[0-9]+)?")


def _seconds(text: str) -> float:
    """An argparse type: a positive number of seconds, at most a day."""
    if not _SECONDS.fullmatch(text):
        raise argparse.ArgumentTypeError(
            _("must be a number of seconds, not {value}").format(value=repr(_short(text))))
    value = float(text)
    if not 1 <= value <= MAX_IDLE:
        raise argparse.ArgumentTypeError(
            _("must be from 1 to {high} seconds, not {value}").format(high=MAX_IDLE,
                                                                      value=_short(text)))
    return value


def _language(text: str) -> str:
    """An argparse type: a language we have a catalogue for."""
    if text in i18n.available() or text == i18n.PSEUDO:
        return text
    raise argparse.ArgumentTypeError(
        _("no {value} translation; available: {languages}").format(
            value=repr(text), languages=", ".join(i18n.available())))


def _language_asked(argv: list[str]) -> str:
    """The --lang value, read before the parser exists: its help and its
    errors must already speak that language. "" when absent or unknown (the
    parser then reports it). The last one given, as the parser takes it:
    "--lang fr --lang en" ran in English and said what was wrong in French."""
    asked = ""
    for i, arg in enumerate(argv):
        value = argv[i + 1] if arg == "--lang" and i + 1 < len(argv) else \
            arg.removeprefix("--lang=") if arg.startswith("--lang=") else None
        if value is not None:
            asked = value if value in i18n.available() or value == i18n.PSEUDO else ""
    return asked


def _file(text: str) -> Path:
    """An argparse type: a file's name. An empty one is refused here: as a
    Path it is ".", and the refusal named a folder the player never typed
    ("--mask .: not a file")."""
    if not text:
        raise argparse.ArgumentTypeError(_("must name a file, not an empty string"))
    return Path(text)


def _data_dir(text: str) -> Path:
    """An argparse type: a directory the game can keep its files in, created if
    missing. An explicitly given place the game cannot use is an error, not a
    silent fallback (a read-only directory is still accepted: the game then
    plays on and says records cannot be saved)."""
    if not text.strip():
        raise argparse.ArgumentTypeError(_("must name a directory, not an empty string"))
    try:
        path = Path(text).expanduser()
    except RuntimeError:        # "~name" of no user this system knows
        raise argparse.ArgumentTypeError(
            _("cannot tell which home directory {path} means").format(path=text)) from None
    try:
        path = path.absolute()
    except OSError:             # a working directory removed under the terminal
        raise argparse.ArgumentTypeError(
            _("{path} is relative to the current directory, which no longer exists").format(
                path=text)) from None
    length = too_long(path)
    if length is not None:
        raise argparse.ArgumentTypeError(
            _("{path} is too long a path for the records database ({length} bytes with "
              "{name}; at most {limit})").format(path=text, length=length, name=RECORDS,
                                                 limit=MAX_PATH_BYTES))
    try:
        if path.exists() and not path.is_dir():
            raise argparse.ArgumentTypeError(
                _("{path} is a file, not a directory").format(path=text))
    except OSError as e:        # a name too long, a folder we may not search
        raise argparse.ArgumentTypeError(
            _("cannot create the directory {path}: {reason}").format(
                path=text, reason=i18n.os_reason(e))) from None
    return path


def _make_data_dir(path: Path) -> None:
    """Create the data folder, once the whole command line is accepted: made
    as its option was read, it was left behind by a command line refused for
    another option ("--data-dir ~/typo/records --level hard" made ~/typo)."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:     # exists() said no: a link to nothing, or a loop of links
        link = next((p for p in (path, *path.parents) if p.is_symlink() and not p.exists()),
                    path)
        raise argparse.ArgumentTypeError(
            _("{path} is a symbolic link that leads to no directory").format(path=link)) from None
    except OSError as e:
        raise argparse.ArgumentTypeError(
            _("cannot create the directory {path}: {reason}").format(
                path=path, reason=i18n.os_reason(e))) from None


def no_display(env: Mapping[str, str] = os.environ,
               platform: str = sys.platform) -> str | None:
    """Why no window could be seen here, or None. Only X11 and Wayland say
    through the environment whether a display exists; elsewhere (and when the
    user chose a driver with SDL_VIDEODRIVER) the answer is left to SDL."""
    if env.get("SDL_VIDEODRIVER") or platform in ("win32", "darwin", "cygwin"):
        return None
    if env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"):
        return None
    return _("no display to open the window on (neither DISPLAY nor WAYLAND_DISPLAY is set);"
             " set SDL_VIDEODRIVER to choose a video driver")


def build_parser() -> _Parser:
    p = _Parser(prog=PROG, description=_("The classic Minesweeper, on pygame-ce."))
    p.add_argument("--level", choices=list(LEVELS), help=_("board preset (default: beginner)"))
    p.add_argument("--width", type=_whole(1), metavar="W", help=_("custom board width (8-100)"))
    p.add_argument("--height", type=_whole(1), metavar="H",
                   help=_("custom board height (8-100)"))
    p.add_argument("--mines", type=_whole(1), metavar="N",
                   help=_("custom mine count (1 to (width-1)*(height-1))"))
    p.add_argument("--shape", choices=SHAPES,
                   help=_("grid (default), torus (opposite edges joined) or hex (hexagons)"))
    p.add_argument("--field", choices=list(GALLERY),
                   help=_("a shaped field from the gallery instead of a level"))
    p.add_argument("--mask", type=_file, metavar=_("FILE"),
                   help=_("a shaped field drawn in a text file ('#' a cell, space a hole);"
                          " --mines sets its mines"))
    # A replay holds seeds below MAX_SEED: a game played from a bigger one
    # would be recorded with a replay that does not open.
    p.add_argument("--seed", type=_whole(0, MAX_SEED - 1), metavar="N",
                   help=_("seed of the first game (a board known in advance: practice, "
                          "no best time)"))
    p.add_argument("--style", choices=STYLES,
                   help=_("play as win31 (8x8 Beginner), xp or modern (default) did"))
    p.add_argument("--first-click", choices=FIRST_CLICK_RULES,
                   help=_("opening (default), safe or classic"))
    p.add_argument("--scale", type=_whole(1, MAX_SCALE), metavar="1-8",
                   help=_("integer pixel scale (default: the largest that fits, at most 2)"))
    p.add_argument("--fullscreen", action="store_true", help=_("start fullscreen"))
    p.add_argument("--no-sound", action="store_true", help=_("no sound effects"))
    p.add_argument("--lang", type=_language, metavar="|".join(i18n.available()),
                   help=_("language of this run (default: the system's, or the one chosen "
                          "in the View menu)"))
    p.add_argument("--kiosk", action="store_true",
                   help=_("lock the machine down: fullscreen, no way out but Ctrl+Alt+Shift+Q,"
                          " nothing saved but records, attract mode when idle"))
    p.add_argument("--demo", action="store_true",
                   help=_("start in attract mode (the computer plays until someone clicks)"))
    p.add_argument("--idle", type=_seconds, metavar=_("SECONDS"),
                   help=_("with --kiosk or --demo: seconds without input before attract mode"
                          " (default 60)"))
    p.add_argument("--frames", type=_whole(1, MAX_FRAMES), metavar="N",
                   help=_("run this many frames, then exit 0 (smoke tests)"))
    p.data_dir = p.add_argument("--data-dir", type=_data_dir, metavar=_("DIR"),
                   help=_("where records and settings are kept (default: the user data "
                          "directory)"))
    p.add_argument("--replay", type=_file, metavar=_("FILE"),
                   help=_("watch the game saved in this replay file"))
    p.add_argument("--check", action="store_true",
                   help=_("with --replay: play it on the engine without a window and print"
                          " RESULT TIME_MS BBBV (exit 2 if the file is bad or does not add up)"))
    return p


@dataclass
class Options:
    """What the command line asked for. ``overrides`` are settings for this run
    only: they are not saved unless the player changes them in the game."""

    overrides: dict[str, object] = field(default_factory=dict)
    seed: int | None = None
    frames: int | None = None
    data_dir: Path | None = None
    kiosk: bool = False
    demo: bool = False
    idle: float = DEFAULT_IDLE
    replay: Path | None = None
    mask: Path | None = None          # --mask FILE: its refusals name the file
    check: bool = False

    def settings_from(self, saved: Settings) -> Settings:
        return dataclasses.replace(saved, **self.overrides)

    @property
    def settings(self) -> Settings:
        """The settings of a run with nothing saved."""
        return self.settings_from(Settings())


def parse(argv: list[str] | None) -> Options:
    """Read the command line; UsageError says what is wrong with it."""
    parser = build_parser()
    args = parser.parse_args(argv)
    overrides: dict[str, object] = {}
    custom = (args.width, args.height, args.mines)
    chosen = [name for name, on in (("--level", args.level), ("--field", args.field),
                                    ("--mask", args.mask)) if on]
    if len(chosen) > 1:
        raise UsageError(_("use only one of {options}").format(options=", ".join(chosen)))
    if args.shape:
        overrides["shape"] = args.shape
    if args.field or args.mask:
        if args.width is not None or args.height is not None:
            raise UsageError(_("{option} sets the size: drop --width and --height").format(
                option=chosen[0]))
        if args.field:
            if args.mines is not None:
                raise UsageError(_("--field sets the mines: drop --mines"))
            overrides["level"] = args.field
        else:
            overrides.update(_mask_board(args.mask, args.mines, args.shape))
    elif any(v is not None for v in custom):
        if args.level:
            raise UsageError(_("use either --level or --width/--height/--mines, not both"))
        if None in custom:
            raise UsageError(_("--width, --height and --mines go together"))
        try:
            CUSTOM_LIMITS.check(*custom, args.shape or GRID)
        except SizeError as e:
            if args.shape is not None or e.what != "mines":
                raise UsageError(size_error(e)) from None
            # Without --shape the saved shape is played, which may take more
            # mines than the grid: checked once it is known (_board_problem).
        board = Settings(style=args.style or Settings.style)
        board.choose_board(*custom)
        overrides.update(level=board.level)
        if board.level == "custom":
            overrides.update(custom_width=custom[0], custom_height=custom[1],
                             custom_mines=custom[2])
    elif args.level:
        overrides["level"] = args.level
    if args.check and args.replay is None:
        raise UsageError(_("--check needs --replay FILE"))
    if args.style:
        overrides["style"] = args.style
        overrides["first_click"], overrides["marks"] = STYLE_RULES[args.style]
    if args.first_click:
        overrides["first_click"] = args.first_click
    if args.scale:
        overrides["scale"] = args.scale
    if args.fullscreen:
        overrides["fullscreen"] = True
    if args.no_sound:
        overrides["sound"] = False
    if args.lang:
        overrides["language"] = args.lang
    if args.idle is not None and not (args.kiosk or args.demo):
        raise UsageError(_("--idle only applies with --kiosk or --demo"))
    if args.data_dir is not None and not args.check:      # --check keeps no records
        try:
            _make_data_dir(args.data_dir)
        except argparse.ArgumentTypeError as e:     # worded as argparse words its own
            raise UsageError(str(argparse.ArgumentError(parser.data_dir, str(e)))) from None
    return Options(overrides, args.seed, args.frames, args.data_dir,
                   kiosk=args.kiosk, demo=args.demo,
                   idle=args.idle if args.idle is not None else DEFAULT_IDLE,
                   replay=args.replay, check=args.check, mask=args.mask)


#: SDL's drivers that draw where nobody sees: fine when asked for (tests, smoke
#: runs), a dead end when SDL falls back to them on its own.
INVISIBLE_DRIVERS = ("offscreen", "dummy")


def _error(message: str) -> int:
    _say(_("{prog}: error: {message}").format(prog=PROG, message=message), sys.stderr)
    return 2


def _say(line: str, stream: TextIO) -> OSError | None:
    """Print ``line``. A reader that went away (``| head -c0``, a closed
    pipe) changes neither the exit status nor adds a traceback: the stream
    is pointed at the null device, which Python's own flush at exit then
    writes to without complaint. So is a stream that cannot be written
    (``> /dev/full``, a full disk), whose error is returned for the caller
    to tell: it once ended ``--check`` with a traceback."""
    try:
        print(encodable(line, getattr(stream, "encoding", None)), file=stream, flush=True)
    except OSError as e:
        try:
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, stream.fileno())
            os.close(null)
        except (OSError, ValueError):
            pass
        return None if isinstance(e, BrokenPipeError) else e
    return None


#: SDL's variables that choose a driver: set to nothing, they choose none.
DRIVER_VARIABLES = ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER")


def _drop_empty_drivers(environ: MutableMapping[str, str] = os.environ) -> None:
    """Forget a driver variable set to nothing (a launcher's
    ``SDL_VIDEODRIVER=$DRIVER`` with DRIVER unset): SDL took it for a driver
    named "", and the game refused to start ("cannot open a window: windows
    not available") on a display where it starts without the variable."""
    for name in DRIVER_VARIABLES:
        if name in environ and not environ[name].strip():
            del environ[name]


def _records_folder(given: Path | None) -> Path:
    """The folder of the records and settings: ``--data-dir``, else the
    user's data folder. UsageError when no home folder is known (HOME unset
    for a user the system has no entry for, as in a container run under a
    bare user id): platformdirs' RuntimeError ended the start in a traceback."""
    from game.store import default_directory

    if given is not None:
        return given
    try:
        return default_directory()
    except RuntimeError:
        raise UsageError(_("cannot tell where to keep your records and settings: no home "
                           "directory is known (set HOME, or give --data-dir DIR)")) from None


def _video_problem() -> str | None:
    """Why the game cannot show its window here, or None (starts the video)."""
    _drop_empty_drivers()
    reason = no_display()
    if reason:
        return reason
    import pygame

    from game.ui.quiet import quiet_stderr

    try:
        with quiet_stderr():
            pygame.display.init()
    except pygame.error as e:
        return _("cannot open a window: {reason}").format(reason=e)
    driver = pygame.display.get_driver()
    if not os.environ.get("SDL_VIDEODRIVER") and driver in INVISIBLE_DRIVERS:
        pygame.display.quit()
        return _("no display to open the window on (SDL fell back to its {driver} driver);"
                 " set SDL_VIDEODRIVER to choose a video driver").format(driver=driver)
    return None


MAX_MASK_BYTES = 64_000


def _mask_board(path: Path, mines: int | None, shape: str | None) -> dict[str, object]:
    """The settings of a custom field drawn in the file at ``path``. Without
    ``--shape`` (None) the game plays the saved shape, known only once the
    records folder is open: its mines and size are then checked there
    (``_board_problem``), as a torus or hexagons take more mines than the
    grid; the grid's default count fits every shape."""
    try:
        data = read_capped(path, MAX_MASK_BYTES)    # a FIFO would wait for ever
    except NotAFile:
        raise UsageError(_("--mask {path}: not a file (a folder, a pipe or a device)")
                         .format(path=path)) from None
    except TooLarge:
        raise UsageError(_("--mask {path}: too big for a mask (at most 100x100 characters)")
                         .format(path=path)) from None
    except OSError as e:
        raise UsageError(_("--mask {path}: cannot read it ({reason})").format(
            path=path, reason=i18n.os_reason(e))) from None
    try:
        mask = parse_mask(data.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise UsageError(_("--mask {path}: not a text file (UTF-8)").format(path=path)) from None
    except MaskError as e:
        raise UsageError(_mask_refused(path, mask_error(e))) from None
    if mines is None:
        mines = min(mines_for(mask), max(1, CUSTOM_LIMITS.max_mines(
            len(mask[0]), len(mask), shape or GRID, mask)))
    try:
        CUSTOM_LIMITS.check(len(mask[0]), len(mask), mines, shape or GRID, mask)
    except ValueError as e:
        # Without --shape, a mine count or a field the grid refuses may fit
        # the saved shape: checked once it is known (_board_problem).
        deferred = shape is None and (isinstance(e, FieldTooSmall)
                                      or isinstance(e, SizeError) and e.what == "mines")
        if not deferred:
            raise UsageError(_mask_refused(path, board_refusal(e))) from None
    settings = Settings()
    settings.choose_mask(mask, mines)
    return {"level": "custom", "custom_width": settings.custom_width,
            "custom_height": settings.custom_height, "custom_mines": mines,
            "custom_mask": settings.custom_mask, "own_mask": settings.own_mask,
            "own_mask_mines": mines}


def _mask_refused(path: Path, reason: str) -> str:
    return _("--mask {path}: {reason}").format(path=path, reason=reason)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    i18n.set_language(i18n.choose(_language_asked(argv)))
    i18n.translate_argparse()
    try:
        options = parse(argv)
    except UsageError as e:
        return _error(str(e))
    if options.check:
        return check_replay(options.replay)
    from game.shutdown import Stop
    from game.store import Store
    from game.ui.app import App

    try:
        data_dir = _records_folder(options.data_dir)
    except UsageError as e:
        return _error(str(e))
    problem = _video_problem()
    if problem:
        return _error(problem)
    stop = Stop()
    stop.install()
    try:
        store = Store(data_dir)
        try:
            settings = options.settings_from(store.settings)
            problem = _board_problem(settings, options.overrides)
            if problem:
                # Checked here without --shape; with it, _mask_board names the file too.
                return _error(problem if options.mask is None
                              else _mask_refused(options.mask, problem))
            app = App(settings, store=store,
                      overridden=set(options.overrides), seed=options.seed,
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
    finally:
        stop.restore()


#: Settings that choose the board or its shape: given on the command line,
#: the board played is checked on the shape played (``_board_problem``).
BOARD_SETTINGS = frozenset({"shape", "level", "custom_width", "custom_height", "custom_mines",
                            "custom_mask"})


def _board_problem(settings: Settings, overrides: Mapping[str, object]) -> str | None:
    """Why the board the command line leads to cannot be played, or None.
    A torus or hexagons take more mines than the grid (57 on 8x8 hexagons,
    49 on the grid): ``--shape grid`` after such a game named a board the
    engine refuses, and the window never opened; and a board given without
    ``--shape`` is played on the saved shape, known only here."""
    if not BOARD_SETTINGS & overrides.keys():
        return None
    board = settings.board()
    try:
        CUSTOM_LIMITS.check(board.width, board.height, board.mines, settings.shape, board.mask)
    except ValueError as e:
        reason = board_refusal(e)
    else:
        return None
    if "custom_mines" in overrides:                 # the command line's own board
        return reason
    return _("--shape {shape}: the saved board cannot be played on it: {reason}").format(
        shape=settings.shape, reason=reason)


def check_replay(path: Path) -> int:
    """``--replay FILE --check``: one line ``RESULT TIME_MS BBBV`` and 0, or
    one line saying what is wrong and 2."""
    from game.replay import ReplayError, check, read_file

    try:
        line = check(read_file(path)).line()
    except ReplayError as e:
        _say(_("{prog}: {file}: {reason}").format(prog=PROG, file=path, reason=e), sys.stderr)
        return 2
    failed = _say(line, sys.stdout)
    if failed is not None:
        _say(_("{prog}: cannot write the result: {reason}").format(
            prog=PROG, reason=i18n.os_reason(failed)), sys.stderr)
        return 1
    return 0
