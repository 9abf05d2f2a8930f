"""The computer's help on the play screen: a hint (H), the probability
overlay (P) and auto-play (A), and the laying of no-guess boards.

The window never waits for the computer: every question goes to the worker
(``worker.py``, a separate process in a real run) tagged with the position it
asks about, ``(game number, move count)``; answers are picked up once per
tick, and an answer about a position the board has since left is dropped.
While an answer is more than ``THINKING_TICKS`` late the window shows a
small "Thinking..." cue. A new game (or quitting) cancels whatever is
pending at once. Boards beyond ``MAX_CELLS`` are declined with a message;
boards over ``EXACT_CELLS`` get ``BUDGET_SECONDS`` per question, past which
the answer is approximate and the window says so.

Any help given while a game is in progress marks the game as assisted (kept
in the history, never a best time).

The solver is imported the first time the computer is asked for something
(by the job, in the worker), not when the window opens (docs/design.md,
"Start-up"). What the help says is worded in ``assist_words.py``; the
hint and the line shown instead are ``assist_hint.py``, the probability
overlay ``assist_overlay.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, cast

from game.engine import Minefield, Status

from .assist_hint import HintShown, Shown
from .assist_overlay import OVERLAY_TRIES, ProbabilityOverlay
from .assist_words import NOT_NO_GUESS, PUZZLED, TOO_BIG
from .jobs import (
    AnalyseJob,
    HintJob,
    Job,
    LaidBoard,
    LayoutJob,
    MoveAnswer,
    MoveJob,
    Overlay,
)
from .session import Session
from .worker import STOPPED

if TYPE_CHECKING:
    from .screens.play import PlayScreen

Cell = tuple[int, int]
Version = tuple[int, int]        # (game number, move count): the position asked about

EXACT_CELLS = 1_000         # up to this many cells, always exact, no time budget
BUDGET_SECONDS = 0.25       # bigger boards: per question, then approximate
MAX_CELLS = 40_000          # beyond this the computer does not try
THINK_TICKS = 8             # auto-play: the cursor rests on its cell this long...
PACE_TICKS = 6              # ...and waits this long after each move
THINKING_TICKS = 6          # an answer this late (100 ms) shows the "thinking" cue
REVEALABLE = "#?"           # what a reveal opens (a flag it leaves alone)


def budget(field: Minefield) -> float | None:
    """Seconds the solver may think on this board (None: no limit, exact)."""
    return None if field.width * field.height <= EXACT_CELLS else BUDGET_SECONDS


def too_big(field: Minefield) -> bool:
    """Whether the board is beyond what the computer tries (``MAX_CELLS``)."""
    return field.width * field.height > MAX_CELLS


class Assistant(HintShown, ProbabilityOverlay):
    def __init__(self, screen: PlayScreen) -> None:
        self.screen = screen
        self.worker = screen.app.worker
        self.overlay = False
        self.autoplay = False
        #: Where the pointer rested as auto-play began (display pixels),
        #: learnt from the first move seen after (``PlayScreen._pointer_left``).
        self.pointer_rest: tuple[int, int] | None = None
        self.default_pace = (THINK_TICKS, PACE_TICKS)
        self.pace = self.default_pace
        self.shown: Shown | None = None
        self._unseen = False              # the hint's cells wait to be scrolled into view
        # A line to show instead of a hint (errors, limits): its English
        # message and what fills it in, translated when shown, so that it
        # reads in the language of the moment (View > Language).
        self._message: tuple[str, dict[str, str]] | None = None
        self.moves_played = 0
        self.guesses = 0
        self.game = 0                     # bumped by each new game: old answers never match
        self.ticks = 0
        self.revision = 0                 # bumped when an answer changes the picture
        self._asked: dict[str, Version] = {}
        self._jobs: dict[str, Job] = {}   # the question last asked of each kind
        self._retried: dict[str, Version] = {}    # asked again after its process died
        self._waiting_since: int | None = None
        self._overlay: tuple[Version, Overlay] | None = None
        self._overlay_failed: tuple[Version, int] | None = None   # a position, its failures
        self._planned: MoveAnswer | None = None
        self._first: tuple[str, Cell] | None = None
        self._hint_after_first = False    # H pressed while the first click waited
        self._countdown = 0

    @property
    def field(self) -> Minefield:
        """The game on the play screen (a new game brings another)."""
        return self.screen.field

    @property
    def session(self) -> Session:
        """The play screen's session: its clock, whether the game is assisted."""
        session = self.screen.session
        assert session is not None      # PlayScreen makes it before its assistant is asked
        return session

    @property
    def first_click(self) -> str:
        """The board's first-click rule (boards drawn as text have none)."""
        return self.field.first_click or "opening"

    def version(self) -> Version:
        """The position a question is about, to tell a stale answer."""
        return (self.game, self.field.move_count)

    def new_game(self) -> None:
        """A fresh board: pending questions are cancelled, hints go, auto-play
        stops, the overlay stays on if it was (the game is not assisted for
        that: see ``analysis``)."""
        self.worker.cancel()
        self.game += 1
        self._asked.clear()
        self._jobs.clear()
        self._retried.clear()
        self._waiting_since = None
        self._first = None
        self._hint_after_first = False
        self.clear_hint()
        self.stop()
        self._overlay = self._overlay_failed = None

    def _assist(self) -> None:
        if not self.session.ended:
            self.session.assisted = True

    # ------------------------------------------------------------ the worker

    def _ask(self, kind: str, job: Callable[[], Job]) -> None:
        """Ask the worker ``kind`` about the current position, once (``job``
        makes the question, then only); a board too big to think about gets
        a message instead."""
        version = self.version()
        if self._asked.get(kind) == version:
            return
        if too_big(self.field):
            self.say(TOO_BIG)
            self.stop()
            return
        self._asked[kind] = version
        if self._waiting_since is None:
            self._waiting_since = self.ticks
        self._jobs[kind] = made = job()
        self.worker.submit((kind, version), made, replaces=kind)
        self.collect()

    def _ask_again(self, kind: str, version: Version) -> bool:
        """Ask ``kind`` once more after the process died under it (killed
        from outside, the system short of memory) or was killed for leaving
        it unanswered past its limit (``worker.HANG_SECONDS``: stopped,
        stuck): the player's H, first click
        of a no-guess board or auto-play's move is answered by a fresh process
        rather than lost to a "puzzled" line (a click that did nothing, auto-play
        stopped). Once per position: a question that kills its process every
        time is then said. The overlay asks again by itself at the next frame
        (``analysis``), up to ``OVERLAY_TRIES`` times: until then, nothing is
        said and auto-play plays on. Auto-play's move, once auto-play was
        stopped, is waited for by nobody: nothing is said. Returns whether
        nothing needs saying."""
        if kind == "overlay":
            failed = self._overlay_failed
            return failed is not None and failed[1] < OVERLAY_TRIES
        if kind == "move" and not self.autoplay:
            return True
        job = self._jobs.get(kind)
        if job is None or self._retried.get(kind) == version:
            return False
        self._retried[kind] = self._asked[kind] = version
        self.worker.submit((kind, version), job, replaces=kind)
        return True

    def _about_view(self, job: type[HintJob | MoveJob | AnalyseJob], **rule: str) -> Job:
        """``job`` about the board as it stands: the one place that reads its
        view, its mines, the time allowed, its shape and the classic rule's
        first click (``rule``: the first-click rule, for those that ask)."""
        field = self.field
        return job(view=tuple(field.view()), mines=field.mines, max_seconds=budget(field),
                   shape=field.shape, relocated_from=field.relocated_from, **rule)

    def collect(self) -> None:
        """Take the answers that arrived; drop those about an older position."""
        for done in self.worker.poll():
            kind, version = cast(tuple[str, Version], done.tag)
            if self._asked.get(kind) == version:
                del self._asked[kind]
            # A no-guess board is this game's whatever was flagged while it was
            # laid: dropped as stale, it never came, and every reveal waited for it.
            if version != self.version() and not (kind == "layout" and version[0] == self.game):
                continue
            if not done.ok:
                if kind == "overlay":
                    self._overlay_failed_at(version)
                if not (done.lost and self._ask_again(kind, version)):
                    self._failed(kind, STOPPED if done.lost else str(done.value))
            else:
                self._answers[kind](self, done.value)
            self.revision += 1
        if not self._asked:
            self._waiting_since = None

    def _failed(self, kind: str, reason: str) -> None:
        """Say that ``kind`` failed for ``reason`` and stop auto-play."""
        # kept untranslated: said in the language of the moment
        self.say(PUZZLED, reason=reason)
        self.stop()
        if kind == "layout":        # the click that waited is dropped: the next asks again
            self._first = None
            self._hint_after_first = False

    @property
    def thinking(self) -> bool:
        """An answer has been awaited for more than ``THINKING_TICKS``."""
        return self._waiting_since is not None and \
            self.ticks - self._waiting_since >= THINKING_TICKS

    @property
    def waiting(self) -> bool:
        """Some question has no answer yet."""
        return bool(self._asked)

    # ------------------------------------------------------------ no-guess boards

    def lay_first(self, kind: str, cell: Cell) -> bool:
        """On a no-guess board, the first reveal waits for the worker to lay
        the mines; True while it does (the move is played when they arrive)."""
        layer = self.session.prepared
        field = self.field
        if layer is None or kind != "reveal" or field.status != Status.READY \
                or field.first_click is None or layer.cells is not None \
                or field.cell(*cell) not in REVEALABLE:     # a flag: the reveal does nothing
            return False
        if self._first is None:
            self._first = (kind, cell)
            seed, rule = field.seed, field.first_click
            assert seed is not None      # a board with a first-click rule has its seed
            mask = field.mask
            self._ask("layout", lambda: LayoutJob(
                field.width, field.height, field.mines, seed, rule, cell, field.shape,
                None if mask is None else tuple(mask)))
        return True

    def _layout_arrived(self, laid: LaidBoard) -> None:
        if self._first is None or self.session.prepared is None:
            return
        (kind, cell), self._first = self._first, None
        prepared = self.session.prepared
        prepared.prepare(laid.cells, cell[1] * self.field.width + cell[0])
        self.screen.play(kind, cell)
        if self._hint_after_first:        # H pressed meanwhile
            self._hint_after_first = False
            self.screen.mark_dirty(self.show_hint())
        if self.field.status == Status.READY:     # flagged meanwhile: the reveal did nothing
            prepared.prepare(None, None)          # the next first click asks afresh
            return
        if not laid.no_guess:             # said once the move has cleared older lines
            self.say(NOT_NO_GUESS)

    # ------------------------------------------------------------ auto-play

    def toggle_autoplay(self) -> None:
        """A: auto-play starts (not on a finished game) or stops."""
        if self.autoplay:
            self.stop()
        elif not self.session.ended:
            self.autoplay = True
            self.pointer_rest = None
            self.screen.mark_dirty(self.clear_hint())
            self._planned = None
            self._countdown = self.pace[0]

    def stop(self, keep_cursor: bool = False) -> None:
        """Stop auto-play (any input does). Its cursor goes, unless
        ``keep_cursor`` (a key stopped it: the keyboard plays on from the
        cell it showed, where the cursor hidden came back in the middle of
        the view at the next arrow)."""
        if self.autoplay:
            self.autoplay = False
            self._planned = None
            self._asked.pop("move", None)
            if not keep_cursor:
                self.screen.hide_cursor()

    def tick(self) -> None:
        """One fixed tick: pick up answers; auto-play asks for a move and
        shows it with the cursor, then plays it a few ticks later."""
        self.ticks += 1
        self.collect()
        self._bring_into_view()
        if not self.autoplay:
            return
        if self.session.ended:
            self.stop()
            return
        self._countdown -= 1
        if self._countdown > 0:
            return
        if self._planned is None:
            self._ask("move", lambda: self._about_view(MoveJob, first_click=self.first_click))
            return
        decision, self._planned = self._planned, None
        self.moves_played += 1
        self.guesses += not decision.certain
        self.screen.play(decision.kind, (decision.x, decision.y))
        self._countdown = self.pace[1]

    def _move_arrived(self, decision: MoveAnswer) -> None:
        if not self.autoplay:
            return
        # Shown with the cursor, the move is help given, played or not: A
        # then any key as the cursor came to rest was a hint that left the
        # game the player's own, for the Best Times.
        self._assist()
        self._planned = decision
        self.screen.point_at((decision.x, decision.y))
        self._countdown = self.pace[0]

    _answers: ClassVar[dict[str, Callable[[Assistant, Any], None]]] = {
        "hint": HintShown._hint_arrived, "overlay": ProbabilityOverlay._overlay_arrived,
        "layout": _layout_arrived,
        "move": _move_arrived}
