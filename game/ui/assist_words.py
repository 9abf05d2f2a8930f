"""What the computer's help says on the play screen: a hint's line and the
lines shown instead of one (a board too big, a game over, a puzzled
solver, no no-guess board found). A cell's mine probability is written by
``game.i18n.chance``, as the hint's own risk is.

The words apart from the assistant (``assist.py``), which decides when to
ask and what to show: they are English marked with ``N_``, translated when
shown, so that they read in the language of the moment.
"""

from __future__ import annotations

from game.i18n import N_, _

from .jobs import HintAnswer

KIND_WORDS = {"safe": N_("Safe"), "mine": N_("Mine"), "guess": N_("Best guess")}

TOO_BIG = N_("This board is too big for the computer to think about.")
#: A no-guess board was asked for and none was found (a field in parts that
#: do not touch has none), or not within the search's seconds (a big dense
#: field): the game goes on, the player is told.
NOT_NO_GUESS = N_("No board without guessing was found for this field: this one may need"
                  " a guess.")
GAME_OVER = N_("The game is over: F2 starts a new one.")
PUZZLED = N_("The computer is puzzled: {reason}")


def hint_text(h: HintAnswer) -> str:
    """The one line shown under the board for a hint."""
    return _("{kind}: {explanation}.").format(kind=_(KIND_WORDS[h.kind]),
                                              explanation=h.explanation)
