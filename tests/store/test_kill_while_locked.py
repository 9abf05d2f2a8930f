"""Another program (a database browser with an edit not yet written) holds
records.db for writing while the game runs: the games finished meanwhile
wait for its lock. They waited in memory alone, and a kill (the player, the
session ending, the system out of memory) lost every one, though the player
had been told they were kept. As soon as the writer finds the lock held
they are kept in the copy's journal (``spill``), and the next start takes
each in once (README, Records)."""

from __future__ import annotations

import os
import signal
import sqlite3
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

import pytest

from game.store import Store, connection, leftover_steps, spill, writer
from game.store.store import close_all_stores

from .helpers import exit_code, files_in, game, polled
from .test_prompt_close import another_program

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")


def journaled(directory: Path) -> list[leftover_steps.Step]:
    """The steps in the journals of ``directory``, as the next start reads them."""
    steps: list[leftover_steps.Step] = []
    for owner in spill.owners(directory):
        found = spill.read(spill.path(directory, owner))
        steps += [step for _, step in (found[0] if found else [])]
    return steps


def recorded_seeds(directory: Path) -> set[int | None]:
    return {step.game.seed for step in journaled(directory)
            if isinstance(step, leftover_steps.Recorded)}


def play(seeds: list[int]) -> Callable[[Store], None]:
    """A game for each of ``seeds``, held as it begins and recorded as it
    ends, as the window does."""
    def played(store: Store) -> None:
        for seed in seeds:
            store.hold_unfinished(game(seed=seed))
            store.record_game(game(seed=seed))
    return played


def killed_playing(directory: Path, seeds: list[int],
                   played: Callable[[Store], None] | None = None, *,
                   prepare: Callable[[], None] = lambda: None, seconds: float = 20,
                   kept: Callable[[], bool] | None = None) -> None:
    """A copy of the game, forked, plays a game for each of ``seeds`` (or
    as ``played`` plays them) once ``prepare`` has run in it, and is killed
    (SIGKILL) as soon as its journal holds them all (or ``kept`` is
    true), within ``seconds``."""
    close_all_stores()                   # no writer thread mid-lock in the fork
    pid = os.fork()
    if pid == 0:                                         # pragma: no cover - the child
        try:
            prepare()
            store = Store(directory)
            (played or play(seeds))(store)
            while True:
                signal.pause()                           # until killed
        finally:
            os._exit(1)
    try:
        assert polled(kept or (lambda: recorded_seeds(directory) >= set(seeds)), seconds)
    finally:
        os.kill(pid, signal.SIGKILL)
        assert exit_code(pid) == -1                      # died of the signal


def no_time_passes() -> None:
    """In a forked copy: its writer's clock stands still, and each slice of
    its wait for a lock lasts 10 s. What the copy keeps in its journal
    then is kept as the first try finds the lock held, or as a game is
    queued: never once some time has passed waiting (0.1 s, which a kill
    within lost the games queued), nor as a slice ends."""
    writer.time = SimpleNamespace(monotonic=lambda: 0.0)    # type: ignore[assignment]
    writer.SLICE_MS = 10_000                                 # type: ignore[misc]


def test_games_finished_while_another_program_holds_the_records_survive_a_kill(
        tmp_path, monkeypatch):
    """The program's write transaction (records.db in WAL mode) lets the
    copy start and read, and holds up its writes only. (One that holds
    records.db in rollback mode holds up the start itself, which then
    keeps every game in the journal from the first: ``test_start_wait``.)"""
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_S", 20.0)
    first = Store(tmp_path)
    first.record_game(game(seed=1))
    first.close()
    pid, let_go = another_program(tmp_path, "immediate")
    try:
        killed_playing(tmp_path, [2, 3])                 # within the writer's first wait
    finally:
        os.close(let_go)
        assert exit_code(pid) == 0
    again = Store(tmp_path)
    assert [g.seed for g in again.history()] == [3, 2, 1] and again.notices == []
    assert again.statistics("beginner").played == 3      # none abandoned as well
    again.close()
    assert not [name for name in files_in(tmp_path) if name.startswith("unfinished-")]


def test_a_game_is_kept_as_soon_as_the_writer_finds_the_lock_held(tmp_path, monkeypatch):
    """A kill within the writer's first tenth of a second of waiting for
    the program (the copy's clock stands still here) lost the game: only
    then was the queue kept in the journal. It is kept as the first try
    finds the lock held, and a game finished while the writer waits is
    kept as it is queued; the next start has both, once."""
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_S", 20.0)
    Store(tmp_path).close()

    def apart(store: Store) -> None:
        play([2])(store)
        assert polled(lambda: recorded_seeds(tmp_path) == {2}, 5)
        play([3])(store)                                 # the writer waits: kept at once
    pid, let_go = another_program(tmp_path, "immediate")
    try:
        killed_playing(tmp_path, [2, 3], apart, prepare=no_time_passes, seconds=5)
    finally:
        os.close(let_go)
        assert exit_code(pid) == 0
    again = Store(tmp_path)
    assert [g.seed for g in again.history()] == [3, 2] and again.notices == []
    assert again.statistics("beginner").played == 2
    again.close()
    assert not [name for name in files_in(tmp_path) if name.startswith("unfinished-")]


