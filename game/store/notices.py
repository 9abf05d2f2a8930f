"""What the player is told about their files, worded once, here.

The store queues messages; the window shows each one once and takes it off the
queue. A message already waiting is not queued twice, so a kiosk whose disk is
full does not pile up the same warning after every game.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path


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


def reason(error: OSError) -> str:
    """An OSError in words a player can pass on: "Permission denied"."""
    return error.strerror or str(error) or type(error).__name__


def damaged(what: str, aside: Path) -> str:
    return (f"Your {what} could not be read and start afresh. "
            f"The damaged file was kept as {shown(aside.name)}.")


def partly_damaged(what: str, aside: Path, problems: list[str]) -> str:
    return (f"Part of your {what} could not be read and was dropped "
            f"({_summary(problems)}). The original file was kept as {shown(aside.name)}.")


def settings_reset(fields: list[str], aside: Path) -> str:
    return (f"Some settings could not be read and are back to their defaults: "
            f"{', '.join(fields)}. The original file was kept as {shown(aside.name)}.")


def damaged_kept(what: str, path: Path, reason: str) -> str:
    return (f"Your {what} could not be read, and the file {shown(path.name)} could not be "
            f"set aside ({reason}). It is left untouched; your {what} will not be "
            f"saved this time.")


def unreadable(what: str, path: Path, reason: str) -> str:
    return (f"Your {what} could not be opened ({shown(path.name)}: {reason}). "
            f"The file is left untouched; your {what} will not be saved this time.")


def newer(what: str, path: Path) -> str:
    return (f"{shown(path.name)} was written by a newer version of Minesweeper. It is left "
            f"untouched; your {what} will not be saved by this version.")


def cannot_save(directory: Path, reason: str) -> str:
    return (f"Records cannot be saved in {shown(directory)} ({reason}). "
            f"The game plays on, but new results will be lost when it closes.")


def _summary(problems: list[str]) -> str:
    """The first problem, and how many more: enough to find it in the file."""
    more = len(problems) - 1
    return problems[0] + (f", and {more} more" if more else "")
