"""The command line read into ``Options``: settings for this run, and how to run.

The options are parsed (``arguments``), the board they choose is worked out
(``board``), and the rest are checked against each other; a command line
refused for any reason leaves nothing behind (the data folder is made only
once the run is sure to start: ``make_folder``).
"""

from __future__ import annotations

import argparse
import dataclasses
from dataclasses import dataclass, field
from pathlib import Path

from game.i18n import _
from game.settings import STYLE_RULES, Settings

from .arguments import UsageError, build_parser
from .board import Overrides, board_overrides
from .data_folder import make_data_dir

#: --idle when not given: a minute without input before attract mode.
DEFAULT_IDLE = 60.0
#: The options a replay check has no use for, by their argparse names: the
#: board is the replay's own, and no window opens.
NOT_CHECKED = ("level", "width", "height", "mines", "shape", "field", "mask", "seed", "style",
               "first_click", "scale", "fullscreen", "no_sound", "kiosk", "demo", "idle",
               "frames")


@dataclass
class Options:
    """What the command line asked for. ``overrides`` are settings for this run
    only: they are not saved unless the player changes them in the game."""

    overrides: Overrides = field(default_factory=Overrides)
    seed: int | None = None
    frames: int | None = None
    data_dir: Path | None = None
    kiosk: bool = False
    demo: bool = False
    idle: float = DEFAULT_IDLE
    replay: Path | None = None
    mask: Path | None = None          # --mask FILE: its refusals name the file
    check: bool = False
    size: tuple[int, int, int] | None = None    # --width, --height, --mines

    def settings_from(self, saved: Settings) -> Settings:
        """The run's settings: the saved ones, with the command line's over
        them. A size given as numbers is the preset it is in the style played
        (given or saved), else a custom board: with Windows 3.1's style saved,
        9x9 with 10 mines played its 8x8 Beginner, and 8x8 with 10 was a
        custom board that never made the Best Times. A saved custom board
        that is a preset of the style played is that preset, also with no
        --style: settings saved before a style change renamed it hold one
        (Custom 9x9 with 10 mines kept through a change to Windows XP), and
        the Game menu ticked Custom while the game counted as a Beginner."""
        settings = dataclasses.replace(saved, **self.overrides)
        if self.size is not None:
            settings.choose_board(*self.size)
        else:
            settings.rename_custom_board()      # the saved custom board, in this style
        return settings

    def overridden(self, saved: Settings) -> set[str]:
        """The names of the settings this run's command line decides, kept
        unsaved until the player changes them: those it gives, and the level
        when the style it gives makes the saved custom board a preset. Saved
        Custom 9x9 with 10 mines under Windows 3.1, ``--style xp`` plays it
        as XP's Beginner; counted as the player's choice, any setting then
        changed saved "Beginner" under Windows 3.1, its 8x8, for good."""
        names = set(self.overrides)
        own = dataclasses.replace(saved)
        own.rename_custom_board()                # a rename of its own style is saved
        if self.settings_from(saved).level != own.level:
            names.add("level")
        return names

    @property
    def settings(self) -> Settings:
        """The settings of a run with nothing saved."""
        return self.settings_from(Settings())


def make_folder(options: Options) -> None:
    """Make the ``--data-dir`` folder, once the run is sure to start (the
    whole command line accepted, a display found, the board playable): made
    as the options were read, it was left behind by a start then refused
    ("--data-dir ~/typo/records --mines 999" made ~/typo). UsageError, worded
    as argparse words its own, when it cannot be made."""
    if options.data_dir is None:
        return
    try:
        make_data_dir(options.data_dir)
    except argparse.ArgumentTypeError as e:
        raise UsageError(str(argparse.ArgumentError(build_parser().data_dir, str(e)))) from None


def _only_checked(args: argparse.Namespace, replay: Path | None) -> None:
    """Refuse a ``--check`` with no replay, or with an option it cannot
    honour: the check plays the board the replay holds, without a window,
    and "--replay FILE --check --shape hex" printed the grid game's result,
    as if the shape had been checked too."""
    if replay is None:
        raise UsageError(_("--check needs --replay FILE"))
    # Given is anything but argparse's default (None, or False for a
    # switch): "not in (None, False)" took --seed 0 for not given, 0 being
    # equal to False, and the check ran as if the seed had been checked.
    given = next((name for name in NOT_CHECKED
                  if getattr(args, name) is not None and getattr(args, name) is not False), None)
    if given is not None:
        raise UsageError(_("--check plays the board the replay holds, without a window:"
                           " {option} does nothing with it").format(
                               option="--" + given.replace("_", "-")))


def _replay_file(option: Path | None, bare: Path | None) -> Path | None:
    """The replay to watch: ``--replay FILE``, or a file named alone (as
    Windows' "Open with" and a file dropped on the executable give it),
    which was refused as an unrecognized argument, in a windowed executable
    where nobody could read why: nothing happened at all."""
    if bare is not None and option is not None:
        raise UsageError(_("give the replay file once: --replay FILE or FILE alone"))
    return bare if bare is not None else option


def parse(argv: list[str] | None) -> Options:
    """Read the command line; UsageError says what is wrong with it."""
    parser = build_parser()
    args = parser.parse_args(argv)
    replay = _replay_file(args.replay, args.file)
    if args.check:
        _only_checked(args, replay)
    overrides = board_overrides(args)
    if args.style:
        overrides["style"] = args.style
        (overrides["first_click"], overrides["marks"],
         overrides["chord_left_click"]) = STYLE_RULES[args.style]
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
    return Options(overrides, args.seed, args.frames, args.data_dir,
                   kiosk=args.kiosk, demo=args.demo,
                   idle=args.idle if args.idle is not None else DEFAULT_IDLE,
                   replay=replay, check=args.check, mask=args.mask,
                   size=None if args.width is None else (args.width, args.height, args.mines))
