"""records.db: WAL journal, one transaction per game, migrations by
user_version; damage set aside with a dated name, a newer version's file
never touched, names taken by something that is not a file never read."""

import json
import os
import shutil
import sqlite3
import stat
import sys
import threading
from contextlib import closing

import pytest

from game.store import LevelStats, Store, ledger, opening, questions, schema, writer
from game.store import reader as reader_module

from .helpers import files_in, game, old_game, open_store, players_at_once, reopen

ASIDE = "records.corrupt-20261122-153000.db"


def filled(directory):
    store = open_store(directory)
    store.record_game(game(seed=1))
    store.close()
    return (directory / "records.db")


def test_the_database_uses_a_wal_journal_and_this_schema_version(tmp_path):
    filled(tmp_path)
    with sqlite3.connect(tmp_path / "records.db") as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert db.execute("PRAGMA user_version").fetchone()[0] == schema.SCHEMA_VERSION
    db.close()


def test_an_older_database_is_migrated(tmp_path):
    sqlite3.connect(tmp_path / "records.db").close()           # version 0: empty
    store = open_store(tmp_path)
    store.record_game(game())
    assert reopen(store).statistics("beginner") == LevelStats(1, 1, 1, 1)
    assert store.notices == []


def test_a_game_is_all_in_or_all_out(tmp_path, monkeypatch):
    """History row, statistics and best time are one transaction: a failure in
    the middle leaves none of them, and the game is written once the disk
    works again."""
    store = open_store(tmp_path)
    failing = threading.Event()
    failing.set()
    real = ledger.add_best_time

    def add_best_time(*args, **kwargs):
        real(*args, **kwargs)
        if failing.is_set():
            raise sqlite3.OperationalError("disk I/O error")
    monkeypatch.setattr(ledger, "add_best_time", add_best_time)
    store.record_game(game())
    assert not store.flush()
    with sqlite3.connect(tmp_path / "records.db") as db:
        counts = [db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]
                  for table in ("games", "statistics", "best_times")]
    db.close()
    assert counts == [0, 0, 0]
    assert "disk I/O error" in store.take_notices()[0]
    failing.clear()
    assert store.flush()
    again = reopen(store)
    assert len(again.history()) == 1 and len(again.best_times("beginner")) == 1
    assert again.statistics("beginner") == LevelStats(1, 1, 1, 1)


@pytest.mark.parametrize("damage", [
    lambda path: path.write_bytes(b"not a database at all" * 100),
    lambda path: path.write_bytes(path.read_bytes()[:1000]),                    # truncated
    lambda path: path.write_bytes(b"SQLite format 3\x00" + os.urandom(5000)),   # garbage after
    lambda path: path.write_bytes(b"\x00" * 8192),
], ids=["text", "truncated", "garbage", "zeros"])
def test_a_damaged_database_is_set_aside_and_a_fresh_one_started(tmp_path, damage):
    path = filled(tmp_path)
    damage(path)
    broken = path.read_bytes()
    store = open_store(tmp_path)
    [message] = store.take_notices()
    assert ASIDE in message and "could not be read" in message
    assert (tmp_path / ASIDE).read_bytes() == broken
    assert store.history() == [] and store.writable
    store.record_game(game(seed=2))
    again = reopen(store)
    assert [g.seed for g in again.history()] == [2]
    assert again.notices == []


def test_the_journals_of_a_damaged_database_go_aside_with_it(tmp_path):
    """A damaged records.db's -wal and -shm hold its commits, not the fresh
    file's: each goes aside under the damaged file's dated name, and the
    player is told of the database's new name (not a journal's)."""
    path = filled(tmp_path)
    path.write_bytes(b"not a database at all" * 100)
    journals = {"-wal": b"the damaged file's commits" * 50, "-shm": b"\x01" * 32768}
    for tail, data in journals.items():
        (tmp_path / ("records.db" + tail)).write_bytes(data)
    store = open_store(tmp_path)
    [message] = store.take_notices()
    assert message.endswith(f"kept as '{ASIDE}'.")
    for tail, data in journals.items():
        assert (tmp_path / (ASIDE + tail)).read_bytes() == data
    assert store.history() == [] and store.writable


