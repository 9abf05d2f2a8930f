"""An earlier version's records.json or history.json the player may not
read (mode 000): left as it is and imported at a start that can read it,
while the games of the session are saved in records.db as usual."""

import errno

from game.store import document

from .helpers import game, open_store, reopen, write_history, write_records
from .test_damaged_files import ANN, ONE_WIN


def refused(monkeypatch, name):
    """Reading ``name`` refused as a mode-000 file is (root reads any)."""
    read = document.read_capped

    def read_capped(path, *args, **kwargs):
        if path.name == name:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return read(path, *args, **kwargs)
    monkeypatch.setattr(document, "read_capped", read_capped)


def test_an_unreadable_old_records_file_is_told_as_not_imported_yet(tmp_path, monkeypatch):
    """The player was told their best times and statistics "will not be
    saved this time", which was untrue: every game went into records.db."""
    write_records(tmp_path, {"beginner": [dict(ANN, time_ms=7_000)]}, {"beginner": ONE_WIN})
    write_history(tmp_path, [game(seed=9)])
    refused(monkeypatch, "records.json")
    store = open_store(tmp_path)
    [message] = store.take_notices()
    assert message == ("Your best times and statistics from an earlier version could not be "
                       "opened ('records.json': Permission denied). The file is left "
                       "untouched; what it holds will be added to your records at a start "
                       "that can read it.")
    assert "saved" not in message
    store.record_game(game(seed=5))
    again = reopen(store)
    assert sorted(g.seed for g in again.history()) == [5, 9]      # saved all the same
    monkeypatch.undo()
    later = reopen(again)                                          # readable: imported
    assert [t.name for t in later.best_times("beginner")][0] == "Ann"
    later.close()
