"""The options and what each accepts: the parser, and a type per kind of value.

A value is checked as its option is read, and a bad one is refused in one
line that names what is allowed (``UsageError``), never with argparse's usage
and exit. How the options combine into settings is ``board``'s and ``options``' job.
"""

from __future__ import annotations

import argparse
import re
import stat
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any, TextIO

from game import i18n
from game.engine import FIRST_CLICK_RULES, LEVELS, SHAPES, STYLES
from game.engine.gallery import GALLERY
from game.i18n import _
from game.replay import MAX_SEED
from game.settings import MAX_SCALE
from game.store.database import MAX_PATH_BYTES, too_long
from game.store.database import NAME as RECORDS

from .output import PROG, named, say


class UsageError(Exception):
    """A bad command line, described in one line."""


class _Parser(argparse.ArgumentParser):
    """argparse's parser made strict and quiet: no abbreviated options, and
    a refusal raised as ``UsageError`` (one line, status 2 from ``main``)
    rather than printed with the usage and an exit in the middle of parsing."""

    def __init__(self, **kwargs: Any) -> None:
        """No abbreviations: "--lev expert" must not pass for --level, a typo
        is an error."""
        super().__init__(allow_abbrev=False, **kwargs)
        self.data_dir: argparse.Action | None = None    # its folder is made after parsing
        self._given: list[str] = []                     # the arguments being parsed
        self._paths: set[str] = set()                   # of them, those read as a folder

    def error(self, message: str) -> None:
        """Raise what argparse would print with its usage and exit on, with
        each argument it quotes (``repr``) quoted as the language quotes and
        cut short: "--level" or
        "--kiosk=" followed by a pasted paragraph was echoed whole
        ("invalid choice: '...'", "ignored explicit argument '...'"), a
        refusal hundreds of characters long. Only what was given is looked
        for: a folder's name in a refusal, with apostrophes in it, is left
        whole. One pass, the longest first, so that a value is quoted once:
        one replaced after another ('x' typed, and x) quoted it again,
        in French « « x » », or "« x »" for 'x'. A value the game's own
        checks quoted already is passed over ("not « 'expert' »")."""
        forms = {repr(value): value for value in self._quotable()}
        if forms:
            message = re.sub(_requoted(forms), lambda m: i18n.quoted(forms[m[0]], SHOWN)
                             if m[0] in forms else m[0], message)
        raise UsageError(message)

    def _quotable(self) -> set[str]:
        """What argparse may quote with ``repr`` in a refusal: an argument
        given (or what follows its "="), and an option's choices. Each is
        quoted again as the language quotes (French « », not 'x')."""
        values = {part for arg in self._given for part in (arg, arg.partition("=")[2]) if part}
        for action in self._actions:
            values.update(choice for choice in action.choices or () if isinstance(choice, str))
        return values - self._paths

    def folder(self, text: str) -> Path:
        """``--data-dir``'s type (``_data_dir``), noting the value: its
        refusals quote the folder themselves (``named``, whole up to 200
        characters), which in English reads as argparse's ``repr`` of it;
        ``error`` took it for argparse's and cut it to 24 characters."""
        self._paths.add(text)
        return _data_dir(text)

    def parse_args(self, args: Any = None, namespace: Any = None) -> argparse.Namespace:
        """As argparse's, with the arguments it does not know quoted cut
        short, the first few of them: a file name too many (``python -m
        game *`` in a folder of thousands) listed every one. Listed as
        typed, not through ``error``: an argument typed in quotes ('expert')
        was taken there for argparse quoting a choice, and quoted again."""
        self._given = list(sys.argv[1:] if args is None else args)
        self._paths = set()
        parsed, extra = self.parse_known_args(args, namespace)
        if extra:
            listed = " ".join(_short(arg) for arg in extra[:UNKNOWN_SHOWN])
            more = " ..." if len(extra) > UNKNOWN_SHOWN else ""
            raise UsageError(_("unrecognized arguments: {arguments}").format(
                arguments=listed + more))
        return parsed

    def print_help(self, file: TextIO | None = None) -> None:
        """``--help`` through ``say``: argparse's own printing leaves the text
        in the buffer, and a reader gone (``--help | head -c0``) then made
        the exit flush fail: status 120 and "Exception ignored" on stderr."""
        say(self.format_help().removesuffix("\n"), file or sys.stdout)


