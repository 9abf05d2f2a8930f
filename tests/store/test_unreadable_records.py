"""records.db there but not readable by the player (a game once run with
``sudo`` left it root's, mode 600): the only notice was "Records cannot be
saved in <folder> (Permission denied)", and nothing said why Best Times,
statistics and history were empty, nor which file was at fault. The player
is told both, the file is left untouched, and the session's games are
written once it can be opened again (README, Records)."""

from __future__ import annotations

import builtins
import errno
import io
import os
import stat
from contextlib import contextmanager
from pathlib import Path

from game.store import Store, database

from .helpers import game, polled


@contextmanager
def unreadable(path: Path, monkeypatch):
    """``path`` cannot be read by this process: its mode says so, and where
    that is not enforced (root) opening it for reading fails as for another
    user's file (SQLite is reached past a Python open only once the header
    was read, so the refusal there is the one the game meets first)."""
    path.chmod(0)
    try:
        try:
            with open(path, "rb"):
                enforced = False
        except PermissionError:
            enforced = True
        if not enforced:
            real_open = builtins.open

            def open_(file, mode="r", *args, **kwargs):
                if isinstance(file, (str, os.PathLike)) and Path(file) == path:
                    raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(file))
                return real_open(file, mode, *args, **kwargs)

            monkeypatch.setattr(builtins, "open", open_)
            monkeypatch.setattr(io, "open", open_)
        yield
    finally:
        monkeypatch.undo()
        path.chmod(stat.S_IRUSR | stat.S_IWUSR)


def test_records_the_player_cannot_read_are_said_so_and_left_untouched(tmp_path, monkeypatch):
    first = Store(tmp_path)
    first.record_game(game(seed=1))
    first.close()
    records = tmp_path / "records.db"
    before = records.read_bytes()
    with unreadable(records, monkeypatch):
        store = Store(tmp_path)
        saving, why = store.take_notices()
        assert saving.startswith("Records cannot be saved in")
        assert why == (f"Your records in '{records}' could not be read (Permission denied), so "
                       "Best Times, statistics and history show only this session's games. The "
                       "file is left untouched.")
        assert store.history() == []
        store.record_game(game(seed=2))
        assert [g.seed for g in store.history()] == [2]
    assert records.read_bytes() == before
    assert polled(lambda: store.flush(timeout=1.0))      # readable again: written there
    store.close()
    again = Store(tmp_path)
    assert [g.seed for g in again.history()] == [2, 1] and again.notices == []
    again.close()


def test_records_that_can_be_read_in_a_folder_that_takes_no_writes_say_nothing_more(
        tmp_path, monkeypatch):
    """Only what cannot be read is said so: records shown as they are need
    no word beyond "cannot be saved"."""
    first = Store(tmp_path)
    first.record_game(game(seed=1))
    first.close()

    def refused(path, *args, **kwargs):                  # as on a read-only disk
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))
    monkeypatch.setattr(database, "open_file", refused)
    store = Store(tmp_path)
    [saving] = store.take_notices()
    assert saving.startswith("Records cannot be saved in")
    assert [g.seed for g in store.history()] == [1]
    store.close()
