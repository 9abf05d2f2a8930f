"""Hints: the next cell to play, with the simplest reason a player can check.

A hint prefers, in this order: a safe cell proved by one number, then by two
numbers (the named patterns among them), then by counting every arrangement
of a group of numbers, then by counting the mines left; then a proved mine
the player has not flagged; then the best guess with its risk. ``evidence``
lists the numbers of the proof so the window can highlight them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from game.engine.mines import excluded_cells
from game.engine.topology import GRID
from game.i18n import _, ngettext, whole
from game.i18n import chance as percent

from .analysis import Analysis, analyse_position, check_consistent
from .combine import Counted
from .count import Count
from .deduce import Deduction, Fact
from .frontier import ComponentKey
from .player import FLAG, best_guess, check_rule, first_move, open_cells
from .position import Position, parse
from .problem import Problem
from .relocation import first_click_index
from .wording import arrangements, evidence, explain_fact

Cell = tuple[int, int]
SAFE, MINE, GUESS = "safe", "mine", "guess"


@dataclass(frozen=True)
class Hint:
    """Where to look: ``(x, y)``, ``kind`` "safe", "mine" or "guess", the
    cell's ``risk`` of being a mine, a one-line ``explanation`` and the
    ``evidence`` cells (the numbers that prove it)."""

    x: int
    y: int
    kind: str
    risk: float
    explanation: str
    evidence: list[Cell]


def hint(view: Iterable[str], mines: int, *, first_click: str = "opening",
         max_seconds: float | None = None, shape: str = GRID,
         relocated_from: tuple[int, int] | None = None) -> Hint:
    """The hint for ``view`` on a board of ``shape`` with ``mines`` mines
    (see the module). ``first_click`` is the game's first-click rule, as for
    ``next_move``; ``relocated_from`` as for ``analyse``. Raises ValueError
    for a malformed view, an unknown rule or a view with nothing left to
    play (every safe cell open, the mines all flagged), and
    InconsistentBoard when no layout fits the view."""
    check_rule(first_click)
    position = parse(view, mines, shape)
    first_click_index(position, relocated_from)     # a bad one refused, however early the answer
    if position.untouched:
        move = first_move(position, first_click)
        text = _first_click_text(position, first_click, position.index(move.x, move.y))
        if move.kind == FLAG:       # the player flagged every cell
            text += _(" (unflag it first)")
        return Hint(move.x, move.y, SAFE, 0.0, text, [])
    deduction = Deduction(Problem.of(position), position.topology).run()
    fact = _simplest(position, deduction, mine=False)
    if fact is not None:
        check_consistent(deduction, max_seconds=max_seconds)
        return _fact_hint(position, deduction, fact)
    cache: dict[ComponentKey, Count] = {}
    analysis = analyse_position(position, max_seconds=max_seconds, deduction=deduction,
                                cache=cache, relocated_from=relocated_from)
    counted = _counted_hint(analysis, mine=False)
    if counted is not None:
        return counted
    fact = _simplest(position, deduction, mine=True)
    if fact is not None:
        return _fact_hint(position, deduction, fact)
    return _counted_hint(analysis, mine=True) or _guess_hint(analysis, cache)


def _first_click_text(position: Position, rule: str, cell: int) -> str:
    """What the first click at ``cell`` does, true for the rule and the board:
    the opening rule keeps an area free around it (unless the board is too
    dense for that); under the others only the cell is safe, and a cell's
    chance to open an area falls with each neighbour. "Here it is likely to
    open an area" was said of an Expert corner under the classic rule (one
    chance in two) and of a torus's cell (one in four)."""
    around = position.topology.neighbours[cell]
    free = excluded_cells(rule, cell, around, position.topology.cell_count, position.mines)
    if len(free) > 1:
        return _("nothing is open yet: the first click is always safe, and here it opens an"
                 " area")
    return _("nothing is open yet: the first click is always safe, and the fewer neighbours"
             " a cell has, the better its chance to open an area")


def _simplest(position: Position, deduction: Deduction, mine: bool) -> Fact | None:
    """The locally proved fact with the simplest proof; unflagged cells
    first for safe cells, only unflagged cells for mines."""
    facts = [f for f in deduction.facts.values() if f.mine == mine
             and not (mine and f.cell in position.flagged)]
    if not facts:
        return None
    return min(facts, key=lambda f: (f.cell in position.flagged, f.cost, f.order))


