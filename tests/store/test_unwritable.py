"""When nothing can be saved the game plays on: nothing raises, the player is
told once, and no good file is ever lost to a failed write."""

import builtins
import errno
import io
import os
import stat
from contextlib import contextmanager
from pathlib import Path

import platformdirs
import pytest

from game.store import LevelStats, Store, default_directory

from .helpers import files_in, game, open_store


def fill(directory):
    store = open_store(directory)
    store.record_game(game(seed=1))
    store.add_best_time("beginner", "Ann", 10_000, 20, 2.0)
    store.save_settings()
    return {name: (directory / name).read_bytes() for name in files_in(directory)}


def play_a_while(store, time_ms=9_000):
    """What a player does in a session: every call must work in memory."""
    assert store.record_game(game(seed=2, time_ms=time_ms)) == 1
    assert store.add_best_time("beginner", "Bo", time_ms, 20, 2.2) == 1
    store.record_game(game(seed=3, result="lost"))
    store.settings.sound = False
    store.save_settings()
    assert store.best_times("beginner")[0].time_ms == time_ms
    assert store.statistics("beginner").current_streak == 0
    assert [g.seed for g in store.history()][:2] == [3, 2]


def refuse(error=errno.EACCES):
    def refuse(*args, **kwargs):
        raise OSError(error, os.strerror(error))
    return refuse


def untouched(directory, before):
    """The files are exactly as they were, and no temporary file was left."""
    return {name: (directory / name).read_bytes() for name in files_in(directory)} == before


@pytest.mark.parametrize("failing", ["replace", "open", "fsync"])
def test_failing_writes_keep_the_old_files_and_tell_the_player_once(tmp_path, monkeypatch,
                                                                    failing):
    before = fill(tmp_path)
    monkeypatch.setattr(os, failing, refuse())
    store = open_store(tmp_path)
    assert not store.writable
    play_a_while(store)
    [message] = store.take_notices()
    assert message.startswith("Records cannot be saved") and "Permission denied" in message
    play_a_while(store, time_ms=8_000)
    assert store.take_notices() == []
    assert untouched(tmp_path, before)


def test_saving_resumes_when_writes_work_again_and_a_new_failure_is_told(tmp_path,
                                                                         monkeypatch):
    fill(tmp_path)
    store = open_store(tmp_path)
    with monkeypatch.context() as patch:
        patch.setattr(os, "replace", refuse(errno.ENOSPC))
        store.record_game(game(seed=2))
        assert "No space left on device" in store.take_notices()[0]
        assert not store.writable
    store.record_game(game(seed=3))
    assert store.writable
    assert [g.seed for g in open_store(tmp_path).history()] == [3, 2, 1]
    monkeypatch.setattr(os, "replace", refuse(errno.ENOSPC))
    store.record_game(game(seed=4))
    assert len(store.take_notices()) == 1


def test_a_failed_write_leaves_no_temporary_file(tmp_path, monkeypatch):
    fill(tmp_path)
    store = open_store(tmp_path)
    monkeypatch.setattr(os, "fsync", refuse(errno.EIO))
    store.record_game(game(seed=2))
    assert files_in(tmp_path) == {"settings.json", "records.json", "history.json"}


_WRITING = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND


