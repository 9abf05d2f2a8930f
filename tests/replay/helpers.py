"""Games played by the computer on the engine, with made-up times, to record."""

from __future__ import annotations

import random

from game.engine import LEVELS, Minefield, Status
from game.engine.gallery import GALLERY
from game.replay import Recorder, Replay, replay_of
from game.solver import next_move


def played_game(level: str, rule: str, seed: int, *, stop_after: int | None = None,
                marks: bool = True, shape: str = "grid") -> tuple[Minefield, Recorder]:
    """The computer plays a whole game (or ``stop_after`` moves), with a
    chord, a question mark and a wasted click now and then, each move stamped
    a few hundred ms after the last and the pointer following it. ``level``
    may be a gallery field (its mask), on any ``shape``."""
    size = LEVELS.get(level) or GALLERY[level]
    field = Minefield(size.width, size.height, size.mines, seed=seed, first_click=rule,
                      marks=marks, shape=shape, mask=size.mask if level in GALLERY else None)
    rng = random.Random(seed)
    recorder = Recorder()
    t = 0
    while field.status not in (Status.WON, Status.LOST):
        if stop_after is not None and field.move_count >= stop_after:
            break
        decision = next_move(field.view(), field.mines, first_click=rule, shape=shape)
        x, y = decision.x, decision.y
        recorder.point(t, (x, y), 1 if decision.kind == "reveal" else 4)
        if decision.kind == "reveal":
            field.reveal(x, y)
        else:
            field.toggle_flag(x, y)
            if rng.random() < 0.1:       # a question mark and back to a flag
                field.toggle_flag(x, y)
                field.toggle_flag(x, y)
                field.toggle_flag(x, y)
        recorder.stamp(field.move_count, t)
        if field.status == Status.PLAYING and rng.random() < 0.2:
            numbers = [(i, j) for j, row in enumerate(field.view())
                       for i, c in enumerate(row) if c in "12345678"]
            if numbers:
                field.chord(*rng.choice(numbers))       # often wasted, sometimes useful
                recorder.stamp(field.move_count, t)
        recorder.point(t + 40, (x, y), 0)
        t += rng.randrange(60, 900)
    return field, recorder


def result_of(field: Minefield) -> str:
    return {Status.WON: "won", Status.LOST: "lost"}.get(field.status, "unfinished")


def recorded(level: str, rule: str, seed: int, **kw) -> tuple[Minefield, Replay]:
    field, recorder = played_game(level, rule, seed, **kw)
    last = recorder.times[-1] if recorder.times else 0
    return field, replay_of(field, recorder, result=result_of(field), time_ms=last,
                            first_click=rule, level=level)


def flag_cycle(moves: int, *, result: str = "unfinished", mine_at: int | None = None) -> Replay:
    """An 8x8 replay flagging (1, 1) round its cycle ``moves`` times; with
    ``mine_at``, that move reveals the mine instead (the game ends there)."""
    played = [(t, "F 1 1") for t in range(moves)]
    if mine_at is not None:
        played[mine_at - 1] = (mine_at - 1, "R 0 0")
    return Replay(width=8, height=8, mines=1, marks=True, first_click="safe",
                  moves=tuple(played), result=result, time_ms=moves - 1,
                  layout=tuple(["*......."] + ["........"] * 7))
