"""The computer player: one move at a time, certain moves first.

Order of preference, so that auto-play looks like a careful human:

1. reveal a cell proved safe (the local rules first, counting only if they
   find nothing);
2. take the flag off a cell proved safe that the player flagged (a flagged
   cell is never revealed; one toggle makes it revealable);
3. flag a proved mine that is not flagged yet (with ``flags=True``);
4. otherwise guess (``guess``), or when every undecided cell is flagged, take
   the flag off the least risky one.

Flags are the player's opinion and never used as evidence.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from game.engine import FIRST_CLICK_RULES
from game.engine.topology import GRID
from game.i18n import _
from game.i18n import chance as percent

from .analysis import Analysis, analyse_position, check_consistent
from .count import Count
from .deduce import PAIR, SINGLE, Deduction
from .endgame import endgame_move
from .fifty import Traps
from .frontier import ComponentKey
from .guess import choose
from .position import Position, parse
from .problem import Problem
from .relocation import first_click_index

REVEAL, FLAG = "reveal", "flag"


@dataclass(frozen=True)
class Decision:
    """A move for the engine: ``kind`` "reveal" or "flag" at ``(x, y)``.

    ``risk`` is the chance the revealed cell is a mine (0.0 when certain;
    for a flag, the chance the cell is a mine); ``reason`` says why in one line.
    """

    kind: str
    x: int
    y: int
    risk: float
    certain: bool
    reason: str


def next_move(view: Iterable[str], mines: int, *, first_click: str = "opening",
              flags: bool = True, max_seconds: float | None = None,
              shape: str = GRID, cache: dict[ComponentKey, Count] | None = None,
              relocated_from: tuple[int, int] | None = None) -> Decision:
    """The move the computer would play on ``view`` (a board of ``mines`` mines).

    ``first_click`` is the game's first-click rule, used to choose the first
    click on an all-covered board. ``flags`` lets the player flag proved
    mines before it guesses. ``max_seconds`` bounds the analysis of huge
    boards (then probabilities may be approximate). ``shape`` is the board's
    shape (spaces in the view are holes). ``cache`` keeps component counts
    between calls (see ``analyse``), and ``relocated_from`` is as there (the
    risks weigh the classic rule's relocated mine). Raises ValueError for a
    malformed view or one with nothing left to play (every safe cell open:
    the game is won), and InconsistentBoard when no layout fits it.
    """
    check_rule(first_click)
    position = parse(view, mines, shape)
    first_click_index(position, relocated_from)     # a bad one refused, however early the answer
    if position.untouched:
        return first_move(position, first_click)
    if cache is None:
        cache = {}
    deduction = Deduction(Problem.of(position), position.topology).run(stop_at_safe=True)
    for c in sorted(deduction.safe()):
        if c not in position.flagged:
            check_consistent(deduction, max_seconds=max_seconds, cache=cache)
            return _certain(position, REVEAL, c, _proof(deduction, c))
    analysis = analyse_position(position, max_seconds=max_seconds,
                                deduction=deduction.run(), cache=cache,
                                relocated_from=relocated_from)
    return _from_analysis(analysis, flags, cache)


def check_rule(first_click: str) -> None:
    """ValueError unless ``first_click`` is a first-click rule: checked up
    front, not only on an untouched board, so a typo shows at the first call."""
    if first_click not in FIRST_CLICK_RULES:
        raise ValueError(f"first_click must be one of {', '.join(FIRST_CLICK_RULES)},"
                         f" not {first_click!r}")


def _from_analysis(analysis: Analysis, flags: bool, cache: dict[ComponentKey, Count]) -> Decision:
    """Steps 1-4 of the module docstring, once everything is counted."""
    position = analysis.position
    index = position.index
    safe = sorted(index(x, y) for x, y in analysis.safe)
    for c in safe:
        if c not in position.flagged:
            return _certain(position, REVEAL, c, _("proved safe by counting every arrangement"))
    if safe:
        return _certain(position, FLAG, safe[0],
                        _("this flag is wrong: the cell is proved safe, unflag it to open it"))
    sure = sorted(index(x, y) for x, y in analysis.mines)
    unflagged = [c for c in sure if c not in position.flagged]
    if flags and unflagged:
        return _certain(position, FLAG, unflagged[0], _("proved to be a mine"), risk=1.0)
    open_ones = open_cells(analysis)
    if all(c in position.flagged for c in open_ones):
        c = min(open_ones, key=lambda c: (analysis.risk[c], c))
        x, y = position.xy(c)
        return Decision(FLAG, x, y, analysis.risk[c], False,
                        _("every undecided cell is flagged: unflag the least risky one"))
    choice = best_guess(analysis, open_ones, cache)
    x, y = position.xy(choice.cell)
    return Decision(REVEAL, x, y, analysis.risk[choice.cell], False, choice.reason())


def open_cells(analysis: Analysis) -> list[int]:
    """The undecided covered cells a guess may choose from: the unflagged
    ones, or all of them when the player has flagged every one.

    Raises ValueError when there is none: every safe cell is open, so the
    game is won and no move or hint makes sense (rather than a bare error
    from choosing among nothing)."""
    position = analysis.position
    sure = {position.index(x, y) for x, y in analysis.mines}
    undecided = sorted(c for c in position.covered if c not in sure)
    if not undecided:
        raise ValueError(_("nothing left to play: every safe cell is open (the game is won)"))
    unflagged = [c for c in undecided if c not in position.flagged]
    return unflagged or undecided


@dataclass(frozen=True)
class Choice:
    """A guess: the cell, and what made it best (the endgame search's chance
    to win, or the look-ahead's chance to prove more cells safe)."""

    cell: int
    risk: float
    win: float | None = None
    progress: float | None = None
    fifty: bool = False

    def reason(self) -> str:
        if self.fifty:
            return _("a 50/50 no number can ever settle, or safe: guessed now, while its"
                     " number can still help, {risk} risk").format(risk=percent(self.risk))
        if self.win is not None:
            return _("endgame: every line of play searched, {chance} chance to win, {risk} risk"
                     " now").format(chance=percent(self.win), risk=percent(self.risk))
        if self.progress is not None:
            return _("no cell is certain: best guess, {risk} risk, {chance} chance to prove"
                     " more cells safe").format(risk=percent(self.risk),
                                                chance=percent(self.progress))
        return _("no cell is certain: best guess, {risk} risk").format(risk=percent(self.risk))


def best_guess(analysis: Analysis, candidates: list[int], cache: dict[ComponentKey, Count]) -> Choice:
    """The cell to reveal when nothing is certain: an exact search of the
    endgame when few layouts remain, else a cell that is safe or an
    unavoidable 50/50 (``fifty``: guessing it first costs nothing), else the
    look-ahead guess."""
    planned = endgame_move(analysis, candidates)
    if planned is not None:
        c, chance = planned
        return Choice(c, analysis.risk[c], win=chance)
    traps = None
    if analysis.counted is not None:
        traps = Traps(analysis.deduction.reduced(), analysis.counted,
                      analysis.position.topology, cache)
        fifty = traps.pseudo_fifty(candidates, analysis.risk if analysis.weighed else None)
        if fifty is not None:
            return Choice(fifty, analysis.risk[fifty], fifty=True)
    guess = choose(analysis, candidates, traps)
    progress = guess.foresight.progress() if guess.foresight is not None else None
    return Choice(guess.cell, guess.risk, progress=progress)


def _certain(position: Position, kind: str, c: int, reason: str, risk: float = 0.0) -> Decision:
    x, y = position.xy(c)
    return Decision(kind, x, y, risk, True, reason)


def _proof(deduction: Deduction, c: int) -> str:
    fact = deduction.facts[c]
    if fact.rule == SINGLE:
        return _("proved safe by one number")
    if fact.rule == PAIR:
        return _("proved safe by two numbers together")
    return _("proved safe")


def first_move(position: Position, rule: str) -> Decision:
    """The first click on an all-covered board, for the first-click ``rule``.

    With "opening" the click opens an area wherever it lands; a cell a few
    steps from a corner gives an opening that often reaches the edges, which
    leaves fewer ragged borders to guess on. With "safe" and "classic" only
    the clicked cell is safe, and the cell with the fewest neighbours (a
    corner of a grid) is the one most likely to be a zero; "classic" takes
    the last such cell, away from the top-left where a hit mine is moved.
    On a shaped field the same idea picks among the cells that exist.

    A flagged cell cannot be revealed, so the choice is made among the
    unflagged cells (the nearest one for "opening"): revealing a flag does
    nothing, and auto-play would ask for it for ever. When the player has
    flagged every cell, the move takes the flag off the usual cell.
    """
    unflagged = [c for c in position.topology.cells if c not in position.flagged]
    target, reason = _first_cell(position, rule, unflagged or list(position.topology.cells))
    x, y = position.xy(target)
    if not unflagged:
        return Decision(FLAG, x, y, 0.0, True,
                        _("every cell is flagged: unflag this one, the first click is safe"))
    return Decision(REVEAL, x, y, 0.0, True, reason)


def _first_cell(position: Position, rule: str, cells: list[int]) -> tuple[int, str]:
    """The best first click among ``cells`` for ``rule``, and why."""
    table = position.topology.neighbours
    fewest = min(len(table[c]) for c in cells)
    lonely = [c for c in cells if len(table[c]) == fewest]
    # On a torus every cell has as many neighbours: there is no corner to
    # speak of, and "the fewest neighbours" would be no reason at all.
    alike = len({len(table[c]) for c in position.topology.cells}) == 1
    if rule == "opening":
        tx, ty = min(2, position.width // 2), min(2, position.height // 2)
        target = min(cells, key=lambda c: _distance(position.xy(c), (tx, ty)))
        if alike:
            return target, _("first click: this rule always opens an area, and here every"
                             " cell is alike")
        return target, _("first click: this rule always opens an area here, close to a corner")
    if rule == "classic":
        # Not beside the top-left cell, where a hit mine is moved either: on
        # a torus the last cell touches it (the mine moved next to the click).
        top_left = position.topology.cells[0]
        away = [c for c in lonely if c != top_left and top_left not in table[c]]
        if alike:
            return (away or lonely)[-1], _("first click: every cell has as many neighbours;"
                                           " this one is away from the top-left one, where a"
                                           " hit mine is moved")
        return (away or lonely)[-1], _("first click: the cell with the fewest neighbours is the most"
                             " likely to open an area (not the top-left one, where a hit"
                             " mine is moved)")
    if alike:
        return lonely[0], _("first click: every cell has as many neighbours, each as likely"
                            " to open an area")
    return lonely[0], _("first click: the cell with the fewest neighbours is the most likely"
                        " to open an area")


def _distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2