def test_the_damage_checks_connect_as_connection_does_when_they_are_asked(tmp_path, monkeypatch):
    """The checks (``damage``) take their connections from ``connection`` when
    they run, as the opening does: a test that changes how it connects (its
    busy timeout, its raw connection) changes the checks too. Bound by name
    at import, they kept the connection of the start: the probe of a file
    found with a journal went on connecting its own way."""
    from game.store import connection, damage

    path = tmp_path / "records.db"
    path.write_bytes(b"not a database at all" * 100)
    (tmp_path / "records.db-wal").write_bytes(b"its commits" * 50)
    probed = []
    real = connection.read_only
    monkeypatch.setattr(connection, "read_only", lambda at: probed.append(at) or real(at))
    assert damage.damaged_as_found(path)
    assert probed == [path]


def test_a_database_failing_its_quick_check_is_set_aside(tmp_path):
    store = open_store(tmp_path)
    for seed in range(300):
        store.record_game(game(seed=seed))
    store.close()
    path = tmp_path / "records.db"
    data = bytearray(path.read_bytes())
    page = 4096
    for offset in range(2 * page, len(data) - page, page):   # spoil every page but the first
        data[offset + 8:offset + 40] = os.urandom(32)
    path.write_bytes(bytes(data))
    store = open_store(tmp_path)
    assert ASIDE in store.take_notices()[0]
    assert store.history() == []


def test_a_database_from_a_newer_version_is_never_touched(tmp_path):
    path = filled(tmp_path)
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {schema.SCHEMA_VERSION + 1}")
    db.close()
    before = path.read_bytes()
    store = open_store(tmp_path)
    [message] = store.take_notices()
    assert "records.db" in message and "newer version" in message
    assert not store.writable
    assert store.record_game(game(time_ms=5_000)) == 1          # the game plays on, in memory
    assert store.best_times("beginner")[0].time_ms == 5_000
    store.close()
    assert path.read_bytes() == before
    assert files_in(tmp_path) == {"records.db"}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
@pytest.mark.parametrize("name", ["records.db", "records.db-wal", "settings.json",
                                  "records.json", "history.json"])
def test_a_fifo_is_never_read(tmp_path, name):
    if name != "records.db":
        filled(tmp_path)
    os.mkfifo(tmp_path / name)
    store = open_store(tmp_path)             # would block for ever if the FIFO were opened
    assert "could not be read" in store.take_notices()[0]
    assert not (tmp_path / name).exists() or (tmp_path / name).is_file()     # a fresh one
    assert [p for p in tmp_path.iterdir() if stat.S_ISFIFO(p.lstat().st_mode)][0].name != name
    assert name == "records.db" or len(store.history()) == 1


