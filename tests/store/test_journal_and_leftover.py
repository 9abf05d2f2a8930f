"""A dead copy's journal (``unfinished-….waiting``, the results finished
while its records waited for another copy's lock) and its file of results
left unsaved (``unfinished-….games``, those the journal could not hold: a
full disk, its 64 MB cap) are taken in as one: every step once, in the
order it was asked for, merged with the other copies' by date (README,
Records: "Several copies of the game"). The file was taken in first, and
the journal after it: a reset in the file, asked after the journal's
games, zeroed none of them."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.store import leftover, spill
from game.store.leftover_steps import Recorded, Reset, Step

from .helpers import game, open_store

A, B = "a" * 32, "b" * 32


def stamped(minute: int) -> str:
    return f"2026-11-22T15:{minute:02d}:00"


def won(seed: int, minute: int) -> Recorded:
    return Recorded(game(seed=seed, date=stamped(minute), time_ms=20_000 + seed))


def reset(minute: int) -> Reset:
    return Reset("statistics", None, stamped(minute))


def dead_copy(directory: Path, owner: str, journal: list[Step], unsaved: list[Step]) -> None:
    """What a copy killed after closing its journal left: ``journal``'s
    steps in its journal, ``unsaved`` in its file of results left unsaved."""
    if journal:
        spill.path(directory, owner).write_bytes(b"".join(
            spill.written(spill.mark(owner, number), step)
            for number, step in enumerate(journal, 1)))
    if unsaved:
        assert leftover.keep(directory, owner, unsaved) == sum(
            isinstance(step, Recorded) for step in unsaved)


def taken_in(directory: Path) -> tuple[list[int], int]:
    """The seeds of the games in the history, and the beginner games played."""
    store = open_store(directory)
    try:
        return sorted(g.seed for g in store.history()), store.statistics("beginner").played
    finally:
        store.close()


def test_a_reset_in_the_file_zeroes_the_games_of_the_journal_before_it(tmp_path):
    open_store(tmp_path).close()
    dead_copy(tmp_path, A, [won(1, 1), won(2, 2)], [reset(3), won(3, 4)])
    assert taken_in(tmp_path) == ([1, 2, 3], 1)
    assert not list(tmp_path.glob("unfinished-*"))


def test_another_copy_s_reset_zeroes_a_journal_s_games_asked_before_it(tmp_path):
    open_store(tmp_path).close()
    dead_copy(tmp_path, A, [won(1, 1), won(2, 5)], [])
    dead_copy(tmp_path, B, [], [reset(3)])
    assert taken_in(tmp_path) == ([1, 2], 1)


def test_a_journal_taken_in_once_is_not_taken_in_again_with_the_file(tmp_path):
    open_store(tmp_path).close()
    dead_copy(tmp_path, A, [won(1, 1)], [won(2, 2)])
    assert taken_in(tmp_path) == ([1, 2], 2)
    dead_copy(tmp_path, A, [won(1, 1)], [won(2, 2)])       # as a kill before the removal left them
    assert taken_in(tmp_path) == ([1, 2], 2)


@st.composite
def two_copies(draw: st.DrawFn) -> list[tuple[str, list[Step], list[Step]]]:
    """Two dead copies, each a run of games and resets in time order, cut
    in two: the journal's first part, the file's the rest."""
    copies = []
    for owner, base in ((A, 0), (B, 100)):
        minutes = sorted(draw(st.lists(st.integers(0, 59), max_size=6)))
        kinds = draw(st.lists(st.booleans(), min_size=len(minutes), max_size=len(minutes)))
        steps: list[Step] = [won(base + n, minute) if kind else reset(minute)
                             for n, (minute, kind) in enumerate(zip(minutes, kinds, strict=True))]
        cut = draw(st.integers(0, len(steps)))
        copies.append((owner, steps[:cut], steps[cut:]))
    return copies


def expected(copies: list[tuple[str, list[Step], list[Step]]]) -> tuple[list[int], int]:
    """Every game once; counted unless a reset was asked after it (at the
    same minute, a reset of the copy whose steps come first in the merge
    is taken before the other's games: not asked here)."""
    steps = [step for _, journal, unsaved in copies for step in (*journal, *unsaved)]
    games = [step for step in steps if isinstance(step, Recorded)]
    resets = [step.date for step in steps if isinstance(step, Reset)]
    last = max(resets, default="")
    return sorted(step.game.seed for step in games), sum(
        step.game.date > last for step in games)


@settings(max_examples=40, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(copies=two_copies())
def test_every_game_is_taken_in_once_and_counted_as_the_resets_say(tmp_path_factory, copies):
    dates = [step.game.date if isinstance(step, Recorded) else step.date
             for _, journal, unsaved in copies for step in (*journal, *unsaved)]
    resets = {step.date for _, journal, unsaved in copies for step in (*journal, *unsaved)
              if isinstance(step, Reset)}
    if any(dates.count(date) > 1 for date in resets):
        return                                           # ties: order of the merge, not asked
    directory = tmp_path_factory.mktemp("records")
    open_store(directory).close()
    for owner, journal, unsaved in copies:
        dead_copy(directory, owner, journal, unsaved)
    assert taken_in(directory) == expected(copies)
