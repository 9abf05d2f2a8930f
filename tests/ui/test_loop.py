"""The fixed-timestep loop, the chronometer and the screen stack."""

from game.settings import Settings
from game.store import Store
from game.ui.app import App
from game.ui.chrono import Chronometer
from game.ui.loop import DT


class JumpyClock:
    """A clock whose every reading jumps by ``steps`` (e.g. a stalled frame)."""

    def __init__(self, steps):
        self.steps = list(steps)
        self.now = 0.0

    def __call__(self):
        if self.steps:
            self.now += self.steps.pop(0)
        return self.now


def test_the_loop_advances_fixed_ticks_whatever_the_frame_time(tmp_path):
    clock = JumpyClock([0, DT * 3 + DT / 2, DT / 2 + 1e-9, DT * 2])
    app = App(Settings(sound=False, scale=1), store=Store(tmp_path), clock=clock)
    app.run(frames=3)
    assert app.frames == 3
    assert app.ticks == 3 + 1 + 2   # 3.5 ticks, then 0.5 + 0.5, then 2


def test_a_long_stall_is_clamped_to_a_quarter_second_of_ticks(tmp_path):
    clock = JumpyClock([0, 10.0])
    app = App(Settings(sound=False, scale=1), store=Store(tmp_path), clock=clock)
    app.run(frames=1)
    assert app.ticks == 15      # 0.25 s, not 10 s


def test_a_clock_read_back_in_time_costs_no_ticks_after_it(tmp_path):
    """A clock that reads an hour earlier once (a system whose counter went
    back, a virtual machine moved or woken): the frame advances nothing, and
    the frames after it tick as before. The hour went into the loop's lag,
    and the game stood still for an hour of frames."""
    clock = JumpyClock([0, -3600.0, DT, DT, DT])
    app = App(Settings(sound=False, scale=1), store=Store(tmp_path), clock=clock)
    app.run(frames=4)
    assert app.ticks == 3


def test_an_idle_frame_draws_nothing_and_does_not_flip(tmp_path):
    app = App(Settings(sound=False, scale=1), store=Store(tmp_path), clock=JumpyClock([0]))
    assert app.render() is True          # the first frame draws everything
    assert app.render() is False


class FakeClock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def test_the_chronometer_shows_1_at_the_start_and_counts_whole_seconds():
    clock = FakeClock()
    chrono = Chronometer(clock)
    assert chrono.display_seconds() == 0
    chrono.start()
    assert chrono.display_seconds() == 1
    clock.now += 0.999
    assert chrono.display_seconds() == 1
    clock.now += 0.001
    assert chrono.display_seconds() == 2
    assert chrono.elapsed_ms() == 1000


def test_the_chronometer_stops_at_999_on_the_display_but_keeps_the_exact_time():
    clock = FakeClock()
    chrono = Chronometer(clock)
    chrono.start()
    clock.now += 5000.25
    assert chrono.display_seconds() == 999
    chrono.stop()
    clock.now += 10
    assert chrono.elapsed_ms() == 5000250


def test_pauses_are_not_counted():
    clock = FakeClock()
    chrono = Chronometer(clock)
    chrono.start()
    clock.now += 2
    chrono.pause()
    clock.now += 100
    assert chrono.elapsed() == 2
    chrono.resume()
    clock.now += 1
    assert chrono.elapsed() == 3
