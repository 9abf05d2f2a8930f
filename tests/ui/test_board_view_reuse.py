"""A new game makes the board's view once, or not at all: a 100x100 board's
view took 3 ms to make, and one board changing size made it twice (once as
the window was laid out again, once for the new game)."""

from __future__ import annotations

import pygame

from game.ui.render import board as board_module

from .helpers import cell_shows, click, field_pixels, key, make_app


def counting_views(monkeypatch) -> list[int]:
    made: list[int] = []
    real = board_module.BoardView.__init__

    def init(self, *args, **kwargs):
        made.append(1)
        real(self, *args, **kwargs)
    monkeypatch.setattr(board_module.BoardView, "__init__", init)
    return made


def test_a_new_board_of_another_size_makes_its_view_once(monkeypatch):
    app = make_app(level="expert")
    made = counting_views(monkeypatch)
    app.commands.run("level_beginner")
    app.step()
    assert len(made) == 1 and app.play.board_view.cols == app.play.field.width
    assert all(cell_shows(app, (x, y), "covered") for x, y in ((0, 0), (8, 8)))


def test_f2_on_the_same_board_draws_it_covered_on_the_view_it_has(monkeypatch):
    app = make_app(level="beginner")
    click(app, (4, 4))                               # the first click opens an area
    app.step(30)
    assert not cell_shows(app, (4, 4), "covered")
    made = counting_views(monkeypatch)
    key(app, pygame.K_F2)
    assert made == [] and app.play.field.status == "ready"
    assert all(cell_shows(app, (x, y), "covered") for y in range(9) for x in range(9))


def counting_redraws(monkeypatch) -> list[int]:
    drawn: list[int] = []
    real = board_module.BoardView.reset

    def reset(self, *args, **kwargs):
        drawn.append(1)
        real(self, *args, **kwargs)
    monkeypatch.setattr(board_module.BoardView, "reset", reset)
    return drawn


def test_another_language_shows_the_board_as_it_is_without_drawing_it_again(monkeypatch):
    """Its cells look the same in every language: drawing all of them again
    took 11 ms of the frame on a 4K screen showing a 100x100 board."""
    app = make_app(level="intermediate", shape="hex", scale=1)
    click(app, (5, 5))
    click(app, (6, 9), button=3)                     # a flag too
    app.step(30)
    before = field_pixels(app)
    drawn, made = counting_redraws(monkeypatch), counting_views(monkeypatch)
    app.commands.run("language_fr")
    app.step()
    assert drawn == [] and made == []
    assert field_pixels(app) == before               # the same board, whole
    app.commands.run("zoom_in")                      # another scale: drawn afresh
    app.step()
    assert len(made) == 1 and len(drawn) == 1


def test_a_hexagon_games_view_made_again_looks_at_no_tile_pixel_again(monkeypatch):
    """Where a hole's grid line goes is the same for every view of one
    kind of cell: worked out anew (each pixel of a hexagon's tile looked
    at, twice) it was 3-5 ms of the frame a 100x100 hexagon game went in
    or out of fullscreen, which made 16-17 ms of CPU now and then."""
    from game.ui.cells import CellGeometry
    app = make_app(level="intermediate", shape="hex")
    looked: list[int] = []
    real = CellGeometry.cell_at
    monkeypatch.setattr(CellGeometry, "cell_at",
                        lambda self, *args: looked.append(1) or real(self, *args))
    made = counting_views(monkeypatch)
    key(app, pygame.K_F11)                   # into fullscreen: a view of another size
    app.step()
    key(app, pygame.K_F11)
    app.step()
    assert len(made) == 2 and looked == []