#: Digits a number without an upper bound may have: Python refuses to
#: convert one of over 4,300, and no size or count here comes near 100.
MAX_DIGITS = 100
#: Characters of a bad value echoed in a message (it may be thousands long).
SHOWN = 24
#: Arguments the parser does not know named in its refusal, at most.
UNKNOWN_SHOWN = 3


def _requoted(forms: Iterable[str]) -> str:
    """A pattern finding each of ``forms`` (argparse's ``repr`` of a
    value), the longest first; in a language that quotes otherwise, a value
    quoted so already is found first, to be left as it is (no form starts
    with its mark)."""
    pattern = "|".join(map(re.escape, sorted(forms, key=len, reverse=True)))
    opening, closing = i18n.marks()
    if opening == "'":
        return pattern
    return re.escape(opening) + ".*?" + re.escape(closing) + "|" + pattern


def _short(text: str) -> str:
    """``text`` for a one-line message, cut short."""
    return text if len(text) <= SHOWN else text[:SHOWN - 3] + "..."


def _whole(low: int, high: int | None = None):
    """An argparse type: a whole number in [low, high], with a message naming the range."""
    def out_of_range(value: int | str) -> argparse.ArgumentTypeError:
        """The refusal of a number outside the range, naming the range in
        the language's numbers ("1,892,160,000" / "1 892 160 000"), as the
        board's size errors do; a value too long to read is echoed as typed."""
        message = (_("must be {low} or more, not {value}") if high is None
                   else _("must be from {low} to {high}, not {value}"))
        return argparse.ArgumentTypeError(message.format(
            low=i18n.whole(low), high=None if high is None else i18n.whole(high),
            value=i18n.whole(value) if isinstance(value, int) else value))

    def parse(text: str) -> int:
        """``text`` as the number; refused unless written with the digits 0-9
        alone and within the range (Python's ``int`` also takes "1_000",
        spaces and other scripts' digits)."""
        digits = text.removeprefix("-")
        if not (digits.isascii() and digits.isdigit()):       # the digits 0-9 only
            if high is None:
                message = _("must be a whole number {low} or more, not {value}")
            else:
                message = _("must be a whole number from {low} to {high}, not {value}")
            raise argparse.ArgumentTypeError(message.format(
                low=i18n.whole(low), high=None if high is None else i18n.whole(high),
                value=i18n.quoted(text, SHOWN)))
        significant = len(digits.lstrip("0"))       # too long to convert, or to show whole
        if high is None and significant > MAX_DIGITS:
            raise argparse.ArgumentTypeError(
                _("too many digits: {value}").format(value=_short(text)))
        if high is not None and significant > len(str(high)):
            raise out_of_range(int(text) if len(text) <= SHOWN else _short(text))
        value = -int(digits) if text.startswith("-") else int(digits)
        if value < low or high is not None and value > high:
            raise out_of_range(value)
        return value

    return parse


MAX_IDLE = 24 * 3600
#: --frames: a year at 60 frames a second (the bound is there to be named).
MAX_FRAMES = 60 * 3600 * 24 * 365


#: Seconds as the README says numbers are written: the digits 0-9, with a
#: decimal point if need be (``float`` alone would also take "5_0", "٥",
#: " 5 " or "nan"), and a minus sign, for the range to refuse ("-1" was
#: told it was no number).
_SECONDS = re.compile(r"-?[0-9]+(\.[0-9]+)?")


def _seconds(text: str) -> float:
    """An argparse type: a positive number of seconds, at most a day."""
    if not _SECONDS.fullmatch(text):
        raise argparse.ArgumentTypeError(
            _("must be a number of seconds, not {value}").format(value=i18n.quoted(text, SHOWN)))
    value = float(text)
    if not 1 <= value <= MAX_IDLE:
        raise argparse.ArgumentTypeError(
            _("must be from 1 to {high} seconds, not {value}").format(
                high=i18n.whole(MAX_IDLE), value=_short(text)))
    return value


