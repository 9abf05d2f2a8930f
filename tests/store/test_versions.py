"""A player's files across versions of the game: what an older copy wrote
(files made by that version's own code, in ``old_versions/``) and what an
older copy does to this version's files."""

import json
import os
import shutil
import sqlite3
import stat
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from game.replay import check, decode
from game.settings import Settings
from game.store import interlock, ledger, schema
from game.store.statistics import LevelStats

from .helpers import FullDisk, disk_full, files_in, game, open_store, reopen

OLD = Path(__file__).parent / "old_versions"


def chosen() -> Settings:
    """The settings saved before an older copy rewrote them (old_versions/README.md)."""
    return Settings(level="expert", marks=True, sound=True, scale=2, shape="hex", style="win31",
                    language="fr", long_press=0.7, player_name="Zoë",
                    own_mask="\n".join(["########", "#      #"] * 4), own_mask_mines=6)


@pytest.mark.parametrize("older", ["settings-v2.json", "settings-json-era.json"])
def test_settings_an_older_copy_rewrote_keep_the_fields_it_did_not_know(tmp_path, older):
    """An older copy writes back only the fields it knows: version 2 lost
    the name given last, the JSON era also the shape, the style, the
    language and the player's own mask. They come back from this version's
    own copy; the change made in the older copy (sound off) stays."""
    store = open_store(tmp_path)
    store.settings = chosen()
    store.save_settings()
    store.close()
    shutil.copyfile(OLD / older, tmp_path / "settings.json")
    again = open_store(tmp_path)
    assert again.settings == replace(chosen(), sound=False)
    assert again.notices == []


@pytest.mark.parametrize("field, value", [("custom_width", 12), ("custom_mines", 30)])
def test_a_custom_mask_comes_back_only_with_the_board_it_was_drawn_for(tmp_path, field, value):
    """A custom size changed in an older copy that knew no masks is a plain
    rectangle: the mask drawn for the size before is not put on it, even
    where it would fit (the same sides, other mines)."""
    mask = "\n".join(["#" * 10] * 9 + ["#" * 9 + " "])
    store = open_store(tmp_path)
    store.settings = Settings(level="custom", custom_width=10, custom_height=10, custom_mines=20,
                              custom_mask=mask)
    store.save_settings()
    store.close()
    document = json.loads((tmp_path / "settings.json").read_text("utf-8"))
    del document["settings"]["custom_mask"]
    (tmp_path / "settings.json").write_text(json.dumps(document), "utf-8")
    assert open_store(tmp_path).settings.custom_mask == mask
    document["settings"][field] = value
    (tmp_path / "settings.json").write_text(json.dumps(document), "utf-8")
    again = open_store(tmp_path)
    assert (getattr(again.settings, field), again.settings.custom_mask) == (value, "")
    assert again.notices == []


def test_a_newer_versions_settings_are_written_back_as_found(tmp_path):
    """Fields this version does not know (a newer one's) survive its saves;
    one that JSON cannot write again (NaN, a lone surrogate) is left out
    rather than making every save fail."""
    (tmp_path / "settings.json").write_text(
        '{"schema": 1, "settings": {"sound": false, "theme": {"name": "dark", "hue": 0.5},'
        ' "volume": NaN, "motto": "\\ud800"}}', "utf-8")
    store = open_store(tmp_path)
    assert store.settings == Settings(sound=False) and store.notices == []
    store.settings.marks = True
    store.save_settings()
    store = reopen(store)
    stored = json.loads((tmp_path / "settings.json").read_text("utf-8"))["settings"]
    assert stored["theme"] == {"name": "dark", "hue": 0.5}
    assert "volume" not in stored and "motto" not in stored
    assert store.settings == Settings(sound=False, marks=True)


def migrated_by_a_newer_version(path: Path) -> None:
    """What a newer copy started beside this one would do: a column more,
    and its version."""
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("ALTER TABLE games ADD COLUMN later TEXT NOT NULL DEFAULT ''")
    db.execute(f"PRAGMA user_version = {schema.SCHEMA_VERSION + 1}")
    db.close()


