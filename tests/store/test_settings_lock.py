"""Two copies of the game saving their settings at the same moment lose
nothing: reading settings.json, merging this copy's changes into it and
writing it is one step no other copy can come into (a lock), taken on the
settings' writer thread, never the window's."""

from __future__ import annotations

import dataclasses
import json
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from game.store import Store, interlock, settings_file, settings_keeping, writer_thread
from game.store.atomic import write_atomic

from .helpers import exit_code, holding_the_lock, linked_settings, open_store, players_at_once

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")

#: Changes each copy makes in quick succession before the last one.
CHANGES = 200
#: A bound for a signal from the other process on a shared, busy machine.
WAIT_S = 60.0
#: The last values each copy sets (none of them set before).
LAST_OF_A = {"sound": True, "marks": True}
LAST_OF_B = {"level": "expert", "scale": 5}


def written_or_not(store: Store, change: int) -> None:
    """After every other change, wait for the writer: each of those is then
    read, merged and written on its own while the other copy does the same
    (queued together, all of a copy's changes were written at once)."""
    if change % 2:
        store.flush()


def saved(directory: Path) -> dict:
    return json.loads((directory / settings_file.NAME).read_text("utf-8"))["settings"]


def test_two_copies_saving_at_once_keep_each_other_s_last_changes(tmp_path):
    """Copy A toggles sound and Marks, copy B changes the level and the
    scale, each many times in quick succession, with the real writer
    thread. Then, both done, the window is made wide: A's last save reads
    settings.json and waits there until B's last save has been tried. Unlocked, B wrote
    its level in between and A then wrote the file as it had read it, B's
    level and scale gone; locked, B waits for A's write and merges into it."""
    fork = multiprocessing.get_context("fork")
    b_went_on, a_read, b_tried = fork.Event(), fork.Event(), fork.Event()

    def copy_a(store: Store) -> int:
        ours = dataclasses.replace(store.settings)
        for n in range(CHANGES):
            ours.sound, ours.marks = n % 2 == 1, n % 3 == 1
            store.save_settings_merged(ours, ("sound", "marks"))
            written_or_not(store, n)
        store.flush()
        if not b_went_on.wait(WAIT_S):      # B's quick changes are all written
            return 3
        read = settings_keeping._read_with_schema

        def read_then_wait(path: Path):
            document = read(path)
            if path.name == settings_file.NAME:
                a_read.set()
                b_tried.wait(WAIT_S)
            return document
        settings_keeping._read_with_schema = read_then_wait
        store.save_settings_merged(dataclasses.replace(ours, **LAST_OF_A), LAST_OF_A)
        store.close()
        return 0 if b_tried.is_set() and store.notices == [] else 2

    def copy_b(store: Store) -> int:
        ours = dataclasses.replace(store.settings)
        for n in range(CHANGES):
            ours.level, ours.scale = ("beginner", "intermediate")[n % 2], 1 + n % 4
            store.save_settings_merged(ours, ("level", "scale"))
            written_or_not(store, n)
        store.flush()
        b_went_on.set()
        if not a_read.wait(WAIT_S):
            return 3
        try_lock = interlock._try_lock

        def tried(fd: int) -> None:
            try:
                try_lock(fd)
            except BlockingIOError:
                b_tried.set()                    # A holds the lock: B waits for it
                raise
        interlock._try_lock = tried
        store.save_settings_merged(dataclasses.replace(ours, **LAST_OF_B), LAST_OF_B)
        store.flush()
        b_tried.set()                            # written: no lock was in the way
        store.close()
        return 0 if store.notices == [] else 2

    codes = players_at_once(tmp_path, 2, lambda store, player: (copy_a, copy_b)[player](store))
    assert codes == [0, 0]
    last = saved(tmp_path)
    assert {name: last[name] for name in (*LAST_OF_A, *LAST_OF_B)} == {**LAST_OF_A, **LAST_OF_B}


def waiting_seen(monkeypatch) -> threading.Event:
    """An event set once a copy finds the settings' lock held and waits."""
    waiting = threading.Event()
    try_lock = interlock._try_lock

    def tried(fd: int) -> None:
        try:
            try_lock(fd)
        except BlockingIOError:
            waiting.set()
            raise
    monkeypatch.setattr(interlock, "_try_lock", tried)
    return waiting


