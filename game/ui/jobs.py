"""The computer's work for the window, as small picklable jobs.

Each job carries plain data (the view as strings, the mine count, the rules)
and ``run()`` answers with plain data, so the same job runs in the worker
process (``worker.ProcessWorker``) or on the spot (``worker.SyncWorker``, the
headless tests' deterministic mode). Nothing here imports pygame: the worker
process never loads it.

The worker process keeps the overlay's analysis from one position to the
next (``game.solver.incremental``: a move recounts only the components it
touched) and one count cache for auto-play's moves.
"""

from __future__ import annotations

import pickle
import random
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from game.engine import ANY_SIZE, Minefield
from game.engine.topology import GRID, Topology
from game.i18n import N_, _, language

if TYPE_CHECKING:            # the solver itself is imported by the jobs, when they run
    from game.solver.count import Count
    from game.solver.frontier import ComponentKey
    from game.solver.incremental import IncrementalAnalysis

#: Component counts kept between auto-play's moves (per process), keyed by
#: component; emptied when a new game starts or it grows past CACHE_LIMIT,
#: so memory stays flat however many games are played.
CACHE_LIMIT = 2_000
_cache: dict[ComponentKey, Count] = {}


@dataclass
class _Seen:
    covered: int = 0
    size: tuple[int, int] = (0, 0)


_last_seen = _Seen()                        # the last view auto-play asked about
#: The overlay's analysis, kept from one position to the next (per shape).
_games: dict[str, IncrementalAnalysis] = {}


def session_cache(view: tuple[str, ...]) -> dict[ComponentKey, Count]:
    """The process's count cache for ``view``: a view with more covered
    cells than the last one, or another size, is a new game."""
    covered = sum(row.count("#") + row.count("F") + row.count("?") for row in view)
    size = (len(view[0]) if view else 0, len(view))
    if size != _last_seen.size or covered > _last_seen.covered or len(_cache) > CACHE_LIMIT:
        _cache.clear()
    _last_seen.covered, _last_seen.size = covered, size
    return _cache


@dataclass(frozen=True)
class Overlay:
    """What the probability overlay draws: ``rows[y][x]`` and whether exact."""

    rows: list[list[float]]
    exact: bool


@dataclass(frozen=True)
class HintAnswer:
    """A hint as the window shows it (the solver's Hint, as plain data: the
    window process never has to import the solver to read it)."""

    x: int
    y: int
    kind: str
    explanation: str
    evidence: tuple[tuple[int, int], ...]
    language: str       # the language ``explanation`` is written in


@dataclass(frozen=True)
class MoveAnswer:
    """Auto-play's next move as plain data: ``kind`` "reveal" or "flag"."""

    kind: str
    x: int
    y: int
    certain: bool


@dataclass(frozen=True)
class _PlayJob:
    """What the hint and auto-play's move are asked about: a view, played
    under a first-click rule (``relocated_from``: the classic rule's first
    click, whose mine may have moved)."""

    view: tuple[str, ...]
    mines: int
    first_click: str
    max_seconds: float | None
    shape: str = GRID
    relocated_from: tuple[int, int] | None = None


class HintJob(_PlayJob):
    """The hint for a view."""

    def run(self) -> HintAnswer:
        from game.solver import hint
        h = hint(self.view, self.mines, first_click=self.first_click,
                 max_seconds=self.max_seconds, shape=self.shape,
                 relocated_from=self.relocated_from)
        return HintAnswer(h.x, h.y, h.kind, h.explanation, tuple(h.evidence), language())


@dataclass(frozen=True)
class AnalyseJob:
    """Mine probabilities of a view, for the overlay."""

    view: tuple[str, ...]
    mines: int
    max_seconds: float | None
    shape: str = GRID
    relocated_from: tuple[int, int] | None = None

    def run(self) -> Overlay:
        from game.solver import analyse
        from game.solver.count import OutOfTime
        from game.solver.deadline import wall
        from game.solver.incremental import IncrementalAnalysis
        if self._relocation_weighs():
            # The incremental counts know nothing of the classic rule's
            # relocated mine: counted afresh while it can still matter.
            weighed = analyse(self.view, self.mines, max_seconds=self.max_seconds,
                              shape=self.shape, relocated_from=self.relocated_from)
            return Overlay(weighed.probabilities, weighed.exact)
        game = _games.get(self.shape) or _games.setdefault(self.shape,
                                                            IncrementalAnalysis(self.shape))
        deadline = None if self.max_seconds is None else wall(self.max_seconds)
        try:
            return Overlay(game.analyse(self.view, self.mines, deadline=deadline).probabilities,
                           exact=True)
        except OutOfTime:
            rough = analyse(self.view, self.mines, max_seconds=0.0, shape=self.shape)
            return Overlay(rough.probabilities, rough.exact)

    def _relocation_weighs(self) -> bool:
        """Whether the classic rule's relocated mine may still weigh (the
        solver's ``may_weigh``); a first click that is no cell of the view
        is left to ``analyse`` to refuse."""
        if self.relocated_from is None:
            return False
        from game.solver.position import COVERED_CHARS, board_of
        from game.solver.relocation import may_weigh
        topology = board_of(self.view, self.shape)
        first = topology.index(*self.relocated_from)
        flat = "".join(self.view)
        return first is None or may_weigh(topology, lambda i: flat[i] in COVERED_CHARS, first)


