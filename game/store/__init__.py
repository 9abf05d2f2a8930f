"""Records and settings on disk: best times, statistics, history, replays, settings.

Pure Python (no pygame): the window builds its dialogs on this API.

    from game.store import Store, GameRecord
    store = Store()                       # or Store(path) for --data-dir
    rank = store.record_game(GameRecord(level="expert", width=30, height=16, mines=99,
                                        result="won", time_ms=95_123, ...), replay=text)
    if rank:                              # a new best time, already kept as "Anonymous":
        store.name_best_time(record, name)
    for message in store.take_notices():  # show each once
        ...
    store.close()                         # flushes; also run at interpreter exit
"""

from .best_times import TOP_COUNT, BestTime
from .game_record import ABANDONED, LOST, RESULTS, WON, GameRecord
from .history import HISTORY_LENGTH
from .names import ANONYMOUS, MAX_NAME_LENGTH, clean_name, name_character, name_length
from .opening import default_directory
from .settings_keeping import saved_settings
from .statistics import STAT_LEVELS, LevelStats
from .store import Store

__all__ = [
    "ABANDONED", "ANONYMOUS", "BestTime", "GameRecord", "HISTORY_LENGTH", "LOST", "LevelStats",
    "MAX_NAME_LENGTH", "RESULTS", "STAT_LEVELS", "Store", "TOP_COUNT", "WON", "clean_name",
    "default_directory", "name_character", "name_length", "saved_settings",
]
