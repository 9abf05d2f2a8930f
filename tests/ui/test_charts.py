"""Progress charts in Statistics and History: a bar per recent win (its
time), a dot for its 3BV/s, a red best-time line; readable at 8x8 scale 1."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game.engine.gallery import GALLERY
from game.store import GameRecord, Store
from game.store.statistics import LevelStats, counted_games
from game.ui.render.chart import BAR_PITCH, GREEN, RED, Chart, level_wins
from game.ui.render.painter import NAVY
from game.ui.screens.history import HistoryDialog
from game.ui.screens.notice import ConfirmDialog
from game.ui.screens.records import StatisticsDialog
from game.ui.screens.records_dialog import HISTORY_PAGE

from .helpers import HISTORY_FILL_TICKS, click, key, make_app, pixel, settle
from .test_records import press_button

#: Windows 3.1's Beginner (8x8, 10 mines): the smallest window, playing the
#: level whose records the dialogs open on.
WIN31_BEGINNER = ["*.*.*.*.", "........", "........", "*......*",
                  "........", "........", "........", "*.*.*.*."]
assert sum(row.count("*") for row in WIN31_BEGINNER) == 10


def game(level="beginner", result="won", time_ms=10_000, rate=2.0) -> GameRecord:
    size = {"beginner": (8, 8, 10), "expert": (30, 16, 99)}[level]
    return GameRecord(level=level, width=size[0], height=size[1], mines=size[2], result=result,
                      time_ms=time_ms, bbbv=20, bbbv_per_s=rate, clicks=30, efficiency=0.7,
                      seed=1, first_click="opening", assisted=False, style="win31")


def test_level_wins_keeps_the_wins_oldest_first():
    newest_first = [game(time_ms=3), game(result="lost", time_ms=4), game(time_ms=6)]
    assert [w.time_ms for w in level_wins(newest_first)] == [6, 3]


def test_bars_follow_the_times_and_only_the_last_wins_that_fit():
    chart = Chart(pygame.Rect(0, 0, 42, 46), [level_wins([game(time_ms=t)])[0]
                                                for t in (1000, 2000, 4000) * 5])
    bars = chart.bars()
    assert len(bars) == (42 - 4) // BAR_PITCH == 9
    heights = [b.h for b in bars]
    assert heights[-1] == max(heights) == chart.plot.h - 2                # 4000 ms: full height
    assert heights[-3] * 4 == heights[-1] and heights[-2] * 2 == heights[-1]
    assert all(b.bottom == chart.plot.bottom for b in bars)


def open_dialog(tmp_path, games, command):
    """The 8x8 window (Windows 3.1's Beginner) over a store holding ``games``,
    with ``command``'s dialog open; it fits the window."""
    store = Store(tmp_path)
    for g in games:
        store.record_game(g)
    store.close()                   # written before the window's own store reads them
    app = make_app(WIN31_BEGINNER, data_dir=tmp_path, style="win31")
    app.commands.run(command)
    app.step(HISTORY_FILL_TICKS if command == "history" else 1)
    assert app.layout.window.contains(app.top.rect)
    return app, app.top


def test_statistics_chart_is_drawn_and_fits_the_smallest_window(tmp_path):
    app, dialog = open_dialog(tmp_path, [game(time_ms=t, rate=20_000 / t)
                                         for t in (30_000, 12_000, 20_000)], "statistics")
    assert isinstance(dialog, StatisticsDialog)
    chart = next(w for w in dialog.widgets if isinstance(w, Chart))
    ox, oy = dialog.client_origin
    assert [w.time_ms for w in chart.wins] == [30_000, 12_000, 20_000] and chart.best_ms == 12_000
    first = chart.bars()[0].move(ox, oy)                  # the 30 s win: the tallest bar
    assert pixel(app, app.viewport.to_display((first.centerx, first.bottom - 2))) == NAVY
    plot = chart.plot.move(ox, oy)
    best_y = plot.bottom - round(12_000 / 30_000 * (plot.h - 2))
    assert pixel(app, app.viewport.to_display((plot.right - 2, best_y))) == RED
    colours = {pixel(app, app.viewport.to_display((x, y)))
               for x in range(plot.x, plot.right) for y in range(plot.y, plot.bottom)}
    assert GREEN in colours


def test_history_chart_shows_the_selected_games_level_and_fits(tmp_path):
    app, dialog = open_dialog(tmp_path, [game(time_ms=9_000), game("expert", time_ms=99_000)],
                              "history")
    assert isinstance(dialog, HistoryDialog)
    app.step()                                                         # its level's chart read
    assert [w.time_ms for w in dialog.chart.wins] == [99_000]          # newest: the Expert game
    key(app, pygame.K_DOWN)                                            # the older one
    app.step()                                                         # its level's chart read
    assert [w.time_ms for w in dialog.chart.wins] == [9_000]


def test_statistics_chart_shows_a_win_older_than_the_newest_hundred_games(tmp_path):
    """An Expert win, then more Beginner losses than the chart reads: the
    Expert chart still has its bar and its best-time line."""
    losses = [game(result="lost")] * HISTORY_PAGE
    app, dialog = open_dialog(tmp_path, [game("expert", time_ms=95_000), *losses], "statistics")
    for _ in range(dialog.pages.index(("expert", "grid"))):
        key(app, pygame.K_RIGHT)
    app.step()                                                         # Expert's records read
    chart = next(w for w in dialog.widgets if isinstance(w, Chart))
    assert [w.time_ms for w in chart.wins] == [95_000] and chart.best_ms == 95_000
    ox, oy = dialog.client_origin
    bar = chart.bars()[0].move(ox, oy)
    assert pixel(app, app.viewport.to_display((bar.centerx, bar.bottom - 2))) == NAVY
    plot = chart.plot.move(ox, oy)
    best_y = plot.bottom - (plot.h - 2)                                # the one bar's top
    assert pixel(app, app.viewport.to_display((plot.right - 2, best_y))) == RED


def test_history_chart_reads_the_selected_levels_own_games(tmp_path):
    """A Cross win, a hundred Beginner games, then a Cross loss: the chart of
    the newest (Cross) game shows the Cross win the list's first page lacks."""
    cross = {"width": GALLERY["cross"].width, "height": GALLERY["cross"].height,
             "mines": GALLERY["cross"].mines}
    games = [replace(game(time_ms=40_000), level="cross", **cross),
             *[game(result="lost")] * HISTORY_PAGE,
             replace(game(result="lost"), level="cross", **cross)]
    app, dialog = open_dialog(tmp_path, games, "history")
    app.step()                                                         # the chart's games read
    assert dialog.games[dialog.table.selected].level == "cross"
    assert [w.time_ms for w in dialog.chart.wins] == [40_000]
    assert dialog.chart.best_ms == 40_000



@pytest.mark.parametrize("practice", [{"assisted": True}, {"chosen_seed": True}],
                         ids=["assisted", "chosen seed"])
def test_a_win_the_computer_helped_to_never_draws_the_best_line(tmp_path, practice):
    """An own win in 20 s, then an auto-played one (or one on a seed chosen,
    whose mines were known) in 5 s: the red line stays at 20 s, the best
    time the Best Times hold, not at the 5 s that is no best time."""
    assisted = replace(game(time_ms=5_000), **practice)
    app, dialog = open_dialog(tmp_path, [game(time_ms=20_000), assisted], "statistics")
    chart = next(w for w in dialog.widgets if isinstance(w, Chart))
    assert [w.time_ms for w in chart.wins] == [20_000, 5_000] and chart.best_ms == 20_000
    ox, oy = dialog.client_origin
    plot = chart.plot.move(ox, oy)
    own_y = plot.bottom - (plot.h - 2)                                 # the 20 s bar's top
    helped_y = plot.bottom - round(5_000 / 20_000 * (plot.h - 2))
    assert pixel(app, app.viewport.to_display((plot.right - 2, own_y))) == RED
    assert pixel(app, app.viewport.to_display((plot.right - 2, helped_y))) != RED


@pytest.mark.parametrize("command", ["statistics", "history"])
def test_a_board_won_by_its_first_click_in_0_ms_charts_a_bar(command):
    """The densest hexagons (57 mines on 8x8) are won by the first click,
    at 0 ms: with only such wins the chart divided by the longest time, 0,
    and opening Statistics or History ended the game with a traceback."""
    app = make_app(level="custom", custom_width=8, custom_height=8, custom_mines=57,
                   shape="hex")
    key(app, pygame.K_F2)                          # dealt, not a chosen seed: it counts
    click(app, (4, 4))
    settle(app)
    assert app.play.field.status == "won" and app.play.session.elapsed_ms() == 0
    app.commands.run(command)
    chart = None
    for _ in range(60):
        app.step()
        dialog = app.top
        chart = getattr(dialog, "chart", None) or next(
            (w for w in dialog.widgets if isinstance(w, Chart)), None)
        if chart is not None and chart.wins:
            break
    assert chart is not None and [w.time_ms for w in chart.wins] == [0]
    (bar,) = chart.bars()
    assert bar.h == 1 and bar.bottom == chart.plot.bottom        # the shortest bar there is
    if command == "statistics":                  # drawn, under the best time's red line
        # the smallest window scrolls the content: the chart's foot in view
        dialog.pane.show(chart.rect.y, chart.rect.bottom)
        app.invalidate()
        app.step()
        ox, oy = dialog.origin_of(dialog.widgets.index(chart))
        shown = {pixel(app, app.viewport.to_display((x + ox, bar.bottom - 1 + oy)))
                 for x in range(bar.x, bar.right)}
        assert shown == {RED}
        assert pixel(app, app.viewport.to_display((bar.x + ox, bar.bottom - 2 + oy))) != NAVY


def chart_of(dialog) -> Chart:
    return next(w for w in dialog.widgets if isinstance(w, Chart))


def test_a_statistics_reset_empties_the_chart_beside_its_counters_and_keeps_the_history(
        tmp_path):
    """Statistics reset said 0 games won above a chart still drawing the
    three wins (it reads History, which a reset keeps): the chart beside the
    counters shows the games they count, those since the reset."""
    app, dialog = open_dialog(tmp_path, [game(time_ms=t) for t in (30_000, 12_000, 20_000)],
                              "statistics")
    assert len(chart_of(dialog).wins) == 3
    press_button(app, dialog, "Reset")
    assert isinstance(app.top, ConfirmDialog)
    press_button(app, app.top, "Yes")
    app.step(3)
    dialog = app.top
    assert isinstance(dialog, StatisticsDialog)
    chart = chart_of(dialog)
    assert chart.wins == [] and chart.best_ms == 12_000       # the Best Times are kept
    ox, oy = dialog.client_origin
    plot = chart.plot.move(ox, oy)
    colours = {pixel(app, app.viewport.to_display((x, y)))
               for x in range(plot.x, plot.right) for y in range(plot.y, plot.bottom)}
    assert not colours & {NAVY, GREEN}                                 # no bar, no dot
    assert len(app.store.history()) == 3                               # History keeps them


def test_the_statistics_chart_counts_the_games_since_the_reset(tmp_path):
    """Wins before the reset leave the chart; a loss and a win after it are
    the two games counted, and the win is its one bar (and best line)."""
    store = Store(tmp_path)
    for t in (30_000, 12_000):
        store.record_game(game(time_ms=t))
    store.reset_statistics("beginner", style="win31")
    store.record_game(game(result="lost"))
    store.record_game(game(time_ms=25_000))
    store.close()
    app, dialog = open_dialog(tmp_path, [], "statistics")
    texts = [getattr(w, "text", "") for w in dialog.widgets]
    assert texts[texts.index("Games played:") + 1] == "2"
    chart = chart_of(dialog)
    assert [w.time_ms for w in chart.wins] == [25_000] and chart.best_ms == 12_000


def test_a_helped_win_played_before_the_reset_leaves_the_chart_with_it(tmp_path):
    """A win the hints helped to, the last game before the reset, is no game
    the zeroed counters count: the chart after the reset is empty."""
    store = Store(tmp_path)
    store.record_game(game(time_ms=30_000))
    store.record_game(replace(game(time_ms=15_000), assisted=True))
    store.reset_statistics("beginner", style="win31")
    store.close()
    app, dialog = open_dialog(tmp_path, [], "statistics")
    assert chart_of(dialog).wins == []


def test_counted_games_cut_after_the_oldest_counted_own_game():
    """Newest first: a helped game between counted own games is kept; one
    older than the oldest counted own game (before the reset or after it,
    the counts cannot tell) is left out with those before it."""
    own_new, helped_mid, own_old = game(time_ms=1), replace(game(time_ms=2), assisted=True), \
        game(time_ms=3)
    helped_old, before = replace(game(time_ms=4), assisted=True), game(time_ms=5)
    games = [own_new, helped_mid, own_old, helped_old, before]
    assert counted_games(games, LevelStats(played=2, won=2)) == [own_new, helped_mid, own_old]
    assert counted_games(games, LevelStats()) == []
    assert counted_games(games, LevelStats(played=9, won=9)) == games


@pytest.mark.parametrize("command", ["statistics", "history"])
def test_the_bars_stand_inside_the_sunken_box_and_leave_its_bottom_edge_drawn(tmp_path,
                                                                            command):
    """The plot reached two pixels below the box's white inside: every bar,
    and a slow game's dot, was drawn over the sunken box's bottom edge,
    its navy running through the bevel to the box's foot (seen at scale 4
    in a kiosk's Statistics). The edge under a bar is drawn as where there
    is none."""
    app, dialog = open_dialog(tmp_path, [game(time_ms=t, rate=r)
                                         for t, r in ((30_000, 0.0), (12_000, 2.0))], command)
    if command == "history":
        app.step()                                                     # its level's chart read
    chart = getattr(dialog, "chart", None) or chart_of(dialog)
    assert len(chart.wins) == 2
    if hasattr(dialog, "pane"):
        dialog.pane.show(chart.rect.y, chart.rect.bottom)              # its foot in view
    app.invalidate()
    app.step()
    ox, oy = dialog.origin_of(dialog.widgets.index(chart))
    box = pygame.Rect(chart.rect.x, chart.rect.y, chart.rect.w, chart.rect.h - 12).move(ox, oy)
    for bar in chart.bars():
        x = bar.move(ox, oy).x
        for y in (box.bottom - 2, box.bottom - 1):
            edge = pixel(app, app.viewport.to_display((box.right - 4, y)))
            assert pixel(app, app.viewport.to_display((x, y))) == edge != NAVY
        assert chart.plot.move(ox, oy).bottom <= box.bottom - 2


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("level", ["beginner", "expert"])
@pytest.mark.parametrize("command", ["statistics", "history"])
def test_no_wins_yet_and_the_caption_never_meet(tmp_path, language, level, command):
    """A level with games and no win says "No wins yet" in the plot, its
    black ink inside the note's box, clear of the caption under the box,
    which holds none of it, in the 8x8 window and Expert's."""
    store = Store(tmp_path)
    for _ in range(3):
        store.record_game(game(level, result="lost"))
    store.close()
    app = make_app(WIN31_BEGINNER if level == "beginner" else None, data_dir=tmp_path,
                   style="win31", level=level, language=language)
    app.commands.run(command)
    app.step(HISTORY_FILL_TICKS if command == "history" else 1)
    app.step()
    dialog = app.top
    chart = next(w for w in dialog.widgets if isinstance(w, Chart))
    assert chart.wins == [] and chart.note == "No wins yet"
    box, (note, caption) = chart.extent(app.painter)
    assert chart.plot.contains(note) and not note.colliderect(caption) and box.contains(caption)
    dialog.pane.show(box.y, box.bottom)        # the 8x8 History scrolls: the chart in view
    dialog.relayout()
    app.step()
    ox, oy = dialog.origin_of(dialog.widgets.index(chart))

    def black(area: pygame.Rect) -> int:
        return sum(pixel(app, app.viewport.to_display((x, y))) == (0, 0, 0)
                   for x in range(area.x + ox, area.right + ox)
                   for y in range(area.y + oy, area.bottom + oy))

    assert black(note) > 20                        # written, in black
    assert black(chart.plot) == black(note)         # nowhere else in the plot
    assert black(caption.inflate(0, 2)) == 0        # the caption: navy, green, red
