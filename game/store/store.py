"""The store: what the rest of the game calls to keep settings, best times,
statistics, history and replays on disk.

Records live in one SQLite database (records.db, see :mod:`game.store.database`);
settings in the human-readable settings.json. Writes of both are queued to
background writers, so the window never waits on the disk; reads that follow
a write see it (they flush the queue first). The records dialogs read through
:meth:`Store.reader` instead, off the UI thread (``reader.py``), still
seeing every write queued before they asked. No disk problem ever raises out
of here — the player is told through :meth:`Store.take_notices` instead, and
the game plays on with its records in memory when nothing can be saved.

How the store opens its folder and records is in ``opening.py``; how it
reads them, in ``reading.py``; how it saves them and keeps what the disk
refused, in ``saving.py``; how it keeps settings.json, in
``settings_keeping.py``; how a best time still queued ranks, in
``standings.py``.
"""

from __future__ import annotations

import atexit
import functools
import os
import sqlite3
import time
import weakref
from collections.abc import Callable
from contextlib import suppress
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

from game.engine import DEFAULT_STYLE
from game.i18n import N_

from . import (
    database,
    interlock,
    ledger,
    leftover,
    leftover_steps,
    repeated_names,
    settings_file,
    settings_merge,
    spill,
    unfinished,
)
from .best_times import BestTime
from .document import JsonFile
from .file_writer import FileWriter
from .game_record import DEFAULT_SHAPE, GameRecord
from .history import HISTORY_LENGTH
from .ledger import REPLAY_BUDGET, Key
from .names import clean_name
from .notices import Notices
from .opening import Opening, default_directory
from .questions import records_key
from .reading import Reading
from .saving import Saving
from .settings_keeping import SettingsKeeping
from .standings import Standings
from .statistics import LevelStats


