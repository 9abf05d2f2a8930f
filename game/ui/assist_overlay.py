"""The probability overlay (P): each covered cell's chance of a mine.

The assistant's overlay part (a mixin, as the play screen's parts are, so
that the assistant stays one object with one state; ``assist`` says what
state it keeps and how a question goes to the worker). The probabilities
are asked for after each move and shown when they arrive; a position whose
analysis fails is asked about ``OVERLAY_TRIES`` times, not at every frame.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.engine import Status
from game.i18n import chance, pgettext

from .jobs import AnalyseJob, Overlay
from .render.assist import COVERED

if TYPE_CHECKING:
    from game.engine import Minefield

    from .jobs import HintJob, Job, MoveJob

Cell = tuple[int, int]

OVERLAY_TRIES = 2           # the overlay asks this often about a position whose analysis fails


class ProbabilityOverlay:
    """The overlay for ``Assistant``."""

    if TYPE_CHECKING:       # what the overlay uses of Assistant, which keeps it
        overlay: bool
        game: int
        _message: tuple[str, dict[str, str]] | None
        _overlay: tuple[tuple[int, int], Overlay] | None
        _overlay_failed: tuple[tuple[int, int], int] | None

        @property
        def field(self) -> Minefield: ...

        def version(self) -> tuple[int, int]: ...
        def _ask(self, kind: str, job: Callable[[], Job]) -> None: ...
        def _about_view(self, job: type[HintJob | MoveJob | AnalyseJob], **rule: str) -> Job: ...
        def _assist(self) -> None: ...

    def toggle_overlay(self) -> None:
        """P: the overlay on or off; turned on, a position that failed is asked again."""
        self.overlay = not self.overlay
        self._message = None
        self._overlay_failed = None       # turned on again: asked again

    def analysis(self) -> Overlay | None:
        """Probabilities for the overlay: asked for after each move; until
        the answer arrives, those of the game's previous position. Shown over
        a game under way (not before the first click: every cell alike, they
        tell nothing), they make it assisted: only once they shade it, never
        while the computer fails to answer (its process stopped, the line
        says so, nothing is shaded, and the game is still the player's own)."""
        status = self.field.status
        if status == Status.LOST:
            return None
        version = self.version()
        # A position whose analysis failed (no process could start, or it
        # died) is asked about once more, then not until the board changes or
        # P is pressed: asked at every frame, a process started sixty a second.
        failed = self._overlay_failed
        if (self._overlay is None or self._overlay[0] != version) \
                and (failed is None or failed[0] != version or failed[1] < OVERLAY_TRIES):
            self._ask("overlay", lambda: self._about_view(AnalyseJob))
        if self._overlay is None or self._overlay[0][0] != self.game:
            return None
        if status == Status.PLAYING:
            self._assist()
        return self._overlay[1]

    def _overlay_arrived(self, overlay: Overlay) -> None:
        self._overlay = (self.version(), overlay)

    def probability(self, cell: Cell) -> float | None:
        """The mine probability of a covered cell (None for revealed ones)."""
        analysis = self.analysis()
        if analysis is None or self.field.cell(*cell) not in COVERED:
            return None
        return analysis.rows[cell[1]][cell[0]]

    def hover_text(self, cell: Cell | None) -> str:
        """The percentage shown beside the pointer over ``cell`` ("~" when
        approximate, "safe" or "mine" when certain; "" for an open cell)."""
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
        return f"{approx}{chance(p)}"

    def _overlay_failed_at(self, version: tuple[int, int]) -> None:
        """The analysis of ``version`` failed: counted, so that it is asked
        about again only ``OVERLAY_TRIES`` times (see ``analysis``)."""
        tries = self._overlay_failed
        self._overlay_failed = (version, tries[1] + 1 if tries and tries[0] == version else 1)
