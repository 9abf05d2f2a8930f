"""When nothing can be saved the game plays on: nothing raises, the player is
told once, and no good record is ever lost to a failed write — a write that
meets a full or failing disk waits and is tried again."""

import builtins
import errno
import io
import os
import shutil
import sqlite3
import stat
import threading
from contextlib import contextmanager
from pathlib import Path

import platformdirs
import pytest

from game.store import LevelStats, Store, database, default_directory, ledger, unfinished

from .helpers import files_in, game, open_store, reopen


def fill(directory):
    store = open_store(directory)
    store.record_game(game(seed=1))
    store.add_best_time("beginner", "Ann", 10_000, 20, 2.0)
    store.save_settings()
    store.close()
    return {name: (directory / name).read_bytes() for name in files_in(directory)}


def play_a_while(store, time_ms=9_000):
    """What a player does in a session: every call must work in memory."""
    won = game(seed=2, time_ms=time_ms)
    assert store.record_game(won) == 1
    assert store.name_best_time(won, "Bo") == 1
    store.record_game(game(seed=3, result="lost"))
    store.settings.sound = False
    store.save_settings()
    assert store.best_times("beginner")[0].time_ms == time_ms
    assert store.statistics("beginner").current_streak == 0
    assert [g.seed for g in store.history()][:2] == [3, 2]


class FullDisk:
    """ledger.insert_game failing like a full disk while ``full`` is set."""

    def __init__(self, monkeypatch):
        self.full = threading.Event()
        self.full.set()
        real = ledger.insert_game

        def insert_game(*args, **kwargs):
            if self.full.is_set():
                raise sqlite3.OperationalError("database or disk is full")
            return real(*args, **kwargs)
        monkeypatch.setattr(ledger, "insert_game", insert_game)


def test_a_full_disk_is_told_in_the_players_language(tmp_path, monkeypatch):
    """SQLite says why in English ("database or disk is full"): a French
    notice said it so, after a French sentence."""
    from game import i18n
    i18n.set_language("fr")
    store = open_store(tmp_path)
    FullDisk(monkeypatch)
    store.record_game(game(seed=2, result="lost"))
    assert not store.flush()
    [message] = store.take_notices()
    assert "(base de données ou disque plein)" in message and "disk is full" not in message


def test_a_full_disk_is_told_once_and_the_games_are_written_when_it_recovers(tmp_path,
                                                                             monkeypatch):
    fill(tmp_path)
    store = open_store(tmp_path)
    disk = FullDisk(monkeypatch)
    for seed in (2, 3, 4):
        store.record_game(game(seed=seed, result="lost"))
    assert not store.flush()
    [message] = store.take_notices()
    assert message.startswith("Records cannot be saved") and "disk is full" in message
    assert not store.writable
    store.record_game(game(seed=5, result="lost"))
    assert not store.flush()
    assert store.take_notices() == []                     # told once
    disk.full.clear()
    assert store.flush() and store.writable
    again = reopen(store)
    assert [g.seed for g in again.history()] == [5, 4, 3, 2, 1]
    assert again.statistics("beginner") == LevelStats(5, 1, 0, 1)


def test_a_game_in_progress_kept_on_a_full_disk_waits_as_one_write(tmp_path, monkeypatch):
    """The game in progress is kept every 10 s of play (for a copy killed
    mid-game). On a full disk each one was queued and held in memory until
    the disk recovered, then written one by one: a kiosk whose disk stayed
    full through an hour of play had 360 such writes waiting. The newest
    replaces the ones still waiting: the game is kept as it was last."""
    store = open_store(tmp_path)
    full, written = threading.Event(), []
    full.set()
    real = unfinished.hold

    def hold(db, owner, kept):
        if full.is_set():
            raise sqlite3.OperationalError("database or disk is full")
        written.append(kept.time_ms)
        return real(db, owner, kept)
    monkeypatch.setattr(unfinished, "hold", hold)
    for second in range(10, 3601, 10):
        store.hold_unfinished(game(seed=5, result="abandoned", time_ms=second * 1000))
    full.clear()
    assert store.flush()
    assert len(written) <= 2 and written[-1] == 3_600_000
    again = reopen(store)                       # gone with that game unrecorded
    assert [(g.result, g.time_ms) for g in again.history()] == [("abandoned", 3_600_000)]


