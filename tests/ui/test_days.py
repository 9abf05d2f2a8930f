"""A window left on for days: what only a long run meets, driven on the
headless clock (days pass in one call, never in a sleep)."""

from game.replay import decode

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
