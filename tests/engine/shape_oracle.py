"""An independent model of the rules on every board shape, for the tests.

Written from the rules alone and slow on purpose: neighbours come from
geometry (hexagons through cube coordinates, the torus through modular
distance), not from the engine's offset tables, and the game is a plain
dictionary of cells replayed by breadth-first search.
"""

from __future__ import annotations

from collections import deque


def _cube(x: int, y: int) -> tuple[int, int, int]:
    """Cube coordinates of an odd-r offset hexagon (odd rows shifted right)."""
    q = x - (y - (y & 1)) // 2
    return q, y, -q - y


def touches(shape: str, w: int, h: int, a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Whether cells ``a`` and ``b`` of a w x h board of ``shape`` are neighbours."""
    if a == b:
        return False
    (ax, ay), (bx, by) = a, b
    if shape == "grid":
        return abs(ax - bx) <= 1 and abs(ay - by) <= 1
    if shape == "torus":
        dx, dy = (ax - bx) % w, (ay - by) % h
        return min(dx, w - dx) <= 1 and min(dy, h - dy) <= 1
    ca, cb = _cube(ax, ay), _cube(bx, by)
    return max(abs(i - j) for i, j in zip(ca, cb, strict=True)) == 1


def cells_of(rows: list[str]) -> list[tuple[int, int]]:
    """Every cell (not a hole) of a layout or mask, in reading order."""
    return [(x, y) for y, row in enumerate(rows) for x, c in enumerate(row) if c != " "]


def neighbour_map(shape: str, rows: list[str]) -> dict[tuple[int, int], set[tuple[int, int]]]:
    """Each cell of the layout with the set of cells touching it.

    ``touches`` judges every cell of the row above, the cell's own row and
    the row below (across the seam on a torus): no shape has neighbours
    further apart, and asking every pair of cells was most of the time of
    the shape tests."""
    cells = cells_of(rows)
    w, h = len(rows[0]), len(rows)
    by_row: dict[int, list[tuple[int, int]]] = {}
    for cell in cells:
        by_row.setdefault(cell[1], []).append(cell)

    def near(y: int) -> list[tuple[int, int]]:
        ys = {(y + d) % h for d in (-1, 0, 1)} if shape == "torus" else {y - 1, y, y + 1}
        return [b for row in ys for b in by_row.get(row, ())]
    return {a: {b for b in near(a[1]) if touches(shape, w, h, a, b)} for a in cells}


def three_bv(shape: str, layout: list[str]) -> int:
    """3BV by its definition: the zero regions (connected through zeros),
    plus the numbers that touch no zero."""
    around = neighbour_map(shape, layout)
    mine = {c for c in around if layout[c[1]][c[0]] == "*"}
    count = {c: len(around[c] & mine) for c in around}
    zeros = {c for c in around if c not in mine and count[c] == 0}
    regions, seen = 0, set()
    for z in zeros:
        if z in seen:
            continue
        regions += 1
        todo = [z]
        seen.add(z)
        while todo:
            c = todo.pop()
            for d in around[c] & zeros - seen:
                seen.add(d)
                todo.append(d)
    lone = [c for c in around if c not in mine and count[c] and not around[c] & zeros]
    return regions + len(lone)


class Game:
    """The rules, once more: reveal, chord and mark on a known layout."""

    def __init__(self, shape: str, layout: list[str], marks: bool = True) -> None:
        self.rows = layout
        self.around = neighbour_map(shape, layout)
        self.mine = {c for c in self.around if layout[c[1]][c[0]] == "*"}
        self.count = {c: len(self.around[c] & self.mine) for c in self.around}
        self.open: set[tuple[int, int]] = set()
        self.mark: dict[tuple[int, int], str] = {}
        self.marks = marks
        self.status = "ready"
        self.hit: set[tuple[int, int]] = set()

    def play(self, kind: str, c: tuple[int, int]) -> None:
        if self.status in ("won", "lost") or c not in self.around:
            return
        if kind == "F":
            if c not in self.open:
                cycle = {"": "F", "F": "?" if self.marks else "", "?": ""}
                self.mark[c] = cycle[self.mark.get(c, "")]
        elif kind == "R":
            if c not in self.open and self.mark.get(c, "") != "F":
                self._open([c])
        elif c in self.open:
            flags = sum(1 for d in self.around[c] if self.mark.get(d) == "F")
            targets = [d for d in self.around[c] if d not in self.open and self.mark.get(d) != "F"]
            if flags == self.count[c] and targets:
                self._open(targets)

    def _open(self, cells: list[tuple[int, int]]) -> None:
        self.status = "playing"
        self.hit = {c for c in cells if c in self.mine}
        queue = deque(c for c in cells if c not in self.mine)
        while queue:
            c = queue.popleft()
            if c in self.open:
                continue
            self.open.add(c)
            self.mark.pop(c, None)
            if self.count[c] == 0:
                queue.extend(d for d in self.around[c]
                             if d not in self.open and self.mark.get(d) != "F")
        if self.hit:
            self.status = "lost"
        elif len(self.open) == len(self.around) - len(self.mine):
            self.status = "won"

    def view(self) -> list[str]:
        out = []
        for y, row in enumerate(self.rows):
            line = ""
            for x, ch in enumerate(row):
                line += " " if ch == " " else self._char((x, y))
            out.append(line)
        return out

    def _char(self, c: tuple[int, int]) -> str:
        if c in self.open:
            return str(self.count[c])
        mark = self.mark.get(c, "")
        if self.status == "won" and c in self.mine:
            return "F"
        if self.status == "lost":
            if c in self.hit:
                return "X"
            if c in self.mine:
                return "F" if mark == "F" else "*"
            if mark == "F":
                return "x"
        return mark or "#"