class MoveJob(_PlayJob):
    """Auto-play's next move on a view."""

    def run(self) -> MoveAnswer:
        from game.solver import next_move
        d = next_move(self.view, self.mines, first_click=self.first_click,
                      max_seconds=self.max_seconds, shape=self.shape,
                      cache=session_cache(self.view), relocated_from=self.relocated_from)
        return MoveAnswer(d.kind, d.x, d.y, d.certain)


#: Seconds a no-guess board is searched for at the first click: past them the
#: search stops and the board that got furthest is laid (the window says it
#: may need a guess). Boards of the classic levels, and fields up to 100x100
#: at Expert's density, are found in well under half a second; a dense field
#: (100x100 with 3,000 mines) could take 10-20 s, and one with none to find
#: minutes, with the first click doing nothing all that while.
LAYOUT_SECONDS = 2.5


@dataclass(frozen=True)
class LaidBoard:
    """A LayoutJob's answer: the mine cells (flat indices), and whether the
    board is one that never forces a guess (False when the layer gave up:
    a field whose parts do not touch has none from most first clicks)."""

    cells: list[int]
    no_guess: bool


@dataclass(frozen=True)
class LayoutJob:
    """The mines of a no-guess board, laid for a first click at ``cell``:
    the same board the engine would lay on the spot with the same seed
    (unless the search runs past ``seconds``)."""

    width: int
    height: int
    mines: int
    seed: int
    first_click: str
    cell: tuple[int, int]
    shape: str = GRID
    mask: tuple[str, ...] | None = None
    seconds: float | None = LAYOUT_SECONDS

    def run(self) -> LaidBoard:
        from game.solver.noguess import NoGuessLayer
        layer = NoGuessLayer(self.seconds)
        field = Minefield(self.width, self.height, self.mines, seed=self.seed,
                          first_click=self.first_click, layer=layer,
                          shape=self.shape, mask=self.mask, limits=ANY_SIZE)
        field.reveal(*self.cell)
        rows = field.layout() or []
        return LaidBoard([i for i, c in enumerate("".join(rows)) if c == "*"],
                         layer.report is not None and layer.report.no_guess)


class PreparedLayer:
    """The no-guess MineLayer of the window: it hands the engine the mines a
    LayoutJob laid in the worker for the first click at cell ``first`` (a
    flat index); for any other first click (one made while they were being
    laid, the first one having come to nothing: its cell flagged) it lays
    them on the spot (importing the solver then). Mines laid for another
    cell could lie beside this one, where the first-click rule keeps none,
    and the engine refused them with a ValueError that ended the game."""

    def __init__(self) -> None:
        self.cells: list[int] | None = None
        self.first: int | None = None

    def prepare(self, cells: list[int] | None, first: int | None) -> None:
        """Keep ``cells`` for a first click at ``first`` (None, None: forget them)."""
        self.cells, self.first = cells, first

    def __call__(self, rng: random.Random, topology: Topology, mines: int,
                 excluded: tuple[int, ...]) -> list[int]:
        cells, first = self.cells, self.first
        self.prepare(None, None)
        if cells is not None and first == excluded[0] and len(cells) == mines \
                and not set(excluded) & set(cells):
            return cells
        from game.solver import NoGuessLayer
        return NoGuessLayer(LAYOUT_SECONDS)(rng, topology, mines, excluded)


#: A ReplayJob's answer for a game the records keep no replay of (said as
#: it is, not as a replay that failed to open).
NO_REPLAY = N_("This game has no replay.")


@dataclass(frozen=True)
class ReplayJob:
    """A replay to watch: the file at ``path``, the ``text`` the store kept,
    or the replay of game ``game_id`` in the records file ``database`` (read
    there: a 2 MB text never crosses the pipe, whose first send waited on
    the window's thread for the process to start), read, decoded and
    checked (``game.replay.check``). The answer is the Replay pickled (the
    window unpickles it a tick after it arrives, ``loading.py``), or a
    one-line reason why it cannot be watched."""

    path: str | None = None
    text: str | None = None
    database: str | None = None
    game_id: int = 0

    def run(self) -> bytes | str:
        from game.replay import ReplayError, check, decode, read_file
        try:
            if self.path is not None:
                replay = read_file(self.path)
            else:
                text = self.text if self.database is None else self._stored()
                if text is None:
                    return _(NO_REPLAY)
                replay = decode(text)
            check(replay)
        except ReplayError as e:
            return str(e)
        except sqlite3.Error as e:
            from game.store.notices import reason
            return reason(e)                # in the player's words, not SQLite's English
        return pickle.dumps(replay, protocol=pickle.HIGHEST_PROTOCOL)

    def _stored(self) -> str | None:
        """The replay the records file keeps for ``game_id``, if any: none
        when the file is gone (records deleted mid-session), which opening
        it would have made again, empty."""
        from game.store import connection, ledger
        path = Path(self.database or "")
        if not path.is_file():
            return None
        db = connection.connect_reader(path)
        try:
            return ledger.read_replay(db, self.game_id)
        finally:
            db.close()


Job = HintJob | AnalyseJob | MoveJob | LayoutJob | ReplayJob
