"""A list's last column ends as far from the scroll bar, or from the frame
when there is no bar, as its columns are from each other: History's time
("998,8" in French, 8x8 window, scale 1) and Best Times' seconds touched
the scroll bar's arrows; Open replay...'s one column of names ended 2
pixels closer than the others.

Read from the pixels: the black of the times in a row that is not
selected (white behind), against the bar's left edge or the frame's
inside.
"""

from __future__ import annotations

from itertools import pairwise

import pytest

from game.store import GameRecord
from game.ui.list_view import COLUMN_GAP, ListView
from game.ui.render.painter import BLACK
from game.ui.screens.history import HistoryDialog

from .helpers import make_app, pixel, step_until_listed

BOARDS = {"8x8": {"level": "custom", "custom_width": 8, "custom_height": 8,
                  "custom_mines": 10},
          "expert": {"level": "expert"}}
#: The smallest window (its French History's columns closest together) and a
#: large one, each with its list's scroll bar and without.
CASES = [(board, language, rows) for board in ("8x8", "expert")
         for language in ("en", "fr") for rows in (2, 30)]


def history(board: str, language: str, games: int):
    app = make_app( language=language, style="win31", **BOARDS[board])
    for i in range(games):
        app.store.record_game(GameRecord(
            level="beginner", width=8, height=8, mines=10, result="won", time_ms=998_800 - i,
            bbbv=10, bbbv_per_s=1.0, clicks=12, efficiency=1.0, seed=i + 1,
            first_click="classic", assisted=False, style="win31"))
    app.push(HistoryDialog(app))
    step_until_listed(app, games)
    assert len(app.top.table.rows) == games
    return app, app.top, app.top.table


def best_times(board: str, language: str, times: int):
    app = make_app( language=language, style="win31", **BOARDS[board])
    level = BOARDS[board]["level"].replace("custom", "beginner")    # the one it opens on
    for i in range(times):
        app.store.add_best_time(level, f"Ann{i}", 998_000 + i, 10, 1.0, style="win31")
    app.commands.run("best_times")
    step_until_listed(app, times)
    assert len(app.top.table.rows) == times
    return app, app.top, app.top.table


def open_replay(tmp_path, board: str, language: str, files: int):
    """Open replay... on ``files`` replays whose names are longer than the
    list is wide (each cut with an ellipsis at its column's end)."""
    folder = tmp_path / "replays"
    folder.mkdir()
    for i in range(files):
        (folder / f"{i:02}{'l' * 200}.json").write_text("{}")
    app = make_app(data_dir=tmp_path, language=language, style="win31", **BOARDS[board])
    app.commands.run("open_replay")
    app.step()
    assert len(app.top.table.rows) == files
    return app, app.top, app.top.table


def white_after_last_column(app, dialog, table: ListView) -> int:
    """The white after the list's second row's last text, up to what ends
    the row (the scroll bar, or the frame's inside), at scale 1."""
    app.invalidate()
    app.step()
    box = dialog.screen_rect(table)
    bar = table.scroll_bar(dialog.origin_of(dialog.widgets.index(table)))
    end = bar["up"].x if bar else box.right - 2
    top = box.y + 2 + table.row_h                      # the second row: white behind
    inked = [x for x in range(box.x + 3, end)
             if any(pixel(app, app.viewport.to_display((x, y))) == BLACK
                    for y in range(top, top + table.row_h))]
    return end - 1 - inked[-1]


def gap(table: ListView) -> int:
    """The room the list keeps between its columns (the widest, where some
    are closer); a text ends with the pixel the font leaves after each
    letter, white too."""
    return max(x1 - (x0 + w0) for (x0, w0, _), (x1, _, _) in pairwise(table.columns))


@pytest.mark.parametrize("board, language, games", CASES)
def test_historys_times_keep_the_columns_gap_from_the_scroll_bar_or_frame(board, language, games):
    app, dialog, table = history(board, language, games)
    assert white_after_last_column(app, dialog, table) >= gap(table) + 1


@pytest.mark.parametrize("board, language, times",
                         [(b, lang, 10 if r == 30 else 2) for b, lang, r in CASES])
def test_best_times_seconds_keep_the_columns_gap_from_the_scroll_bar_or_frame(board, language, times):
    app, dialog, table = best_times(board, language, times)
    assert white_after_last_column(app, dialog, table) >= gap(table) + 1


def test_the_8x8_french_history_shows_its_scroll_bar_beside_the_times():
    """The case a player saw: the bar is there, and the time still clear of it."""
    app, dialog, table = history("8x8", "fr", 30)
    assert table.overflows
    assert white_after_last_column(app, dialog, table) >= gap(table) + 1


@pytest.mark.parametrize("board, language, files",
                         [(b, lang, 2 if r == 2 else 30) for b, lang, r in CASES])
def test_open_replays_names_keep_the_columns_gap_from_the_scroll_bar_or_frame(
        tmp_path, board, language, files):
    """Its one column ended 2 pixels short of what the other lists keep: a
    long name's ellipsis came that much closer to the scroll bar."""
    app, dialog, table = open_replay(tmp_path, board, language, files)
    assert table.overflows == (files == 30)
    assert white_after_last_column(app, dialog, table) >= COLUMN_GAP + 1
