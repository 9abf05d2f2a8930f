"""The temporaries of atomic writes that a copy of the game killed mid-write
left in the data folder: removed at the next start, whatever file they were
for, while another copy's temporary, being written right now, stays and its
write completes; nothing but the game's own temporaries is ever removed."""

from __future__ import annotations

import errno
import os
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import pytest

from game.store import atomic, temporaries, unfinished
from game.store.store import close_all_stores

from .helpers import exit_code, files_in, holding_the_lock, linked_settings, open_store

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")

WHEN = datetime(2026, 11, 22, 15, 30, 0)
DATA = b'[{"owner": "x", "game": "y"}]\n' * 1000
LONG_AGO = time.time() - temporaries.STALE_AFTER_S - 3600


def write_in_a_child(write: Callable[[], object], at_fsync: Callable[[], None]) -> int:
    """Fork a copy of the game that runs ``write``, calling ``at_fsync`` as
    the temporary, written whole, is about to be flushed to the disk; the
    child's pid (it exits 0 once ``write`` returns)."""
    close_all_stores()
    pid = os.fork()
    if pid == 0:                                         # pragma: no cover - the child
        try:
            real_fsync = os.fsync

            def fsync(fd: int) -> None:
                at_fsync()
                real_fsync(fd)
            os.fsync = fsync
            write()
            os._exit(0)
        finally:
            os._exit(1)
    return pid


def temporaries_in(directory: Path) -> list[Path]:
    return sorted(path for path in directory.iterdir() if path.name.endswith(".tmp"))


def age(path: Path) -> None:
    os.utime(path, (LONG_AGO, LONG_AGO))


def killed_writing(directory: Path, write: Callable[[], object]) -> Path:
    """The temporary a child copy killed (os._exit(9)) halfway through
    writing it left, made older than any live write's."""
    def die() -> None:
        os._exit(9)
    pid = write_in_a_child(write, die)
    assert exit_code(pid) == 9
    [left] = temporaries_in(directory)
    age(left)
    return left


@pytest.mark.parametrize("what", ["unfinished aside", "settings aside", "settings", "kept"])
def test_a_temporary_a_killed_copy_left_is_removed_at_the_next_start(tmp_path, what):
    """Only the settings' own temporaries were removed: a copy of a damaged
    file set aside (unfinished.corrupt-…json, settings.corrupt-…json) that
    a kill cut short left its temporary in the data folder for ever."""
    writes = {
        "unfinished aside": lambda: atomic.copy_aside(tmp_path / unfinished.UNREADABLE, DATA,
                                                      "corrupt", WHEN),
        "settings aside": lambda: atomic.copy_aside(tmp_path / "settings.json", DATA,
                                                    "corrupt", WHEN),
        "settings": lambda: atomic.write_atomic(tmp_path / "settings.json", DATA),
        "kept": lambda: atomic.write_atomic(tmp_path / "settings.kept.json", DATA),
    }
    left = killed_writing(tmp_path, writes[what])
    assert left.name.startswith(".") and left.stat().st_size > 0
    open_store(tmp_path).close()
    assert temporaries_in(tmp_path) == []


def test_a_live_copys_temporary_stays_and_its_write_completes(tmp_path):
    """A copy stopped (Ctrl+Z) in the middle of its write, for longer than
    any write takes: another copy's start leaves its temporary, and the
    write goes through once it is continued."""
    to_child, from_parent = os.pipe()
    from_child, to_parent = os.pipe()

    def wait_for_the_parent() -> None:
        if not os.path.exists(target.with_name("unfinished.corrupt-20261122-153000.json")):
            os.write(to_parent, b"w")
            os.read(to_child, 1)
    target = tmp_path / "unfinished.json"
    pid = write_in_a_child(lambda: atomic.copy_aside(target, DATA, "corrupt", WHEN),
                           wait_for_the_parent)
    try:
        assert os.read(from_child, 1) == b"w"
        [writing] = temporaries_in(tmp_path)
        age(writing)
        open_store(tmp_path).close()
        assert temporaries_in(tmp_path) == [writing]
    finally:
        os.write(from_parent, b"g")              # never left waiting
        done = exit_code(pid)
        for fd in (to_child, from_parent, from_child, to_parent):
            os.close(fd)
    assert done == 0
    assert (tmp_path / "unfinished.corrupt-20261122-153000.json").read_bytes() == DATA
    assert temporaries_in(tmp_path) == []


