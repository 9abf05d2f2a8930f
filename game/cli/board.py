"""The board the command line asks for, and whether the shape played takes it.

``--level``, ``--field``, ``--mask FILE`` and ``--width/--height/--mines``
each choose the board and exclude the others; a mask is read and checked
here. A board given without ``--shape`` is played on the saved shape, known
only once the records folder is open, so part of the check waits for it
(``board_problem``): a torus or hexagons take more mines than the grid.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from pathlib import Path
from typing import TypedDict

from game import i18n
from game.engine import CUSTOM_LIMITS, GRID, FieldTooSmall, SizeError
from game.engine.gallery import MaskError, mines_for, parse_mask
from game.i18n import _
from game.safe_read import NotAFile, TooLarge, read_capped
from game.settings import Settings
from game.words import board_refusal, mask_error, size_error

from .arguments import UsageError
from .output import named


class Overrides(TypedDict, total=False):
    """The settings a command line gives for its run, each of the type
    ``Settings`` holds it in (``dataclasses.replace`` takes them as they are)."""

    level: str
    custom_width: int
    custom_height: int
    custom_mines: int
    custom_mask: str
    own_mask: str
    own_mask_mines: int
    shape: str
    style: str
    first_click: str
    marks: bool
    chord_left_click: bool
    scale: int
    fullscreen: bool
    sound: bool
    language: str


def board_overrides(args: argparse.Namespace) -> Overrides:
    """The settings of the board and shape the options choose: one of
    ``--level``, ``--field``, ``--mask`` or a custom size, checked against
    each other and against the engine's limits."""
    overrides: Overrides = {}
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
        overrides.update(_custom_board(args))
    elif args.level:
        overrides["level"] = args.level
    return overrides


def _custom_board(args: argparse.Namespace) -> Overrides:
    """The settings of the custom size ``--width``, ``--height`` and
    ``--mines`` give (all three, without ``--level``)."""
    custom = (args.width, args.height, args.mines)
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
        # mines than the grid: checked once it is known (board_problem).
    # Which level the size is depends on the style played (9x9 with 10
    # mines is Beginner, but Windows 3.1's Beginner is 8x8), known only
    # with the saved settings: Options.settings_from names it. No mask:
    # the saved custom field's drew holes in a board of another size.
    return Overrides(level="custom", custom_width=custom[0], custom_height=custom[1],
                     custom_mines=custom[2], custom_mask="")


MAX_MASK_BYTES = 64_000


def _mask_board(path: Path, mines: int | None, shape: str | None) -> Overrides:
    """The settings of a custom field drawn in the file at ``path``. Without
    ``--shape`` (None) the game plays the saved shape, known only once the
    records folder is open: its mines and size are then checked there
    (``board_problem``), as a torus or hexagons take more mines than the
    grid; the grid's default count fits every shape."""
    try:
        data = read_capped(path, MAX_MASK_BYTES)    # a FIFO would wait for ever
    except NotAFile:
        raise UsageError(_("--mask {path}: not a file (a folder, a pipe or a device)")
                         .format(path=named(path))) from None
    except TooLarge:
        raise UsageError(_("--mask {path}: too big for a mask (at most 100x100 characters)")
                         .format(path=named(path))) from None
    except OSError as e:
        raise UsageError(_("--mask {path}: cannot read it ({reason})").format(
            path=named(path), reason=i18n.os_reason(e))) from None
    try:
        mask = parse_mask(data.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise UsageError(_("--mask {path}: not a text file (UTF-8)").format(path=named(path))) from None
    except MaskError as e:
        raise UsageError(mask_refused(path, mask_error(e))) from None
    if mines is None:
        mines = min(mines_for(mask), max(1, CUSTOM_LIMITS.max_mines(
            len(mask[0]), len(mask), shape or GRID, mask)))
    try:
        CUSTOM_LIMITS.check(len(mask[0]), len(mask), mines, shape or GRID, mask)
    except ValueError as e:
        # Without --shape, a mine count or a field the grid refuses may fit
        # the saved shape: checked once it is known (board_problem).
        deferred = shape is None and (isinstance(e, FieldTooSmall)
                                      or isinstance(e, SizeError) and e.what == "mines")
        if not deferred:
            raise UsageError(mask_refused(path, board_refusal(e))) from None
    settings = Settings()
    settings.choose_mask(mask, mines)
    return {"level": "custom", "custom_width": settings.custom_width,
            "custom_height": settings.custom_height, "custom_mines": mines,
            "custom_mask": settings.custom_mask, "own_mask": settings.own_mask,
            "own_mask_mines": mines}


def mask_refused(path: Path, reason: str) -> str:
    """A refusal of the board drawn in ``path``, naming the file, whether it
    is found as the mask is read or once the saved shape is known."""
    return _("--mask {path}: {reason}").format(path=named(path), reason=reason)


#: Settings that choose the board or its shape: given on the command line,
#: the board played is checked on the shape played (``board_problem``).
BOARD_SETTINGS = frozenset({"shape", "level", "custom_width", "custom_height", "custom_mines",
                            "custom_mask"})


def board_problem(settings: Settings, overrides: Mapping[str, object]) -> str | None:
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

