"""A copy of the game killed (SIGKILL, a power cut) while it sets a damaged
records.db aside with its journals: whatever step it died at, the next
start keeps every byte the damaged file and its journals held, never lets
SQLite read the damaged file's journal into the fresh records (or delete it
beside them), and tells the player once."""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from game.store import Store, connection
from game.store.store import close_all_stores

from .helpers import exit_code, game, polled, set_aside_with_journal

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")

NAMES = ("records.db", "records.db-wal", "records.db-shm")


def damaged_with_journals(directory: Path) -> dict[str, bytes]:
    """A records.db that is no database, beside a -wal journal whose header
    and frames are sound (another database's last commits: SQLite reads any
    such journal into whatever file it finds it beside) and its -shm: what
    each name holds."""
    source = directory / "source"
    source.mkdir()
    with closing(sqlite3.connect(source / "old.db", isolation_level=None)) as db:
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA wal_autocheckpoint = 0")
        db.execute("CREATE TABLE stray (row TEXT)")
        db.execute("INSERT INTO stray VALUES ('from the damaged file''s journal')")
        for tail in ("-wal", "-shm"):          # copied while the journal is still there
            shutil.copyfile(source / f"old.db{tail}", directory / f"records.db{tail}")
    shutil.rmtree(source)
    (directory / "records.db").write_bytes(b"not a database at all" * 200)
    return {name: (directory / name).read_bytes() for name in NAMES}


def killed_at_rename(directory: Path, step: int) -> None:
    """Open the records in a forked copy of the game that dies (os._exit(9),
    nothing flushed or told) just before its ``step``-th rename of a file
    aside (a rename is a link under the new name, then an unlink)."""
    close_all_stores()
    pid = os.fork()
    if pid == 0:                                         # pragma: no cover - the child
        try:
            renames = 0
            link = os.link

            def dying_link(source, target, *args, **kwargs):
                nonlocal renames
                if ".corrupt-" in os.fspath(target):
                    if renames == step:
                        os._exit(9)
                    renames += 1
                return link(source, target, *args, **kwargs)
            os.link = dying_link
            Store(directory)
        finally:
            os._exit(1)
    assert exit_code(pid) == 9


@pytest.mark.parametrize("step", [0, 1, 2])
def test_a_kill_at_any_step_of_a_set_aside_keeps_every_file_and_tells_the_player_once(
        tmp_path, step):
    found = damaged_with_journals(tmp_path)
    killed_at_rename(tmp_path, step)
    store = Store(tmp_path)
    kept = {path.read_bytes() for path in tmp_path.iterdir() if ".corrupt-" in path.name}
    assert [name for name, data in found.items() if data not in kept] == []
    told = store.take_notices()
    assert len(told) == 1 and "could not be read" in told[0], told
    with closing(sqlite3.connect(tmp_path / "records.db")) as fresh:
        assert fresh.execute("SELECT name FROM sqlite_master WHERE name = 'stray'").fetchall() == []
    assert store.history() == [] and store.writable
    store.record_game(game(seed=2))
    store.close()
    again = Store(tmp_path)
    assert [g.seed for g in again.history()] == [2] and again.notices == []
    again.close()


def test_journals_beside_no_database_are_set_aside_and_told_not_read_or_deleted(tmp_path):
    """What an earlier version killed between renaming the damaged file and
    its journals left (it moved the file first), or records.db deleted by
    hand: the journals alone. SQLite deleted the -wal as it made the fresh
    file, and nobody was told the records had gone aside."""
    found = damaged_with_journals(tmp_path)
    aside = tmp_path / "records.corrupt-20261101-120000.db"
    (tmp_path / "records.db").rename(aside)            # what the killed copy did
    store = Store(tmp_path)
    [told] = store.take_notices()
    assert "could not be read" in told and "records.corrupt-" in told
    assert aside.read_bytes() == found["records.db"]
    kept = {path.read_bytes() for path in tmp_path.iterdir()
            if ".corrupt-" in path.name and path != aside}
    assert found["records.db-wal"] in kept and found["records.db-shm"] in kept
    assert not (aside.with_name(aside.name + "-wal")).exists()   # no pair it is not part of
    assert store.history() == [] and store.writable
    store.close()
    again = Store(tmp_path)
    assert again.notices == []
    again.close()


