"""The computer player, in pure Python (no pygame here, ever).

    from game.solver import mine_probabilities, analyse, next_move, hint, no_guess_layer
    mine_probabilities(field.view(), field.mines)   # exact, rows of floats
    next_move(field.view(), field.mines)            # Decision: kind, x, y, risk, certain, reason
    hint(field.view(), field.mines)                 # Hint: x, y, kind, risk, explanation, evidence
    Minefield(30, 16, 99, layer=no_guess_layer)     # boards that never force a guess
"""

from .analysis import Analysis, analyse, mine_probabilities
from .hint import Hint, hint
from .noguess import NoGuessLayer, NoGuessReport, no_guess_layer, solvable_without_guessing
from .player import Decision, next_move
from .position import InconsistentBoard

__all__ = ["Analysis", "Decision", "Hint", "InconsistentBoard", "NoGuessLayer", "NoGuessReport",
           "analyse", "hint", "mine_probabilities", "next_move", "no_guess_layer",
           "solvable_without_guessing"]
