"""A records.db the player may not write (restored from a backup, copied
from a CD, ``chmod -w``) in a folder that takes writes: read into memory
without SQLite opening it in place, so that no read-only journal is left
beside it to refuse every write once the player makes it writable again."""

import os
import sqlite3
import stat

import pytest

from game.store import connection, database

from .helpers import game, open_store, reopen


def read_only_as_for_anyone(path, monkeypatch):
    """``path`` made read-only. Root ignores the bits: then ``os.access``
    answers from them, and SQLite opens the file read-only, as it does for
    anyone else (without saying so)."""
    path.chmod(stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH)
    if os.geteuid() != 0:
        return
    access = os.access

    def by_the_bits(name, mode, **kwargs):
        if mode & os.W_OK and os.path.exists(name) and not os.stat(name).st_mode & stat.S_IWUSR:
            return False
        return access(name, mode, **kwargs)
    raw = connection.raw

    def opened_as_sqlite_would(name):
        if os.path.exists(name) and not by_the_bits(name, os.W_OK):
            return sqlite3.connect(f"file:{name}?mode=ro", uri=True, isolation_level=None,
                                   check_same_thread=False)
        return raw(name)
    monkeypatch.setattr(os, "access", by_the_bits)
    monkeypatch.setattr(connection, "raw", opened_as_sqlite_would)


def test_a_read_only_records_file_leaves_no_journal_and_saves_again_once_writable(
        tmp_path, monkeypatch):
    """SQLite, reading a WAL database it may not write, made a ``-wal`` and a
    ``-shm`` beside it with the file's read-only mode and left them: made
    writable again, the records still could not be saved ("attempt to write
    a readonly database") at any start, for that ``-shm``."""
    store = open_store(tmp_path)
    store.record_game(game(seed=1))
    store.close()
    path = tmp_path / "records.db"
    before = path.read_bytes()
    read_only_as_for_anyone(path, monkeypatch)
    try:
        store = open_store(tmp_path)
        assert not store.writable
        [message] = store.take_notices()
        assert message.startswith("Records cannot be saved") and "readonly" in message
        assert [g.seed for g in store.history()] == [1]           # read all the same
        store.close()
        assert sorted(os.listdir(tmp_path)) == ["records.db", "records.db.lock"]
        assert path.read_bytes() == before
    finally:
        path.chmod(stat.S_IRUSR | stat.S_IWUSR)
        monkeypatch.undo()
    store = open_store(tmp_path)                                 # writable again: saved
    assert store.writable and store.take_notices() == []
    store.record_game(game(seed=2))
    again = reopen(store)
    assert [g.seed for g in again.history()] == [2, 1]
    again.close()


def test_a_damaged_read_only_records_file_is_still_set_aside(tmp_path, monkeypatch):
    """Renaming needs only the folder: damaged and read-only, the file goes
    aside as found and the games go into fresh records, as before."""
    path = tmp_path / "records.db"
    path.write_bytes(b"SQLite format 3\x00" + bytes(range(256)) * 16)
    before = path.read_bytes()
    read_only_as_for_anyone(path, monkeypatch)
    store = open_store(tmp_path)
    [message] = store.take_notices()
    assert "could not be read" in message
    [aside] = [name for name in os.listdir(tmp_path) if ".corrupt-" in name]
    assert (tmp_path / aside).read_bytes() == before
    monkeypatch.undo()
    store.record_game(game(seed=3))
    again = reopen(store)
    assert [g.seed for g in again.history()] == [3]
    again.close()


def test_a_read_only_index_an_earlier_version_left_is_set_aside(tmp_path, monkeypatch):
    """The ``-shm`` earlier versions left made read-only beside a records.db
    since made writable: set aside (it holds no record, only an index of the
    ``-wal``) and told, and the games are saved again."""
    store = open_store(tmp_path)
    store.record_game(game(seed=1))
    store.close()
    index = tmp_path / "records.db-shm"
    index.write_bytes(bytes(32768))
    read_only_as_for_anyone(index, monkeypatch)
    store = open_store(tmp_path)
    [message] = store.take_notices()
    assert "set aside as 'records.corrupt-20261122-153000.db-shm'" in message
    assert (tmp_path / "records.corrupt-20261122-153000.db-shm").read_bytes() == bytes(32768)
    assert store.writable
    store.record_game(game(seed=2))
    monkeypatch.undo()
    again = reopen(store)
    assert [g.seed for g in again.history()] == [2, 1] and again.take_notices() == []
    again.close()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_read_only_records_file_under_another_copys_lock_leaves_no_journal(
        tmp_path, monkeypatch):
    """While another copy holds the records' lock, the file is looked at as
    found (``open_as_found``): through a connection that may only read,
    which left the same read-only journals beside a read-only file."""
    from .test_records_lock import release, stopped_holder
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_S", 5.0)
    store = open_store(tmp_path)
    store.record_game(game(seed=1))
    store.close()
    path = tmp_path / "records.db"
    read_only_as_for_anyone(path, monkeypatch)
    pid, let_go = stopped_holder(tmp_path)
    try:
        store = open_store(tmp_path)
        store.record_game(game(seed=2))
        assert sorted(name for name in os.listdir(tmp_path) if "records.db-" in name) == []
    finally:
        release(pid, let_go, "continued")
        store.close()
        path.chmod(stat.S_IRUSR | stat.S_IWUSR)



