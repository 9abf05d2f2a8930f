"""Closing while the records' writer waits to try again (another program
holding records.db open for writing, a disk full) is prompt: the writer's
last try waits no longer than ``writer_thread.CLOSE_TRY_S`` for the lock, and
what it still could not write is kept for the next start (README, Records:
"Nor the window closing"). It waited out the busy timeout, 30 s, after the
window had gone, and once more for an attempt under way."""

from __future__ import annotations

import os
import signal
import sqlite3
import time
from dataclasses import replace
from pathlib import Path

import pytest

from game.store import Store, connection, database, leftover, saving, settings_file, spill, writer_thread

from .helpers import exit_code, game, holding_the_lock, polled, program_holding

#: The busy timeout once the writer has failed once: what a close waited.
PATIENCE_S = 20.0


def held_open(directory: Path) -> sqlite3.Connection:
    """Another program holding the records open for writing."""
    browser = sqlite3.connect(directory / "records.db", isolation_level=None)
    browser.execute("BEGIN IMMEDIATE")
    return browser


def waiting_to_retry(directory: Path, monkeypatch) -> tuple[Store, sqlite3.Connection]:
    """A store whose writer failed once on the lock (told), its busy timeout
    then the game's own scale: the next attempt waits that long."""
    Store(directory).close()
    browser = held_open(directory)
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_S", 0.2)
    store = Store(directory)
    store.record_game(game(seed=2))
    assert polled(lambda: not store.writable)         # the first attempt failed
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_S", PATIENCE_S)
    return store, browser


def closed_in(store: Store, browser: sqlite3.Connection) -> float:
    """How long ``store`` took to close, the other program letting go of
    the records once it has."""
    try:
        started = time.monotonic()
        store.close()
        return time.monotonic() - started
    finally:
        browser.execute("ROLLBACK")
        browser.close()


def test_a_close_while_the_writer_waits_for_the_lock_is_prompt_and_keeps_the_game(
        tmp_path, monkeypatch):
    store, browser = waiting_to_retry(tmp_path, monkeypatch)
    took = closed_in(store, browser)
    assert took < writer_thread.CLOSE_TRY_S + 1.0, took
    assert spill.path(tmp_path, store._owner).stat().st_size > 0    # kept as the close began
    assert not leftover.path(tmp_path, store._owner).exists()
    assert "will be added to your records at the next start" in (store.unsaved or "")
    again = Store(tmp_path)
    assert [g.seed for g in again.history()] == [2]
    again.close()


def test_a_close_during_an_attempt_under_way_cuts_its_wait_short(tmp_path, monkeypatch):
    """The window's last flush began an attempt (the busy timeout long);
    the close that follows does not wait it out."""
    store, browser = waiting_to_retry(tmp_path, monkeypatch)
    assert not store.flush(timeout=0.3)               # an attempt is under way now
    took = closed_in(store, browser)
    assert took < writer_thread.CLOSE_TRY_S + 1.0, took
    again = Store(tmp_path)
    assert [g.seed for g in again.history()] == [2]
    again.close()


def test_a_lock_let_go_during_the_last_try_saves_the_game(tmp_path, monkeypatch):
    store, browser = waiting_to_retry(tmp_path, monkeypatch)
    browser.execute("ROLLBACK")
    browser.close()
    store.close()
    assert store.unsaved is None
    assert not leftover.path(tmp_path, store._owner).exists()
    again = Store(tmp_path)
    assert [g.seed for g in again.history()] == [2]
    again.close()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_close_while_a_stopped_copy_holds_the_records_lock_is_prompt(tmp_path, monkeypatch):
    """The records not yet made, a copy stopped as it opened them holds
    ``records.db.lock``: the writer's last try at opening them, begun at
    the close, waits for that lock no longer than an attempt under way."""
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_S", 0.2)
    pid, let_go = holding_the_lock(tmp_path, database.LOCK_NAME)
    os.kill(pid, signal.SIGSTOP)
    try:
        store = Store(tmp_path)
        store.record_game(game(seed=2))
        assert polled(lambda: any(str(notice).count("locked") for notice in store.notices))
        monkeypatch.setattr(connection, "BUSY_TIMEOUT_S", PATIENCE_S)
        started = time.monotonic()
        store.close()
        took = time.monotonic() - started
        assert spill.path(tmp_path, store._owner).stat().st_size > 0
    finally:
        os.kill(pid, signal.SIGKILL)
        os.close(let_go)
        assert exit_code(pid) == -1
    assert took < writer_thread.CLOSE_TRY_S + 1.0, took
    again = Store(tmp_path)
    assert [g.seed for g in again.history()] == [2]
    again.close()


