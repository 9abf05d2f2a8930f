"""History's level column shows a preset level on any shape whole ("Beg
torus", "Déb tore"), the smallest window's included: in an 8x8 window
(a Windows 3.1 Beginner, or an 8x8 custom field) the column was 18 to 20
pixels wide beside the day, and a Beginner torus showed as "Be…" (in a
Beginner window, 35 pixels: "Beg t…"). There the day gives way (the
selected game's details, just below, give its date and time); a window
with room for both keeps the day.
"""

from __future__ import annotations

import pytest

from game.engine.topology import SHAPES
from game.i18n import date_and_time
from game.store import Store
from game.ui.text_fit import fit

from .helpers import make_app

WINDOWS = {"8x8 custom": {"level": "custom", "custom_width": 8, "custom_height": 8,
                          "custom_mines": 10},
           "win31 beginner torus": {"style": "win31", "level": "beginner", "shape": "torus"},
           "xp beginner": {"level": "beginner"},
           "10x10 custom": {"level": "custom", "custom_width": 10, "custom_height": 10,
                            "custom_mines": 10},
           "expert": {"level": "expert"}}
NAMES = {"en": ("Beg", "Int", "Exp"), "fr": ("Déb", "Int", "Exp")}


def history(tmp_path, window: str, language: str):
    """History over a game of each preset level on each shape."""
    from tests.store.helpers import game
    store = Store(tmp_path)
    for level in ("beginner", "intermediate", "expert"):
        for shape in SHAPES:
            store.record_game(game(level, shape=shape))
    store.close()
    app = make_app(data_dir=tmp_path, language=language, **WINDOWS[window])
    app.commands.run("history")
    app.step()
    return app, app.top.table


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("window", list(WINDOWS))
def test_a_preset_level_on_any_shape_shows_whole(tmp_path, window, language):
    app, table = history(tmp_path, window, language)
    rows = [table.rows[i] for i in range(len(table.rows))]
    levels = {row[1] for row in rows}
    assert len(levels) == 3 * len(SHAPES) and {name.split(" ")[0] for name in levels} \
        == set(NAMES[language])
    (_x, level_w, _align) = table.columns[1]
    assert all(fit(app.painter, row[1], level_w) == row[1] for row in rows)
    # drawn whole: the column's room, from its left, holds the whole name
    x, _w, _a = table.columns[1]
    assert all(x + app.painter.text_width(row[1]) <= table.columns[2][0] for row in rows)


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("window, day", [("8x8 custom", False), ("win31 beginner torus", False),
                                         ("xp beginner", False), ("10x10 custom", True),
                                         ("expert", True)])
def test_the_day_gives_way_only_where_a_level_would_be_cut(tmp_path, window, language, day):
    app, table = history(tmp_path, window, language)
    dialog = app.top
    days = {table.rows[i][0] for i in range(len(table.rows))}
    assert (days != {""}) == day
    shown = dialog.games[table.selected]
    assert date_and_time(shown.date) in dialog.details.text    # the details give its date


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("window", ["8x8 custom", "xp beginner"])
def test_the_day_stays_where_no_game_was_played_on_another_shape(tmp_path, window, language):
    """The day gives way only for a preset level on a shape the games
    have: a Beginner window's History of grid games kept no day at all
    for a "Beg torus" nobody played."""
    from tests.store.helpers import game
    store = Store(tmp_path)
    for level in ("beginner", "intermediate", "expert"):
        store.record_game(game(level))
    store.close()
    app = make_app(data_dir=tmp_path, language=language, **WINDOWS[window])
    app.commands.run("history")
    app.step()
    table = app.top.table
    rows = [table.rows[i] for i in range(len(table.rows))]
    assert all(len(row[0]) >= len("12-31") for row in rows)
    assert {row[1] for row in rows} == set(NAMES[language])
    assert all(fit(app.painter, row[1], table.columns[1][1]) == row[1] for row in rows)