@pytest.mark.parametrize("records", ["sound", "damaged"])
def test_journals_that_are_no_files_are_set_aside_and_the_records_kept_and_saved(tmp_path,
                                                                                records):
    """A -wal and a -shm that are folders (a botched restore): each took one
    of the two attempts at opening and was told as the records starting
    afresh, and sound records were then played in memory all session
    ("Records cannot be saved ... (records.db)"). They hold nothing of the
    records: set aside first, each told as such; the records are opened as
    they are (or set aside when damaged themselves) and saved."""
    path = filled(tmp_path)
    for tail in ("-wal", "-shm"):
        path.with_name(path.name + tail).unlink(missing_ok=True)
        path.with_name(path.name + tail).mkdir()
    if records == "damaged":
        path.write_bytes(b"not a database\n" * 100)
    store = open_store(tmp_path)
    said = store.take_notices()
    assert store.writable
    aside = sorted(p.name for p in tmp_path.iterdir() if ".corrupt-" in p.name)
    odd = [name for name in aside if name.endswith(("-wal", "-shm"))]
    assert len(odd) == 2 and all((tmp_path / name).is_dir() for name in odd)
    assert [m for m in said if "held none of them" in m] == \
        [f"A file beside your records, which held none of them, could not be read and was "
         f"set aside as '{name}'." for name in sorted(odd, key=lambda n: n.endswith("-shm"))]
    assert ("could not be read: starting afresh" in " ".join(said)) == (records == "damaged")
    assert len(store.history()) == (1 if records == "sound" else 0)
    store.record_game(game(seed=2))
    store = reopen(store)
    assert {g.seed for g in store.history()} == ({1, 2} if records == "sound" else {2})
    store.close()


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
@pytest.mark.parametrize("name", ["records.db", "settings.json", "records.json"])
def test_a_symlink_to_a_device_is_set_aside_not_read(tmp_path, name):
    os.symlink("/dev/zero", tmp_path / name)
    store = open_store(tmp_path)
    assert "could not be read" in store.take_notices()[0]
    aside = [p for p in tmp_path.iterdir() if p.is_symlink()]
    assert len(aside) == 1 and os.readlink(aside[0]) == "/dev/zero" and aside[0].name != name
    store.record_game(game())
    assert reopen(store).statistics("beginner").played == 1


def test_a_directory_in_the_database_s_place_is_set_aside(tmp_path):
    (tmp_path / "records.db").mkdir()
    (tmp_path / "records.db" / "keep.txt").write_text("mine")
    store = open_store(tmp_path)
    assert ASIDE in store.take_notices()[0]
    assert (tmp_path / ASIDE / "keep.txt").read_text() == "mine"
    store.record_game(game())
    assert reopen(store).statistics("beginner").played == 1


def test_a_version_1_database_keeps_its_games_and_gains_the_games_in_progress(tmp_path):
    """Version 2 added the table of games in progress: a player's version 1
    records are migrated, not set aside as somebody else's, and keep every
    game."""
    filled(tmp_path)
    with sqlite3.connect(tmp_path / "records.db") as db:
        db.execute("DROP TABLE unfinished")              # the database as version 1 left it
        db.execute("ALTER TABLE games DROP COLUMN chosen_seed")
        db.execute("PRAGMA user_version = 1")
    db.close()
    store = open_store(tmp_path)
    assert [g.seed for g in store.history()] == [1] and store.notices == []
    store.hold_unfinished(game("expert", result="abandoned"))
    store.close()
    with sqlite3.connect(tmp_path / "records.db") as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == schema.SCHEMA_VERSION
        assert db.execute("SELECT COUNT(*) FROM unfinished").fetchone()[0] == 1    # kept there
    db.close()


def test_a_version_2_database_keeps_its_games_as_played_on_seeds_nobody_chose(tmp_path):
    """Version 3 added whether the seed was chosen: games from before keep
    their statistics and best times, read back as not on a chosen seed."""
    store = open_store(tmp_path)
    store.record_game(game(seed=1))
    store.close()
    with sqlite3.connect(tmp_path / "records.db") as db:
        db.execute("ALTER TABLE games DROP COLUMN chosen_seed")   # as version 2 left it
        db.execute("PRAGMA user_version = 2")
    db.close()
    store = open_store(tmp_path)
    assert [(g.seed, g.chosen_seed) for g in store.history()] == [(1, False)]
    assert len(store.best_times("beginner")) == 1 and store.notices == []
    store.record_game(game(seed=2, chosen_seed=True))
    store = reopen(store)
    assert [(g.seed, g.chosen_seed) for g in store.history()] == [(2, True), (1, False)]
    assert store.statistics("beginner") == LevelStats(1, 1, 1, 1)


def somebody_elses(version: int, tables: str):
    def make(path):
        with sqlite3.connect(path) as db:
            db.executescript(tables)
            db.execute("INSERT INTO games VALUES (1, 'theirs')")
            db.execute(f"PRAGMA user_version = {version}")
        db.close()
    return make


