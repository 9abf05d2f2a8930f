"""How a hint says why, in one line a player understands.

The solver's proofs are facts with the numbers they used; this module turns
them into the phrases players use among themselves: "this 1 already touches
its mine", "the 1-2-1 pattern", "counting the mines left", and a guess's risk
with the number of arrangements counted.
"""

from __future__ import annotations

from .deduce import PAIR, SINGLE, Deduction, Fact
from .position import Position

#: Named patterns: numbers in a straight line, read either way.
PATTERNS = {(1, 1): "1-1", (1, 2): "1-2", (2, 1): "1-2", (1, 2, 1): "1-2-1",
            (1, 2, 2, 1): "1-2-2-1"}

_CHAIN_DEPTH = 3


def percent(p: float) -> str:
    """A probability as players read it: "8 %", "0.4 %"."""
    if 0.0 < p < 0.01:
        return f"{p * 100:.1f} %"
    return f"{p * 100:.0f} %"


def arrangements(n: int, every: bool = True) -> str:
    """"all 12 arrangements" ("12 arrangements" without ``every``), or
    "about 3.2 x 10^15 arrangements" when the count is too big to read."""
    if n < 1_000_000:
        return f"{'all ' if every else ''}{n:,} arrangement{'s' if n != 1 else ''}"
    digits = len(str(n)) - 1
    return f"about {n / 10 ** digits:.1f} x 10^{digits} arrangements"


def evidence(deduction: Deduction, fact: Fact) -> list[int]:
    """The numbers behind a fact and the facts it used, a few steps back."""
    found: list[int] = []
    todo = [(fact, 0)]
    seen = set()
    while todo:
        f, depth = todo.pop()
        if f.cell in seen:
            continue
        seen.add(f.cell)
        found.extend(n for n in f.numbers if n not in found)
        if depth < _CHAIN_DEPTH:
            todo.extend((deduction.facts[u], depth + 1) for u in f.uses)
    return found


def pattern(position: Position, numbers: list[int]) -> str | None:
    """The name of the pattern these numbers form, if they form one.

    The named patterns are facts about square cells: on hexagons a row of
    numbers shares cells differently, so no name is given there."""
    if not 2 <= len(numbers) <= 4 or position.topology.degree != 8:
        return None
    xys = sorted(position.xy(n) for n in numbers)
    xs, ys = {x for x, _ in xys}, {y for _, y in xys}
    row = len(ys) == 1 and max(xs) - min(xs) == len(xys) - 1
    column = len(xs) == 1 and max(ys) - min(ys) == len(xys) - 1
    if not (row or column):
        return None
    values = tuple(position.numbers[position.index(x, y)] for x, y in xys)
    return PATTERNS.get(values)


def explain_fact(position: Position, deduction: Deduction, fact: Fact) -> str:
    """One line saying why a locally proved cell is safe or a mine."""
    verdict = "a mine" if fact.mine else "safe"
    if fact.cost > 1:
        name = pattern(position, evidence(deduction, fact))
        if name:
            return _pattern_line(name, fact.mine)
    if fact.rule == SINGLE:
        return _single_line(position, deduction, fact)
    if fact.rule == PAIR:
        a, b = (position.numbers[n] for n in fact.numbers)
        outcome = "puts a mine here" if fact.mine else "leaves this cell safe"
        return f"this {a} and this {b} share neighbours: every way to satisfy both {outcome}"
    return f"this cell is {verdict}"


def _how_found(position: Position, deduction: Deduction, mines: list[Fact]) -> str:
    """" (found by ...)" for mines the player has not flagged, else ""."""
    if not mines:
        return ""
    step = mines[0]
    name = pattern(position, evidence(deduction, step)) if step.cost > 1 else None
    if name:
        how = f"the {name} pattern"
    elif step.rule == SINGLE:
        how = f"a {position.numbers[step.numbers[0]]} nearby"
    else:
        how = "two numbers nearby"
    return f" (found by {how})"


def _pattern_line(name: str, mine: bool) -> str:
    verdict = "this cell is a mine" if mine else "this cell is safe"
    why = {
        "1-1": "the two 1s share one mine",
        "1-2": "the 2 needs one mine more than the 1 can share",
        "1-2-1": "its mines sit under the 1s, never under the 2",
        "1-2-2-1": "its mines sit under the 2s, never under the 1s",
    }[name]
    return f"the {name} pattern: {why}, so {verdict}"


def _single_line(position: Position, deduction: Deduction, fact: Fact) -> str:
    (n,) = fact.numbers
    value = position.numbers[n]
    before = [deduction.facts[c] for c in position.around[n]
              if c in deduction.facts and deduction.facts[c].order < fact.order]
    mines = sum(1 for f in before if f.mine)
    if not fact.mine:
        if value == 0:
            return "this 0 has no mine around it, so all its neighbours are safe"
        its = "its mine" if value == 1 else f"its {value} mines"
        found = _how_found(position, deduction, [f for f in before if f.mine
                                                   and f.cell not in position.flagged])
        return f"this {value} already touches {its}{found}, so its other neighbours are safe"
    left = value - mines
    if not before:
        if value == 1:
            return "this 1 has exactly 1 covered neighbour: a mine"
        return f"this {value} has exactly {value} covered neighbours: all mines"
    plural = "s" if left != 1 else ""
    return (f"this {value} needs {left} more mine{plural} and has exactly {left}"
            f" undecided neighbour{plural} left: {'all mines' if left > 1 else 'a mine'}")
