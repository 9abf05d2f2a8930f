"""A game a copy killed left in progress that cannot be read (a byte a
failing disk flipped, a hand edit) is set aside beside the records, never
deleted, and the player told once (README, Records: "A game left
unfinished")."""

from __future__ import annotations

import json
import os
import sqlite3
from contextlib import closing
from dataclasses import asdict
from pathlib import Path

import pytest

from game.store import LevelStats, Store, unfinished
from game.store.store import close_all_stores

from .helpers import Clock, exit_code, game, open_store

OWNER = "d" * 32


def killed_with(directory: Path, text: str, owner: str = OWNER) -> None:
    """Records holding ``text`` as the game ``owner`` (a copy gone, its lock
    free) left in progress."""
    open_store(directory).close()
    with closing(sqlite3.connect(directory / "records.db")) as db, db:
        db.execute("INSERT INTO unfinished (owner, game) VALUES (?, ?)", (owner, text))


def in_progress(directory: Path) -> list[tuple[str, str]]:
    with closing(sqlite3.connect(directory / "records.db")) as db:
        return db.execute("SELECT owner, game FROM unfinished").fetchall()


def kept(**changes: object) -> dict[str, object]:
    """A game in progress as a store keeps it (``unfinished.hold``)."""
    fields = asdict(game(date="2026-11-22T15:00:00"))
    del fields["game_id"]
    return {**fields, **changes}


def damaged_game() -> str:
    """A game in progress as a store keeps it, one byte of its level lost."""
    return json.dumps(kept(level="beg\ufffdnner"))


def test_an_unreadable_game_in_progress_is_set_aside_and_told_once(tmp_path):
    text = damaged_game()
    killed_with(tmp_path, text)
    store = open_store(tmp_path)
    told = store.take_notices()
    assert store.history() == [] and store.statistics("beginner") == LevelStats()
    store.close()
    [aside] = tmp_path.glob("unfinished.corrupt-*.json")
    assert json.loads(aside.read_text()) == [{"owner": OWNER, "game": text}]
    assert len(told) == 1 and aside.name in told[0], told
    assert in_progress(tmp_path) == []
    again = open_store(tmp_path)                   # told once: nothing left to tell
    assert again.take_notices() == []
    again.close()
    assert list(tmp_path.glob("unfinished.corrupt-*")) == [aside]


def test_bytes_that_are_no_utf8_are_kept_as_found(tmp_path):
    open_store(tmp_path).close()
    raw = b'{"level": "beg\xffnner"}'
    with closing(sqlite3.connect(tmp_path / "records.db")) as db, db:
        db.execute("INSERT INTO unfinished (owner, game) VALUES (?, CAST(? AS TEXT))",
                   (OWNER, raw))
    open_store(tmp_path).close()
    [aside] = tmp_path.glob("unfinished.corrupt-*.json")
    [row] = json.loads(aside.read_text())
    assert row["game"].encode("utf-8", "surrogateescape") == raw


def test_a_readable_game_beside_it_is_still_counted_abandoned(tmp_path):
    killed_with(tmp_path, damaged_game())
    sound = kept()
    with closing(sqlite3.connect(tmp_path / "records.db")) as db, db:
        db.execute("INSERT INTO unfinished (owner, game) VALUES (?, ?)",
                   ("e" * 32, json.dumps(sound)))
    store = open_store(tmp_path)
    assert [kept.result for kept in store.history()] == ["abandoned"]
    store.close()
    [aside] = tmp_path.glob("unfinished.corrupt-*.json")
    assert [row["owner"] for row in json.loads(aside.read_text())] == [OWNER]


