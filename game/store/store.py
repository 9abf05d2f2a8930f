"""The store: what the rest of the game calls to keep settings, best times,
statistics and history on disk.

Three files, so that one damaged file never costs the others: settings.json,
records.json (best times and statistics) and history.json. Everything is held
in memory and written through on every change, so the game plays on even when
nothing can be saved; no disk problem ever raises out of here — the player is
told through :attr:`Store.notices` instead.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from contextlib import suppress
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

import platformdirs

from game.engine import LEVELS
from game.i18n import N_
from game.settings import Settings

from . import best_times, history, notices, records_file, settings_file
from .atomic import remove_stale_temporaries, write_atomic
from .best_times import BestTime
from .document import JsonFile
from .history import GameRecord
from .names import clean_name
from .notices import Notices, reason
from .statistics import STAT_LEVELS, LevelStats

APP_NAME = "Minesweeper"
#: Written and removed at start to learn whether the directory takes writes.
_PROBE = ".write-test"


def default_directory() -> Path:
    """Where records live unless told otherwise: the platform's user data
    directory (never beside the program: a one-file executable runs from a
    temporary folder)."""
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


class Store:
    """Settings, best times, statistics and history of one player directory.

    ``directory`` None means :func:`default_directory`; ``now`` is the clock
    that dates games and names damaged files (``datetime.now`` by default).
    """

    def __init__(self, directory: str | os.PathLike[str] | None = None, *,
                 now: Callable[[], datetime] | None = None) -> None:
        self.directory = Path(directory) if directory is not None else default_directory()
        self._now = now or datetime.now
        self._notices = Notices()
        self._files = [JsonFile(self.directory, name, schema, what, tell=self._notices,
                                now=self._now)
                       for name, schema, what in (
                           (settings_file.NAME, settings_file.SCHEMA, "settings"),
                           (records_file.NAME, records_file.SCHEMA, N_("best times and statistics")),
                           (history.NAME, history.SCHEMA, N_("game history")))]
        self._settings_file, self._records_file, self._history_file = self._files
        self._saving = self._open_directory()
        self.settings = self._load_settings()
        self._records = self._load_records()
        self._loaded_history: history.History | None = None

    # -- what the game asks --------------------------------------------------

    @property
    def notices(self) -> list[str]:
        """Messages for the player, each to be shown once (see take_notices)."""
        return list(self._notices.waiting)

    def take_notices(self) -> list[str]:
        """The waiting messages, which are then forgotten."""
        return self._notices.take()

    @property
    def writable(self) -> bool:
        """True while everything the store holds is being saved: the directory
        takes writes and no file is left alone (newer version, damaged and
        impossible to set aside)."""
        return self._saving and not any(file.locked for file in self._files)

    def record_game(self, game: GameRecord) -> int | None:
        """Count a finished or abandoned game in statistics (unless assisted)
        and history; return the Best Times place it would take (1-based) if it
        qualifies — a win on a preset level without help, in the top ten —
        else None. The time is added by :meth:`add_best_time` once the player
        has given a name."""
        if game.date is None:
            game = replace(game, date=self._stamp())
        if not game.assisted:
            self._records.stats[game.level] = self._records.stats[game.level].after(game.won)
            self._save_records()
        self._history.add(game)
        self._save(self._history_file, self._history.encode())
        if game.won and game.standard and not game.assisted:
            return best_times.rank_for(self._records.tables[game.level], game.time_ms)
        return None

    def add_best_time(self, level: str, name: str, time_ms: int, bbbv: int | None,
                      bbbv_per_s: float | None, *, date: str | None = None) -> int | None:
        """Enter a time in ``level``'s Best Times under the cleaned ``name``
        (dated ``date``, or now); return its place, or None when the level has
        no table (custom) or the time does not make the top ten."""
        if level not in LEVELS:
            return None
        entry = BestTime(clean_name(name), time_ms, date or self._stamp(), bbbv, bbbv_per_s)
        table, rank = best_times.with_entry(self._records.tables[level], entry)
        if rank is not None:
            self._records.tables[level] = table
            self._save_records()
        return rank

    def best_times(self, level: str) -> list[BestTime]:
        """``level``'s Best Times, best first (none for "custom")."""
        return list(self._records.tables.get(_known(level), []))

    def statistics(self, level: str) -> LevelStats:
        return self._records.stats[_known(level)]

    def history(self) -> list[GameRecord]:
        """The last games played, newest first."""
        return self._history.newest_first()

    def reset_best_times(self, level: str | None = None) -> None:
        """Empty one level's Best Times, or every level's."""
        for name in _chosen(level):
            if name in self._records.tables:
                self._records.tables[name] = []
        self._save_records()

    def reset_statistics(self, level: str | None = None) -> None:
        """Zero one level's statistics, or every level's."""
        for name in _chosen(level):
            self._records.stats[name] = LevelStats()
        self._save_records()

    def save_settings(self) -> None:
        """Persist :attr:`settings` as they are now."""
        self._save(self._settings_file, settings_file.encode(self.settings))

    # -- loading -------------------------------------------------------------

    def _open_directory(self) -> bool:
        """Create the directory if needed and learn whether it takes writes.
        A directory that cannot be created holds nothing to read, and files
        found there later were never loaded: none is written this session."""
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            for file in self._files:
                file.locked = True
            self._notices.add(notices.cannot_save(self.directory, reason(error)))
            return False
        probe = self.directory / _PROBE
        try:
            write_atomic(probe, b"")
        except OSError as error:
            self._notices.add(notices.cannot_save(self.directory, reason(error)))
            return False
        with suppress(OSError):
            probe.unlink()
        for path in (probe, *(file.path for file in self._files)):
            remove_stale_temporaries(path)
        return True

    def _load_settings(self) -> Settings:
        document = self._load(self._settings_file)
        if document is None:
            return Settings()
        settings, bad = settings_file.decode(document)
        if bad:
            aside = self._settings_file.set_aside()
            if aside is not None:
                self._notices.add(notices.settings_reset(bad, aside))
        return settings

    def _load_records(self) -> records_file.Records:
        document = self._load(self._records_file)
        if document is None:
            return records_file.Records()
        records, problems = records_file.decode(document)
        self._report(self._records_file, problems)
        return records

    @property
    def _history(self) -> history.History:
        """The history, read when first needed (the History dialog, the end of
        the first game) rather than at start-up: it is the biggest file, and
        the window need not wait for it (docs/design.md, "Start-up")."""
        if self._loaded_history is None:
            self._loaded_history = self._load_history()
        return self._loaded_history

    def _load_history(self) -> history.History:
        document = self._load(self._history_file)
        if document is None:
            return history.History()
        games, problems = history.decode(document)
        self._report(self._history_file, problems)
        return games

    def _load(self, file: JsonFile) -> dict[str, Any] | None:
        return file.load() if not file.locked else None

    def _report(self, file: JsonFile, problems: list[str]) -> None:
        """Keep a partly damaged file aside and say what was dropped."""
        if problems:
            aside = file.set_aside()
            if aside is not None:
                self._notices.add(notices.partly_damaged(file.what, aside, problems))

    # -- saving --------------------------------------------------------------

    def _save_records(self) -> None:
        self._save(self._records_file, records_file.encode(self._records))

    def _save(self, file: JsonFile, text: str) -> None:
        """Write a file, telling the player once when writing stops working
        (and again only after it has worked in between)."""
        if file.locked:
            return
        try:
            self.directory.mkdir(parents=True, exist_ok=True)   # removed while we ran?
            file.save(text)
        except OSError as error:
            if self._saving:
                self._notices.add(notices.cannot_save(self.directory, reason(error)))
            self._saving = False
        else:
            self._saving = True

    def _stamp(self) -> str:
        return self._now().isoformat(timespec="seconds")



def _chosen(level: str | None) -> tuple[str, ...]:
    """The levels a reset applies to: ``level``, or all of them for None."""
    return STAT_LEVELS if level is None else (_known(level),)


def _known(level: str) -> str:
    """``level`` when it is a level of the game; ValueError otherwise."""
    if level not in STAT_LEVELS:
        raise ValueError(f"no level {level!r}: expected one of {', '.join(STAT_LEVELS)}")
    return level
