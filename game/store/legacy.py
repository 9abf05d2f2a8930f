"""Importing the JSON files of versions before the database, once.

records.json (best times and statistics) and history.json are read with the
old codecs, which keep every good part and name every bad one; what was read
goes into the database in one transaction, together with the file's digest,
so two copies of the game starting at once import it once. Then the file is
renamed ``<name>.imported`` — never deleted — and the player is told, once
per file, what could not be read. A file whose content the database still
refuses is set aside as a damaged one is: left in place, it would stop the
game at every start.

A file may come again with more in it: a copy of that older version still
running when this one imported its files rewrites them whole, what it had
read at its start included, after its next game (a backup put back and
played on does the same). A best time already there (same name, time and
date) and a game already there (the same in every column, as often as the
file has it) are not added twice, nor a best time of the file it continues
(``continued``) that the records no longer hold (reset, or pushed out);
statistics are counts, which cannot be told apart: what the file they
continue held is taken off.
Such a copy may also write between the import and the rename: the file
renamed is then read again, and what it has more is imported too.
"""

from __future__ import annotations

import sqlite3
from collections import Counter
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from game.engine import DEFAULT_STYLE
from game.i18n import N_

from . import continued, history, ledger, notices, records_file
from .best_times import BestTime
from .document import JsonFile, schema_of
from .game_record import DEFAULT_SHAPE, GameRecord
from .notices import Notices, Text
from .records_file import Records
from .writer import run_in_transaction

SUFFIX = continued.SUFFIX
_FILES = ((records_file.NAME, records_file.SCHEMA, N_("best times and statistics")),
          (history.NAME, history.SCHEMA, N_("game history")))


def import_files(directory: Path, db: sqlite3.Connection, *, tell: Notices,
                 now: Callable[[], datetime], rename: bool = True) -> None:
    """Import whichever old files are in ``directory`` into ``db``; ``rename``
    False (nothing can be saved) reads them into the session and leaves them."""
    if not directory.is_dir():
        return
    for name, version, what in _FILES:
        file = JsonFile(directory, name, version, what, tell=tell, now=now, imported=True)
        document = file.load()
        if document is None:
            continue
        try:
            problems = _import(db, directory, name, document, now)
        except (ValueError, OverflowError):
            file.damaged()     # a value past the checks that the database refuses, or a
            continue           # file nested too deeply: never let it stop every start
        if not rename:
            continue
        try:
            kept = _rename_imported(file.path)
        except OSError:
            continue          # imported; another copy of the game renamed it first
        problems += _import_renamed(db, directory, (name, version), kept, document, now)
        if problems:
            tell.add(notices.partly_damaged(what, kept, problems))


def _import_renamed(db: sqlite3.Connection, directory: Path, file: tuple[str, int],
                    kept: Path, imported: dict[str, Any], now: Callable[[], datetime]) -> list[Text]:
    """Import the file renamed ``kept`` too when it is not the one read: a
    copy of the older version wrote it again in between (its new game was
    renamed away unread, and never reached the records). ``file``: its name
    and schema. Its problems."""
    name, version = file
    document = continued.read_document(kept)
    if document is None or schema_of(document) != version:
        return []
    try:
        if continued.digest(document) == continued.digest(imported):
            return []
        return _import(db, directory, name, document, now, read=(imported,))
    except (ValueError, OverflowError):
        return []      # refused as the file read first would have been: kept, as it is


def _import(db: sqlite3.Connection, directory: Path, name: str, document: dict[str, Any],
            now: Callable[[], datetime], read: tuple[dict[str, Any], ...] = ()) -> list[Text]:
    """Add the file's content to ``db`` unless a file with the same digest was
    imported before; return the problems met. ``read``: records.json's
    content imported this session whose file is gone since."""
    digest = continued.digest(document)
    problems: list[Text] = []

    def load(db: sqlite3.Connection) -> None:
        if ledger.imported(db, digest):
            return
        if name == records_file.NAME:
            before = continued.imported_before(db, directory, read)
            problems.extend(_import_records(db, document, before))
        else:
            problems.extend(_import_history(db, document))
        ledger.book_import(db, digest, name, now())
    run_in_transaction(db, load)
    return problems


def _import_records(db: sqlite3.Connection, document: dict[str, Any],
                    before: list[Records]) -> list[Text]:
    """Best times set since the file of ``before`` this one continues and
    not already there, and the statistics gained since that file added (see
    the module's docstring for why a time, a game or a count may be there
    already)."""
    records, problems = records_file.decode(document)
    for level, table in continued.new_best_times(records, before).items():
        key = (level, DEFAULT_STYLE, DEFAULT_SHAPE)
        for entry in table:
            if not _has_best_time(db, key, entry):
                ledger.add_best_time(db, key, entry)
    gained, later = continued.gained(records, before)
    for level, stats in gained.items():
        if stats.played:
            ledger.add_statistics(db, (level, DEFAULT_STYLE, DEFAULT_SHAPE), stats, later=later)
    return problems


def _import_history(db: sqlite3.Connection, document: dict[str, Any]) -> list[Text]:
    """Old games keep their dates and order; their statistics came with records.json."""
    games, problems = history.decode(document)
    seen: Counter[GameRecord] = Counter()
    for game in games:
        seen[game] += 1                  # the same game twice in the file is two games
        if seen[game] > _count_same(db, game):
            ledger.insert_game(db, game, count=False)
    return problems


def _has_best_time(db: sqlite3.Connection, key: tuple[str, str, str], entry: BestTime) -> bool:
    """Whether ``entry`` (name, time to the millisecond, date to the second)
    is in ``key``'s table already."""
    return db.execute(
        "SELECT 1 FROM best_times WHERE level = ? AND style = ? AND shape = ? AND name = ? "
        "AND time_ms = ? AND date = ? AND bbbv IS ? AND bbbv_per_s IS ?",
        (*key, entry.name, entry.time_ms, entry.date, entry.bbbv, entry.bbbv_per_s),
    ).fetchone() is not None


def _count_same(db: sqlite3.Connection, game: GameRecord) -> int:
    """How many games of the history are ``game`` in every column."""
    row = ledger.game_row(game)
    where = " AND ".join(f"{column} IS ?" for column in row)
    return int(db.execute(f"SELECT count(*) FROM games WHERE {where}",
                          list(row.values())).fetchone()[0])


def _rename_imported(path: Path) -> Path:
    """``records.json`` -> ``records.json.imported`` (``-2``, ``-3``... if taken)."""
    attempt = 1
    while True:
        target = path.with_name(path.name + SUFFIX + ("" if attempt == 1 else f"-{attempt}"))
        if not target.exists() and not target.is_symlink():
            path.rename(target)
            return target
        attempt += 1