class Store(Opening, SettingsKeeping, Reading, Saving):
    """Settings and records of one player directory.

    ``directory`` None means :func:`default_directory`; ``now`` is the clock
    that dates games and names damaged files (``datetime.now`` by default);
    ``replay_budget`` is how many bytes of replays are kept beyond the best
    times' own. :meth:`close` (also run at interpreter exit) flushes.
    """

    def __init__(self, directory: str | os.PathLike[str] | None = None, *,
                 now: Callable[[], datetime] | None = None,
                 replay_budget: int = REPLAY_BUDGET) -> None:
        self.directory = Path(directory) if directory is not None else default_directory()
        self._now = now or datetime.now
        self._notices = Notices()
        self._replay_budget = replay_budget
        self._settings_file = JsonFile(self.directory, settings_file.NAME, settings_file.SCHEMA,
                                       N_("settings"), tell=self._notices, now=self._now,
                                       keep_link=True, parse=repeated_names.loads,
                                       untold=self.directory / settings_file.UNTOLD_NAME)
        self._searchable = True               # False: no file in the directory can be opened
        self._refusal: OSError | None = None  # why the directory takes no writes
        self._saving = self._open_directory()
        self._newer_told = False              # records a newer version made since were told
        self._settings_saving = True          # False: the last settings write failed
        self._settings_told = False           # and that failure was told
        self._settings_waiting = False        # another copy's lock kept the last save back
        self._settings_closing = False        # closing: a save kept back waits no more
        self._kept_told = False               # settings.kept.json left unwritten: told
        self._settings_writer = FileWriter(self._write_merged,
                                           self._settings_failed,
                                           self._settings_resumed,
                                           combine=settings_merge.then,
                                           retried=(interlock.Busy,))
        self._other_settings: dict[str, Any] = {}   # a newer version's, written back
        self._load_settings()
        self._standings = Standings()             # best times queued, not yet on disk
        # A best time's game -> its entry's token, and the games already named:
        # held only while the caller holds the game (the name entry), since
        # only the caller can name it; kept for ever, they grew by one per
        # best time in a window left running for weeks.
        self._unnamed: weakref.WeakKeyDictionary[GameRecord, str] = weakref.WeakKeyDictionary()
        self._named: weakref.WeakSet[GameRecord] = weakref.WeakSet()
        # This copy's handle for its game in progress, and the lock that
        # tells other copies it still runs (taken with the first game kept).
        self._owner = database.unique_name()
        self._presence: unfinished.Presence | None = None
        self._journal: spill.Journal | None = None   # while the records wait for a lock
        self._db, self._writer, self.persistent = self._open_records()
        self._start_reading()
        self._start_saving()
        self._closed = False
        _close_at_exit(self)

    # -- what the game asks --------------------------------------------------

    @property
    def notices(self) -> list[str]:
        """Messages for the player, each to be shown once (see take_notices)."""
        return list(self._notices.waiting)

    def take_notices(self) -> list[str]:
        """The waiting messages, which are then forgotten (the window shows
        them): a settings.json set aside, this session or told again, is
        then told, and the mark that it was owed goes (``JsonFile.told``:
        only one this copy holds)."""
        taken = self._notices.take()
        if taken:
            self._settings_file.told()
        return taken

    @property
    def writable(self) -> bool:
        """True while everything the store holds is being saved."""
        return self._saving and self._settings_saving and self.persistent \
            and not self._settings_file.locked

    def record_game(self, game: GameRecord, *,
                    replay: str | Callable[[], str] | None = None) -> int | None:
        """Record a finished or abandoned game — history row, statistics
        (unless assisted or on a chosen seed), best-time entry and ``replay``
        in one transaction, written in the background — and return the Best
        Times place it takes (1-based), or None. A qualifying time
        (``GameRecord.qualifies``: a win of the player's own on a level that
        has Best Times) is entered at once under "Anonymous";
        :meth:`name_best_time` then names it. ``replay`` may be a function
        making the text, called once on the writer thread: encoding an hour's
        pointer track takes longer than the frame that ends the game."""
        if callable(replay):
            replay = functools.cache(replay)   # a job tried again does not encode again
        dated = game if game.date is not None else replace(game, date=self.stamp())
        token = rank = None
        if dated.qualifies:
            rank = self._standings.rank(self._reading(), dated.key, dated.time_ms)
            token = self._standings.queue(dated.key, dated.time_ms)
            if rank is not None:
                self._unnamed[game] = token
        budget, owner = self._replay_budget, self._owner
        self._submit(lambda db: ledger.insert_game(
                         db, dated, token=token, replay=replay() if callable(replay) else replay,
                         replay_budget=budget, owner=owner),
                     step=lambda: leftover_steps.Recorded(dated, token, _text(replay)),
                     done=lambda: self._standings.committed(token))
        return rank

    def hold_unfinished(self, game: GameRecord) -> None:
        """Keep ``game``, still being played, so that it is recorded as
        abandoned should this copy die before :meth:`record_game` records it
        (a kill, a power cut); called again, it replaces the one kept. It is
        kept without the seed it was dealt: the seed gives its mines, and
        records.db can be read while the game is played (a seed the player
        chose is known to them already, and kept)."""
        if self._presence is not None and self._presence.lost():
            self._presence.release()         # taken again below, in the folder made again
            self._presence = None
            with suppress(OSError):
                self.directory.mkdir(parents=True, exist_ok=True)
        if self._presence is None and self.persistent and self._saving:
            presence = unfinished.Presence(self.directory, self._owner)
            self._presence = presence if presence.held else None
            if self._presence is not None:
                leftover.reserve(self.directory, self._owner)
        if self._presence is None or not (self.persistent or self._journal is not None):
            # No lock to show this copy lives, or no file to keep the game
            # in (records in memory: the folder takes no writes). While
            # the records wait for another's lock (this copy's taken for
            # its journal, ``spill``), the game goes to the journal, as a
            # finished one does: kept nowhere, a kill meanwhile had it
            # counted nowhere, a loss about to happen dodged.
            return
        dated = replace(game, date=game.date or self.stamp(),
                        seed=game.seed if game.chosen_seed else None)
        owner = self._owner
        self._submit(lambda db: unfinished.hold(db, owner, dated),
                     step=lambda: leftover_steps.Held(dated), replaces="unfinished")

    def name_best_time(self, game: GameRecord, name: str) -> int | None:
        """Give the best time ``game`` set (passed to :meth:`record_game`) the
        cleaned ``name``; return its place now, None when it has none. A
        game this store never recorded (a tool's dialog) is entered as
        :meth:`add_best_time` would; a time is named once."""
        token = self._unnamed.pop(game, None)
        if token is None:
            if game in self._named or not game.qualifies:
                return None
            self._named.add(game)
            return self.add_best_time(game.level, name, game.time_ms, game.bbbv,
                                      game.bbbv_per_s, date=game.date, style=game.style,
                                      shape=game.shape)
        self._named.add(game)
        self._submit(lambda db: ledger.name_best_time(db, token, name),
                     step=lambda: leftover_steps.Named(token, clean_name(name)))
        return self._standings.place(self._reading(), game.key, token)

    def add_best_time(self, level: str, name: str, time_ms: int, bbbv: int | None,
                      bbbv_per_s: float | None, *, date: str | None = None,
                      style: str = DEFAULT_STYLE, shape: str = DEFAULT_SHAPE) -> int | None:
        """Enter a time in a level's Best Times under the cleaned ``name``
        (dated ``date``, or now); return its place, or None when the level
        has no table (custom) or the time does not make the top ten."""
        key = records_key(level, style, shape)
        if level == "custom":
            return None
        entry = BestTime(clean_name(name), time_ms, date or self.stamp(), bbbv, bbbv_per_s)
        rank = self._standings.rank(self._reading(), key, time_ms)
        if rank is not None:
            token = self._standings.queue(key, time_ms)
            self._submit(lambda db: ledger.add_best_time(db, key, entry, token=token),
                         step=lambda: leftover_steps.Added(key, entry, token),
                         done=lambda: self._standings.committed(token))
        return rank

    def best_times(self, level: str, *, style: str = DEFAULT_STYLE,
                   shape: str = DEFAULT_SHAPE) -> list[BestTime]:
        """A level's Best Times, best first (none for "custom")."""
        return [entry for entry, _ in self._table(records_key(level, style, shape))]

    def statistics(self, level: str, *, style: str = DEFAULT_STYLE,
                   shape: str = DEFAULT_SHAPE) -> LevelStats:
        key = records_key(level, style, shape)
        return self._read(lambda db: ledger.read_statistics(db, key), LevelStats())

    def history(self, limit: int = HISTORY_LENGTH, offset: int = 0) -> list[GameRecord]:
        """Games played, newest first: ``limit`` of them from ``offset``."""
        return self._read(lambda db: ledger.read_history(db, limit, offset), [])

    def count_games(self) -> int:
        """How many games the history holds (the History dialog pages through them)."""
        return self._read(ledger.count_games, 0)

    def replay(self, game_id: int) -> str | None:
        """The replay kept with a game, if any (old ones beyond the budget are dropped)."""
        return self._read(lambda db: ledger.read_replay(db, game_id), None)

    @property
    def database_path(self) -> Path | None:
        """The records' file, which another process may read (attract mode's
        replays are read and decoded away from the window); None when the
        records are kept in memory."""
        return self.directory / database.NAME if self.persistent else None

    def best_replays(self, limit: int) -> list[str]:
        """Replays of best-time games, fastest first (attract mode shows them)."""
        return self._read(lambda db: ledger.read_best_replays(db, limit), [])

    def reset_best_times(self, level: str | None = None, *, style: str = DEFAULT_STYLE,
                         shape: str = DEFAULT_SHAPE) -> None:
        """Empty one level's Best Times, or every level's."""
        key = None if level is None else records_key(level, style, shape)
        asked = self.stamp()
        self._submit(lambda db: ledger.reset_best_times(db, key),
                     step=lambda: leftover_steps.Reset("best_times", key, asked))

    def reset_statistics(self, level: str | None = None, *, style: str = DEFAULT_STYLE,
                         shape: str = DEFAULT_SHAPE) -> None:
        """Zero one level's statistics, or every level's."""
        key = None if level is None else records_key(level, style, shape)
        asked = self.stamp()
        self._submit(lambda db: ledger.reset_statistics(db, key),
                     step=lambda: leftover_steps.Reset("statistics", key, asked))

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every change so far is on disk; False while saving fails
        (the settings' or the records'), or when ``timeout`` seconds passed
        first (the window closing waits no longer for a program holding the
        records open for writing: :meth:`close` waits out the rest)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        settings_saved = self._settings_writer.flush(timeout)
        left = None if deadline is None else max(0.0, deadline - time.monotonic())
        return self._writer.flush(left) and settings_saved

    def close(self) -> None:
        """Flush pending writes and let go of the database (idempotent)."""
        if self._closed:
            return
        self._closed = True
        # One deadline for the whole close, CLOSE_S from now: the records'
        # writer and the settings' wait for another process's lock at once.
        # The settings' own began only as their writer closed, after the
        # records' journal was written (SPILL_AFTER_S at least), and the
        # close lasted that much longer than CLOSE_S.
        self._writer.begin_close()
        self._settings_writer.begin_close()
        self._spill_queued()          # on disk before any wait: a kill loses nothing
        for reader in self._readers:
            reader.close()
        self._close_settings()
        self._writer.close()
        with suppress(sqlite3.Error):
            self._db.close()          # its journals gone with it, the room they held is free
        self._keep_unsaved()
        self._settings_file.let_go_untold()   # not shown: the next start tells it
        if self._presence is not None:
            self._presence.release()

    def _table(self, key: Key) -> list[tuple[BestTime, str | None]]:
        return self._read(lambda db: ledger.read_best_times(db, key), [])

    def stamp(self) -> str:
        """Now, as the records date a game: by the store's clock, which a
        replay of the game takes too (``recording.dated_record``), so
        that the two never differ by the second that ticked between them."""
        return self._now().isoformat(timespec="seconds")


def _text(replay: str | Callable[[], str] | None) -> str | None:
    """A replay's text, made now if the writer never made it; none when it
    cannot be (the game is kept without it)."""
    try:
        return replay() if callable(replay) else replay
    except Exception:                    # the caller's encoder: the game matters more
        return None


_open_stores: weakref.WeakSet[Store] = weakref.WeakSet()


def _close_at_exit(store: Store) -> None:
    """Close ``store`` at interpreter exit, unless it is closed or gone before."""
    _open_stores.add(store)


@atexit.register
def close_all_stores() -> None:
    """Close every store still open in this process (at exit; and before a
    fork, so that no writer thread holds a lock the child would inherit)."""
    for store in list(_open_stores):
        with suppress(Exception):
            store.close()
