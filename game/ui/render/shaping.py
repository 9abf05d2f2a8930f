"""A run of text drawn whole with one system font, shaped by HarfBuzz.

Arabic letters join, a Thai or Devanagari mark sits on its letter and an
emoji sequence becomes one picture only when the run is drawn whole with
its script and direction told (``Font.set_script``, ``set_direction``:
pygame-ce 2.5.8 with an SDL_ttf built with HarfBuzz). An older pygame
lacks them, and an SDL_ttf without HarfBuzz refuses them: ``shape`` then
says so, and the run is drawn a cluster at a time instead, as before.
"""

from __future__ import annotations

from itertools import accumulate
from typing import NamedTuple

import pygame

#: White, and what counts as a colour in a glyph drawn white (a colour emoji).
WHITE = (255, 255, 255)
COLOUR_FROM_WHITE = 40
#: ISO 15924's code for no script in particular: HarfBuzz's default shaping.
UNKNOWN = "zzzz"


class Glyph(NamedTuple):
    """A run drawn at scale 1 on a canvas as tall as the pixel font's line;
    ``coloured`` when it has its own colours (an emoji) rather than white
    to be tinted with the text's colour; ``edges``, where each of its
    clusters starts, in the order typed, and its end (right to left: from
    the canvas's right edge leftwards), for the caret."""

    image: pygame.Surface
    coloured: bool
    edges: tuple[int, ...] = ()


def shape(font: pygame.font.Font, script: str, rtl: bool) -> bool:
    """Tell ``font`` the run's script ("" for none of its own) and
    direction; False where this pygame or SDL_ttf cannot shape (the font
    then left as it was, left to right). SDL_ttf hands the four letters to
    HarfBuzz as they are: "Arab" is Arabic, "arab" no script it knows."""
    try:
        font.set_script((script or UNKNOWN).capitalize())
        font.set_direction(pygame.DIRECTION_RTL if rtl else pygame.DIRECTION_LTR)
    except (AttributeError, pygame.error, ValueError, TypeError, NotImplementedError):
        try:
            font.set_script(UNKNOWN.capitalize())
        except (AttributeError, pygame.error, ValueError, TypeError, NotImplementedError):
            pass
        return False
    return True


class Unshaped:
    """The answer for a run of several clusters this pygame cannot shape."""


UNSHAPED = Unshaped()


def draw_run(font: pygame.font.Font, text: str, bounds: tuple[int, ...], height: int,
             baseline: int, bold: bool, script: str = "",
             rtl: bool = False) -> Glyph | None | Unshaped:
    """``text`` in white, shaped, its baseline on the line's, at the largest
    size whose letters' ink fits the line; a font of fixed sizes (a colour
    emoji's bitmaps) drawn at its size and shrunk to the line's height.
    ``bounds``: its clusters' starts and its length. None when the font
    draws nothing where it has ink (a format SDL_ttf cannot draw)."""
    metrics: list[tuple[int, int, int, int, int]] = []
    try:
        # A file FreeType refused gives a Font all the same (pygame-ce 2.5),
        # whose every call but this one crashes the process.
        metrics = [m for m in font.metrics(text) if m is not None]
        if not metrics:
            return None
        if not shape(font, script, rtl) and len(bounds) > 2:
            return UNSHAPED
        # Fixed sizes: the line stays as tall whatever the size asked. Judged
        # by its height alone (over twice the line's), a font of tall lines
        # (Myanmar, Nastaliq) was shrunk as a bitmap, to a third of its size.
        font.set_point_size(2 * height)
        doubled = font.get_height()
        font.set_point_size(height)
        if font.get_height() == doubled:
            return _shrunk(font, text, bounds, height, rtl)
        font.set_bold(bold)
        for size in range(height - 1, height // 2, -1):
            font.set_point_size(size)
            metrics = [m for m in font.metrics(text) if m is not None]
            if all(m[3] <= baseline and -m[2] <= height - baseline for m in metrics):
                break
        if font.size(text)[0] == 0:
            return Glyph(pygame.Surface((0, height), pygame.SRCALPHA), False,
                         (0,) * len(bounds))
        image = font.render(text, False, WHITE)
        edges = _edges(font, text, bounds, image.get_width(), rtl)
    except (pygame.error, ValueError):
        return None
    canvas = pygame.Surface((image.get_width() + 1, height), pygame.SRCALPHA)
    canvas.blit(image, (0, baseline - font.get_ascent()))
    inked = any(m[1] > m[0] and m[3] > m[2] for m in metrics)
    if inked and not pygame.mask.from_surface(canvas).count():
        return None
    return Glyph(canvas, False, edges)


def _edges(font: pygame.font.Font, text: str, bounds: tuple[int, ...], width: int,
           rtl: bool) -> tuple[int, ...]:
    """Where each cluster starts in a run drawn ``width`` wide on a canvas
    a column wider (the space after it): the shaped width of the text
    before it (from the right, right to left); the run's two ends are the
    canvas's."""
    inner = _shared([0, *(min(width, font.size(text[:at])[0]) for at in bounds[1:-1]),
                     width])[1:-1]
    if rtl:
        return (width + 1, *(width - x for x in inner), 0)
    return (0, *inner, width + 1)


def _shared(xs: list[int]) -> list[int]:
    """Cluster edges ``xs`` (from the run's start, growing), a ligature's
    width shared among the clusters it joins. The text before the alef of
    a lam-alef is as wide as the text with it (the lam measured in the
    ligature, or wider): the alef got no width, the caret after the lam
    and after the alef stood at one place, and a click at the end of
    "علا" went between the two. Never back (a shorter start measured
    wider counts as long as the longer), and a cluster of no width
    shares the one before it, as browsers place carets in a ligature."""
    xs = list(accumulate(xs, max))
    first = 0
    while first < len(xs) - 1:
        last = first
        while last + 2 < len(xs) and xs[last + 2] == xs[first + 1]:
            last += 1                               # the clusters of no width after it
        count, left, right = last - first + 1, xs[first], xs[first + 1]
        for k in range(1, count):
            xs[first + k] = left + (right - left) * k // count
        first = last + 1
    return xs


def _shrunk(font: pygame.font.Font, text: str, bounds: tuple[int, ...], height: int,
            rtl: bool) -> Glyph | None:
    """A bitmap run (136 pixels tall in Noto Color Emoji) at ``height``."""
    image = font.render(text, True, WHITE)
    if not pygame.mask.from_surface(image).count():
        return None
    ratio = height / image.get_height()
    width = max(1, round(image.get_width() * ratio))
    inner = [round(x * ratio) for x in _edges(font, text, bounds, image.get_width(), rtl)[1:-1]]
    edges = (width + 1, *inner, 0) if rtl else (0, *inner, width + 1)
    small = pygame.transform.smoothscale(image, (width, height))
    canvas = pygame.Surface((width + 1, height), pygame.SRCALPHA)
    canvas.blit(small, (0, 0))
    coloured = any(min(canvas.get_at((x, y))[:3]) < 255 - COLOUR_FROM_WHITE
                   and canvas.get_at((x, y))[3] > 0
                   for x in range(width) for y in range(height))
    return Glyph(canvas, coloured, edges)
