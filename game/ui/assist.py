"""The computer's help on the play screen: a hint (H), the probability
overlay (P) and auto-play (A).

The solver is pure Python and runs on the UI thread, so every request is
bounded: boards up to Expert-and-a-bit are analysed exactly (a move takes
milliseconds there); bigger boards get a time budget, past which the solver
answers approximately and the window says so; beyond ``MAX_CELLS`` the
computer declines and says why rather than freeze the window.

Any help given while a game is in progress marks the game as assisted (kept
in the history, never a best time).

The solver is imported the first time the computer is asked for something,
not when the window opens (docs/design.md, "Start-up").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.engine import Status
from game.i18n import N_, _, pgettext

from .render.assist import COVERED

if TYPE_CHECKING:
    from game.solver import Analysis, Hint

    from .screens.play import PlayScreen

Cell = tuple[int, int]

EXACT_CELLS = 1_000         # up to this many cells, always exact, no time budget
BUDGET_SECONDS = 0.08       # bigger boards: per request, then approximate
MAX_CELLS = 40_000          # beyond this the computer does not try
THINK_TICKS = 8             # auto-play: the cursor rests on its cell this long...
PACE_TICKS = 6              # ...and waits this long after each move

KIND_WORDS = {"safe": N_("Safe"), "mine": N_("Mine"), "guess": N_("Best guess")}


@dataclass(frozen=True)
class Shown:
    """The hint on the board: its cell, what kind, the proof's cells, the text."""

    cell: Cell
    kind: str
    evidence: frozenset[Cell]
    text: str


def budget(field) -> float | None:
    """Seconds the solver may think on this board (None: no limit, exact)."""
    return None if field.width * field.height <= EXACT_CELLS else BUDGET_SECONDS


def too_big(field) -> bool:
    return field.width * field.height > MAX_CELLS


TOO_BIG = N_("This board is too big for the computer to think about.")


def hint_text(h: Hint) -> str:
    """The one line shown under the board for a hint."""
    return _("{kind}: {explanation}.").format(kind=_(KIND_WORDS[h.kind]),
                                              explanation=h.explanation)


