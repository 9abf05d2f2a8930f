"""Another program (not a copy of the game: the sqlite3 shell, after
``PRAGMA journal_mode = DELETE``) holding records.db as the game starts,
reading or with the exclusive lock: the start's switch to WAL waited the
whole busy timeout, 30 s with no window, then went on in memory, its games
lost to a kill. It now waits as long as for another copy
(``opening.START_WAIT_S``) and starts as it does when a copy holds the
records' lock (``Opening._wait_for_records``): the records read into
memory untouched, each game kept on disk in the copy's journal (``spill``)
and written once the program lets go (README, Records)."""

from __future__ import annotations

import os
import sqlite3
import time

import pytest

from game.store import Store, connection, database, leftover_steps, reading, spill

from .helpers import exit_code, files_in, game, holding_the_lock, polled, program_holding, write_history
from .test_kill_while_locked import journaled, killed_playing, recorded_seeds
from .test_prompt_close import another_program
from .test_records_lock import (
    LOCKED,
    counted_once,
    killed_after,
    opened_at_once,
    play_three,
    recorded,
    three_kept,
)

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")

HOLDS = ["reader", "exclusive"]


def games_in_file(directory) -> int:
    """How many games records.db itself holds, read by another connection."""
    db = sqlite3.connect(directory / "records.db")
    try:
        return db.execute("SELECT count(*) FROM games").fetchone()[0]
    finally:
        db.close()


def journal_written(directory) -> bool:
    """Whether the copy's journal (``spill``) holds a line: appended on a
    thread of its own, it is created a moment before its line is written."""
    return any((directory / name).stat().st_size > 0
               for name in files_in(directory) if name.endswith(spill.SUFFIX))


@pytest.mark.parametrize("how", HOLDS)
def test_another_program_holding_the_records_does_not_hold_up_the_start(
        tmp_path, monkeypatch, how):
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_S", 5.0)
    recorded(tmp_path)
    pid, let_go = another_program(tmp_path, how)
    try:
        store = opened_at_once(tmp_path)
        assert not store.persistent and store.notices == []
        assert [g.seed for g in store.history()] == [1]         # read into memory
        store.record_game(game(seed=2, time_ms=20_000))
        assert [g.seed for g in store.history()] == [2, 1]
        assert polled(lambda: journal_written(tmp_path))        # on disk meanwhile
        assert not store.flush(timeout=0.2)                     # waiting for the program
    finally:
        os.close(let_go)
        assert exit_code(pid) == 0
    assert polled(lambda: store.flush(timeout=1.0))
    assert games_in_file(tmp_path) == 2                          # while the copy runs
    store.record_game(game(seed=3))
    store.close()
    assert store.notices == [] and store.unsaved is None
    again = Store(tmp_path)
    assert [g.seed for g in again.history()] == [3, 2, 1] and again.notices == []
    assert again.statistics("beginner").played == 3
    again.close()
    assert not [name for name in files_in(tmp_path) if name.startswith("unfinished-")]


def test_the_player_is_told_once_when_the_program_holds_the_records_past_the_busy_timeout(
        tmp_path, monkeypatch):
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_S", 0.5)
    recorded(tmp_path)
    pid, let_go = another_program(tmp_path, "exclusive")
    try:
        store = Store(tmp_path)
        store.record_game(game(seed=2))
        assert polled(lambda: bool(store.notices))
        store.record_game(game(seed=3))
        assert not store.flush()                                # tried again, failed again
        [told] = store.take_notices()
        assert told.startswith("Records cannot be saved in") and LOCKED in told
        assert store.notices == []
    finally:
        os.close(let_go)
        assert exit_code(pid) == 0
    assert polled(lambda: store.flush(timeout=1.0))
    store.close()
    again = Store(tmp_path)
    assert [g.seed for g in again.history()] == [3, 2, 1] and again.notices == []
    again.close()


@pytest.mark.parametrize("how", HOLDS)
def test_games_played_while_another_program_holds_the_records_survive_a_kill(
        tmp_path, monkeypatch, how):
    """Queued in memory alone, every game played until the program let go
    was lost to a kill; kept in the copy's journal, the next start takes
    each in once."""
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_S", 5.0)
    Store(tmp_path).close()
    pid, let_go = another_program(tmp_path, how)
    try:
        killed_after(tmp_path, play_three, three_kept(tmp_path))
    finally:
        os.close(let_go)
        assert exit_code(pid) == 0
    counted_once(tmp_path)