def _fact_hint(position: Position, deduction: Deduction, fact: Fact) -> Hint:
    x, y = position.xy(fact.cell)
    text = explain_fact(position, deduction, fact)
    if not fact.mine and fact.cell in position.flagged:
        text += _(" (your flag here is wrong)")
    cells = [position.xy(n) for n in evidence(deduction, fact)]
    return Hint(x, y, MINE if fact.mine else SAFE, 1.0 if fact.mine else 0.0, text, cells)


def _counted_hint(analysis: Analysis, mine: bool) -> Hint | None:
    """A cell proved by counting: by its own group of numbers if they alone
    prove it, else by the mines left."""
    position = analysis.position
    found = analysis.mines if mine else analysis.safe
    cells = sorted(position.index(x, y) for x, y in found)
    cells = [c for c in cells if c not in analysis.deduction.facts
             and not (mine and c in position.flagged)]
    if not cells or analysis.counted is None:
        return None
    groups = _groups(analysis.counted)
    local = [c for c in cells if c in groups and groups[c][1]]
    c = min(local or cells, key=lambda c: (c in position.flagged, c))
    x, y = position.xy(c)
    numbers, text = _counted_words(position, analysis.deduction, groups, c, mine)
    if not mine and c in position.flagged:
        text += _(" (your flag here is wrong)")
    return Hint(x, y, MINE if mine else SAFE, 1.0 if mine else 0.0, text,
                [position.xy(n) for n in numbers])


def _counted_words(position: Position, deduction: Deduction,
                   groups: dict[int, tuple[list[int], bool, int]], c: int,
                   mine: bool) -> tuple[list[int], str]:
    """Why counting proves cell ``c`` (a mine if ``mine``, else safe): the
    numbers that prove it and the sentence, by its own group of numbers
    (``groups``: see ``_groups``), by the mines left among the undecided
    cells (``deduction.mines``), or by the mines left away from every
    number."""
    left = deduction.mines
    if c in groups and groups[c][1]:
        numbers, _decided, layouts = groups[c]
        finders = _finders(position, deduction, numbers)
        if finders:
            return numbers + finders, _counted_with_proved(len(numbers), layouts, mine)
        text = (ngettext("these {count} numbers allow {arrangements} of their mines, and every"
                         " one puts a mine here",
                         "these {count} numbers allow {arrangements} of their mines, and every"
                         " one puts a mine here", len(numbers)) if mine else
                ngettext("these {count} numbers allow {arrangements} of their mines, and none"
                         " puts a mine here",
                         "these {count} numbers allow {arrangements} of their mines, and none"
                         " puts a mine here", len(numbers))).format(
            count=whole(len(numbers)), arrangements=arrangements(layouts, every=False))
    elif c in groups:
        numbers = groups[c][0]
        text = (ngettext("counting the mines left: with {count} mine still to place, every"
                         " arrangement makes this cell a mine",
                         "counting the mines left: with {count} mines still to place, every"
                         " arrangement makes this cell a mine", left) if mine else
                ngettext("counting the mines left: with {count} mine still to place, every"
                         " arrangement makes this cell safe",
                         "counting the mines left: with {count} mines still to place, every"
                         " arrangement makes this cell safe", left)).format(count=whole(left))
    else:
        numbers = sorted({n for nums, _decided, _layouts in groups.values() for n in nums})
        text = (ngettext("counting the mines left: the numbers account for the only mine,"
                         " so cells away from them are safe",
                         "counting the mines left: the numbers account for all {count}"
                         " mines, so cells away from them are safe", position.mines)
                if not mine else
                ngettext("counting the mines left: the numbers hold too few of the {count}"
                         " mine, so cells away from them are all mines",
                         "counting the mines left: the numbers hold too few of the {count}"
                         " mines, so cells away from them are all mines", position.mines)
                ).format(count=whole(position.mines))
    return numbers, text


def _finders(position: Position, deduction: Deduction, numbers: list[int]) -> list[int]:
    """The numbers, beyond ``numbers``, that proved cells around them. A
    group is counted once the single numbers and pairs have decided what
    they can: its arrangements are those of the cells still undecided, and
    the proof leans on those other numbers too (framing the group alone,
    the hint said "these 4 numbers allow 4 arrangements" of numbers that
    allowed 6, some of them with a mine on the cell called safe)."""
    found: list[int] = []
    for n in numbers:
        for cell in position.around[n]:
            fact = deduction.facts.get(cell)
            if fact is not None:
                found.extend(m for m in evidence(deduction, fact)
                             if m not in numbers and m not in found)
    return found