def test_a_failure_after_saving_resumed_is_told_again(tmp_path, monkeypatch):
    store = open_store(tmp_path)
    disk = FullDisk(monkeypatch)
    store.record_game(game(seed=1))
    store.flush()
    assert len(store.take_notices()) == 1
    disk.full.clear()
    store.flush()
    disk.full.set()
    store.record_game(game(seed=2))
    store.flush()
    assert len(store.take_notices()) == 1
    disk.full.clear()
    assert [g.seed for g in reopen(store).history()] == [2, 1]


def test_closing_with_the_disk_still_full_does_not_hang(tmp_path, monkeypatch):
    store = open_store(tmp_path)
    FullDisk(monkeypatch)
    store.record_game(game())
    store.close()                                         # gives up the one game, said before
    assert store.take_notices()


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
    # SQLite writes from C, past every call patched above: the records'
    # late opening (a folder that took no writes at the start is tried
    # again) made records.db for root, and the session then took saving as
    # working, at a moment that raced with the settings' failure.
    real_open_file = database.open_file

    def open_file(path, *args, **kwargs):
        if inside(path):
            erofs(path)
        return real_open_file(path, *args, **kwargs)

    monkeypatch.setattr(database, "open_file", open_file)


@contextmanager
def chmodded(directory: Path, mode: int, monkeypatch):
    """``directory`` with ``mode`` for the block; then the calls patched
    meanwhile are put back and the directory made usable again, so that
    pytest can remove it."""
    directory.chmod(mode)
    try:
        yield
    finally:
        monkeypatch.undo()
        directory.chmod(stat.S_IRWXU)


@contextmanager
def read_only(directory: Path, monkeypatch):
    """``directory`` cannot be written: its permission bits say so, and where
    they are not enforced (root) every write call fails as on a read-only
    file system."""
    with chmodded(directory, stat.S_IRUSR | stat.S_IXUSR, monkeypatch):
        try:
            (directory / "probe").write_text("")
        except PermissionError:
            pass
        else:
            (directory / "probe").unlink()
            _refuse_under(directory, monkeypatch)
        yield


def test_a_read_only_directory(tmp_path, monkeypatch):
    before = fill(tmp_path)
    with read_only(tmp_path, monkeypatch):
        store = open_store(tmp_path)
        assert not store.writable
        assert store.statistics("beginner") == LevelStats(1, 1, 1, 1)     # still read
        play_a_while(store)
        [message] = store.notices
        assert message.startswith("Records cannot be saved")
        assert {name: (tmp_path / name).read_bytes() for name in files_in(tmp_path)} == before


def _newer(path):
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE future (x)")
        db.execute("PRAGMA user_version = 99")
    db.close()


@pytest.mark.parametrize("make, told", [
    (lambda path: path.write_bytes(b"not a database" * 500),
     "Your records could not be read, and the file 'records.db' could not be set aside "),
    (lambda path: path.mkdir(),
     "Your records could not be read, and the file 'records.db' could not be set aside "),
    (_newer, "The file 'records.db' was written by a newer version of Minesweeper."),
], ids=["garbage", "directory", "newer"])
def test_records_that_cannot_be_read_in_a_read_only_directory_are_said_so(tmp_path, monkeypatch,
                                                                         make, told):
    """They can be neither set aside nor replaced: the player is told why
    their records are missing, not only that new ones will not be saved."""
    make(tmp_path / "records.db")
    before = {name: (tmp_path / name).read_bytes() for name in files_in(tmp_path)
              if (tmp_path / name).is_file()}
    with read_only(tmp_path, monkeypatch):
        store = open_store(tmp_path)
        saving, records = store.take_notices()
        assert saving.startswith("Records cannot be saved") and records.startswith(told)
        assert store.history() == [] and not store.writable
        play_a_while(store)
        store.close()
    assert {name: (tmp_path / name).read_bytes() for name in files_in(tmp_path)
            if (tmp_path / name).is_file()} == before


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


