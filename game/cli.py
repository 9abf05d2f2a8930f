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
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.engine import CUSTOM_LIMITS, FIRST_CLICK_RULES, LEVELS
from game.engine.checks import ascii_number
from game.settings import MAX_SCALE, Settings

PROG = "minesweeper"


class UsageError(Exception):
    """A bad command line, described in one line."""


class _Parser(argparse.ArgumentParser):
    def __init__(self, **kwargs: Any) -> None:
        # "--lev expert" must not pass for --level: a typo is an error.
        super().__init__(allow_abbrev=False, **kwargs)

    def error(self, message: str) -> None:  # argparse would print usage and exit
        raise UsageError(message)


def _whole(low: int, high: int | None = None):
    """An argparse type: a whole number in [low, high], with a message naming the range."""
    allowed = f"from {low} to {high}" if high is not None else f"{low} or more"

    def parse(text: str) -> int:
        value = ascii_number(text.removeprefix("-"))
        if value is None:
            raise argparse.ArgumentTypeError(
                f"must be a whole number {allowed}, not {text!r}")
        value = -value if text.startswith("-") else value
        if value < low or high is not None and value > high:
            raise argparse.ArgumentTypeError(f"must be {allowed}, not {value}")
        return value

    return parse


MAX_IDLE = 24 * 3600
DEFAULT_IDLE = 60.0


def _seconds(text: str) -> float:
    """An argparse type: a positive number of seconds, at most a day."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a number of seconds, not {text!r}") from None
    if not 1 <= value <= MAX_IDLE:      # also rejects nan and inf
        raise argparse.ArgumentTypeError(f"must be from 1 to {MAX_IDLE} seconds, not {text}")
    return value


def _data_dir(text: str) -> Path:
    """An argparse type: a directory the game can keep its files in, created if
    missing. An explicitly given place the game cannot use is an error, not a
    silent fallback (a read-only directory is still accepted: the game then
    plays on and says records cannot be saved)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("must name a directory, not an empty string")
    path = Path(text).expanduser()
    if path.exists() and not path.is_dir():
        raise argparse.ArgumentTypeError(f"{text} is a file, not a directory")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise argparse.ArgumentTypeError(
            f"cannot create the directory {text}: {e.strerror or e}") from None
    return path


def no_display(env: Mapping[str, str] = os.environ,
               platform: str = sys.platform) -> str | None:
    """Why no window could be seen here, or None. Only X11 and Wayland say
    through the environment whether a display exists; elsewhere (and when the
    user chose a driver with SDL_VIDEODRIVER) the answer is left to SDL."""
    if env.get("SDL_VIDEODRIVER") or platform in ("win32", "darwin", "cygwin"):
        return None
    if env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"):
        return None
    return ("no display to open the window on (neither DISPLAY nor WAYLAND_DISPLAY is set);"
            " set SDL_VIDEODRIVER to choose a video driver")


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
    p.add_argument("--idle", type=_seconds, metavar="SECONDS",
                   help="with --kiosk or --demo: seconds without input before attract mode"
                        " (default 60)")
    p.add_argument("--frames", type=_whole(1),
                   help="run this many frames, then exit 0 (smoke tests)")
    p.add_argument("--data-dir", type=_data_dir,
                   help="where records and settings are kept (default: the user data directory)")
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
    if args.first_click:
        overrides["first_click"] = args.first_click
    if args.scale:
        overrides["scale"] = args.scale
    if args.fullscreen:
        overrides["fullscreen"] = True
    if args.no_sound:
        overrides["sound"] = False
    if args.idle is not None and not (args.kiosk or args.demo):
        raise UsageError("--idle only applies with --kiosk or --demo")
    return Options(overrides, args.seed, args.frames, args.data_dir,
                   kiosk=args.kiosk, demo=args.demo,
                   idle=args.idle if args.idle is not None else DEFAULT_IDLE)


#: SDL's drivers that draw where nobody sees: fine when asked for (tests, smoke
#: runs), a dead end when SDL falls back to them on its own.
INVISIBLE_DRIVERS = ("offscreen", "dummy")


def _error(message: str) -> int:
    print(f"{PROG}: error: {message}", file=sys.stderr)
    return 2


def _video_problem() -> str | None:
    """Why the game cannot show its window here, or None (starts the video)."""
    reason = no_display()
    if reason:
        return reason
    import pygame

    from game.ui.quiet import quiet_stderr

    try:
        with quiet_stderr():
            pygame.display.init()
    except pygame.error as e:
        return f"cannot open a window: {e}"
    driver = pygame.display.get_driver()
    if not os.environ.get("SDL_VIDEODRIVER") and driver in INVISIBLE_DRIVERS:
        pygame.display.quit()
        return (f"no display to open the window on (SDL fell back to its {driver} driver);"
                " set SDL_VIDEODRIVER to choose a video driver")
    return None


def main(argv: list[str] | None = None) -> int:
    try:
        options = parse(argv)
    except UsageError as e:
        return _error(str(e))
    from game.shutdown import Stop
    from game.store import Store
    from game.ui.app import App

    problem = _video_problem()
    if problem:
        return _error(problem)
    stop = Stop()
    stop.install()
    try:
        store = Store(options.data_dir)
        try:
            app = App(options.settings_from(store.settings), store=store,
                      overridden=set(options.overrides), seed=options.seed,
                      kiosk=options.kiosk, demo=options.demo, idle_seconds=options.idle)
            stop.install(app)             # again: SDL took SIGTERM over while opening
            try:
                return 0 if stop.asked else app.run(frames=options.frames)
            finally:
                app.close()
        finally:
            store.close()
    finally:
        stop.restore()

