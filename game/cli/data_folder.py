"""The folder the game keeps its files in (``--data-dir``): checked as the
option is read, made once the run is sure to start.

An explicitly given place the game cannot use is refused in one line that
names the folder at fault and says what is wrong with it (a file on the
way, a ``..`` out of a folder that does not exist, a path too long for the
records database), never a silent fallback.
"""

from __future__ import annotations

import argparse
import stat
from pathlib import Path

from game import i18n
from game.i18n import _
from game.store.database import MAX_PATH_BYTES, too_long
from game.store.database import NAME as RECORDS

from .output import named


def data_dir(text: str) -> Path:
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
