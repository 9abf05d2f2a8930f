"""The database's tables, and the migrations from each version to the next.

The version lives in ``PRAGMA user_version``. A migration runs inside the
transaction that checks the version, so two copies of the game starting at
once migrate the file once; a file whose version is above
:data:`SCHEMA_VERSION` was written by a newer game and is never touched.

Tables are STRICT, so a value of the wrong type can never be stored, even by
a hand edit; what the game reads back is checked again all the same.
"""

from __future__ import annotations

import re
import sqlite3
from functools import cache
from typing import NamedTuple

SCHEMA_VERSION = 3

#: Version 1: games (history), statistics and best times per (level, style,
#: shape), replays by game, and the digests of the JSON files imported.
_VERSION_1 = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    date TEXT NOT NULL, level TEXT NOT NULL, style TEXT NOT NULL, shape TEXT NOT NULL,
    width INTEGER NOT NULL, height INTEGER NOT NULL, mines INTEGER NOT NULL,
    result TEXT NOT NULL, time_ms INTEGER NOT NULL, bbbv INTEGER, bbbv_per_s REAL,
    clicks INTEGER NOT NULL, efficiency REAL, seed TEXT, first_click TEXT NOT NULL,
    assisted INTEGER NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS statistics (
    level TEXT NOT NULL, style TEXT NOT NULL, shape TEXT NOT NULL,
    played INTEGER NOT NULL, won INTEGER NOT NULL,
    current_streak INTEGER NOT NULL, best_streak INTEGER NOT NULL,
    PRIMARY KEY (level, style, shape)
) STRICT;
CREATE TABLE IF NOT EXISTS best_times (
    id INTEGER PRIMARY KEY,
    level TEXT NOT NULL, style TEXT NOT NULL, shape TEXT NOT NULL,
    name TEXT NOT NULL, time_ms INTEGER NOT NULL, date TEXT NOT NULL,
    bbbv INTEGER, bbbv_per_s REAL,
    game_id INTEGER REFERENCES games(id) ON DELETE SET NULL,
    token TEXT UNIQUE
) STRICT;
CREATE INDEX IF NOT EXISTS best_times_by_key ON best_times (level, style, shape, time_ms, id);
CREATE TABLE IF NOT EXISTS replays (
    game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    size INTEGER NOT NULL,
    text TEXT NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS imports (
    digest TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    date TEXT NOT NULL
) STRICT;
"""

#: Version 2: the game each running copy has in progress (``unfinished``).
_VERSION_2 = """
CREATE TABLE IF NOT EXISTS unfinished (
    owner TEXT PRIMARY KEY,
    game TEXT NOT NULL
) STRICT;
"""

#: Version 3: whether a game was played on a seed the player chose
#: (``chosen_seed``): such a game never counts for Best Times or statistics.
#: Games recorded before were all counted: 0.
_VERSION_3 = """
ALTER TABLE games ADD COLUMN chosen_seed INTEGER NOT NULL DEFAULT 0;
"""

#: MIGRATIONS[n] takes a database from version n to n + 1.
MIGRATIONS: tuple[str, ...] = (_VERSION_1, _VERSION_2, _VERSION_3)
assert len(MIGRATIONS) == SCHEMA_VERSION


def version(connection: sqlite3.Connection) -> int:
    """The layout the database is in, kept by SQLite in ``user_version``
    (0 for a new file): what ``migrate`` starts from."""
    return int(connection.execute("PRAGMA user_version").fetchone()[0])


def migrate(connection: sqlite3.Connection) -> None:
    """Bring the database to :data:`SCHEMA_VERSION`, in the caller's write
    transaction (the version is read again inside it: another process may
    have migrated meanwhile)."""
    current = version(connection)
    for step in MIGRATIONS[current:]:
        for statement in step.split(";"):
            if statement.strip():
                connection.execute(statement)
    if current < SCHEMA_VERSION:
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def tables(connection: sqlite3.Connection) -> dict[str, list[str]]:
    """Each table's column names, as the database has them. Any name is
    quoted as SQL quotes it: a table of another program's named with a
    double quote (``notes "old"``, added with a database browser) was a
    syntax error, and the records could not be saved at any start."""
    names = [row[0] for row in connection.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
    return {name: [column[1] for column in connection.execute(
                'PRAGMA table_info("{}")'.format(name.replace('"', '""')))]
            for name in names}


@cache
def expected_tables(at: int = SCHEMA_VERSION) -> dict[str, list[str]]:
    """The tables and columns of a database of version ``at``."""
    scratch = sqlite3.connect(":memory:")
    try:
        for step in MIGRATIONS[:at]:
            scratch.executescript(step)
        return tables(scratch)
    finally:
        scratch.close()


def complete(connection: sqlite3.Connection, at: int = SCHEMA_VERSION) -> bool:
    """Whether every table and column of version ``at`` is there (a file that
    claims our version but lacks them was not written by us)."""
    found = tables(connection)
    return all(found.get(name, [])[:len(columns)] == columns
               for name, columns in expected_tables(at).items())


def ours(connection: sqlite3.Connection) -> bool:
    """Whether migrating the file is ours to do, asked before anything is
    written to it: a file of version 0 must hold nothing at all yet (a new
    file, or one another copy is creating), and one of an older or the
    current version everything that version had. Any other SQLite file is
    somebody else's: migrating it would change it before it is set aside.
    So is a file with a trigger, which no version of ours makes: it would
    run inside the game's own transactions, and one deleting each game
    recorded, or failing its insert, lost every game played on the file.
    A version below 0 no version of ours writes (a hand edit's): read as
    one counted from the end (``MIGRATIONS[-1:]``), it had the last
    migration run again, which failed at every start, and the records were
    neither shown nor saved."""
    at = version(connection)
    if at < 0:
        return False
    if at == 0:
        return int(connection.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]) == 0
    triggers = int(connection.execute(
        "SELECT count(*) FROM sqlite_master WHERE type = 'trigger'").fetchone()[0])
    try:
        return (at <= SCHEMA_VERSION and complete(connection, at) and not triggers
                and not refuses_writes(connection, at) and not _ahead(connection, at))
    except sqlite3.OperationalError as error:
        if lacks(error):
            return False
        raise


def _ahead(connection: sqlite3.Connection, at: int) -> bool:
    """Whether a file claiming version ``at`` already has a column a later
    version adds to one of its tables (its version lowered by a hand edit):
    the migration adding it again failed ("duplicate column name") at every
    start, and the records were neither shown nor saved. A table a later
    version creates is made only if missing: one there already is no harm."""
    found, now = tables(connection), expected_tables()
    return any(column in found.get(name, []) for name, columns in expected_tables(at).items()
               for column in now[name] if column not in columns)


#: What SQLite says of a schema that needs what it has not: another
#: program's virtual table module or collation (a search index, an
#: extension's table).
_LACKING = ("no such module:", "no such collation sequence:")


def lacks(error: sqlite3.Error) -> bool:
    """Whether ``error`` says the file needs a module or a collation this
    SQLite has not: every statement reading its schema then fails, and the
    records could be neither read nor saved at any start ("no such
    module: vec0"). Such a file is another program's."""
    return str(error).startswith(_LACKING)


#: Quoted names, texts and comments in a table's SQL, where the word CHECK
#: may stand without being a constraint.
_QUOTED = re.compile(r"'(?:[^']|'')*'|\"(?:[^\"]|\"\")*\"|`[^`]*`|\[[^\]]*\]"
                     r"|--[^\n]*|/\*.*?(?:\*/|$)", re.DOTALL)
_CHECK = re.compile(r"\bCHECK\b", re.IGNORECASE)


class _Shape(NamedTuple):
    """What in a table can refuse a row: its columns (name, type, NOT NULL,
    default, hidden: generated), its constraining indexes (unique, origin,
    partial, key columns: None for an expression), its foreign keys
    (table, from, to, on delete) and whether its SQL has a CHECK."""

    columns: list[tuple[str, str, int, object, int]]
    indexes: set[tuple[int, str, int, tuple[str | None, ...]]]
    keys: set[tuple[str, str, str, str]]
    check: bool


def refuses_writes(connection: sqlite3.Connection, at: int = SCHEMA_VERSION) -> bool:
    """Whether a hand edit gave our tables something that can refuse the
    game's own writes, which no version of ours makes: a CHECK constraint,
    a UNIQUE index or constraint, a foreign key, a NOT NULL or a column type
    ours have not, a generated column, a column added NOT NULL without a
    default, an index on an expression or a partial one (either may call a
    function that fails or is missing). Like a trigger, any of them made
    every game's transaction fail (``CHECK (time_ms < 60000)`` refused every
    slower game, a UNIQUE index on ``level`` every game after the first of a
    level) and the games of every session were lost: the file is somebody
    else's. Fewer constraints than ours (a table remade without its NOT
    NULLs or without STRICT) refuse nothing, and are kept; so is a plain
    index added to speed a query up."""
    return any(_refuses(_shape(connection, name), ours)
               for name, ours in _expected_shapes(at).items())


@cache
def _expected_shapes(at: int) -> dict[str, _Shape]:
    """The :class:`_Shape` of each table of a database of version ``at``."""
    scratch = sqlite3.connect(":memory:")
    try:
        for step in MIGRATIONS[:at]:
            scratch.executescript(step)
        return {name: _shape(scratch, name) for name in expected_tables(at)}
    finally:
        scratch.close()


def _shape(connection: sqlite3.Connection, table: str) -> _Shape:
    """The :class:`_Shape` of ``table`` as the database has it."""
    quoted = '"{}"'.format(table.replace('"', '""'))
    columns = [(row[1], str(row[2]).upper(), row[3], row[4], row[6])
               for row in connection.execute(f"PRAGMA table_xinfo({quoted})")]
    indexes: set[tuple[int, str, int, tuple[str | None, ...]]] = set()
    for _, name, unique, origin, partial in connection.execute(f"PRAGMA index_list({quoted})"):
        keys = tuple(row[2] for row in connection.execute(
            'PRAGMA index_info("{}")'.format(name.replace('"', '""'))))
        if unique or partial or None in keys or origin != "c":
            indexes.add((unique, origin, partial, keys))
    foreign = {(row[2], row[3], row[4], row[6]) for row in connection.execute(
        f"PRAGMA foreign_key_list({quoted})")}
    sql = connection.execute("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?",
                             (table,)).fetchone()
    check = bool(sql and sql[0] and _CHECK.search(_QUOTED.sub(" ", sql[0])))
    return _Shape(columns, indexes, foreign, check)


def _refuses(found: _Shape, ours: _Shape) -> bool:
    """Whether the table ``found`` can refuse a row the table ``ours`` takes."""
    if found.check or not found.indexes <= ours.indexes or not found.keys <= ours.keys:
        return True
    for (_, kind, not_null, _, hidden), mine in zip(found.columns[:len(ours.columns)],
                                                    ours.columns, strict=True):
        if hidden or kind != mine[1] or not_null > mine[2]:
            return True
    return any(hidden or (not_null and str(default).upper() in ("NONE", "NULL"))
               for _, _, not_null, default, hidden in found.columns[len(ours.columns):])