def test_a_save_returns_at_once_while_another_copy_holds_the_lock(tmp_path, monkeypatch):
    """The window's thread only queues a save: with another copy holding
    the lock, it waited for it (seconds: the lock's patience), and no frame
    was drawn meanwhile. The writer thread waits instead, and writes once
    the lock is free."""
    store = open_store(tmp_path)
    waiting = waiting_seen(monkeypatch)
    pid, let_go = holding_the_lock(tmp_path, settings_file.LOCK_NAME)
    try:
        ours = dataclasses.replace(store.settings, marks=True)
        start = time.perf_counter()
        store.save_settings_merged(ours, ["marks"])
        store.save_settings_merged(dataclasses.replace(ours, sound=True), ["sound"])
        took = time.perf_counter() - start
        assert took < settings_keeping.LOCK_WAIT_S / 10, took
        assert waiting.wait(WAIT_S)                      # the writer is at the lock...
        assert not (tmp_path / settings_file.NAME).exists()   # ...and waits there
    finally:
        os.close(let_go)
        assert exit_code(pid) == 0
    assert store.flush()
    assert (saved(tmp_path)["marks"], saved(tmp_path)["sound"]) == (True, True)
    store.close()


def test_the_lock_is_beside_the_records_and_a_linked_settings_json_stays_a_link(tmp_path):
    """settings.json a link into a dotfiles folder: the lock is made in the
    data folder, not in the dotfiles one (a file of the game's in the
    player's repository), and never removed; the link stays a link."""
    dotfiles, data = linked_settings(tmp_path)
    store = open_store(data)
    store.save_settings_merged(dataclasses.replace(store.settings, marks=True), ["marks"])
    store.close()
    assert (data / "settings.json").is_symlink()
    assert sorted(path.name for path in dotfiles.iterdir()) == ["settings.json"]
    assert (data / settings_file.LOCK_NAME).is_file()
    assert (saved(dotfiles)["level"], saved(dotfiles)["marks"]) == ("expert", True)


def stale_saver(directory: Path) -> tuple[int, int]:
    """Another copy caught in the middle of saving its settings: it holds
    the lock and has read settings.json, and is stopped (SIGSTOP, Ctrl+Z)
    before it writes. Continued and let go (the returned pipe end closed),
    it writes what it read with its own change, Marks on, then lets go of
    the lock. Its pid and that pipe end."""
    ready_read, ready_write = os.pipe()
    go_read, go_write = os.pipe()
    pid = os.fork()
    if pid == 0:                                         # pragma: no cover - the child
        code = 1
        try:
            os.close(ready_read)
            os.close(go_write)
            path = directory / settings_file.NAME
            held = interlock.hold(directory / settings_file.LOCK_NAME)
            document = json.loads(path.read_text("utf-8"))
            os.write(ready_write, b"x" if held is not None else b"-")
            os.read(go_read, 1)
            document["settings"]["marks"] = True
            write_atomic(path, json.dumps(document).encode("utf-8"))
            code = 0
        finally:
            os._exit(code)
    os.close(ready_write)
    os.close(go_read)
    assert os.read(ready_read, 1) == b"x"
    os.close(ready_read)
    os.kill(pid, signal.SIGSTOP)
    return pid, go_write


@pytest.mark.parametrize("saves", [1, 2])
def test_a_save_waits_for_a_stopped_copy_s_lock_and_is_not_written_over_when_it_goes_on(
        tmp_path, monkeypatch, saves):
    """Past the lock's patience, the save went ahead unlocked: the stopped
    copy, continued, wrote the file as it had read it before, and the
    level chosen here was lost. The save now waits for the lock, tried
    again later, and merges into what that copy wrote."""
    monkeypatch.setattr(settings_keeping, "LOCK_WAIT_S", 0.05)
    store = open_store(tmp_path)
    store.save_settings()
    assert store.flush()
    pid, let_go = stale_saver(tmp_path)
    try:
        ours = dataclasses.replace(store.settings, level="expert")
        store.save_settings_merged(ours, ["level"])
        for _ in range(saves):                           # attempts past the lock's patience
            assert not store.flush()
        assert saved(tmp_path)["level"] == "beginner"
        assert store.notices == [] and store.writable
    finally:
        os.kill(pid, signal.SIGCONT)
        os.close(let_go)
        assert exit_code(pid) == 0
    assert store.flush()
    assert (saved(tmp_path)["level"], saved(tmp_path)["marks"]) == ("expert", True)
    store.close()
    assert store.notices == []


@contextmanager
def expert_kept_from_the_lock(directory: Path) -> Iterator[Store]:
    """A store whose Expert level is saved while a stopped copy
    (``stale_saver``) holds the settings' lock; that copy killed, never
    continued, once the block is done, and no notice told of it."""
    store = open_store(directory)
    store.save_settings()
    assert store.flush()
    pid, let_go = stale_saver(directory)
    try:
        store.save_settings_merged(dataclasses.replace(store.settings, level="expert"),
                                   ["level"])
        yield store
    finally:
        os.kill(pid, signal.SIGKILL)
        os.close(let_go)
        assert exit_code(pid) == -1
    assert store.notices == []


