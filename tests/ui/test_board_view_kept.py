"""A board view made anew for another window (fullscreen entered or left)
takes over the tiles and hole codes the old one made, when they are the
same, and the board it draws is the one a view made from nothing draws."""

from __future__ import annotations

import pygame
import pytest

from .helpers import key, make_app

HEX_FIELD = {"level": "custom", "custom_width": 100, "custom_height": 100, "custom_mines": 300,
             "shape": "hex"}


def played(**settings):
    """A 100x100 hexagon game (its view smaller than the board, fullscreen
    or not) opened at its corner, a flag on a covered cell."""
    app = make_app(**HEX_FIELD, **settings)
    app.play.play("reveal", (2, 2))
    field = app.play.field
    covered = next((x, y) for y in range(field.height) for x in range(field.width)
                   if field.cell(x, y) == "#")
    app.play.play("flag", covered)
    app.step()
    return app


def drawn_from_nothing(app) -> pygame.Surface:
    """The window as a board view made with nothing kept draws it."""
    app.play.board_view = None
    app.play._reset_board_view()
    app.invalidate()
    app.step()
    return app.display.surface.copy()


def same_pixels(a: pygame.Surface, b: pygame.Surface) -> bool:
    return a.get_size() == b.get_size() and bytes(pygame.image.tobytes(a, "RGB")) == \
        bytes(pygame.image.tobytes(b, "RGB"))


@pytest.mark.parametrize("toggles", [1, 2], ids=["entered", "left"])
def test_fullscreen_keeps_the_views_tiles_and_hole_codes_and_draws_the_same(toggles):
    app = played()
    before = app.play.board_view
    assert before is not None and before._hole_codes          # the edges' holes, drawn
    for _ in range(toggles):
        key(app, pygame.K_F11)
    after = app.play.board_view
    assert after is not before and after.scale == before.scale
    assert after._tiles is before._tiles and after._hole_codes is before._hole_codes
    shown = app.display.surface.copy()
    assert same_pixels(shown, drawn_from_nothing(app))


def test_color_turned_off_makes_its_own_tiles():
    """Grey tiles are not the coloured ones: a view of the other colours
    keeps only the hole codes, which do not depend on them."""
    app = played()
    before = app.play.board_view
    app.commands.run("toggle_color")
    app.step()
    after = app.play.board_view
    assert after is not before and after._tiles is not before._tiles
    assert after._hole_codes is before._hole_codes
    shown = app.display.surface.copy()
    assert same_pixels(shown, drawn_from_nothing(app))