def test_a_temporary_removed_before_its_writer_locked_it_is_made_again(tmp_path, monkeypatch):
    """A start's clean-up that took a temporary's lock between its making
    and its writer's locking (a writer stopped there) removes it: the
    writer, finding its name no longer its file, makes another, and the
    write goes through rather than failing at the rename."""
    real_lock = temporaries._lock
    cleaned: list[str] = []

    def clean_up_first(fd: int) -> None:
        made = [path for path in temporaries_in(tmp_path) if path.name not in cleaned]
        if made and not cleaned:
            cleaned.append(made[0].name)
            age(made[0])
            temporaries.remove_stale(tmp_path, lambda name: name == "settings.json")
        real_lock(fd)
    monkeypatch.setattr(temporaries, "_lock", clean_up_first)
    atomic.write_atomic(tmp_path / "settings.json", b"{}")
    assert cleaned and (tmp_path / "settings.json").read_bytes() == b"{}"
    assert files_in(tmp_path) == {"settings.json"}


def test_only_the_games_own_temporaries_are_removed(tmp_path):
    """Names like a temporary's but of no file the game writes atomically
    there (records.db is SQLite's, unfinished.json is only ever copied
    aside), of no temporary's shape, or no regular file, are the player's
    or another program's: left, however old."""
    aside = tmp_path / "elsewhere.txt"
    aside.write_text("the player's")
    kept = [".notes.txt.0123abcd.tmp", ".records.db.0123abcd.tmp", ".unfinished.json.0123abcd.tmp",
            ".settings.json.notes.tmp", ".settings.json.0123ABCD.tmp", "settings.json.0123abcd.tmp",
            ".settings.json.0123abcd.tmp.bak", ".settings.corrupt-2026.json.0123abcd.tmp"]
    for name in kept:
        (tmp_path / name).write_text("x")
    (tmp_path / ".settings.json.89abcdef.tmp").mkdir()
    (tmp_path / ".settings.kept.json.89abcdef.tmp").symlink_to(aside)
    os.mkfifo(tmp_path / ".settings.json.fedcba98.tmp")
    ours = [".settings.json.0123abcd.tmp", ".settings.kept.json.0123abcd.tmp",
            ".write-test.0123abcd.tmp", ".settings.corrupt-20261122-153000-2.json.0123abcd.tmp",
            ".unfinished.corrupt-20261122-153000.json.0123abcd.tmp"]
    for name in ours:
        (tmp_path / name).write_text("partial")
    for path in tmp_path.iterdir():
        os.utime(path, (LONG_AGO, LONG_AGO), follow_symlinks=False)
    open_store(tmp_path).close()
    left = {path.name for path in tmp_path.iterdir()}
    assert not left & set(ours)
    assert {*kept, ".settings.json.89abcdef.tmp", ".settings.kept.json.89abcdef.tmp",
            ".settings.json.fedcba98.tmp"} <= left
    assert aside.read_text() == "the player's"


def test_a_recent_temporary_stays_however_unlocked(tmp_path):
    """An older version of the game, running on the same folder, locks no
    temporary: one changed in the last minute may be its write."""
    recent = tmp_path / ".settings.json.0123abcd.tmp"
    recent.write_text("partial")
    open_store(tmp_path).close()
    assert recent.exists()


def test_a_temporary_beside_the_file_the_settings_lead_to_is_removed(tmp_path):
    """settings.json a link into a dotfiles folder is written there: a kill
    left its temporary in that folder, where only it is removed."""
    dotfiles, data = linked_settings(tmp_path)
    left = killed_writing(dotfiles, lambda: atomic.write_atomic(dotfiles / "settings.json", DATA))
    other = dotfiles / ".bashrc.0123abcd.tmp"
    other.write_text("x")
    age(other)
    open_store(data).close()
    assert not left.exists() and other.exists()


