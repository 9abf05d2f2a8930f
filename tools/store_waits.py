"""How long a start and a close wait for another process's locks, the
figures README's Records section gives (POSIX: the holders are forked).

    python tools/store_waits.py start     # another program holds records.db
    python tools/store_waits.py close     # and the settings' lock, at close
    python tools/store_waits.py kill      # a kill just after a game ends, records.db held

``start``: records.db put back in rollback mode by another program (as the
sqlite3 shell after ``PRAGMA journal_mode = DELETE``) holding a read
(``reader``) or the exclusive lock (``exclusive``), or nothing (``none``):
how long ``Store()`` takes, and whether the game played meanwhile reaches
records.db once the program lets go. ``close``: another process holds the
settings' lock and a write transaction on records.db while a settings
change and a game are still to be written: how long ``Store.close()``
takes, and what the next start finds. ``kill``: another program holds a
write transaction on records.db as a forked copy records a game and is
killed (SIGKILL) ``--after`` milliseconds after ``record_game`` returned:
whether the next start has the game. ``--runs`` times each.
"""

from __future__ import annotations

import argparse
import os
import signal
import sqlite3
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.store import GameRecord, Store, interlock, settings_file  # noqa: E402


def game(seed: int) -> GameRecord:
    return GameRecord(level="beginner", width=9, height=9, mines=10, result="won",
                      time_ms=10_000 + seed, bbbv=20, bbbv_per_s=2.0, clicks=30,
                      efficiency=0.66, seed=seed, first_click="opening", assisted=False)


def held(take: Callable[[], object]) -> int:
    """A forked process that runs ``take`` and holds what it took until
    killed: its pid, once it holds it."""
    ready_read, ready_write = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            kept = take()
            os.write(ready_write, b"x")
            while kept is not None:
                signal.pause()
        finally:
            os._exit(0)
    os.close(ready_write)
    assert os.read(ready_read, 1) == b"x"
    os.close(ready_read)
    return pid


def let_go(pid: int) -> None:
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)


def another_program(directory: Path, how: str) -> int:
    """records.db held by another program: a write transaction in WAL mode
    (``immediate``), or in rollback mode a read (``reader``) or the
    exclusive lock (``exclusive``)."""
    def take() -> sqlite3.Connection:
        db = sqlite3.connect(directory / "records.db", isolation_level=None)
        if how != "immediate":
            db.execute("PRAGMA journal_mode = DELETE")
        if how == "reader":
            db.execute("BEGIN")
            db.execute("SELECT count(*) FROM games").fetchone()
        else:
            db.execute(f"BEGIN {how.upper()}")
        return db
    return held(take)


def with_one_game(directory: Path) -> None:
    store = Store(directory)
    store.record_game(game(1))
    store.close()


def games_in_file(directory: Path) -> int:
    db = sqlite3.connect(directory / "records.db")
    try:
        return db.execute("SELECT count(*) FROM games").fetchone()[0]
    finally:
        db.close()


def start(runs: int) -> None:
    for how in ("none", "reader", "exclusive"):
        for _ in range(runs):
            with tempfile.TemporaryDirectory() as folder:
                directory = Path(folder)
                with_one_game(directory)
                pid = None if how == "none" else another_program(directory, how)
                started = time.monotonic()
                store = Store(directory)
                took = time.monotonic() - started
                store.record_game(game(2))
                if pid is not None:
                    let_go(pid)
                written = store.flush(timeout=10.0)
                print(f"start, records.db held ({how}): {took:.3f} s; the game played "
                      f"reaches records.db once let go: {written and games_in_file(directory) == 2}")
                store.close()


def close(runs: int) -> None:
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as folder:
            directory = Path(folder)
            with_one_game(directory)
            lock = directory / settings_file.LOCK_NAME
            holders = [held(partial(interlock.hold, lock)),
                       another_program(directory, "immediate")]
            store = Store(directory)
            store.settings = replace(store.settings, level="expert")
            store.save_settings()
            store.record_game(game(2))
            started = time.monotonic()
            store.close()
            took = time.monotonic() - started
            for pid in holders:
                let_go(pid)
            again = Store(directory)
            print(f"close, both locks held: {took:.3f} s; next start: "
                  f"{again.statistics('beginner').played} games, level {again.settings.level}")
            again.close()


def killed(runs: int, after_ms: float) -> None:
    kept = 0
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as folder:
            directory = Path(folder)
            with_one_game(directory)
            holder = another_program(directory, "immediate")
            recorded_read, recorded_write = os.pipe()
            pid = os.fork()
            if pid == 0:
                try:
                    store = Store(directory)
                    store.hold_unfinished(game(2))
                    store.record_game(game(2))
                    os.write(recorded_write, b"x")
                    while True:
                        signal.pause()
                finally:
                    os._exit(1)
            assert os.read(recorded_read, 1) == b"x"
            time.sleep(after_ms / 1000)
            let_go(pid)
            os.close(recorded_read)
            os.close(recorded_write)
            let_go(holder)
            again = Store(directory)
            kept += len(again.history()) == 2
            again.close()
    print(f"kill {after_ms:g} ms after record_game, records.db held: "
          f"the next start has the game {kept} times in {runs}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("start", "close", "kill"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--after", type=float, default=10.0,
                        help="kill: milliseconds between record_game and the kill")
    arguments = parser.parse_args()
    if arguments.what == "kill":
        killed(arguments.runs, arguments.after)
    else:
        (start if arguments.what == "start" else close)(arguments.runs)


if __name__ == "__main__":
    main()