class Assistant:
    def __init__(self, screen: PlayScreen) -> None:
        self.screen = screen
        self.overlay = False
        self.autoplay = False
        self.default_pace = (THINK_TICKS, PACE_TICKS)
        self.pace = self.default_pace
        self.shown: Shown | None = None
        self.message = ""                 # a line to show instead of a hint (errors, limits)
        self.moves_played = 0
        self.guesses = 0
        self._analysis: tuple[int, Analysis | None] | None = None
        self._planned = None
        self._countdown = 0

    @property
    def field(self):
        return self.screen.field

    @property
    def session(self):
        return self.screen.session

    @property
    def first_click(self) -> str:
        """The board's first-click rule (boards drawn as text have none)."""
        return self.field.first_click or "opening"

    def new_game(self) -> None:
        """A fresh board: hints go, auto-play stops, the overlay stays on if it was."""
        self.clear_hint()
        self.stop()
        self._analysis = None
        if self.overlay:
            self._assist()

    def _assist(self) -> None:
        if not self.session.ended:
            self.session.assisted = True

    def _think(self, ask):
        """Run ``ask(solver, view, mines, seconds)`` within the board's budget;
        None (with a message) when the board is too big or cannot be explained."""
        if too_big(self.field):
            self.message = _(TOO_BIG)
            return None
        import game.solver as solver

        try:
            return ask(solver, self.field.view(), self.field.mines, budget(self.field))
        except solver.InconsistentBoard as error:      # cannot happen on a real board
            self.message = _("The computer is puzzled: {reason}").format(reason=error)
            return None

    # ------------------------------------------------------------ hint

    def show_hint(self) -> set[Cell]:
        """H: mark the next cell to play and explain why. Returns cells to redraw."""
        dirty = self.clear_hint()
        if self.session.ended:
            self.message = _("The game is over: F2 starts a new one.")
            return dirty
        h = self._think(lambda solver, view, mines, seconds: solver.hint(
            view, mines, first_click=self.first_click, max_seconds=seconds,
            shape=self.field.shape))
        if h is None:
            return dirty
        self._assist()
        self.shown = Shown((h.x, h.y), h.kind, frozenset(h.evidence), hint_text(h))
        self.screen.reveal_cell((h.x, h.y))
        return dirty | self.shown.evidence | {self.shown.cell}

    def clear_hint(self) -> set[Cell]:
        """Forget the hint (the board changed); returns the cells it marked."""
        self.message = ""
        if self.shown is None:
            return set()
        cells = set(self.shown.evidence) | {self.shown.cell}
        self.shown = None
        return cells

    def mark_of(self, cell: Cell) -> str:
        """Appearance suffix of a cell: 's' safe or guess, 'm' mine, 'e' proof."""
        shown = self.shown
        if shown is None:
            return ""
        if cell == shown.cell:
            return "m" if shown.kind == "mine" else "s"
        return "e" if cell in shown.evidence else ""

    def line(self) -> str:
        """The text shown under the board, if any."""
        if self.shown is not None:
            return self.shown.text
        return self.message

    # ------------------------------------------------------------ overlay

    def toggle_overlay(self) -> None:
        self.overlay = not self.overlay
        self.message = ""
        if self.overlay:
            self._assist()

    def analysis(self) -> Analysis | None:
        """Probabilities of the current position (recomputed after each move)."""
        version = (id(self.field), self.field.move_count)
        if self._analysis is None or self._analysis[0] != version:
            result = None
            if self.field.status != Status.LOST:
                result = self._think(lambda solver, view, mines, seconds: solver.analyse(
                    view, mines, max_seconds=seconds, shape=self.field.shape))
            self._analysis = (version, result)
        return self._analysis[1]

    def probability(self, cell: Cell) -> float | None:
        """The mine probability of a covered cell (None for revealed ones)."""
        analysis = self.analysis()
        if analysis is None or self.field.cell(*cell) not in COVERED:
            return None
        return analysis.probabilities[cell[1]][cell[0]]

    def hover_text(self, cell: Cell | None) -> str:
        if cell is None:
            return ""
        p = self.probability(cell)
        if p is None:
            return ""
        analysis = self.analysis()
        approx = "~" if analysis is not None and not analysis.exact else ""
        if p == 0.0:
            return pgettext("probability", "safe")
        if p == 1.0:
            return pgettext("probability", "mine")
        return f"{approx}{percent(p)}"

    # ------------------------------------------------------------ auto-play

    def toggle_autoplay(self) -> None:
        if self.autoplay:
            self.stop()
        elif not self.session.ended:
            self.autoplay = True
            self.clear_hint()
            self._planned = None
            self._countdown = self.pace[0]

    def stop(self) -> None:
        """Stop auto-play (any input does)."""
        if self.autoplay:
            self.autoplay = False
            self._planned = None
            self.screen.hide_cursor()

    def tick(self) -> None:
        """One fixed tick of auto-play: choose a move and show it with the
        cursor, then play it a few ticks later."""
        if not self.autoplay:
            return
        if self.session.ended:
            self.stop()
            return
        self._countdown -= 1
        if self._countdown > 0:
            return
        if self._planned is None:
            decision = self._think(lambda solver, view, mines, seconds: solver.next_move(
                view, mines, first_click=self.first_click, max_seconds=seconds,
                shape=self.field.shape))
            if decision is None:
                self.stop()
                return
            self._planned = decision
            self.screen.point_at((decision.x, decision.y))
            self._countdown = self.pace[0]
            return
        decision, self._planned = self._planned, None
        self._assist()
        self.moves_played += 1
        self.guesses += not decision.certain
        self.screen.play(decision.kind, (decision.x, decision.y))
        self._countdown = self.pace[1]


def percent(p: float) -> str:
    """A probability as players read it: whole percent, never 0 % or 100 %
    for something uncertain."""
    value = round(p * 100)
    if 0 < p < 1:
        value = min(99, max(1, value))
    return pgettext("percent format", "{number} %").format(number=value)