@pytest.mark.parametrize("make", [
    somebody_elses(0, "CREATE TABLE games (id INTEGER PRIMARY KEY, name TEXT);"),
    somebody_elses(schema.SCHEMA_VERSION, "CREATE TABLE games (id INTEGER PRIMARY KEY,"
                                          " name TEXT);"),
], ids=["version 0 with tables", "our version without our tables"])
def test_a_sqlite_file_of_somebody_else_is_set_aside_exactly_as_found(tmp_path, make):
    """Not a damaged file but another program's: migrating it (a WAL journal,
    our tables, our version) before finding it is not ours changed it."""
    path = tmp_path / "records.db"
    make(path)
    before = path.read_bytes()
    store = open_store(tmp_path)
    [message] = store.take_notices()
    assert ASIDE in message
    assert (tmp_path / ASIDE).read_bytes() == before
    store.record_game(game())
    assert reopen(store).statistics("beginner").played == 1


def test_records_with_a_trigger_are_set_aside_and_the_games_kept_in_fresh_ones(tmp_path):
    """Our tables and version, and a trigger (we never make one) running in
    the game's own transaction: deleting each game as it is recorded, the
    best time's reference to it then failed the whole game, dropped."""
    path = filled(tmp_path)
    with closing(sqlite3.connect(path)) as db:
        db.execute("CREATE TRIGGER forget AFTER INSERT ON games "
                   "BEGIN DELETE FROM games WHERE id = NEW.id; END")
        db.commit()
    before = path.read_bytes()
    store = open_store(tmp_path)
    [message] = store.take_notices()
    assert ASIDE in message and (tmp_path / ASIDE).read_bytes() == before
    won = game(seed=2)
    store.record_game(won)
    store.name_best_time(won, "Kept")
    again = reopen(store)
    assert [g.seed for g in again.history()] == [2] and again.notices == []
    assert [entry.name for entry in again.best_times("beginner")] == ["Kept"]


def record_in_processes_at_once(directory, processes: int, games: int) -> list[int]:
    """Fork ``processes`` copies of the game that open ``directory`` at the
    same instant, each recording ``games`` games; their exit codes: 0 for no
    notice, 3 for "a damaged file was set aside" alone, 2 for anything else."""
    def play(store: Store, player: int) -> int:
        for n in range(games):
            store.record_game(game(seed=player * 1000 + n))
        store.close()
        said = store.notices
        return 0 if not said else 3 if len(said) == 1 and ASIDE_PREFIX in said[0] else 2

    return players_at_once(directory, processes, play)


ASIDE_PREFIX = "records.corrupt-"


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
@pytest.mark.parametrize("trial", range(3))
def test_copies_opening_a_damaged_database_at_once_set_it_aside_once_and_lose_nothing(
        tmp_path, trial):
    """The first copy sets the damage aside and starts the fresh file; the
    others wait, then find that fresh file sound. Before, a second copy set
    aside the first one's fresh file, or found nothing to rename and played
    on in memory: its games were lost on a healthy disk."""
    (tmp_path / "records.db").write_bytes(os.urandom(8192))
    codes = record_in_processes_at_once(tmp_path, processes=4, games=3)
    assert sorted(codes) == [0, 0, 0, 3], codes
    assert [p.name.startswith(ASIDE_PREFIX) for p in tmp_path.iterdir()].count(True) == 1
    store = open_store(tmp_path)
    assert sorted(g.seed for g in store.history()) == [p * 1000 + n for p in range(4)
                                                        for n in range(3)]
    store.close()


