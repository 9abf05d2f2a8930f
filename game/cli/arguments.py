"""The options and what each accepts: the parser.

A value is checked as its option is read, and a bad one is refused in one
line that names what is allowed (``UsageError``), never with argparse's usage
and exit. Each kind of value is read by its type (``value_types``; the data
folder's, ``data_folder``). How the options combine into settings is
``board``'s and ``options``' job.
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar, overload

from game import i18n
from game.engine import FIRST_CLICK_RULES, LEVELS, SHAPES, STYLES
from game.engine.gallery import GALLERY
from game.i18n import _
from game.replay import MAX_SEED
from game.settings import MAX_SCALE

from . import value_types
from .data_folder import data_dir
from .output import PROG, say
from .value_types import file_name, language, seconds, short, whole_number

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

_N = TypeVar("_N")


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

    def error(self, message: str) -> NoReturn:
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
            message = re.sub(_requoted(forms), lambda m: value_types.given(forms[m[0]])
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
        """``--data-dir``'s type (``data_dir``), noting the value: its
        refusals quote the folder themselves (``named``, whole up to 200
        characters), which in English reads as argparse's ``repr`` of it;
        ``error`` took it for argparse's and cut it to 24 characters."""
        self._paths.add(text)
        return data_dir(text)

    @overload
    def parse_args(self, args: Iterable[str] | None = None,
                   namespace: None = None) -> argparse.Namespace: ...
    @overload
    def parse_args(self, args: Iterable[str] | None, namespace: _N) -> _N: ...
    @overload
    def parse_args(self, *, namespace: _N) -> _N: ...

    def parse_args(self, args: Iterable[str] | None = None,
                   namespace: _N | None = None) -> argparse.Namespace | _N:
        """As argparse's, with the arguments it does not know quoted cut
        short, the first few of them: a file name too many (``python -m
        game *`` in a folder of thousands) listed every one. Listed as
        typed, not through ``error``: an argument typed in quotes ('expert')
        was taken there for argparse quoting a choice, and quoted again."""
        self._given = list(sys.argv[1:] if args is None else args)
        self._paths = set()
        parsed, extra = self.parse_known_args(args, namespace)
        if extra:
            listed = " ".join(short(arg) for arg in extra[:UNKNOWN_SHOWN])
            more = " ..." if len(extra) > UNKNOWN_SHOWN else ""
            raise UsageError(_("unrecognized arguments: {arguments}").format(
                arguments=listed + more))
        return parsed

    def print_help(self, file: SupportsWrite[str] | None = None) -> None:
        """``--help`` through ``say``: argparse's own printing leaves the text
        in the buffer, and a reader gone (``--help | head -c0``) then made
        the exit flush fail: status 120 and "Exception ignored" on stderr.
        A stream that cannot be written (``> /dev/full``, a full disk) is
        said in one line on stderr, status 1, as ``--check``'s result is:
        the help was lost with status 0, an empty file that looked written.
        (A writer that is no text stream, which argparse's signature allows
        and the game never passes, is left to argparse.)"""
        if file is not None and not isinstance(file, (io.TextIOWrapper, io.StringIO)):
            return super().print_help(file)
        failed = say(self.format_help().removesuffix("\n"), file or sys.stdout)
        if failed is not None:
            say(_("{prog}: cannot write the help: {reason}").format(
                prog=PROG, reason=i18n.os_reason(failed)), sys.stderr, error=True)
            raise SystemExit(1)


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


#: --frames: a year at 60 frames a second (the bound is there to be named).
MAX_FRAMES = 60 * 3600 * 24 * 365


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


def build_parser() -> _Parser:
    """The parser of every option, made afresh at each call: its help texts
    are translated as it is built, in the language of the moment."""
    p = _Parser(prog=PROG, description=_("The classic Minesweeper, on pygame-ce."))
    _add_board_options(p)
    _add_play_options(p)
    _add_run_options(p)
    return p


