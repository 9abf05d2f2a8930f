"""The time budget of big boards (README, "The computer player"): work is
counted, never timed, so these hold on a loaded machine."""

import pytest

from game.engine import Minefield
from game.solver import analyse
from game.solver import combine as combine_module


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
