"""Row numbers that keep the order rows were added in, whatever a hand edit
did to them.

Games are listed in History, and their replays dropped beyond the budget,
by their row number (``games.id``); Best Times rank an equal time by its
row's number. SQLite numbers a new row one past the largest, until a row
holds the largest number it has (2^63 - 1): from then on it draws new
numbers at random. One game edited to that number shuffled History and
dropped random replays ever after.

So before a row is added, the rows numbered beyond :data:`LARGEST_KEPT`
are numbered again, in their order, just past the largest number below
it, and the new row follows them. This is done in the transaction that
adds the row: a kill or a failure halfway leaves every number as it was.
Ordering by the games' dates instead would need a new index (a new
version of the database, which older copies refuse to write) and still a
tiebreak for the games of one second; the number is that tiebreak, kept
sound here at the one place rows are added. No rows are ever renumbered
but those a hand edit numbered beyond any count of games, and those are
numbered once. A number another window still holds (History's rows, attract
mode's list, another copy's) then finds no game, never another one: the new
numbers were nobody's, and the old ones are never given again.
"""

from __future__ import annotations

import sqlite3

#: The largest row number left as it is: half of SQLite's numbers, so that
#: new rows numbered one by one after it never reach the last one.
LARGEST_KEPT = 2**62

#: A row's ``game_id`` names no game: what a game deleted by hand left.
_NO_GAME = "game_id NOT IN (SELECT id FROM games)"


def forget_deleted_game(db: sqlite3.Connection, game_id: int) -> None:
    """Let go of what a deleted game of the number ``game_id`` left: its
    replay, and a best time's link to it. Deleting a game deletes both
    (the schema's foreign keys), unless it was deleted where they are not
    enforced, as by SQLite's own shell, where they are off by default.
    SQLite then gives the next game the number again: its replay was
    refused as a second one for that number, and the whole game with it
    (history, statistics, best time), with the player told that nothing
    more would be saved."""
    db.execute("DELETE FROM replays WHERE game_id = ?", (game_id,))
    db.execute("UPDATE best_times SET game_id = NULL WHERE game_id = ?", (game_id,))


def renumber_games(db: sqlite3.Connection) -> None:
    """Number the games beyond :data:`LARGEST_KEPT` just past the others,
    in their order, their replays and best times' links following them (in
    the caller's transaction). Whatever a deleted game left at the new
    numbers goes first (see :func:`forget_deleted_game`); only a deleted
    game's: a game moved may be numbered among them (games numbered one by
    one past a game edited to the bound, one deleted), and its replay and
    best time go with it. The foreign keys are checked at the commit: a
    game and its replay cannot both move in one statement. Each step goes
    straight to its rows, or reads the Best Times once: a hand edit may
    have numbered thousands of games so, and Best Times may hold 100,000
    rows."""
    moves = _moves(db, "games")
    if not moves:
        return
    db.execute("PRAGMA defer_foreign_keys = ON")          # off again at the commit
    first, last = moves[0][1], moves[-1][1]
    db.execute(f"DELETE FROM replays WHERE game_id BETWEEN ? AND ? AND {_NO_GAME}",
               (first, last))
    db.execute(f"UPDATE best_times SET game_id = NULL WHERE game_id BETWEEN ? AND ? "
               f"AND {_NO_GAME}", (first, last))
    new_of = dict(moves)
    linked = db.execute("SELECT id, game_id FROM best_times WHERE game_id > ?",
                        (LARGEST_KEPT,)).fetchall()
    db.executemany("UPDATE best_times SET game_id = ? WHERE id = ?",
                   [(new_of[game], row) for row, game in linked if game in new_of])
    db.executemany("UPDATE games SET id = ? WHERE id = ?", [(new, old) for old, new in moves])
    db.executemany("UPDATE replays SET game_id = ? WHERE game_id = ?",
                   [(new, old) for old, new in moves])


def next_game_id(db: sqlite3.Connection) -> int:
    """The number of the game about to be added (after :func:`renumber_games`):
    one past the largest, as SQLite numbers it, but never below 1. SQLite
    numbers one past a negative largest number too, and a game numbered
    below 1 is read as no game: with every game edited below zero, each
    game recorded after was unreadable in History, its replay out of reach."""
    (largest,) = db.execute("SELECT max(id) FROM games").fetchone()
    return max(largest or 0, 0) + 1


def renumber_best_times(db: sqlite3.Connection) -> None:
    """Number the Best Times rows beyond :data:`LARGEST_KEPT` just past the
    others, in their order (nothing refers to them)."""
    db.executemany("UPDATE best_times SET id = ? WHERE id = ?",
                   [(new, old) for old, new in _moves(db, "best_times")])


def _moves(db: sqlite3.Connection, table: str) -> list[tuple[int, int]]:
    """Each row of ``table`` numbered beyond :data:`LARGEST_KEPT` that is
    not where it belongs, in order, with its new number: the next after the
    largest kept (and after 0: the game reads numbers from 1). Rows already
    numbered one by one from there (after a row edited to the bound) stay:
    renumbered in place at each row added, they were taken for rows moved,
    and their replays for a deleted game's. A row's new number is never
    above its old one, and a row below it is numbered first, so each new
    number is free when its row moves to it. Both reads go straight to
    their place in the table."""
    beyond = [row for (row,) in db.execute(
        f"SELECT id FROM {table} WHERE id > ? ORDER BY id", (LARGEST_KEPT,))]
    if not beyond:
        return []
    (below,) = db.execute(f"SELECT max(id) FROM {table} WHERE id <= ?",
                          (LARGEST_KEPT,)).fetchone()
    first = max(below or 0, 0) + 1
    return [(old, new) for new, old in enumerate(beyond, start=first) if new != old]
