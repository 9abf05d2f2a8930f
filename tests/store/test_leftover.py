"""Results a copy could not save before it closed, the disk still full: kept
in its own file (room set aside while the disk had some) and taken into the
records at the next start, once (see ``game.store.leftover``)."""

from __future__ import annotations

import errno
import json
import os
import sqlite3
from contextlib import closing
from dataclasses import replace
from datetime import datetime
from pathlib import Path

import pytest

from game import i18n
from game.replay.format import MAX_BYTES as MAX_REPLAY_BYTES
from game.store import GameRecord, Store, leftover, leftover_steps, room, unfinished
from game.store.best_times import BestTime
from game.store.names import clean_name
from game.store.newer import Newer
from game.store.notices import Notices
from game.store.statistics import LevelStats

from .helpers import Clock, FullDisk, game, open_store, reopen

#: A replay about the size of a beginner game's.
REPLAY = '{"moves": "' + "r" * 2_000 + '"}'


def won(player: int, n: int) -> GameRecord:
    return game(seed=player * 1000 + n, time_ms=10_000 + player * 1000 + n)


def two_copies_winning(folder: Path, wins: int) -> list[Store]:
    """Two copies of the game on ``folder``, each having won ``wins`` games
    (its game in progress kept as it played, as the window does)."""
    copies = [open_store(folder), open_store(folder)]
    for n in range(wins):
        for player, copy in enumerate(copies):
            copy.hold_unfinished(won(player, n))
            copy.record_game(won(player, n), replay=REPLAY)
    return copies


#: A game as the store dates it.
DATED = game(date="2026-11-22T15:30:00")


def written(owner: str, steps: list[leftover_steps.Step]) -> bytes:
    """What a closing copy writes for ``steps`` with room for all."""
    return leftover_steps.document(owner, steps, None)[0]


def side_files(folder: Path) -> list[Path]:
    return sorted(folder.glob(f"unfinished-*{leftover.SUFFIX}"))


def test_each_copy_sets_room_aside_with_its_first_game_and_gives_it_back(tmp_path):
    store = open_store(tmp_path)
    assert side_files(tmp_path) == []
    store.hold_unfinished(game(result="abandoned"))
    [reserve] = side_files(tmp_path)
    assert reserve.read_bytes() == bytes(leftover.RESERVE_BYTES)     # written, not a hole
    store.record_game(game())
    store.close()
    assert side_files(tmp_path) == []


def test_on_a_disk_short_of_room_the_reserve_is_one_block(tmp_path, monkeypatch):
    """More would take the room SQLite needs to save the games at all."""
    monkeypatch.setattr(room, "free_bytes", lambda folder: room.CRAMPED_BYTES - 1)
    store = open_store(tmp_path)
    store.hold_unfinished(game(result="abandoned"))
    [reserve] = side_files(tmp_path)
    assert reserve.stat().st_size == leftover.CRAMPED_RESERVE_BYTES
    store.close()


def test_copies_closed_on_a_still_full_disk_keep_their_results_for_the_next_start(
        tmp_path, monkeypatch):
    """The wins the writers still held as the copies closed were lost, and
    those whose game in progress had been kept counted as abandoned at the
    next start: here every one reaches the records then, with its replay."""
    disk = FullDisk(monkeypatch)
    first, second = two_copies_winning(tmp_path, 2)
    second.record_game(game(seed=7, result="lost"))
    first.close()
    second.close()
    assert first.unsaved is not None and first.unsaved.startswith(
        f"2 results could not be saved in '{tmp_path}' (database or disk is full) before the "
        f"game closed: they were kept in '{tmp_path}{os.sep}unfinished-")
    assert first.unsaved.endswith(".games' and will be added to your records at the next start.")
    assert second.unsaved is not None and second.unsaved.startswith("3 results could not")
    i18n.set_language("fr")
    try:
        assert first.unsaved.endswith(
            ".games\u202f» et seront ajoutés à vos scores au prochain lancement.")
    finally:
        i18n.set_language("en")
    assert len(side_files(tmp_path)) == 2
    disk.room()
    store = open_store(tmp_path)
    assert sorted((g.seed, g.result) for g in store.history()) == [
        (0, "won"), (1, "won"), (7, "lost"), (1000, "won"), (1001, "won")]
    assert (store.statistics("beginner").played, store.statistics("beginner").won) == (5, 4)
    assert all(store.replay(g.game_id) == REPLAY for g in store.history() if g.won)
    assert len(store.best_times("beginner")) == 4
    assert side_files(tmp_path) == []
    assert reopen(store).count_games() == 5