def test_records_a_newer_copy_migrated_meanwhile_are_written_no_more(tmp_path):
    """A copy left running while a newer one migrates records.db stops
    writing to it (it wrote its games in the layout it knew), tells the
    player once, as a newer file found at the start is told, and plays on."""
    store = open_store(tmp_path)
    store.record_game(game(time_ms=20_000))
    assert store.flush()
    migrated_by_a_newer_version(tmp_path / "records.db")
    assert store.record_game(game(time_ms=9_000)) == 1          # still ranked, still played
    store.hold_unfinished(game(result="abandoned"))
    assert not store.flush()
    [message] = store.take_notices()
    assert "records.db" in message and "newer version" in message
    store.record_game(game(time_ms=8_000, result="lost"))
    store.flush()
    store.close()
    assert store.take_notices() == [] and not store.writable
    db = sqlite3.connect(tmp_path / "records.db")
    assert db.execute("SELECT time_ms FROM games").fetchall() == [(20_000,)]
    assert db.execute("SELECT count(*) FROM unfinished").fetchone() == (0,)
    db.close()


def test_records_a_newer_copy_migrated_are_not_said_lost_to_the_disk_at_close(
        tmp_path, monkeypatch):
    """The games given up at close because a newer copy migrated the records
    are not the disk's to explain: the player was told the file is a newer
    version's. A full disk earlier in the session (room made since) was
    given as the reason: "2 results could not be saved (database or disk is
    full)"."""
    disk = FullDisk(monkeypatch)
    store = open_store(tmp_path)
    store.record_game(game(time_ms=20_000))
    assert not store.flush()
    disk.room()
    assert store.flush()
    migrated_by_a_newer_version(tmp_path / "records.db")
    store.record_game(game(time_ms=9_000))
    store.record_game(game(time_ms=8_000, result="lost"))
    assert not store.flush()
    store.close()
    assert store.unsaved is None


def test_a_newer_versions_records_are_shown_and_never_written(tmp_path):
    """Back on an older copy, the player sees the Best Times, statistics
    and history a newer version kept (what this version knows of them), a
    win there ranks among them, and the file is left as it was."""
    store = open_store(tmp_path)
    store.record_game(game(time_ms=7_000))
    store.record_game(game(result="lost"))
    store.close()
    path = tmp_path / "records.db"
    migrated_by_a_newer_version(path)
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("CREATE TABLE badges (name TEXT)")
    db.close()
    before = path.read_bytes()
    store = open_store(tmp_path)
    [message] = store.take_notices()
    assert "newer version" in message
    assert [t.time_ms for t in store.best_times("beginner")] == [7_000]
    assert [g.result for g in store.history()] == ["lost", "won"]
    assert store.statistics("beginner").played == 2
    assert store.record_game(game(time_ms=9_000)) == 2           # behind the 7 s kept there
    assert [t.time_ms for t in store.best_times("beginner")] == [7_000, 9_000]
    store.close()
    assert path.read_bytes() == before
    assert {p.name for p in tmp_path.iterdir()} >= {"records.db"}
    assert not (tmp_path / "records.db-wal").exists()


def test_a_newer_layout_beyond_this_version_is_shown_empty(tmp_path):
    """A newer file whose tables this version cannot read as it knows them
    (a column gone, in the last table copied) shows no records rather than
    some of them; the game plays."""
    store = open_store(tmp_path)
    store.record_game(game(time_ms=7_000))
    store.close()
    path = tmp_path / "records.db"
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("ALTER TABLE unfinished DROP COLUMN game")
    db.execute(f"PRAGMA user_version = {schema.SCHEMA_VERSION + 1}")
    db.close()
    store = open_store(tmp_path)
    assert "newer version" in store.take_notices()[0]
    assert store.best_times("beginner") == [] and store.history() == []
    assert store.record_game(game(time_ms=9_000)) == 1
    store.close()