def test_a_game_finished_while_the_writer_waits_to_try_again_is_kept_at_once(
        tmp_path, monkeypatch):
    """The writer's first attempt failed (told: "cannot be saved"); until
    its next, two seconds later, it waits for nothing and keeps nothing:
    a game finished then goes to the journal as it is queued."""
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_S", 0.3)
    Store(tmp_path).close()
    pid, let_go = another_program(tmp_path, "immediate")
    try:
        store = Store(tmp_path)
        store.hold_unfinished(game(seed=2))
        store.record_game(game(seed=2))
        assert polled(lambda: not store.writable)        # the first attempt failed
        assert store._journal is not None
        store.record_game(game(seed=3))
        assert store._journal.flush(timeout=1.0)
        assert recorded_seeds(tmp_path) == {2, 3}
    finally:
        os.close(let_go)
        assert exit_code(pid) == 0
    assert polled(lambda: store.flush(timeout=1.0))
    assert [g.seed for g in store.history()] == [3, 2]
    store.close()
    assert store.unsaved is None
    again = Store(tmp_path)
    assert [g.seed for g in again.history()] == [3, 2] and again.notices == []
    again.close()
    assert not [name for name in files_in(tmp_path) if name.startswith("unfinished-")]


def test_a_writer_that_gets_the_lock_at_once_keeps_no_journal(tmp_path):
    """A commit takes milliseconds: nothing goes to a journal (nor a mark
    to the records' ``imports``) when no program holds the records."""
    store = Store(tmp_path)
    store.hold_unfinished(game(seed=2))
    store.record_game(game(seed=2))
    assert store.flush(timeout=5.0)
    assert store._journal is None and journaled(tmp_path) == []
    store.close()


def put_back_a_backup(directory: Path) -> None:
    """A copy of records.db, in rollback mode as SQLite's backups are made,
    renamed over it while the game runs (a backup put back): the copy's
    writer connects to it anew before its next job."""
    found = sqlite3.connect(directory / "records.db")
    backup = sqlite3.connect(directory / "backup.db")
    found.backup(backup)
    backup.execute("PRAGMA journal_mode = DELETE")
    backup.close()
    found.close()
    os.replace(directory / "backup.db", directory / "records.db")


def test_games_finished_while_the_writer_connects_again_survive_a_kill(tmp_path, monkeypatch):
    """The writer connects anew (records.db put back from a backup, made
    again after being deleted) while another program holds the new file in
    rollback mode: switching it to WAL waits for the program. The games
    queued meanwhile were in memory alone until that wait ran out (the busy
    timeout, 30 s; 20 s here), and a kill lost them: only a transaction
    begun told the store of a lock found held. Each try of the connection's
    steps tells it too, and the next start has both games, once."""
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_S", 20.0)
    close_all_stores()                   # no writer thread mid-lock in the fork
    opened_read, opened_write = os.pipe()
    go_read, go_write = os.pipe()
    pid = os.fork()
    if pid == 0:                                         # pragma: no cover - the child
        try:
            store = Store(tmp_path)
            store.record_game(game(seed=1))
            assert store.flush(timeout=5.0)
            os.write(opened_write, b"x")
            os.read(go_read, 1)                          # the backup put back, and held
            for seed in (2, 3):          # lost: a win's place read would wait for the program
                store.hold_unfinished(game(seed=seed))
                store.record_game(game(seed=seed, result="lost"))
            while True:
                signal.pause()                           # until killed
        finally:
            os._exit(1)
    holder, let_go = None, None
    try:
        assert os.read(opened_read, 1) == b"x"
        put_back_a_backup(tmp_path)
        holder, let_go = another_program(tmp_path, "exclusive")
        os.write(go_write, b"x")
        assert polled(lambda: recorded_seeds(tmp_path) >= {2, 3}, 5)
    finally:
        os.kill(pid, signal.SIGKILL)
        assert exit_code(pid) == -1                      # died of the signal
        if let_go is not None:
            os.close(let_go)
        assert holder is None or exit_code(holder) == 0
    again = Store(tmp_path)
    assert [g.seed for g in again.history()] == [3, 2, 1] and again.notices == []
    assert (again.statistics("beginner").played, again.statistics("beginner").won) == (3, 1)
    again.close()
    assert not [name for name in files_in(tmp_path) if name.startswith("unfinished-")]
