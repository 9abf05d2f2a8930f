"""A copy killed while it closes loses no game and counts none twice
(README, Records: "Nor the window closing"). The close waits up to
``writer_thread.CLOSE_S`` for another program's lock on records.db; a
game still queued then was in memory alone, and a kill meanwhile (the
player's, the session ending) lost it. It is now appended to the copy's
journal (``spill``) before that wait, and taken in exactly once: by the
writer, once the lock is free, or by the next start."""

from __future__ import annotations

import os
import signal
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from game.store import Store, connection, spill, writer_thread
from game.store.writer import BackgroundWriter

from .helpers import exit_code, game
from .test_prompt_close import another_program

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")


def held_open(directory: Path) -> sqlite3.Connection:
    """Another program holding the records open for writing."""
    browser = sqlite3.connect(directory / "records.db", isolation_level=None)
    browser.execute("BEGIN IMMEDIATE")
    return browser


def closing_copy(directory: Path, also: Callable[[int], None] = lambda told: None
                 ) -> tuple[int, int, sqlite3.Connection]:
    """A copy of the game (forked) that records a game and closes, the
    records held by another program (returned, with the copy's pid and a
    pipe's end): the copy says so on the pipe as its writer's close begins,
    the wait for the lock with it. ``also`` patches more of it, given the
    pipe's end. The other program opens the records once the copy is
    forked: a child sees the locks of the connections it inherits as its
    own, and never sees them let go."""
    told_read, told_write = os.pipe()
    go_read, go_write = os.pipe()
    pid = os.fork()
    if pid == 0:                                       # pragma: no cover - the child
        try:
            os.close(told_read)
            os.close(go_write)
            os.read(go_read, 1)
            connection.BUSY_TIMEOUT_S = 60.0
            writer_thread.CLOSE_S = 60.0               # the kill comes first, whenever it is
            real = BackgroundWriter.close

            def close(self: BackgroundWriter) -> bool:
                os.write(told_write, b"w")
                return real(self)
            BackgroundWriter.close = close             # type: ignore[method-assign]
            also(told_write)
            store = Store(directory)
            store.record_game(game(seed=2))
            store.close()
        finally:
            os._exit(0)
    os.close(told_write)
    os.close(go_read)
    browser = held_open(directory)
    os.close(go_write)
    return pid, told_read, browser


def killed(pid: int) -> None:
    os.kill(pid, signal.SIGKILL)
    assert exit_code(pid) == -1


def seeds(directory: Path) -> list[int | None]:
    again = Store(directory)
    try:
        return sorted(g.seed for g in again.history())
    finally:
        again.close()


def test_a_copy_killed_during_the_close_wait_keeps_its_game(tmp_path):
    Store(tmp_path).close()
    pid, told, browser = closing_copy(tmp_path)
    try:
        assert os.read(told, 1) == b"w"                # the close waits for the lock now
        killed(pid)
    finally:
        os.close(told)
        browser.execute("ROLLBACK")
        browser.close()
    assert seeds(tmp_path) == [2]
    assert not list(tmp_path.glob(f"*{spill.SUFFIX}"))     # taken in, the journal gone


def test_a_copy_killed_after_its_commit_but_before_removing_its_journal_counts_once(tmp_path):
    """The lock let go during the close's wait: the writer commits the
    game, then the copy dies before it removes its journal. The next start
    finds the game's mark taken in with it, and adds it no second time."""
    def stuck_at_forget(told_write: int) -> None:
        def forget(self: spill.Journal) -> None:
            os.write(told_write, b"f")
            os.read(os.pipe()[0], 1)                   # for ever: the kill comes
        spill.Journal.forget = forget                  # type: ignore[method-assign]

    Store(tmp_path).close()
    pid, told, browser = closing_copy(tmp_path, stuck_at_forget)
    try:
        assert os.read(told, 1) == b"w"
        browser.execute("ROLLBACK")                   # the writer commits now
        browser.close()
        assert os.read(told, 1) == b"f"
        assert spill.path(tmp_path, spill.owners(tmp_path)[0]).stat().st_size > 0
        killed(pid)
    finally:
        os.close(told)
    assert seeds(tmp_path) == [2]
    assert not list(tmp_path.glob(f"*{spill.SUFFIX}"))


def test_a_copy_that_started_without_its_records_keeps_its_game_killed_as_it_closes(tmp_path):
    """Another program held records.db in rollback mode as the copy started:
    the start gave up waiting, the copy played on its records in memory,
    its games queued for the file. Killed during the close's wait, it
    keeps them all the same."""
    first = Store(tmp_path)
    first.record_game(game(seed=1))
    first.close()
    pid_other, let_go = another_program(tmp_path, "reader")
    told_read, told_write = os.pipe()
    pid = os.fork()
    if pid == 0:                                       # pragma: no cover - the child
        try:
            os.close(told_read)
            connection.BUSY_TIMEOUT_S = 0.2            # the start gives up at once
            store = Store(tmp_path)
            assert not store.persistent
            store.record_game(game(seed=2))
            connection.BUSY_TIMEOUT_S = 60.0
            writer_thread.CLOSE_S = 60.0
            real = BackgroundWriter.close

            def close(self: BackgroundWriter) -> bool:
                os.write(told_write, b"w")
                return real(self)
            BackgroundWriter.close = close             # type: ignore[method-assign]
            store.close()
        finally:
            os._exit(0)
    os.close(told_write)
    try:
        assert os.read(told_read, 1) == b"w"
        killed(pid)
    finally:
        os.close(told_read)
        os.close(let_go)
        assert exit_code(pid_other) == 0
    assert seeds(tmp_path) == [1, 2]