@pytest.mark.parametrize("version, name", [(1, "Ann"), (2, "Zoe")])
def test_records_an_older_version_kept_are_all_there(tmp_path, version, name):
    """records.db as versions 1 and 2 left it (their own code wrote it):
    migrated, with its games, best time, statistics and replays, and new
    games go in beside them."""
    db = sqlite3.connect(tmp_path / "records.db")
    db.executescript((OLD / f"records-v{version}.sql").read_text("utf-8"))
    db.close()
    store = open_store(tmp_path)
    assert store.notices == []
    assert [(t.name, t.time_ms) for t in store.best_times("beginner")] == [(name, 2549)]
    assert store.statistics("beginner") == LevelStats(3, 1, 0, 1)
    games = store.history()
    assert [g.result for g in games] == ["abandoned", "lost", "won"]
    for played in games:
        assert check(decode(store.replay(played.game_id))).result == \
            {"abandoned": "unfinished"}.get(played.result, played.result)
    store.record_game(game(time_ms=2_000))
    store = reopen(store)
    assert [t.time_ms for t in store.best_times("beginner")] == [2_000, 2549]
    assert store.count_games() == 4
    store.close()
    db = sqlite3.connect(tmp_path / "records.db")
    assert db.execute("PRAGMA user_version").fetchone() == (schema.SCHEMA_VERSION,)
    db.close()


def test_the_json_files_before_the_database_are_all_there(tmp_path):
    """records.json and history.json as the version before the database
    wrote them: imported once, renamed, never deleted."""
    for name in ("records", "history"):
        shutil.copyfile(OLD / f"{name}-json-era.json", tmp_path / f"{name}.json")
    store = open_store(tmp_path)
    assert store.notices == []
    assert [(t.name, t.time_ms) for t in store.best_times("beginner")] == [("Bob", 2549)]
    assert store.statistics("beginner") == LevelStats(3, 1, 0, 1)
    assert [g.result for g in store.history()] == ["abandoned", "lost", "won"]
    store = reopen(store)
    assert store.count_games() == 3
    assert {"records.json.imported", "history.json.imported"} <= files_in(tmp_path)
    store.close()


def test_json_files_an_older_copy_wrote_again_add_no_time_or_game_twice(tmp_path):
    """A copy of the version before the database, still running when this
    one imported its files, writes them again after its next game, with
    what it had read at its start: its best time and its first game come
    back. They are not added twice; its new game is, and its statistics
    (played 2, won 1) count the game it had read once, not twice."""
    for name in ("records", "history"):
        shutil.copyfile(OLD / f"{name}-json-era-first.json", tmp_path / f"{name}.json")
    open_store(tmp_path).close()
    for name in ("records", "history"):
        shutil.copyfile(OLD / f"{name}-json-era-again.json", tmp_path / f"{name}.json")
    store = open_store(tmp_path)
    assert_the_older_copys_two_games(store)
    assert {"records.json.imported", "records.json.imported-2"} <= files_in(tmp_path)
    store.close()


def assert_the_older_copys_two_games(store) -> None:
    """The won game (Bob, 3 s) and the lost one of old_versions/*-json-era-*,
    each once in the Best Times, the history and the statistics."""
    assert store.notices == []
    assert [(t.name, t.time_ms) for t in store.best_times("beginner")] == [("Bob", 3000)]
    assert [(g.result, g.date) for g in store.history()] == [
        ("lost", "2026-11-22T10:05:00"), ("won", "2026-11-22T10:00:00")]
    assert store.statistics("beginner") == LevelStats(2, 1, 0, 1)


def import_with_a_write_between(tmp_path: Path, monkeypatch, write) -> None:
    """Import the JSON-era files once, ``write(path, stem)`` changing each
    file between its read and its rename, as a copy of the version before
    the database may."""
    from game.store import legacy
    rename = legacy._rename_imported

    def written_then_renamed(path: Path) -> Path:
        write(path, path.name.removesuffix(".json"))
        return rename(path)

    for name in ("records", "history"):
        shutil.copyfile(OLD / f"{name}-json-era-first.json", tmp_path / f"{name}.json")
    monkeypatch.setattr(legacy, "_rename_imported", written_then_renamed)
    open_store(tmp_path).close()
    monkeypatch.undo()


def test_an_older_copy_writing_during_the_import_loses_no_game(tmp_path, monkeypatch):
    """The copy of the version before the database writes its files again
    (after its lost game) while this one imports them, between reading a
    file and renaming it: the file renamed holds a game that was not read.
    It is read again and imported too, its statistics counted once."""
    def older_copy_writes(path: Path, stem: str) -> None:
        shutil.copyfile(OLD / f"{stem}-json-era-again.json", path)

    import_with_a_write_between(tmp_path, monkeypatch, older_copy_writes)
    assert "records.json" not in files_in(tmp_path)
    store = open_store(tmp_path)
    assert_the_older_copys_two_games(store)
    store.close()


