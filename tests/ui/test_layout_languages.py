"""Every screen fits, in every language: English, French and the
pseudo-locale (every string ~40 % longer), in the smallest window (8 x 8,
scale 1), at Beginner and at Expert. No dialog, widget, text, menu or
banner leaves the window, spills out of its box or overlaps another."""

from __future__ import annotations

import pygame
import pytest

from game.i18n import PSEUDO
from game.ui.render.menubar import CHECK_W, GAP, title_rects
from game.ui.screens.attract import BANNER, AttractScreen
from game.ui.screens.dialog import Dialog
from game.ui.screens.menu import MenuScreen
from game.ui.widgets import Button, Label, ListView, wrap

from .helpers import make_app
from .tour import tour

LANGUAGES = ("en", "fr", PSEUDO)
BOARDS = {"8x8": dict(level="custom", custom_width=8, custom_height=8, custom_mines=10),
          "beginner": dict(level="beginner"), "expert": dict(level="expert")}


def _inside(inner: pygame.Rect, outer: pygame.Rect) -> bool:
    return outer.contains(inner)


def _label_extent(painter, label: Label) -> pygame.Rect:
    """Where a label's wrapped text really is drawn (it may be taller than its rect)."""
    rows = wrap(painter, label.text, label.rect.w, label.face)
    height = len(rows) * (painter.line_height(label.face) + 1) - 1
    width = max(painter.text_width(row, label.face) for row in rows)
    return pygame.Rect(label.rect.x, label.rect.y, width, height)


def _list_problems(painter, table: ListView) -> list[str]:
    problems = []
    inner = table.rect.w - 6
    spans = sorted((x, x + w) for x, w, _align in table.columns)
    for (_a0, a1), (b0, _b1) in zip(spans, spans[1:], strict=False):
        if a1 > b0:
            problems.append(f"list columns overlap: {spans}")
    if spans[-1][1] > inner:
        problems.append(f"list columns end at {spans[-1][1]} past {inner}")
    return problems


def dialog_problems(app, dialog: Dialog) -> list[str]:
    painter = app.painter
    window = pygame.Rect((0, 0), app.layout.size)
    rect = dialog.rect
    problems = [] if _inside(rect, window) else [f"dialog {rect} leaves the window {window}"]
    title = painter.text_width(_title(dialog), "bold")
    if title > rect.w - 12 and rect.w < window.w - 4:      # cut only when it cannot widen
        problems.append(f"title {_title(dialog)!r} is wider than the dialog")
    ox, oy = dialog.client_origin
    client = pygame.Rect(ox, oy, rect.w - 6, rect.bottom - 3 - oy)
    extents = []
    for widget in dialog.widgets:
        extent = _label_extent(painter, widget) if isinstance(widget, Label) else widget.rect
        extent = extent.move(ox, oy)
        if not _inside(extent, client):
            problems.append(f"{_name(widget)} at {extent} leaves the dialog's client {client}")
        if isinstance(widget, Button) and painter.text_width(widget.label) > widget.rect.w - 4:
            problems.append(f"button {widget.label!r} is wider than its button")
        if isinstance(widget, ListView):
            problems += _list_problems(painter, widget)
        extents.append((widget, extent))
    for icon, (x, y) in getattr(dialog, "icons", ()):         # the help pages' pictures
        extents.append((icon, pygame.Rect((ox + x, oy + y), painter.atlas.size(icon))))
    for i, (a, ra) in enumerate(extents):
        for b, rb in extents[i + 1:]:
            if ra.colliderect(rb) and not (isinstance(a, Label) and not a.text
                                           or isinstance(b, Label) and not b.text):
                problems.append(f"{_name(a)} overlaps {_name(b)}")
    return problems


def _title(dialog: Dialog) -> str:
    from game.i18n import _
    return _(dialog.title) if dialog.title else ""


def _name(widget) -> str:
    if isinstance(widget, str):
        return f"icon {widget}"
    text = getattr(widget, "label", None) or getattr(widget, "text", "")
    return f"{type(widget).__name__}({str(text)[:30]!r})"


def menu_problems(app, menu: MenuScreen) -> list[str]:
    painter = app.painter
    width, height = app.layout.size
    problems = []
    titles = title_rects(painter, app.layout.menu_h, width)
    if titles[-1].right > width:
        problems.append(f"menu titles end at {titles[-1].right}, past the window ({width})")
    geo = menu._popup()
    if not _inside(geo.rect, pygame.Rect(0, 0, width, height)):
        problems.append(f"menu {menu.index} at {geo.rect} leaves the window")
    for item, rect, rows, shortcut_x in zip(menu.items, geo.item_rects, geo.labels,
                                            geo.shortcut_xs, strict=True):
        if rect is None:
            continue
        end = rect.x + CHECK_W + max(painter.text_width(row) for row in rows)
        limit = shortcut_x - GAP // 2 if item.shortcut else geo.rect.right - 4
        if end > limit:
            into = "its shortcut" if item.shortcut else "the edge"
            problems.append(f"menu item {item.label!r} runs into {into}")
    return problems


def banner_problems(app) -> list[str]:
    from game.i18n import _
    painter = app.painter
    field = app.layout.field
    rows = wrap(painter, _(BANNER), field.w - 16, face="bold")
    return [f"banner line {r!r} wider than the field" for r in rows
            if painter.text_width(r, "bold") > field.w - 16]


def screen_problems(app) -> list[str]:
    top = app.top
    if isinstance(top, Dialog):
        return dialog_problems(app, top)
    if isinstance(top, MenuScreen):
        return menu_problems(app, top)
    if isinstance(top, AttractScreen):
        return banner_problems(app)
    return []


@pytest.mark.parametrize("board", list(BOARDS))
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_screen_fits_its_window_in_every_language(language, board):
    app = make_app(language=language, **BOARDS[board])
    found = {}
    seen = []
    for name in tour(app):
        seen.append(name)
        problems = screen_problems(app)
        if problems:
            found[name] = problems
    assert len(seen) >= 20
    assert not found, "\n".join(f"{k}: {p}" for k, v in found.items() for p in v)


def test_the_check_sees_a_button_label_too_wide():
    """The checker itself: a dialog with a label longer than its button fails."""
    app = make_app()
    app.commands.run("about")
    app.step()
    dialog = app.top
    dialog.widgets[-1].label = "A label far too long for a sixty pixel button"
    assert any("wider than its button" in p for p in dialog_problems(app, dialog))
