"""The hint writes a count too big to read as 5.1 × 10¹⁰: its raised digits
and its times sign are the pixel font's own, drawn raised, never a fallback
font's glyph nor the missing-glyph box."""

from __future__ import annotations

import sys
from pathlib import Path

import pygame
import pytest

from game.ui.hit import Viewport
from game.ui.render.painter import Painter

from .helpers import make_app

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import atlas_font  # noqa: E402

RAISED = "\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079"
WHITE = (255, 255, 255)


def drawn_ink(app, text: str) -> set[tuple[int, int]]:
    """The pixels ``text`` inks, drawn by the game's painter at scale 1 on white."""
    canvas = pygame.Surface((60, 20))
    canvas.fill(WHITE)
    Painter(canvas, app.painter.atlas, Viewport(1), app.painter.fallback).text(text, (0, 0))
    return {(x, y) for y in range(20) for x in range(60) if canvas.get_at((x, y))[:3] != WHITE}


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    return make_app(data_dir=tmp_path_factory.mktemp("data"))


@pytest.mark.parametrize("ch", [*RAISED, "\u00d7"])
def test_the_pixel_font_draws_the_raised_digits_and_the_times_sign(app, ch):
    ink = {(x, y) for y, row in enumerate(atlas_font.glyph(ch)) for x, on in enumerate(row)
           if on}
    assert ch in app.painter.atlas.characters("regular")
    assert ch in app.painter.atlas.characters("bold")
    assert ink and drawn_ink(app, ch) == ink


@pytest.mark.parametrize("ch", RAISED)
def test_a_raised_digit_stands_in_the_upper_part_of_the_capitals(ch):
    rows = {y for y, row in enumerate(atlas_font.glyph(ch)) if any(row)}
    assert min(rows) == atlas_font.CAP_TOP and max(rows) < atlas_font.BASELINE - 2


def test_a_power_of_ten_draws_as_ten_and_its_raised_exponent(app):
    """10¹⁰: the 1 and 0 of the pixel font, then the two raised digits."""
    ten = drawn_ink(app, "10")
    power = drawn_ink(app, "10\u00b9\u2070")
    assert ten < power and max(y for _x, y in power - ten) < atlas_font.BASELINE - 2
