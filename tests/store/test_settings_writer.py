"""The settings' writer thread: whatever a write meets, the thread lives on,
the failure is told, and a flush (quitting) always returns; a setting
changed while the disk is full is written when it recovers, as games are."""

from __future__ import annotations

import dataclasses
import errno
import json
import os
import sqlite3
import threading
from collections.abc import Callable
from contextlib import closing

from game.store import document
from game.store.file_writer import FileWriter

from .helpers import game, linked_settings, open_store, reopen
from .test_unwritable import FullDisk as FullRecords

TIMEOUT = 60.0      # a bound for a shared, busy machine; not a speed test


def returns_in_time(call: Callable[[], object]) -> bool:
    """Whether ``call`` returned within :data:`TIMEOUT` (run on a thread of its
    own, so that a call that hangs fails the test instead of hanging it)."""
    thread = threading.Thread(target=call, daemon=True)
    thread.start()
    thread.join(TIMEOUT)
    return not thread.is_alive()


def test_a_write_that_raises_anything_is_told_and_the_next_text_is_still_written():
    failures: list[Exception] = []
    written: list[str] = []
    saved = threading.Event()

    def write(text: str) -> None:
        if text == "bad":
            raise RuntimeError("a bug in the writing")
        written.append(text)

    writer = FileWriter(write, failures.append, saved.set)
    writer.submit("bad")
    assert returns_in_time(writer.flush)
    assert [str(error) for error in failures] == ["a bug in the writing"]
    writer.submit("good")
    assert saved.wait(TIMEOUT)
    assert written == ["good"]


def test_settings_that_cannot_be_encoded_are_told_and_do_not_hang_quitting(tmp_path):
    store = open_store(tmp_path)
    store.settings.language = "\ud800"       # no UTF-8 file can hold it (the file refuses it)
    store.save_settings()
    assert returns_in_time(store.flush)
    [message] = store.take_notices()
    assert message.startswith("Your settings cannot be saved") and "surrogates not allowed" in message
    assert "this change will be lost" in message           # never tried again
    store.settings.language = "fr"
    store.save_settings()                    # the writer is still there for later changes
    assert returns_in_time(store.close)
    assert reopen(store).settings.language == "fr"


class FullDisk:
    """Every write of a store's JSON files failing like a full disk while
    ``full`` is set."""

    def __init__(self, monkeypatch) -> None:
        self.full = threading.Event()
        self.full.set()
        real = document.write_atomic

        def write_atomic(path, data):
            if self.full.is_set():
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))
            real(path, data)
        monkeypatch.setattr(document, "write_atomic", write_atomic)


def full_disk_writer(full: threading.Event, written: list[str], *,
                     retry_s: float, saved: Callable[[], None] = lambda: None) -> FileWriter:
    def write(text: str) -> None:
        if full.is_set():
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        written.append(text)
    return FileWriter(write, lambda error: None, saved, retry_s=retry_s)


def test_a_text_the_full_disk_refused_is_tried_again_unasked():
    full, written, saved = threading.Event(), [], threading.Event()
    full.set()
    writer = full_disk_writer(full, written, retry_s=0.01, saved=saved.set)
    writer.submit("marks on")
    assert not writer.flush()
    full.clear()
    assert saved.wait(TIMEOUT)                       # no flush: the writer retried by itself
    assert written == ["marks on"]


def test_a_newer_text_replaces_the_one_the_full_disk_refused():
    full, written = threading.Event(), []
    full.set()
    writer = full_disk_writer(full, written, retry_s=TIMEOUT)   # retried only when asked
    writer.submit("old")
    assert not writer.flush()
    writer.submit("new")
    assert not writer.flush()
    full.clear()
    assert writer.flush()
    assert written == ["new"]


def marks_set_on_a_full_disk(tmp_path, monkeypatch):
    """A store whose setting (marks on) the full disk refused: the store and the disk."""
    store = open_store(tmp_path)
    disk = FullDisk(monkeypatch)
    store.settings.marks = True
    store.save_settings()
    assert not store.flush()
    return store, disk


