"""Records on a disk with little room: the ``-wal`` journal must not take it.

SQLite folds its journal into records.db only at 1000 pages (4 MB) unless
told otherwise; on a disk or a quota with less room than that, the journal
grew into all of it and no game was saved again (see
``connection.CHECKPOINT_PAGES`` and ``room``). The quota is
the file size limit (RLIMIT_FSIZE, which Python turns into an error rather
than a signal), set in a process of its own; a nearly full disk is the room
``room.free_bytes`` reports, less what the records' files take.
"""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from game import i18n
from game.store import Store, connection, leftover, room
from game.store.writer import BackgroundWriter, Outcome

from .helpers import FullDisk, disk_full, game, open_store

#: A small disk's room (the 300 KB tmpfs the records were lost on).
SMALL_DISK = 300 * 1024

#: A replay about the size of a beginner game's.
REPLAY = '{"moves": "' + "r" * 2_000 + '"}'


def test_the_journal_stays_small_however_many_games_are_won(tmp_path):
    store = open_store(tmp_path)
    for seed in range(60):
        store.record_game(game(seed=seed, time_ms=10_000 + seed), replay=REPLAY)
    assert store.flush()
    journal = (tmp_path / "records.db-wal").stat().st_size
    store.close()
    # ten pages or so a win: 60 of them kept 2.4 MB in the journal. A
    # checkpoint that comes while a read holds the journal's frames cannot
    # start it afresh, so it grows by another checkpoint's worth meanwhile
    # (up to 64 pages seen in 120 runs beside another job; over 48 failed
    # this test now and then): three checkpoints' worth, far below 600.
    assert journal <= (3 * connection.CHECKPOINT_PAGES + 16) * 4096


def disk_of(monkeypatch: pytest.MonkeyPatch, folder: Path, size: int) -> Path:
    """``folder`` on a disk of ``size`` bytes as the store sees its free
    room: ``size`` less what the files in ``folder`` take, journals included;
    the path of the records' ``-wal`` journal."""
    def free(place: Path) -> int:
        return size - sum(path.stat().st_size for path in folder.iterdir() if path.is_file())
    monkeypatch.setattr(room, "free_bytes", free)
    return folder / "records.db-wal"


def journal_sizes_as_two_copies_win(folder: Path, journal: Path, wins: int) -> list[int]:
    """Two stores on ``folder`` winning in turn, each win flushed: the size
    of the journal after each."""
    copies = [open_store(folder), open_store(folder)]
    sizes = []
    for n in range(wins):
        copy = copies[n % 2]
        copy.record_game(game(seed=n, time_ms=10_000 + n), replay=REPLAY)
        assert copy.flush()
        sizes.append(journal.stat().st_size if journal.exists() else 0)
    for copy in copies:
        copy.close()
    return sizes


def test_two_copies_on_a_nearly_full_disk_empty_the_journal_after_every_game(
        tmp_path, monkeypatch):
    """On a 300 KB disk the journal and its index took the last of the room
    after three wins, before SQLite's checkpoint came: records.db could no
    longer grow to take the journal's pages, and no game was saved again,
    although they fitted (two copies recording 20 wins each there kept 6)."""
    journal = disk_of(monkeypatch, tmp_path, SMALL_DISK)
    sizes = journal_sizes_as_two_copies_win(tmp_path, journal, 12)
    assert sizes == [0] * 12
    store = open_store(tmp_path)
    assert store.count_games() == 12
    store.close()


def test_a_roomy_disk_leaves_the_journal_to_sqlite(tmp_path, monkeypatch):
    """Folding the journal costs an fsync of records.db: it is done after
    every game only where the disk is short of room."""
    journal = disk_of(monkeypatch, tmp_path, 100 * room.CRAMPED_BYTES)
    assert all(journal_sizes_as_two_copies_win(tmp_path, journal, 4))


CHILD = textwrap.dedent("""
    import resource, sys
    from game.store import Store, GameRecord
    store = Store(sys.argv[1])
    def won(seed):
        return GameRecord(level="beginner", width=9, height=9, mines=10, result="won",
                          time_ms=5_000 + seed, bbbv=10, bbbv_per_s=2.0, clicks=12,
                          efficiency=0.8, seed=seed, first_click="opening", assisted=False)
    store.record_game(won(0))
    assert store.flush()
    resource.setrlimit(resource.RLIMIT_FSIZE, (int(sys.argv[2]), resource.RLIM_INFINITY))
    for seed in range(1, 40):
        store.record_game(won(seed))
        store.flush()
    print(store.count_games(), len(store.take_notices()))
    store.close()
""")


