"""Shared makings of the store tests: a clock that only moves when told, and
games described by what differs from a plain beginner win."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, replace
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from game.engine import LEVELS
from game.store import GameRecord, Store, writer
from game.store.store import close_all_stores

START = datetime(2026, 11, 22, 15, 30, 0)


class Clock:
    """A clock for the store: ``START``, then later only by ``advance``."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float = 1) -> None:
        self.now += timedelta(seconds=seconds)


def game(level: str = "beginner", **changes) -> GameRecord:
    """A game record: a 10-second unassisted beginner win unless told otherwise;
    a preset level brings its own size."""
    size = LEVELS[level] if level in LEVELS else None
    fields = dict(
        level=level, width=size.width if size else 20, height=size.height if size else 12,
        mines=size.mines if size else 30, result="won", time_ms=10_000, bbbv=20,
        bbbv_per_s=2.0, clicks=30, efficiency=0.66, seed=1, first_click="opening",
        assisted=False)
    fields.update(changes)
    return GameRecord(**fields)


def disk_full() -> sqlite3.OperationalError:
    """The error SQLite raises when a write finds no room on the disk."""
    error = sqlite3.OperationalError("database or disk is full")
    error.sqlite_errorcode = sqlite3.SQLITE_FULL  # type: ignore[attr-defined]
    return error


class FullDisk:
    """The records' disk refusing every background write, as a full one
    does, until ``room()`` is made (the filler file deleted)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.full = True
        real = writer.run_in_transaction

        def run(db: sqlite3.Connection, job: writer.Job, **how: Any) -> None:
            if self.full:
                raise disk_full()
            real(db, job, **how)
        monkeypatch.setattr(writer, "run_in_transaction", run)

    def room(self) -> None:
        self.full = False


def open_store(directory: Path, clock: Clock | None = None) -> Store:
    return Store(directory, now=clock or Clock())


def reopen(store: Store, clock: Clock | None = None) -> Store:
    """Close ``store`` (flushing its writes) and open its directory again."""
    store.close()
    return open_store(store.directory, clock)


def files_in(directory: Path) -> set[str]:
    """The names in ``directory``, without the database's own journal and
    lock files, and the settings' own copy and lock (settings.kept.json,
    settings.json.lock)."""
    return {path.name for path in directory.iterdir()
            if not path.name.endswith(("-wal", "-shm", ".db.lock", ".kept.json", ".json.lock"))}


def linked_settings(tmp_path: Path) -> tuple[Path, Path]:
    """A data folder whose settings.json (Expert) is a link into a dotfiles
    folder: the dotfiles folder and the data folder."""
    dotfiles, data = tmp_path / "dotfiles", tmp_path / "data"
    dotfiles.mkdir()
    data.mkdir()
    (dotfiles / "settings.json").write_text(
        json.dumps({"schema": 1, "settings": {"level": "expert"}}), "utf-8")
    (data / "settings.json").symlink_to(dotfiles / "settings.json")
    return dotfiles, data


def old_game(game: GameRecord) -> dict:
    """A game as history.json held it (before styles, shapes and game ids)."""
    fields = asdict(game if game.date else replace(game, date=START.isoformat()))
    for name in ("style", "shape", "game_id"):
        fields.pop(name)
    return fields


def write_history(directory: Path, games: list[GameRecord]) -> None:
    """A history.json as versions before the database wrote it."""
    document = {"schema": 1, "games": [old_game(game) for game in games]}
    (directory / "history.json").write_text(json.dumps(document), "utf-8")


def write_records(directory: Path, best_times: dict, statistics: dict) -> None:
    """A records.json as versions before the database wrote it."""
    document = {"schema": 1, "best_times": best_times, "statistics": statistics}
    (directory / "records.json").write_text(json.dumps(document), "utf-8")


def players_at_once(directory: Path, processes: int,
                    play: Callable[[Store, int], int]) -> list[int]:
    """Fork ``processes`` copies of the game, release them at the same
    instant, and let each open a Store on ``directory`` and run
    ``play(store, player)``, which returns the copy's exit code (1 if it
    raised); returns the exit codes (-1 for a copy that did not exit)."""
    go_read, go_write = os.pipe()
    children = []
    close_all_stores()                   # no writer thread mid-lock in the forks
    for player in range(processes):
        pid = os.fork()
        if pid == 0:
            code = 1
            try:
                os.close(go_write)
                os.read(go_read, 1)                     # all start together
                code = play(Store(directory), player)
            finally:
                os._exit(code)
        children.append(pid)
    os.close(go_read)
    os.write(go_write, b"x" * processes)
    os.close(go_write)
    return [exit_code(pid) for pid in children]


def exit_code(pid: int, seconds: float = 120) -> int:
    """The forked child's exit code, or -1 if it died of a signal or did not
    end within ``seconds`` (it is then killed): a child stuck on a lock
    inherited at the fork fails its test instead of hanging the whole run."""
    deadline = time.monotonic() + seconds
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.WEXITSTATUS(status) if os.WIFEXITED(status) else -1
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            return -1
        time.sleep(0.01)


def holding_the_lock(directory: Path, name: str) -> tuple[int, int]:
    """Another process holding the lock file ``name`` in ``directory`` (as
    a copy of the game does while it opens the records, or saves the
    settings) until the returned pipe end is closed: its pid and that pipe
    end."""
    return program_holding("lock", directory / name)


#: The other program of :func:`program_holding`, run by a fresh interpreter.
_HOLDER = """
import os, sqlite3, sys
held, go, what, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
let_go = None
if what == "lock":
    from game.store import interlock
    if interlock.hold(__import__("pathlib").Path(path)) is not None:
        let_go = lambda: None                                 # let go as it exits
