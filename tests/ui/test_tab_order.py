"""Tab and Shift+Tab go through a dialog's controls in reading order, as in
Windows: down the content, left to right along a row, then the pinned row
of buttons; Shift+Tab the other way; both round from the last to the first.

Checked in every dialog and help page, in the smallest window and in a
large one, in English and French, by pressing the keys and reading which
control has the focus."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ui.screens import replays
from game.ui.screens.dialog import Dialog

from .helpers import key, make_app
from .test_geometry import BOARDS, SCREENS, open_screen

DIALOGS = [name for name in SCREENS if not name.startswith("menu:")]


def reading_order(dialog: Dialog) -> list[int]:
    """The focusable controls, by index, as a reader meets them: the content
    from the top, left to right along a row, then the pinned buttons."""
    return sorted((i for i, w in enumerate(dialog.widgets) if w.focusable),
                  key=lambda i: (i in dialog.footer, dialog.widgets[i].rect.y,
                                 dialog.widgets[i].rect.x))


def walk(app, dialog: Dialog, mod: int) -> list[int]:
    """The focus at each press of Tab (with ``mod``), once round and one more."""
    seen = []
    for _ in range(len(reading_order(dialog)) + 1):
        key(app, pygame.K_TAB, mod)
        seen.append(dialog.focus)
    return seen


def expected(order: list[int], start: int, step: int) -> list[int]:
    at = order.index(start)
    return [order[(at + step * n) % len(order)] for n in range(1, len(order) + 2)]


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("board", ["8x8", "expert"])
@pytest.mark.parametrize("screen", DIALOGS)
def test_tab_and_shift_tab_follow_the_dialog_s_reading_order_round(screen, board, language):
    app = open_screen(board, screen, language)
    dialog = app.top
    assert isinstance(dialog, Dialog)
    order = reading_order(dialog)
    if not order:                   # the letter picker: pressed by mouse or finger only
        return
    start = dialog.focus
    assert start in order
    assert walk(app, dialog, 0) == expected(order, start, 1)
    start = dialog.focus
    assert walk(app, dialog, pygame.KMOD_SHIFT) == expected(order, start, -1)
    assert app.top is dialog


def test_tab_from_the_custom_field_s_field_button_goes_to_ok_then_cancel_then_height():
    """The Custom Field's controls in their order on screen: the three
    boxes, Shape, Field, then OK and Cancel under them; Tab from Cancel
    comes round to Height, its text selected."""
    app = open_screen("expert", "custom")
    dialog = app.top
    names = {id(field): name for name, field in dialog.fields.items()}

    def focused() -> str:
        widget = dialog.focused
        return names.get(id(widget)) or widget.label

    seen = [focused()]
    for _ in range(7):
        key(app, pygame.K_TAB)
        seen.append(focused())
    assert seen == ["height", "width", "mines", "Grid", "Rectangle", "OK", "Cancel", "height"]
    assert dialog.fields["height"].selection == (0, 2)


@pytest.mark.parametrize("board", ["8x8", "expert"])
def test_tab_in_open_replay_with_files_goes_list_watch_cancel_round(board):
    app = make_app(**BOARDS[board])
    folder = Path(app.store.directory) / replays.EXPORT_FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    for n in range(3):
        (folder / f"game{n}.json").write_text("{}")
    app.commands.run("open_replay")
    app.step(3)
    dialog = app.top
    order = reading_order(dialog)
    labels = [getattr(dialog.widgets[i], "label", "list") for i in order]
    assert labels == ["list", "Watch", "Cancel"]
    start = dialog.focus
    assert walk(app, dialog, 0) == expected(order, start, 1)
    start = dialog.focus
    assert walk(app, dialog, pygame.KMOD_SHIFT) == expected(order, start, -1)
