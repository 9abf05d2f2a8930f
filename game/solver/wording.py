"""How a hint says why, in one line a player understands.

The solver's proofs are facts with the numbers they used; this module turns
them into the phrases players use among themselves: "this 1 already touches
its mine", "the 1-2-1 pattern", "counting the mines left", and a guess's risk
with the number of arrangements counted. Every phrase is a whole sentence
for the translators (gettext, with named placeholders and plural forms), so
another language may order its words its own way.
"""

from __future__ import annotations

import math

from game.engine import says_an
from game.i18n import _, decimal, ngettext, whole

from .deduce import PAIR, SINGLE, Deduction, Fact
from .position import Position

#: Named patterns: numbers in a straight line, read either way.
PATTERNS = {(1, 1): "1-1", (1, 2): "1-2", (2, 1): "1-2", (1, 2, 1): "1-2-1",
            (1, 2, 2, 1): "1-2-2-1"}

_CHAIN_DEPTH = 3


#: Each digit raised, as a power is written (10¹⁵): the pixel font draws them.
_RAISED = str.maketrans("0123456789", "\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077"
                                      "\u2078\u2079")


def arrangements(n: int, every: bool = True) -> str:
    """"all 12 arrangements" ("12 arrangements" without ``every``), or
    "about 3.2 × 10¹⁵ arrangements" when the count is too big to read."""
    if n < 1_000_000:
        if every:
            return ngettext("the only arrangement", "all {count} arrangements", n).format(
                count=whole(n))
        return ngettext("{count} arrangement", "{count} arrangements", n).format(count=whole(n))
    exponent, mantissa = scientific(n)
    # Translators: {exponent} is the power of ten in raised digits (10¹⁵);
    # no-break spaces around the times sign: a wrap never parts the count
    return _("about {mantissa}\u00a0\u00d7\u00a010{exponent} arrangements").format(
        mantissa=decimal(mantissa, 1), exponent=superscript(exponent))


def superscript(n: int) -> str:
    """``n`` (not negative) in raised digits: 15 is "¹⁵"."""
    return str(n).translate(_RAISED)


def scientific(n: int) -> tuple[int, float]:
    """``n`` (at least 1) as ``mantissa × 10^exponent``, the mantissa in
    [1, 10) once rounded to one decimal: 9.96 × 10⁶ read "10.0 × 10⁶".
    The exponent comes from a logarithm, not the decimal digits: Python
    refuses to write an integer of over 4,300 digits."""
    exponent = int(math.log10(n))
    mantissa = n / 10 ** exponent
    if mantissa >= 10:            # log10 a hair short just under a power of ten
        exponent, mantissa = exponent + 1, mantissa / 10
    elif mantissa < 1:
        exponent, mantissa = exponent - 1, mantissa * 10
    if round(mantissa, 1) >= 10:
        exponent, mantissa = exponent + 1, 1.0
    return exponent, mantissa


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
    xs, ys = {x for x, _y in xys}, {y for _x, y in xys}
    row = len(ys) == 1 and max(xs) - min(xs) == len(xys) - 1
    column = len(xs) == 1 and max(ys) - min(ys) == len(xys) - 1
    if not (row or column):
        return None
    values = tuple(position.numbers[position.index(x, y)] for x, y in xys)
    name = PATTERNS.get(values)
    if name is None or len(xys) > 2 and not _against_a_wall(position, xys, values, row):
        return None
    return name


def _against_a_wall(position: Position, xys: list[tuple[int, int]], values: tuple[int, ...],
                    row: bool) -> bool:
    """Whether the 2s of a 1-2-1 or 1-2-2-1 touch covered cells on one side
    of their line only, the shape the pattern's words describe ("its mines
    sit under the 1s, never under the 2"). Other numbers in a line with
    those values can prove the same cell otherwise, and the words were then
    false: a 2 with covered cells on both sides put a mine beside a 1, on
    the far side, in some arrangements."""
    sides = set()
    for (x, y), value in zip(xys, values, strict=True):
        if value == 2:
            for c in position.around[position.index(x, y)]:
                cx, cy = position.xy(c)
                sides.add(cy if row else cx)
    return len(sides) == 1 and sides != {xys[0][1] if row else xys[0][0]}


