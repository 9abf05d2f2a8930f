"""No-guess boards on every shape, judged by a second, independent judge.

``test_shapes`` plays no-guess boards with the solver's own certain moves;
here ``deduction.cleared_by_proof``, which shares no code with the solver
(geometry for neighbours, backtracking for proof), must agree: every
no-guess board is cleared by proof, and on plain random boards it says
"needs a guess" exactly where ``solvable_without_guessing`` does.
"""

from __future__ import annotations

import pytest

from game.engine import Minefield
from game.engine.gallery import GALLERY
from game.engine.topology import SHAPES
from game.solver import NoGuessLayer, solvable_without_guessing

from .deduction import cleared_by_proof

#: Boards small enough for the judge: width, height, mines and a mask.
BOARDS = {
    "beginner": (9, 9, 10, None),
    "dense 8x8": (8, 8, 12, None),
    "diamond": (GALLERY["diamond"].width, GALLERY["diamond"].height, 16,
                GALLERY["diamond"].mask),
    "heart": (GALLERY["heart"].width, GALLERY["heart"].height, GALLERY["heart"].mines,
              GALLERY["heart"].mask),
}


def first_reveal(field: Minefield, seed: int) -> tuple[int, int]:
    """A cell of the board (never a hole), a different one per seed, opened."""
    cells = [(x, y) for y in range(field.height) for x in range(field.width)
             if field.cell(x, y) != " "]
    first = cells[seed * 37 % len(cells)]
    field.reveal(*first)
    return first


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("shape", SHAPES)
def test_no_guess_boards_are_cleared_by_proof_alone(shape, board):
    width, height, mines, mask = BOARDS[board]
    for seed in range(6):
        layer = NoGuessLayer()
        field = Minefield(width, height, mines, seed=seed, shape=shape, mask=mask, layer=layer)
        first = first_reveal(field, seed)
        assert layer.report.no_guess
        assert cleared_by_proof(shape, field.layout(), first), (shape, board, seed)


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("shape", SHAPES)
def test_the_solver_says_a_board_needs_a_guess_where_the_judge_does(shape, board):
    width, height, mines, mask = BOARDS[board]
    verdicts = set()
    for seed in range(20):
        field = Minefield(width, height, mines, seed=seed, shape=shape, mask=mask)
        first = first_reveal(field, seed)
        judged = cleared_by_proof(shape, field.layout(), first)
        assert solvable_without_guessing(field.layout(), *first, shape=shape) == judged, (
            shape, board, seed)
        verdicts.add(judged)
    assert verdicts == {True, False}           # both answers were put to the test