def test_what_the_player_is_told_is_worded_in_the_language_of_the_moment_it_is_shown(tmp_path):
    """The store opens its files before the window knows the player's
    language (it is in the settings those files hold): a notice is put into
    words when it is taken, in the language chosen by then."""
    from game import i18n

    filled(tmp_path).write_bytes(b"not a database at all" * 100)
    (tmp_path / "history.json").write_text(json.dumps(
        {"schema": 1, "games": [{**old_game(game(seed=3)), "time_ms": "12"}]}), encoding="utf-8")
    i18n.set_language("en")
    store = open_store(tmp_path)
    i18n.set_language("fr")
    damaged, partly = store.take_notices()
    assert damaged.startswith("Impossible de lire vos scores\u202f:") and ASIDE in damaged
    assert partly.startswith("Une portion de votre historique")
    assert "games[0]\u202f: time_ms\u202f: un nombre entier" in partly
    assert "could not" not in damaged + partly and "expected" not in partly


def test_records_another_program_is_writing_open_at_once_and_get_the_games_when_it_is_done(
        tmp_path, monkeypatch):
    """A tool holding a write transaction open (a database browser with an
    edit not yet written) made the opening wait out the busy timeout, then
    gave up saving for the whole session: every game played was lost."""
    from game.store import connection

    filled(tmp_path)
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_S", 1.0)
    outside = sqlite3.connect(tmp_path / "records.db", isolation_level=None)
    outside.execute("BEGIN IMMEDIATE")
    outside.execute("INSERT INTO imports VALUES ('digest', 'a tool', '2026-01-01T00:00:00')")
    store = open_store(tmp_path)
    assert store.persistent and store.writable and store.notices == []
    store.record_game(game(seed=2))
    outside.execute("COMMIT")
    outside.close()
    again = reopen(store)
    assert [g.seed for g in again.history()] == [2, 1] and again.notices == []


def _delete_records(folder):
    for name in ("records.db", "records.db-wal", "records.db-shm"):
        (folder / name).unlink(missing_ok=True)


@pytest.mark.parametrize("start_afresh", [shutil.rmtree, _delete_records],
                         ids=["data folder", "records"])
def test_games_after_the_records_are_deleted_while_the_game_runs_go_into_fresh_ones(
        tmp_path, start_afresh):
    """SQLite made an empty records.db where the writer next connected (no
    tables: every game then failed, "no such table", told and tried for
    ever), or could not open one at all in a data folder that was gone."""
    folder = tmp_path / "Minesweeper"
    filled(folder)
    store = open_store(folder)
    start_afresh(folder)                    # the player starts afresh, the game still open
    won = game(seed=2)
    assert store.record_game(won) == 1      # first in the fresh table, not among the deleted
    store.name_best_time(won, "Zoe")
    assert store.flush() and store.notices == []
    again = reopen(store)
    assert [g.seed for g in again.history()] == [2] and again.notices == []
    assert [entry.name for entry in again.best_times("beginner")] == ["Zoe"]


@pytest.mark.parametrize("start_afresh", [shutil.rmtree, _delete_records],
                         ids=["data folder", "records"])
@pytest.mark.parametrize("made_again_by_another_copy", [False, True])
def test_a_win_after_the_records_are_deleted_is_ranked_in_the_fresh_best_times(
        tmp_path, start_afresh, made_again_by_another_copy):
    """The records deleted while the game ran, a win was ranked on the
    deleted file, still open: with ten better times there, it had no place,
    no name was asked for it, and it led the fresh Best Times as
    "Anonymous". So with another copy making the records again meanwhile."""
    folder = tmp_path / "Minesweeper"
    store = open_store(folder)
    for i in range(10):
        store.add_best_time("beginner", f"Old {i}", 1_000 + i, 5, 5.0)
    assert store.flush() and len(store.best_times("beginner")) == 10
    start_afresh(folder)
    if made_again_by_another_copy:
        other = open_store(folder)
        other.record_game(game(seed=3, time_ms=20_000))
        assert other.flush()
    won = game(seed=2)
    assert store.record_game(won) == 1
    assert store.name_best_time(won, "Zoe") == 1
    assert [t.name for t in store.best_times("beginner")] == ["Zoe"] + \
        ["Anonymous"] * made_again_by_another_copy
    again = reopen(store)
    assert [t.name for t in again.best_times("beginner")] == ["Zoe"] + \
        ["Anonymous"] * made_again_by_another_copy
    assert again.notices == []
    again.close()
    if made_again_by_another_copy:
        other.close()