def explain_fact(position: Position, deduction: Deduction, fact: Fact) -> str:
    """One line saying why a locally proved cell is safe or a mine."""
    if fact.cost > 1:
        name = pattern(position, evidence(deduction, fact))
        if name:
            return _pattern_line(name, fact.mine)
    if fact.rule == SINGLE:
        return _single_line(position, deduction, fact)
    if fact.rule == PAIR:
        a, b = (position.numbers[n] for n in fact.numbers)
        if fact.mine:
            text = _("this {a} and this {b} share neighbours: every way to satisfy both"
                     " puts a mine here")
        else:
            text = _("this {a} and this {b} share neighbours: every way to satisfy both"
                     " leaves this cell safe")
        return text.format(a=a, b=b)
    return _("this cell is a mine") if fact.mine else _("this cell is safe")


def _how_found(position: Position, deduction: Deduction, mines: list[Fact], count: int) -> str:
    """" (found by ...)" for mines the player has not flagged, else "".
    ``count`` is how many mines the sentence speaks of ("its mine", "its 3
    mines"): a language whose participle agrees with them says it so (French
    "trouvée" / "trouvées"). Mines found in different ways (one by a 1, one
    by a 2) are said found by numbers: naming the first finder alone, the
    hint said "found by a 1 nearby" beside a 2 framed as its proof too."""
    said = {_found_by(position, deduction, step, count) for step in mines}
    if len(said) > 1:
        return ngettext(" (found by numbers nearby)", " (found by numbers nearby)", count)
    return said.pop() if said else ""


def _found_by(position: Position, deduction: Deduction, step: Fact, count: int) -> str:
    """" (found by ...)" for the one mine ``step`` proved."""
    name = pattern(position, evidence(deduction, step)) if step.cost > 1 else None
    if name:
        return ngettext(" (found by the {pattern} pattern)", " (found by the {pattern} pattern)",
                        count).format(pattern=name)
    if step.rule == SINGLE:
        number = position.numbers[step.numbers[0]]
        if says_an(number):          # "an 8"
            return ngettext(" (found by an {number} nearby)", " (found by an {number} nearby)",
                            count).format(number=number)
        return ngettext(" (found by a {number} nearby)", " (found by a {number} nearby)",
                        count).format(number=number)
    return ngettext(" (found by two numbers nearby)", " (found by two numbers nearby)", count)


def _pattern_line(name: str, mine: bool) -> str:
    why = {
        "1-1": _("the two 1s share one mine"),
        "1-2": _("the 2 needs one mine more than the 1 can share"),
        "1-2-1": _("its mines sit under the 1s, never under the 2"),
        "1-2-2-1": _("its mines sit under the 2s, never under the 1s"),
    }[name]
    if mine:
        return _("the {pattern} pattern: {why}, so this cell is a mine").format(
            pattern=name, why=why)
    return _("the {pattern} pattern: {why}, so this cell is safe").format(pattern=name, why=why)


def _single_line(position: Position, deduction: Deduction, fact: Fact) -> str:
    (n,) = fact.numbers
    value = position.numbers[n]
    before = [deduction.facts[c] for c in position.around[n]
              if c in deduction.facts and deduction.facts[c].order < fact.order]
    mines = sum(1 for f in before if f.mine)
    if not fact.mine:
        if value == 0:
            return _("this 0 has no mine around it, so all its neighbours are safe")
        found = _how_found(position, deduction, [f for f in before if f.mine
                                                   and f.cell not in position.flagged], value)
        return ngettext("this {number} already touches its mine{found}, so its other"
                        " neighbours are safe",
                        "this {number} already touches its {number} mines{found}, so its other"
                        " neighbours are safe", value).format(number=value, found=found)
    left = value - mines
    if not before:
        return ngettext("this {number} has exactly {number} covered neighbour: a mine",
                        "this {number} has exactly {number} covered neighbours: all mines",
                        value).format(number=value)
    return ngettext("this {number} needs {left} more mine and has exactly {left} undecided"
                    " neighbour left: a mine",
                    "this {number} needs {left} more mines and has exactly {left} undecided"
                    " neighbours left: all mines", left).format(number=value, left=left)