else:
    db = sqlite3.connect(path, isolation_level=None)
    if what != "immediate":
        db.execute("PRAGMA journal_mode = DELETE")
    if what == "reader":
        db.execute("BEGIN")
        db.execute("SELECT count(*) FROM games").fetchone()
    elif what == "writing":
        db.execute("BEGIN EXCLUSIVE")
        db.execute("DELETE FROM games")                       # rolled back: never committed
    else:
        db.execute(f"BEGIN {what.upper()}")
    let_go = lambda: (db.execute("ROLLBACK"), db.close())
os.write(held, b"x" if let_go is not None else b"-")
os.read(go, 1)                                                # until the parent lets go
if let_go is not None:
    let_go()
"""


def program_holding(what: str, path: Path) -> tuple[int, int]:
    """Another program holding ``path`` until the returned pipe end is
    closed, then letting go: its lock (``what`` "lock", as a copy of the
    game holds it), or records.db in WAL mode with a write transaction
    ("immediate"), or put back in rollback mode with the exclusive lock
    ("exclusive"), that lock and a deletion under way ("writing"), or a
    read under way ("reader"). Its pid and that pipe end. A fresh
    interpreter (forked, then run anew at once): a forked child that ran
    Python and SQLite in the test's process could inherit a lock one of its
    store's threads held at the fork, and hang there, and the test with it."""
    held_read, held_write = os.pipe()
    go_read, go_write = os.pipe()
    os.set_inheritable(held_write, True)
    os.set_inheritable(go_read, True)
    pid = os.fork()
    if pid == 0:                                         # pragma: no cover - the child
        try:
            os.execv(sys.executable, [sys.executable, "-c", _HOLDER, str(held_write),
                                      str(go_read), what, str(path)])
        finally:
            os._exit(1)
    os.close(held_write)
    os.close(go_read)
    assert os.read(held_read, 1) == b"x"                 # b"": it failed, and said why
    os.close(held_read)
    return pid, go_write


def polled(condition: Callable[[], bool], seconds: float = 60) -> bool:
    """Whether ``condition`` came true within ``seconds`` (asked every 10 ms):
    a bound for another thread or process on a shared, busy machine."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


def set_aside_with_journal(directory: Path, found: bytes, journal: bytes) -> None:
    """Opening ``directory``, whose records.db (``found``) is damaged with
    ``journal`` beside it as records.db-wal: the player is told once, the
    file goes aside byte for byte with its journal, and a fresh, writable
    record starts."""
    (directory / "records.db-wal").write_bytes(journal)
    store = Store(directory)
    [told] = store.take_notices()
    assert "could not be read" in told
    kept = {p.name: p.read_bytes() for p in directory.iterdir() if ".corrupt-" in p.name}
    [aside] = [name for name in kept if name.endswith(".db")]
    assert kept[aside] == found
    assert kept.get(aside + "-wal") == journal
    assert store.history() == [] and store.writable
    store.close()
