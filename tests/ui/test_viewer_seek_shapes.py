"""The replay viewer on every shape: a game played in the window by hand
(clicks, flags, chords) is drawn at each move, stepped to forward from the
start or back from the end, as a viewer drawing every cell afresh draws
it, and shows the board the game had after that many moves.

The viewer draws only the cells a move changed; going back a move changes
them back, on a torus across its seam and on hexagons whose rows are
offset. A cell left drawn as it was after the later move would show here.
"""

from __future__ import annotations

import random

import pygame
import pytest

from game.engine import Minefield

from .helpers import click, key, make_app, settle
from .test_replays import open_viewer


def play_by_hand(app, rng: random.Random) -> None:
    """Clicks on the cells' centres until the game ends: mostly safe cells
    (a wrong flag there right-clicked on round its cycle), a flag now and
    then, a middle-button chord on a number now and then (wasted or not)."""
    field = app.play.field
    cells = [(x, y) for y in range(field.height) for x in range(field.width)
             if field.cell(x, y) != " "]
    click(app, cells[len(cells) // 2])
    for _ in range(400):
        if app.play.session.ended:
            break
        view, layout = field.view(), field.layout()
        roll = rng.random()
        if roll < 0.15:
            click(app, rng.choice(cells), 3)
        elif roll < 0.3:
            numbers = [c for c in cells if view[c[1]][c[0]] in "123456"]
            if numbers:
                click(app, rng.choice(numbers), 2)
        else:
            safe = [c for c in cells if layout[c[1]][c[0]] == "." and view[c[1]][c[0]] in "#?F"]
            cell = rng.choice(safe)
            click(app, cell, 3 if view[cell[1]][cell[0]] == "F" else 1)   # a wrong flag cycled off
    settle(app)
    assert app.play.session.ended


def window(app) -> bytes:
    return pygame.image.tobytes(app.display.surface, "RGB")


@pytest.mark.parametrize("shape, level", [("hex", "heart"), ("torus", "beginner"),
                                          ("torus", "ring")])
def test_each_move_is_drawn_alike_stepped_to_forward_or_back(shape, level):
    app = make_app(level=level, shape=shape, seed=3, marks=True)
    play_by_hand(app, random.Random(1))
    replay = app.last_replay
    boards = [Minefield.from_layout(replay.layout, shape=shape, marks=replay.marks)]
    for _t, move in replay.moves:
        boards.append(boards[-1].copy())
        boards[-1].apply(move)
    viewer = open_viewer(app)
    key(app, pygame.K_SPACE)                      # paused: only the keys move it
    key(app, pygame.K_END)
    afresh = {}
    for k in range(len(replay.moves), -1, -1):
        assert viewer.playback.moves == k
        assert viewer.playback.field().view() == boards[k].view()
        stepped_back = window(app)
        viewer.relayout()                         # a new board view: every cell drawn
        app.step()
        afresh[k] = window(app)
        assert stepped_back == afresh[k], f"back to move {k} of {len(replay.moves)}"
        key(app, pygame.K_LEFT)
    key(app, pygame.K_HOME)
    for k in range(len(replay.moves) + 1):
        assert window(app) == afresh[k], f"on to move {k} of {len(replay.moves)}"
        key(app, pygame.K_RIGHT)
