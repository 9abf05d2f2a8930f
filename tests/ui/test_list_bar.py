"""The dialogs' lists show a Windows list box's scroll bar when their rows
overflow: arrows at both ends, a track, a thumb sized by the share of the
rows shown. Without it a player could not see that History held more games
than showed, nor reach them with the mouse but by the wheel.

The bar is read from the pixels drawn, and worked by posting mouse events.
"""

from __future__ import annotations

import pygame
import pytest

from game.store import GameRecord
from game.ui.list_view import ROW_H
from game.ui.render.painter import BLACK, DARK, GREY, WHITE
from game.ui.screens.dialog_lists import BAR_REPEAT_DELAY
from game.ui.screens.history import HistoryDialog

from .helpers import key, make_app, move, pixel, post, press, release, step_until_listed

BOARDS = {"8x8": {"level": "custom", "custom_width": 8, "custom_height": 8,
                  "custom_mines": 10},
          "expert": {"level": "expert"}}
CASES = [("8x8", 1, "en"), ("expert", 2, "en"), ("8x8", 2, "fr"), ("expert", 1, "fr")]


def history(board: str, scale: int, language: str, games: int):
    app = make_app(scale=scale, language=language, **BOARDS[board])
    for i in range(games):
        app.store.record_game(GameRecord(
            level="beginner", width=9, height=9, mines=10, result="won", time_ms=5_000 + i,
            bbbv=10, bbbv_per_s=1.0, clicks=12, efficiency=1.0, seed=i + 1,
            first_click="classic", assisted=False))
    app.push(HistoryDialog(app))
    step_until_listed(app, games)
    dialog = app.top
    assert len(dialog.table.rows) == games
    return app, dialog, dialog.table


def parts(dialog, table) -> dict[str, pygame.Rect]:
    return table.scroll_bar(dialog.origin_of(dialog.widgets.index(table)))


def at(app, point) -> tuple[int, int]:
    return app.viewport.to_display(point)


def colour(app, point) -> tuple[int, int, int]:
    app.invalidate()
    app.step()
    return pixel(app, at(app, point))


def click_at(app, point) -> None:
    press(app, at(app, point))
    release(app, at(app, point))


@pytest.mark.parametrize("board, scale, language", CASES)
def test_a_list_that_overflows_draws_its_scroll_bar(board, scale, language):
    app, dialog, table = history(board, scale, language, 100)
    bar = parts(dialog, table)
    assert set(bar) == {"up", "down", "track", "thumb"}
    up, thumb, track = bar["up"], bar["thumb"], bar["track"]
    # the arrow's black triangle on its grey face, the track grey below the thumb
    down = bar["down"]
    for arrow, tip, base in ((up, -1, 1), (down, 1, -1)):    # each pointing its way
        assert colour(app, (arrow.centerx, arrow.centery + tip)) == BLACK
        assert colour(app, (arrow.centerx - 2, arrow.centery + tip)) == GREY
        assert colour(app, (arrow.centerx - 2, arrow.centery + base)) == BLACK
    assert colour(app, (up.x + 1, up.y + 1)) == GREY
    assert colour(app, (track.centerx, track.bottom - 1)) == GREY
    assert colour(app, (thumb.x, thumb.y)) == WHITE         # its raised edges
    assert colour(app, (thumb.right - 1, thumb.bottom - 1)) == DARK
    # sized by the rows' share, at the top of the track
    assert thumb.y == track.y and thumb.h < track.h
    # no column runs under the bar
    local = table.scroll_bar((0, 0))                     # as the dialog lays it out
    box, inner = table.extent(app.painter)
    columns = [r for r in inner if r not in (local["up"], local["down"])]
    shown = 4 if table.columns[0][1] else 3      # the day gone where "Déb" would be cut
    assert len(columns) == shown and all(r.right <= local["up"].x for r in columns)


@pytest.mark.parametrize("board, scale, language", CASES)
def test_a_list_that_fits_draws_no_scroll_bar(board, scale, language):
    app, dialog, table = history(board, scale, language, 2)
    assert parts(dialog, table) == {}
    inside = dialog.screen_rect(table).inflate(-4, -4)
    right = (inside.right - 4, inside.bottom - 2)   # where an arrow would be: the list's white
    assert colour(app, right) == WHITE


@pytest.mark.parametrize("board, scale, language", CASES)
def test_the_arrows_scroll_a_row_and_held_they_repeat(board, scale, language):
    app, dialog, table = history(board, scale, language, 100)
    bar = parts(dialog, table)
    click_at(app, bar["down"].center)
    assert table.top == 1 and table.selected == 0        # the view moves, not the selection
    click_at(app, bar["up"].center)
    assert table.top == 0
    press(app, at(app, bar["down"].center))
    app.step(BAR_REPEAT_DELAY + 10)
    assert table.top > 2                                 # held: it went on scrolling
    release(app, at(app, bar["down"].center))
    top = table.top
    app.step(30)
    assert table.top == top                              # let go: it stops


