"""The crash test's victim: records games as fast as it can, writing the number
of each round once it is committed, until it is killed.

    python -m tests.store.crash_writer DIRECTORY      (or write_rounds in a fork)

Round n stores values the test can check for consistency: the settings'
custom size is (8 + n % 50) square with n % 50 + 1 mines, the game is a
beginner win with seed n in 100 000 - n ms (so each one is a new best time),
named "p<n>". It goes on from the newest game in the history, so it can be
killed and started again.
"""

from __future__ import annotations

import os
import sys
from datetime import datetime

from game.store import GameRecord, Store

SLOWEST_MS = 100_000


def write_rounds(directory: str, progress: int) -> None:
    """Record rounds for ever, writing "n\\n" to the file descriptor
    ``progress`` after round n is committed."""
    store = Store(directory, now=lambda: datetime(2026, 11, 22, 15, 30))
    games = store.history(1)
    n = games[0].seed + 1 if games else 0
    while True:
        side = 8 + n % 50
        store.settings.custom_width = store.settings.custom_height = side
        store.settings.custom_mines = n % 50 + 1
        store.save_settings()
        record = GameRecord(level="beginner", width=9, height=9, mines=10, result="won",
                            time_ms=SLOWEST_MS - n, bbbv=10, bbbv_per_s=1.5, clicks=12,
                            efficiency=0.8, seed=n, first_click="safe", assisted=False)
        store.record_game(record, replay=f'{{"round": {n}}}')
        store.name_best_time(record, f"p{n}")
        assert store.flush()
        os.write(progress, f"{n}\n".encode())
        n += 1


if __name__ == "__main__":
    write_rounds(sys.argv[1], sys.stdout.fileno())
