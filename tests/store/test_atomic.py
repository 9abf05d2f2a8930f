"""Atomic file writes and setting damaged files aside."""

import errno
import os
import stat
import time
from datetime import datetime

import pytest

from game.store import atomic, temporaries
from game.store.atomic import set_aside, write_atomic, write_new

from .helpers import files_in, open_store

WHEN = datetime(2026, 11, 22, 15, 30, 0)


def test_a_write_replaces_the_whole_file(tmp_path):
    path = tmp_path / "a.json"
    path.write_bytes(b"old content that is longer")
    write_atomic(path, b"new")
    assert path.read_bytes() == b"new"
    assert files_in(tmp_path) == {"a.json"}


def test_the_file_and_then_its_directory_are_fsynced(tmp_path, monkeypatch):
    synced = []
    real_fsync = os.fsync

    def fsync(fd):
        synced.append("directory" if stat.S_ISDIR(os.fstat(fd).st_mode) else "file")
        real_fsync(fd)
    monkeypatch.setattr(os, "fsync", fsync)
    write_atomic(tmp_path / "a.json", b"data")
    assert synced == (["file", "directory"] if os.name == "posix" else ["file"])


@pytest.mark.parametrize("failing", ["replace", "fsync", "fdopen"])
def test_a_failed_write_keeps_the_old_file_and_leaves_nothing_behind(tmp_path, monkeypatch,
                                                                     failing):
    path = tmp_path / "a.json"
    path.write_bytes(b"old")

    def fail(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(os, failing, fail)
    with pytest.raises(OSError):
        write_atomic(path, b"new")
    assert path.read_bytes() == b"old"
    assert files_in(tmp_path) == {"a.json"}


def test_setting_aside_adds_a_number_rather_than_overwrite(tmp_path):
    for content in (b"one", b"two", b"three"):
        (tmp_path / "records.json").write_bytes(content)
        set_aside(tmp_path / "records.json", "corrupt", WHEN)
    assert {name: (tmp_path / name).read_bytes() for name in files_in(tmp_path)} == {
        "records.corrupt-20261122-153000.json": b"one",
        "records.corrupt-20261122-153000-2.json": b"two",
        "records.corrupt-20261122-153000-3.json": b"three",
    }


def test_a_copy_aside_keeps_other_bytes_under_a_new_number_and_the_same_bytes_once(
        tmp_path, monkeypatch):
    """Copied aside (a settings.json link kept), other bytes under the name
    take the next number; the same bytes written there between the look for
    them and the write (another copy of the game, started with this one)
    are that copy's, and this one keeps none."""
    path = tmp_path / "settings.json"
    (tmp_path / "settings.corrupt-20261122-153000.json").write_bytes(b"earlier")
    assert atomic.copy_aside(path, b"now", "corrupt", WHEN).name == \
        "settings.corrupt-20261122-153000-2.json"
    real_write_new = atomic.write_new

    def the_other_copy_first(target, data, like=None):
        if not target.exists() and not others:      # the other copy takes the free name
            others.append(target)
            target.write_bytes(data)
        real_write_new(target, data, like=like)
    others: list = []
    monkeypatch.setattr(atomic, "write_new", the_other_copy_first)
    assert atomic.copy_aside(path, b"again", "corrupt", WHEN) is None
    assert {name: (tmp_path / name).read_bytes() for name in files_in(tmp_path)} == {
        "settings.corrupt-20261122-153000.json": b"earlier",
        "settings.corrupt-20261122-153000-2.json": b"now",
        "settings.corrupt-20261122-153000-3.json": b"again",
    }


def test_without_hard_links_setting_aside_still_never_overwrites(tmp_path, monkeypatch):
    def no_links(*args, **kwargs):
        raise OSError(errno.EPERM, "Operation not permitted")
    monkeypatch.setattr(os, "link", no_links)
    (tmp_path / "records.corrupt-20261122-153000.json").write_bytes(b"earlier")
    (tmp_path / "records.json").write_bytes(b"now")
    aside = set_aside(tmp_path / "records.json", "corrupt", WHEN)
    assert aside.name == "records.corrupt-20261122-153000-2.json"
    assert aside.read_bytes() == b"now"
    assert (tmp_path / "records.corrupt-20261122-153000.json").read_bytes() == b"earlier"


def test_old_temporary_files_of_a_killed_writer_are_removed(tmp_path):
    stale = tmp_path / ".records.json.0123abcd.tmp"
    recent = tmp_path / ".records.json.4567cdef.tmp"
    other = tmp_path / ".notes.txt.89abcdef.tmp"
    for path in (stale, recent, other):
        path.write_text("partial")
    long_ago = time.time() - temporaries.STALE_AFTER_S - 10
    for path in (stale, other):
        os.utime(path, (long_ago, long_ago))
    temporaries.remove_stale(tmp_path, "records.json".__eq__)
    assert files_in(tmp_path) == {recent.name, other.name}


def test_opening_the_store_clears_stale_temporary_settings_files(tmp_path):
    path = tmp_path / ".settings.json.0a1b2c3d.tmp"
    path.write_text("{")
    os.utime(path, (0, 0))
    open_store(tmp_path)
    assert files_in(tmp_path) == {"records.db"}


def test_a_new_file_never_replaces_one_already_there(tmp_path):
    path = tmp_path / "replay.json"
    write_new(path, b"first")
    with pytest.raises(FileExistsError):
        write_new(path, b"second")
    assert path.read_bytes() == b"first"
    assert [p.name for p in tmp_path.iterdir()] == ["replay.json"]      # no temporary left


@pytest.fixture
def umask_022():
    """The usual umask, whatever the test runner's."""
    was = os.umask(0o022)
    yield
    os.umask(was)


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_a_new_file_gets_the_permissions_of_any_new_file(tmp_path, umask_022):
    """An exported replay is there to be shared: it was made readable by
    its owner alone (the temporary file's 0600, kept by the rename)."""
    write_new(tmp_path / "replay.json", b"{}")
    write_atomic(tmp_path / "settings.json", b"{}")
    assert stat.S_IMODE(os.stat(tmp_path / "replay.json").st_mode) == 0o644
    assert stat.S_IMODE(os.stat(tmp_path / "settings.json").st_mode) == 0o644


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
@pytest.mark.parametrize("mode", [0o600, 0o640, 0o664])
def test_a_file_replaced_keeps_its_permissions(tmp_path, umask_022, mode):
    path = tmp_path / "settings.json"
    path.write_bytes(b"old")
    os.chmod(path, mode)
    write_atomic(path, b"new")
    assert path.read_bytes() == b"new"
    assert stat.S_IMODE(os.stat(path).st_mode) == mode


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_a_copy_aside_is_as_private_as_the_file_it_copies(tmp_path, umask_022):
    """A settings file that its owner alone may read, copied aside when
    damaged (a link into a dotfiles folder), was copied readable by all."""
    kept = tmp_path / "dotfiles" / "settings.json"
    kept.parent.mkdir()
    kept.write_bytes(b"{damaged")
    os.chmod(kept, 0o600)
    link = tmp_path / "settings.json"
    link.symlink_to(kept)
    aside = atomic.copy_aside(link, b"{damaged", "corrupt", datetime(2026, 1, 2, 3, 4, 5))
    assert aside is not None and aside.read_bytes() == b"{damaged"
    assert stat.S_IMODE(os.stat(aside).st_mode) == 0o600


@pytest.mark.skipif(os.name != "posix", reason="POSIX renames a folder onto an empty one")
def test_a_folder_is_set_aside_only_while_it_is_one(tmp_path):
    """A file made in the folder's place since it was looked at (another
    copy's lock, in use) is never renamed, and nothing is left behind."""
    when = datetime(2026, 11, 22, 15, 30)
    folder = tmp_path / "records.db.lock"
    folder.mkdir()
    (folder / "kept").write_text("x")
    aside = atomic.set_aside_folder(folder, "corrupt", when)
    assert aside is not None and (aside / "kept").read_text() == "x"
    assert not folder.exists()
    folder.write_text("")                   # another copy's fresh lock file
    assert atomic.set_aside_folder(folder, "corrupt", when) is None
    assert folder.is_file() and sorted(os.listdir(tmp_path)) == [aside.name, folder.name]
    assert atomic.set_aside_folder(tmp_path / "gone", "corrupt", when) is None
    assert sorted(os.listdir(tmp_path)) == [aside.name, folder.name]
