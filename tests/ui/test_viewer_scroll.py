"""The replay viewer scrolling a board bigger than the window: the board
view keeps the cells drawn, moved with the board, and draws only those that
came into view (drawn afresh at each scroll step, the 100x100 hexagon
replay at 8x spent 2 to 4 ms of a third of its frames there). What it shows
is what a drawing afresh shows, on every shape, holes and hexagons'
half-cell rows included, at every frame of the play and every wheel step."""

from __future__ import annotations

import pygame
import pytest

from game.engine import Minefield
from game.replay import Recorder, Replay, replay_of
from game.ui.render.board import BoardView
from game.ui.screens import replays

from .helpers import BOARD_8, key, make_app, post

SIDE = 100


def ring_mask() -> list[str]:
    """A disc with a round hole: holes along every row, and a field edge
    that zig-zags in and out of the view as it scrolls."""
    middle = (SIDE - 1) / 2
    return ["".join("#" if 12 <= ((x - middle) ** 2 + (y - middle) ** 2) ** 0.5 <= 50 else " "
                    for x in range(SIDE)) for y in range(SIDE)]


def sweeping_replay(shape: str, mask: list[str] | None = None) -> Replay:
    """A 100x100 game whose pointer sweeps the board down a few rows at a
    time, left to right (the view steps right a column, then jumps back;
    on hexagons an odd number of rows down moves every tile half a cell
    across), then climbs back up to the left and over a torus's seam,
    opening and flagging cells on its way (cells change as the view
    scrolls)."""
    field = Minefield(SIDE, SIDE, 600, seed=5, shape=shape, mask=mask, first_click="opening")
    field.reveal(50, 20)                      # in the ring, as on the plain board
    mines = field.layout() or []
    recorder, t = Recorder(), 0
    recorder.stamp(field.move_count, t)
    path = [(x, y) for y in range(0, SIDE, 9) for x in range(0, SIDE, 4)]
    path += [((SIDE - 1 - 5 * k) % SIDE, (SIDE - 1 - 4 * k) % SIDE) for k in range(40)]
    for x, y in path:
        t += 30
        recorder.point(t, (x, y), 0)
        if field.status == "playing" and field.cell(x, y) == "#" and (x + y) % 4 == 0:
            (field.toggle_flag if mines[y][x] == "*" else field.reveal)(x, y)
            recorder.stamp(field.move_count, t)
    return replay_of(field, recorder, result="unfinished", time_ms=t + 30,
                     first_click="opening")


def field_pixels(app) -> bytes:
    r = app.painter.px(app.top.layout.board.field)
    return pygame.image.tobytes(app.display.surface.subsurface(r), "RGB")


def counting_afresh(monkeypatch) -> list[int]:
    """Every drawing afresh of a board view, from now on."""
    calls: list[int] = []
    real = BoardView.draw_afresh

    def draw_afresh(self, *args, **kwargs):
        calls.append(1)
        real(self, *args, **kwargs)
    monkeypatch.setattr(BoardView, "draw_afresh", draw_afresh)
    return calls


def same_as_afresh(app) -> bytes:
    """The field as the viewer drew it, once checked against the field
    drawn afresh: a new board view (``relayout``), every cell in it drawn."""
    drawn = field_pixels(app)
    app.top.relayout()
    app.invalidate()
    app.step(0)
    assert field_pixels(app) == drawn, app.top.scroll
    return drawn


@pytest.mark.parametrize("shape, masked", [("hex", False), ("hex", True), ("grid", False),
                                           ("torus", False)])
def test_a_replay_followed_across_a_big_board_shows_what_a_drawing_afresh_shows(
        shape, masked, monkeypatch):
    replay = sweeping_replay(shape, ring_mask() if masked else None)
    app = make_app(BOARD_8)
    replays.watch(app, replay, playing=True)
    while app.top.opening:
        app.step()
    viewer = app.top
    assert viewer.layout.board.scrolls
    key(app, pygame.K_UP)                      # 2x: the view steps every frame or two
    afresh = counting_afresh(monkeypatch)
    scrolls, scrolled_afresh, shown = 0, 0, set()
    while viewer.playback.playing:
        before, calls = viewer.scroll, len(afresh)
        app.step()
        if viewer.scroll != before:
            scrolls += 1
            scrolled_afresh += len(afresh) > calls
            shown.add(same_as_afresh(app))
    assert scrolls > 100 and len(shown) > 100
    # A step of a column or a few rows draws what came in; only a jump
    # across most of the view (back to the left) draws it afresh.
    assert scrolled_afresh < scrolls // 4


@pytest.mark.parametrize("shape", ["hex", "torus"])
def test_the_wheel_looking_round_a_paused_replay_shows_what_a_drawing_afresh_shows(shape):
    """Steps of three rows (half-cell shifts on hexagons), sideways, and a
    torus rolled over its seam both ways."""
    app = make_app(BOARD_8)
    replays.watch(app, sweeping_replay(shape), playing=False)
    while app.top.opening:
        app.step()
    viewer = app.top
    seen = {viewer.scroll}
    for x, y in [(0, -1)] * 3 + [(1, 0)] * 4 + [(0, 1), (-1, 0), (1, -1)] + [(-1, 1)] * 12:
        post(pygame.MOUSEWHEEL, x=x, y=y, flipped=False, precise_x=float(x), precise_y=float(y))
        app.step()
        same_as_afresh(app)
        seen.add(viewer.scroll)
    assert len(seen) > 10
    if shape == "torus":                       # rolled over the seam, up and to the left
        assert any(sx > 50 for sx, _ in seen) and any(sy > 50 for _, sy in seen)
