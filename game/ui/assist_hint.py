"""The hint (H): the next cell to play, its proof, and why; and the line
shown under the board instead of a hint (errors, limits).

The assistant's hint part (a mixin, as its overlay is: ``assist`` keeps
the state and sends the question to the worker). A hint is asked about the
position as it stands and shown when it arrives, unless the language changed
meanwhile (it is asked again) or the position did (it is dropped, in
``assist``); a big board is scrolled to show it once nothing holds the board.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.i18n import _, language
from game.words import as_sentence

from .assist_words import GAME_OVER, hint_text
from .jobs import HintAnswer, HintJob

if TYPE_CHECKING:
    from .jobs import AnalyseJob, Job, MoveJob
    from .screens.play import PlayScreen
    from .session import Session

Cell = tuple[int, int]


@dataclass(frozen=True)
class Shown:
    """The hint on the board: its cell, what kind, the proof's cells, the text."""

    cell: Cell
    kind: str
    evidence: frozenset[Cell]
    text: str


class HintShown:
    """The hint for ``Assistant``."""

    if TYPE_CHECKING:       # what the hint uses of Assistant, which keeps it
        screen: PlayScreen
        shown: Shown | None
        _unseen: bool
        _message: tuple[str, dict[str, str]] | None
        _first: tuple[str, Cell] | None
        _hint_after_first: bool

        @property
        def session(self) -> Session: ...

        @property
        def first_click(self) -> str: ...

        def _ask(self, kind: str, job: Callable[[], Job]) -> None: ...
        def _about_view(self, job: type[HintJob | MoveJob | AnalyseJob], **rule: str) -> Job: ...
        def _assist(self) -> None: ...

    def show_hint(self) -> set[Cell]:
        """H: ask for the next cell to play and why. Returns cells to redraw."""
        dirty = self.clear_hint()
        if self.session.ended:
            self.say(GAME_OVER)
            return dirty
        if self._first is not None:
            # A no-guess board's first click waits for its mines: asked now,
            # the hint would be dropped as stale once the click plays.
            self._hint_after_first = True
            return dirty
        self._ask("hint", lambda: self._about_view(HintJob, first_click=self.first_click))
        return dirty

    def _hint_arrived(self, h: HintAnswer) -> None:
        if h.language != language():
            # Asked before View > Language switched: ask again, in the new one.
            self.screen.mark_dirty(self.show_hint())
            return
        self._assist()
        self.shown = Shown((h.x, h.y), h.kind, frozenset(h.evidence), hint_text(h))
        self.screen.cursor_to_hint(self.shown.cell)
        self._unseen = True
        self._bring_into_view()
        self.screen.mark_dirty(self.shown.evidence | {self.shown.cell})

    def _bring_into_view(self) -> None:
        """Scroll a big board so the hint's cell and its proof show, with
        the cells around them (a number's neighbours are what it counts),
        once nothing holds the board: scrolled under a held button, the release
        opened the cell that came under the pointer, not the one pressed."""
        if self.shown is None or not self._unseen or self.screen.holding():
            return
        self._unseen = False
        self.screen.reveal_cells(self.shown.cell, self.shown.evidence)

    def clear_hint(self) -> set[Cell]:
        """Forget the hint (the board changed); returns the cells it marked."""
        self._message = None
        cells = self.marked_cells()
        self.shown = None
        return cells

    def marked_cells(self) -> set[Cell]:
        """The cells the hint shown marks (``mark_of`` is not empty)."""
        if self.shown is None:
            return set()
        return set(self.shown.evidence) | {self.shown.cell}

    def mark_of(self, cell: Cell) -> str:
        """Appearance suffix of a cell: 's' safe or guess, 'm' mine, 'e' proof."""
        shown = self.shown
        if shown is None:
            return ""
        if cell == shown.cell:
            return "m" if shown.kind == "mine" else "s"
        return "e" if cell in shown.evidence else ""

    def say(self, message: str, **values: str) -> None:
        """Show ``message`` (English, marked with ``N_``) instead of a hint;
        ``values`` marked with ``N_`` are translated with it when shown."""
        self._message = (message, values)

    @property
    def message(self) -> str:
        """The line shown instead of a hint, in the current language ("" if none),
        as a sentence: "The computer is puzzled: {reason}" ends on whatever
        reason came, and had no full stop beside the lines stopped in its
        place ("The game is over: F2 starts a new one.")."""
        if self._message is None:
            return ""
        message, values = self._message
        return as_sentence(_(message).format(**{name: _(value) for name, value in values.items()}))

    def line(self) -> str:
        """The text shown under the board, if any."""
        if self.shown is not None:
            return self.shown.text
        return self.message