def test_a_best_time_named_on_a_full_disk_keeps_its_name(tmp_path, monkeypatch):
    disk = FullDisk(monkeypatch)
    store = open_store(tmp_path)
    win = game()
    assert store.record_game(win) == 1
    store.name_best_time(win, "Ada")
    store.close()
    disk.room()
    assert [entry.name for entry in open_store(tmp_path).best_times("beginner")] == ["Ada"]


def test_a_name_of_any_length_is_kept_as_the_records_would_keep_it(tmp_path, monkeypatch):
    """The file keeps a name cleaned (20 characters at most): one as long as
    a caller may pass went beyond what a step's name may hold when read,
    and the whole file was set aside."""
    disk = FullDisk(monkeypatch)
    store = open_store(tmp_path)
    win = game()
    store.record_game(win)
    store.name_best_time(win, "Ada" * 1_000)
    store.close()
    disk.room()
    again = open_store(tmp_path)
    assert again.take_notices() == []
    assert [entry.name for entry in again.best_times("beginner")] == [clean_name("Ada" * 1_000)]


def disk_with(monkeypatch: pytest.MonkeyPatch, room: int) -> None:
    """The side files' disk: room for each file to hold ``room`` bytes, or
    what it holds already (a short write up to there, then ENOSPC, as a
    full disk does)."""
    real = os.write

    def write(fd: int, data: bytes) -> int:
        allowed = max(os.fstat(fd).st_size, room) - os.lseek(fd, 0, os.SEEK_CUR)
        if allowed <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(fd, data[:allowed])
    monkeypatch.setattr(leftover.os, "write", write)


def test_a_win_that_did_not_fit_is_not_counted_as_abandoned(tmp_path, monkeypatch):
    """Room for a few hundred bytes only (the reserve could not be taken):
    the win is lost, as the player is told, but its game in progress, kept
    in the records before the disk filled, no longer counts as a loss."""
    disk_with(monkeypatch, 400)
    store = open_store(tmp_path)
    store.hold_unfinished(won(0, 0))
    assert store.flush()
    disk = FullDisk(monkeypatch)
    store.record_game(won(0, 0), replay=REPLAY)
    store.close()
    assert store.unsaved == (f"1 result could not be saved in '{tmp_path}' (database or disk "
                             f"is full) before the game closed, and is lost.")
    disk.room()
    again = open_store(tmp_path)
    assert again.history() == []
    assert again.statistics("beginner") == LevelStats()
    assert side_files(tmp_path) == []


def test_a_loss_that_did_not_fit_still_counts_as_abandoned(tmp_path, monkeypatch):
    """A full disk is no way to keep a streak: a lost game left unsaved
    counts as abandoned from its game in progress, as a killed copy's."""
    disk_with(monkeypatch, 400)
    store = open_store(tmp_path)
    store.hold_unfinished(game(result="abandoned", seed=3))
    assert store.flush()
    disk = FullDisk(monkeypatch)
    store.record_game(game(result="lost", seed=3), replay=REPLAY)
    store.close()
    disk.room()
    assert [g.result for g in open_store(tmp_path).history()] == ["abandoned"]


def test_only_the_games_that_fit_are_kept_the_rest_said_lost(tmp_path, monkeypatch):
    """Room for two wins with their replays, and the third without: the
    fourth is lost."""
    disk = FullDisk(monkeypatch)
    store = open_store(tmp_path)
    store.hold_unfinished(won(0, 0))
    for n in range(4):
        store.record_game(won(0, n), replay=REPLAY)
    disk_with(monkeypatch, 0)
    dated = [replace(won(0, n), date="2026-11-22T15:30:00") for n in range(3)]
    fitting = [leftover_steps.Held(dated[0]), *(leftover_steps.Recorded(g, "0" * 32, REPLAY)
                                          for g in dated[:2]),
               leftover_steps.Recorded(dated[2], "0" * 32)]
    room = len(written(store._owner, fitting)) + 100
    target = leftover.path(tmp_path, store._owner)
    target.write_bytes(bytes(room))               # the reserve, as taken
    store.close()
    assert store.unsaved is not None and store.unsaved.startswith("1 result could not be")
    assert store.unsaved.endswith("is lost. 3 results could not be saved in "
                                  f"'{tmp_path}' (database or disk is full) before the game "
                                  f"closed: they were kept in '{target}' and will be added to "
                                  "your records at the next start.")
    assert target.stat().st_size == room         # no more room taken
    disk.room()
    again = open_store(tmp_path)
    kept = sorted(again.history(), key=lambda g: g.seed or 0)
    assert [g.seed for g in kept] == [0, 1, 2]
    assert [again.replay(g.game_id) is not None for g in kept] == [True, True, False]