def _counted_with_proved(count: int, layouts: int, mine: bool) -> str:
    """The group's sentence when other numbers proved some of its cells
    first: its arrangements are of the cells left once those are set."""
    if mine:
        text = ngettext("once the cells proved by the numbers nearby are set, these {count}"
                        " numbers allow {arrangements} of their other mines, and every one"
                        " puts a mine here",
                        "once the cells proved by the numbers nearby are set, these {count}"
                        " numbers allow {arrangements} of their other mines, and every one"
                        " puts a mine here", count)
    else:
        text = ngettext("once the cells proved by the numbers nearby are set, these {count}"
                        " numbers allow {arrangements} of their other mines, and none puts a"
                        " mine here",
                        "once the cells proved by the numbers nearby are set, these {count}"
                        " numbers allow {arrangements} of their other mines, and none puts a"
                        " mine here", count)
    return text.format(count=whole(count), arrangements=arrangements(layouts, every=False))


def _groups(counted: Counted) -> dict[int, tuple[list[int], bool, int]]:
    """Per frontier cell: its component's numbers, whether the component
    alone (whatever the mine count) decides the cell, and its arrangements."""
    out: dict[int, tuple[list[int], bool, int]] = {}
    for count in counted.counts:
        free = count.marginals(dict.fromkeys(count.weights, 1))
        layouts = sum(count.weights.values())
        numbers = list(count.component.numbers)
        for cells, mines in zip(count.component.boxes, free, strict=False):
            decided = mines in (0, len(cells) * layouts)
            for c in cells:
                out[c] = (numbers, decided, layouts)
    return out


def _guess_hint(analysis: Analysis, cache: dict[ComponentKey, Count]) -> Hint:
    position = analysis.position
    choice = best_guess(analysis, open_cells(analysis), cache)
    x, y = position.xy(choice.cell)
    risk = percent(choice.risk)
    layouts = analysis.layouts   # None when the count had to be approximated
    if choice.fifty:
        text = _("no safe cell: a 50/50 no number can ever settle (or safe), best guessed now,"
                 " while its number can still help: {risk} risk").format(risk=risk)
    elif choice.win is not None and layouts is not None and analysis.weighed:
        # The chance to win weighs the arrangements as the risk does: said
        # alike, 2 arrangements and "67 % chance to win" read as a mistake.
        text = _("no safe cell: searched every line of play over {arrangements}, those with a"
                 " mine at the top-left weighing more (the first click's mine may have moved"
                 " there): {risk} risk, {chance} chance to win").format(
                     arrangements=arrangements(layouts), risk=risk, chance=percent(choice.win))
    elif choice.win is not None and layouts is not None:
        text = _("no safe cell: searched every line of play over {arrangements}: {risk} risk,"
                 " {chance} chance to win").format(arrangements=arrangements(layouts),
                                                   risk=risk, chance=percent(choice.win))
    elif analysis.exact and layouts is not None and analysis.weighed:
        text = _("no safe cell: counted {arrangements}, those with a mine at the top-left"
                 " weighing more (the first click's mine may have moved there): {risk}"
                 " risk").format(arrangements=arrangements(layouts), risk=risk)
    elif analysis.exact and layouts is not None:
        text = _("no safe cell: counted {arrangements}: {risk} risk").format(
            arrangements=arrangements(layouts), risk=risk)
    elif layouts is not None:
        # Counted, but weighing the first click's moved mine ran out of
        # time (``analyse_position``): the count was whole, the weight guessed.
        text = _("no safe cell: counted {arrangements}; the weight of those with a mine at"
                 " the top-left (the first click's mine may have moved there) only estimated,"
                 " out of time: about {risk} risk").format(arrangements=arrangements(layouts),
                                                          risk=risk)
    else:
        text = _("no safe cell: about {risk} risk (too many arrangements to count in"
                 " time)").format(risk=risk)
    if choice.cell in position.flagged:
        text += _(" (unflag it first)")
    table = position.topology.neighbours
    numbers = [n for n in table[choice.cell] if n in position.numbers]
    return Hint(x, y, GUESS, choice.risk, text, [position.xy(n) for n in numbers])
