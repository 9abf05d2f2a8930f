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

from game.engine import CUSTOM_LIMITS, FIRST_CLICK_RULES, LEVELS
from game.settings import Settings

PROG = "minesweeper"
MAX_SCALE = 8


class UsageError(Exception):
    """A bad command line, described in one line."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # argparse would print usage and exit
        raise UsageError(message)


def _whole(low: int, high: int | None = None):
    """An argparse type: a whole number in [low, high], with a message naming the range."""
    allowed = f"from {low} to {high}" if high is not None else f"{low} or more"

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"must be a whole number {allowed}, not {text!r}") from None
        if value < low or high is not None and value > high:
            raise argparse.ArgumentTypeError(f"must be {allowed}, not {value}")
        return value

    return parse


MAX_IDLE = 24 * 3600


def _seconds(text: str) -> float:
    """An argparse type: a positive number of seconds, at most a day."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a number of seconds, not {text!r}") from None
    if not 1 <= value <= MAX_IDLE:      # also rejects nan and inf
        raise argparse.ArgumentTypeError(f"must be from 1 to {MAX_IDLE} seconds, not {text}")
    return value


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog=PROG, description="The classic Minesweeper, on pygame-ce.")
    p.add_argument("--level", choices=list(LEVELS), help="board preset (default: beginner)")
    p.add_argument("--width", type=_whole(1), help="custom board width (8-100)")
    p.add_argument("--height", type=_whole(1), help="custom board height (8-100)")
    p.add_argument("--mines", type=_whole(1),
                   help="custom mine count (1 to (width-1)*(height-1))")
    p.add_argument("--seed", type=_whole(0), help="seed of the first game")
    p.add_argument("--first-click", choices=FIRST_CLICK_RULES,
                   help="opening (default), safe or classic")
    p.add_argument("--scale", type=_whole(1, MAX_SCALE),
                   help="integer pixel scale (default: the largest that fits, at most 2)")
    p.add_argument("--fullscreen", action="store_true", help="start fullscreen")
    p.add_argument("--no-sound", action="store_true", help="no sound effects")
    p.add_argument("--kiosk", action="store_true",
                   help="lock the machine down: fullscreen, no way out but Ctrl+Alt+Shift+Q,"
                        " nothing saved but records, attract mode when idle")
    p.add_argument("--demo", action="store_true",
                   help="start in attract mode (the computer plays until someone clicks)")
    p.add_argument("--idle", type=_seconds, default=60.0, metavar="SECONDS",
                   help="kiosk and demo: seconds without input before attract mode (default 60)")
    p.add_argument("--frames", type=_whole(1),
                   help="run this many frames, then exit 0 (smoke tests)")
    p.add_argument("--data-dir", type=Path,
                   help="where records and settings are kept (default: the user data directory)")
    p.add_argument("--replay", type=Path, metavar="FILE",
                   help="watch the game saved in this replay file")
    p.add_argument("--check", action="store_true",
                   help="with --replay: play it on the engine without a window and print"
                        " RESULT TIME_MS BBBV (exit 2 if the file is bad or does not add up)")
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
    replay: Path | None = None
    check: bool = False

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
            raise UsageError("use either --level or --width/--height/--mines, not both")
        if None in custom:
            raise UsageError("--width, --height and --mines go together")
        try:
            CUSTOM_LIMITS.check(*custom)
        except ValueError as e:
            raise UsageError(str(e)) from None
        board = Settings()
        board.choose_board(*custom)
        overrides.update(level=board.level)
        if board.level == "custom":
            overrides.update(custom_width=custom[0], custom_height=custom[1],
                             custom_mines=custom[2])
    elif args.level:
        overrides["level"] = args.level
    if args.check and args.replay is None:
        raise UsageError("--check needs --replay FILE")
    if args.first_click:
        overrides["first_click"] = args.first_click
    if args.scale:
        overrides["scale"] = args.scale
    if args.fullscreen:
        overrides["fullscreen"] = True
    if args.no_sound:
        overrides["sound"] = False
    return Options(overrides, args.seed, args.frames, args.data_dir,
                   kiosk=args.kiosk, demo=args.demo, idle=args.idle, replay=args.replay,
                   check=args.check)


def main(argv: list[str] | None = None) -> int:
    try:
        options = parse(argv)
    except UsageError as e:
        print(f"{PROG}: error: {e}", file=sys.stderr)
        return 2
    if options.check:
        return check_replay(options.replay)
    from game.store import Store
    from game.ui.app import App

    store = Store(options.data_dir)
    app = App(options.settings_from(store.settings), store=store,
              overridden=set(options.overrides), seed=options.seed,
              kiosk=options.kiosk, demo=options.demo, idle_seconds=options.idle)
    if options.replay is not None:
        app.commands.open_replay_file(options.replay)
    try:
        return app.run(frames=options.frames)
    finally:
        app.close()


def check_replay(path: Path) -> int:
    """``--replay FILE --check``: one line ``RESULT TIME_MS BBBV`` and 0, or
    one line saying what is wrong and 2."""
    from game.replay import ReplayError, check, read_file

    try:
        print(check(read_file(path)).line())
    except ReplayError as e:
        print(f"{PROG}: {path}: {e}", file=sys.stderr)
        return 2
    return 0