@pytest.mark.skipif(sys.platform == "win32", reason="no file size limit on Windows")
def test_a_quota_smaller_than_the_journal_would_grow_loses_no_game(tmp_path):
    # 80 KB: more than the records need, less than 32 pages of journal
    done = subprocess.run([sys.executable, "-c", CHILD, str(tmp_path), "80000"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["40", "0"]          # every game, and nothing to tell


def test_a_full_disk_is_told_at_once_while_another_program_reads_the_records(tmp_path):
    """Emptying the journal after a full disk must not wait for a reader:
    another copy of the game, or a database browser, reading the records
    held the checkpoint for the whole busy timeout (30 s), the player not
    told that saving had stopped, and the game hanging that long as it
    closed."""
    connection.connect(tmp_path / "records.db").close()
    failed = threading.Event()
    writer = BackgroundWriter(lambda: connection.connect(tmp_path / "records.db"),
                              Outcome(lambda error: failed.set(), lambda: None), retry_s=60)
    writer.submit(lambda db: db.execute("CREATE TABLE t (x)"))
    assert writer.flush()
    other = sqlite3.connect(tmp_path / "records.db", isolation_level=None)
    other.execute("BEGIN")
    other.execute("SELECT * FROM t").fetchall()      # a read of the journal, held

    def full(db: sqlite3.Connection) -> None:
        raise disk_full()

    started = time.monotonic()
    writer.submit(full)
    try:
        assert failed.wait(10)
        assert time.monotonic() - started < 5
    finally:
        other.close()
        writer.close()


def two_copies_winning(folder: Path, wins: int) -> list[Store]:
    """Two copies of the game on ``folder``, each having won ``wins`` games
    (its game in progress kept as it played, as the window does)."""
    copies = [open_store(folder), open_store(folder)]
    for n in range(wins):
        for player, copy in enumerate(copies):
            won = game(seed=player * 1000 + n, time_ms=10_000 + player * 1000 + n)
            copy.hold_unfinished(won)
            copy.record_game(won, replay=REPLAY)
    return copies


def test_no_win_is_lost_when_room_comes_back_while_two_copies_run(tmp_path, monkeypatch):
    disk = FullDisk(monkeypatch)
    copies = two_copies_winning(tmp_path, 4)
    assert not any(copy.flush() for copy in copies)
    disk.room()
    assert all(copy.flush() for copy in copies)
    for copy in copies:
        copy.close()
        assert copy.unsaved is None
    store = open_store(tmp_path)
    assert sorted(g.seed for g in store.history()) == [0, 1, 2, 3, 1000, 1001, 1002, 1003]
    assert store.statistics("beginner").won == 8
    store.close()


def test_copies_closed_on_a_still_full_disk_say_how_many_results_are_lost(
        tmp_path, monkeypatch):
    """Nothing can be written until room comes back: a copy closed before
    that, with no room even for its file of results left unsaved
    (``leftover``), loses the games it still holds. Its window was told
    when saving stopped; as it closes, it says how many (the command line
    prints it, the window being gone)."""
    FullDisk(monkeypatch)
    monkeypatch.setattr(leftover, "keep", lambda directory, owner, steps: 0)
    first, second = two_copies_winning(tmp_path, 2)
    second.record_game(game(seed=7, result="lost"))
    first.close()
    second.close()
    assert first.unsaved == (f"2 results could not be saved in '{tmp_path}' (database or disk "
                             f"is full) before the game closed, and are lost.")
    assert second.unsaved is not None and second.unsaved.startswith("3 results could not")
    i18n.set_language("fr")
    assert first.unsaved.startswith("2 résultats n’ont pas pu être enregistrés dans ")
    assert first.unsaved.endswith("avant la fermeture du jeu\u202f: ils sont perdus.")


def test_a_copy_that_saved_everything_says_nothing_as_it_closes(tmp_path, monkeypatch):
    disk = FullDisk(monkeypatch)
    copies = two_copies_winning(tmp_path, 1)
    disk.room()
    for copy in copies:
        copy.close()
        assert copy.unsaved is None


def test_a_flush_waits_for_an_attempt_begun_after_it(tmp_path):
    """An attempt under way as room came back fails for the disk refusing
    before; counted, it ended the flush that closing the store makes, and
    the games were given up though the next attempt would have saved them
    (a copy closed right after room was made, now and then)."""
    path = tmp_path / "records.db"
    connection.connect(path).close()
    under_way, go = threading.Event(), threading.Event()
    refusing = [True]

    def job(db: sqlite3.Connection) -> None:
        if refusing[0]:
            under_way.set()
            go.wait(10)
            error = sqlite3.OperationalError("attempt to write a readonly database")
            error.sqlite_errorcode = sqlite3.SQLITE_READONLY  # type: ignore[attr-defined]
            raise error
        db.execute("CREATE TABLE t (x)")

    writer = BackgroundWriter(lambda: connection.connect(path),
                              Outcome(lambda error: None, lambda: None), retry_s=60)
    writer.submit(job)
    assert under_way.wait(10)
    refusing[0] = False                    # room made while that attempt runs
    threading.Timer(0.2, go.set).start()
    started = time.monotonic()
    assert writer.flush()
    assert time.monotonic() - started < 5
    writer.close()