def held_in_journal(directory, time_ms: int) -> bool:
    """Whether the copy's journal holds the game in progress at ``time_ms``."""
    return any(isinstance(step, leftover_steps.Held) and step.game.time_ms == time_ms
               for step in journaled(directory))


@pytest.mark.parametrize("how", HOLDS)
def test_a_game_in_progress_while_another_program_holds_the_records_counts_after_a_kill(
        tmp_path, monkeypatch, how):
    """The start waited for the program, and a game is being played: it was
    kept nowhere until the program let go (only the records could keep
    it), and a kill meanwhile had it counted nowhere, a loss about to
    happen dodged. Kept in the copy's journal, the next start records it
    as abandoned, as it does a game kept in the records."""
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_S", 5.0)
    recorded(tmp_path)
    pid, let_go = another_program(tmp_path, how)
    try:
        killed_playing(tmp_path, [], lambda store: (
                           store.hold_unfinished(game(seed=2, result="abandoned", time_ms=1_000)),
                           store.hold_unfinished(game(seed=2, result="abandoned", time_ms=4_000))),
                       kept=lambda: held_in_journal(tmp_path, 4_000))
    finally:
        os.close(let_go)
        assert exit_code(pid) == 0
    for _start in range(2):
        again = Store(tmp_path)
        assert [(g.result, g.time_ms) for g in again.history()] == [
            ("abandoned", 4_000), ("won", 30_000)] and again.notices == []
        assert again.statistics("beginner").played == 2
        again.close()
    assert not [name for name in files_in(tmp_path) if name.startswith("unfinished-")]


def test_a_game_in_progress_kept_again_is_not_taken_in_after_its_end(tmp_path, monkeypatch):
    """A game in progress kept again takes the place of the one kept before
    in the writer's queue, though both are in the journal. Once the program
    let go, the writer recorded the game, and a kill then left the journal:
    the next start took the older one in as still in progress, and counted
    the game twice, won and abandoned."""
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_S", 5.0)
    Store(tmp_path).close()
    pid, let_go = another_program(tmp_path, "exclusive")
    let_go_now = [let_go]

    def played(store: Store) -> None:
        store.record_game(game(seed=1))                  # the head: it waits for the program
        store.hold_unfinished(game(seed=2, result="abandoned", time_ms=1_000))
        store.hold_unfinished(game(seed=2, result="abandoned", time_ms=4_000))
        store.record_game(game(seed=2, time_ms=9_000))
        assert polled(lambda: store.flush(timeout=1.0))   # in records.db: the program let go

    def written() -> bool:
        if let_go_now and held_in_journal(tmp_path, 4_000) and recorded_seeds(tmp_path) >= {2}:
            os.close(let_go_now.pop())
        try:
            return not let_go_now and games_in_file(tmp_path) == 2
        except sqlite3.OperationalError:                 # the copy opens them now
            return False
    try:
        killed_playing(tmp_path, [], played, kept=written,
                       prepare=lambda: os.close(let_go))   # the program's to let go, not the copy's
    finally:
        for fd in let_go_now:
            os.close(fd)
        assert exit_code(pid) == 0
    assert recorded_seeds(tmp_path) == {1, 2}               # the journal stayed
    again = Store(tmp_path)
    assert [(g.seed, g.result) for g in again.history()] == [(2, "won"), (1, "won")]
    assert again.statistics("beginner").played == 2 and again.notices == []
    again.close()


@pytest.mark.parametrize("how", HOLDS)
def test_a_copy_holding_the_lock_and_a_program_holding_the_records_do_not_hold_up_the_start(
        tmp_path, monkeypatch, how):
    """Another copy holds the records' lock (stopped as it opened them) and
    another program holds records.db itself: the look at the records as
    found (``database.open_as_found``) waited for the program the whole
    busy timeout at each step, 5 s each here (30 s each for a player),
    with no window. It ends at the start's own deadline, and the start
    goes on as for the copy's lock alone: the games written once both let
    go."""
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_S", 5.0)
    recorded(tmp_path)
    holders = [holding_the_lock(tmp_path, database.LOCK_NAME), another_program(tmp_path, how)]
    try:
        store = opened_at_once(tmp_path)
        assert not store.persistent and store.notices == []
        assert [g.seed for g in store.history()] == [1]
        store.record_game(game(seed=2, time_ms=20_000))
    finally:
        for _, let_go in holders:
            os.close(let_go)
        assert [exit_code(pid) for pid, _ in holders] == [0, 0]
    assert polled(lambda: store.flush(timeout=1.0))
    assert games_in_file(tmp_path) == 2
    store.close()
    assert store.notices == [] and store.unsaved is None


