"""Statistics per level: played, won, win rate, current and best streak."""

import shutil
import sqlite3
from pathlib import Path

import pytest

from game.store import LevelStats, questions

from .helpers import game, open_store, reopen


def play(store, level, results):
    for result in results:
        store.record_game(game(level, result=result))


def test_a_streak_is_wins_in_a_row_and_the_best_one_is_kept(tmp_path):
    store = open_store(tmp_path)
    play(store, "beginner", ["won", "won", "won", "lost", "won"])
    assert store.statistics("beginner") == LevelStats(played=5, won=4, current_streak=1,
                                                      best_streak=3)
    assert store.statistics("beginner").win_rate == pytest.approx(0.8)


def test_statistics_survive_a_restart(tmp_path):
    store = open_store(tmp_path)
    play(store, "expert", ["lost", "won", "won"])
    assert reopen(store).statistics("expert") == LevelStats(3, 2, 2, 2)


def test_levels_are_counted_apart_and_custom_sizes_share_one_line(tmp_path):
    store = open_store(tmp_path)
    play(store, "intermediate", ["won"])
    store.record_game(game("custom", width=20, height=12, mines=30))
    store.record_game(game("custom", width=50, height=40, mines=500, result="lost"))
    assert store.statistics("intermediate") == LevelStats(1, 1, 1, 1)
    assert store.statistics("custom") == LevelStats(2, 1, 0, 1)
    assert store.statistics("beginner") == LevelStats()
    assert store.statistics("expert").win_rate == 0.0


def test_an_abandoned_game_counts_as_a_loss(tmp_path):
    store = open_store(tmp_path)
    play(store, "beginner", ["won", "won", "abandoned"])
    assert store.statistics("beginner") == LevelStats(played=3, won=2, current_streak=0,
                                                      best_streak=2)


def test_an_assisted_game_changes_no_statistics(tmp_path):
    store = open_store(tmp_path)
    play(store, "beginner", ["won"])
    store.record_game(game(assisted=True, result="lost"))
    store.record_game(game(assisted=True))
    assert store.statistics("beginner") == LevelStats(1, 1, 1, 1)
    assert len(store.history()) == 3


def test_a_game_in_progress_is_kept_without_the_seed_that_gives_its_mines(tmp_path):
    """records.db can be read while the game is played: the seed kept there
    would give the mines of the game in progress (its first click is on
    the board). A seed the player chose is theirs already."""
    import sqlite3
    from contextlib import closing

    store = open_store(tmp_path)
    store.hold_unfinished(game(result="abandoned", seed=8_128_256_512))
    store.flush()
    with closing(sqlite3.connect(tmp_path / "records.db")) as db:
        [(kept,)] = db.execute("SELECT game FROM unfinished").fetchall()
    assert "8128256512" not in kept
    store.hold_unfinished(game(result="abandoned", seed=77, chosen_seed=True))
    store.close()                                  # gone with that game unrecorded
    assert [(g.seed, g.chosen_seed) for g in open_store(tmp_path).history()] == [(77, True)]


def test_a_game_on_a_chosen_seed_changes_no_statistics(tmp_path):
    """Its board could be known in advance: like an assisted game, it goes
    to the history only, and so does its abandoned copy left by a kill."""
    store = open_store(tmp_path)
    play(store, "beginner", ["won"])
    store.record_game(game(chosen_seed=True, result="lost"))
    store.record_game(game(chosen_seed=True))
    store.hold_unfinished(game(chosen_seed=True, result="abandoned"))
    store.close()                                  # gone with that game unrecorded
    again = open_store(tmp_path)
    assert again.statistics("beginner") == LevelStats(1, 1, 1, 1)
    assert [(g.result, g.chosen_seed) for g in again.history()] == [
        ("abandoned", True), ("won", True), ("lost", True), ("won", False)]


def test_reset_one_level_or_all(tmp_path):
    store = open_store(tmp_path)
    for level in ("beginner", "intermediate", "expert", "custom"):
        play(store, level, ["won"])
    store.reset_statistics("expert")
    again = reopen(store)
    assert again.statistics("expert") == LevelStats()
    assert again.statistics("custom") == LevelStats(1, 1, 1, 1)
    again.reset_statistics()
    again = reopen(again)
    assert all(again.statistics(level) == LevelStats()
               for level in ("beginner", "intermediate", "expert", "custom"))