def test_a_close_begun_during_the_first_attempt_cuts_the_next_one_short(
        tmp_path, monkeypatch):
    """The close comes while the writer's first attempt still waits for the
    lock (nothing failed yet, so its wait is not cut): once that attempt
    has failed, the close's last try waits half a second at most, as after
    a failure seen before the close. It waited the busy timeout again: two
    in all after the window had gone."""
    from game.store.opening import Opening

    Store(tmp_path).close()
    browser = held_open(tmp_path)
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_S", 1.0)
    real = Opening._connect_writer

    def first_patient_then_slow(self: Opening, **until) -> sqlite3.Connection:
        db = real(self, **until)                               # the first attempt's, 1 s
        monkeypatch.setattr(connection, "BUSY_TIMEOUT_S", PATIENCE_S)
        return db
    monkeypatch.setattr(Opening, "_connect_writer", first_patient_then_slow)
    store = Store(tmp_path)
    store.record_game(game(seed=2))
    assert not store.flush(timeout=0.3)               # the first attempt is under way
    took = closed_in(store, browser)
    assert took < 1.0 + 0.5 + writer_thread.CLOSE_TRY_S + 1.0, took
    again = Store(tmp_path)
    assert [g.seed for g in again.history()] == [2]
    again.close()


def another_program(directory: Path, how: str) -> tuple[int, int]:
    """A program holding records.db (``helpers.program_holding``'s ``how``):
    its pid and the pipe end whose closing lets it go."""
    return program_holding(how, directory / "records.db")


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
@pytest.mark.parametrize("how", ["immediate", "exclusive", "reader"])
def test_a_close_during_the_first_attempt_ends_within_a_second(tmp_path, monkeypatch, how):
    """Another program holds records.db as a game ends, and the player
    closes at once: the writer's first attempt (connecting, switching the
    file back to WAL, or beginning) is under way. The close waits for it
    :data:`writer_thread.CLOSE_S` at most, then keeps the game for the next
    start, which takes it in once. It waited that attempt out, the busy
    timeout: 30 s in WAL mode, a minute in rollback mode (20 s and 40 s
    here), after the window had gone."""
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_S", PATIENCE_S)
    first = Store(tmp_path)
    first.record_game(game(seed=1))
    first.close()
    pid, let_go = another_program(tmp_path, how)
    try:
        store = Store(tmp_path)
        store.record_game(game(seed=2))
        assert not store.flush(timeout=0.3)           # the first attempt is under way
        started = time.monotonic()
        store.close()
        took = time.monotonic() - started
    finally:
        os.close(let_go)
        assert exit_code(pid) == 0
    assert took < writer_thread.CLOSE_S + 0.5, took
    assert "will be added to your records at the next start" in (store.unsaved or "")
    again = Store(tmp_path)
    assert sorted(g.seed for g in again.history()) == [1, 2]
    again.close()
    assert not [p for p in tmp_path.iterdir() if p.suffix in (".games", ".waiting")]


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_the_settings_and_the_records_share_one_close_budget(tmp_path, monkeypatch):
    """Another process holds both the settings' lock and records.db as the
    game closes, a settings change and a game still to write: the close
    waits :data:`writer_thread.CLOSE_S` in all, both writers at once. The
    settings' wait began only as their writer closed, after what the close
    did first (the queued games kept in the copy's journal: up to
    ``SPILL_AFTER_S``, longer on a slow disk, 0.8 s here to show it), and
    the close lasted that much longer. Nothing is lost: the settings are
    written without the lock, the game kept for the next start."""
    monkeypatch.setattr(saving, "SPILL_AFTER_S", 0.8)
    first = Store(tmp_path)
    first.record_game(game(seed=1))
    first.close()
    holders = [holding_the_lock(tmp_path, settings_file.LOCK_NAME),
               another_program(tmp_path, "immediate")]
    try:
        store = Store(tmp_path)
        store.settings = replace(store.settings, level="expert")
        store.save_settings()
        store.record_game(game(seed=2))
        started = time.monotonic()
        store.close()
        took = time.monotonic() - started
    finally:
        for _, let_go in holders:          # the second holder has the first's end too
            os.close(let_go)
        assert [exit_code(pid) for pid, _ in holders] == [0, 0]
    assert took < writer_thread.CLOSE_S + 0.5, took
    assert "will be added to your records at the next start" in (store.unsaved or "")
    again = Store(tmp_path)
    assert sorted(g.seed for g in again.history()) == [1, 2]
    assert again.settings.level == "expert"
    again.close()