def test_what_cannot_be_opened_for_writing_is_read_into_memory(tmp_path, monkeypatch):
    fill(tmp_path)
    from game.store import database

    def refuse(path):
        raise sqlite3.OperationalError("attempt to write a readonly database")
    monkeypatch.setattr(database, "open_file", lambda path, **kwargs: refuse(path))
    store = open_store(tmp_path)
    assert not store.writable and "readonly" in store.notices[0]
    assert store.statistics("beginner") == LevelStats(1, 1, 1, 1)
    play_a_while(store)


def test_records_still_in_the_journal_are_read_from_a_read_only_directory(tmp_path,
                                                                          monkeypatch):
    """Until SQLite checkpoints, a new player's games live only in the -wal
    file (a copy killed early leaves them there); SQLite cannot open that
    journal in a directory where it may not create the -shm beside it."""
    store = open_store(tmp_path / "live")
    for seed in range(3):
        store.record_game(game(seed=seed))
    store.flush()
    kept = tmp_path / "kept"
    kept.mkdir()
    for name in ("records.db", "records.db-wal"):     # as a kill would leave them
        shutil.copyfile(tmp_path / "live" / name, kept / name)
    store.close()
    with sqlite3.connect(f"file:{kept / 'records.db'}?mode=ro&immutable=1", uri=True) as db:
        assert db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] == 0
    db.close()
    with read_only(kept, monkeypatch):
        again = open_store(kept)
        assert not again.writable
        assert sorted(g.seed for g in again.history()) == [0, 1, 2]
        assert again.statistics("beginner").played == 3
        again.close()
    assert sorted(files_in(kept)) == ["records.db"]


def test_a_records_file_that_takes_no_writes_is_found_out_at_opening(tmp_path, monkeypatch):
    """SQLite opens a file it may not write read-only without a word: the
    game used to rank a new best time first, then fail to save it and drop
    it from the table. Now the records are read into memory at once, the
    player is told, and the session's games are kept for the session."""
    before = fill(tmp_path)
    path = tmp_path / "records.db"
    path.chmod(stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH)
    try:
        try:
            open(path, "r+b").close()
        except PermissionError:
            pass
        else:                         # root: SQLite must be told to open it read-only
            from game.store import connection
            monkeypatch.setattr(connection, "raw", lambda p: sqlite3.connect(
                f"file:{p}?mode=ro", uri=True, isolation_level=None, check_same_thread=False))
        store = open_store(tmp_path)
        assert not store.writable
        [message] = store.notices
        assert message.startswith("Records cannot be saved") and "readonly" in message
        assert store.statistics("beginner") == LevelStats(1, 1, 1, 1)
        play_a_while(store)
        store.close()
    finally:
        path.chmod(stat.S_IRUSR | stat.S_IWUSR)
    assert (tmp_path / "records.db").read_bytes() == before["records.db"]


@contextmanager
def unsearchable(directory: Path, monkeypatch):
    """``directory`` has mode 000: nothing in it can be looked up, opened or
    made. Where the bits are not enforced (root), every call reaching inside
    fails as the kernel would (EACCES); the directory itself stays visible."""
    with chmodded(directory, 0, monkeypatch):
        try:
            (directory / "probe").lstat()
        except FileNotFoundError:                        # root: the bits are ignored
            root = os.path.abspath(directory)

            def eacces(real):
                def refused(path, *args, **kwargs):       # abspath: no stat, no recursion
                    if isinstance(path, (str, bytes, os.PathLike)) and \
                            os.path.dirname(os.path.abspath(os.fsdecode(path))) == root:
                        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES),
                                              os.fsdecode(path))
                    return real(path, *args, **kwargs)
                return refused
            for name in ("stat", "lstat", "open", "mkdir", "unlink", "rename", "link"):
                monkeypatch.setattr(os, name, eacces(getattr(os, name)))
            monkeypatch.setattr(builtins, "open", eacces(builtins.open))
            monkeypatch.setattr(io, "open", eacces(io.open))
        except PermissionError:
            pass
        yield


