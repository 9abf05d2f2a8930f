"""How a dialog fits any window: its content scrolls, its buttons stay.

A dialog's client area is its content (text, fields, lists) above a row of
buttons. When the window is too short for all of it, the content is shown
through a viewport that scrolls (wheel, arrows, Page Up/Down, a scroll bar)
and the button row stays pinned under it, always visible. Pure geometry.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

BAR_W = 5          # the scroll bar, at the right edge of the content viewport
#: What a scrolling content gives up at its right for the bar: the bar and a
#: pixel either side (the bar starts BAR_W + 1 px from the viewport's edge).
BAR_ROOM = BAR_W + 2
#: How far, in bar widths, the pointer dragging a thumb may stray beside its
#: bar, and past either end, before the thumb goes back where the drag
#: began: user32's rule (SCROLL_PtInRectEx, as Wine has it today).
STRAY_BESIDE = 8
STRAY_PAST_END = 2


def thumb_held(bar: pygame.Rect, pos: tuple[int, int], vertical: bool) -> bool:
    """Whether a thumb dragged on ``bar`` (the whole bar, arrows and all)
    follows a pointer at ``pos``. As in Windows, one that strays too far
    puts the thumb and what it scrolls back where the drag began, where a
    release leaves them (a player who thinks better of a drag lets go away
    from the bar), and one that comes back near takes the thumb again."""
    width = bar.w if vertical else bar.h
    beside, past = STRAY_BESIDE * width, STRAY_PAST_END * width
    zone = bar.inflate(2 * beside, 2 * past) if vertical else bar.inflate(2 * past, 2 * beside)
    return bool(zone.collidepoint(pos))


@dataclass
class Pane:
    content_h: int       # height of everything above the button row
    footer_h: int        # height of the button row and what follows it
    view_h: int          # how much of the content shows
    scroll: int = 0

    @classmethod
    def fit(cls, footer_top: int, client_h: int, room: int, scroll: int = 0) -> Pane:
        """Split a client of ``client_h`` whose button row starts at
        ``footer_top`` so that it fits in ``room`` pixels."""
        footer_h = client_h - footer_top
        view_h = max(1, min(footer_top, room - footer_h))
        pane = cls(footer_top, footer_h, view_h)
        pane.scroll_to(scroll)
        return pane

    @property
    def scrolls(self) -> bool:
        return self.content_h > self.view_h

    @property
    def max_scroll(self) -> int:
        return max(0, self.content_h - self.view_h)

    @property
    def height(self) -> int:
        return self.view_h + self.footer_h

    def scroll_to(self, y: int) -> None:
        self.scroll = max(0, min(self.max_scroll, y))

    def scroll_by(self, dy: int) -> None:
        self.scroll_to(self.scroll + dy)

    def offset(self, footer: bool) -> int:
        """How far a widget laid out at client y moves on screen."""
        return self.view_h - self.content_h if footer else -self.scroll

    def show(self, top: int, bottom: int) -> None:
        """Scroll the least so content from ``top`` to ``bottom`` is in view."""
        if top < self.scroll:
            self.scroll_to(top)
        elif bottom > self.scroll + self.view_h:
            self.scroll_to(min(top, bottom - self.view_h))

    def bar(self, view: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect] | None:
        """The scroll bar's track and thumb beside the content ``view``."""
        if not self.scrolls:
            return None
        track = pygame.Rect(view.right - BAR_W - 1, view.y, BAR_W, view.h)
        size = max(6, view.h * self.view_h // self.content_h)
        top = (view.h - size) * self.scroll // max(1, self.max_scroll)
        return track, pygame.Rect(track.x, track.y + top, BAR_W, size)

    def dragged(self, start: int, moved: int, bar: tuple[pygame.Rect, pygame.Rect]) -> int:
        """The scroll once a thumb taken at scroll ``start`` has been moved
        ``moved`` pixels along its track: held where it was taken, as in a
        Windows scroll bar (the dialogs' bar and the lists' share it): the
        scroll that draws the thumb exactly under the pointer when there is
        one (``bar`` draws it at the floor of its share, and the nearest
        scroll drew it a pixel off, a help page's 20 pixels up came 21),
        else the nearest (a list's rows, fewer than the track's pixels)."""
        track, thumb = bar
        room, most = max(1, track.h - thumb.h), max(1, self.max_scroll)
        top = room * start // most + moved
        exact = -(-top * most // room)          # the least scroll whose thumb is that low
        if room * exact // most == top:
            return exact
        return start + round(moved * self.max_scroll / room)

    def scroll_for_bar(self, view: pygame.Rect, y: int) -> int:
        """The scroll that centres the thumb on window ``y``."""
        frac = (y - view.y) / max(1, view.h)
        return round(frac * self.content_h - self.view_h / 2)