def nfs_flock(monkeypatch: pytest.MonkeyPatch) -> None:
    """``flock`` as an NFS client takes it (flock(2)): a lock on the whole
    file, which a file open only for reading cannot have."""
    real = temporaries.fcntl.flock

    def flock(fd: int, operation: int) -> None:
        if os.O_ACCMODE & temporaries.fcntl.fcntl(fd, temporaries.fcntl.F_GETFL) == os.O_RDONLY:
            raise OSError(errno.EBADF, os.strerror(errno.EBADF))
        real(fd, operation)
    monkeypatch.setattr(temporaries.fcntl, "flock", flock)


def test_a_killed_copys_temporary_on_nfs_is_removed_and_a_live_ones_stays(tmp_path, monkeypatch):
    """On an NFS home folder the clean-up, opening a temporary only to read
    it, could never lock it: a killed copy's temporaries stayed for ever."""
    nfs_flock(monkeypatch)
    dead = tmp_path / ".settings.json.0123abcd.tmp"
    dead.write_bytes(DATA)
    age(dead)
    fd, live = temporaries.create(tmp_path / "settings.json")   # held, as by a live copy
    try:
        age(Path(live))
        temporaries.remove_stale(tmp_path, "settings.json".__eq__)
        assert temporaries_in(tmp_path) == [Path(live)]
    finally:
        os.close(fd)


def test_a_read_only_temporary_a_killed_copy_left_is_removed(tmp_path, monkeypatch):
    """One it cannot open for writing (left read-only: its write copied a
    read-only file's permissions) is locked open for reading."""
    dead = tmp_path / ".settings.json.0123abcd.tmp"
    dead.write_bytes(DATA)
    age(dead)
    real_open = os.open

    def refused(path: object, flags: int, *args: object) -> int:
        if str(path) == str(dead) and flags & os.O_ACCMODE != os.O_RDONLY:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
        return real_open(path, flags, *args)
    monkeypatch.setattr(os, "open", refused)
    temporaries.remove_stale(tmp_path, "settings.json".__eq__)
    assert temporaries_in(tmp_path) == []


def test_an_earlier_versions_write_test_left_is_removed_at_start(tmp_path):
    """The start's probe was ``tempfile.mkstemp``'s ``.write-test.XXXXXXXX.tmp``
    (letters, digits, underscores), which a copy killed between making and
    removing it left: the probe's new pattern (eight hex digits) took only
    some for ours, and the others stayed for ever. Removed now under the
    same rules: a regular file of exactly that shape, unchanged a minute."""
    old = [".write-test.k_9zq2xw.tmp", ".write-test.abcdefgh.tmp", ".write-test.________.tmp"]
    kept = [".write-test.k_9zq2x.tmp", ".write-test.k_9zq2xwy.tmp", ".write-test.K_9ZQ2XW.tmp",
            "write-test.k_9zq2xw.tmp", ".write-test.k_9zq2xw.tmp.bak", ".write-test.k-9zq2xw.tmp"]
    for name in old + kept:
        (tmp_path / name).write_text("")
    (tmp_path / ".write-test.folder__.tmp").mkdir()
    os.mkfifo(tmp_path / ".write-test.fifo____.tmp")
    (tmp_path / ".write-test.recent__.tmp").write_text("")
    for path in tmp_path.iterdir():
        if "recent" not in path.name:
            os.utime(path, (LONG_AGO, LONG_AGO), follow_symlinks=False)
    open_store(tmp_path).close()
    left = {path.name for path in tmp_path.iterdir()}
    assert not left & set(old)
    assert {*kept, ".write-test.folder__.tmp", ".write-test.fifo____.tmp",
            ".write-test.recent__.tmp"} <= left


def test_an_earlier_versions_write_test_held_locked_stays(tmp_path):
    """One whose lock another process holds (a copy still writing it) stays."""
    held = tmp_path / ".write-test.k_9zq2xw.tmp"
    held.write_text("")
    age(held)
    pid, let_go = holding_the_lock(tmp_path, held.name)
    try:
        age(held)
        open_store(tmp_path).close()
        assert held.exists()
    finally:
        os.close(let_go)
        assert exit_code(pid) == 0
    open_store(tmp_path).close()
    assert not held.exists()
