"""A records.json that an older copy of the game wrote again: what its
statistics gained since the file it continues.

A copy of a version before the database, still running when this one
imported its files, keeps its counts in memory and writes them whole after
its next game: played 2, won 1, where the file imported said played 1, won
1. Added as they stand, the counts it had read at its start were counted
twice. So a records.json is compared with the files imported before it
(``records.json.imported``, ``-2``... whose content the ``imports`` table
knows by digest, so a file merely named so is never taken for one): the
closest it continues — every level's games, wins and losses no fewer, no
best streak shorter, each of its best times still there unless ten faster
ones pushed it out — is subtracted, and only the games since are added,
and only the best times set since: those of the file it continues were
imported with it, and gone from the records they were reset. A file that
continues none (another installation's, a file with fewer games) is added
whole, as before.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from game.safe_read import read_capped

from . import ledger, records_file
from .best_times import TOP_COUNT, BestTime
from .records_file import Records
from .statistics import STAT_LEVELS, LevelStats

SUFFIX = ".imported"


def digest(document: dict[str, Any]) -> str:
    """The digest under which an imported file's content is remembered.
    ValueError for a document nested too deeply to be written again: read
    just under Python's recursion limit, one was let through by the reader
    and ended every start of the game in a RecursionError."""
    try:
        text = json.dumps(document, sort_keys=True)
    except RecursionError:
        raise ValueError("nested too deeply") from None
    return hashlib.sha256(text.encode()).hexdigest()


def imported_before(db: sqlite3.Connection, directory: Path,
                    read: Iterable[dict[str, Any]] = ()) -> list[Records]:
    """The records of each records.json imported before: the files renamed
    after their import whose digest ``db`` holds, and the documents in
    ``read`` (imported this session, their file since replaced)."""
    documents = list(read)
    for path in directory.glob(f"{records_file.NAME}{SUFFIX}*"):
        document = read_document(path)
        if document is None:
            continue
        try:
            found = digest(document)
        except ValueError:
            continue                     # no digest: never imported, whatever its name
        if ledger.imported(db, found):
            documents.append(document)
    return [records_file.decode(document)[0] for document in documents]


def gained(records: Records, before: list[Records]) -> tuple[dict[str, LevelStats], bool]:
    """Each level's statistics in ``records`` less those of the closest file
    of ``before`` that it continues (the counts whole when none), and
    whether it continues one: then the games counted were played after
    those already there (see :func:`ledger.add_statistics`'s ``later``).
    Its best streak comes too only when longer than the base's, so set
    since: the base's is in the records already, unless the player reset
    them since (it then came back, from games reset)."""
    base = continued_base(records, before)
    if base is None:
        return dict(records.stats), False
    return {level: _since(stats, base.stats[level]) for level, stats in records.stats.items()}, True


def continued_base(records: Records, before: list[Records]) -> Records | None:
    """The file of ``before`` that ``records`` continues (of those it could,
    the one with the most games), or None."""
    bases = [base for base in before if _continues(records, base)]
    return max(bases, key=lambda base: sum(stats.played for stats in base.stats.values()),
               default=None)


def new_best_times(records: Records, before: list[Records]) -> dict[str, list[BestTime]]:
    """Each level's best times in ``records`` that the file of ``before`` it
    continues did not hold: set since. That file's were imported with it,
    and one of them gone from the records since was reset by the player (or
    pushed out by ten faster): added again, a Best Times reset came undone
    as soon as the older copy won a game and wrote its file again."""
    base = continued_base(records, before)
    if base is None:
        return dict(records.tables)
    return {level: [entry for entry in table if entry not in base.tables.get(level, [])]
            for level, table in records.tables.items()}


def _since(now: LevelStats, then: LevelStats) -> LevelStats:
    """The games of ``now`` not in ``then``, with ``now``'s streaks (its best
    only when set since ``then``)."""
    best = now.best_streak if now.best_streak > then.best_streak else 0
    return LevelStats(now.played - then.played, now.won - then.won, now.current_streak, best)


def _continues(records: Records, base: Records) -> bool:
    """Whether ``records`` could be ``base`` with more games played."""
    for level in STAT_LEVELS:
        now, then = records.stats[level], base.stats[level]
        if now.played < then.played or now.won < then.won or now.best_streak < then.best_streak \
                or now.played - now.won < then.played - then.won:
            return False
    for level, table in base.tables.items():
        kept = records.tables.get(level, [])
        for entry in table:
            pushed_out = len(kept) >= TOP_COUNT and all(t.time_ms <= entry.time_ms for t in kept)
            if entry not in kept and not pushed_out:
                return False
    return True


def read_document(path: Path) -> dict[str, Any] | None:
    """The object in the file at ``path``; None when it cannot be read as one."""
    try:
        document = json.loads(read_capped(path))
    except (OSError, ValueError, RecursionError):
        return None
    return document if isinstance(document, dict) else None
