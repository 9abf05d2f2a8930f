"""Page Up and Page Down in the dialogs' lists page as a Windows list box
does: a page less a row, so that the row at the page's edge stays in view.
The first Page Down selects the bottom row in view without scrolling; the
next makes that row the top one. A whole page, as the lists paged, scrolled
a row at the first press, and the row the player had just seen at the
bottom was never selected. Left and Right move the selection as Up and
Down do, as in a Windows list box of one column.

The lists are driven by posted keys; the selection is read from the navy
drawn over its row.
"""

from __future__ import annotations

import pygame
import pytest

from game.ui.list_view import ROW_H, TEXT_X
from game.ui.render.painter import NAVY

from .helpers import key, make_app, pixel, step_until_listed
from .test_list_bar import history as listed


def history(board: str, scale: int):
    """History open on 60 games, in English (``test_list_bar``'s dialog)."""
    return listed(board, scale, "en", 60)


def open_replay(tmp_path, scale: int, files: int = 40):
    folder = tmp_path / "replays"
    folder.mkdir()
    for i in range(files):
        (folder / f"20261124_12{i:02d}_expert_won.json").write_text("{}")
    app = make_app(data_dir=tmp_path, scale=scale, level="beginner")
    app.commands.run("open_replay")
    step_until_listed(app, files)
    assert len(app.top.table.rows) == files
    return app, app.top, app.top.table


def navy_row(app, dialog, table) -> int | None:
    """The row in view drawn selected (0 the top one), read from the pixels."""
    app.invalidate()
    app.step()
    box = dialog.screen_rect(table)
    rows = [r for r in range(table.visible)
            if pixel(app, app.viewport.to_display((box.x + TEXT_X - 1,
                                                   box.y + 2 + r * ROW_H + ROW_H // 2))) == NAVY]
    assert len(rows) <= 1
    return rows[0] if rows else None


def pages(app, dialog, table) -> None:
    v = table.visible
    assert v > 2 and table.selected == 0 and table.top == 0
    key(app, pygame.K_PAGEDOWN)
    assert (table.selected, table.top) == (v - 1, 0)       # the bottom row, no scroll
    assert navy_row(app, dialog, table) == v - 1
    key(app, pygame.K_PAGEDOWN)
    assert (table.selected, table.top) == (2 * v - 2, v - 1)   # that row now at the top
    assert navy_row(app, dialog, table) == v - 1
    key(app, pygame.K_PAGEUP)
    assert (table.selected, table.top) == (v - 1, v - 1)   # the top row, no scroll
    assert navy_row(app, dialog, table) == 0
    key(app, pygame.K_PAGEUP)
    assert (table.selected, table.top) == (0, 0)
    key(app, pygame.K_END)
    key(app, pygame.K_PAGEUP)
    last = len(table.rows) - 1
    assert (table.selected, table.top) == (last - v + 1, last - v + 1)
    key(app, pygame.K_PAGEDOWN)
    assert (table.selected, table.top) == (last, last - v + 1)


@pytest.mark.parametrize("board, scale", [("8x8", 1), ("expert", 2)])
def test_history_pages_a_page_less_a_row(board, scale):
    pages(*history(board, scale))


def test_open_replay_pages_a_page_less_a_row(tmp_path):
    pages(*open_replay(tmp_path, 1))


@pytest.mark.parametrize("which", ["history", "open_replay"])
def test_left_and_right_move_the_selection_as_up_and_down(tmp_path, which):
    """As in a Windows list box of one column: they did nothing in History
    and Open replay… (Best Times keeps them for its pages)."""
    app, dialog, table = history("8x8", 1) if which == "history" else open_replay(tmp_path, 2)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert table.selected == 2 and navy_row(app, dialog, table) == 2
    key(app, pygame.K_LEFT)
    assert table.selected == 1 and navy_row(app, dialog, table) == 1
    assert app.top is dialog and dialog.focused is table