def test_a_setting_changed_while_the_disk_is_full_is_saved_when_it_recovers(tmp_path,
                                                                            monkeypatch):
    store, disk = marks_set_on_a_full_disk(tmp_path, monkeypatch)
    [message] = store.take_notices()
    assert message.startswith("Your settings cannot be saved") and "No space left" in message
    assert not store.writable
    disk.full.clear()
    assert store.flush() and store.writable
    assert reopen(store).settings.marks is True


def test_closing_writes_a_setting_the_full_disk_refused_once_it_recovered(tmp_path,
                                                                          monkeypatch):
    store, disk = marks_set_on_a_full_disk(tmp_path, monkeypatch)
    disk.full.clear()
    assert reopen(store).settings.marks is True      # closing tried it again


def test_closing_with_the_disk_still_full_keeps_the_old_settings_and_does_not_hang(
        tmp_path, monkeypatch):
    store = open_store(tmp_path)
    store.settings.sound = False
    store.save_settings()
    store = reopen(store)
    FullDisk(monkeypatch)
    store.settings.marks = True
    store.save_settings()
    assert returns_in_time(store.close)
    assert store.take_notices()
    saved = json.loads((tmp_path / "settings.json").read_text("utf-8"))["settings"]
    assert saved["sound"] is False and saved["marks"] is False


def settings_with_a_bad_field(directory) -> None:
    """The player's settings (Expert, a name, French) with one field bad, a
    zoom of 99, as a hand edit leaves them."""
    (directory / "settings.json").write_text(json.dumps(
        {"schema": 1, "settings": {"level": "expert", "player_name": "Ann", "language": "fr",
                                   "scale": 99}}), "utf-8")


def test_settings_salvaged_on_a_full_disk_that_stays_full_are_not_lost(tmp_path, monkeypatch):
    """The bad field set the file aside (a rename, which a full disk allows)
    and the salvaged settings could not be written in its place: the copy
    closed with no settings.json at all, and the next start had every
    setting at its default, without a word (the notice had said only the
    zoom was reset). The file is put back, to be salvaged at the next start."""
    settings_with_a_bad_field(tmp_path)
    disk = FullDisk(monkeypatch)
    store = open_store(tmp_path)
    assert (store.settings.level, store.settings.player_name) == ("expert", "Ann")
    assert returns_in_time(store.close)
    disk.full.clear()
    again = open_store(tmp_path)
    assert (again.settings.level, again.settings.player_name, again.settings.language) \
        == ("expert", "Ann", "fr")
    [message] = again.take_notices()                 # told again: this time it is so
    assert "Zoom" in message and "settings.corrupt-20261122-153000.json" in message
    kept = json.loads((tmp_path / "settings.corrupt-20261122-153000.json").read_text("utf-8"))
    assert kept["settings"]["scale"] == 99
    again.close()
    assert [path.name for path in tmp_path.glob("settings.corrupt-*")] \
        == ["settings.corrupt-20261122-153000.json"]


def test_settings_salvaged_on_a_full_disk_are_written_when_it_recovers(tmp_path, monkeypatch):
    """Room made while the game runs: the file goes aside under the name
    the player was told, the salvaged settings in its place."""
    settings_with_a_bad_field(tmp_path)
    disk = FullDisk(monkeypatch)
    store = open_store(tmp_path)
    assert any("settings.corrupt-20261122-153000.json" in message
               for message in store.take_notices())
    assert not store.flush()
    disk.full.clear()
    assert store.flush()
    kept = json.loads((tmp_path / "settings.corrupt-20261122-153000.json").read_text("utf-8"))
    assert kept["settings"]["scale"] == 99
    saved = json.loads((tmp_path / "settings.json").read_text("utf-8"))["settings"]
    assert (saved["level"], saved["scale"]) == ("expert", 0)
    again = reopen(store)
    assert again.notices == [] and again.settings.player_name == "Ann"
    again.close()