def _language(text: str) -> str:
    """An argparse type: a language we have a catalogue for."""
    if text in i18n.available() or text == i18n.PSEUDO:
        return text
    raise argparse.ArgumentTypeError(
        _("no {value} translation; available: {languages}").format(
            value=i18n.quoted(text, SHOWN), languages=", ".join(i18n.available())))


def _last_given(argv: list[str], option: str) -> str | None:
    """The value of the last ``option`` in ``argv`` ("--lang fr" or
    "--lang=fr"), read before the parser exists, as the parser takes it
    (the last one wins); None when absent."""
    given = None
    for i, arg in enumerate(argv):
        if arg == option and i + 1 < len(argv):
            given = argv[i + 1]
        elif arg.startswith(option + "="):
            given = arg.removeprefix(option + "=")
    return given


def language_asked(argv: list[str]) -> str:
    """The --lang value, read before the parser exists: its help and its
    errors must already speak that language. "" when absent or unknown (the
    parser then reports it). The last one given, as the parser takes it:
    "--lang fr --lang en" ran in English and said what was wrong in French."""
    asked = _last_given(argv, "--lang")
    return asked if asked in i18n.available() or asked == i18n.PSEUDO else ""


def data_dir_asked(argv: list[str]) -> Path | None:
    """The --data-dir folder, read before the parser exists (where the
    settings whose language the parser speaks are), unchecked: None when
    absent, or when it names no folder Python can even spell ("~name" of no
    such user). Only read from: the parser refuses what is wrong with it."""
    given = _last_given(argv, "--data-dir")
    if not given:
        return None
    try:
        return Path(given).expanduser()
    except RuntimeError:
        return None


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
            _("cannot tell which home directory {path} means").format(path=named(text))) from None
    try:
        path = path.absolute()
    except OSError:             # a working directory removed under the terminal
        raise argparse.ArgumentTypeError(
            _("{path} is relative to the current directory, which no longer exists").format(
                path=named(text))) from None
    length = too_long(path)
    if length is not None:
        raise argparse.ArgumentTypeError(
            _("{path} is too long a path for the records database ({length} bytes with "
              "{name}; at most {limit})").format(path=named(text), length=i18n.whole(length),
                                                 name=named(RECORDS),
                                                 limit=i18n.whole(MAX_PATH_BYTES)))
    try:
        if path.exists() and not path.is_dir():
            raise argparse.ArgumentTypeError(_not_a_directory(path, named(text)))
        problem = _way_blocked(path)
    except OSError as e:        # a name too long, a folder we may not search
        raise argparse.ArgumentTypeError(
            _("cannot create the directory {path}: {reason}").format(
                path=named(text), reason=i18n.os_reason(e))) from None
    if problem is not None:
        raise argparse.ArgumentTypeError(problem)
    return path


def _way_blocked(path: Path) -> str | None:
    """What on the way to the absolute ``path`` keeps it from being made, or
    None: a file where a folder must be, or a ``..`` out of a folder that
    does not exist. Creating it
    (``make_data_dir``) made the missing folder before a ``..`` (a stray
    ``a/missing`` for ``a/missing/../b``), and the rest came as the system's
    bare reason for the whole path ("cannot create the directory .../file/y:
    Not a directory")."""
    here = Path(path.anchor)
    missing: Path | None = None
    for part in path.parts[1:]:
        if part == "..":
            if missing is not None:
                return _("{folder} does not exist (the path goes back up out of it with ..)"
                         ).format(folder=named(here))
        elif missing is None and not (here / part).exists():
            missing = here / part
            if missing.is_symlink():
                return _("{path} is a symbolic link that leads to no directory").format(
                    path=named(missing))
        elif missing is None and not (here / part).is_dir():
            return _not_a_directory(here / part, named(here / part))
        here = here / part
    return None