def test_results_are_taken_in_once_even_if_their_file_comes_back(tmp_path, monkeypatch):
    """A start killed once the results are in the records but before their
    file is removed: the next start finds it again, and must not add them twice."""
    disk = FullDisk(monkeypatch)
    store = open_store(tmp_path)
    store.record_game(game(), replay=REPLAY)
    store.close()
    [file] = side_files(tmp_path)
    content = file.read_bytes()
    disk.room()
    assert open_store(tmp_path).count_games() == 1
    file.write_bytes(content)
    again = open_store(tmp_path)
    assert again.count_games() == 1
    assert again.statistics("beginner").played == 1
    assert side_files(tmp_path) == []


def test_a_running_copys_file_is_left_alone(tmp_path):
    running = open_store(tmp_path)
    running.hold_unfinished(game(result="abandoned"))
    assert running.flush()
    [file] = side_files(tmp_path)
    file.write_bytes(written(running._owner, [leftover_steps.Recorded(DATED)]))
    other = open_store(tmp_path)
    assert other.count_games() == 0
    other.close()
    assert side_files(tmp_path) == [file]
    running.close()


@pytest.mark.parametrize("content", [
    b"not json", b'{"schema": 1, "owner": "OWNER", "steps": [{"record": {"level": "x"}}]}',
    b'{"schema": 1, "owner": "OWNER", "steps": [{"name": 5, "token": "t"}]}',
    b'{"schema": 1, "owner": "someone else", "steps": []}', b"[" * 100_000])
def test_a_file_that_cannot_be_read_is_set_aside_and_told_once(tmp_path, content):
    owner = "a" * 32
    file = leftover.path(tmp_path, owner)
    data = content.replace(b"OWNER", owner.encode())
    file.write_bytes(data)
    store = open_store(tmp_path)
    [notice] = store.take_notices()
    [aside] = tmp_path.glob("unfinished-*.corrupt-*")
    assert aside.read_bytes() == data                  # never deleted
    assert aside.name in notice and notice.startswith("Results that could not be saved")
    assert store.history() == []
    assert reopen(store).take_notices() == []


@pytest.mark.parametrize("sound", ["a" * 32, "c" * 32], ids=["before", "after"])
def test_a_file_the_records_refuse_is_set_aside_whole(tmp_path, sound):
    """A best-time token the records already hold (a hand edit copying a
    game): none of the file's games is taken in, and the start goes on,
    another copy's file (read before it or after) taken in all the same."""
    store = open_store(tmp_path)
    store.record_game(game())
    store.close()
    with sqlite3.connect(tmp_path / "records.db") as db:
        [(token,)] = db.execute("SELECT token FROM best_times").fetchall()
    owner = "b" * 32
    leftover.path(tmp_path, owner).write_bytes(written(
        owner, [leftover_steps.Recorded(DATED), leftover_steps.Recorded(DATED, token)]))
    leftover.path(tmp_path, sound).write_bytes(written(
        sound, [leftover_steps.Recorded(replace(DATED, seed=5, result="lost"))]))
    again = open_store(tmp_path)
    assert [g.seed for g in again.history()] == [5, 1]
    assert len(again.take_notices()) == 1
    [aside] = tmp_path.glob("unfinished-*.corrupt-*")
    assert aside.name.startswith(f"unfinished-{owner}")
    assert side_files(tmp_path) == [aside]


def test_no_room_even_for_a_word_leaves_nothing_unreadable(tmp_path, monkeypatch):
    """50 bytes: the start of the text written there before the disk said
    it was full would be an unreadable file, set aside and told of at the
    next start. It is blanked: the win is lost, as the player was told."""
    disk_with(monkeypatch, 50)
    store = open_store(tmp_path)
    store.hold_unfinished(won(0, 0))
    disk = FullDisk(monkeypatch)
    store.record_game(won(0, 0), replay=REPLAY)
    store.close()
    assert store.unsaved is not None and store.unsaved.endswith("and is lost.")
    disk.room()
    again = open_store(tmp_path)
    assert again.take_notices() == []
    assert side_files(tmp_path) == []


