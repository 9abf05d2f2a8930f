"""The timer as a Winmine player watches and hears it: one tick per second
shown, no drift from the game's clock over a long game, 999 at most, the
clock running on behind dialogs, and a best time kept in the seconds the
LED showed."""

import pygame
import pytest

from game.ui.screens.menu import MenuScreen
from game.ui.screens.records_text import led_seconds

from .helpers import click, key, make_app, on_disk, shows
from .test_records import BEGINNER
from .test_sound import SPREAD, Recorder


def led(app) -> int:
    """The number the timer's three LED digits show, read from the window."""
    layout = app.layout
    digits = []
    for i in range(3):
        rect = layout.digit_rect(layout.timer_box, i)
        digits.append(next(d for d in range(10) if shows(app, rect, f"led_{d}")))
    return int("".join(map(str, digits)))


def test_twenty_minutes_tick_once_a_second_and_keep_to_the_game_clock():
    """A simulated 20-minute game: each second shown ticks once, the LED
    never drifts from the game's clock, and it stops at 999, as do the ticks."""
    app = make_app(SPREAD, sound=True)
    app.audio = Recorder()
    click(app, (7, 0))
    started = app.clock() - app.play.session.chrono.elapsed()
    for second in range(20 * 60):
        app.step(60)
        shown = app.play.session.chrono.display_seconds()
        assert app.audio.played.count("tick") == shown
        assert shown == min(999, int(app.clock() - started) + 1)
        if second % 97 == 0:
            assert led(app) == shown
    assert led(app) == 999 and app.audio.played.count("tick") == 999


def test_the_clock_runs_on_behind_a_dialog_and_ticks():
    """Only Pause, the focus going, minimising and the replay viewer stop
    the clock: a dialog or a menu over the game leaves it running."""
    app = make_app(SPREAD, sound=True)
    app.audio = Recorder()
    click(app, (7, 0))
    app.commands.run("best_times")
    app.step(120)
    assert app.top is not app.play
    assert app.audio.played.count("tick") == 3 == app.play.session.chrono.display_seconds()
    key(app, pygame.K_ESCAPE)             # the dialog closes
    key(app, pygame.K_F10)
    key(app, pygame.K_DOWN)               # the Game menu drops
    assert isinstance(app.top, MenuScreen)
    app.step(60)
    assert app.audio.played.count("tick") == 4 == app.play.session.chrono.display_seconds()


@pytest.mark.parametrize("wait", [0, 20, 25, 26, 27])   # won at 0.57-1.02 s
def test_a_best_time_is_kept_in_the_seconds_the_led_showed(tmp_path, wait):
    """The stored milliseconds give back the LED's seconds, the win landing
    anywhere in its second."""
    app = make_app(BEGINNER, data_dir=tmp_path)
    cells = [(x, y) for y, row in enumerate(BEGINNER) for x, c in enumerate(row) if c == "."]
    click(app, cells[0])
    for cell in cells[1:]:
        if app.play.field.cell(*cell) == "#" and cell != cells[-1]:
            click(app, cell)
    app.step(wait)
    click(app, cells[-1])
    assert app.play.field.status == "won"
    shown = led(app)
    app.play.skip_animation()
    app.step(200)
    times = on_disk(app).best_times("beginner")
    assert times and led_seconds(times[0].time_ms) == shown