@pytest.mark.parametrize("schema", [True, 1.0], ids=["true", "1.0"])
def test_a_file_written_during_the_import_in_no_schema_of_ours_is_left_as_it_is(
        tmp_path, monkeypatch, schema):
    """The file renamed, read again, is imported only if its schema is ours,
    as the first read asks (a whole number: JSON's true and 1.0 are none).
    Compared with ``!=``, true and 1.0 passed for 1: a file the first read
    sets aside as damaged had its statistics and games added."""
    def written_in_another_schema(path: Path, stem: str) -> None:
        document = json.loads((OLD / f"{stem}-json-era-again.json").read_text("utf-8"))
        path.write_text(json.dumps({**document, "schema": schema}), "utf-8")

    import_with_a_write_between(tmp_path, monkeypatch, written_in_another_schema)
    store = open_store(tmp_path)
    assert store.statistics("beginner") == LevelStats(1, 1, 1, 1)
    assert [g.result for g in store.history()] == ["won"]
    assert {"records.json.imported", "history.json.imported"} <= files_in(tmp_path)
    store.close()


def test_another_installations_records_json_is_added_whole(tmp_path):
    """A records.json that continues none imported before (another
    machine's, with fewer games) is added whole: nothing is taken off."""
    for name in ("records", "history"):
        shutil.copyfile(OLD / f"{name}-json-era-again.json", tmp_path / f"{name}.json")
    open_store(tmp_path).close()
    document = json.loads((OLD / "records-json-era-first.json").read_text("utf-8"))
    document["best_times"]["beginner"][0]["name"] = "Eve"
    (tmp_path / "records.json").write_text(json.dumps(document), "utf-8")
    store = open_store(tmp_path)
    assert store.statistics("beginner") == LevelStats(3, 2, 0, 1)
    assert [t.name for t in store.best_times("beginner")] == ["Bob", "Eve"]
    store.close()


@pytest.mark.parametrize("place", [
    "folder",
    pytest.param("link", marks=pytest.mark.skipif(not hasattr(os, "symlink"),
                                                  reason="needs symbolic links"))])
def test_a_folder_in_place_of_the_copy_of_the_settings_is_set_aside_and_told_once(
        tmp_path, place):
    """settings.kept.json a folder, or a link to one (a hand edit, a sync
    tool): the copy went unwritten at every save without a word (the link
    was replaced by the file: deleted), and what an older copy of the game
    drops from settings.json never came back. It is set aside as it is,
    never deleted, the player told once, and the copy written in its
    place; settings.json is saved all the same, and the settings work for
    the session."""
    kept = tmp_path / "settings.kept.json"
    folder = tmp_path / "elsewhere" if place == "link" else kept
    folder.mkdir()
    (folder / "mine.txt").write_text("not the game's")
    if place == "link":
        kept.symlink_to(folder)
    store = open_store(tmp_path)
    assert store.notices == []
    store.settings = chosen()
    store.save_settings()
    assert store.flush()
    [told] = store.take_notices()
    [aside] = [path for path in tmp_path.iterdir() if ".corrupt-" in path.name]
    assert aside.name.startswith("settings.kept.corrupt-") and aside.suffix == ".json"
    assert "'settings.kept.json'" in told and f"'{aside.name}'" in told, told
    assert (aside / "mine.txt").read_text() == "not the game's"         # through the link too
    assert aside.is_symlink() == (place == "link")
    store.save_settings_merged(replace(chosen(), sound=False), ["sound"])
    assert store.flush() and store.notices == []                        # told once
    assert store.settings == replace(chosen(), sound=False)
    assert json.loads(kept.read_text("utf-8"))["settings"]["sound"] is False
    store = reopen(store)
    assert store.settings == replace(chosen(), sound=False) and store.notices == []
    store.close()