def test_an_earlier_versions_file_to_import_does_not_hold_up_the_start(tmp_path, monkeypatch):
    """history.json still to import, and another program writing records.db
    (a write transaction, WAL mode, which the rest of the opening passes):
    the import waited for it the whole busy timeout (5 s here, 30 s for a
    player) with no window, then the session went on in memory, "Records
    cannot be saved", its games lost to a kill. It ends at the start's
    deadline, the start goes on as for the program's lock met earlier, and
    the file is imported, once, when the program lets go."""
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_S", 5.0)
    recorded(tmp_path)
    write_history(tmp_path, [game(seed=7)])
    pid, let_go = another_program(tmp_path, "immediate")
    try:
        store = opened_at_once(tmp_path)
        assert store.notices == []
        store.record_game(game(seed=2, time_ms=20_000))
        assert (tmp_path / "history.json").exists()            # left for later, not lost
    finally:
        os.close(let_go)
        assert exit_code(pid) == 0
    assert polled(lambda: store.flush(timeout=1.0))
    store.close()
    assert store.notices == [] and store.unsaved is None
    again = Store(tmp_path)
    assert sorted(g.seed for g in again.history()) == [1, 2, 7] and again.notices == []
    again.close()


def test_a_damage_check_cut_short_by_the_deadline_sets_nothing_aside(tmp_path, monkeypatch):
    """Another program in the middle of writing records.db in rollback
    mode (its ``-journal`` there, the exclusive lock held): the look for
    damage through a connection that cannot write (``damaged_as_found``)
    ends at the start's deadline, "locked". A sound file is not taken for
    a damaged one and set aside; the start waits for the program."""
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_S", 5.0)
    recorded(tmp_path)
    pid, let_go = program_holding("writing", tmp_path / "records.db")
    try:
        assert (tmp_path / "records.db-journal").exists()
        store = opened_at_once(tmp_path)
        assert not store.persistent and store.notices == []
        store.record_game(game(seed=2))
    finally:
        os.close(let_go)
        assert exit_code(pid) == 0
    assert polled(lambda: store.flush(timeout=1.0))
    store.close()
    assert not [name for name in files_in(tmp_path) if ".corrupt-" in name]
    assert games_in_file(tmp_path) == 2 and store.notices == []


def test_a_win_read_on_the_window_thread_waits_no_longer_than_a_read_may(tmp_path, monkeypatch):
    """A session begun while a program held records.db in rollback mode
    reads the file once its games are in; the program, holding it again
    with the exclusive lock while this copy has no connection to it, kept
    a win's place from being read: the window waited the busy timeout
    (30 s; 20 s here) as the game ended, then placed the win first among
    nothing. The window's read waits :data:`reading.READ_WAIT_S` at most,
    and the win is written once the program lets go."""
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_S", 20.0)
    recorded(tmp_path)
    pid, let_go = another_program(tmp_path, "exclusive")
    try:
        store = opened_at_once(tmp_path)
        assert not store.persistent
    finally:
        os.close(let_go)
        assert exit_code(pid) == 0
    store.record_game(game(seed=2, result="lost"))
    assert polled(lambda: store.flush(timeout=1.0)) and store.persistent
    later = store._writer._later                                  # type: ignore[union-attr]
    assert polled(lambda: later._thread is None)                 # its connection closed
    pid, let_go = another_program(tmp_path, "exclusive")
    try:
        started = time.monotonic()
        store.record_game(game(seed=3, time_ms=5_000))
        took = time.monotonic() - started
    finally:
        os.close(let_go)
        assert exit_code(pid) == 0
    assert took < reading.READ_WAIT_S + 1.0, took
    assert polled(lambda: store.flush(timeout=1.0))
    store.close()
    again = Store(tmp_path)
    assert [g.seed for g in again.history()] == [3, 2, 1]
    again.close()
