"""What the player is told about their files, worded once, here.

The store queues messages; the window shows each one once and takes it off the
queue. A message already waiting is not queued twice, so a kiosk whose disk is
full does not pile up the same warning after every game.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

from game.i18n import N_, _, ngettext, os_reason


class Notices:
    """Messages waiting to be shown to the player, oldest first (the store's
    writer thread adds to them too)."""

    def __init__(self) -> None:
        self.waiting: list[str] = []
        self._lock = threading.Lock()

    def add(self, message: str) -> None:
        with self._lock:
            if message not in self.waiting:
                self.waiting.append(message)

    def take(self) -> list[str]:
        """The waiting messages, leaving none."""
        with self._lock:
            taken, self.waiting = self.waiting, []
        return taken


def shown(path: Path | str) -> str:
    """A path as text that can be drawn: bytes that are not UTF-8 (kept by
    Python as lone surrogates) become U+FFFD replacement characters."""
    return os.fsencode(path).decode("utf-8", "replace")


#: What SQLite says when the records cannot be read or written: fixed English
#: texts, which are their own message ids; any other is shown as it comes.
SQLITE_REASONS = frozenset((
    N_("database or disk is full"),
    N_("attempt to write a readonly database"),
    N_("disk I/O error"),
    N_("unable to open database file"),
    N_("database is locked"),
    N_("database disk image is malformed"),
    N_("file is not a database"),
    N_("access permission denied"),
))


def reason(error: BaseException) -> str:
    """A failed read or write in words a player can pass on: "Permission
    denied", "database or disk is full", in the player's language."""
    if isinstance(error, OSError):
        return os_reason(error)
    said = str(error)
    return _(said) if said in SQLITE_REASONS else said or type(error).__name__


def damaged(what: str, aside: Path) -> str:
    return _("Your {what} could not be read and start afresh. "
             "The damaged file was kept as {file}.").format(what=_(what), file=shown(aside.name))


def partly_damaged(what: str, aside: Path, problems: list[str]) -> str:
    return _("Part of your {what} could not be read and was dropped ({problems}). "
             "The original file was kept as {file}.").format(
                 what=_(what), problems=_summary(problems), file=shown(aside.name))


def settings_reset(fields: list[str], aside: Path) -> str:
    return _("Some settings could not be read and are back to their defaults: {fields}. "
             "The original file was kept as {file}.").format(
                 fields=_(", ").join(fields), file=shown(aside.name))


def damaged_kept(what: str, path: Path, reason: str) -> str:
    return _("Your {what} could not be read, and the file {file} could not be set aside "
             "({reason}). It is left untouched; your {what} will not be saved this "
             "time.").format(what=_(what), file=shown(path.name), reason=reason)


def unreadable(what: str, path: Path, reason: str) -> str:
    return _("Your {what} could not be opened ({file}: {reason}). The file is left "
             "untouched; your {what} will not be saved this time.").format(
                 what=_(what), file=shown(path.name), reason=reason)


def newer(what: str, path: Path) -> str:
    return _("{file} was written by a newer version of Minesweeper. It is left untouched; "
             "your {what} will not be saved by this version.").format(
                 what=_(what), file=shown(path.name))


def cannot_save(directory: Path, reason: str) -> str:
    return _("Records cannot be saved in {directory} ({reason}). The game plays on, but new "
             "results will be lost when it closes.").format(directory=shown(directory), reason=reason)


def cannot_open_folder(directory: Path, reason: str) -> str:
    return _("Your settings and records in {directory} can be neither read nor saved "
             "({reason}). The game plays on with the defaults, but new results will be lost "
             "when it closes.").format(directory=shown(directory), reason=reason)


def _summary(problems: list[str]) -> str:
    """The first problem, and how many more: enough to find it in the file."""
    more = len(problems) - 1
    if not more:
        return problems[0]
    return ngettext("{problem}, and {count} more", "{problem}, and {count} more", more).format(
        problem=problems[0], count=more)