def test_a_folder_in_place_of_the_copy_that_cannot_be_set_aside_is_left_and_told_once(
        tmp_path, monkeypatch):
    """Where the folder cannot be renamed (a mount point), it is left as
    it is, the copy unwritten, and the player told once; settings.json is
    saved all the same."""
    monkeypatch.setattr(interlock, "set_aside_folder", lambda *_args: None)
    (tmp_path / "settings.kept.json").mkdir()
    store = open_store(tmp_path)
    store.settings = chosen()
    store.save_settings()
    assert store.flush()
    [told] = store.take_notices()
    assert "'settings.kept.json'" in told and "left untouched" in told, told
    store.save_settings_merged(replace(chosen(), sound=False), ["sound"])
    assert store.flush() and store.notices == []                        # told once
    assert (tmp_path / "settings.kept.json").is_dir()
    store = reopen(store)
    assert store.settings == replace(chosen(), sound=False) and store.notices == []
    store.close()


def test_a_newer_versions_journal_left_by_a_killed_copy_stays_as_it_was(tmp_path):
    """A newer copy killed with commits still in records.db-wal: they are
    shown, and neither the file nor its journal is rewritten (closing the
    connection that checked the version copied the journal into the file
    and deleted it)."""
    open_store(tmp_path).close()
    newer = schema.SCHEMA_VERSION + 1
    subprocess.run([sys.executable, "-c", (
        "import os, sqlite3\n"
        f"db = sqlite3.connect({str(tmp_path / 'records.db')!r}, isolation_level=None)\n"
        "db.execute('PRAGMA wal_autocheckpoint = 0')\n"
        f"db.execute('PRAGMA user_version = {newer}')\n"
        "db.execute(\"INSERT INTO best_times (level, style, shape, name, time_ms, date) VALUES"
        " ('beginner', 'modern', 'grid', 'Kim', 6000, '2026-11-22T10:00:00')\")\n"
        "os._exit(0)\n")], check=True)
    journal = tmp_path / "records.db-wal"
    before = (tmp_path / "records.db").read_bytes(), journal.read_bytes()
    store = open_store(tmp_path)
    assert "newer version" in store.take_notices()[0]
    assert [t.name for t in store.best_times("beginner")] == ["Kim"]
    store.close()
    assert ((tmp_path / "records.db").read_bytes(), journal.read_bytes()) == before


def test_a_bad_value_in_the_copy_of_the_settings_is_passed_over(tmp_path):
    """The copy only fills in what settings.json lacks: a bad value there
    (a hand edit) is not taken, so settings.json is neither blamed for it
    nor set aside."""
    (tmp_path / "settings.json").write_text('{"schema": 1, "settings": {"sound": false}}', "utf-8")
    (tmp_path / "settings.kept.json").write_text(
        '{"schema": 1, "settings": {"level": 5, "scale": 3, "sound": true}}', "utf-8")
    store = open_store(tmp_path)
    assert store.settings == Settings(sound=False, scale=3)
    assert store.notices == [] and files_in(tmp_path) == {"settings.json", "records.db"}
    store.close()


@pytest.mark.parametrize("copy", [
    {"custom_mask": "zzz"},
    {"custom_mask": "\n".join(["#" * 9] * 9)},            # a 9x9 mask for a 10x10 board
    {"own_mask": "##", "own_mask_mines": 3},
    {"own_mask": "\n".join(["#" * 7] * 7)},                  # smaller than any board
])
def test_a_mask_in_the_copy_that_does_not_fit_settings_json_is_passed_over(tmp_path, copy):
    """A mask is checked with its size (or its mines): one in the copy that
    does not fit what settings.json holds is left out, and settings.json,
    an older copy's, keeps its custom board; it was reset and set aside as
    damaged."""
    ours = {"level": "custom", "custom_width": 10, "custom_height": 10, "custom_mines": 20,
            "own_mask_mines": 3, "sound": False}
    (tmp_path / "settings.json").write_text(json.dumps({"schema": 1, "settings": ours}))
    (tmp_path / "settings.kept.json").write_text(json.dumps(
        {"schema": 1, "settings": {**ours, **copy}}))
    store = open_store(tmp_path)
    assert store.settings == Settings(level="custom", custom_width=10, custom_height=10,
                                      custom_mines=20, own_mask_mines=3, sound=False)
    assert store.notices == [] and files_in(tmp_path) == {"settings.json", "records.db"}
    store.close()


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_a_copy_of_the_settings_linked_from_elsewhere_is_written_through_the_link(tmp_path):
    """A data folder linked file by file from a dotfiles folder (GNU Stow):
    settings.json was written through its link, but the copy beside it was
    replaced by a plain file at the first save, and the linked one, the
    one other machines share, never saw another."""
    dots = tmp_path / "dots"
    dots.mkdir()
    (dots / "settings.json").write_text('{"schema": 1, "settings": {}}')
    (dots / "settings.kept.json").write_text('{"schema": 1, "settings": {}}')
    data = tmp_path / "data"
    data.mkdir()
    for name in ("settings.json", "settings.kept.json"):
        (data / name).symlink_to(dots / name)
    store = open_store(data)
    store.settings = chosen()
    store.save_settings()
    assert store.flush()
    store.close()
    assert all((data / name).is_symlink() for name in ("settings.json", "settings.kept.json"))
    kept = json.loads((dots / "settings.kept.json").read_text("utf-8"))
    assert kept["settings"]["player_name"] == "Zoë"