def _add_board_options(p: _Parser) -> None:
    """The board played: a level, a custom size, a shape, a shaped field
    or a mask, and the first game's seed."""
    p.add_argument("--level", choices=list(LEVELS),
                   help=_("board preset (default: the board last chosen in the game;"
                          " at first beginner)"))
    p.add_argument("--width", type=whole_number(1), metavar="W",
                   help=_("custom board width (8-100)"))
    p.add_argument("--height", type=whole_number(1), metavar="H",
                   help=_("custom board height (8-100)"))
    p.add_argument("--mines", type=whole_number(1), metavar="N",
                   help=_("custom mine count (1 to (width-1)*(height-1); on a torus, hexagons"
                          " or a mask, to the cells less those a first click opens)"))
    p.add_argument("--shape", choices=SHAPES,
                   help=_("grid, torus (opposite edges joined) or hex (hexagons) (default: the"
                          " one last chosen in the game; at first grid)"))
    p.add_argument("--field", choices=list(GALLERY),
                   help=_("a shaped field from the gallery instead of a level"))
    p.add_argument("--mask", type=file_name, metavar=_("FILE"),
                   help=_("a shaped field drawn in a text file ('#' a cell, space a hole);"
                          " --mines sets its mines"))
    # A replay holds seeds below MAX_SEED: a game played from a bigger one
    # would be recorded with a replay that does not open.
    p.add_argument("--seed", type=whole_number(0, MAX_SEED - 1), metavar="N",
                   help=_("seed of the first game (a board known in advance: practice, "
                          "no best time)"))


def _add_play_options(p: _Parser) -> None:
    """How the game plays, looks, sounds and speaks: style, first-click
    rule, zoom, fullscreen, sound, language."""
    p.add_argument("--style", choices=STYLES,
                   help=_("play as win31 (8x8 Beginner), xp or modern did (default: the one last"
                          " chosen in the game; at first modern)"))
    p.add_argument("--first-click", choices=FIRST_CLICK_RULES,
                   help=_("opening, safe or classic (default: the one last chosen in the game;"
                          " at first opening)"))
    p.add_argument("--scale", type=whole_number(1, MAX_SCALE), metavar="1-8",
                   help=_("integer pixel scale (default: the zoom last chosen in the game; at"
                          " first the largest that fits, at most 2)"))
    p.add_argument("--fullscreen", action="store_true", help=_("start fullscreen"))
    p.add_argument("--no-sound", action="store_true", help=_("no sound effects"))
    p.add_argument("--lang", type=language, metavar="|".join(i18n.available()),
                   help=_("language of this run (default: the system's, or the one chosen "
                          "in the View menu)"))


def _add_run_options(p: _Parser) -> None:
    """How the run goes: a public machine's modes, a smoke test's frames,
    where the files are kept, a replay watched or checked."""
    p.add_argument("--kiosk", action="store_true",
                   help=_("lock the machine down: fullscreen, no way out but Ctrl+Alt+Shift+Q,"
                          " nothing saved but records, attract mode when idle"))
    p.add_argument("--demo", action="store_true",
                   help=_("start in attract mode (the computer plays until someone clicks)"))
    p.add_argument("--idle", type=seconds, metavar=_("SECONDS"),
                   help=_("with --kiosk or --demo: seconds without input before attract mode"
                          " (default 60)"))
    p.add_argument("--frames", type=whole_number(1, MAX_FRAMES), metavar="N",
                   help=_("run this many frames, then exit 0 (smoke tests)"))
    p.data_dir = p.add_argument("--data-dir", type=p.folder, metavar=_("DIR"),
                   help=_("where records and settings are kept (default: the user data "
                          "directory)"))
    p.add_argument("--replay", type=file_name, metavar=_("FILE"),
                   help=_("watch the game saved in this replay file"))
    # How a file reaches the game without a terminal: Windows' "Open with"
    # and a file dropped on the executable pass its name alone.
    p.add_argument("file", nargs="?", type=file_name, metavar=_("FILE"),
                   help=_("a replay file to watch, as with --replay FILE"))
    p.add_argument("--check", action="store_true",
                   help=_("with --replay: play it on the engine without a window and print"
                          " RESULT TIME_MS BBBV (exit 2 if the file is bad or does not add up)"))
