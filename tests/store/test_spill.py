"""A dead copy's journal of the results it finished while its records
waited for another copy's lock (``spill``): taken in once by the next copy
to open the records, each step once however often it appears, and what
cannot be read set aside, never deleted, the player told once."""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path

from game.store import Store, leftover_steps, spill

from .helpers import files_in, game, players_at_once

OWNER = "d" * 32


def journal(directory, steps) -> bytes:
    """A journal as a copy writes it, its steps numbered from 1."""
    return b"".join(spill.written(spill.mark(OWNER, n), step) for n, step in enumerate(steps, 1))


def test_a_dead_copy_s_journal_is_taken_in_once_and_removed(tmp_path):
    Store(tmp_path).close()
    steps = [leftover_steps.Recorded(game(seed=n, date="2026-11-22T15:30:00")) for n in (1, 2)]
    spill.path(tmp_path, OWNER).write_bytes(journal(tmp_path, steps))
    for _start in range(2):
        store = Store(tmp_path)
        assert sorted(g.seed for g in store.history()) == [1, 2]
        assert store.take_notices() == []
        store.close()
    assert not [name for name in files_in(tmp_path) if name.startswith("unfinished-")]


def test_a_step_written_twice_counts_once_and_a_torn_line_is_set_aside(tmp_path):
    """A line appended again (its first append forced to the disk, the
    ``fsync`` failed) counts once; a line cut short by a kill cannot be
    read: the rest is taken in, the journal set aside as it is, told once."""
    Store(tmp_path).close()
    steps = [leftover_steps.Recorded(game(seed=n, date="2026-11-22T15:30:00")) for n in (1, 2)]
    text = journal(tmp_path, steps)
    first = text.split(b"\n")[0] + b"\n"
    found = text + first + first[:40]
    spill.path(tmp_path, OWNER).write_bytes(found)
    store = Store(tmp_path)
    assert sorted(g.seed for g in store.history()) == [1, 2]
    [told] = store.take_notices()
    [aside] = [name for name in files_in(tmp_path) if ".corrupt-" in name]
    assert aside in told and (tmp_path / aside).read_bytes() == found
    # told as results finished while the records waited, the others saved:
    # it had the words of a copy that closed with results unsaved
    assert "while your records were busy" in told and "the others were saved" in told
    assert "before the game closed" not in told
    store.close()
    again = Store(tmp_path)
    assert again.count_games() == 2 and again.take_notices() == []
    again.close()


def test_a_journal_the_records_refuse_is_set_aside_with_the_rest_taken_in(tmp_path):
    """A step the records refuse (a best time's token another has: a hand
    edit) is left out; the journal is kept aside."""
    Store(tmp_path).close()
    token = "e" * 32
    won = replace(game(seed=1, time_ms=9_000), date="2026-11-22T15:30:00")
    steps = [leftover_steps.Recorded(won, token),
             leftover_steps.Added(won.key, leftover_steps.best_times.BestTime(
                 "Bo", 8_000, "2026-11-22T15:31:00", None, None), token),
             leftover_steps.Recorded(replace(won, seed=2))]
    spill.path(tmp_path, OWNER).write_bytes(journal(tmp_path, steps))
    store = Store(tmp_path)
    assert sorted(g.seed for g in store.history()) == [1, 2]
    assert [t.time_ms for t in store.best_times("beginner")] == [9_000]      # not Bo's
    assert len(store.take_notices()) == 1
    assert [name for name in files_in(tmp_path) if ".corrupt-" in name]
    store.close()


def test_copies_starting_together_take_a_dead_copy_s_journal_in_once(tmp_path, monkeypatch):
    """Eight copies start at the same instant on a dead copy's journal of
    twenty games: each game is counted once, and the journal is gone. Each
    copy pauses between its commit and the journal's removal, so that the
    next one in finds the journal still there, its games in the records:
    only their marks keep them from being counted again."""
    unlink = Path.unlink

    def slow_unlink(self: Path, missing_ok: bool = False) -> None:
        if self.name.endswith(spill.SUFFIX):
            time.sleep(0.3)
        unlink(self, missing_ok)
    monkeypatch.setattr(Path, "unlink", slow_unlink)           # inherited by the forks
    Store(tmp_path).close()
    steps = [leftover_steps.Recorded(game(seed=n, date="2026-11-22T15:30:00")) for n in range(20)]
    spill.path(tmp_path, OWNER).write_bytes(journal(tmp_path, steps))

    def start(store: Store, player: int) -> int:
        store.close()
        return 0 if store.notices == [] else 2
    assert players_at_once(tmp_path, 8, start) == [0] * 8
    store = Store(tmp_path)
    assert sorted(g.seed for g in store.history(limit=100)) == list(range(20))
    assert store.statistics("beginner").played == 20
    store.close()
    assert not spill.path(tmp_path, OWNER).exists()


def test_a_journal_in_the_place_of_a_file_is_set_aside_as_it_is(tmp_path):
    """A folder named as a journal (a hand edit, a sync tool) holds no
    game: set aside as it is, told once, never read again."""
    Store(tmp_path).close()
    spill.path(tmp_path, OWNER).mkdir()
    (spill.path(tmp_path, OWNER) / "note.txt").write_text("mine")
    store = Store(tmp_path)
    [told] = store.take_notices()
    assert "while your records were busy" in told
    [aside] = [name for name in files_in(tmp_path) if ".corrupt-" in name]
    assert (tmp_path / aside / "note.txt").read_text() == "mine"
    store.close()
    again = Store(tmp_path)
    assert again.take_notices() == [] and again.count_games() == 0
    again.close()


def test_a_journal_still_there_after_its_games_were_taken_in_counts_them_once(tmp_path):
    """The copy that took a journal in was killed between its commit and
    the journal's removal (here: the journal put back): the next start finds
    each game's mark in the records, and counts none again."""
    Store(tmp_path).close()
    steps = [leftover_steps.Recorded(game(seed=n, date="2026-11-22T15:30:00")) for n in (1, 2)]
    text = journal(tmp_path, steps)
    spill.path(tmp_path, OWNER).write_bytes(text)
    Store(tmp_path).close()
    assert not spill.path(tmp_path, OWNER).exists()
    spill.path(tmp_path, OWNER).write_bytes(text)
    store = Store(tmp_path)
    assert sorted(g.seed for g in store.history()) == [1, 2] and store.take_notices() == []
    store.close()
    assert not spill.path(tmp_path, OWNER).exists()


def test_a_newer_version_s_journal_is_left_whole_for_it(tmp_path):
    """A journal with a line of a newer schema (a newer version's copy died
    while its records waited) is left as it is, for that version to take
    in: not set aside as damage, its games not taken in as this version
    reads them, nor its copy's game in progress settled."""
    Store(tmp_path).close()
    steps = [leftover_steps.Recorded(game(seed=n, date="2026-11-22T15:30:00")) for n in (1, 2)]
    text = journal(tmp_path, steps)
    newer = text.replace(b'"schema": %d' % leftover_steps.SCHEMA,
                         b'"schema": %d' % (leftover_steps.SCHEMA + 1), 1)
    assert newer != text
    spill.path(tmp_path, OWNER).write_bytes(newer)
    for _start in range(2):
        store = Store(tmp_path)
        assert store.count_games() == 0 and store.take_notices() == []
        store.close()
    assert spill.path(tmp_path, OWNER).read_bytes() == newer
    assert not [name for name in files_in(tmp_path) if ".corrupt-" in name]