@pytest.mark.parametrize("start_afresh", [shutil.rmtree, _delete_records],
                         ids=["data folder", "records"])
def test_games_after_the_records_are_deleted_just_after_a_write_go_into_fresh_ones(
        tmp_path, start_afresh, monkeypatch):
    """The writer keeps its connection for a second after each write (the
    next game's first moves, a name, come within it): the records deleted
    in that second, the games that followed went into the deleted file,
    still open, and were gone when the game closed, with nothing said."""
    monkeypatch.setattr(writer, "IDLE_S", 60.0)    # the second, as long as the test needs
    folder = tmp_path / "Minesweeper"
    filled(folder)
    store = open_store(folder)
    store.record_game(game(seed=2))
    assert store.flush()                    # the writer is connected, and stays so
    start_afresh(folder)
    store.record_game(game(seed=3))
    store.record_game(game(seed=4, result="lost"))
    assert store.flush() and store.notices == []
    again = reopen(store)
    assert [g.seed for g in again.history()] == [4, 3] and again.notices == []
    assert again.statistics("beginner") == LevelStats(2, 1, 0, 1)
    again.close()


def test_records_deleted_as_the_writer_connects_take_the_games_that_follow(tmp_path,
                                                                          monkeypatch):
    """The writer noted which file it had connected to once connected: the
    records deleted in between (the player starting afresh at that instant)
    had it note "no file", then find "no file" again at each job, and keep
    writing the games that followed into the deleted file, lost when the
    game closed. Noted before connecting, the deletion shows at the next job."""
    monkeypatch.setattr(writer, "IDLE_S", 60.0)    # the connection kept, as between two games
    real = opening.Opening._connect_writer
    armed: list[bool] = []

    def connect_then_deleted(self, **until):
        db = real(self, **until)
        if armed == [True]:
            armed.append(True)
            (self.directory / "records.db").unlink()
        return db

    monkeypatch.setattr(opening.Opening, "_connect_writer", connect_then_deleted)
    folder = tmp_path / "Minesweeper"
    filled(folder)
    store = open_store(folder)
    armed.append(True)
    store.record_game(game(seed=2))         # written as the records went: gone with them
    assert store.flush() and len(armed) == 2
    store.record_game(game(seed=3))
    store.record_game(game(seed=4, result="lost"))
    assert store.flush() and store.notices == []
    again = reopen(store)
    assert [g.seed for g in again.history()] == [4, 3] and again.notices == []
    again.close()


@pytest.mark.parametrize("start_afresh", [shutil.rmtree, _delete_records],
                         ids=["data folder", "records"])
def test_the_records_dialogs_read_the_games_after_the_records_are_deleted(
        tmp_path, start_afresh, monkeypatch):
    """History asked again within the second its reader keeps its
    connection, after the player deleted the records and played a game:
    it showed the deleted games, and not the game just played."""
    monkeypatch.setattr(reader_module, "IDLE_S", 60.0)
    folder = tmp_path / "Minesweeper"
    filled(folder)
    store = open_store(folder)
    reader = store.reader()
    reads = reader.channel()
    reads.ask("before", questions.history(10, 0))
    assert reader.wait(60)
    assert [(key, [g.seed for g in games]) for key, games in reads.take()] == [("before", [1])]
    start_afresh(folder)
    store.record_game(game(seed=2))
    reads.ask("after", questions.history(10, 0))
    assert reader.wait(60)
    assert [(key, [g.seed for g in games]) for key, games in reads.take()] == [("after", [2])]
    assert store.notices == []
    store.close()


@pytest.mark.parametrize("start_afresh", [shutil.rmtree, _delete_records],
                         ids=["data folder", "records"])
