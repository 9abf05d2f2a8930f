"""What the store reads and writes in the database, one function per question.

Writers run inside the caller's transaction (see :mod:`game.store.writer`):
recording a game adds its history row, its statistics and its best-time
entry together, so a kill can never leave them disagreeing. Readers check
every row again (a hand edit or a damaged page may hold anything) and skip
what does not pass, so a dialog only ever draws sane values.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from datetime import datetime
from itertools import islice

from game.replay.format import MAX_BYTES as MAX_REPLAY_BYTES

from . import best_times, numbering, statistics
from .best_times import TOP_COUNT, BestTime
from .decoding import MAX_INT, MAX_NUMBER, Unreadable
from .game_record import GameRecord
from .names import ANONYMOUS, clean_name
from .statistics import LevelStats

Key = tuple[str, str, str]            # (level, style, shape)
#: Replays beyond this total are dropped oldest first, except best times'.
REPLAY_BUDGET = 50 * 1024 * 1024

_GAME_COLUMNS = ("date", "level", "style", "shape", "width", "height", "mines", "result",
                 "time_ms", "bbbv", "bbbv_per_s", "clicks", "efficiency", "seed",
                 "first_click", "assisted", "chosen_seed")
_KEY = "level = ? AND style = ? AND shape = ?"
#: The checks of a Best Times row (``best_times.decode``) that SQL can ask,
#: its one parameter ``MAX_NUMBER``; the rest (a date of no calendar, a
#: 31 April) are left to the decoding. Negative times go along the table's
#: index; the others are passed over in C: a hand edit's 100,000 rows dated
#: "yesterday" were decoded one by one on the window's thread as each win
#: was ranked, 2 s a win, and 30 ms so.
_PASSES = ("time_ms >= 0"
           " AND date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]"
           "T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]'"
           " AND (bbbv IS NULL OR bbbv >= 0)"
           " AND (bbbv_per_s IS NULL OR bbbv_per_s BETWEEN 0 AND ?)")


# -- writing ---------------------------------------------------------------------


def imported(db: sqlite3.Connection, digest: str) -> bool:
    """Whether what ``digest`` names (an old file's content, a file of
    results left unsaved, a journal's step) is in the records already: each
    is taken in once, whoever comes to it (``imports``)."""
    return db.execute("SELECT 1 FROM imports WHERE digest = ?", (digest,)).fetchone() is not None


def book_import(db: sqlite3.Connection, digest: str, name: str, when: datetime) -> None:
    """Note what ``digest`` names, from the file ``name``, as taken in at
    ``when`` (in the transaction that takes it in)."""
    db.execute("INSERT INTO imports (digest, name, date) VALUES (?, ?, ?)",
               (digest, name, when.isoformat(timespec="seconds")))

def insert_game(db: sqlite3.Connection, game: GameRecord, *, token: str | None = None,
                replay: str | None = None, replay_budget: int = REPLAY_BUDGET,
                count: bool = True, owner: str | None = None) -> int:
    """Add ``game`` (dated) to the history; count it in statistics when it
    is the player's own play (``GameRecord.own_play``: not assisted, no seed
    chosen) unless ``count`` is False (an imported game, already counted);
    enter its time in Best Times under "Anonymous" when ``token`` (the handle
    to name it later) is given; keep its ``replay``; take out ``owner``'s
    game in progress (see :mod:`game.store.unfinished`), which this is.
    Returns the game's id."""
    if owner is not None:
        db.execute("DELETE FROM unfinished WHERE owner = ?", (owner,))
    numbering.renumber_games(db)            # numbers in order, not drawn at random
    game_id = numbering.next_game_id(db)
    db.execute(f"INSERT INTO games (id, {', '.join(_GAME_COLUMNS)}) "
               f"VALUES (?, {', '.join('?' * len(_GAME_COLUMNS))})",
               [game_id, *game_row(game).values()])
    numbering.forget_deleted_game(db, game_id)
    if count and game.own_play:
        _store_stats(db, game.key, read_statistics(db, game.key).after(game.won))
    if token is not None:
        add_best_time(db, game.key, BestTime(ANONYMOUS, game.time_ms, str(game.date), game.bbbv,
                                             game.bbbv_per_s), game_id=game_id, token=token)
    if replay is not None:
        db.execute("INSERT INTO replays (game_id, size, text) VALUES (?, ?, ?)",
                   (game_id, len(replay.encode("utf-8", "replace")), replay))
        prune_replays(db, replay_budget)
    return game_id


def game_row(game: GameRecord) -> dict[str, object]:
    """``game``'s row in the games table, column by column, as stored (the
    seed as text)."""
    row: dict[str, object] = {column: getattr(game, column) for column in _GAME_COLUMNS}
    row["seed"] = None if game.seed is None else str(game.seed)
    return row