def test_reset_keeps_the_same_level_in_another_style_and_shape(tmp_path):
    """The Statistics dialog resets the line it shows: Beginner on hexagons
    in the XP style. The same level's other lines (the grid, Windows 3.1)
    keep their counts; resetting the grid's line instead passed."""
    store = open_store(tmp_path)
    lines = [("xp", "hex"), ("xp", "grid"), ("win31", "hex")]
    for style, shape in lines:
        store.record_game(game(style=style, shape=shape))
    store.reset_statistics("beginner", style="xp", shape="hex")
    again = reopen(store)
    assert again.statistics("beginner", style="xp", shape="hex") == LevelStats()
    for style, shape in lines[1:]:
        assert again.statistics("beginner", style=style, shape=shape) == LevelStats(1, 1, 1, 1)
    again.reset_best_times("beginner", style="xp", shape="hex")
    again = reopen(again)
    assert again.best_times("beginner", style="xp", shape="hex") == []
    for style, shape in lines[1:]:
        assert len(again.best_times("beginner", style=style, shape=shape)) == 1


def test_resetting_statistics_keeps_best_times_and_history(tmp_path):
    store = open_store(tmp_path)
    store.record_game(game())
    store.reset_statistics()
    again = reopen(store)
    assert len(again.best_times("beginner")) == 1 and len(again.history()) == 1


def test_a_game_kept_in_progress_is_counted_once_whatever_ends_it(tmp_path):
    """A game kept while played (for a copy killed mid-game) and then
    recorded is one game; another copy starting meanwhile leaves the living
    copy's game alone; a game still kept when its copy is gone is recorded
    as abandoned at the next start."""
    store = open_store(tmp_path)
    store.hold_unfinished(game(result="abandoned", time_ms=3_000))
    store.flush()
    other = open_store(tmp_path)                   # the first copy still runs
    assert other.history() == []
    other.close()
    store.record_game(game())                      # the same game, won
    store = reopen(store)
    assert [(g.level, g.result) for g in store.history()] == [("beginner", "won")]
    store.hold_unfinished(game("expert", result="abandoned", time_ms=4_000))
    store.close()                                  # gone with the Expert game unrecorded
    again = open_store(tmp_path)
    assert [(g.level, g.result) for g in again.history()] == [("expert", "abandoned"),
                                                               ("beginner", "won")]
    assert again.statistics("beginner") == LevelStats(1, 1, 1, 1)
    assert again.statistics("expert") == LevelStats(1, 0, 0, 0)
    assert reopen(again).count_games() == 2


def test_a_game_kept_after_the_data_folder_was_deleted_is_counted_once(tmp_path):
    """The player deletes the data folder to start afresh while the game
    runs: this copy's lock went with it, so another copy starting meanwhile
    took the game this copy was still playing for one left by a dead copy,
    recorded it as abandoned, and this copy then recorded it again, won:
    one game, played twice in the statistics."""
    folder = tmp_path / "Minesweeper"
    store = open_store(folder)
    store.hold_unfinished(game(result="abandoned", seed=1))
    store.record_game(game(seed=1))
    assert store.flush()
    shutil.rmtree(folder)
    store.hold_unfinished(game(result="abandoned", seed=2))   # the next game, played on
    store.flush()
    store.hold_unfinished(game(result="abandoned", seed=2, time_ms=20_000))
    store.flush()
    other = open_store(folder)                    # the first copy still runs
    other.close()
    store.record_game(game(seed=2, time_ms=20_000))
    store = reopen(store)
    assert [g.result for g in store.history()] == ["won"]
    assert store.statistics("beginner") == LevelStats(1, 1, 1, 1)
    store.close()


