"""A copy of the game holding the records' lock (``records.db.lock``: one
suspended with Ctrl+Z, or stopped with SIGSTOP, as it opened them) no longer
holds up another copy's start: that one waited for it, the busy timeout,
30 s with no window at all. Sound records of this version it opens at once
without the lock (nothing in them is to be renamed or migrated), and saves
its games as usual. Any other (none yet, damaged, older) it starts on what
the records hold, queues its games, and writes them as soon as the lock is
free; told once if the wait lasts past the busy timeout; a quit meanwhile
keeps its games for the next start."""

from __future__ import annotations

import os
import signal
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from game import i18n
from game.store import Store, connection, database, leftover, leftover_steps, schema, spill
from game.store.store import close_all_stores

from .helpers import exit_code, files_in, game, holding_the_lock, polled
from .test_kill_while_locked import journaled

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")

LOCKED = "(database is locked)"


def stopped_holder(directory):
    """Another process holding the records' lock, then stopped (SIGSTOP) as
    a copy suspended while it opened them is: its pid and the pipe end that
    lets it go once continued."""
    pid, let_go = holding_the_lock(directory, database.LOCK_NAME)
    os.kill(pid, signal.SIGSTOP)
    return pid, let_go


def release(pid: int, let_go: int, how: str) -> None:
    """The stopped holder continued (and done) or killed: the lock is free."""
    if how == "continued":
        os.kill(pid, signal.SIGCONT)
        os.close(let_go)
        assert exit_code(pid) == 0
    else:
        os.kill(pid, signal.SIGKILL)
        os.close(let_go)
        assert exit_code(pid) == -1


def records_files(directory: Path) -> set[str]:
    """:func:`files_in`, but this copy's own (its lock, the room it set
    aside, its journal: ``unfinished-…``)."""
    return {name for name in files_in(directory) if not name.startswith("unfinished-")}


def recorded(directory) -> Store:
    store = Store(directory)
    store.record_game(game(seed=1, time_ms=30_000))
    store.close()
    return store


def opened_at_once(directory: Path) -> Store:
    """The records in ``directory`` opened while a stopped copy holds their
    lock: within the start's short wait, not the lock's whole patience (the
    busy timeout, 5 s in these tests). Bounded by half of that, not by the
    short wait plus a second: the start took up to 0.55 s on a loaded 2-core
    machine, too close to 1.25 s for a busy CI machine."""
    assert connection.BUSY_TIMEOUT_S >= 5.0
    started = time.monotonic()
    store = Store(directory)
    took = time.monotonic() - started
    assert took < connection.BUSY_TIMEOUT_S / 2, took
    return store


@pytest.mark.parametrize("how", ["continued", "killed"])
def test_a_copy_holding_the_lock_does_not_hold_up_the_start_of_sound_records(
        tmp_path, monkeypatch, how):
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_S", 5.0)
    recorded(tmp_path)
    pid, let_go = stopped_holder(tmp_path)
    try:
        store = opened_at_once(tmp_path)
        assert store.persistent and store.writable
        assert [g.seed for g in store.history()] == [1]
        assert store.record_game(game(seed=2, time_ms=20_000)) == 1
        assert store.flush(timeout=5.0)                 # in the file, the lock still held
        assert [g.seed for g in store.history()] == [2, 1]
        assert [t.time_ms for t in store.best_times("beginner")] == [20_000, 30_000]
        assert store.notices == []
    finally:
        release(pid, let_go, how)
    store.record_game(game(seed=3))
    store.close()
    assert store.notices == [] and store.unsaved is None
    again = Store(tmp_path)
    assert [g.seed for g in again.history()] == [3, 2, 1] and again.notices == []
    assert again.statistics("beginner").played == 3
    again.close()


