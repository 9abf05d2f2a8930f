"""The box order of a component's count (``count._order``) and the plan
built from it: the order the heap gives is the plain greedy's, and the plan
looks at the deadline."""

import random

import pytest

from game.engine import Minefield
from game.solver import count as count_module
from game.solver.count import OutOfTime
from game.solver.deadline import Deadline
from game.solver.frontier import Component, split
from game.solver.position import parse
from game.solver.problem import Problem

from .test_budget import opened


def greedy(component: Component) -> list[int]:
    """The order as the README describes it, scored afresh at every step:
    next to the open numbers, the box closing the most of them, then
    opening the fewest, then the lowest; the first (or one after a gap)
    the best of all the boxes left."""
    boxes, constraints = component.boxes, component.constraints
    of_box: list[list[int]] = [[] for _ in boxes]
    for j, (members, _need) in enumerate(constraints):
        for b in members:
            of_box[b].append(j)
    left = [len(members) for members, _need in constraints]
    opened_now = [False] * len(constraints)
    order: list[int] = []
    near: set[int] = set()

    def score(b: int) -> tuple[int, int, int]:
        closes = sum(1 for j in of_box[b] if left[j] == 1)
        opens = sum(1 for j in of_box[b] if not opened_now[j])
        return -closes, opens, b

    while len(order) < len(boxes):
        pool = near or {b for b in range(len(boxes)) if b not in order}
        b = min(pool, key=score)
        near.discard(b)
        order.append(b)
        for j in of_box[b]:
            left[j] -= 1
            opened_now[j] = True
            near.update(x for x in constraints[j][0] if x not in order)
    return order


def components(seed: int) -> list[Component]:
    """The components of a game part-played on a board of some shape and size."""
    rng = random.Random(seed)
    shape = rng.choice(["grid", "torus", "hex"])
    width, height = rng.randint(9, 40), rng.randint(9, 40)
    field = Minefield(width, height, int(width * height * rng.uniform(0.1, 0.22)),
                      seed=seed, shape=shape)
    field.reveal(width // 2, height // 2)
    layout = field.layout()
    safe = [(x, y) for y in range(height) for x in range(width) if layout[y][x] != "*"]
    for x, y in rng.sample(safe, len(safe) // rng.choice([4, 10, 30])):
        if field.status == "playing":
            field.reveal(x, y)
    if field.status != "playing":
        return []
    return split(Problem.of(parse(field.view(), field.mines, shape)))[0]


def test_the_heap_orders_the_boxes_as_the_plain_greedy_does():
    """The heap keeps each box under its score as it last changed: were a
    stale score taken, or a box next to the open numbers missed, the count
    would stay right but its states would grow (the order is what keeps a
    long frontier's count fast), and no other test would see it."""
    tried = 0
    for seed in range(40):
        for component in components(seed):
            of_box: list[list[int]] = [[] for _ in component.boxes]
            for j, (members, _need) in enumerate(component.constraints):
                for b in members:
                    of_box[b].append(j)
            assert count_module._order(of_box, component.constraints) == greedy(component)
            tried += len(component.boxes) > 20
    assert tried >= 20


def test_a_deadline_passed_while_the_plan_is_built_stops_it(monkeypatch):
    """The clock passes the deadline once the order is chosen: the plan,
    hundreds of steps on a 100x100 board, stops within 256 boxes rather
    than being built whole before the count's first look at the clock."""
    position = parse(opened(1500, 0), 1500)
    component = max(split(Problem.of(position))[0], key=lambda c: len(c.boxes))
    assert len(component.boxes) > 300
    ordered: list[bool] = []
    real_order, real_step = count_module._order, count_module.Step

    def order_then_late(*args):
        order = real_order(*args)
        ordered.append(True)
        return order

    planned = []

    def counted_step(*args):
        planned.append(args)
        return real_step(*args)

    monkeypatch.setattr(count_module, "_order", order_then_late)
    monkeypatch.setattr(count_module, "Step", counted_step)
    with pytest.raises(OutOfTime):
        count_module.count(component, Deadline(5.0, lambda: 10.0 if ordered else 0.0))
    assert ordered and len(planned) <= 256