@pytest.mark.parametrize("make", [
    pytest.param(lambda path: os.mkfifo(path), id="fifo",
                 marks=pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")),
    pytest.param(lambda path: path.symlink_to("/dev/zero"), id="device",
                 marks=pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")),
    pytest.param(lambda path: path.write_bytes(b"{" * 100_000), id="nested"),
    pytest.param(lambda path: path.write_bytes(b"\xff\xfe garbage"), id="not-utf8"),
    pytest.param(lambda path: path.write_text('{"schema": 2, "settings": {"scale": 3}}'),
                 id="newer"),
])
def test_a_copy_of_the_settings_that_is_no_such_copy_is_passed_over(tmp_path, make):
    """Whatever stands as settings.kept.json is never waited on nor taken:
    the settings are settings.json's, nothing is said, and saving replaces it."""
    (tmp_path / "settings.json").write_text('{"schema": 1, "settings": {"sound": false}}')
    make(tmp_path / "settings.kept.json")
    store = open_store(tmp_path)
    assert store.settings == Settings(sound=False) and store.notices == []
    store.save_settings()
    assert store.flush()
    store.close()
    kept = json.loads((tmp_path / "settings.kept.json").read_text("utf-8"))
    assert kept["settings"]["sound"] is False


def _records_json(directory: Path, played: int, won: int, current: int, best: int) -> None:
    """A records.json of the version before the database: Beginner's counts."""
    zero = {"played": 0, "won": 0, "current_streak": 0, "best_streak": 0}
    beginner = {"played": played, "won": won, "current_streak": current, "best_streak": best}
    (directory / "records.json").write_text(json.dumps(
        {"schema": 1, "best_times": {"beginner": [], "intermediate": [], "expert": []},
         "statistics": {"beginner": beginner, "intermediate": zero, "expert": zero,
                        "custom": zero}}), "utf-8")


@pytest.mark.parametrize("since_reset, older_copy, expected", [
    # a win here, then the older copy's win: its streak of 9 counted 8 games reset
    (["won"], (11, 9, 9, 9), LevelStats(2, 2, 2, 2)),
    # three wins, a loss, three wins, a loss here; the older copy's loss:
    # its best streak, 8, is the one reset, not 6
    (["won"] * 3 + ["lost"] + ["won"] * 3 + ["lost"], (11, 8, 0, 8), LevelStats(9, 6, 0, 3)),
])
def test_statistics_reset_while_an_older_copy_plays_on_count_only_the_games_since(
        tmp_path, since_reset, older_copy, expected):
    """A copy of the version before the database, still running, writes
    its counts whole after its next game; the player had reset Beginner's
    statistics here meanwhile. Its best streak, made of games reset, came
    with its one new game: more wins in a row than wins (the line then
    failed its checks and Statistics said 0 games, and the next game
    counted from nothing), or a streak that no longer was."""
    _records_json(tmp_path, 10, 8, 8, 8)
    store = open_store(tmp_path)
    assert store.statistics("beginner") == LevelStats(10, 8, 8, 8)
    store.reset_statistics("beginner")
    for seed, result in enumerate(since_reset, start=2):
        store.record_game(game(seed=seed, result=result))
    store.close()
    _records_json(tmp_path, *older_copy)
    store = open_store(tmp_path)
    assert store.statistics("beginner") == expected and store.notices == []
    store.record_game(game(seed=99))                       # counted on from there
    assert store.statistics("beginner") == expected.after(won=True)
    store.close()


def test_an_older_copys_win_lengthens_the_streak_won_here_since_the_import(tmp_path):
    """Three wins imported, two more won here, then the older copy still
    running writes its fourth win: six in a row, the best streak too (a best
    streak shorter than the current one fails the line's checks: read as
    no game at all)."""
    _records_json(tmp_path, 3, 3, 3, 3)
    store = open_store(tmp_path)
    for seed in (2, 3):
        store.record_game(game(seed=seed))
    store.close()
    _records_json(tmp_path, 4, 4, 4, 4)
    store = open_store(tmp_path)
    assert store.statistics("beginner") == LevelStats(6, 6, 6, 6) and store.notices == []
    store.close()


def _records_json_with_times(directory: Path, times: list[tuple[str, int]], played: int) -> None:
    """A records.json of the version before the database: Beginner's best
    times (``times``, names and milliseconds) and ``played`` games, all won."""
    zero = {"played": 0, "won": 0, "current_streak": 0, "best_streak": 0}
    beginner = {"played": played, "won": played, "current_streak": played, "best_streak": played}
    table = [{"name": name, "time_ms": time_ms, "date": "2026-11-22T10:00:00", "bbbv": 10,
              "bbbv_per_s": 1.0} for name, time_ms in times]
    (directory / "records.json").write_text(json.dumps(
        {"schema": 1, "best_times": {"beginner": table, "intermediate": [], "expert": []},
         "statistics": {"beginner": beginner, "intermediate": zero, "expert": zero,
                        "custom": zero}}), "utf-8")


def test_best_times_reset_while_an_older_copy_plays_on_stay_reset(tmp_path):
    """The player reset Beginner's Best Times (asked first) while a copy of
    the version before the database still ran; that copy, after its next
    win, wrote its file again with every time it had read at its start:
    the times reset all came back. Only its new time is added, as only its
    new games are counted."""
    _records_json_with_times(tmp_path, [("Ann", 20_000), ("Bob", 30_000)], 2)
    store = open_store(tmp_path)
    assert [t.name for t in store.best_times("beginner")] == ["Ann", "Bob"]
    store.reset_best_times("beginner")
    store.close()
    _records_json_with_times(tmp_path, [("Ann", 20_000), ("Bob", 30_000), ("Cy", 40_000)], 3)
    store = open_store(tmp_path)
    assert [(t.name, t.time_ms) for t in store.best_times("beginner")] == [("Cy", 40_000)]
    assert store.notices == []
    store.close()


def test_records_a_newer_copy_migrated_while_the_disk_was_full_are_told_as_such(
        tmp_path, monkeypatch):
    """The disk full (told: the results wait for room), a newer copy then
    migrates records.db: the games will never be written there, and the
    player is told so once. Saving already off, it went unsaid."""
    def insert_game(*args, **kwargs):       # the disk full as the game is written
        raise disk_full()
    monkeypatch.setattr(ledger, "insert_game", insert_game)
    store = open_store(tmp_path)
    store.record_game(game(time_ms=20_000))
    assert not store.flush()
    [full] = store.take_notices()
    assert "newer version" not in full
    migrated_by_a_newer_version(tmp_path / "records.db")
    store.record_game(game(time_ms=9_000))
    assert not store.flush()
    [told] = store.take_notices()
    assert "records.db" in told and "newer version" in told
    store.record_game(game(time_ms=8_000, result="lost"))
    store.flush()
    store.close()
    assert store.take_notices() == [] and store.unsaved is None


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_a_copy_of_the_settings_no_one_may_read_is_written_readable_by_its_owner(tmp_path):
    """settings.kept.json at mode 000 (a ``chmod`` on the folder's files)
    was written again at every save with the mode it had, 000, so that it
    could never be read back: what an older copy's settings.json lacks was
    never filled in from it. Its owner may read and write it again; the
    rest of its mode is kept."""
    kept = tmp_path / "settings.kept.json"
    kept.write_text('{"schema": 1, "settings": {}}')
    kept.chmod(stat.S_IRGRP)
    store = open_store(tmp_path)
    store.settings = chosen()
    store.save_settings()
    assert store.flush()
    store.close()
    assert stat.S_IMODE(kept.stat().st_mode) == stat.S_IRUSR | stat.S_IWUSR | stat.S_IRGRP
    assert json.loads(kept.read_text())["settings"]["scale"] == chosen().scale