def test_no_lock_file_is_left_where_an_open_file_cannot_be_deleted(tmp_path, monkeypatch):
    """Windows deletes no file still open: a copy removed its lock file (and
    a settling copy a dead copy's) while holding it, so on Windows one file
    was left in the data folder per run. Here a file is refused deletion
    while a lock on it is held, as there."""
    from game.store import interlock, unfinished

    held: dict[int, str] = {}
    real_hold, real_let_go, real_unlink = interlock.hold, interlock.let_go, Path.unlink

    def hold(path, **options):
        fd = real_hold(path, **options)
        if fd is not None:
            held[fd] = str(path)
        return fd

    def let_go(fd):
        held.pop(fd, None)
        real_let_go(fd)

    def unlink(self, *args, **kwargs):
        if str(self) in held.values():
            raise PermissionError(13, "The process cannot access the file", str(self))
        real_unlink(self, *args, **kwargs)

    monkeypatch.setattr(interlock, "hold", hold)
    monkeypatch.setattr(interlock, "let_go", let_go)
    monkeypatch.setattr(unfinished.interlock, "hold", hold)
    monkeypatch.setattr(unfinished.interlock, "let_go", let_go)
    monkeypatch.setattr(Path, "unlink", unlink)
    store = open_store(tmp_path)
    store.hold_unfinished(game(result="abandoned"))
    store.close()                                  # its own lock file, let go and removed
    assert not list(tmp_path.glob("unfinished-*.lock"))
    dead = unfinished.lock_path(tmp_path, "c" * 32)
    dead.write_text("")                            # a copy gone without a game
    open_store(tmp_path).close()
    assert not list(tmp_path.glob("unfinished-*.lock"))


def test_hostile_games_kept_in_progress_are_set_aside_without_harm(tmp_path):
    """A hand-edited or hostile row of games in progress — an owner that is
    a path, a game nested beyond the stack, text where a game belongs — is
    set aside (README, Records: never deleted): the store opens, counts
    nothing, touches no file it names, and keeps every row in one file."""
    import json
    import sqlite3
    from contextlib import closing

    open_store(tmp_path).close()
    outside = tmp_path.parent / f"{tmp_path.name}-outside.lock"
    outside.write_text("kept")
    rows = [(f"../{outside.name.removesuffix('.lock')}", '{"level": "beginner"}'),
            ("a" * 32, "[" * 100_000 + "]" * 100_000),
            ("b" * 32, "not a game")]
    with closing(sqlite3.connect(tmp_path / "records.db")) as db, db:
        db.executemany("INSERT INTO unfinished (owner, game) VALUES (?, ?)", rows)
    store = open_store(tmp_path)
    assert store.history() == [] and store.statistics("beginner") == LevelStats()
    assert len(store.take_notices()) == 1
    store.close()
    with closing(sqlite3.connect(tmp_path / "records.db")) as db:
        assert db.execute("SELECT count(*) FROM unfinished").fetchone()[0] == 0
    assert outside.read_text() == "kept"
    [aside] = tmp_path.glob("unfinished.corrupt-*.json")
    kept = json.loads(aside.read_text())
    assert sorted((row["owner"], row["game"]) for row in kept) == sorted(rows)


def test_a_file_whose_streak_outruns_its_wins_leaves_the_line_readable():
    """A file that continues one imported before, its streak longer than the
    wins the line counts (its counts contradict the file it continues: a
    loss gained while its streak says its last games were all won), once
    lengthened the line's streak past its wins: the line then read as no
    statistics at all, and the next game overwrote the player's counts."""
    import sqlite3

    from game.store import ledger, schema

    db = sqlite3.connect(":memory:")
    schema.migrate(db)
    key = ("beginner", "xp", "grid")
    ledger.add_statistics(db, key, LevelStats(3, 3, 3, 3))
    ledger.add_statistics(db, key, LevelStats(2, 1, 5, 0), later=True)
    assert ledger.read_statistics(db, key) == LevelStats(5, 4, 4, 4)


def _steps(store, question) -> int:
    """The SQLite steps ``question`` takes on ``store``'s records (counted,
    not timed: the same on any machine)."""
    store.flush()
    db = sqlite3.connect(store.directory / "records.db")
    counted = [0]

    def count() -> int:
        counted[0] += 1
        return 0

    db.set_progress_handler(count, 1)
    try:
        question.query(db)
    finally:
        db.close()
    return counted[0]


def test_a_level_never_played_has_its_statistics_page_read_without_the_games(tmp_path):
    """The Statistics page of a level with nothing counted reads none of the
    history: its chart would show none of those games (``counted_games``),
    and looking for them went through every game there is, 65 ms of the
    reader's on a million, at each such page turned."""
    store = open_store(tmp_path)
    key = ("intermediate", "modern", "grid")
    before = _steps(store, questions.level_records(key, 50))
    play(store, "beginner", ["lost"] * 300)
    assert _steps(store, questions.level_records(key, 50)) == before
    store.record_game(game("intermediate", time_ms=60_000))
    assert _steps(store, questions.level_records(key, 50)) > before + 300   # now it looks