def test_a_newer_versions_file_is_left_alone_with_its_game_in_progress(tmp_path):
    """A later version may write these files otherwise: set aside as
    damaged, its results never reached the version that could read them,
    and the game its copy left in progress (a win among them) counted as
    abandoned here. It waits for that version, untouched, as every file a
    newer version wrote does."""
    open_store(tmp_path).close()
    owner = "d" * 32                            # a copy of that version, killed mid-game
    with closing(sqlite3.connect(tmp_path / "records.db")) as db, db:
        unfinished.hold(db, owner, DATED)
    file = leftover.path(tmp_path, owner)
    data = b'{"schema": %d, "owner": "%s", "results": []}' % (leftover_steps._SCHEMA + 1,
                                                              owner.encode())
    file.write_bytes(data)
    store = open_store(tmp_path)
    assert store.take_notices() == []
    assert store.history() == []
    assert file.read_bytes() == data
    assert list(tmp_path.glob("unfinished-*.corrupt-*")) == []
    assert reopen(store).history() == []
    with closing(sqlite3.connect(tmp_path / "records.db")) as db:
        assert db.execute("SELECT owner FROM unfinished").fetchall() == [(owner,)]


def test_a_copy_starting_as_another_closes_without_a_lock_leaves_its_results(
        tmp_path, monkeypatch):
    """A copy that never took its lock (no game kept in progress: the
    records were refused from its start) writes its file as it closes: a
    copy starting then found it empty, as a killed copy's reserve, and
    removed it; the results went into a file no longer there."""
    disk = FullDisk(monkeypatch)
    store = open_store(tmp_path)
    store._saving = False                       # refused from the start: no lock taken
    store.record_game(won(0, 0), replay=REPLAY)
    real = leftover._write_at
    others: list[Store] = []

    def write_at(fd: int, data: bytes) -> None:
        if not others:                          # the disk has room again, and
            disk.room()                         # another copy starts this instant
            others.append(open_store(tmp_path))
        real(fd, data)
    monkeypatch.setattr(leftover, "_write_at", write_at)
    store.close()
    assert others and store.unsaved is not None and "will be added" in store.unsaved
    others[0].close()
    monkeypatch.setattr(leftover, "_write_at", real)
    again = open_store(tmp_path)
    assert [(g.seed, g.result) for g in again.history()] == [(0, "won")]
    assert side_files(tmp_path) == [] and not list(tmp_path.glob("unfinished-*.lock"))


def test_a_copy_keeps_no_more_than_the_next_start_reads(tmp_path, monkeypatch):
    """A file beyond ``MAX_BYTES`` (months of games refused by records that
    took no writes, on a disk with room) was written whole, then refused
    whole at the next start as too large: set aside, not one game taken in.
    Only the games that fit under it are kept; the rest are said lost."""
    disk = FullDisk(monkeypatch)
    store = open_store(tmp_path)
    for n in range(4):
        store.record_game(won(0, n), replay=REPLAY)
    dated = [replace(won(0, n), date="2026-11-22T15:30:00") for n in range(2)]
    monkeypatch.setattr(leftover, "MAX_BYTES", len(written(
        store._owner, [leftover_steps.Recorded(g, "0" * 32, REPLAY) for g in dated])) + 100)
    store.close()
    assert store.unsaved is not None and store.unsaved.startswith("2 results could not be")
    assert "are lost. 2 results could not be saved" in store.unsaved
    disk.room()
    again = open_store(tmp_path)
    assert again.take_notices() == []
    assert sorted(g.seed for g in again.history()) == [0, 1]


def test_a_link_to_nothing_is_set_aside_and_told_once(tmp_path):
    """A symbolic link to a file gone (moved, a drive not mounted) was
    neither read nor set aside: left for ever, asked about at every start."""
    owner = "e" * 32
    leftover.path(tmp_path, owner).symlink_to(tmp_path / "elsewhere" / "gone.games")
    store = open_store(tmp_path)
    [notice] = store.take_notices()
    assert notice.startswith("Results that could not be saved")
    [aside] = tmp_path.glob("unfinished-*.corrupt-*")
    assert aside.is_symlink()                          # never deleted

    assert reopen(store).take_notices() == []


# -- a hostile file's bounds ---------------------------------------------------

OWNER = "c" * 32
HEAD = b'{"schema": 1, "owner": "%s", "steps": [' % OWNER.encode()
#: A step as a copy writes it, the game's fields as ``GAME`` stands for them.
STEP = b'{"record": GAME, "token": null, "replay": null}'
GAME = json.dumps(leftover_steps._game(DATED)).encode()