def test_a_setting_changed_while_the_full_disk_refuses_another_is_saved_with_it(
        tmp_path, monkeypatch):
    """The level chosen while Marks is being written, which the full disk
    then refuses: both are saved when it recovers, not only the newer."""
    store = open_store(tmp_path)
    store.save_settings()                    # settings.json, Marks off
    assert store.flush()
    writing, gate = threading.Event(), threading.Event()
    real = document.write_atomic

    def refused_once(path, data):
        if not gate.is_set():
            writing.set()
            gate.wait(TIMEOUT)
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))
        real(path, data)
    monkeypatch.setattr(document, "write_atomic", refused_once)
    ours = dataclasses.replace(store.settings, marks=True)
    store.save_settings_merged(ours, ["marks"])
    assert writing.wait(TIMEOUT)
    store.save_settings_merged(dataclasses.replace(ours, level="expert"), ["level"])
    gate.set()
    store.flush()                            # the refused attempt (or the next one too)
    assert store.flush()                     # tried again: the disk took it
    saved = reopen(store).settings
    assert (saved.marks, saved.level) == (True, "expert")


def test_settings_changed_while_one_is_written_are_all_saved(tmp_path, monkeypatch):
    """Marks on, then sound off and the level chosen while Marks is being
    written: the two changes waiting behind it are written together, each
    of them."""
    store = open_store(tmp_path)
    writing, gate = threading.Event(), threading.Event()
    real = document.write_atomic

    def held(path, data):
        writing.set()
        gate.wait(TIMEOUT)
        real(path, data)
    monkeypatch.setattr(document, "write_atomic", held)
    ours = dataclasses.replace(store.settings, marks=True)
    store.save_settings_merged(ours, ["marks"])
    assert writing.wait(TIMEOUT)
    store.save_settings_merged(dataclasses.replace(ours, sound=False), ["sound"])
    store.save_settings_merged(dataclasses.replace(ours, level="expert"), ["level"])
    gate.set()
    saved = reopen(store).settings
    assert (saved.marks, saved.sound, saved.level) == (True, False, "expert")


def test_settings_a_link_leads_where_they_cannot_be_written_stop_nothing_else(tmp_path,
                                                                             monkeypatch):
    """settings.json a link into a dotfiles folder that takes no writes (a
    read-only mount, as some dotfiles managers make them). The player was
    told "Records cannot be saved" while every game was saved, and, saving
    taken as stopped for the rest of the session, the game in progress was
    no longer kept (killed mid-game, a lost game saved a streak) and a full
    disk for the records later went unsaid."""
    data = read_only_dotfiles(tmp_path, monkeypatch)
    store = open_store(data)
    store.settings.marks = True
    store.save_settings()
    assert not store.flush()
    [message] = store.take_notices()
    assert message.startswith("Your settings cannot be saved") and "Read-only" in message
    # the file that refused, not the link in a folder that takes writes
    assert f"in '{os.path.realpath(tmp_path / 'dotfiles' / 'settings.json')}' (" in message, \
        message
    store.hold_unfinished(game(result="abandoned"))
    store.flush()
    with closing(sqlite3.connect(data / "records.db")) as db:
        assert db.execute("SELECT count(*) FROM unfinished").fetchone() == (1,)
    FullRecords(monkeypatch)
    store.record_game(game(seed=2))
    assert not store.flush()
    [message] = store.take_notices()
    assert message.startswith("Records cannot be saved") and "disk is full" in message
    store.close()


def read_only_dotfiles(tmp_path, monkeypatch):
    """A data folder whose settings.json links into a dotfiles folder that
    takes no writes; the data folder."""
    dotfiles, data = linked_settings(tmp_path)
    real = document.write_atomic

    def write_atomic(path, text):
        if path.parent == dotfiles:
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))
        real(path, text)
    monkeypatch.setattr(document, "write_atomic", write_atomic)
    return data


