"""What the clock soak (``soak_hours.py``) reads of the machine: the game's
child processes, open files, window surfaces alive, attract mode's games
across visitors, and the ballast that fills a small disk (``--disk-full``).
Linux's ``/proc`` gives the figures; elsewhere they are None ("n/a")."""

from __future__ import annotations

import gc
import os
import shutil
import weakref
from pathlib import Path

import pygame
from stress_lib import expect, mb

from game.ui.app import App
from game.ui.screens.attract import AttractScreen

#: The most free space ``--disk-full`` fills (it writes that much ballast).
BALLAST_LIMIT = 64 * 2**20


def children() -> list[tuple[str, int]] | None:
    """This process's children as (state, RSS bytes); None without /proc."""
    me, page = str(os.getpid()), os.sysconf("SC_PAGE_SIZE")
    try:
        pids = [p for p in os.listdir("/proc") if p.isdigit()]
    except OSError:
        return None
    found = []
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                stat = f.read()
            state, parent = stat[stat.rindex(")") + 2:].split()[:2]
            if parent != me:
                continue
            with open(f"/proc/{pid}/statm") as f:
                found.append((state, int(f.read().split()[1]) * page))
        except (OSError, ValueError, IndexError):
            continue                          # gone meanwhile
    return found


def open_fds() -> int | None:
    try:
        return len(os.listdir("/proc/self/fd"))
    except OSError:
        return None


def size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


class Surfaces:
    """Every window surface the app has drawn on, weakly: how many live."""

    def __init__(self) -> None:
        self._seen: weakref.WeakSet[pygame.Surface] = weakref.WeakSet()

    def look(self, app: App) -> None:
        if app.display.surface is not None:
            self._seen.add(app.display.surface)

    def alive(self) -> int:
        gc.collect()
        return len(self._seen)


class Shows:
    """Attract mode's games over the run: each visitor ends one attract
    screen, and the next one counts from zero."""

    def __init__(self) -> None:
        self._screen: AttractScreen | None = None
        self._before = (0, 0)          # games and demo games of the screens ended

    def look(self, app: App) -> None:
        top = app.top if isinstance(app.top, AttractScreen) else None
        if top is not None and top is not self._screen:
            self._before = self.counts()
            self._screen = top

    def counts(self) -> tuple[int, int]:
        games, demos = self._before
        if self._screen is not None:
            games, demos = games + self._screen.games, demos + self._screen.demos
        return games, demos


def ballast_refused(directory: Path) -> str | None:
    """Why ``--disk-full`` may not fill ``directory``'s file system, if so."""
    try:
        free = shutil.disk_usage(directory).free
    except OSError as error:
        return f"--disk-full: {directory}: {error.strerror}"
    if free > BALLAST_LIMIT:
        return (f"--disk-full fills the file system of {directory}, which has {mb(free)} MB "
                f"free (at most {mb(BALLAST_LIMIT)} MB): give a --data-dir on a small one, "
                f"a tmpfs of a few MB")
    return None


class Ballast:
    """A file filling the data folder's file system (``--disk-full``)."""

    def __init__(self, directory: Path) -> None:
        self.path = directory / "soak-ballast"
        problem = ballast_refused(directory)
        expect(problem is None, problem or "")
        self.full = False

    def fill(self) -> None:
        self.full = True
        with open(self.path, "ab") as f:
            try:
                while True:
                    f.write(b"\0" * 65536)
                    f.flush()
            except OSError:
                pass                          # full

    def free(self) -> None:
        self.full = False
        self.path.unlink(missing_ok=True)
