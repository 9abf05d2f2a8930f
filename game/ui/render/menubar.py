"""Geometry and drawing of the menu bar and its drop-down menus.

Windows 95 to XP drew menus grey and bevelled; the Windows 3.1 style draws
them flat, as 3.1 did (``win31``). Its colours are the 3.1 "Windows
Default" scheme's (CONTROL.INI's [color schemes], the keys WIN.INI's
[colors] names, Microsoft KB Q58336): Menu white, MenuText black, Hilight
navy under white HilightText, GrayText grey. Its shapes, as 3.1 showed them
(remembered from its screens, drawn here from scratch): the bar white over a
black line, a drop-down a white box in a 1-pixel black frame with a black
shadow 2 pixels wide along its right and bottom edges, its separators a
thin black line inset from the frame, its disabled items flat grey (the
etched grey came with Windows 95).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ..frame import CELL
from ..menus import MENUS, Item, mnemonics, title_label
from ..text_fit import fit, wrap
from .painter import BLACK, DARK, GREY, NAVY, WHITE, Colour, Painter

if TYPE_CHECKING:
    from ..host import Host

TITLE_PAD = 5
ITEM_PAD = 3          # an item is the font's line height plus this
SEPARATOR_H = 6
CHECK_W = 16
GAP = 14
#: The Windows 3.1 drop-down's shadow, right and bottom, inside its box.
SHADOW_31 = 2


def title_rects(painter: Painter, menu_h: int, width: int | None = None) -> list[pygame.Rect]:
    """Where each menu title sits on the bar (scale-1); titles move closer
    together when a language's titles would not fit in ``width`` (the bar up
    to the flag-mode button)."""
    widths = [painter.text_width(title_label(title)[0]) for title, _items in MENUS]
    pad = TITLE_PAD
    if width is not None and 4 + sum(widths) + 2 * pad * len(widths) > width:
        pad = max(0, (width - 4 - sum(widths)) // (2 * len(widths)))
        if 4 + sum(widths) > width:          # still too long: each cut in proportion
            widths = [w * (width - 4) // sum(widths) for w in widths]
    rects, x = [], 2
    for w in widths:
        rects.append(pygame.Rect(x, 0, w + 2 * pad, menu_h))
        x += w + 2 * pad
    return rects


@dataclass(frozen=True)
class PopupGeometry:
    rect: pygame.Rect
    item_rects: tuple[pygame.Rect | None, ...]   # None for separators
    shortcut_x: int                              # the shortcuts' column...
    #: Each item's label as drawn: one line, or more when a long translation
    #: would not fit the window's width (empty for separators).
    labels: tuple[tuple[str, ...], ...] = ()
    #: ...unless the window is too narrow for a column: then each shortcut
    #: sits at the right edge and only its own item's label makes room for it.
    shortcut_xs: tuple[int, ...] = ()


def popup_geometry(painter: Painter, items: tuple[Item, ...], title: pygame.Rect,
                   window: tuple[int, int], *, win31: bool = False) -> PopupGeometry:
    """The drop-down under ``title``, moved left or up to stay inside the
    window. Under ``win31`` its items fill the inside of a 1-pixel frame,
    edge to edge, as Windows 3.1 lit them, and its shadow takes the last 2
    pixels of the box on the right and at the bottom; otherwise they sit
    inside the 3-pixel bevel and its gap."""
    label_w = max(painter.text_width(i.label) for i in items)
    short_w = max((painter.text_width(i.shortcut) for i in items if i.shortcut), default=0)
    shortcuts = GAP + short_w if short_w else 0
    wanted = 3 + CHECK_W + label_w + shortcuts + 10 + 3
    width = min(wanted, window[0])
    column = x_column = width - 3 - 8 - short_w
    line = painter.line_height()
    labels, xs = [], []
    for item in items:
        room = width - 3 - CHECK_W - 10 - 3
        own = painter.text_width(item.shortcut) if item.shortcut else 0
        if wanted <= width:
            room -= shortcuts
            xs.append(x_column)
        else:
            room -= GAP + own if own else 0
            xs.append(width - 3 - 8 - own)
        labels.append(() if item.separator else tuple(wrap(painter, item.label, room)))
    inset, spare = (1, 2 + SHADOW_31) if win31 else (3, 6)
    heights = _item_heights(items, labels, line, window[1] - title.bottom - spare)
    height = spare + sum(heights)
    x = max(0, min(title.x, window[0] - width))
    y = max(0, min(title.bottom, window[1] - height))
    rects, cy = [], y + inset
    for item, h in zip(items, heights, strict=True):
        rects.append(None if item.separator else pygame.Rect(x + inset, cy, width - spare, h))
        cy += h
    return PopupGeometry(pygame.Rect(x, y, width, height), tuple(rects), x + column,
                         tuple(labels), tuple(x + sx for sx in xs))


def _item_heights(items: tuple[Item, ...], labels: list[tuple[str, ...]], line: int,
                  room: int) -> list[int]:
    """Each item's height (its label's lines, plus ``ITEM_PAD``) and each
    separator's. Where the drop-down would not fit in the ``room`` under its
    title, its items lose padding, a pixel at a time, before it is moved up
    over the bar: Windows' drop-downs were windows of their own and could
    hang below the game's window, ours stay inside it, and in the shortest
    (8 x 8 hexagons) the View menu covered half its own title."""
    for pad in range(ITEM_PAD, -1, -1):
        heights = [SEPARATOR_H if i.separator else len(rows) * (line + 1) - 1 + pad
                   for i, rows in zip(items, labels, strict=True)]
        if sum(heights) <= room:
            break
    return heights


def draw_bar(painter: Painter, layout_menu: pygame.Rect, open_index: int | None = None,
             *, win31: bool = False) -> None:
    """The menu bar, the title ``open_index`` lit on the selection's navy:
    grey, or (``win31``) white over a black line as Windows 3.1 drew it."""
    painter.fill(layout_menu, WHITE if win31 else GREY)
    if win31:
        painter.fill((layout_menu.x, layout_menu.bottom - 1, layout_menu.w, 1), BLACK)
    line_h = painter.line_height()
    rects = title_rects(painter, layout_menu.h, layout_menu.w - 2 - CELL)   # the flag-mode button
    for i, (rect, (title, _items)) in enumerate(zip(rects, MENUS, strict=False)):
        colour = BLACK
        if i == open_index:
            painter.fill(rect.inflate(0, -2), NAVY)
            colour = WHITE
        label, at = title_label(title)
        text = fit(painter, label, rect.w)
        x = rect.centerx - painter.text_width(text) // 2
        painter.text(text, (x, rect.centery - line_h // 2), colour)
        if at is not None and (text == label or at < len(text) - 1):   # not cut off
            underline(painter, text, at, (x, rect.centery - line_h // 2), colour)


def draw_popup(painter: Painter, app: Host, items: tuple[Item, ...], geo: PopupGeometry,
               highlighted: int | None, *, win31: bool = False) -> None:
    """An open menu: its ``items`` in the box ``geo`` lays out, the one
    ``highlighted`` on the selection's navy, those disabled greyed, checks
    and shortcuts as ``app`` stands. A disabled item is etched, as in
    Windows 95 to XP: grey over a white copy a pixel down and right (flat
    grey, it read as faint ink rather than as an item that cannot be
    chosen). Lit, it keeps its grey text on the navy, without the white, as
    there (left unlit, the highlight seemed to have stopped following the
    pointer). Under ``win31`` it is drawn flat, as Windows 3.1 drew it
    (see the module's docstring): greyed without the etching, lit across the
    frame's whole inside (``popup_geometry`` lays it out so)."""
    if win31:
        _frame_31(painter, geo.rect)
    else:
        painter.bevel("raised_2", geo.rect)
    line_h = painter.line_height()
    places = mnemonics(items)
    for i, (item, rect, rows, shortcut_x) in enumerate(zip(items, geo.item_rects, geo.labels,
                                                           geo.shortcut_xs, strict=False)):
        if rect is None:
            continue
        enabled = item.is_enabled(app)
        colour = BLACK if enabled else DARK
        if i == highlighted:
            painter.fill(rect, NAVY)
            colour = WHITE if enabled else DARK
        ty = rect.centery - (len(rows) * (line_h + 1) - 1) // 2
        place = row_of(item.label, rows, places[i])
        etched = ((1, WHITE),) if not (enabled or win31) and i != highlighted else ()
        for shift, ink in (*etched, (0, colour)):
            x, y = rect.x + shift, ty + shift
            if item.is_checked(app):
                draw_check(painter, (x + 5, y + line_h // 2 - 3), ink)
            for k, row in enumerate(rows):
                painter.text(row, (x + CHECK_W, y + k * (line_h + 1)), ink)
            if place is not None:
                k, at = place
                underline(painter, rows[k], at, (x + CHECK_W, y + k * (line_h + 1)), ink)
            if item.shortcut:
                painter.text(item.shortcut, (shortcut_x + shift, y), ink)
    _separators(painter, geo, win31)


def _separators(painter: Painter, geo: PopupGeometry, win31: bool) -> None:
    """The lines between groups: etched (Windows 95 to XP), or one black
    line inset from the frame (Windows 3.1)."""
    prev_bottom = geo.rect.y + (1 if win31 else 3)
    for rect in geo.item_rects:
        if rect is None:
            y = prev_bottom + SEPARATOR_H // 2
            if win31:
                painter.fill((geo.rect.x + 4, y - 1, geo.rect.w - SHADOW_31 - 8, 1), BLACK)
            else:
                painter.fill((geo.rect.x + 4, y - 1, geo.rect.w - 8, 1), DARK)
                painter.fill((geo.rect.x + 4, y, geo.rect.w - 8, 1), WHITE)
            prev_bottom += SEPARATOR_H
        else:
            prev_bottom = rect.bottom


def _frame_31(painter: Painter, box: pygame.Rect) -> None:
    """Windows 3.1's drop-down: white in a 1-pixel black frame, its black
    shadow along the right and bottom edges, all inside ``box`` (the shadow
    counted in the drop-down's size, so that it too fits the smallest
    window). The shadow is the menu's outline moved down and right: the
    box's top-right and bottom-left corners keep what is beneath."""
    s = SHADOW_31
    menu = pygame.Rect(box.x, box.y, box.w - s, box.h - s)
    painter.fill(menu, BLACK)
    painter.fill(menu.inflate(-2, -2), WHITE)
    painter.fill((box.right - s, box.y + s, s, box.h - s), BLACK)
    painter.fill((box.x + s, box.bottom - s, box.w - s, s), BLACK)


def row_of(label: str, rows: tuple[str, ...], at: int | None) -> tuple[int, int] | None:
    """Which of a wrapped label's ``rows`` holds its character ``at``, and
    where in that row (``wrap`` drops the spaces it breaks at)."""
    if at is None:
        return None
    start = 0
    for k, row in enumerate(rows):
        start = label.find(row, start)
        if start <= at < start + len(row):
            return k, at - start
        start += len(row)
    return None


def underline(painter: Painter, text: str, at: int, pos: tuple[int, int], colour: Colour) -> None:
    """The mnemonic's underline: under character ``at`` of ``text`` drawn at
    ``pos``, a pixel clear of the letter's foot, as Windows draws it. Drawn
    against the foot, it merged with the dot of the French Help menu's "?",
    which read as a "2"."""
    x = pos[0] + painter.text_width(text[:at])
    y = pos[1] + painter.atlas.fonts["regular"]["baseline"] + 1
    painter.fill((x, y, max(1, painter.text_width(text[at])), 1), colour)


def draw_check(painter: Painter, pos: tuple[int, int], colour: Colour) -> None:
    """The check mark glyph in ``colour`` (white on a highlighted item)."""
    mark = painter.atlas.get("check", painter.scale).copy()
    mark.fill((*colour, 255), special_flags=pygame.BLEND_RGBA_MULT)
    painter.blit(mark, pos)