def read_file(folder: Path, data: bytes) -> tuple[leftover_steps.Leftover | None, list[str]]:
    """What ``leftover.read`` makes of ``data`` as ``OWNER``'s file, and
    what the player is told."""
    leftover.path(folder, OWNER).write_bytes(data)
    told = Notices()
    found = leftover.read(folder, OWNER, tell=told, now=datetime(2026, 11, 22))
    return None if found is None else found[0], told.take()


def set_aside_once(folder: Path, data: bytes) -> None:
    found, told = read_file(folder, data)
    assert found is None and len(told) == 1 and told[0].startswith("Results that")
    [aside] = folder.glob("unfinished-*.corrupt-*")
    assert aside.read_bytes() == data
    assert read_file(folder, b"")[1] == []             # told once: a new file tells nothing


@pytest.mark.parametrize("data", [
    HEAD + b"[], " * 100_000 + b"[]]}",
    HEAD + b"0, " * 100_000 + b"0]}",
    HEAD + b'{"a": ' * 100_000,
    HEAD + b'{"name": "' + b"x" * 1_000_000 + b'", "token": "' + b"0" * 32 + b'"}]}',
    HEAD + STEP.replace(b"GAME", b"[" + b"[], " * 1_000_000 + b"[]]") + b"]}",
    HEAD + STEP.replace(b"GAME", GAME).replace(b'"replay": null', b'"replay": [[], []]') + b"]}",
    HEAD + STEP.replace(b"GAME", GAME[:-1] + b', "x": "\xc3\xa9"}') + b"]}",     # not ASCII
    HEAD + STEP.replace(b"GAME", GAME) + b"]} []",
], ids=["[], steps", "0, steps", "nested", "long name", "[], in a game", "replay no text",
        "not ASCII", "more after"])
def test_a_crafted_file_is_set_aside_and_told_once(tmp_path, data):
    set_aside_once(tmp_path, data)


def test_a_games_fields_at_their_bound_are_taken_in_and_beyond_set_aside(tmp_path):
    padded = GAME[:-1] + b" " * (leftover_steps._GAME_CHARS - len(GAME)) + b"}"
    found, told = read_file(tmp_path, HEAD + STEP.replace(b"GAME", padded) + b"]}")
    assert found is not None and found.steps == (leftover_steps.Recorded(DATED),) and told == []
    set_aside_once(tmp_path, HEAD + STEP.replace(b"GAME", b"{ " + padded[1:]) + b"]}")


def test_a_replay_as_long_as_the_game_writes_one_is_taken_in(tmp_path):
    """The longest replay there is, of the characters the file spells out
    longest (six characters a byte, ``\\u0001``): its text at the bound."""
    replay = "\x01" * MAX_REPLAY_BYTES
    data = written(OWNER, [leftover_steps.Recorded(DATED, None, replay)])
    assert data.count(b"\\u0001") * 6 + 2 == leftover_steps._REPLAY_CHARS
    found, told = read_file(tmp_path, data)
    assert found is not None and found.steps == (leftover_steps.Recorded(DATED, None, replay),)
    set_aside_once(tmp_path, data.replace(b'"\\u0001', b'"\\u0001 ', 1))


def test_no_more_steps_than_the_bound_are_read_nor_written(tmp_path, monkeypatch):
    monkeypatch.setattr(leftover_steps, "MAX_STEPS", 3)
    steps = [leftover_steps.Recorded(replace(DATED, seed=n)) for n in range(4)]
    found, told = read_file(tmp_path, written(OWNER, steps[:3]))
    assert found is not None and found.steps == tuple(steps[:3]) and told == []
    assert written(OWNER, steps) == written(OWNER, steps[:3])[:-1] + b', "drop_held": true}'
    set_aside_once(tmp_path, written(OWNER, steps[:3])[:-2] + b", " + leftover_steps.encode(
        steps[3]) + b"]}")


def test_a_newer_versions_file_is_known_by_its_schema_before_its_steps(tmp_path):
    data = b'{"schema": 3, "owner": "%s", "steps": [' % OWNER.encode() + b"[], " * 10_000
    with pytest.raises(Newer):
        read_file(tmp_path, data)
    assert list(tmp_path.glob("unfinished-*.corrupt-*")) == []


# -- best times entered and resets ---------------------------------------------

ENTRY = BestTime("Ada", 5_000, "2026-11-22T15:30:00", 20, 4.0)


