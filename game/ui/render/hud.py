"""The window around the field: frame, counter panel, LED counters and face."""

from __future__ import annotations

import pygame

from ..frame import LED_DIGITS, Layout
from ..scrolling import thumb_held
from .painter import BLACK, DARK, GREY, WHITE, Painter

CUE = (224, 0, 0)            # the long press's progress bar

def face_sprite(face: str, pressed: bool = False) -> str:
    """The sprite of a face ("smile", "oh", "dead", "cool"), pressed or not."""
    return f"face_{face}_pressed" if pressed else f"face_{face}"


def led_sprites(value: int, digits: int = LED_DIGITS) -> list[str]:
    """Sprite names showing ``value`` on a counter of ``digits`` digits, as the
    classic game did on three: zero-padded, at most 999; a negative one a
    minus and its last two digits (Winmine's DrawBombCount shows
    ``-count % 100`` after the minus: 123 flags too many read "-23"; this
    counter stopped at "-99")."""
    if value >= 0:
        text = f"{min(10 ** digits - 1, value):0{digits}d}"
    else:
        text = "-" + f"{-value % 10 ** (digits - 1):0{digits - 1}d}"
    return ["led_minus" if c == "-" else f"led_{c}" for c in text]


def draw_chrome(painter: Painter, layout: Layout) -> None:
    """The static parts: raised frame, sunken panel, counter boxes, field bevel."""
    painter.bevel("raised_3", layout.frame)
    painter.bevel("sunken_2", layout.panel)
    painter.bevel("sunken_1", layout.mines_box)
    painter.bevel("sunken_1", layout.timer_box)
    painter.bevel("sunken_3", layout.field_bevel, fill=False)


def draw_counter(painter: Painter, layout: Layout, box_name: str, value: int) -> None:
    box = getattr(layout, box_name)
    digits = layout.counter_digits if box_name == "mines_box" else LED_DIGITS
    for i, name in enumerate(led_sprites(value, digits)):
        painter.sprite(name, layout.digit_rect(box, i).topleft)


def draw_face(painter: Painter, layout: Layout, face: str, pressed: bool = False) -> None:
    painter.fill(layout.face, GREY)
    painter.sprite(face_sprite(face, pressed), layout.face.topleft)


def draw_mode_button(painter: Painter, layout: Layout, on: bool) -> None:
    """The flag-mode toggle in the menu bar: pressed in, with its flag, while on."""
    rect = layout.mode_button
    if rect is not None:
        painter.sprite("mode_on" if on else "mode_off", rect.topleft)


