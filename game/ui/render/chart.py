"""Progress you can see: a small chart of a level's last wins, for the
Statistics and History dialogs.

Each win is a navy bar as tall as its time (shorter is better) and a green
dot as high as its 3BV/s (higher is better, on its own scale); a red line
marks the best time. Drawn with fills only, in the classic palette, so it
reads at scale 1 in the smallest (8x8) window. With View > Color off the
bars are black, the dots mid grey and the line dashed black and white
(``MONO_DOT``, ``_best_line``): as greys the green and the red were
alike and all but vanished on the bars. The caption's words are all black
then: "3BV/s" in its dots' mid grey read as a disabled control's text.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

import pygame

from game.i18n import N_, _
from game.store import WON, GameRecord

from ..text_fit import fit
from .painter import BLACK, DARK, NAVY, WHITE, Painter

Colour = tuple[int, int, int]

GREEN = (0, 128, 0)
RED = (255, 0, 0)
#: Color off: the dots' grey. Their green's and the line's red's
#: brightness (75 and 76) were alike and dark on the black bars; the line
#: is drawn in dashes of black and white (``_best_line``).
MONO_DOT: Colour = DARK
BAR_PITCH = 4          # px per game: a 3 px bar and a 1 px gap
CAPTION = ((N_("time"), NAVY), (N_("3BV/s"), GREEN), (N_("best"), RED))
NO_WINS = N_("No wins yet")


def caption(painter: Painter, width: int) -> list[tuple[str, tuple[int, int, int], int]]:
    """The caption's words in the current language with their x offsets:
    6 px apart, closer when a language's words are long, each cut with an
    ellipsis past all room."""
    words = [(_(word), colour) for word, colour in CAPTION]
    gap = 6
    total = sum(painter.text_width(w) for w, _colour in words)
    if total + gap * (len(words) - 1) > width:
        gap = 2
        share = (width - gap * (len(words) - 1)) // len(words)
        if total + gap * (len(words) - 1) > width:
            words = [(fit(painter, w, share), colour) for w, colour in words]
    out, x = [], 0
    for text, colour in words:
        out.append((text, colour, x))
        x += painter.text_width(text) + gap
    return out


@dataclass(frozen=True)
class Win:
    time_ms: int
    bbbv_per_s: float | None


def level_wins(games: Iterable[GameRecord]) -> list[Win]:
    """The won games among one level's ``games`` (newest first, as the store
    reads them), oldest first, as the chart draws them left to right."""
    wins = [Win(g.time_ms, g.bbbv_per_s) for g in games if g.result == WON]
    return wins[::-1]


@dataclass
class Chart:
    """A dialog widget: ``wins`` oldest first; the last that fit are drawn.
    ``note`` (an English message marked with N_) is said when there are none
    (the dialog says it is still reading them)."""

    rect: pygame.Rect
    wins: list[Win] = field(default_factory=list)
    best_ms: int | None = None
    note: str = NO_WINS
    focusable: bool = False

    @property
    def plot(self) -> pygame.Rect:
        """The plotting area, inside the sunken box's 2-pixel bevel on every
        side (the caption is below it): reaching to the box's foot, the bars
        and the slowest dots were drawn over its bottom edge."""
        return pygame.Rect(self.rect.x + 2, self.rect.y + 2, self.rect.w - 4, self.rect.h - 16)

    def shown(self) -> list[Win]:
        return self.wins[-max(1, self.plot.w // BAR_PITCH):]

    def bars(self) -> list[pygame.Rect]:
        """One bar per win shown (scale-1, relative to the dialog's client area)."""
        wins, plot = self.shown(), self.plot
        top = _longest(wins)
        out = []
        for i, win in enumerate(wins):
            h = max(1, round(win.time_ms / top * (plot.h - 2)))
            out.append(pygame.Rect(plot.x + 1 + i * BAR_PITCH, plot.bottom - h, BAR_PITCH - 1, h))
        return out

    def draw(self, painter: Painter, origin: tuple[int, int], focused: bool) -> None:
        box = pygame.Rect(self.rect.x, self.rect.y, self.rect.w, self.rect.h - 12).move(origin)
        painter.bevel("field_2", box)
        plot = self.plot.move(origin)
        wins = self.shown()
        if not wins:
            painter.text(_(self.note), self.note_box(painter).move(origin).topleft, BLACK)
        for bar in self.bars():
            painter.fill(bar.move(origin), NAVY)
        rates = [w.bbbv_per_s or 0.0 for w in wins]
        fastest = max(rates, default=0.0) or 1.0
        dot = GREEN if painter.colour else MONO_DOT
        for i, rate in enumerate(rates):
            y = plot.bottom - 2 - round(rate / fastest * (plot.h - 4))
            painter.fill(pygame.Rect(plot.x + 1 + i * BAR_PITCH, y, 3, 2), dot)
        if wins and self.best_ms is not None:
            top = _longest(wins)
            y = plot.bottom - max(1, round(min(self.best_ms, top) / top * (plot.h - 2)))
            _best_line(painter, pygame.Rect(plot.x, y, plot.w, 1))
        x = self.rect.x + origin[0]
        y = self.rect.bottom - 11 + origin[1]
        for text, colour, dx in caption(painter, self.rect.w):
            painter.text(text, (x + dx, y), colour if painter.colour else BLACK)

    def key(self, event: pygame.event.Event) -> bool:
        return False

    def note_box(self, painter: Painter) -> pygame.Rect:
        """Where the note ("No wins yet", "Loading…") is written: centred
        in the plot, a line high."""
        text, plot = _(self.note), self.plot
        w, h = painter.text_width(text), painter.line_height()
        return pygame.Rect(plot.centerx - w // 2, plot.centery - h // 2, w, h)

    def extent(self, painter: Painter) -> tuple[pygame.Rect, list[pygame.Rect]]:
        """Its box, and inside it the caption's ink after the plot, or
        after the note when no win is drawn: what must fit and never
        overlap (the note's box was measured nowhere)."""
        words = caption(painter, self.rect.w)
        text, _colour, dx = words[-1]
        caption_w = dx + painter.text_width(text)
        box = pygame.Rect(self.rect.x, self.rect.bottom - 11, caption_w, painter.line_height())
        return self.rect, [self.note_box(painter) if not self.shown() else self.plot, box]


def _best_line(painter: Painter, line: pygame.Rect) -> None:
    """The best time's line: red, or with Color off dashes of black and
    white, which show over the white plot and the black bars alike."""
    if painter.colour:
        painter.fill(line, RED)
        return
    for x in range(line.x, line.right, 4):
        painter.fill(pygame.Rect(x, line.y, min(2, line.right - x), 1), BLACK)
        if x + 2 < line.right:
            painter.fill(pygame.Rect(x + 2, line.y, min(2, line.right - x - 2), 1), WHITE)


def _longest(wins: list[Win]) -> int:
    """The longest time among ``wins``, the bars' full height: at least 1 ms,
    as a board cleared by its first click is won in 0 ms (the densest torus
    or hexagons always are), and dividing by it ended the game."""
    return max((w.time_ms for w in wins), default=1) or 1
