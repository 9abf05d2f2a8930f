"""Geometry and drawing of the menu bar and its drop-down menus."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..menus import MENUS, Item
from .painter import BLACK, DARK, GREY, WHITE, Painter

NAVY = (0, 0, 128)
TITLE_PAD = 6
ITEM_PAD = 3          # an item is the font's line height plus this
SEPARATOR_H = 6
CHECK_W = 16
GAP = 14


def title_rects(painter: Painter, menu_h: int) -> list[pygame.Rect]:
    """Where each menu title sits on the bar (scale-1)."""
    rects, x = [], 2
    for title, _ in MENUS:
        w = painter.text_width(title) + 2 * TITLE_PAD
        rects.append(pygame.Rect(x, 0, w, menu_h))
        x += w
    return rects


@dataclass(frozen=True)
class PopupGeometry:
    rect: pygame.Rect
    item_rects: tuple[pygame.Rect | None, ...]   # None for separators
    shortcut_x: int


def popup_geometry(painter: Painter, items: tuple[Item, ...], title: pygame.Rect,
                   window: tuple[int, int]) -> PopupGeometry:
    """The drop-down under ``title``, moved left or up to stay inside the window."""
    label_w = max(painter.text_width(i.label) for i in items)
    short_w = max((painter.text_width(i.shortcut) for i in items if i.shortcut), default=0)
    width = min(3 + CHECK_W + label_w + (GAP + short_w if short_w else 0) + 10 + 3, window[0])
    item_h = painter.line_height() + ITEM_PAD
    height = 6 + sum(SEPARATOR_H if i.separator else item_h for i in items)
    x = max(0, min(title.x, window[0] - width))
    y = max(0, min(title.bottom, window[1] - height))
    rects, cy = [], y + 3
    for item in items:
        if item.separator:
            rects.append(None)
            cy += SEPARATOR_H
        else:
            rects.append(pygame.Rect(x + 3, cy, width - 6, item_h))
            cy += item_h
    return PopupGeometry(pygame.Rect(x, y, width, height), tuple(rects),
                         x + width - 3 - 8 - short_w)


def draw_bar(painter: Painter, layout_menu: pygame.Rect, open_index: int | None = None) -> None:
    painter.fill(layout_menu, GREY)
    line_h = painter.line_height()
    for i, (rect, (title, _)) in enumerate(zip(title_rects(painter, layout_menu.h), MENUS, strict=False)):
        colour = BLACK
        if i == open_index:
            painter.fill(rect.inflate(0, -2), NAVY)
            colour = WHITE
        painter.text(title, (rect.x + TITLE_PAD, rect.centery - line_h // 2), colour)


def draw_popup(painter: Painter, app, items: tuple[Item, ...], geo: PopupGeometry,
               highlighted: int | None) -> None:
    painter.bevel("raised_2", geo.rect)
    line_h = painter.line_height()
    for i, (item, rect) in enumerate(zip(items, geo.item_rects, strict=False)):
        if rect is None:
            continue
        enabled = item.is_enabled(app)
        colour = BLACK if enabled else DARK
        if i == highlighted and enabled:
            painter.fill(rect, NAVY)
            colour = WHITE
        ty = rect.centery - line_h // 2
        if item.is_checked(app):
            draw_check(painter, (rect.x + 5, rect.centery - 3), colour)
        painter.text(item.label, (rect.x + CHECK_W, ty), colour)
        if item.shortcut:
            painter.text(item.shortcut, (geo.shortcut_x, ty), colour)
    # separators: an etched line between groups
    prev_bottom = geo.rect.y + 3
    for rect in geo.item_rects:
        if rect is None:
            y = prev_bottom + SEPARATOR_H // 2
            painter.fill((geo.rect.x + 4, y - 1, geo.rect.w - 8, 1), DARK)
            painter.fill((geo.rect.x + 4, y, geo.rect.w - 8, 1), WHITE)
            prev_bottom += SEPARATOR_H
        else:
            prev_bottom = rect.bottom


def draw_check(painter: Painter, pos: tuple[int, int], colour) -> None:
    """The check mark glyph in ``colour`` (white on a highlighted item)."""
    mark = painter.atlas.get("check", painter.scale).copy()
    mark.fill((*colour, 255), special_flags=pygame.BLEND_RGBA_MULT)
    painter.blit(mark, pos)