def _thumbs(bar: pygame.Rect, first: int, shown: int, total: int, across: bool,
            wraps: bool) -> tuple[pygame.Rect, ...]:
    """Where the view lies along ``bar``: one thumb, or two on a torus whose
    view is rolled over the seam (its last columns and then its first: one
    thumb pinned at the bar's end said the view showed the last columns only)."""
    length = bar.w if across else bar.h
    size = max(4, length * shown // total)
    if wraps and first + shown > total:
        end = length * (first + shown - total) // total
        pieces = [(length * first // total, length), (0, max(1, end))]
    else:
        start = min(length * first // total, length - size)
        pieces = [(start, start + size)]
    if across:
        return tuple(pygame.Rect(bar.x + a, bar.y, b - a, bar.h) for a, b in pieces)
    return tuple(pygame.Rect(bar.x, bar.y + a, bar.w, b - a) for a, b in pieces)


def scroll_bar_thumbs(layout: Layout, scroll: tuple[int, int]
                      ) -> list[tuple[pygame.Rect, tuple[pygame.Rect, ...]]]:
    """(bar, thumbs) for each scroll bar the layout has: where the visible part
    of the board lies along each side."""
    wraps = layout.shape == "torus"
    out = []
    if layout.hbar is not None:
        out.append((layout.hbar, _thumbs(layout.hbar, scroll[0], layout.view_cols,
                                         layout.cols, True, wraps)))
    if layout.vbar is not None:
        out.append((layout.vbar, _thumbs(layout.vbar, scroll[1], layout.view_rows,
                                         layout.rows, False, wraps)))
    return out


def draw_scroll_bars(painter: Painter, layout: Layout, scroll: tuple[int, int]) -> None:
    """Thin bars in the margins beside a board bigger than the window."""
    for bar, thumbs in scroll_bar_thumbs(layout, scroll):
        painter.fill(bar, DARK)
        for thumb in thumbs:
            painter.fill(thumb, BLACK)
            painter.fill(thumb.inflate(-2, -2), WHITE)


def scroll_for_bar(layout: Layout, kind: str, pos: tuple[int, int],
                   scroll: tuple[int, int]) -> tuple[int, int]:
    """The scroll that centres a bar's thumb on ``pos`` (scale-1 window point).
    A torus has no end to stop at: near either end of the bar the view rolls
    over the seam, its thumb in two pieces, rather than stop short of the
    pointer."""
    wraps = layout.shape == "torus"

    def place(first: int, size: int, shown: int) -> int:
        return first % size if wraps else max(0, min(size - shown, first))
    if kind == "hbar" and layout.hbar is not None:
        bar = layout.hbar
        first = (pos[0] - bar.x) * layout.cols // bar.w - layout.view_cols // 2
        return place(first, layout.cols, layout.view_cols), scroll[1]
    if kind == "vbar" and layout.vbar is not None:
        bar = layout.vbar
        first = (pos[1] - bar.y) * layout.rows // bar.h - layout.view_rows // 2
        return scroll[0], place(first, layout.rows, layout.view_rows)
    return scroll


def on_thumb(layout: Layout, kind: str, pos: tuple[int, int], scroll: tuple[int, int]) -> bool:
    """Whether scale-1 point ``pos`` on bar ``kind`` is along its thumb (a
    piece of it, on a torus rolled over the seam)."""
    horizontal = kind == "hbar"
    for bar, thumbs in scroll_bar_thumbs(layout, scroll):
        if bar == (layout.hbar if horizontal else layout.vbar):
            return any(t.left <= pos[0] < t.right if horizontal else t.top <= pos[1] < t.bottom
                       for t in thumbs)
    return False


def scroll_dragged(layout: Layout, kind: str, moved: int, first: int,
                   scroll: tuple[int, int]) -> tuple[int, int]:
    """The scroll once a thumb taken at ``first`` (the first column or row
    shown then) has been dragged ``moved`` scale-1 pixels along its bar: the
    view moves as far as the pointer, in the board's proportion, as a
    Windows scroll bar's thumb does (a torus rolls round, a grid stops at
    its ends)."""
    horizontal = kind == "hbar"
    bar = layout.hbar if horizontal else layout.vbar
    if bar is None:
        return scroll
    size, shown = (layout.cols, layout.view_cols) if horizontal else (layout.rows, layout.view_rows)
    at = first + round(moved * size / (bar.w if horizontal else bar.h))
    at = at % size if layout.shape == "torus" else max(0, min(size - shown, at))
    return (at, scroll[1]) if horizontal else (scroll[0], at)


def thumb_dragged(layout: Layout, held: tuple[str, int, int], pos: tuple[int, int],
                  scroll: tuple[int, int]) -> tuple[int, int]:
    """The scroll once the pointer holding a thumb is at scale-1 ``pos``:
    ``held`` is its bar's kind, the pointer's place along the bar and the
    first column or row shown when it was taken. The view follows the
    pointer (``scroll_dragged``), or goes back where the drag began while
    the pointer strays far from the bar (``thumb_held``). The game's thumbs
    and the replay viewer's share it, to be dragged alike."""
    kind, along, first = held
    bar = layout.hbar if kind == "hbar" else layout.vbar
    moved = pos[0 if kind == "hbar" else 1] - along
    if bar is not None and not thumb_held(bar, pos, vertical=kind != "hbar"):
        moved = 0
    return scroll_dragged(layout, kind, moved, first, scroll)


def draw_touch_cue(painter: Painter, layout: Layout, cell: tuple[int, int],
                   scroll: tuple[int, int], progress: float) -> None:
    """A bar growing along the bottom of the touched cell: when it is full, the
    cell is flagged. Placed by the cells' geometry, inside the cell (above a
    hexagon's slanted bottom edges, where the scroll of a torus shows it):
    only the cell's tile is drawn again when the finger lifts, and a bar
    placed as on squares stayed on the hexagon below."""
    rect = layout.cell_rect(cell, scroll)
    if rect is None:
        return
    x, y = rect.x, rect.y + layout.cells.body[1]
    length = round((rect.w - 4) * progress)
    painter.fill((x + 2, y - 5, rect.w - 4, 3), BLACK)
    if length:
        painter.fill((x + 2, y - 4, length, 1), CUE)
