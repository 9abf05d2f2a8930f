"""The computer player, in pure Python (no pygame here, ever).

    from game.solver import mine_probabilities, analyse, next_move
    mine_probabilities(field.view(), field.mines)   # exact, rows of floats
    next_move(field.view(), field.mines)            # Decision: kind, x, y, risk, ...
"""

from .analysis import Analysis, analyse, mine_probabilities
from .player import Decision, next_move
from .position import InconsistentBoard

__all__ = ["Analysis", "Decision", "InconsistentBoard", "analyse", "mine_probabilities",
           "next_move"]
