"""A window left on for days: what only a long run meets, driven on the
headless clock (days pass in one call, never in a sleep)."""

from game.replay import decode
from game.ui.screens.attract import AttractScreen
from game.ui.screens.play import NAME_WAIT_TICKS

from .helpers import click, make_app, on_disk
from .test_records import BEGINNER

DAY_S = 24 * 3600


def test_a_game_won_after_a_hundred_days_keeps_a_replay_that_reads():
    """A game left under way in a window that kept the focus for 101 days,
    then won: its replay, kept with the best time, reads back with the
    time the records give. Replays refused any time past a hundred days:
    this one was written, and then could be watched nowhere ("move 2: time
    8726400033 ms is out of range")."""
    app = make_app(BEGINNER)
    cells = [(x, y) for y, row in enumerate(BEGINNER) for x, c in enumerate(row) if c == "."]
    click(app, cells[0])
    app.headless_clock.advance(101 * DAY_S)
    for cell in cells[1:]:
        if app.play.field.cell(*cell) == "#":
            click(app, cell)
    assert app.play.field.status == "won"
    app.play.skip_animation()
    app.step(200)
    store = on_disk(app)
    (best,) = store.best_times("beginner")
    assert best.time_ms > 101 * DAY_S * 1000
    (text,) = store.best_replays(1)
    assert decode(text).time_ms == best.time_ms


def test_attract_mode_shows_a_best_game_left_for_days_without_the_wait():
    """A kiosk's best game whose player left it under way for a day: attract
    mode plays its replay with the pause cut short, and its board gives way
    to the next one within a minute. It waited the day out, and a passer-by
    saw one board, unchanged, for that long (for a hundred days, once such a
    replay reads)."""
    app = make_app(BEGINNER, kiosk=True, idle_seconds=1)
    cells = [(x, y) for y, row in enumerate(BEGINNER) for x, c in enumerate(row) if c == "."]
    click(app, cells[0])
    app.headless_clock.advance(DAY_S)
    for cell in cells[1:]:
        if app.play.field.cell(*cell) == "#":
            click(app, cell)
    assert app.play.field.status == "won"
    app.step(NAME_WAIT_TICKS + 61)                 # the name entry, left: attract mode
    screen = app.top
    assert isinstance(screen, AttractScreen)
    for _ in range(3000):                          # the demo game first
        if screen.replay is not None:
            break
        app.step(10)
    assert screen.replay is not None and screen.replay.time_ms > DAY_S * 1000
    for _ in range(60 * 60):
        if screen.replay is None:
            break
        app.step()
    assert screen.replay is None and screen.games >= 3
