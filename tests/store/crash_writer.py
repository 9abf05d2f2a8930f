"""The crash test's victim: writes settings, games and best times as fast as it
can, printing the number of each finished round, until it is killed.

    python -m tests.store.crash_writer DIRECTORY

Round n stores values the test can check for consistency: the settings'
custom size is (8 + n % 50) square with n % 50 + 1 mines, the game has seed n,
and the best time is 100 000 - n ms under the name "p<n>". It goes on from
the newest game in the history, so it can be killed and started again.
"""

from __future__ import annotations

import sys
from datetime import datetime

from game.store import GameRecord, Store

SLOWEST_MS = 100_000


def main(directory: str) -> None:
    store = Store(directory, now=lambda: datetime(2026, 11, 22, 15, 30))
    games = store.history()
    n = games[0].seed + 1 if games else 0
    while True:
        side = 8 + n % 50
        store.settings.custom_width = store.settings.custom_height = side
        store.settings.custom_mines = n % 50 + 1
        store.save_settings()
        time_ms = SLOWEST_MS - n
        store.record_game(GameRecord(level="beginner", width=9, height=9, mines=10,
                                     result="won", time_ms=time_ms, bbbv=10, bbbv_per_s=1.5,
                                     clicks=12, efficiency=0.8, seed=n, first_click="safe",
                                     assisted=False))
        store.add_best_time("beginner", f"p{n}", time_ms, 10, 1.5)
        print(n, flush=True)
        n += 1


if __name__ == "__main__":
    main(sys.argv[1])