def test_the_records_dialogs_read_deleted_records_as_empty_without_a_notice(tmp_path,
                                                                            start_afresh):
    """View ▸ History… opened after the player deleted records.db (or the
    data folder) while the game ran: the reader's connection found no tables
    and the player was told "no such table", as if the records were damaged.
    There is simply nothing yet; the next game makes the file again."""
    folder = tmp_path / "Minesweeper"
    filled(folder)
    store = open_store(folder)
    start_afresh(folder)
    reader = store.reader()
    reads = reader.channel()
    reads.ask("first", questions.first_page(10))
    assert reader.wait(60)
    assert reads.take() == [("first", (0, []))]
    assert store.notices == []
    store.record_game(game(seed=2))
    reads.ask("history", questions.history(10, 0))
    assert reader.wait(60)
    assert [(key, [g.seed for g in games]) for key, games in reads.take()] == [("history", [2])]
    assert store.notices == []
    store.close()


@pytest.mark.skipif(not sys.platform.startswith("linux"),
                    reason="a file name that is no UTF-8 takes a Linux file system")
def test_a_data_folder_named_in_another_encoding_than_utf8_keeps_the_records(tmp_path):
    """A folder named on an older system in Latin-1 ("café" as b"caf\\xe9"),
    which Python holds with a lone surrogate: quoting its path into the URI
    by which the records are opened read-only raised UnicodeEncodeError, and
    the game stopped with a traceback at every start."""
    folder = tmp_path / os.fsdecode(b"caf\xe9")
    store = Store(folder)
    assert store.persistent and store.notices == []
    store.record_game(game(seed=1))
    store.close()
    again = Store(folder)
    assert [g.seed for g in again.history()] == [1] and again.notices == []
    again.close()
    (folder / "records.db").write_bytes(b"not a database" * 10)
    damaged = Store(folder)
    [message] = damaged.take_notices()
    assert "could not be read" in message and "records.corrupt-" in message
    damaged.close()


def test_journals_that_link_to_nothing_are_set_aside_and_the_records_saved(tmp_path):
    """A -wal and a -shm that are links to files gone (a restore that kept
    the links of a folder moved since) hold none of the records: set aside
    as the folders above are, each told, and the sound records saved; the
    links are never followed, to make a journal where they lead."""
    path = filled(tmp_path)
    gone = tmp_path / "moved"
    gone.mkdir()
    for tail in ("-wal", "-shm"):
        path.with_name(path.name + tail).unlink(missing_ok=True)
        path.with_name(path.name + tail).symlink_to(gone / f"records.db{tail}")
    store = open_store(tmp_path)
    said = store.take_notices()
    odd = sorted(p.name for p in tmp_path.iterdir() if ".corrupt-" in p.name)
    assert len(odd) == 2 and all((tmp_path / name).is_symlink() for name in odd)
    assert len([m for m in said if "held none of them" in m]) == 2 and len(said) == 2
    assert list(gone.iterdir()) == []
    store.record_game(game(seed=2))
    store = reopen(store)
    assert {g.seed for g in store.history()} == {1, 2} and store.take_notices() == []
    store.close()


@pytest.mark.parametrize("table", ['notes "2026"', "notes 'old'", "a;b"])
def test_records_with_a_table_of_another_program_named_with_quotes_are_kept(tmp_path, table):
    """A table a database browser added to records.db, its name holding a
    double quote: reading the tables' columns was a syntax error, and the
    records were shown from memory and never saved, "Records cannot be saved
    (near ...: syntax error)", at every start. Another table is no damage."""
    path = filled(tmp_path)
    with closing(sqlite3.connect(path)) as db:
        db.execute(f'CREATE TABLE "{table.replace(chr(34), chr(34) * 2)}" (x)')
        db.commit()
    store = open_store(tmp_path)
    assert store.persistent and store.take_notices() == []
    store.record_game(game(seed=2))
    store = reopen(store)
    assert {g.seed for g in store.history()} == {1, 2} and store.take_notices() == []
    store.close()