def test_a_directory_that_cannot_be_searched_is_told_once_as_such(tmp_path, monkeypatch):
    before = fill(tmp_path)
    with unsearchable(tmp_path, monkeypatch):
        store = open_store(tmp_path)
        [message] = store.take_notices()
        assert message == (f"Your settings and records in '{tmp_path}' can be neither read nor "
                           f"saved (Permission denied). The game plays on with the defaults, "
                           f"but new results will be lost when it closes.")
        assert not store.writable
        play_a_while(store)
        assert store.take_notices() == []
        store.close()
    assert {name: (tmp_path / name).read_bytes() for name in files_in(tmp_path)} == before


def test_a_directory_that_cannot_be_created(tmp_path):
    blocker = tmp_path / "a file"
    blocker.write_text("not a directory")
    store = open_store(blocker / "Minesweeper")
    assert not store.writable
    play_a_while(store)
    [message] = store.notices
    assert message.startswith(f"Records cannot be saved in '{blocker / 'Minesweeper'}'")
    assert blocker.read_text() == "not a directory"


def test_a_directory_whose_name_is_not_utf8_is_shown_with_replacement_characters(tmp_path):
    blocker = tmp_path / os.fsdecode(b"caf\xe9")
    blocker.write_text("not a directory")
    store = open_store(blocker / "Minesweeper")
    message = store.notices[0]
    assert "caf\ufffd" in message
    message.encode("utf-8")                       # no lone surrogate left: it can be drawn


def test_a_missing_directory_is_created(tmp_path):
    store = open_store(tmp_path / "deep" / "er")
    assert store.writable and store.notices == []
    store.record_game(game())
    store.close()
    assert files_in(tmp_path / "deep" / "er") == {"records.db"}


def test_the_default_directory_is_the_platform_user_data_directory(tmp_path, monkeypatch):
    asked = []

    def user_data_dir(appname, appauthor=None, **kwargs):
        asked.append((appname, appauthor))
        return str(tmp_path / "platform")
    monkeypatch.setattr(platformdirs, "user_data_dir", user_data_dir)
    assert default_directory() == tmp_path / "platform"
    store = Store()
    store.record_game(game())
    store.close()
    assert (tmp_path / "platform" / "records.db").exists()
    assert asked[0] == ("Minesweeper", False)


def test_a_replay_made_by_a_function_is_made_once_however_often_its_write_is_tried(
        tmp_path, monkeypatch):
    store = open_store(tmp_path)
    disk = FullDisk(monkeypatch)
    made = []
    store.record_game(game(seed=1, result="lost"), replay=lambda: made.append(1) or "{}")
    assert not store.flush() and not store.flush()        # tried, and tried again
    disk.full.clear()
    assert store.flush()
    again = reopen(store)
    (row,) = again.history()
    assert made == [1] and again.replay(row.game_id) == "{}"


def _sqlite_refused_under(directory: Path, monkeypatch) -> None:
    """SQLite cannot make a file in ``directory``, as under a read-only
    folder's permission bits, which root (and so ``read_only``) does not
    meet: SQLite opens its files itself, past the calls patched there."""
    real = sqlite3.connect

    def connect(database, *args, **kwargs):
        if (not kwargs.get("uri") and isinstance(database, (str, os.PathLike))
                and Path(database).resolve().is_relative_to(directory.resolve())):
            raise sqlite3.OperationalError("unable to open database file")
        return real(database, *args, **kwargs)
    monkeypatch.setattr(sqlite3, "connect", connect)


def test_records_refused_at_the_first_start_are_written_once_the_folder_takes_writes(
        tmp_path, monkeypatch):
    """No records.db yet and a folder that takes no writes (a drive not yet
    mounted read-write, a quota): the session's games, named best time,
    statistics and replay reach a new records.db once it works, told once."""
    with read_only(tmp_path, monkeypatch):
        _sqlite_refused_under(tmp_path, monkeypatch)
        store = open_store(tmp_path)
        won = game(seed=2, time_ms=9_000)
        assert store.record_game(won, replay="a replay") == 1
        store.record_game(game(seed=3, result="lost"))
        assert not store.flush()
        assert store.name_best_time(won, "Bo") == 1
        assert not store.flush() and not store.writable
        assert not (tmp_path / "records.db").exists()
    assert store.flush() and store.writable
    assert len(store.take_notices()) == 1
    store.hold_unfinished(game(seed=5, result="abandoned"))   # kept now, in case of a kill
    again = reopen(store)                       # gone with that game unrecorded
    assert [(g.seed, g.result) for g in again.history()] == [(None, "abandoned"),
                                                             (3, "lost"), (2, "won")]
    assert [(t.name, t.time_ms) for t in again.best_times("beginner")] == [("Bo", 9_000)]
    assert again.statistics("beginner") == LevelStats(3, 1, 0, 1)
    assert again.replay(again.history()[2].game_id) == "a replay"