@pytest.mark.parametrize("how", ["continued", "killed"])
def test_records_not_yet_made_wait_for_the_lock_and_no_game_is_lost(
        tmp_path, monkeypatch, how):
    """No records.db yet (the copy holding the lock may be making it, or
    setting a damaged one aside): nothing is made beside it until the lock
    is free; the games wait in the queue."""
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_S", 5.0)
    pid, let_go = stopped_holder(tmp_path)
    try:
        store = opened_at_once(tmp_path)
        assert not store.persistent and store.history() == []
        assert store.record_game(game(seed=2, time_ms=20_000)) == 1
        assert [g.seed for g in store.history()] == [2]
        assert not store.flush(timeout=0.2)                     # queued, waiting for the lock
        assert not (tmp_path / "records.db").exists() and store.notices == []
    finally:
        release(pid, let_go, how)
    assert polled(lambda: store.flush(timeout=1.0))
    store.record_game(game(seed=3))                             # after the lock: as usual
    store.close()
    assert store.notices == [] and store.unsaved is None
    again = Store(tmp_path)
    assert [g.seed for g in again.history()] == [3, 2] and again.notices == []
    assert again.statistics("beginner").played == 2
    again.close()


def test_the_player_is_told_once_when_the_lock_is_held_past_the_busy_timeout(
        tmp_path, monkeypatch):
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_S", 0.5)
    pid, let_go = stopped_holder(tmp_path)             # no records yet: they wait for it
    try:
        store = Store(tmp_path)
        store.record_game(game(seed=2))
        assert polled(lambda: bool(store.notices))
        store.record_game(game(seed=3))
        assert not store.flush()                    # another attempt, failed again
        [told] = store.take_notices()
        assert told.startswith("Records cannot be saved in") and LOCKED in told
        assert told.endswith(KEPT["en"])
        assert store.notices == []
    finally:
        release(pid, let_go, "continued")
    assert polled(lambda: store.flush(timeout=1.0))
    assert store.notices == [] and store.writable
    store.close()
    again = Store(tmp_path)
    assert [g.seed for g in again.history()] == [3, 2] and again.notices == []
    again.close()


def test_a_quit_while_waiting_for_the_lock_keeps_the_games_for_the_next_start(
        tmp_path, monkeypatch):
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_S", 0.5)
    pid, let_go = stopped_holder(tmp_path)             # no records yet: they wait for it
    try:
        store = Store(tmp_path)
        store.record_game(game(seed=2))
        store.close()
        assert "will be added to your records at the next start" in store.unsaved
        [journal] = [name for name in files_in(tmp_path) if name.endswith(spill.SUFFIX)]
        assert journal in store.unsaved                 # kept there as it ended (``spill``)
        assert not [name for name in files_in(tmp_path) if name.endswith(leftover.SUFFIX)]
    finally:
        release(pid, let_go, "killed")
    again = Store(tmp_path)
    assert [g.seed for g in again.history()] == [2] and again.notices == []
    again.close()


#: What the notice says of the games still queued when the game closes.
KEPT = {"en": "any still unsaved when it closes are kept for the next start, or lost if the "
              "folder refuses them then.",
        "fr": "ceux qui ne le seront pas encore à sa fermeture seront conservés pour le "
              "prochain lancement, ou perdus si le dossier les refuse alors."}
#: ... and what the command line says as the game closes.
ADDED = {"en": "will be added to your records at the next start.",
         "fr": "sera ajouté à vos scores au prochain lancement."}