@pytest.mark.parametrize("held", ["arrow", "row"])
@pytest.mark.parametrize("zoom", [pygame.K_MINUS, pygame.K_EQUALS])
def test_a_list_held_through_a_zoom_goes_on_being_held(held, zoom):
    """Ctrl+- or Ctrl++ with History's scroll arrow (or a row) held down:
    the list laid out again was a new one, and the held one, no longer in
    the dialog, stopped the game with a ValueError at the next repeat (or
    move)."""
    app, dialog, table = history("8x8", 2 if zoom == pygame.K_MINUS else 1, "en", 100)
    bar = parts(dialog, table)
    box = dialog.screen_rect(table)
    start = bar["down"].center if held == "arrow" else (box.centerx, box.y + 2 + ROW_H // 2)
    press(app, at(app, start))
    key(app, zoom, pygame.KMOD_LCTRL)
    assert app.viewport.scale == (1 if zoom == pygame.K_MINUS else 2)
    table = dialog.table
    if held == "arrow":
        app.step(BAR_REPEAT_DELAY + 10)
        down = parts(dialog, table)["down"]
        move(app, at(app, down.center))
        app.step(10)
        assert table.top > 2                                     # held: it went on scrolling
        release(app, at(app, down.center))
    else:
        box = dialog.screen_rect(table)
        move(app, at(app, (box.centerx, box.y + 2 + 2 * ROW_H + ROW_H // 2)))
        assert table.selected == 2                               # the selection follows
        release(app, at(app, (box.centerx, box.y + 2 + 2 * ROW_H + ROW_H // 2)))
    top, selected = table.top, table.selected
    app.step(40)
    move(app, at(app, (box.centerx, box.bottom - 3)), buttons=(0, 0, 0))
    assert (table.top, table.selected) == (top, selected)       # let go: it stops


def test_a_button_held_through_a_zoom_still_clicks_where_it_now_is():
    """OK pressed, Ctrl+- with the button down, released on OK where the
    dialog now draws it: the release was for the button of the old layout,
    and the click was lost."""
    app, dialog, _table = history("8x8", 2, "en", 3)
    ok = next(i for i, w in enumerate(dialog.widgets) if getattr(w, "label", "") == "OK")
    press(app, at(app, dialog.screen_rect(dialog.widgets[ok]).center))
    key(app, pygame.K_MINUS, pygame.KMOD_LCTRL)
    assert app.viewport.scale == 1 and dialog.widgets[ok].pressed
    release(app, at(app, dialog.screen_rect(dialog.widgets[ok]).center))
    assert app.top is app.play


def history_loading(app):
    """History opened over one game, its rows not yet taken (the next step
    takes them, and the Watch button comes in before OK)."""
    app.store.record_game(GameRecord(
        level="beginner", width=9, height=9, mines=10, result="won", time_ms=5_000,
        bbbv=10, bbbv_per_s=1.0, clicks=12, efficiency=1.0, seed=1,
        first_click="classic", assisted=False))
    app.commands.run("history")
    app.render()
    dialog = app.top
    assert [getattr(w, "label", None) for w in dialog.widgets][-1:] == ["OK"]
    return dialog


def button(dialog, label: str):
    return next(w for w in dialog.widgets if getattr(w, "label", None) == label)


def test_ok_held_as_historys_games_come_in_stays_held_and_its_release_closes():
    """The games came in with OK pressed: the Watch button, put where OK
    was, was drawn pressed instead, and OK's release clicked nothing."""
    app = make_app()
    dialog = history_loading(app)
    ok = dialog.screen_rect(button(dialog, "OK"))
    press(app, at(app, ok.center))                        # the games come in meanwhile
    ok, watch = (dialog.screen_rect(button(dialog, label)) for label in ("OK", "Watch"))
    assert colour(app, (ok.x + 1, ok.y + 1)) == BLACK          # OK drawn pressed
    assert colour(app, (watch.x + 1, watch.y + 1)) == WHITE    # Watch standing up
    release(app, at(app, ok.center))
    assert app.top is app.play


@pytest.mark.parametrize("then", ["space up", "enter"])
def test_the_focus_on_ok_stays_on_ok_as_historys_games_come_in(then):
    """Tab to OK, Space down, the games came in: the focus went to Watch,
    put where OK was, and Space's release (or Enter) watched a game."""
    app = make_app()
    dialog = history_loading(app)
    post(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="", scancode=0)
    if then == "space up":
        post(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)
    app.step()                                            # the games come in meanwhile
    assert button(dialog, "Watch") is not None
    if then == "space up":
        post(pygame.KEYUP, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)
        app.step()
    else:
        key(app, pygame.K_RETURN)
    app.step(3)
    assert app.stack == [app.play]                        # closed, no replay opened


@pytest.mark.parametrize("board, scale, language", CASES)
def test_a_click_on_the_track_pages(board, scale, language):
    app, dialog, table = history(board, scale, language, 100)
    bar = parts(dialog, table)
    for page in range(1, 100):                 # down a page a click, to the end
        click_at(app, (bar["track"].centerx, bar["track"].bottom - 1))
        assert table.top == min(page * table.visible, 100 - table.visible)
        if table.top == 100 - table.visible:
            break
    assert table.selected == 0
    click_at(app, (bar["track"].centerx, bar["track"].y))          # above the thumb now
    assert table.top == 100 - 2 * table.visible


@pytest.mark.parametrize("board, scale, language", CASES)
def test_the_thumb_dragged_scrolls_in_proportion_held_where_taken(board, scale, language):
    app, dialog, table = history(board, scale, language, 100)
    bar = parts(dialog, table)
    track, thumb = bar["track"], bar["thumb"]
    x, y = thumb.centerx, thumb.bottom - 1               # taken near its end: it stays put
    press(app, at(app, (x, y)))
    assert table.top == 0
    run = track.h - thumb.h
    move(app, at(app, (x, y + run // 2)))
    assert abs(table.top - (100 - table.visible) // 2) <= (100 - table.visible) / run + 1
    past = bar["down"].bottom + 2 * track.w - 1          # past the end, not too far: the last rows
    move(app, at(app, (x, past)))
    assert table.top == 100 - table.visible
    release(app, at(app, (x, past)))
    assert parts(dialog, table)["thumb"].bottom == track.bottom


def test_the_keys_and_a_click_on_a_row_still_select():
    app, dialog, table = history("8x8", 1, "en", 100)
    key(app, pygame.K_END)
    assert table.selected == 99 and table.top == 100 - table.visible
    inside = dialog.screen_rect(table).inflate(-4, -4)
    click_at(app, (inside.x + 4, inside.y + 1))
    assert table.selected == table.top
    key(app, pygame.K_HOME)
    assert table.selected == 0 and table.top == 0
    assert parts(dialog, table)["thumb"].y == parts(dialog, table)["track"].y


@pytest.mark.parametrize("scale, language", [(1, "en"), (2, "fr")])
def test_open_replay_with_fifty_files_shows_the_bar_and_its_arrow_scrolls(tmp_path, scale,
                                                                           language):
    folder = tmp_path / "replays"
    folder.mkdir()
    for i in range(50):
        (folder / f"20261124_12{i:02d}_expert_won_with_a_long_name.json").write_text("{}")
    app = make_app(data_dir=tmp_path, scale=scale, language=language, level="beginner")
    app.commands.run("open_replay")
    step_until_listed(app, 50)
    dialog, table = app.top, app.top.table
    bar = parts(dialog, table)
    assert colour(app, (bar["down"].centerx, bar["down"].centery + 1)) == BLACK
    (name,) = table.columns
    assert dialog.screen_rect(table).x + 3 + name[1] <= bar["down"].x   # the name beside it
    click_at(app, bar["down"].center)
    assert table.top == 1 and table.selected == 0


@pytest.mark.parametrize("board, scale, language", [("8x8", 1, "en"), ("expert", 2, "fr")])
def test_the_thumb_snaps_back_while_the_pointer_strays_far_from_the_bar(board, scale, language):
    """As a Windows scroll bar's: dragged, then the pointer taken more than
    8 bar widths to the side (or 2 past an end), the thumb and the rows go
    back to where the drag began; back near the bar, they follow again; let
    go far away, they stay where they were."""
    app, dialog, table = history(board, scale, language, 100)
    bar = parts(dialog, table)
    track, thumb = bar["track"], bar["thumb"]
    x, y = thumb.centerx, thumb.y + 1
    width, down = track.w, (track.h - thumb.h) // 2
    press(app, at(app, (x, y)))
    move(app, at(app, (x, y + down)))
    followed = table.top
    assert followed > 0
    move(app, at(app, (track.x - 8 * width, y + down)))          # still near enough
    assert table.top == followed
    move(app, at(app, (track.x - 8 * width - 1, y + down)))      # too far: back
    assert table.top == 0 and parts(dialog, table)["thumb"].y == thumb.y
    assert colour(app, (thumb.x, thumb.y)) == WHITE                  # drawn back there
    assert colour(app, (thumb.x, thumb.bottom + down - 1)) == GREY
    move(app, at(app, (bar["down"].centerx, bar["down"].bottom + 2 * width + 1)))  # past the end
    assert table.top == 0
    move(app, at(app, (x, y + down)))                            # back: it follows again
    assert table.top == followed
    move(app, at(app, (track.right + 8 * width + 1, y + down)))
    release(app, at(app, (track.right + 8 * width + 1, y + down)))
    assert table.top == 0
    move(app, at(app, (x, y + down)), buttons=(0, 0, 0))
    assert table.top == 0 and parts(dialog, table)["thumb"].y == thumb.y
