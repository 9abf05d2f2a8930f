"""A list's first column starts two pixels inside its frame, one clear of
the dotted focus rectangle round a row: it started one pixel inside, its
first letter (the pixel font's letters start at their left edge) against
the frame, and against the focus rectangle's dots round an empty list's
"No replays yet" or a focused row.

Read from the pixels, at the smallest window and a large one, in English
and French: the white columns between the frame's inside and the first
ink (less the white the font leaves before a "1") of a row that is not
selected (white behind), and of an empty list's note (inside the focus
rectangle's dots).
"""

from __future__ import annotations

import pygame
import pytest

from game.ui.list_view import ListView
from game.ui.render.painter import BLACK, WHITE

from .helpers import make_app, pixel
from .test_list_gap import BOARDS, history, open_replay

#: The white kept between the frame's inside and a row's first letter.
CLEAR = 2
CASES = [(board, language) for board in BOARDS for language in ("en", "fr")]


def first_ink(app, dialog, table: ListView, row: int) -> int:
    """How many columns after the frame's inside the first ink of the
    list's ``row``th row shown comes, at scale 1: the focus rectangle's
    dots (its column at the inside's edge, its lines across the row's top
    and bottom) are not a letter's."""
    app.invalidate()
    app.step()
    box = dialog.screen_rect(table)
    inside = box.x + 2
    top = box.y + 2 + row * table.row_h
    band = range(top + 1, top + table.row_h - 1)
    dotted = any(pixel(app, app.viewport.to_display((inside, y))) != WHITE for y in band)
    start = inside + 1 if dotted else inside               # the dots' column is not a letter's
    inked = [x for x in range(start, box.right - 2)
             if any(pixel(app, app.viewport.to_display((x, y))) != WHITE for y in band)]
    return inked[0] - inside


def bearing(app, text: str) -> int:
    """The white the font leaves before ``text``'s first ink (a "1" has a
    column of it), drawn alone at the window's corner on white."""
    painter, shown = app.painter, app.painter.surface
    painter.surface = pygame.Surface(shown.get_size())
    painter.surface.fill(WHITE)
    try:
        painter.text(text, (0, 0), BLACK)
        return next(x for x in range(40) if any(
            pixel_of(painter.surface, app.viewport.to_display((x, y))) != WHITE
            for y in range(painter.line_height())))
    finally:
        painter.surface = shown


def pixel_of(surface: pygame.Surface, pos) -> tuple[int, int, int]:
    return tuple(surface.get_at(pos))[:3]


@pytest.mark.parametrize("board, language", CASES)
def test_historys_first_column_starts_two_pixels_inside_the_frame(board, language):
    """Its first column (the day, or in the 8x8 window the level)."""
    app, dialog, table = history(board, language, 3)
    first = next(text for text in table.rows[1] if text)
    assert first_ink(app, dialog, table, 1) == CLEAR + bearing(app, first)


@pytest.mark.parametrize("board, language", CASES)
def test_open_replays_names_start_two_pixels_inside_the_frame(tmp_path, board, language):
    app, dialog, table = open_replay(tmp_path, board, language, 3)
    assert first_ink(app, dialog, table, 1) == CLEAR + bearing(app, table.rows[1][0])


@pytest.mark.parametrize("board, language", CASES)
@pytest.mark.parametrize("command", ["best_times", "history", "open_replay"])
def test_an_empty_lists_note_keeps_a_pixel_clear_of_the_focus_rectangle(
        tmp_path, command, board, language):
    """"No replays yet" had its first letter against the dots of the focus
    rectangle drawn round the empty list's first line."""
    app = make_app(data_dir=tmp_path, language=language, style="win31", **BOARDS[board])
    app.commands.run(command)
    for _ in range(5):
        app.step()
    dialog = app.top
    table = dialog.table
    assert not table.rows and table.note
    assert first_ink(app, dialog, table, 0) == CLEAR + bearing(app, table.note)
