"""Another program (a database browser with an edit not yet written) holds
records.db for writing while the game runs: the games finished meanwhile
wait for its lock. They waited in memory alone, and a kill (the player, the
session ending, the system out of memory) lost every one, though the player
had been told they were kept. Once the writer has waited past
``writer_thread.WAITING_AFTER_S`` they are kept in the copy's journal
(``spill``), and the next start takes each in once (README, Records)."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from game.store import Store, connection, leftover_steps, spill
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


def killed_playing(directory: Path, seeds: list[int]) -> None:
    """A copy of the game, forked, plays a game for each of ``seeds`` (held
    as it begins, recorded as it ends, as the window does) and is killed
    (SIGKILL) as soon as its journal holds them all."""
    close_all_stores()                   # no writer thread mid-lock in the fork
    pid = os.fork()
    if pid == 0:                                         # pragma: no cover - the child
        try:
            store = Store(directory)
            for seed in seeds:
                store.hold_unfinished(game(seed=seed))
                store.record_game(game(seed=seed))
            while True:
                signal.pause()                           # until killed
        finally:
            os._exit(1)
    try:
        assert polled(lambda: recorded_seeds(directory) >= set(seeds), 20)
    finally:
        os.kill(pid, signal.SIGKILL)
        assert exit_code(pid) == -1                      # died of the signal


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
