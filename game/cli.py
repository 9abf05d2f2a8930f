"""The command line: options -> Settings for this run, clear errors, exit status 2.

Every bad value is reported on one line that names what is allowed, and the
process exits with status 2 — never a traceback.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from dataclasses import dataclass, field
from pathlib import Path

from game import i18n
from game.engine import CUSTOM_LIMITS, FIRST_CLICK_RULES, LEVELS, SizeError
from game.i18n import _
from game.settings import Settings
from game.words import size_error

PROG = "minesweeper"
MAX_SCALE = 8


class UsageError(Exception):
    """A bad command line, described in one line."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # argparse would print usage and exit
        raise UsageError(message)


def _whole(low: int, high: int | None = None):
    """An argparse type: a whole number in [low, high], with a message naming the range."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            if high is None:
                message = _("must be a whole number {low} or more, not {value}")
            else:
                message = _("must be a whole number from {low} to {high}, not {value}")
            raise argparse.ArgumentTypeError(
                message.format(low=low, high=high, value=repr(text))) from None
        if value < low or high is not None and value > high:
            message = (_("must be {low} or more, not {value}") if high is None
                       else _("must be from {low} to {high}, not {value}"))
            raise argparse.ArgumentTypeError(message.format(low=low, high=high, value=value))
        return value

    return parse


MAX_IDLE = 24 * 3600


def _seconds(text: str) -> float:
    """An argparse type: a positive number of seconds, at most a day."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("must be a number of seconds, not {value}").format(value=repr(text))) from None
    if not 1 <= value <= MAX_IDLE:      # also rejects nan and inf
        raise argparse.ArgumentTypeError(
            _("must be from 1 to {high} seconds, not {value}").format(high=MAX_IDLE, value=text))
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
    parser then reports it)."""
    for i, arg in enumerate(argv):
        value = argv[i + 1] if arg == "--lang" and i + 1 < len(argv) else \
            arg.removeprefix("--lang=") if arg.startswith("--lang=") else None
        if value is not None:
            return value if value in i18n.available() or value == i18n.PSEUDO else ""
    return ""


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog=PROG, description=_("The classic Minesweeper, on pygame-ce."))
    p.add_argument("--level", choices=list(LEVELS), help=_("board preset (default: beginner)"))
    p.add_argument("--width", type=_whole(1), metavar="W", help=_("custom board width (8-100)"))
    p.add_argument("--height", type=_whole(1), metavar="H",
                   help=_("custom board height (8-100)"))
    p.add_argument("--mines", type=_whole(1), metavar="N",
                   help=_("custom mine count (1 to (width-1)*(height-1))"))
    p.add_argument("--seed", type=_whole(0), metavar="N", help=_("seed of the first game"))
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
    p.add_argument("--idle", type=_seconds, default=60.0, metavar=_("SECONDS"),
                   help=_("kiosk and demo: seconds without input before attract mode "
                          "(default 60)"))
    p.add_argument("--frames", type=_whole(1), metavar="N",
                   help=_("run this many frames, then exit 0 (smoke tests)"))
    p.add_argument("--data-dir", type=Path, metavar=_("DIR"),
                   help=_("where records and settings are kept (default: the user data "
                          "directory)"))
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
    idle: float = 60.0

    def settings_from(self, saved: Settings) -> Settings:
        return dataclasses.replace(saved, **self.overrides)

    @property
    def settings(self) -> Settings:
        """The settings of a run with nothing saved."""
        return self.settings_from(Settings())


def parse(argv: list[str] | None) -> Options:
    """Read the command line; UsageError says what is wrong with it."""
    args = build_parser().parse_args(argv)
    overrides: dict[str, object] = {}
    custom = (args.width, args.height, args.mines)
    if any(v is not None for v in custom):
        if args.level:
            raise UsageError(_("use either --level or --width/--height/--mines, not both"))
        if None in custom:
            raise UsageError(_("--width, --height and --mines go together"))
        try:
            CUSTOM_LIMITS.check(*custom)
        except SizeError as e:
            raise UsageError(size_error(e)) from None
        board = Settings()
        board.choose_board(*custom)
        overrides.update(level=board.level)
        if board.level == "custom":
            overrides.update(custom_width=custom[0], custom_height=custom[1],
                             custom_mines=custom[2])
    elif args.level:
        overrides["level"] = args.level
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
    return Options(overrides, args.seed, args.frames, args.data_dir,
                   kiosk=args.kiosk, demo=args.demo, idle=args.idle)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    i18n.set_language(i18n.choose(_language_asked(argv)))
    i18n.translate_argparse()
    try:
        options = parse(argv)
    except UsageError as e:
        print(_("{prog}: error: {message}").format(prog=PROG, message=e), file=sys.stderr)
        return 2
    from game.store import Store
    from game.ui.app import App

    store = Store(options.data_dir)
    app = App(options.settings_from(store.settings), store=store,
              overridden=set(options.overrides), seed=options.seed,
              kiosk=options.kiosk, demo=options.demo, idle_seconds=options.idle)
    try:
        return app.run(frames=options.frames)
    finally:
        app.close()
