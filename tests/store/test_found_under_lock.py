"""Records looked at as found while another copy holds their lock
(``open_as_found``): what a start says and does then, through the store."""

from __future__ import annotations

import os
import sqlite3

import pytest

from game.store import Store, database, schema

from .helpers import game
from .test_records_lock import release, stopped_holder, version_of

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")


def test_a_newer_version_s_records_found_under_another_copy_s_lock_are_told_at_once(
        tmp_path, monkeypatch):
    """A newer version's file is never written, whoever holds the lock: the
    start says so at once and shows what it knows of them, as a start
    without the lock does, rather than queue the session's games for the
    lock and tell the player only once it is free."""
    monkeypatch.setattr(database, "BUSY_TIMEOUT_S", 5.0)
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
