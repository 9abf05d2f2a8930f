"""Where the hint's explanation goes: never over the cells that make the hint.

A hint rings its cell and frames the numbers that prove it; its one-line
explanation is a tooltip the player reads beside them. On a small field
(8 x 8 at 128 px, French or the pseudo-locale) the wrapped text is most of
the field's height, and neither its top nor its bottom is always free. So
the place is searched, best first:

1. across the field at its classic edge (the bottom, or the top when the
   hinted cell is in the lower half), then the other edge, then in a gap
   between the hint's cells;
2. in a column of the field beside all of them (the text wraps narrower);
3. across the window below the counters and the face, whose margins and
   frame around the field it may cover (a counter hidden by a tip read
   wrong until the next move);
4. in a column of that part of the window beside them;
5. and when no rectangle is free (the proof's numbers all over a tiny
   board), the text flows around the hint's cells, which show through the
   tip as holes: nothing of the hint is ever hidden, and the whole text is
   still read, left to right.

Everything is in scale-1 window pixels; the drawing is in ``assist.py``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from pygame import Rect

from ..frame import OUTER, Layout
from ..text_fit import wrap
from .painter import Painter

PAD = 2                 # between the tip's border and its text
BORDER = 1
INSET = PAD + BORDER    # from the tip's edge to its text
GAP = 1                 # kept between the tip (or its text) and a hint cell
NARROWEST = 48          # a column narrower than this reads badly


@dataclass(frozen=True)
class Placed:
    """The tip: its box, its runs of text (text, x, y) and the hint cells it
    shows through holes (empty unless nothing else was free)."""

    box: Rect
    runs: tuple[tuple[str, int, int], ...]
    holes: tuple[Rect, ...] = ()


def place(painter: Painter, text: str, layout: Layout, keep: Sequence[Rect],
          low: bool) -> Placed:
    """Where ``text`` goes so that it covers none of ``keep`` (the hint's
    cells in view); ``low``: the hinted cell is in the lower half of the field."""
    field, window = layout.field, _window(layout)
    keep = [r.inflate(2 * GAP, 2 * GAP) for r in keep]
    for area in (field, window):
        found = _across(painter, text, area, keep, low, field)
        if found is None:
            found = _beside(painter, text, area, keep, low)
        if found is not None:
            return found
    return _around(painter, text, (field, window), keep, low)


def _window(layout: Layout) -> Rect:
    """The window inside its frame, below the counters and the face: the
    menus, the mine count, the time and the face always stay readable."""
    w, h = layout.size
    top = max(layout.mines_box.bottom, layout.timer_box.bottom, layout.face.bottom) + GAP
    return Rect(OUTER, top, w - 2 * OUTER, h - OUTER - top)


def _plain(painter: Painter, text: str, box: Rect) -> Placed:
    """``text`` wrapped in a box as wide as ``box``, at its top-left."""
    lines = wrap(painter, text, box.w - 2 * INSET - 2)
    lh = painter.line_height()
    runs = tuple((line, box.x + INSET, box.y + PAD + i * lh) for i, line in enumerate(lines))
    return Placed(Rect(box.x, box.y, box.w, len(lines) * lh + 2 * PAD), runs)


def _at(placed: Placed, y: int) -> Placed:
    dy = y - placed.box.y
    return Placed(placed.box.move(0, dy), tuple((t, x, ty + dy) for t, x, ty in placed.runs))


def _free(box: Rect, area: Rect, keep: Sequence[Rect]) -> bool:
    return area.contains(box) and box.collidelist(keep) < 0


def _heights(area: Rect, keep: Sequence[Rect], h: int, low: bool) -> Iterator[int]:
    """Tops to try for a box ``h`` tall: the classic edge, the other edge,
    then against each hint cell (below it, above it), nearest the edges first."""
    edges = [area.bottom - h, area.y]
    yield from reversed(edges) if low else edges
    gaps = sorted({r.bottom for r in keep} | {r.y - h for r in keep},
                  key=lambda y: min(y - area.y, area.bottom - h - y))
    yield from gaps


def _across(painter: Painter, text: str, area: Rect, keep: Sequence[Rect], low: bool,
            field: Rect) -> Placed | None:
    """A box as wide as ``area`` that covers no hint cell; across the whole
    window, the one that covers the least outside the field."""
    plain = _plain(painter, text, area)
    h = plain.box.h
    tops = [y for y in _heights(area, keep, h, low)
            if _free(Rect(area.x, y, area.w, h), area, keep)]
    if not tops:
        return None
    if area != field:
        tops.sort(key=lambda y: area.w * h - _overlap(Rect(area.x, y, area.w, h), field))
    return _at(plain, tops[0])


def _overlap(a: Rect, b: Rect) -> int:
    c = a.clip(b)
    return c.w * c.h


def _beside(painter: Painter, text: str, area: Rect, keep: Sequence[Rect],
            low: bool) -> Placed | None:
    """A narrower box left or right of every hint cell, the wider first."""
    inside = [r for r in keep if r.colliderect(area)]
    if not inside:
        return None
    left = Rect(area.x, area.y, min(r.x for r in inside) - area.x, area.h)
    right_x = max(r.right for r in inside)
    right = Rect(right_x, area.y, area.right - right_x, area.h)
    for column in sorted((left, right), key=lambda c: -c.w):
        if column.w < NARROWEST:
            continue
        plain = _plain(painter, text, column)
        if plain.box.h <= area.h:
            return _at(plain, area.y if low else area.bottom - plain.box.h)
    return None


def _around(painter: Painter, text: str, areas: Sequence[Rect], keep: Sequence[Rect],
            low: bool) -> Placed:
    """The last resort: text flowed around the hint cells, at the edge of
    the field or the window where it meets the fewest of them."""
    tries = []
    for area in areas:
        for bottom in (not low, low):
            placed = _flowed(painter, text, area, keep, bottom)
            if placed is not None:
                tries.append(placed)
    if not tries:                   # taller than the window: its end is cut off
        area = areas[-1]
        return _flow(painter, text, area, area.y, keep, 1 << 16) or _plain(painter, text, area)
    return min(tries, key=lambda p: len(p.holes))


def _flowed(painter: Painter, text: str, area: Rect, keep: Sequence[Rect],
            bottom: bool) -> Placed | None:
    """The text flowed at the top of ``area``, or ending at its bottom (the
    height depends on the holes met, so taller boxes are tried upwards)."""
    if not bottom:
        return _flow(painter, text, area, area.y, keep, area.bottom)
    h = _plain(painter, text, area).box.h
    lh = painter.line_height()
    while area.bottom - h >= area.y:
        placed = _flow(painter, text, area, area.bottom - h, keep, area.bottom)
        if placed is not None:
            return placed
        h += lh
    return None


def _flow(painter: Painter, text: str, area: Rect, y: int, keep: Sequence[Rect],
          limit: int) -> Placed | None:
    """Words laid line by line from ``y`` across ``area``, skipping the
    stretches of each line a hint cell crosses; None when they run past
    ``limit``."""
    lh, space = painter.line_height(), painter.text_width(" ")
    left, right = area.x + INSET, area.right - INSET - 2
    words = [piece for word in text.split(" ")
             for piece in wrap(painter, word, right - left)]
    runs, i, line_y = [], 0, y + PAD
    while i < len(words):
        if line_y + lh + PAD > limit:
            return None
        for a, b in _stretches(left, right, Rect(area.x, line_y, area.w, lh), keep):
            run: list[str] = []
            run_w = 0
            while i < len(words):
                w = painter.text_width(words[i])
                need = w + (run_w + space if run else 0)
                if need > b - a:
                    break
                run.append(words[i])
                run_w, i = need, i + 1
            if run:
                runs.append((" ".join(run), a, line_y))
        line_y += lh
    box = Rect(area.x, y, area.w, line_y + PAD - y)
    holes = tuple(r.inflate(-2 * GAP, -2 * GAP) for r in keep if r.colliderect(box))
    return Placed(box, tuple(runs), holes)


def _stretches(left: int, right: int, line: Rect, keep: Sequence[Rect]) -> list[tuple[int, int]]:
    """The parts of a line of text, from ``left`` to ``right``, that no hint
    cell crosses."""
    out, x = [], left
    for r in sorted((r for r in keep if r.colliderect(line)), key=lambda r: r.x):
        if r.x > x:
            out.append((x, r.x))
        x = max(x, r.right)
    if right > x:
        out.append((x, right))
    return out
