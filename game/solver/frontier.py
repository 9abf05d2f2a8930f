"""Boxes and independent components: the shape exact counting works on.

Cells touched by exactly the same numbers are interchangeable, so they are
counted together as a *box*: a box of ``s`` cells holding ``k`` mines stands
for ``comb(s, k)`` arrangements at once. Numbers that share no box (directly
or through other numbers) cannot influence each other except through the
total mine count, so each *component* is counted on its own and the results
are combined afterwards. Cells no number touches form the *outside*.
"""

from __future__ import annotations

from dataclasses import dataclass

from .problem import Problem

#: A component named by its numbers' cells and needs (equal keys, equal counts).
ComponentKey = tuple[tuple[tuple[int, ...], int], ...]


@dataclass(frozen=True)
class Component:
    """Boxes that depend on each other and the numbers linking them.

    ``constraints[j] = (box indices, mines needed)`` for number
    ``numbers[j]``; ``key`` names the component by its cells and needs, so a
    count can be reused whenever the same component appears again.
    """

    boxes: tuple[tuple[int, ...], ...]
    constraints: tuple[tuple[tuple[int, ...], int], ...]
    numbers: tuple[int, ...]
    key: ComponentKey


def split(problem: Problem) -> tuple[list[Component], list[int]]:
    """The components of ``problem`` and its outside cells (sorted)."""
    signature: dict[int, list[int]] = {}
    for n in sorted(problem.cells_of):
        for c in problem.cells_of[n]:
            signature.setdefault(c, []).append(n)
    boxes: dict[tuple[int, ...], list[int]] = {}
    for c, numbers in signature.items():
        boxes.setdefault(tuple(numbers), []).append(c)
    parent = {n: n for n in problem.cells_of}

    def root(n: int) -> int:
        while parent[n] != n:
            parent[n] = parent[parent[n]]
            n = parent[n]
        return n

    for signed in boxes:
        first = root(signed[0])
        for n in signed[1:]:
            parent[root(n)] = first
    grouped: dict[int, list[tuple[int, ...]]] = {}
    for signed in boxes:
        grouped.setdefault(root(signed[0]), []).append(signed)
    components = [_component(signatures, boxes, problem)
                  for _, signatures in sorted(grouped.items())]
    outside = sorted(problem.unknown.difference(signature))
    return components, outside


def _component(signatures: list[tuple[int, ...]], boxes: dict[tuple[int, ...], list[int]],
               problem: Problem) -> Component:
    """One component from the signatures (number sets) of its boxes."""
    signatures.sort()
    box_of: dict[int, list[int]] = {}
    for b, numbers in enumerate(signatures):
        for n in numbers:
            box_of.setdefault(n, []).append(b)
    numbers = tuple(sorted(box_of))
    constraints = tuple((tuple(box_of[n]), problem.need[n]) for n in numbers)
    cells = tuple(tuple(sorted(boxes[s])) for s in signatures)
    key = tuple(sorted((problem.cells_of[n], problem.need[n]) for n in numbers))
    return Component(cells, constraints, numbers, key)