def test_a_folder_that_refuses_the_copy_keeps_the_row_for_the_next_start(tmp_path, monkeypatch):
    """Where the rows cannot be written aside, they are not taken out of
    the records: the next start tries again."""
    text = damaged_game()
    killed_with(tmp_path, text)

    def refused(*_args, **_kwargs):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(unfinished, "copy_aside", refused)
    store = Store(tmp_path, now=Clock())
    assert store.take_notices() == []
    store.close()
    assert in_progress(tmp_path) == [(OWNER, text)]
    monkeypatch.undo()
    store = open_store(tmp_path)
    assert len(store.take_notices()) == 1
    store.close()
    assert in_progress(tmp_path) == []
    assert len(list(tmp_path.glob("unfinished.corrupt-*.json"))) == 1


def killed_once_set_aside(directory: Path) -> None:
    """Open the records in a forked copy of the game that dies (os._exit(9),
    nothing committed or shown) just after writing the rows aside, before
    its transaction takes them out of the records."""
    close_all_stores()
    pid = os.fork()
    if pid == 0:                                         # pragma: no cover - the child
        try:
            real = unfinished.copy_aside

            def dying(*args, **kwargs):
                real(*args, **kwargs)
                os._exit(9)
            unfinished.copy_aside = dying
            Store(directory, now=Clock())
        finally:
            os._exit(1)
    assert exit_code(pid) == 9


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_kill_after_the_copy_keeps_one_file_and_tells_once(tmp_path):
    """A copy killed between writing the rows aside and committing their
    removal: the next start (an hour later) finds its file holding these
    very rows, and tells of it rather than keeping a second one."""
    text = damaged_game()
    killed_with(tmp_path, text)
    killed_once_set_aside(tmp_path)
    [aside] = tmp_path.glob("unfinished.corrupt-*.json")
    assert in_progress(tmp_path) == [(OWNER, text)]
    clock = Clock()
    clock.advance(3600)
    store = open_store(tmp_path, clock)
    told = store.take_notices()
    store.close()
    assert list(tmp_path.glob("unfinished.corrupt-*")) == [aside]
    assert len(told) == 1 and aside.name in told[0], told
    assert in_progress(tmp_path) == []


def test_a_commit_that_fails_after_the_copy_tells_nothing_until_one_succeeds(
        tmp_path, monkeypatch):
    """The rows written aside, then the records refusing the transaction
    that takes them out (the disk full at the commit): the player is told
    of the file by the start whose transaction succeeds, once, and no
    second file is made."""
    killed_with(tmp_path, damaged_game())
    real = unfinished.settle

    def then_refused(*args, **kwargs):
        real(*args, **kwargs)
        raise sqlite3.OperationalError("database or disk is full")
    monkeypatch.setattr(unfinished, "settle", then_refused)
    store = open_store(tmp_path)
    assert store.take_notices() == []
    store.close()
    monkeypatch.undo()
    clock = Clock()
    clock.advance(3600)
    store = open_store(tmp_path, clock)
    told = store.take_notices()
    store.close()
    [aside] = tmp_path.glob("unfinished.corrupt-*")
    assert len(told) == 1 and aside.name in told[0], told
    assert in_progress(tmp_path) == []


def test_a_handle_that_is_no_utf8_is_set_aside_as_found(tmp_path):
    """A row kept under a handle whose bytes are no UTF-8 (a failing disk):
    the records read it with U+FFFD in their place, which names no row;
    the copy raised a TypeError at every start (the window never opened)."""
    open_store(tmp_path).close()
    raw_owner, text = b"d" * 16 + b"\xff" + b"d" * 15, damaged_game()
    with closing(sqlite3.connect(tmp_path / "records.db")) as db, db:
        db.execute("INSERT INTO unfinished (owner, game) VALUES (CAST(? AS TEXT), ?)",
                   (raw_owner, text))
    store = open_store(tmp_path)
    told = store.take_notices()
    store.close()
    [aside] = tmp_path.glob("unfinished.corrupt-*.json")
    [row] = json.loads(aside.read_text())
    assert row["owner"].encode("utf-8", "surrogateescape") == raw_owner
    assert row["game"] == text
    assert len(told) == 1 and aside.name in told[0], told
    assert in_progress(tmp_path) == []
