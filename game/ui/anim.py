"""End-of-game animations, driven by the fixed ticks (deterministic per game).

Defeat: the mines go off one after another, nearest to the clicked mine
first, each with a short explosion and the first with a screen shake; then the
wrong flags are crossed out one by one. Victory: a wave of flags pops onto the
mines the player had not flagged (the mine counter counts down with it) and a
burst of confetti falls over the field (never over the counters).

An animation only decides what each cell shows at a tick, which overlays
(explosions, pops, confetti) are on, and where; the play screen draws them.
``finish`` jumps to the end (a click skips); nothing here reads a clock.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from game.engine import Minefield
from game.engine.topology import HEX, TORUS

from .cells import HEX_SHIFT, HEX_STEP, HEX_W

Cell = tuple[int, int]

BOOM_FRAMES = 6
BOOM_TICKS_PER_FRAME = 3
CHAIN_TICKS = 66          # the whole chain of mines, however many there are
MAX_STEP = 6              # ticks between two mines on a sparse board
CROSS_STEP = 5            # ticks between two wrong flags...
CROSS_TICKS = 24          # ...within this many ticks in all
SHAKE_TICKS = 10
POP_TICKS = 4
WAVE_TICKS = 40
CONFETTI = 90
CONFETTI_TICKS = 150
CONFETTI_COLOURS = ((255, 0, 0), (0, 160, 0), (0, 0, 255), (255, 200, 0), (200, 0, 200),
                    (0, 180, 180))


def _schedule(cells: list[Cell], span: int, step: int, start: int = 0) -> dict[Cell, int]:
    """The tick at which each cell's turn comes: ``step`` apart, squeezed so
    the last comes within ``span`` ticks (several per tick on dense boards)."""
    if not cells:
        return {}
    gap = min(step, span / max(1, len(cells) - 1)) if len(cells) > 1 else 0
    return {cell: start + int(i * gap) for i, cell in enumerate(cells)}


def _by_distance(cells: list[Cell], origin: Cell, field: Minefield) -> list[Cell]:
    """``cells`` nearest to ``origin`` first, as the board lies on screen: a
    torus is the shorter way round (the mine just over the seam went off
    among the last, the wave jumping across the board), and hexagons are
    measured between their centres (odd rows half a cell to the right, rows
    closer than columns), not their row and column numbers."""
    w, h = field.width, field.height
    wraps, hexagonal = field.shape == TORUS, field.shape == HEX
    ox, oy = origin

    def key(c: Cell) -> tuple[float, int, int]:
        dx: float
        dy: float
        dx, dy = c[0] - ox, c[1] - oy
        if wraps:
            dx, dy = min(dx % w, -dx % w), min(dy % h, -dy % h)
        if hexagonal:
            dx += ((c[1] % 2) - (oy % 2)) * HEX_SHIFT / HEX_W
            dy *= HEX_STEP / HEX_W
        return dx * dx + dy * dy, c[1], c[0]
    return sorted(cells, key=key)


class Animation:
    def __init__(self) -> None:
        self.t = 0
        self.duration = 0

    @property
    def done(self) -> bool:
        return self.t >= self.duration

    def tick(self) -> set[Cell]:
        """Advance one tick; returns the cells whose appearance changed."""
        before = self.t
        self.t += 1
        return self.turning(before, self.t)

    def finish(self) -> set[Cell]:
        before = self.t
        self.t = self.duration
        return self.turning(before, self.t)

    def turning(self, t0: int, t1: int) -> set[Cell]:
        raise NotImplementedError

    def shows(self, cell: Cell, final: str) -> str:
        """What ``cell`` shows now, given what it shows at the end. Only a
        cell whose end is not "#" may show otherwise: a fresh drawing of the
        board asks only those (``PlayScreen._redraw_board``)."""
        return final


class DefeatAnimation(Animation):
    def __init__(self, field: Minefield, changed: list[Cell]) -> None:
        """``changed``: the cells the losing move changed (the engine's answer
        to it), which hold every mine and wrong flag the loss shows. Reading
        those instead of the whole board keeps the losing frame short on a
        big board."""
        super().__init__()
        self.field = field
        rows = field.view()                 # in C: 1,600 mines shown on 100x100
        shown = {c: rows[c[1]][c[0]] for c in changed}
        exploded = [c for c, ch in shown.items() if ch == "X"]
        mines = {c for c, ch in shown.items() if ch in "X*"}
        wrong = [c for c, ch in shown.items() if ch == "x"]
        origin = exploded[0] if exploded else (0, 0)
        first = [c for c in exploded if c in mines]
        rest = _by_distance([c for c in mines if c not in first], origin, field)
        self.fire = {c: 0 for c in first}
        self.fire.update(_schedule(rest, CHAIN_TICKS, MAX_STEP, start=MAX_STEP if first else 0))
        chain_end = max(self.fire.values(), default=0) + BOOM_FRAMES * BOOM_TICKS_PER_FRAME
        self.cross = _schedule(_by_distance(wrong, origin, field), CROSS_TICKS, CROSS_STEP,
                               start=chain_end)
        self.duration = max([chain_end, *[t + 1 for t in self.cross.values()]])

    def turning(self, t0: int, t1: int) -> set[Cell]:
        return {c for c, t in {**self.fire, **self.cross}.items() if t0 <= t < t1}

    def shows(self, cell: Cell, final: str) -> str:
        fire = self.fire.get(cell)
        if fire is not None and self.t <= fire:
            return self.field.player_mark(*cell)
        cross = self.cross.get(cell)
        if cross is not None and self.t <= cross:
            return "F"
        return final

    def booms(self) -> list[tuple[Cell, int]]:
        """Explosions under way: (cell, frame number)."""
        out = []
        for cell, fire in self.fire.items():
            frame = (self.t - fire - 1) // BOOM_TICKS_PER_FRAME
            if self.t > fire and frame < BOOM_FRAMES:
                out.append((cell, frame))
        return out

    def shake(self) -> tuple[int, int]:
        """Offset of the field, in scale-1 pixels: a short jolt at the first blast."""
        left = SHAKE_TICKS - self.t
        if left <= 0:
            return 0, 0
        amplitude = 1 + left // 4
        return ((-1) ** self.t) * amplitude, ((-1) ** (self.t // 2)) * (amplitude // 2)


@dataclass
class Particle:
    x: float
    y: float
    vx: float
    vy: float
    colour: tuple[int, int, int]
    size: int


class VictoryAnimation(Animation):
    """``flagged_by_win`` are the mines the win flagged (the player had not);
    ``size`` is the whole board in scale-1 pixels (16 px squares by default)."""

    def __init__(self, field: Minefield, flagged_by_win: list[Cell], last_click: Cell,
                 seed: int, size: tuple[int, int] | None = None) -> None:
        super().__init__()
        self.field = field
        self.size = size or (field.width * 16, field.height * 16)
        self.pop = _schedule(_by_distance(flagged_by_win, last_click, field), WAVE_TICKS, 3)
        self.wave_end = max(self.pop.values(), default=0) + POP_TICKS
        self.duration = self.wave_end + CONFETTI_TICKS
        self.particles = self._burst(random.Random(seed))

    def _burst(self, rng: random.Random) -> list[Particle]:
        """Confetti bursting from the middle of the field (scale-1 field
        coordinates; the screen clips them to the field)."""
        w, h = self.size
        reach = max(1.0, min(w, h) / 150)
        out = []
        for _ in range(CONFETTI):
            angle = 2 * math.pi * rng.random()
            speed = (1.5 + 3.5 * rng.random()) * reach
            out.append(Particle(w / 2, h / 2, math.cos(angle) * speed,
                                math.sin(angle) * speed - 1.5 * reach,
                                rng.choice(CONFETTI_COLOURS), 2 + int(rng.random() * 2)))
        return out

    def turning(self, t0: int, t1: int) -> set[Cell]:
        return {c for c, t in self.pop.items() if t0 <= t < t1 or t0 <= t + POP_TICKS < t1}

    def shows(self, cell: Cell, final: str) -> str:
        t = self.pop.get(cell)
        if t is not None and self.t <= t:
            return "#"
        return final

    def flags_shown(self) -> int:
        """Flags on the board now (the counter counts down as they pop)."""
        hidden = sum(1 for t in self.pop.values() if self.t <= t)
        return self.field.mines - hidden

    def pops(self) -> list[Cell]:
        """Flags popping in now (drawn a size larger for a few ticks)."""
        return [c for c, t in self.pop.items() if t < self.t <= t + POP_TICKS]

    def confetti(self) -> list[tuple[int, int, int, tuple[int, int, int]]]:
        """(x, y, size, colour) of each piece now, in scale-1 field coordinates."""
        age = self.t - self.wave_end // 2
        if age <= 0 or self.done:
            return []
        out = []
        for p in self.particles:
            # Thrown out, slowed by the air, pulled down: a closed form, so any
            # tick can be drawn without stepping through the ones before.
            drag = (1 - 0.95 ** age) / 0.05
            x = p.x + p.vx * drag
            y = p.y + p.vy * drag + 0.012 * age * age
            out.append((int(x), int(y), p.size, p.colour))
        return out
