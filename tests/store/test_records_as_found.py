"""Records looked at as found, through a connection that cannot write:
while another copy holds their lock (``open_as_found``), and for damage
beside a journal before anything is renamed; what a start says and does
then, through the store."""

from __future__ import annotations

import os
import sqlite3
import struct

import pytest

from game.store import Store, connection, ledger, schema

from .helpers import game, polled, set_aside_with_journal
from .test_records_lock import release, stopped_holder, version_of

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")


def test_a_newer_version_s_records_found_under_another_copy_s_lock_are_told_at_once(
        tmp_path, monkeypatch):
    """A newer version's file is never written, whoever holds the lock: the
    start says so at once and shows what it knows of them, as a start
    without the lock does, rather than queue the session's games for the
    lock and tell the player only once it is free."""
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_S", 5.0)
    before = Store(tmp_path)
    before.record_game(game(seed=1))
    before.close()
    made = sqlite3.connect(tmp_path / "records.db")
    made.execute(f"PRAGMA user_version = {schema.SCHEMA_VERSION + 1}")
    made.commit()
    made.close()
    pid, let_go = stopped_holder(tmp_path)
    try:
        store = Store(tmp_path)
        [told] = store.take_notices()
        assert told.startswith("The file 'records.db' was written by a newer version"), told
        assert [g.seed for g in store.history()] == [1]
    finally:
        release(pid, let_go, "continued")
    store.close()
    assert version_of(tmp_path / "records.db") == schema.SCHEMA_VERSION + 1


def records_with_a_page_never_used(directory) -> bytes:
    """A records.db of this version that SQLite opens and reads, whose
    ``quick_check`` answers with a fault rather than an error (a page
    counted in its header that no table uses): its bytes."""
    Store(directory).close()
    path = directory / "records.db"
    data = bytearray(path.read_bytes())
    page_size = struct.unpack(">H", data[16:18])[0]
    pages = struct.unpack(">I", data[28:32])[0]
    data += bytes(page_size)
    data[28:32] = struct.pack(">I", pages + 1)
    path.write_bytes(bytes(data))
    return bytes(data)


def test_records_quick_check_finds_at_fault_go_aside_as_found_with_their_journal(tmp_path):
    """Damage told by quick_check's answer, not by an error, is damage too
    when a journal lies beside the file: it is seen through a connection
    that cannot write, and the file goes aside byte for byte with its
    journal (a writing connection deleted a journal it could not read)."""
    found = records_with_a_page_never_used(tmp_path)
    set_aside_with_journal(tmp_path, found, b"the damaged file's journal " * 100)


def test_sound_records_beside_an_odd_journal_wait_for_the_lock(tmp_path, monkeypatch):
    """A journal that is not a file (here a link to nothing, which SQLite
    takes for no journal) is set aside by the copy holding the lock: the
    records are not opened without it meanwhile, and the session's games
    wait for it."""
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_S", 5.0)
    before = Store(tmp_path)
    before.record_game(game(seed=1))
    before.close()
    (tmp_path / "records.db-journal").symlink_to(tmp_path / "nowhere")
    pid, let_go = stopped_holder(tmp_path)
    try:
        store = Store(tmp_path)
        assert not store.persistent
        store.record_game(game(seed=2))
        assert not store.flush(timeout=0.2)
        assert (tmp_path / "records.db-journal").is_symlink()
    finally:
        release(pid, let_go, "continued")
    store.close()


def test_a_session_begun_in_memory_reads_its_own_copy_until_the_file_holds_its_games(
        tmp_path, monkeypatch):
    """Records opened once the other copy's lock was free, but the games
    queued meanwhile not yet written there (the disk failing them): the
    session goes on showing its own copy, which holds them, rather than
    the file, which does not."""
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_S", 5.0)
    pid, let_go = stopped_holder(tmp_path)             # no records yet: they wait for it
    try:
        store = Store(tmp_path)
        store.record_game(game(seed=2))

        def disk_error(*args, **kwargs):
            raise sqlite3.OperationalError("disk I/O error")

        monkeypatch.setattr(ledger, "insert_game", disk_error)
    finally:
        release(pid, let_go, "continued")
    assert polled(lambda: store.persistent)
    assert [g.seed for g in store.history()] == [2]
    monkeypatch.undo()
    assert polled(lambda: store.flush(timeout=1.0))
    store.close()
