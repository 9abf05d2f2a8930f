"""The time budget of big boards (README, "The computer player"): work is
counted, never timed, so these hold on a loaded machine."""

import time

import pytest

from game.engine import Minefield
from game.solver import analyse
from game.solver import combine as combine_module
from game.solver import count as count_module
from game.solver.count import OutOfTime
from game.solver.deadline import wall
from game.solver.frontier import split
from game.solver.position import parse
from game.solver.problem import Problem
from game.ui.jobs import AnalyseJob


def opened(mines, seed, shape="grid"):
    """A 100x100 board of ``shape`` opened in the middle: its view."""
    field = Minefield(100, 100, mines, seed=seed, shape=shape)
    field.reveal(50, 50)
    return field.view()


def test_combining_a_big_board_computes_one_binomial_not_one_per_mine_count(monkeypatch):
    """Each possible mine count of the frontier had its own binomial of the
    outside cells (thousands of digits each): most of the analysis's time on
    a 100x100 board, past its budget, since nothing there looks at the clock."""
    view = opened(2000, 3)
    real = combine_module.comb
    calls = []

    def counted_comb(n, k):
        calls.append((n, k))
        return real(n, k)

    monkeypatch.setattr(combine_module, "comb", counted_comb)
    result = analyse(view, 2000)
    assert result.exact and len(calls) <= 1
    # Still exact: the chances add up to the mines the board holds.
    assert sum(map(sum, result.probabilities)) == pytest.approx(2000, abs=1e-6)


def test_a_deadline_already_past_stops_a_count_before_its_plan_is_built(monkeypatch):
    """Ordering the boxes of a long frontier looked at no clock: on a 100x100
    board it took seconds before the count's first check of its deadline."""
    position = parse(opened(1500, 0), 1500)
    component = max(split(Problem.of(position))[0], key=lambda c: len(c.boxes))
    assert len(component.boxes) > 300
    planned = []
    real = count_module.Step

    def counted_step(*args):
        planned.append(args)
        return real(*args)

    monkeypatch.setattr(count_module, "Step", counted_step)
    with pytest.raises(OutOfTime):
        count_module.count(component, wall(-1.0))
    assert len(planned) < len(component.boxes) // 2
    planned.clear()
    assert count_module.count(component).weights      # without a deadline, the whole plan
    assert len(planned) == len(component.boxes)


@pytest.mark.parametrize("shape", ["grid", "hex", "torus"])
def test_the_overlay_out_of_time_gives_a_chance_for_every_cell(shape):
    view = opened(2500, 4, shape)
    overlay = AnalyseJob(tuple(view), 2500, max_seconds=0.0, shape=shape).run()
    assert not overlay.exact
    for row, chances in zip(view, overlay.rows, strict=True):
        for c, p in zip(row, chances, strict=True):
            assert 0.0 <= p <= 1.0 and (c in "#F?" or p == 0.0)


#: Expert, corner opened onto a 2: nothing certain, nine guesses looked ahead at.
GUESSING = ["001" + "#" * 27, "112" + "#" * 27, "##2" + "#" * 27] + ["#" * 30] * 13


def looked_ahead(monkeypatch, **racing):
    """How many guesses the look-ahead weighed on ``GUESSING``, with each
    clock named in ``racing`` made to leap an hour at every reading (the
    scheduler giving the thread's time away, or a CPU budget spent)."""
    from game.solver import guess as guess_module
    from game.solver.player import next_move
    for name in racing:
        leaps = iter(range(10**9))
        monkeypatch.setattr(time, name, lambda leaps=leaps: 3600.0 * next(leaps))
    weighed = []
    real = guess_module.foresee

    def counted(*args):
        sight = real(*args)
        weighed.append(sight)
        return sight

    monkeypatch.setattr(guess_module, "foresee", counted)
    next_move(GUESSING, 99, first_click="safe")
    return len(weighed)


def test_the_look_ahead_budget_is_thinking_time_not_waiting_time(monkeypatch):
    """The look-ahead's budget (``guess.SECONDS``) was wall time: on a busy
    machine it ran out while the thread waited its turn, so the computer
    played worse, and the same seeds gave different games from run to run.
    It is the thinking thread's CPU time: a racing wall clock changes
    nothing, a CPU budget spent stops the look-ahead."""
    quiet = looked_ahead(monkeypatch)
    assert quiet >= 3
    assert looked_ahead(monkeypatch, perf_counter=True) == quiet
    assert looked_ahead(monkeypatch, thread_time=True) < quiet
