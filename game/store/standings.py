"""Where a best time stands the moment a game ends, before the writer has
put it on disk.

The store writes in the background, so the Best Times table on disk lags
the games just played; yet the window must say at once which place a win
takes, and which place it has once named. The times still queued are
counted here, from the moment they are queued until their write commits,
and ranked with the table on disk (an equal time below the earlier one),
without waiting for the writer.
"""

from __future__ import annotations

import sqlite3
import threading

from . import best_times, database, ledger
from .ledger import Key


class Standings:
    """The best times queued and not yet committed, by token; what is asked
    runs on the UI thread, what commits on the writer's."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._pending_times: dict[str, tuple[Key, int]] = {}    # token -> (key, time)

    def rank(self, db: sqlite3.Connection, key: Key, time_ms: int) -> int | None:
        """The place ``time_ms`` would take in ``key``'s table — the times on
        disk and those still queued — below any equal time; None past tenth.
        Reads without waiting for the writer: this runs as a game ends."""
        return best_times.rank_for([time for time, _ in self._standing(db, key)], time_ms)

    def place(self, db: sqlite3.Connection, key: Key, token: str) -> int | None:
        """The place of the time entered under ``token`` in ``key``'s table,
        or None past tenth. Reads without waiting for the writer: this runs
        when the player confirms a name."""
        order = [t for _, t in self._standing(db, key)][:best_times.TOP_COUNT]
        return order.index(token) + 1 if token in order else None

    def _standing(self, db: sqlite3.Connection, key: Key) -> list[tuple[int, str | None]]:
        """``key``'s times with their tokens, best first: those on disk and
        those still queued (an equal time below the earlier one), read
        without waiting for the writer."""
        with self._lock:
            queued: list[tuple[int, str | None]] = [
                (time, t) for t, (k, time) in self._pending_times.items() if k == key]
        try:
            table = ledger.read_best_times(db, key)
        except sqlite3.Error:
            table = []
        waiting = {t for _, t in queued}
        kept: list[tuple[int, str | None]] = [(entry.time_ms, t) for entry, t in table
                                              if t not in waiting]
        return sorted(kept + queued, key=lambda pair: pair[0])      # stable: disk first

    def queue(self, key: Key, time_ms: int) -> str:
        """Count a best time in ranks until it is committed; its token."""
        token = database.unique_name()
        with self._lock:
            self._pending_times[token] = (key, time_ms)
        return token

    def committed(self, token: str | None) -> None:
        """The time queued under ``token`` is on disk: the table counts it now."""
        if token is not None:
            with self._lock:
                self._pending_times.pop(token, None)