def test_settings_refused_elsewhere_are_told_though_the_records_failed_first(tmp_path,
                                                                             monkeypatch):
    """The records refused first (a full disk), then settings.json's link
    into a read-only dotfiles folder: the settings' failure was told only
    while the records were saved, so never, also once the records were
    saved again; every setting changed was lost at closing, unsaid."""
    store = open_store(read_only_dotfiles(tmp_path, monkeypatch))
    records = FullRecords(monkeypatch)
    store.record_game(game(seed=2))
    assert not store.flush()
    [message] = store.take_notices()
    assert message.startswith("Records cannot be saved")
    store.settings.marks = True
    store.save_settings()
    assert not store.flush()
    [message] = store.take_notices()
    assert message.startswith("Your settings cannot be saved") and "Read-only" in message
    records.full.clear()
    store.settings.sound = False
    store.save_settings()
    store.flush()
    assert store.take_notices() == []                  # told once
    store.close()


def test_settings_refused_with_the_records_are_told_if_they_stay_refused(tmp_path,
                                                                         monkeypatch):
    """A full disk refuses the records and the settings beside them: the
    records' notice says it. The records saved again while settings.json is
    still refused, that is told, once; it was never told."""
    store = open_store(tmp_path)
    records = FullRecords(monkeypatch)
    store.record_game(game(seed=2))
    assert not store.flush()
    settings = FullDisk(monkeypatch)
    store.settings.marks = True
    store.save_settings()
    assert not store.flush()
    [message] = store.take_notices()
    assert message.startswith("Records cannot be saved")
    records.full.clear()
    store.flush()                                      # the records saved again...
    assert not store.flush()                           # ...and settings.json tried again
    [message] = store.take_notices()
    assert message.startswith("Your settings cannot be saved") and "No space left" in message
    assert not store.flush() and store.take_notices() == []
    settings.full.clear()
    assert store.flush() and store.take_notices() == []
    settings.full.set()                                # refused again: told again
    store.settings.sound = False
    store.save_settings()
    assert not store.flush()
    [message] = store.take_notices()
    assert message.startswith("Your settings cannot be saved")
    settings.full.clear()
    assert reopen(store).settings.marks is True


def test_a_flush_waits_for_a_settings_write_begun_after_it():
    """A write under way as room came back fails for the disk refusing
    before; counted, it ended the flush that quitting makes, and the
    settings were given up though the next write would have saved them (as
    the records' writer did: ``test_small_disk``)."""
    under_way, go, written = threading.Event(), threading.Event(), []
    refusing = [True]

    def write(text: str) -> None:
        if refusing[0]:
            under_way.set()
            go.wait(TIMEOUT)
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        written.append(text)

    writer: FileWriter[str] = FileWriter(write, lambda error: None, lambda: None, retry_s=60)
    writer.submit("marks on")
    assert under_way.wait(TIMEOUT)
    refusing[0] = False                    # room made while that write runs
    threading.Timer(0.2, go.set).start()
    assert writer.close()
    assert written == ["marks on"]


def test_a_flush_with_a_timeout_returns_while_a_write_is_stuck_and_the_write_goes_on():
    """The closing window waits only so long for a write held up (by a slow
    disk, another program): the flush says False in time, and the write is
    still made once it can be."""
    release = threading.Event()
    written: list[str] = []

    def write(text: str) -> None:
        release.wait(TIMEOUT)
        written.append(text)

    writer = FileWriter(write, lambda error: None, lambda: None)
    writer.submit("text")
    flushed: list[bool] = []
    assert returns_in_time(lambda: flushed.append(writer.flush(timeout=0.2)))
    assert flushed == [False] and written == []
    release.set()
    assert returns_in_time(writer.flush) and written == ["text"]