@pytest.mark.parametrize("steps, schema", [
    ([leftover_steps.Recorded(DATED), leftover_steps.Named("0" * 32, "Ada")], 1),
    ([leftover_steps.Held(DATED), leftover_steps.Reset("statistics", None)], 2),
    ([leftover_steps.Reset("best_times", ("expert", "modern", "grid"))], 2),
    ([leftover_steps.Added(("beginner", "modern", "grid"), ENTRY, "1" * 32)], 2),
])
def test_steps_are_read_as_written_and_new_kinds_state_schema_2(tmp_path, steps, schema):
    """The first version of the format set a file with a step it did not
    know aside as damage (its ``_decode_step`` read a ``name``): one holding
    a best time entered or a reset states a schema it leaves alone."""
    data = written(OWNER, steps)
    assert json.loads(data)["schema"] == schema
    found, told = read_file(tmp_path, data)
    assert found is not None and found.steps == tuple(steps) and told == []


def test_resets_and_best_times_entered_on_a_full_disk_are_kept_in_order(tmp_path, monkeypatch):
    """A reset the player asked for as the disk was full came back at the
    next start: its job had no step in the file, and was given up."""
    store = open_store(tmp_path)
    store.record_game(game(time_ms=9_000))
    store.record_game(game(level="expert", time_ms=99_000))
    store.close()
    disk = FullDisk(monkeypatch)
    store = open_store(tmp_path)
    store.reset_best_times("beginner")
    store.reset_statistics()
    store.record_game(game(time_ms=12_000, seed=2))
    store.add_best_time("intermediate", "Bob", 50_000, 30, 0.6)
    store.close()
    [file] = side_files(tmp_path)
    content = file.read_bytes()
    disk.room()
    again = open_store(tmp_path)
    assert [entry.time_ms for entry in again.best_times("beginner")] == [12_000]
    assert [entry.name for entry in again.best_times("intermediate")] == ["Bob"]
    assert len(again.best_times("expert")) == 1                   # not that level's
    assert again.statistics("beginner").played == 1
    assert again.statistics("expert") == LevelStats()
    again.close()
    file.write_bytes(content)                                     # not taken in twice
    last = reopen(again)
    assert last.take_notices() == []
    assert [entry.time_ms for entry in last.best_times("beginner")] == [12_000]
    assert side_files(tmp_path) == []


@pytest.mark.parametrize("resetting", [0, 1], ids=["first file", "last file"])
def test_a_reset_counts_the_games_of_other_copies_after_it_and_not_those_before(
        tmp_path, monkeypatch, resetting):
    """Two copies on a full disk: one zeroes the statistics between the
    other's games. Each file was taken in whole, in the order of the
    copies' random handles: the game before the reset counted in one
    order, the one after was zeroed in the other. Taken in by date, the
    game after it alone counts, whichever file comes first."""
    disk = FullDisk(monkeypatch)
    clock = Clock()
    copies = sorted([open_store(tmp_path, clock), open_store(tmp_path, clock)],
                    key=lambda copy: copy._owner)      # the order the files are read in
    resets, plays = copies[resetting], copies[1 - resetting]
    resets.record_game(game(seed=1, time_ms=9_000))
    clock.advance()
    plays.record_game(game(seed=2, time_ms=8_000))
    clock.advance()
    resets.reset_statistics("beginner")
    clock.advance()
    plays.record_game(game(seed=3, time_ms=7_000, result="lost"))
    for copy in copies:
        copy.close()
    disk.room()
    again = open_store(tmp_path)
    assert sorted(g.seed for g in again.history()) == [1, 2, 3]
    assert (again.statistics("beginner").played, again.statistics("beginner").won) == (1, 0)


def test_a_reset_that_fits_is_kept_after_games_that_do_not(tmp_path):
    """Room for the reset but not the win before it: the win is lost, as
    the player is told, and the reset the player asked for is kept (a
    game in progress of that win not counted as abandoned)."""
    steps = [leftover_steps.Recorded(DATED, None, REPLAY), leftover_steps.Named("0" * 32, "Ada"),
             leftover_steps.Reset("statistics", None)]
    alone = written(OWNER, [steps[2]])
    room = len(alone) + len(b', "drop_held": true') + len(b", ")    # counted for each step
    data, kept = leftover_steps.document(OWNER, steps, room)
    assert kept == 0 and data == alone[:-1] + b', "drop_held": true}'
    found, told = read_file(tmp_path, data)
    assert found == leftover_steps.Leftover((steps[2],), True) and told == []