def backup_with_journal(tmp_path):
    """A records.db and the ``-wal`` holding its one game, as copied from a
    backup or a CD (no ``-shm``), in their own folder."""
    live = tmp_path / "live"
    store = open_store(live)
    store.record_game(game(seed=1))
    store.flush()
    backup = tmp_path / "backup"
    backup.mkdir()
    for name in ("records.db", "records.db-wal"):
        (backup / name).write_bytes((live / name).read_bytes())
    store.close()
    assert (backup / "records.db-wal").stat().st_size > 0       # the game is only there
    return backup


@pytest.mark.parametrize("lock", ["free", "held by another copy"])
def test_a_read_only_records_file_with_its_journal_shows_its_games_and_leaves_no_index(
        tmp_path, monkeypatch, lock):
    """A read-only records.db with the ``-wal`` holding its last games: the
    games are shown, and nothing is made beside it. The looks for a newer
    version's file and for damage opened it in place first, which made a
    read-only ``-shm`` there; once the file was writable again, that
    ``-shm`` was set aside and told as "a file beside your records … could
    not be read"."""
    from .test_records_lock import release, stopped_holder
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_S", 5.0)
    backup = backup_with_journal(tmp_path)
    path = backup / "records.db"
    read_only_as_for_anyone(path, monkeypatch)
    holder = stopped_holder(backup) if lock != "free" else None
    try:
        store = open_store(backup)
        assert not store.writable
        assert [g.seed for g in store.history()] == [1]
        assert sorted(name for name in os.listdir(backup) if "records.db-" in name) \
            == ["records.db-wal"]
        store.close()
    finally:
        if holder:
            release(*holder, "killed")
        path.chmod(stat.S_IRUSR | stat.S_IWUSR)
        monkeypatch.undo()
    store = open_store(backup)                                   # writable again: nothing told
    assert store.writable and store.take_notices() == []
    store.record_game(game(seed=2))
    again = reopen(store)
    assert [g.seed for g in again.history()] == [2, 1]
    again.close()


def test_a_read_only_records_file_another_copy_writes_is_never_taken_for_damage(
        tmp_path, monkeypatch):
    """A records.db this user may not write that another copy still writes
    (made read-only while that copy ran, or another user's): it is copied
    to be read, the file then its ``-wal``. That copy folding its journal
    into the file between the two (a checkpoint, the journal begun again)
    left a copy "malformed", and the live records, with the other copy's
    journals, were renamed aside from under it."""
    writer = open_store(tmp_path)
    writer.record_game(game(seed=1))
    assert writer.flush()
    path = tmp_path / "records.db"
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("PRAGMA wal_autocheckpoint = 0")
    other.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    row = other.execute("SELECT * FROM games").fetchone()
    marks = ",".join("?" * len(row))

    def games(count):
        other.execute("BEGIN")
        for _ in range(count):
            other.execute(f"INSERT INTO games VALUES ({marks})", (None, *row[1:]))
        other.execute("COMMIT")
    games(300)
    copy = database.shutil.copyfile
    folded = []

    def meanwhile(source, target, *args, **kwargs):
        done = copy(source, target, *args, **kwargs)
        if not folded and os.path.basename(source) == "records.db":
            folded.append(other.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone())
            games(300)
        return done
    monkeypatch.setattr(database.shutil, "copyfile", meanwhile)
    read_only_as_for_anyone(path, monkeypatch)
    try:
        store = open_store(tmp_path)
        assert folded == [(0, 0, 0)]
        assert not [name for name in os.listdir(tmp_path) if ".corrupt-" in name]
        assert not [text for text in store.take_notices() if "could not be read" in text]
        assert max(g.game_id for g in store.history()) == 601       # every game read
        store.close()
    finally:
        other.close()
        path.chmod(stat.S_IRUSR | stat.S_IWUSR)
        writer.close()