def _refuse_under(directory: Path, monkeypatch) -> None:
    """Fail every call that would change ``directory`` the way a read-only file
    system does (EROFS), whoever runs the tests: root ignores permission bits,
    so a chmod alone proves nothing under CI."""
    root = directory.resolve()

    def inside(*paths) -> bool:
        return any(Path(os.fsdecode(p)).resolve().is_relative_to(root)
                   for p in paths if isinstance(p, (str, bytes, os.PathLike)))

    def erofs(path):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), os.fsdecode(path))

    def guard(real, changes_all_paths=True):
        def guarded(*args, **kwargs):
            paths = args[:2] if changes_all_paths else args[:1]
            if inside(*paths):
                erofs(paths[0])
            return real(*args, **kwargs)
        return guarded

    for name in ("replace", "rename", "link", "unlink", "remove", "mkdir", "rmdir"):
        monkeypatch.setattr(os, name, guard(getattr(os, name)))
    real_os_open = os.open

    def os_open(path, flags, *args, **kwargs):
        if flags & _WRITING and inside(path):
            erofs(path)
        return real_os_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", os_open)
    real_open = builtins.open

    def open_(file, mode="r", *args, **kwargs):
        if set(mode) & set("wax+") and inside(file):
            erofs(file)
        return real_open(file, mode, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", open_)
    monkeypatch.setattr(io, "open", open_)


@contextmanager
def read_only(directory: Path, monkeypatch):
    """``directory`` cannot be written: its permission bits say so, and where
    they are not enforced (root) every write call fails as on a read-only
    file system."""
    directory.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        try:
            (directory / "probe").write_text("")
        except PermissionError:
            pass
        else:
            (directory / "probe").unlink()
            _refuse_under(directory, monkeypatch)
        yield
    finally:
        monkeypatch.undo()
        directory.chmod(stat.S_IRWXU)


def test_a_read_only_directory(tmp_path, monkeypatch):
    before = fill(tmp_path)
    with read_only(tmp_path, monkeypatch):
        store = open_store(tmp_path)
        assert not store.writable
        assert store.statistics("beginner") == LevelStats(1, 1, 1, 1)     # still read
        play_a_while(store)
        [message] = store.notices
        assert message.startswith("Records cannot be saved")
        assert untouched(tmp_path, before)


def test_the_read_only_stand_in_refuses_writes_and_allows_reads(tmp_path, monkeypatch):
    (tmp_path / "kept").write_text("data")
    with read_only(tmp_path, monkeypatch):
        assert (tmp_path / "kept").read_text() == "data"
        for write in (lambda: (tmp_path / "new").write_text(""),
                      lambda: (tmp_path / "kept").write_text(""),
                      lambda: (tmp_path / "kept").rename(tmp_path / "moved"),
                      lambda: (tmp_path / "kept").unlink(),
                      lambda: (tmp_path / "sub").mkdir()):
            with pytest.raises(OSError):
                write()
    assert files_in(tmp_path) == {"kept"} and (tmp_path / "kept").read_text() == "data"


def test_a_directory_that_cannot_be_created(tmp_path):
    blocker = tmp_path / "a file"
    blocker.write_text("not a directory")
    store = open_store(blocker / "Minesweeper")
    assert not store.writable
    play_a_while(store)
    [message] = store.notices
    assert message.startswith(f"Records cannot be saved in {blocker / 'Minesweeper'}")
    assert blocker.read_text() == "not a directory"


def test_a_missing_directory_is_created(tmp_path):
    store = open_store(tmp_path / "deep" / "er")
    assert store.writable and store.notices == []
    store.record_game(game())
    assert files_in(tmp_path / "deep" / "er") == {"records.json", "history.json"}


def test_a_directory_removed_while_playing_is_made_again(tmp_path):
    directory = tmp_path / "data"
    store = open_store(directory)
    store.record_game(game(seed=1))
    for name in files_in(directory):
        (directory / name).unlink()
    directory.rmdir()
    store.record_game(game(seed=2))
    assert [g.seed for g in open_store(directory).history()] == [2, 1]


def test_opening_an_empty_directory_writes_nothing(tmp_path):
    store = open_store(tmp_path)
    assert store.writable
    assert files_in(tmp_path) == set()


def test_the_default_directory_is_the_platform_user_data_directory(tmp_path, monkeypatch):
    asked = []

    def user_data_dir(appname, appauthor=None, **kwargs):
        asked.append((appname, appauthor))
        return str(tmp_path / "platform")
    monkeypatch.setattr(platformdirs, "user_data_dir", user_data_dir)
    assert default_directory() == tmp_path / "platform"
    store = Store()
    store.record_game(game())
    assert (tmp_path / "platform" / "history.json").exists()
    assert asked[0] == ("Minesweeper", False)
