"""records.db edited by hand (a database browser, another program): what in
our tables can refuse the game's own writes sets the file aside as another
program's, byte for byte, and the games go into fresh records; what refuses
nothing (an index to speed a query up, a view, a column that may be left
empty, a table remade without STRICT) keeps the file and its games."""

import sqlite3
from contextlib import closing

import pytest

from game.store import schema

from .helpers import game, open_store, reopen

ASIDE = "records.corrupt-20261122-153000.db"


def theirs(text):
    """A function another program registers on its own connections (and
    the game's never has): an index or a column computed with it fails
    every insert made without it, "no such function"."""
    return text


def hand_made(path, edit=lambda step: step, after=""):
    """Our tables at our version, each step of the migrations changed by
    ``edit``, then ``after`` run, by a connection that knows ``theirs``."""
    with closing(sqlite3.connect(path)) as db:
        db.create_function("theirs", 1, theirs, deterministic=True)
        db.create_collation("theirs", lambda a, b: (a > b) - (a < b))
        for step in schema.MIGRATIONS:
            db.executescript(edit(step))
        db.executescript(after)
        db.execute(f"PRAGMA user_version = {schema.SCHEMA_VERSION}")
        db.execute("INSERT INTO imports VALUES ('digest', 'theirs.json', '2026-01-01T00:00:00')")
        db.commit()


def in_games(addition):
    """The games table made at once with every column of ours, then
    ``addition`` (the columns of version 3 are no longer added after it)."""
    ours = "assisted INTEGER NOT NULL, chosen_seed INTEGER NOT NULL DEFAULT 0"
    return lambda step: step.replace("assisted INTEGER NOT NULL\n)", f"{ours}, {addition}\n)") \
        .replace("ALTER TABLE games ADD COLUMN chosen_seed INTEGER NOT NULL DEFAULT 0;", "")


#: Another program's table of a virtual table module this SQLite has not (an
#: extension's), as that program's SQLite writes it in the schema.
VIRTUAL_TABLE = """PRAGMA writable_schema = ON;
INSERT INTO sqlite_master VALUES ('table', 'notes', 'notes', 0,
                                  'CREATE VIRTUAL TABLE notes USING theirs(a)');
PRAGMA writable_schema = OFF;
PRAGMA user_version = {version};
"""

REFUSING = {
    "check": dict(edit=in_games("CHECK (level <> 'intermediate')")),
    "unique index": dict(after="CREATE UNIQUE INDEX one_a_level ON games (level);"),
    "unique constraint": dict(edit=in_games("UNIQUE (level, result)")),
    "index on an expression": dict(after="CREATE INDEX by_theirs ON games (theirs(level));"),
    "partial index": dict(after="CREATE INDEX won ON games (id) WHERE theirs(result) = 'won';"),
    "generated column": dict(edit=in_games("mark TEXT AS (theirs(level)) STORED")),
    "not null without default": dict(edit=in_games("note TEXT NOT NULL")),
    "not null default null": dict(edit=in_games("note TEXT NOT NULL DEFAULT NULL")),
    "foreign key": dict(edit=in_games("FOREIGN KEY (level) REFERENCES levels (name)"),
                        after="CREATE TABLE levels (name TEXT PRIMARY KEY);"),
    "stricter not null": dict(edit=lambda step: step.replace("bbbv INTEGER, bbbv_per_s REAL,\n"
                                                             "    clicks",
                                                             "bbbv INTEGER NOT NULL, bbbv_per_s "
                                                             "REAL,\n    clicks")),
    "other type": dict(edit=lambda step: step.replace("seed TEXT,", "seed INTEGER,")),
    # What this SQLite has not: every statement reading the schema failed,
    # and the records could be neither read nor saved ("no such module").
    "collation it lacks": dict(after="CREATE INDEX by_level ON games (level COLLATE theirs);"),
    "module it lacks": dict(after=VIRTUAL_TABLE.format(version=schema.SCHEMA_VERSION)),
}


@pytest.mark.parametrize("edits", REFUSING.values(), ids=REFUSING.keys())
def test_a_hand_edit_that_can_refuse_our_writes_sets_the_file_aside_and_loses_no_game(
        tmp_path, edits):
    """Each edit made every game of a kind fail its transaction (a CHECK
    refusing Intermediate games, a UNIQUE index every game after the first
    of its level, a missing function every game): the player was told the
    results "will be lost when it closes", at every start, and was."""
    path = tmp_path / "records.db"
    hand_made(path, **edits)
    before = path.read_bytes()
    store = open_store(tmp_path)
    [message] = store.take_notices()
    assert ASIDE in message
    assert (tmp_path / ASIDE).read_bytes() == before          # kept as found
    games = [game(seed=2), game("intermediate", seed=3, bbbv=None, bbbv_per_s=None),
             game(seed=4, result="lost")]
    for played in games:
        store.record_game(played)
    again = reopen(store)
    assert sorted(g.seed for g in again.history()) == [2, 3, 4]
    assert again.notices == []
    again.close()


KEPT = {
    "plain index": dict(after="CREATE INDEX by_date ON games (date);"),
    "view": dict(after="CREATE VIEW wins AS SELECT * FROM games WHERE result = 'won';"),
    "nullable column": dict(edit=in_games("note TEXT")),
    "not null with default": dict(edit=in_games("note TEXT NOT NULL DEFAULT ''")),
    "without strict nor not null": dict(
        edit=lambda step: step.replace(") STRICT", ")").replace(" NOT NULL", "")),
    "a word check in a quoted name": dict(after='CREATE TABLE "check" (x);'
                                                'ALTER TABLE games ADD COLUMN "check me" TEXT;'),
}


@pytest.mark.parametrize("edits", KEPT.values(), ids=KEPT.keys())
def test_a_hand_edit_that_refuses_nothing_keeps_the_file(tmp_path, edits):
    path = tmp_path / "records.db"
    hand_made(path, **edits)
    store = open_store(tmp_path)
    assert store.take_notices() == []
    for seed in (2, 3):
        store.record_game(game("intermediate", seed=seed))
    again = reopen(store)
    assert sorted(g.seed for g in again.history()) == [2, 3]
    assert not (tmp_path / ASIDE).exists()
    with closing(sqlite3.connect(path)) as db:                # the same file, edits kept
        assert db.execute("SELECT name FROM imports").fetchall() == [("theirs.json",)]
    again.close()


def test_a_newer_versions_file_with_a_module_this_sqlite_lacks_is_left_untouched(tmp_path):
    """Newer still comes first: such a file is never set aside."""
    path = tmp_path / "records.db"
    newer = schema.SCHEMA_VERSION + 1
    with closing(sqlite3.connect(path)) as db:
        db.executescript(VIRTUAL_TABLE.format(version=newer))
    before = path.read_bytes()
    store = open_store(tmp_path)
    assert not store.writable and "newer" in " ".join(store.take_notices())
    store.record_game(game(seed=2))
    store.close()
    assert path.read_bytes() == before and not (tmp_path / ASIDE).exists()