def test_records_refused_by_a_full_disk_at_the_first_start_are_written_when_it_recovers(
        tmp_path, monkeypatch):
    """The folder takes the empty probe but SQLite cannot make the file:
    the games wait, and the game closing with room again writes them."""
    from game.store import database
    full = threading.Event()
    full.set()
    real_open = database.open_file

    def open_file(*args, **kwargs):
        if full.is_set():
            raise sqlite3.OperationalError("database or disk is full")
        return real_open(*args, **kwargs)
    monkeypatch.setattr(database, "open_file", open_file)
    store = open_store(tmp_path)
    store.record_game(game(seed=4, result="lost"))
    assert not store.flush()
    [message] = store.take_notices()
    assert "disk is full" in message
    full.clear()
    store.close()
    assert [g.seed for g in open_store(tmp_path).history()] == [4]


def test_a_data_folder_that_could_not_be_made_at_the_start_gets_the_sessions_records(
        tmp_path, monkeypatch):
    """The folder's parent refused it (a drive not yet mounted, a quota):
    once it can be made, the games and the settings of the session go in."""
    folder = tmp_path / "Minesweeper"
    with read_only(tmp_path, monkeypatch):
        _sqlite_refused_under(tmp_path, monkeypatch)
        store = open_store(folder)
        play_a_while(store)
        assert not store.flush() and not folder.exists()
    assert store.flush() and store.writable
    assert len(store.take_notices()) == 1
    again = reopen(store)
    assert [g.seed for g in again.history()] == [3, 2] and again.settings.sound is False


KEPT = ("The game plays on and saves new results as soon as it can; any still unsaved when it "
        "closes are kept for the next start, or lost if the folder refuses them then.")
LOST = "The game plays on, but new results will be lost when it closes."
KEPT_FR = ("Le jeu continue et enregistrera les nouveaux résultats dès qu’il le pourra\u202f; "
           "ceux qui ne le seront pas encore à sa fermeture seront conservés pour le prochain "
           "lancement, ou perdus si le dossier les refuse alors.")
LOST_FR = "Le jeu continue, mais les nouveaux résultats seront perdus à sa fermeture."


@pytest.fixture(params=["en", "fr"])
def language(request):
    from game import i18n
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def _ending(language: str, kept: bool) -> str:
    return {("en", True): KEPT, ("en", False): LOST,
            ("fr", True): KEPT_FR, ("fr", False): LOST_FR}[language, kept]


def test_a_full_disk_says_the_results_wait_for_it(tmp_path, monkeypatch, language):
    """The notice said new results "will be lost when it closes" while the
    writer kept them and wrote them once the disk had room again."""
    store = open_store(tmp_path)
    disk = FullDisk(monkeypatch)
    store.record_game(game(seed=2, result="lost"))
    assert not store.flush()
    [message] = store.take_notices()
    assert message.endswith(_ending(language, True))
    disk.full.clear()
    assert [g.seed for g in reopen(store).history()] == [2]


def test_a_folder_refusing_writes_at_the_start_says_the_results_wait_for_it(
        tmp_path, monkeypatch, language):
    with read_only(tmp_path, monkeypatch):
        _sqlite_refused_under(tmp_path, monkeypatch)
        store = open_store(tmp_path)
        store.record_game(game(seed=3, result="lost"))
        [message] = store.take_notices()
        assert message.endswith(_ending(language, True))
    assert store.flush()
    assert [g.seed for g in reopen(store).history()] == [3]


def test_unreadable_records_in_a_folder_refusing_writes_say_the_results_will_be_lost(
        tmp_path, monkeypatch, language):
    """Records that can neither be read nor set aside stay as they are: the
    session's results live in memory only, and the notice says so."""
    (tmp_path / "records.db").write_bytes(b"not a database" * 500)
    with read_only(tmp_path, monkeypatch):
        store = open_store(tmp_path)
        saving, _records = store.take_notices()
        assert saving.endswith(_ending(language, False))
        store.record_game(game(seed=4, result="lost"))
        store.close()
    assert (tmp_path / "records.db").read_bytes() == b"not a database" * 500