def _not_a_directory(path: Path, name: str) -> str:
    """Why ``path`` (there, and no directory) cannot hold the data folder,
    saying what it is, ``name`` as the player typed it: a FIFO, a socket or
    a device was called "a file", and sent the player looking for a file
    that is not there. A link says what it leads to."""
    try:
        mode = path.stat().st_mode
    except OSError:             # gone meanwhile, or a link that leads nowhere
        mode = 0
    if stat.S_ISFIFO(mode):
        return _("{path} is a pipe (FIFO), not a directory").format(path=name)
    if stat.S_ISSOCK(mode):
        return _("{path} is a socket, not a directory").format(path=name)
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("{path} is a device, not a directory").format(path=name)
    return _("{path} is a file, not a directory").format(path=name)


def make_data_dir(path: Path) -> None:
    """Create the data folder, once the run is sure to start (``main``):
    made as its option was read, it was left behind by a command line
    refused for another option ("--data-dir ~/typo/records --level hard"
    made ~/typo). A folder it may not be made in is named: "Permission
    denied" alone did not say which of the path's folders it was."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:     # exists() said no: a link to nothing, or a loop of links
        link = next((p for p in (path, *path.parents) if p.is_symlink() and not p.exists()),
                    path)
        raise argparse.ArgumentTypeError(
            _("{path} is a symbolic link that leads to no directory").format(path=named(link))) from None
    except PermissionError:
        folder = next((p for p in path.parents if p.exists()), path.parent)
        raise argparse.ArgumentTypeError(
            _("cannot create the directory {path}: {folder} is not writable").format(
                path=named(path), folder=named(folder))) from None
    except OSError as e:
        raise argparse.ArgumentTypeError(
            _("cannot create the directory {path}: {reason}").format(
                path=named(path), reason=i18n.os_reason(e))) from None


def build_parser() -> _Parser:
    """The parser of every option, made afresh at each call: its help texts
    are translated as it is built, in the language of the moment."""
    p = _Parser(prog=PROG, description=_("The classic Minesweeper, on pygame-ce."))
    p.add_argument("--level", choices=list(LEVELS),
                   help=_("board preset (default: the board last chosen in the game;"
                          " at first beginner)"))
    p.add_argument("--width", type=_whole(1), metavar="W", help=_("custom board width (8-100)"))
    p.add_argument("--height", type=_whole(1), metavar="H",
                   help=_("custom board height (8-100)"))
    p.add_argument("--mines", type=_whole(1), metavar="N",
                   help=_("custom mine count (1 to (width-1)*(height-1); on a torus, hexagons"
                          " or a mask, to the cells less those a first click opens)"))
    p.add_argument("--shape", choices=SHAPES,
                   help=_("grid, torus (opposite edges joined) or hex (hexagons) (default: the"
                          " one last chosen in the game; at first grid)"))
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
                   help=_("play as win31 (8x8 Beginner), xp or modern did (default: the one last"
                          " chosen in the game; at first modern)"))
    p.add_argument("--first-click", choices=FIRST_CLICK_RULES,
                   help=_("opening, safe or classic (default: the one last chosen in the game;"
                          " at first opening)"))
    p.add_argument("--scale", type=_whole(1, MAX_SCALE), metavar="1-8",
                   help=_("integer pixel scale (default: the zoom last chosen in the game; at"
                          " first the largest that fits, at most 2)"))
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
    p.data_dir = p.add_argument("--data-dir", type=p.folder, metavar=_("DIR"),
                   help=_("where records and settings are kept (default: the user data "
                          "directory)"))
    p.add_argument("--replay", type=_file, metavar=_("FILE"),
                   help=_("watch the game saved in this replay file"))
    # How a file reaches the game without a terminal: Windows' "Open with"
    # and a file dropped on the executable pass its name alone.
    p.add_argument("file", nargs="?", type=_file, metavar=_("FILE"),
                   help=_("a replay file to watch, as with --replay FILE"))
    p.add_argument("--check", action="store_true",
                   help=_("with --replay: play it on the engine without a window and print"
                          " RESULT TIME_MS BBBV (exit 2 if the file is bad or does not add up)"))
    return p
