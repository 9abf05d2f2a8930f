"""Exact counting of one component: arrangements by mine count, and per box.

Boxes are placed one at a time in an order that keeps few numbers "open"
(touched by a placed box and by a box still to place). The only thing the
future needs to know about the past is how many mines each open number still
needs and how many mines were placed so far, so partial arrangements that
agree on those merge into one *state* with a weight (a dynamic programme
along the frontier, the trick strong solvers use instead of listing every
solution). Frontiers are long and thin, so the states stay few.

A forward pass gives the arrangements by mine count. Given a weight per final
mine count (the ways the rest of the board can complete it), a backward pass
over the recorded transitions gives each box's expected mines, exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from heapq import heappop, heappush
from math import comb

from .deadline import Deadline
from .frontier import Component

#: The counts of mines already given to each open number, in step order.
State = tuple[int, ...]


class OutOfTime(Exception):
    """The time budget ran out before the count finished."""


@dataclass(frozen=True)
class Step:
    """Placing one box: its index and size, how to read the constraints it
    touches from a state, and how to build the next state."""

    box: int
    size: int
    touched: tuple[tuple[int, int, int], ...]  # (position in state or -1, need if new, room left)
    carried: tuple[int, ...]                   # positions carried into the next state
    lowered: tuple[int, ...]                   # positions (in the next state) that lose k
    opened: tuple[int, ...]                    # needs of numbers opened by this box


@dataclass
class Count:
    """Arrangements of one component: ``weights[m]`` with ``m`` mines."""

    component: Component
    weights: dict[int, int]
    steps: list[Step]
    states: list[dict[State, int]]
    edges: list[list[tuple[State, int, State]]]

    def marginals(self, outer: dict[int, int]) -> list[int]:
        """Per box, the sum over all arrangements of (mines in the box) x
        ``outer[m]``, where ``m`` is the component's mine count; ``outer`` is
        how many ways the rest of the board completes such an arrangement."""
        after = {key: outer.get(key[0], 0) for key in self.states[-1]}
        sums = [0] * len(self.component.boxes)
        for step, states, edges in zip(reversed(self.steps), reversed(self.states[:-1]),
                                       reversed(self.edges), strict=False):
            ways = _COMBS[step.size]
            before: dict[State, int] = {}
            total = 0
            for state, k, nxt in edges:
                rest = after.get(nxt)
                if rest:
                    v = ways[k] * rest
                    before[state] = before.get(state, 0) + v
                    if k:
                        total += states[state] * v * k
            sums[step.box] = total
            after = before
        return sums


class _Combs(dict[int, list[int]]):
    """comb(size, k) for k = 0..size, by size, computed once."""

    def __missing__(self, size: int) -> list[int]:
        row = [comb(size, k) for k in range(size + 1)]
        self[size] = row
        return row


_COMBS = _Combs()


def count(component: Component, deadline: Deadline | None = None) -> Count:
    """Count the arrangements of ``component``; raise OutOfTime after
    ``deadline``."""
    steps = _plan(component, deadline)
    states: list[dict[State, int]] = [{(0,): 1}]
    edges: list[list[tuple[State, int, State]]] = []
    for step in steps:
        if deadline is not None and deadline.passed():
            raise OutOfTime
        nxt, moves = _advance(states[-1], step, deadline)
        states.append(nxt)
        edges.append(moves)
    weights = {key[0]: w for key, w in states[-1].items()}
    return Count(component, weights, steps, states, edges)


def _advance(states: dict[State, int], step: Step, deadline: Deadline | None
             ) -> tuple[dict[State, int], list[tuple[State, int, State]]]:
    """Place one box in every way each state allows."""
    ways = _COMBS[step.size]
    touched, carried, lowered, opened = step.touched, step.carried, step.lowered, step.opened
    nxt: dict[State, int] = {}
    moves: list[tuple[State, int, State]] = []
    checked = 0
    for state, w in states.items():
        lo, hi = 0, step.size
        for pos, need, room in touched:
            r = state[pos] if pos >= 0 else need
            if r < hi:
                hi = r
            if r - room > lo:
                lo = r - room
        if lo > hi:
            continue
        base = [state[p] for p in carried]
        for k in range(lo, hi + 1):
            new = base.copy()
            new[0] += k
            for q in lowered:
                new[q] -= k
            new.extend(need - k for need in opened)
            key = tuple(new)
            nxt[key] = nxt.get(key, 0) + w * ways[k]
            moves.append((state, k, key))
        checked += 1
        if deadline is not None and checked & 1023 == 0 and deadline.passed():
            raise OutOfTime
    return nxt, moves


def _plan(component: Component, deadline: Deadline | None = None) -> list[Step]:
    """The steps of the programme, for the box order chosen by ``_order``;
    raises OutOfTime after ``deadline``."""
    boxes, constraints = component.boxes, component.constraints
    of_box: list[list[int]] = [[] for _ in boxes]
    for j, (members, _) in enumerate(constraints):
        for b in members:
            of_box[b].append(j)
    order = _order(of_box, constraints, deadline)
    position = {b: i for i, b in enumerate(order)}
    last = [max(position[b] for b in members) for members, _ in constraints]
    room = [sum(len(boxes[b]) for b in members) for members, _ in constraints]
    open_now: list[int] = []   # constraints in the state, in state order (after the mine count)
    steps = []
    for i, b in enumerate(order):
        if deadline is not None and i & 255 == 255 and deadline.passed():
            raise OutOfTime
        size = len(boxes[b])
        slot = {j: p + 1 for p, j in enumerate(open_now)}
        touched = []
        for j in of_box[b]:
            room[j] -= size
            touched.append((slot.get(j, -1), constraints[j][1], room[j]))
        kept = [j for j in open_now if last[j] != i]
        new = [j for j in of_box[b] if j not in slot and last[j] != i]
        carried = (0, *(slot[j] for j in kept))
        lowered = tuple(p + 1 for p, j in enumerate(kept) if j in of_box[b])
        opened = tuple(constraints[j][1] for j in new)
        steps.append(Step(b, size, tuple(touched), carried, lowered, opened))
        open_now = kept + new
    return steps


def _order(of_box: list[list[int]], constraints: tuple[tuple[tuple[int, ...], int], ...],
           deadline: Deadline | None = None) -> list[int]:
    """A box order that closes numbers early and opens few at a time, so the
    set of open numbers (the state) stays small: greedily take the box next
    to the open numbers that completes the most of them and opens the fewest
    new ones, starting from a box touched by the fewest numbers.

    The boxes next to the open numbers wait in a heap, each under its score
    as it last changed (a box's score changes only when a box sharing one
    of its numbers is placed): scoring them all again at every step took
    seconds on a long frontier of a 100x100 board, past any time budget.
    Raises OutOfTime after ``deadline``."""
    left = [len(members) for members, _ in constraints]
    opened = [False] * len(constraints)
    placed = [False] * len(of_box)
    scored: dict[int, tuple[int, int, int]] = {}
    near: list[tuple[int, int, int]] = []
    order: list[int] = []

    def score(b: int) -> tuple[int, int, int]:
        """Smallest first: most numbers closed, fewest opened, lowest box."""
        closes = sum(1 for j in of_box[b] if left[j] == 1)
        opens = sum(1 for j in of_box[b] if not opened[j])
        return -closes, opens, b

    while len(order) < len(of_box):
        while near and (placed[near[0][2]] or scored[near[0][2]] != near[0]):
            heappop(near)
        b = heappop(near)[2] if near else min(
            (x for x in range(len(of_box)) if not placed[x]), key=score)
        placed[b] = True
        order.append(b)
        changed: set[int] = set()
        for j in of_box[b]:
            left[j] -= 1
            opened[j] = True
            changed.update(constraints[j][0])
        for x in changed:
            if not placed[x]:
                key = score(x)
                if scored.get(x) != key:
                    scored[x] = key
                    heappush(near, key)
        if deadline is not None and len(order) & 255 == 0 and deadline.passed():
            raise OutOfTime
    return order
