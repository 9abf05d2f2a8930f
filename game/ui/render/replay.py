"""Drawing the replay viewer: the control bar, the figures strip and the pointer.

The viewer's window is the game's window for the board (counters, face,
field, in the classic frame) with the menu bar turned into a control bar
(play/pause, speed, a progress bar) and a strip of live figures under the
field. ``ViewerLayout`` knows where each part is, at scale 1.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.engine import GameStats
from game.i18n import _, decimal, pgettext, whole
from game.i18n.numbers import percent_down

from ..frame import MARGIN, OUTER, Layout
from ..text_fit import fit
from .painter import BLACK, GREY, NAVY, WHITE, Painter

#: Extra board rows the viewer's window asks for: room for the figures strip.
STRIP_ROWS = 2
BUTTON_W = 16
SPEED_W = 28


@dataclass(frozen=True)
class ViewerLayout:
    board: Layout          # the game's own window parts for the board
    size: tuple[int, int]  # the whole viewer window

    @classmethod
    def of(cls, window: Layout) -> ViewerLayout:
        """The viewer inside a window laid out for the board plus STRIP_ROWS rows."""
        board = Layout(window.cols, window.rows - STRIP_ROWS, window.view_cols,
                       max(1, window.view_rows - STRIP_ROWS), window.menu,
                       window.counter_digits, window.shape)
        return cls(board, window.size)

    @property
    def play_button(self) -> pygame.Rect:
        return pygame.Rect(2, 2, BUTTON_W, self.board.menu_h - 4)

    @property
    def speed_box(self) -> pygame.Rect:
        return pygame.Rect(self.play_button.right + 2, 2, SPEED_W, self.board.menu_h - 4)

    @property
    def progress(self) -> pygame.Rect:
        x = self.speed_box.right + 4
        return pygame.Rect(x, 5, self.size[0] - x - 4, self.board.menu_h - 10)

    @property
    def strip(self) -> pygame.Rect:
        top = self.board.field_bevel.bottom + MARGIN
        return pygame.Rect(self.board.panel.x, top, self.board.panel.w,
                           self.size[1] - OUTER - MARGIN - top)


def draw_frame(painter: Painter, layout: ViewerLayout) -> None:
    """The static parts: window frame, counter panel, field bevel, figures strip."""
    board = layout.board
    painter.fill(pygame.Rect((0, 0), layout.size), GREY)
    painter.bevel("raised_3", pygame.Rect(0, board.menu_h, layout.size[0],
                                          layout.size[1] - board.menu_h))
    painter.bevel("sunken_2", board.panel)
    painter.bevel("sunken_1", board.mines_box)
    painter.bevel("sunken_1", board.timer_box)
    painter.bevel("sunken_3", board.field_bevel, fill=False)
    painter.bevel("sunken_1", layout.strip)


def tick_columns(layout: ViewerLayout, times: Sequence[int], duration_ms: int
                 ) -> list[tuple[int, int]]:
    """The progress bar's pixel columns under the moves played at ``times``
    (milliseconds, in order, none past ``duration_ms``), as runs
    ``(first column, width)`` of adjacent ones, however many moves share a
    column (a 100x100 game has thousands of moves and the bar a few hundred
    columns): worked out once per layout, and one fill a run rather than a
    column (6,700 moves took 4 ms a frame marked one by one, then 3.7 ms a
    column at a time). A move at ``t`` marks the column nearest to
    ``t / duration_ms`` of the bar (halves rounded up); the columns are
    found by bisecting the times, one search per marked column, since
    looking at every move took 3 to 4 ms of the frame that opens the viewer."""
    inner = layout.progress.inflate(-2, -2)
    width, duration = inner.w, max(1, duration_ms)

    def first_time(column: int) -> int:
        """The earliest moment that marks ``column`` or a later one."""
        return -(-duration * (2 * column - 1) // (2 * width))

    runs: list[tuple[int, int]] = []
    i = 0
    while i < len(times):
        column = min(width - 1, (2 * width * times[i] + duration) // (2 * duration))
        x = inner.x + column
        if runs and sum(runs[-1]) == x:
            runs[-1] = (runs[-1][0], runs[-1][1] + 1)
        else:
            runs.append((x, 1))
        if column == width - 1:
            break
        i = bisect.bisect_left(times, first_time(column + 1), i + 1)
    return runs


def draw_controls(painter: Painter, layout: ViewerLayout, playing: bool, speed: float,
                  fraction: float, ticks: list[tuple[int, int]], *,
                  button_pushed: bool = False) -> None:
    """Play/pause, the speed, and the progress bar with a tick per move
    (``tick_columns``). ``button_pushed``: the play button held down by a
    press over it, pushed in with its glyph a pixel down and right, as a
    Windows push button and the dialogs' buttons show it."""
    bar = pygame.Rect(0, 0, layout.size[0], layout.board.menu_h)
    painter.fill(bar, GREY)
    button = layout.play_button
    painter.bevel("pressed_2" if button_pushed else "raised_2", button)
    _play_glyph(painter, button.move(1, 1) if button_pushed else button, playing)
    text = speed_text(speed)
    box = layout.speed_box
    painter.text(text, (box.centerx - painter.text_width(text) // 2,
                        box.centery - painter.line_height() // 2))
    track = layout.progress
    painter.bevel("sunken_1", track)
    inner = track.inflate(-2, -2)
    painter.fill(inner, WHITE)
    done = progress_done(layout, fraction)
    if done:
        painter.fill(pygame.Rect(inner.x, inner.y, done, inner.h), NAVY)
    split = inner.x + done              # ticks white over the part played, black after
    for x, w in ticks:
        if x < split:
            painter.fill(pygame.Rect(x, inner.bottom - 2, min(w, split - x), 2), WHITE)
        if x + w > split:
            start = max(x, split)
            painter.fill(pygame.Rect(start, inner.bottom - 2, x + w - start, 2), BLACK)


def progress_done(layout: ViewerLayout, fraction: float) -> int:
    """The progress bar's pixel columns filled ``fraction`` through the game."""
    return round(layout.progress.inflate(-2, -2).w * fraction)


def speed_text(speed: float) -> str:
    """The speed as the language writes a number and a factor: "0.25×" /
    "0,25×", "2×", with the multiplication sign (the letter x read "1x"),
    placed as the catalogue places it."""
    places = next(p for p in range(3) if round(speed, p) == speed)
    # Translators: the replay viewer's speed, a factor of the game's own
    # pace ("2×": twice as fast), with the multiplication sign, not the
    # letter x; no space: it is a short button's label.
    return pgettext("replay speed", "{speed}×").format(speed=decimal(speed, places))


def _play_glyph(painter: Painter, rect: pygame.Rect, playing: bool) -> None:
    """Two bars when playing (click to pause), a triangle when paused."""
    cx, cy = rect.center
    if playing:
        painter.fill(pygame.Rect(cx - 3, cy - 3, 2, 7), BLACK)
        painter.fill(pygame.Rect(cx + 1, cy - 3, 2, 7), BLACK)
    else:
        for i in range(4):
            painter.fill(pygame.Rect(cx - 2 + i, cy - 3 + i, 1, 7 - 2 * i), BLACK)


def figures_lines(stats: GameStats) -> tuple[str, str]:
    """The live figures, in two short lines that fit an 8-column window,
    numbers grouped as the language writes them ("1,234" / "1 234"). A
    figure not known yet is left out, never shown as 0 or "?": before the
    first opening lays the mines the board has no 3BV, before any time has
    passed no 3BV/s, before a click no efficiency (a replay with no
    moves read "3BV 0/?  0.00/s" and "Clicks 0  Eff 0 %")."""
    if stats.bbbv is None:
        bbbv = _("3BV: no mines laid yet")
    elif stats.bbbv_per_second is None:
        bbbv = _("3BV {solved}/{total}").format(solved=whole(stats.solved_bbbv),
                                                total=whole(stats.bbbv))
    else:
        bbbv = _("3BV {solved}/{total}  {rate}/s").format(
            solved=whole(stats.solved_bbbv), total=whole(stats.bbbv),
            rate=decimal(stats.bbbv_per_second, 2))
    clicks = whole(stats.clicks.total)
    eff = stats.efficiency           # rounded down: 199 3BV in 200 clicks is not "100 %"
    return (bbbv, _("Clicks {clicks}").format(clicks=clicks) if eff is None else
            _("Clicks {clicks}  Eff {efficiency}").format(clicks=clicks,
                                                          efficiency=percent_down(eff)))


def draw_figures(painter: Painter, layout: ViewerLayout, stats: GameStats) -> None:
    strip = layout.strip
    painter.fill(strip.inflate(-2, -2), GREY)
    line = painter.line_height()
    y = strip.y + (strip.h - 2 * line) // 2
    for text in figures_lines(stats):         # cut with "…" rather than run out of the window
        painter.text(fit(painter, text, strip.w - 8), (strip.x + 4, y))
        y += line


def draw_pointer(painter: Painter, layout: ViewerLayout, cell: tuple[int, int],
                 scroll: tuple[int, int]) -> None:
    """An arrow pointer at the middle of ``cell`` (the track is kept per
    cell), found by the cells' geometry: on hexagons, and on a torus
    scrolled round, the middle of a square there pointed elsewhere."""
    board = layout.board
    if board.view_cell(cell, scroll) is None:
        return
    x, y = board.centre_of(cell, scroll)
    s = painter.scale
    ox, oy = painter.pos((x, y))
    arrow = [(0, 0), (0, 10), (3, 7), (5, 11), (7, 10), (5, 6), (9, 6)]
    points = [(ox + px * s, oy + py * s) for px, py in arrow]
    pygame.draw.polygon(painter.surface, WHITE, points)
    pygame.draw.polygon(painter.surface, BLACK, points, max(1, s))
