"""On a board bigger than the window, H scrolls the view so that the hint's
cell, the numbers that prove it and the cells around them show: a number on
the view's edge with its neighbours cut off cannot be checked. A hint that
already shows whole leaves the view where it is."""

from __future__ import annotations

import pygame
import pytest

from game.ui.screens.play_scroll import _shift, scroll_within

from .helpers import key, make_app

BIG = dict(level="custom", custom_width=100, custom_height=100, custom_mines=1500)


def around(app, cells) -> set[tuple[int, int]]:
    """``cells`` and the cells one step from them, on the board."""
    layout, out = app.layout, set()
    for x, y in cells:
        for nx in range(x - 1, x + 2):
            for ny in range(y - 1, y + 2):
                if layout.shape == "torus":
                    out.add((nx % layout.cols, ny % layout.rows))
                elif 0 <= nx < layout.cols and 0 <= ny < layout.rows:
                    out.add((nx, ny))
    return out


def out_of_view(app) -> list[tuple[int, int]]:
    """The hint's cells and their neighbours the view leaves out."""
    play = app.play
    return sorted(c for c in around(app, play.assist.marked_cells())
                  if app.layout.view_cell(c, play.scroll) is None)


def scroll_to(app, scroll: tuple[int, int]) -> None:
    play = app.play
    play.scroll_by(scroll[0] - play.scroll[0], scroll[1] - play.scroll[1])
    app.step()


def test_the_play_tests_hint_shows_the_cells_above_the_three_that_proves_it():
    """The play-test's game (French, Modern): the cursor taken 35 right and
    40 down, H brought its cell to the third row, the 3 it cites on the top
    row and the cells above that 3 out of view."""
    app = make_app(None, seed=3, language="fr", style="modern", **BIG)
    assert app.layout.scrolls
    for k, times in ((pygame.K_SPACE, 2), (pygame.K_RIGHT, 35), (pygame.K_DOWN, 40)):
        for _ in range(times):
            key(app, k)
    key(app, pygame.K_h)
    shown = app.play.assist.shown
    assert shown is not None and shown.evidence
    assert out_of_view(app) == []


@pytest.mark.parametrize("shape", ["grid", "torus", "hex"])
def test_a_proof_on_any_edge_of_the_view_is_scrolled_in_with_its_neighbours(shape):
    app = make_app(None, shape=shape, seed=4, **BIG)
    layout = app.layout
    app.play.play("reveal", (70, 60))          # far from the board's edges
    key(app, pygame.K_h)
    shown = app.play.assist.shown
    assert shown.evidence and out_of_view(app) == []
    for x, y in sorted(app.play.assist.marked_cells()):     # on each edge of the view
        for scroll in ((x, 0), (x - layout.view_cols + 1, 0), (0, y), (0, y - layout.view_rows + 1)):
            scroll_to(app, scroll)
            key(app, pygame.K_h)
            assert app.play.assist.shown == shown
            assert out_of_view(app) == [], (shape, (x, y), scroll, app.play.scroll)


@pytest.mark.parametrize("shape", ["grid", "torus"])
def test_a_hint_already_in_view_with_its_neighbours_leaves_the_view_where_it_is(shape):
    """Scrolls that show the hint's cells and their neighbours, up to the
    view's edges (where the board lets the view go): H again scrolls nothing."""
    app = make_app(None, shape=shape, seed=4, **BIG)
    layout = app.layout
    app.play.play("reveal", (70, 60))
    key(app, pygame.K_h)
    near = around(app, app.play.assist.marked_cells())
    xs, ys = [c[0] for c in near], [c[1] for c in near]
    left, top = min(xs), min(ys)
    right, bottom = max(xs) - layout.view_cols + 1, max(ys) - layout.view_rows + 1
    for scroll in ((left, top), (right, bottom), (left, bottom), (right, top)):
        scroll = scroll_within(layout, scroll)
        scroll_to(app, scroll)
        assert app.play.scroll == scroll and out_of_view(app) == []
        key(app, pygame.K_h)
        assert app.play.scroll == scroll


def test_the_cells_next_to_the_hint_are_scrolled_in_where_the_board_has_them():
    assert _shift(10, [11], 10, 100, 20, False) == -1            # the row above the hint
    assert _shift(28, [29], 10, 100, 20, False) == 1             # the row below its proof
    assert _shift(0, [1], 0, 100, 20, False) == 0                # the board's edge: none to show
    assert _shift(1, [0], 5, 100, 20, False) == -5               # up to the edge, not past it
    assert _shift(99, [98], 80, 100, 20, False) == 0
    assert _shift(0, [1], 10, 100, 20, True) == -11              # a torus has them round the seam
    assert _shift(0, [1], 0, 8, 8, True) == 0                    # a torus shown whole: all in view


def test_a_proof_too_big_for_the_view_shows_the_hint_then_the_nearest_numbers():
    assert _shift(50, [45, 10, 58], 0, 100, 20, False) == 40     # 44..59: 10 left out
    assert _shift(50, [31], 0, 100, 20, False) == 31             # both fill the view: no margin
    assert _shift(50, [31, 52], 0, 100, 20, False) == 34         # 52 the nearer: 31 left out
    assert _shift(50, [10, 90], 40, 100, 20, False) == 0         # neither fits: the hint stays
    assert _shift(50, [10, 90], 60, 100, 20, False) == -11       # the hint and its neighbours