def damaged_records_in_wal_mode(directory: Path) -> bytes:
    """A records.db of this version in WAL mode whose pages past the first
    are garbage: its header is sound, so a copy looking at it without the
    lock (``open_as_found``) opens it read-only and runs quick_check, which
    fails. Its bytes."""
    Store(directory).close()
    path = directory / "records.db"
    data = bytearray(path.read_bytes())
    data[4096:] = b"\xa5" * (len(data) - 4096)
    path.write_bytes(bytes(data))
    return bytes(data)


def stopped_at_last_rename(directory: Path) -> int:
    """A forked copy of the game setting the damaged records aside, stopped
    (SIGSTOP, Ctrl+Z) just before it renames records.db itself, its
    journals already moved (they go first): its pid, the copy stopped."""
    close_all_stores()
    pid = os.fork()
    if pid == 0:                                         # pragma: no cover - the child
        try:
            link = os.link

            def stopping_link(source, target, *args, **kwargs):
                if ".corrupt-" in os.fspath(target) and Path(source).name == "records.db":
                    os.kill(os.getpid(), signal.SIGSTOP)
                return link(source, target, *args, **kwargs)
            os.link = stopping_link
            Store(directory).close()
            os._exit(0)
        finally:
            os._exit(1)
    _, status = os.waitpid(pid, os.WUNTRACED)
    assert os.WIFSTOPPED(status)
    return pid


def test_a_copy_starting_while_another_is_stopped_between_its_renames_moves_nothing(
        tmp_path, monkeypatch):
    """Journals first: the copy stopped between its renames holds the lock
    with the damaged records.db still in place and its journals already
    aside. The copy starting meanwhile, without the lock, neither opens the
    damaged file nor takes anything for lone journals; its game waits for
    the lock and goes into the fresh records the stopped copy makes once
    continued, and it tells nothing of what that copy set aside."""
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_S", 5.0)
    found = damaged_records_in_wal_mode(tmp_path)
    (tmp_path / "records.db-wal").write_bytes(b"the damaged file's journal " * 100)
    journal = (tmp_path / "records.db-wal").read_bytes()
    pid = stopped_at_last_rename(tmp_path)
    try:
        assert not (tmp_path / "records.db-wal").exists()       # moved first
        store = Store(tmp_path)
        assert not store.persistent
        store.record_game(game(seed=2))
        assert not store.flush(timeout=0.2)
        assert (tmp_path / "records.db").read_bytes() == found
        assert [p.name for p in tmp_path.iterdir() if ".corrupt-" in p.name
                and not p.name.endswith(("-wal", "-shm"))] == []
        assert store.notices == []
    finally:
        os.kill(pid, signal.SIGCONT)
    assert exit_code(pid) == 0
    assert polled(lambda: store.flush(timeout=1.0))
    store.close()
    assert store.notices == [] and store.unsaved is None
    kept = {p.read_bytes() for p in tmp_path.iterdir() if ".corrupt-" in p.name}
    assert found in kept and journal in kept
    again = Store(tmp_path)
    assert [g.seed for g in again.history()] == [2] and again.notices == []
    again.close()


@pytest.mark.parametrize("journal", ["sound", "garbage"])
def test_damaged_records_with_a_sound_header_go_aside_byte_for_byte_with_their_journal(
        tmp_path, journal):
    """The copy's own look at the damaged file (quick_check) went through a
    connection that could write: closing it, SQLite folded a sound -wal
    into the damaged file and deleted it, or deleted one whose header it
    could not read, before anything was renamed. The file went aside
    changed, the journal never did."""
    found = damaged_records_in_wal_mode(tmp_path)
    if journal == "sound":
        (tmp_path / "other").mkdir()
        wal = damaged_with_journals(tmp_path / "other")["records.db-wal"]
    else:
        wal = b"the damaged file's journal " * 100
    set_aside_with_journal(tmp_path, found, wal)


def test_the_journals_of_records_another_copy_has_open_are_never_taken_for_lone_ones(tmp_path):
    """A copy playing on holds records.db open, its -wal and -shm beside it
    (the game just recorded is in the -wal alone): a copy starting now takes
    nothing aside and sees that game."""
    playing = Store(tmp_path)
    playing.record_game(game(seed=2))
    assert playing.flush()
    with closing(sqlite3.connect(tmp_path / "records.db")) as holder:
        holder.execute("PRAGMA wal_autocheckpoint = 0")
        holder.execute("SELECT count(*) FROM sqlite_master").fetchone()
        assert (tmp_path / "records.db-wal").stat().st_size > 0
        starting = Store(tmp_path)
        assert [g.seed for g in starting.history()] == [2] and starting.notices == []
        assert [p.name for p in tmp_path.iterdir() if ".corrupt-" in p.name] == []
        starting.close()
    playing.close()