@pytest.fixture(params=["en", "fr"])
def language(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def test_the_notice_says_what_becomes_of_games_still_waiting_for_the_lock_at_close(
        tmp_path, monkeypatch, language):
    """It said they would be lost, and a quit kept them for the next start."""
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_S", 0.5)
    pid, let_go = stopped_holder(tmp_path)
    try:
        store = Store(tmp_path)
        store.record_game(game(seed=2))
        assert polled(lambda: bool(store.notices))
        [told] = store.take_notices()
        assert told.endswith(KEPT[language]), told
        store.close()
        assert store.unsaved is not None and store.unsaved.endswith(ADDED[language])
    finally:
        release(pid, let_go, "killed")
    again = Store(tmp_path)
    assert [g.seed for g in again.history()] == [2] and again.notices == []
    again.close()


def test_damage_is_set_aside_once_the_lock_is_free_never_while_another_copy_holds_it(
        tmp_path, monkeypatch):
    """The copy holding the lock may be setting the damaged file aside
    itself: the one waiting reads nothing into its session and renames
    nothing until the lock is free; then it sets the file aside once, says
    so, and its games go into the fresh records."""
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_S", 5.0)
    (tmp_path / "records.db").write_bytes(b"not a database at all " * 10)
    pid, let_go = stopped_holder(tmp_path)
    try:
        store = Store(tmp_path)
        assert store.history() == [] and store.notices == []
        store.record_game(game(seed=2))
        assert not store.flush(timeout=0.2)
        assert records_files(tmp_path) == {"records.db"} and store.notices == []
    finally:
        release(pid, let_go, "continued")
    assert polled(lambda: store.flush(timeout=1.0))
    [told] = store.take_notices()
    assert told.startswith("Your records could not be read: starting afresh.")
    store.close()
    aside = [name for name in files_in(tmp_path) if name.startswith("records.corrupt-")]
    assert len(aside) == 1, files_in(tmp_path)
    again = Store(tmp_path)
    assert [g.seed for g in again.history()] == [2] and again.notices == []
    again.close()


# -- a copy killed while another copy holds the lock -----------------------------------

def killed_after(directory, play, kept: Callable[[], bool] | None = None) -> None:
    """Run ``play(store)`` in a copy of the game forked while the records'
    lock is held, wait for it to say it is done, then kill it (SIGKILL:
    nothing runs after). Its writes are given a few seconds to reach the
    disk, or, given ``kept``, the kill comes as soon as ``kept()`` sees
    them all in the journal: a flush waits out each attempt's busy timeout
    while the lock is held, 5 s of nothing a test."""
    said_read, said_write = os.pipe()
    close_all_stores()                   # no writer thread mid-lock in the fork
    pid = os.fork()
    if pid == 0:                                         # pragma: no cover - the child
        try:
            os.close(said_read)
            store = Store(directory)
            play(store)
            if kept is None:
                store.flush(timeout=5.0)
            os.write(said_write, b"x")
            while True:
                signal.pause()                           # until killed
        finally:
            os._exit(1)
    os.close(said_write)
    try:
        assert os.read(said_read, 1) == b"x"
        assert kept is None or polled(kept)
    finally:
        os.close(said_read)
        os.kill(pid, signal.SIGKILL)
        assert exit_code(pid) == -1


def test_a_game_recorded_while_a_stopped_copy_holds_the_lock_survives_a_kill(
        tmp_path, monkeypatch):
    """Sound records need nothing renamed or migrated: the copy opens them
    at once, unlocked, and each game is committed as it ends. Queued to a
    writer that waited for the lock, every game was lost to a kill (the
    system out of memory, a power cut) for as long as the other copy stayed
    stopped: before the lock became strict, they reached the file after
    the busy timeout."""
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_S", 5.0)
    recorded(tmp_path)
    pid, let_go = stopped_holder(tmp_path)
    try:
        killed_after(tmp_path, lambda store: store.record_game(game(seed=2, time_ms=20_000)))
    finally:
        release(pid, let_go, "continued")
    again = Store(tmp_path)
    assert [g.seed for g in again.history()] == [2, 1] and again.notices == []
    assert [t.time_ms for t in again.best_times("beginner")] == [20_000, 30_000]
    again.close()


def test_a_game_in_progress_while_a_stopped_copy_holds_the_lock_is_counted_after_a_kill(
        tmp_path, monkeypatch):
    """A kill mid-game is counted as the game abandoned, as it is with no
    lock held: a player about to lose keeps no streak by killing the game."""
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_S", 5.0)
    recorded(tmp_path)
    pid, let_go = stopped_holder(tmp_path)
    try:
        killed_after(tmp_path, lambda store: store.hold_unfinished(game(seed=2, result="lost")))
    finally:
        release(pid, let_go, "killed")
    again = Store(tmp_path)
    assert [(g.seed, g.result) for g in again.history()] == [(None, "abandoned"), (1, "won")]
    assert again.statistics("beginner").played == 2
    again.close()


def test_older_records_are_migrated_only_once_the_lock_is_free(tmp_path, monkeypatch):
    """Migrating writes to the records: only the copy holding the lock may
    (it may be migrating them itself). Meanwhile they are shown as found,
    and a win is ranked among them."""
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_S", 5.0)
    db = sqlite3.connect(tmp_path / "records.db")
    db.executescript((Path(__file__).parent / "old_versions" / "records-v2.sql")
                     .read_text("utf-8"))
    db.close()
    pid, let_go = stopped_holder(tmp_path)
    try:
        store = Store(tmp_path)
        assert [(t.name, t.time_ms) for t in store.best_times("beginner")] == [("Zoe", 2549)]
        assert store.record_game(game(seed=2, time_ms=2_000)) == 1
        assert not store.flush(timeout=0.2)
        assert version_of(tmp_path / "records.db") == 2 and store.notices == []
    finally:
        release(pid, let_go, "continued")
    assert polled(lambda: store.flush(timeout=1.0))
    store.close()
    assert version_of(tmp_path / "records.db") == schema.SCHEMA_VERSION
    again = Store(tmp_path)
    assert [t.time_ms for t in again.best_times("beginner")] == [2_000, 2549]
    assert again.count_games() == 4 and again.notices == []
    again.close()


def version_of(path: Path) -> int:
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return int(db.execute("PRAGMA user_version").fetchone()[0])
    finally:
        db.close()


def test_records_a_newer_version_made_while_the_lock_was_held_are_told_as_such(
        tmp_path, monkeypatch):
    """The copy holding the lock, a newer version, made the records: they
    are left to it, said once as at a start ("written by a newer version"),
    never "cannot be saved (database)", tried again every 2 s for the rest
    of the session, and said kept for the next start as the game closed."""
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_S", 5.0)
    pid, let_go = stopped_holder(tmp_path)
    try:
        store = Store(tmp_path)
        store.record_game(game(seed=2))
        newer = Store(tmp_path / "elsewhere")           # the newer copy's records, made
        newer.record_game(game(seed=1))
        newer.close()
        made = sqlite3.connect(tmp_path / "elsewhere" / "records.db")
        made.execute(f"PRAGMA user_version = {schema.SCHEMA_VERSION + 1}")
        made.commit()
        made.close()
        (tmp_path / "elsewhere" / "records.db").rename(tmp_path / "records.db")
    finally:
        release(pid, let_go, "continued")
    assert polled(lambda: bool(store.notices))
    opened = []
    monkeypatch.setattr(database, "open_file", lambda *a, **k: opened.append(1))
    assert not store.flush(timeout=5.0)                  # another attempt, refused at once
    assert opened == []
    [told] = store.take_notices()
    assert told.startswith("The file 'records.db' was written by a newer version"), told
    store.close()
    assert store.unsaved is None and store.notices == []
    assert version_of(tmp_path / "records.db") == schema.SCHEMA_VERSION + 1
    assert not [name for name in files_in(tmp_path) if name.endswith(leftover.SUFFIX)]


def test_once_the_records_are_open_the_session_shows_them_as_they_are(tmp_path, monkeypatch):
    """Until the lock was free, the session showed its own copy of the
    records; once they were open it went on doing so to its end: another
    copy's games never appeared in its history, nor its best times, and a
    win was told first (its name asked) behind another copy's faster one."""
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_S", 5.0)
    pid, let_go = stopped_holder(tmp_path)             # no records yet: they wait for it
    try:
        store = Store(tmp_path)
        assert store.record_game(game(seed=2, time_ms=20_000)) == 1
    finally:
        release(pid, let_go, "continued")
    assert polled(lambda: store.flush(timeout=1.0))
    other = Store(tmp_path)
    other.record_game(game(seed=3, time_ms=5_000))
    other.close()
    assert [g.seed for g in store.history()] == [3, 2]
    assert store.count_games() == 2 and store.statistics("beginner").played == 2
    assert [t.time_ms for t in store.best_times("beginner")] == [5_000, 20_000]
    assert store.record_game(game(seed=4, time_ms=10_000)) == 2
    assert [t.time_ms for t in store.best_times("beginner")] == [5_000, 10_000, 20_000]
    store.close()
    again = Store(tmp_path)
    assert [g.seed for g in again.history()] == [4, 3, 2] and again.notices == []
    again.close()


def test_records_set_aside_halfway_by_the_stopped_copy_are_left_to_it(tmp_path, monkeypatch):
    """Stopped between renaming a damaged records.db aside and renaming its
    journal: no records.db, the damaged file's journal still there. The copy
    starting makes none beside that journal (it would be read into the fresh
    file, or renamed away from under it); once the lock is free, the records
    are made afresh and the journal is the stopped copy's to have moved."""
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_S", 5.0)
    journal = b"a damaged file's journal " * 200
    (tmp_path / "records.db-wal").write_bytes(journal)
    pid, let_go = stopped_holder(tmp_path)
    try:
        store = Store(tmp_path)
        store.record_game(game(seed=2))
        assert not store.flush(timeout=0.2)
        assert records_files(tmp_path) == set() and store.notices == []
        assert (tmp_path / "records.db-wal").read_bytes() == journal
        (tmp_path / "records.db-wal").rename(tmp_path / "records.corrupt-x.db-wal")  # it goes on
    finally:
        release(pid, let_go, "continued")
    assert polled(lambda: store.flush(timeout=1.0))
    store.close()
    assert (tmp_path / "records.corrupt-x.db-wal").read_bytes() == journal
    again = Store(tmp_path)
    assert [g.seed for g in again.history()] == [2] and again.notices == []
    again.close()


def test_a_read_once_the_records_are_open_does_not_wait_out_another_program_s_lock(
        tmp_path, monkeypatch):
    """Read on the window's thread (the session began on a copy in memory,
    whose reads never waited), a read after the switch to the file waited
    for every game queued: with another program holding the records open
    for writing, the busy timeout, twice, with the window not answering."""
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_S", 5.0)
    pid, let_go = stopped_holder(tmp_path)             # no records yet: they wait for it
    try:
        store = Store(tmp_path)
        store.record_game(game(seed=2))
    finally:
        release(pid, let_go, "continued")
    assert polled(lambda: store.flush(timeout=1.0))
    assert [g.seed for g in store.history()] == [2]     # the file, from now on
    browser = sqlite3.connect(tmp_path / "records.db", isolation_level=None)
    browser.execute("BEGIN IMMEDIATE")                  # changes not yet written
    try:
        store.record_game(game(seed=3))
        started = time.monotonic()
        assert [g.seed for g in store.history()] == [2]
        assert time.monotonic() - started < 3.0
    finally:
        browser.execute("ROLLBACK")
        browser.close()
    assert polled(lambda: store.flush(timeout=1.0))
    assert [g.seed for g in store.history()] == [3, 2]
    store.close()


def test_two_copies_waiting_for_the_lock_set_damage_aside_once_and_keep_every_game(
        tmp_path, monkeypatch):
    """Both open the records in turn once it is free: the first sets the
    damaged file aside and says so, the second finds the fresh one sound;
    each game is counted once."""
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_S", 5.0)
    (tmp_path / "records.db").write_bytes(b"not a database at all " * 10)
    pid, let_go = stopped_holder(tmp_path)
    try:
        first, second = Store(tmp_path), Store(tmp_path)
        first.record_game(game(seed=1))
        second.record_game(game(seed=2))
        first.record_game(game(seed=3))
        assert not first.flush(timeout=0.2) and not second.flush(timeout=0.2)
    finally:
        release(pid, let_go, "killed")
    assert polled(lambda: first.flush(timeout=1.0) and second.flush(timeout=1.0))
    told = first.take_notices() + second.take_notices()
    assert len(told) == 1 and told[0].startswith("Your records could not be read"), told
    first.close()
    second.close()
    assert len([name for name in files_in(tmp_path) if name.startswith("records.corrupt-")]) == 1
    again = Store(tmp_path)
    assert sorted(g.seed for g in again.history()) == [1, 2, 3] and again.notices == []
    assert again.statistics("beginner").played == 3
    again.close()


def lock_taken_on_a_file(directory: Path, store: Store) -> None:
    """The lock set free of what stood in its place now keeps copies apart,
    and a fresh start has nothing more to say."""
    pid, let_go = holding_the_lock(directory, database.LOCK_NAME)
    try:
        with pytest.raises(database.interlock.Busy):
            database.open_file(directory / database.NAME, tell=store._notices,
                               now=lambda: None, wait=0.1)
    finally:
        os.close(let_go)
        assert exit_code(pid) == 0
    again = Store(directory)
    assert again.take_notices() == []
    again.close()


def test_a_folder_in_the_place_of_the_lock_is_set_aside_and_the_lock_taken(tmp_path):
    """A folder named ``records.db.lock`` (a hand edit, a sync tool) could not
    be opened as the lock: every copy opened the records unlocked, and two
    starting together could each set "the damaged file" aside, the second
    one the fresh records the first had just made. It is set aside as it
    is (what it holds too), told once, and the lock is taken on a file."""
    folder = tmp_path / database.LOCK_NAME
    folder.mkdir()
    (folder / "note.txt").write_text("mine")
    store = Store(tmp_path)
    [message] = store.take_notices()
    [aside] = [name for name in os.listdir(tmp_path) if ".corrupt-" in name]
    assert f"set aside as '{aside}'" in message
    assert (tmp_path / aside / "note.txt").read_text() == "mine"
    assert folder.is_file()
    store.close()
    lock_taken_on_a_file(tmp_path, store)


# -- games finished while the records wait, then a kill --------------------------------

def play_three(store: Store) -> None:
    """Three games (a best time named among them) while the records wait."""
    won = game(seed=1, time_ms=20_000)
    store.record_game(won)
    store.name_best_time(won, "Ada")
    store.record_game(game(seed=2, result="lost"))
    store.record_game(game(seed=3, time_ms=25_000))


def three_kept(directory: Path) -> Callable[[], bool]:
    """Whether the journal of ``directory`` holds all :func:`play_three`
    did: its three games and the best time's name."""
    def kept() -> bool:
        steps = journaled(directory)
        return ({step.game.seed for step in steps if isinstance(step, leftover_steps.Recorded)}
                >= {1, 2, 3}
                and any(isinstance(step, leftover_steps.Named) and step.name == "Ada"
                        for step in steps))
    return kept


def counted_once(directory: Path, told: int = 0) -> None:
    """A fresh copy, then another, shows each of :func:`play_three`'s games
    once; the first says ``told`` things (damage set aside)."""
    for start in range(2):
        again = Store(directory)
        assert sorted(g.seed for g in again.history()) == [1, 2, 3], again.history()
        assert again.statistics("beginner").played == 3
        assert [(t.name, t.time_ms) for t in again.best_times("beginner")] == [
            ("Ada", 20_000), ("Anonymous", 25_000)]
        assert len(again.take_notices()) == (told if start == 0 else 0)
        again.close()
    assert not [name for name in files_in(directory) if name.startswith("unfinished-")], \
        files_in(directory)


@pytest.mark.parametrize("records", ["none", "damaged"])
def test_games_finished_while_the_records_wait_survive_a_kill(tmp_path, monkeypatch, records):
    """The records wait for a stopped copy's lock (none yet, or damaged:
    the stopped copy may be setting them aside): each game is kept on disk
    beside them as it ends (``spill``), so a kill of the copy that played
    them, before the lock was free, loses none; a fresh copy takes them in
    once. Queued in memory alone, all were lost."""
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_S", 5.0)
    if records == "damaged":
        (tmp_path / "records.db").write_bytes(b"not a database at all " * 10)
    pid, let_go = stopped_holder(tmp_path)
    try:
        killed_after(tmp_path, play_three, three_kept(tmp_path))
    finally:
        release(pid, let_go, "killed")
    counted_once(tmp_path, told=records == "damaged")


def test_games_written_once_the_lock_is_free_are_not_counted_again_after_a_kill(
        tmp_path, monkeypatch):
    """The copy's own writer commits its games once the lock is free, then
    the copy is killed before it could remove the games it kept beside the
    records: the next start finds each already counted, and counts it once."""
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_S", 5.0)
    pid, let_go = stopped_holder(tmp_path)
    released = False

    def play_then_wait(store: Store) -> None:
        play_three(store)
        store.flush(timeout=0.5)                        # on disk beside the records
        os.kill(pid, signal.SIGKILL)                    # the lock is free
        assert polled(lambda: store.flush(timeout=1.0))  # all three committed
    try:
        killed_after(tmp_path, play_then_wait)
        released = True
    finally:
        os.close(let_go)
        if not released:
            os.kill(pid, signal.SIGKILL)
        assert exit_code(pid) == -1
    counted_once(tmp_path)


def test_a_link_to_a_folder_in_the_place_of_the_lock_is_set_aside_and_the_lock_taken(tmp_path):
    """A symbolic link to a folder named ``records.db.lock`` could not be
    opened as the lock either (nor did the folder's own check see it): it is
    set aside as it is, a link still (the folder it leads to untouched),
    told once, and the lock is taken on a file."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "note.txt").write_text("mine")
    data = tmp_path / "data"
    data.mkdir()
    (data / database.LOCK_NAME).symlink_to(elsewhere, target_is_directory=True)
    store = Store(data)
    [message] = store.take_notices()
    [aside] = [name for name in os.listdir(data) if ".corrupt-" in name]
    assert f"set aside as '{aside}'" in message
    assert (data / aside).is_symlink() and (data / aside).resolve() == elsewhere.resolve()
    assert sorted(os.listdir(elsewhere)) == ["note.txt"]
    lock = data / database.LOCK_NAME
    assert lock.is_file() and not lock.is_symlink()
    store.close()
    lock_taken_on_a_file(data, store)


def test_a_journal_is_kept_while_the_writer_still_holds_its_games_as_the_copy_closes(
        tmp_path, monkeypatch):
    """The copy closes while its writer's thread is still at work (past the
    10 s its end is waited for): the games were neither committed nor given
    up, and the journal, which holds them, is kept for the next start,
    which counts each once, whether the thread committed it meanwhile or
    not. Removed as "all in the records", they were lost."""
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_S", 0.5)
    pid, let_go = stopped_holder(tmp_path)
    try:
        store = Store(tmp_path)
        play_three(store)
        assert store._journal.flush(timeout=5.0)
        still_at_work = store._writer
        ended = still_at_work.close
        monkeypatch.setattr(still_at_work, "close", lambda: False)
        store.close()
        journal = spill.path(tmp_path, store._owner)
        assert journal.exists(), files_in(tmp_path)
    finally:
        release(pid, let_go, "killed")
    assert ended()                     # the lock free: the thread commits them, or takes
    counted_once(tmp_path)             # the journal in (its copy gone), each once


def test_a_journal_grows_no_larger_than_is_read(tmp_path, monkeypatch):
    """A journal is read up to ``leftover.MAX_BYTES`` (here shrunk): the
    games past it are kept in memory alone, and a kill loses those, but
    the journal is taken in. Written on, it was refused whole as too large
    and set aside, every game in it with it, told as damage."""
    monkeypatch.setattr(connection, "BUSY_TIMEOUT_S", 5.0)
    monkeypatch.setattr(spill, "MAX_BYTES", 1_000)      # inherited by the fork

    def play(store: Store) -> None:
        for seed in range(1, 6):
            store.record_game(game(seed=seed))
            store._journal.flush(timeout=5.0)
    pid, let_go = stopped_holder(tmp_path)
    try:                            # each game's journal write waited for as it was played
        killed_after(tmp_path, play, lambda: any(
            (tmp_path / name).stat().st_size > 0
            for name in files_in(tmp_path) if name.endswith(spill.SUFFIX)))
    finally:
        release(pid, let_go, "killed")
    again = Store(tmp_path)
    seeds = sorted(g.seed for g in again.history())
    assert 1 <= len(seeds) < 5 and seeds == list(range(1, len(seeds) + 1)), seeds
    assert again.take_notices() == []
    again.close()
    assert not [name for name in files_in(tmp_path) if name.startswith("unfinished-")]


@pytest.mark.parametrize("leads", ["itself", "through a file"])
def test_a_link_no_copy_could_open_as_the_lock_is_set_aside(tmp_path, leads):
    """A link at ``records.db.lock`` in a loop, or through a file, opens as
    nothing: every copy opened the records unlocked, told nothing. It is
    set aside, a link still, told once, and the lock taken on a file."""
    lock = tmp_path / database.LOCK_NAME
    (tmp_path / "a file").write_text("mine")
    lock.symlink_to(lock if leads == "itself" else tmp_path / "a file" / "lock")
    store = Store(tmp_path)
    [message] = store.take_notices()
    [aside] = [name for name in os.listdir(tmp_path) if ".corrupt-" in name]
    assert f"set aside as '{aside}'" in message and (tmp_path / aside).is_symlink()
    assert lock.is_file() and not lock.is_symlink()
    assert (tmp_path / "a file").read_text() == "mine"
    store.close()
    lock_taken_on_a_file(tmp_path, store)