def test_a_change_still_kept_from_the_lock_when_the_game_closes_is_written_then(
        tmp_path, monkeypatch):
    """The stopped copy never continued: the change is written as the game
    closes, unlocked, rather than lost with it."""
    monkeypatch.setattr(settings_keeping, "LOCK_WAIT_S", 0.05)
    with expert_kept_from_the_lock(tmp_path) as store:
        store.close()
        assert saved(tmp_path)["level"] == "expert"


def test_a_game_closing_while_a_stopped_copy_holds_the_lock_does_not_wait_for_it_again(
        tmp_path, monkeypatch):
    """A save already kept back by the lock through a whole wait: the close
    tried once more, waiting out the lock's patience again before writing
    unlocked, and the game lingered twice as long after its window had
    gone (10 s; a Ctrl+C in the terminal hung there). It writes at once.
    The close's own budget (``writer_thread.CLOSE_TRY_S``, 0.5 s) is made
    longer than the lock's patience here: it cut that second wait short
    too, and the test passed with the second wait back."""
    monkeypatch.setattr(settings_keeping, "LOCK_WAIT_S", 1.5)
    monkeypatch.setattr(writer_thread, "CLOSE_TRY_S", 10.0)
    monkeypatch.setattr(writer_thread, "CLOSE_S", 10.0)
    with expert_kept_from_the_lock(tmp_path) as store:
        assert not store.flush()                         # one wait, the lock still held
        started = time.monotonic()
        store.close()
        took = time.monotonic() - started
        assert took < settings_keeping.LOCK_WAIT_S, took
        assert saved(tmp_path)["level"] == "expert"


@pytest.mark.parametrize("kind", ["folder", "link to a folder"])
def test_a_folder_in_the_place_of_the_settings_lock_is_set_aside_and_the_lock_taken(
        tmp_path, kind, monkeypatch):
    """A folder (or a symbolic link to one) named ``settings.json.lock`` (a
    hand edit, a sync tool) could not be opened as the lock: every copy
    saved unlocked, and two saving at once lost one's changes. It is set
    aside as it is (what it holds, where it leads, untouched), told once,
    and the lock is taken on a file, which then keeps a save back while
    another copy holds it."""
    folder = tmp_path / "elsewhere" if kind != "folder" else tmp_path / "data" / settings_file.LOCK_NAME
    folder.mkdir(parents=True)
    (folder / "note.txt").write_text("mine")
    data = tmp_path / "data"
    data.mkdir(exist_ok=True)
    lock = data / settings_file.LOCK_NAME
    if kind != "folder":
        lock.symlink_to(folder, target_is_directory=True)
    store = open_store(data)
    store.take_notices()
    store.save_settings_merged(dataclasses.replace(store.settings, marks=True), ["marks"])
    assert store.flush()
    [message] = store.take_notices()
    [aside] = [name for name in os.listdir(data) if ".corrupt-" in name]
    assert f"set aside as '{aside}'" in message
    assert (data / aside / "note.txt").read_text() == "mine"
    assert (data / aside).is_symlink() == (kind != "folder")
    assert lock.is_file() and not lock.is_symlink()
    assert saved(data)["marks"] is True
    waiting = waiting_seen(monkeypatch)
    pid, let_go = holding_the_lock(data, settings_file.LOCK_NAME)
    try:                                   # the lock now keeps copies apart
        store.save_settings_merged(dataclasses.replace(store.settings, marks=False), ["marks"])
        assert waiting.wait(WAIT_S)
        assert saved(data)["marks"] is True
    finally:
        os.close(let_go)
        assert exit_code(pid) == 0
    assert store.flush()
    assert saved(data)["marks"] is False and store.take_notices() == []
    store.close()


def test_a_game_closing_during_its_first_wait_for_the_settings_lock_ends_within_a_second(
        tmp_path):
    """The close comes while the save still waits out the lock's 5 s the
    first time (the stopped copy took it a moment before): the close waited
    the rest of it after the window had gone. It waits
    ``writer_thread.CLOSE_S`` at most, then writes unlocked."""
    from game.store import writer_thread

    with expert_kept_from_the_lock(tmp_path) as store:
        started = time.monotonic()
        store.close()
        took = time.monotonic() - started
        assert took < writer_thread.CLOSE_S + 0.5, took
        assert saved(tmp_path)["level"] == "expert"