def test_a_read_that_fails_does_not_say_the_records_will_not_be_saved(tmp_path, monkeypatch,
                                                                       language):
    """A read refused for a moment (the records locked by another program)
    said "your records will not be saved this time", and every game of the
    session was saved all the same."""
    store = open_store(tmp_path)
    real, calls = ledger.read_history, []

    def locked_once(*args, **kwargs):
        calls.append(1)
        if len(calls) == 1:
            raise sqlite3.OperationalError("database is locked")
        return real(*args, **kwargs)
    monkeypatch.setattr(ledger, "read_history", locked_once)
    store.record_game(game(seed=7, result="lost"))
    assert store.history() == []
    [message] = store.take_notices()
    said = {"en": ("Your records could not be read ('records.db': database is locked), so some "
                   "may be missing from what is shown. The file is left untouched."),
            "fr": ("Impossible de lire vos scores («\u202frecords.db\u202f»\u202f: base de données"
                   " verrouillée)"
                   "\u202f; certains peuvent donc manquer à l’affichage. Le fichier est laissé "
                   "intact.")}
    assert message == said[language]
    store.record_game(game(seed=8, result="lost"))
    assert [g.seed for g in reopen(store).history()] == [8, 7]

@pytest.mark.parametrize("kind", ["folder", "fifo"])
def test_a_folder_named_like_the_write_test_does_not_make_the_records_unsaved(tmp_path, kind):
    """The game learnt whether its folder takes writes by writing a file of
    one fixed name, .write-test: a folder of that name (or a FIFO) made it
    believe the folder was read-only, the whole session unsaved ('Records
    cannot be saved in DIR (Is a directory)'). Whatever is under that name
    is now left alone."""
    fill(tmp_path)
    taken = tmp_path / ".write-test"
    if kind == "folder":
        taken.mkdir()
        (taken / "inside").write_text("kept")
    else:
        if not hasattr(os, "mkfifo"):
            pytest.skip("needs FIFOs")
        os.mkfifo(taken)
    store = open_store(tmp_path)
    assert store.writable and store.take_notices() == []
    store.record_game(game(seed=42))
    store = reopen(store)
    assert 42 in {g.seed for g in store.history()}
    store.close()
    assert (taken / "inside").read_text() == "kept" if kind == "folder" \
        else stat.S_ISFIFO(taken.lstat().st_mode)
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".write-test.")]


def test_newer_records_found_once_a_folder_refusing_writes_at_the_start_takes_them_are_told(
        tmp_path, monkeypatch):
    """The folder took no writes at the start (told: the results wait for
    it); meanwhile a newer version made records.db. Once it takes writes,
    the records are found a newer version's: the session's games will never
    be written there, and the player is told so once, as at a start. Saving
    marked off since the start, that was never said: the player went on
    waiting for results that were lost at close."""
    newer_copy = tmp_path / "newer"
    Store(newer_copy).close()
    db = sqlite3.connect(newer_copy / "records.db", isolation_level=None)
    db.execute(f"PRAGMA user_version = {database.schema.SCHEMA_VERSION + 1}")
    db.close()
    folder = tmp_path / "data"
    folder.mkdir()
    with read_only(folder, monkeypatch):
        _sqlite_refused_under(folder, monkeypatch)
        store = open_store(folder)
        store.record_game(game(seed=3, result="lost"))
        assert not store.flush()             # refused: tried again 2 s from now
        [waiting] = store.take_notices()
        assert "newer version" not in waiting
    shutil.copyfile(newer_copy / "records.db", folder / "records.db")   # the newer copy's
    newer_file = (folder / "records.db").read_bytes()
    assert not store.flush()
    [told] = store.take_notices()
    assert "records.db" in told and "newer version" in told
    store.record_game(game(seed=4, result="lost"))
    store.flush()
    store.close()
    assert store.take_notices() == [] and store.unsaved is None
    assert (folder / "records.db").read_bytes() == newer_file