def add_best_time(db: sqlite3.Connection, key: Key, entry: BestTime, *,
                  game_id: int | None = None, token: str | None = None) -> None:
    """Enter a time in ``key``'s table, below any equal time, and cut the
    table to the top ten."""
    numbering.renumber_best_times(db)       # "below": after every row, by number
    db.execute("INSERT INTO best_times (level, style, shape, name, time_ms, date, bbbv, "
               "bbbv_per_s, game_id, token) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               (*key, entry.name, entry.time_ms, entry.date, entry.bbbv, entry.bbbv_per_s,
                game_id, token))
    beyond = islice(_readable_best_times(db, key), TOP_COUNT, None)
    db.executemany("DELETE FROM best_times WHERE id = ?", [(row_id,) for row_id, _, _ in beyond])


def name_best_time(db: sqlite3.Connection, token: str, name: str) -> None:
    db.execute("UPDATE best_times SET name = ? WHERE token = ?", (clean_name(name), token))


def add_statistics(db: sqlite3.Connection, key: Key, stats: LevelStats, *,
                   later: bool = False) -> None:
    """Add counts read from an older file to ``key``'s (an import). The sums
    stop at the largest number the database holds, as :meth:`LevelStats.after`
    does: a file may hold counts near it, and a sum beyond would stop the import.
    ``later``: the games counted were played after those already there (a
    file continuing one imported before, its ``current_streak`` the file's
    own): a loss among them ends the line's streak where the file's does;
    all won, they lengthen the line's. No streak is longer than the wins
    the line counts: the file's streaks may count wins the line no longer
    does (the statistics reset here while an older copy played on, the
    file's best streak came with its one new win), and a line whose streak
    passed its wins contradicts itself, which reads as no statistics at all
    (Statistics said 0, then the next game overwrote it)."""
    old = read_statistics(db, key)
    if later:
        current = stats.current_streak if stats.current_streak < stats.played \
            else min(old.current_streak + stats.played, MAX_INT)
    else:
        current = old.current_streak if old.played else stats.current_streak
    won = min(old.won + stats.won, MAX_INT)
    current = min(current, won)
    merged = LevelStats(min(old.played + stats.played, MAX_INT), won, current,
                        min(max(old.best_streak, stats.best_streak, current), won))
    _store_stats(db, key, merged)


def reset_best_times(db: sqlite3.Connection, key: Key | None) -> None:
    if key is None:
        db.execute("DELETE FROM best_times")
    else:
        db.execute(f"DELETE FROM best_times WHERE {_KEY}", key)


def reset_statistics(db: sqlite3.Connection, key: Key | None) -> None:
    if key is None:
        db.execute("DELETE FROM statistics")
    else:
        db.execute(f"DELETE FROM statistics WHERE {_KEY}", key)


#: A replay's size in bytes: as recorded with it, unless that is a size no
#: replay the game keeps has (a hand edit), then measured. Edited to 2^63 - 1,
#: the sizes' sum failed ("integer overflow") in every game's transaction,
#: and no game was recorded again; below zero, no replay was dropped again.
_SIZE = "CASE WHEN size BETWEEN 0 AND ? THEN size ELSE length(CAST(text AS BLOB)) END"


def prune_replays(db: sqlite3.Connection, budget: int) -> None:
    """Drop the oldest replays until the total fits ``budget``; a best time's
    replay is never dropped."""
    total = db.execute(f"SELECT COALESCE(SUM({_SIZE}), 0) FROM replays",
                       (MAX_REPLAY_BYTES,)).fetchone()[0]
    if total <= budget:
        return
    candidates = db.execute(
        f"SELECT game_id, {_SIZE} FROM replays WHERE game_id NOT IN "
        "(SELECT game_id FROM best_times WHERE game_id IS NOT NULL) ORDER BY game_id",
        (MAX_REPLAY_BYTES,)).fetchall()
    dropped = []
    for game_id, size in candidates:
        if total <= budget:
            break
        dropped.append((game_id,))
        total -= size
    db.executemany("DELETE FROM replays WHERE game_id = ?", dropped)


def _store_stats(db: sqlite3.Connection, key: Key, stats: LevelStats) -> None:
    db.execute("INSERT OR REPLACE INTO statistics (level, style, shape, played, won, "
               "current_streak, best_streak) VALUES (?, ?, ?, ?, ?, ?, ?)",
               (*key, stats.played, stats.won, stats.current_streak, stats.best_streak))


# -- reading ---------------------------------------------------------------------

def read_statistics(db: sqlite3.Connection, key: Key) -> LevelStats:
    """``key``'s statistics; zero when none, or when the row fails its checks."""
    row = db.execute(f"SELECT played, won, current_streak, best_streak FROM statistics "
                     f"WHERE {_KEY}", key).fetchone()
    if row is None:
        return LevelStats()
    try:
        names = ("played", "won", "current_streak", "best_streak")
        return statistics.decode(dict(zip(names, row, strict=True)))
    except Unreadable:
        return LevelStats()


def read_best_times(db: sqlite3.Connection, key: Key) -> list[tuple[BestTime, str | None]]:
    """``key``'s table, best first, each entry with its naming token."""
    return [(entry, token) for _, entry, token
            in islice(_readable_best_times(db, key), TOP_COUNT)]


def _readable_best_times(db: sqlite3.Connection,
                         key: Key) -> Iterator[tuple[int, BestTime, str | None]]:
    """``key``'s entries that pass their checks, best first, each with its
    row's id and naming token; read as they are asked for. The table is
    these: a row that fails its checks (a negative time, a date in another
    form, left by a hand edit) is never shown, so it neither takes a place
    nor pushes an entry out. Ten such rows faster than any time once took
    the ten places: each new best time was told its place, named, and
    deleted in the same transaction that entered it. The query leaves out
    what fails the checks SQL can ask (``_PASSES``), so that a hand edit's
    hundred thousand such rows are not read one by one as a game ends."""
    rows = db.execute(f"SELECT id, name, time_ms, date, bbbv, bbbv_per_s, token FROM best_times "
                      f"WHERE {_KEY} AND {_PASSES} ORDER BY time_ms, id", (*key, MAX_NUMBER))
    for row_id, name, time_ms, date, bbbv, bbbv_per_s, token in rows:
        try:
            entry = best_times.decode({"name": name, "time_ms": time_ms, "date": date,
                                       "bbbv": bbbv, "bbbv_per_s": bbbv_per_s})
        except Unreadable:
            continue
        yield row_id, entry, token


def read_history(db: sqlite3.Connection, limit: int, offset: int) -> list[GameRecord]:
    """Games newest first, ``limit`` from ``offset``; rows that fail their checks
    are skipped."""
    return [game for game in read_history_rows(db, limit, offset) if game is not None]


def read_history_rows(db: sqlite3.Connection, limit: int,
                      offset: int) -> list[GameRecord | None]:
    """Games newest first, ``limit`` from ``offset``, with None in the place of
    each row that fails its checks: the History dialog pages by offset and
    counts every row, so a skipped row would shift the games after it into
    the wrong places."""
    rows = db.execute(f"SELECT id, {', '.join(_GAME_COLUMNS)} FROM games "
                      f"ORDER BY id DESC LIMIT ? OFFSET ?", (limit, offset))
    return list(_games(rows))


def read_level_history(db: sqlite3.Connection, key: Key, limit: int) -> list[GameRecord]:
    """One level's (level, style, shape) newest ``limit`` games, newest first;
    rows that fail their checks are skipped. Its own games, not the level's
    share of everybody's newest: a level last played 100 games ago still
    has them."""
    rows = db.execute(f"SELECT id, {', '.join(_GAME_COLUMNS)} FROM games WHERE {_KEY} "
                      f"ORDER BY id DESC LIMIT ?", (*key, limit))
    return [game for game in _games(rows) if game is not None]


def count_games(db: sqlite3.Connection) -> int:
    return int(db.execute("SELECT COUNT(*) FROM games").fetchone()[0])


def read_replay(db: sqlite3.Connection, game_id: int) -> str | None:
    """A game's replay text, cut one character past the largest replay
    there is: a text made huge by a hand edit (900 MB) was read whole, then
    pickled to the replay loader's process (1.9 GB in memory), only to be
    refused there for its size; cut, it is refused all the same."""
    row = db.execute("SELECT substr(text, 1, ?) FROM replays WHERE game_id = ?",
                     (MAX_REPLAY_BYTES + 1, game_id)).fetchone()
    return row[0] if row and isinstance(row[0], str) else None


def read_best_replay_games(db: sqlite3.Connection, limit: int) -> list[int]:
    """The games of best times that kept a replay, fastest first: their ids
    only, so that the replays themselves are read where they are decoded."""
    rows = db.execute("SELECT b.game_id FROM best_times AS b JOIN replays AS r "
                      "ON r.game_id = b.game_id ORDER BY b.time_ms, b.id LIMIT ?", (limit,))
    return [game_id for (game_id,) in rows]


def read_best_replays(db: sqlite3.Connection, limit: int) -> list[str]:
    """Replays of best-time games, fastest first (the texts of
    :func:`read_best_replay_games`' games)."""
    texts = (read_replay(db, game_id) for game_id in read_best_replay_games(db, limit))
    return [text for text in texts if text is not None]


def _games(rows: sqlite3.Cursor) -> Iterator[GameRecord | None]:
    """Each row as a game, or None when it fails its checks."""
    for game_id, *values in rows:
        fields = dict(zip(_GAME_COLUMNS, values, strict=True))
        try:
            seed = fields["seed"]
            fields["seed"] = None if seed is None else int(seed)
            for flag in ("assisted", "chosen_seed"):
                fields[flag] = bool(fields[flag]) if fields[flag] in (0, 1) else None
            yield GameRecord(game_id=game_id, **fields)
        except (ValueError, TypeError):
            yield None
