"""The checks the soak and the storm rely on can fail: broken boards and a
stopped kiosk are caught, and the storm's input is reproducible and never
holds the operator's chord in a kiosk."""

from __future__ import annotations

import random

import pygame
import pytest

from game.engine import Minefield
from game.ui import keys

from .helpers import stress_lib

pytestmark = pytest.mark.slow

BOARD = ["*.......", "........", "........", "........",
         "........", "........", "......*.", "........"]


def played() -> Minefield:
    field = Minefield.from_layout(BOARD)
    field.toggle_flag(7, 7)
    field.reveal(3, 3)
    field.toggle_flag(0, 0)
    return field


def test_sound_boards_pass_in_every_phase():
    stress_lib.check_field(Minefield(9, 9, 10, seed=3))                   # ready, no mines yet
    stress_lib.check_field(played())                                      # playing
    lost = played()
    lost.reveal(6, 6)
    stress_lib.check_field(lost)
    won = Minefield.from_layout(["*......."] + ["........"] * 7)
    won.reveal(5, 5)
    assert won.status == "won"
    stress_lib.check_field(won)


def test_a_flag_lifted_beside_an_opening_may_stay_covered():
    field = played()                 # (7, 7) was flagged before the cascade went past it
    field.toggle_flag(7, 7)
    field.toggle_flag(7, 7)          # question mark, then covered again
    stress_lib.check_field(field)


@pytest.mark.parametrize("damage", ["count", "flags", "state", "mine"])
def test_broken_boards_are_caught(damage):
    field = played()
    if damage == "count":
        field._counts[2 * 8 + 0] += 1          # a wrong number shown on an open cell
    elif damage == "flags":
        field._flags += 1
    elif damage == "state":
        field._state[5 * 8 + 5] = 0            # an open cell covered again
    else:
        field._is_mine[4 * 8 + 4] = 1          # a mine under an open cell
    with pytest.raises(stress_lib.InvariantError):
        stress_lib.check_field(field)


def test_a_stopped_kiosk_is_caught(tmp_path):
    app = stress_lib.new_app(tmp_path, kiosk=True)
    stress_lib.check_app(app, kiosk=True)
    app.running = False
    with pytest.raises(stress_lib.InvariantError, match="kiosk"):
        stress_lib.check_app(app, kiosk=True)


def test_events_are_reproducible_and_spare_the_kiosk_operator_chord(tmp_path):
    app = stress_lib.new_app(tmp_path, kiosk=True)

    def events(seed):
        maker = stress_lib.EventMaker(random.Random(seed), kiosk=True)
        return [(e.type, e.dict) for _ in range(200) for e in maker.batch(app, 50)]

    first = events(5)
    assert first == events(5) and first != events(6)
    kinds = {kind for kind, _ in first}
    assert {pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.MOUSEWHEEL, pygame.KEYDOWN,
            pygame.TEXTINPUT, pygame.QUIT, pygame.FINGERDOWN, pygame.WINDOWFOCUSLOST,
            pygame.TEXTEDITING, pygame.DROPFILE} <= kinds
    pressed = {d["key"] for kind, d in first if kind == pygame.KEYDOWN}
    assert {pygame.K_KP_8, pygame.K_KP_PERIOD} <= pressed        # the keypad, NumLock or not
    chords = [d for kind, d in first if kind == pygame.KEYDOWN
              and keys.is_operator_exit(pygame.event.Event(kind, d))]
    assert not chords


def test_safe_spots_are_none_while_the_window_is_laid_out_for_the_replay_viewer(tmp_path):
    """The storm aimed at the game's safe cells through the window's layout,
    which the replay viewer (a taller board) had taken: IndexError, a false
    crash that stopped the storm."""
    from game.replay import Replay
    from game.ui.screens.replays import watch

    app = stress_lib.new_app(tmp_path)
    app.play.field.reveal(4, 4)
    app.step(2)
    assert app.play.field.status == "playing" and stress_lib.safe_spots(app)
    replay = Replay(width=9, height=20, mines=1, marks=True, first_click="safe",
                    moves=((0, "R 8 19"),), result="unfinished", time_ms=0,
                    layout=tuple(["*........"] + ["........."] * 19))
    watch(app, replay, playing=False)
    app.step(5)
    assert app.layout.rows != app.play.field.height     # the viewer's layout
    assert stress_lib.safe_spots(app) == []


class Fault:
    def run(self):
        raise IndexError("list index out of range")


class Refusal:
    def run(self):
        raise ValueError("no arrangement of mines explains this board")


def test_the_computer_s_faults_raise_in_the_stress_apps_and_its_refusals_answer(tmp_path):
    """A headless app shows a fault of the computer as a notice, which the
    storm dismissed and went on past: the apps the tools make let it raise."""
    app = stress_lib.new_app(tmp_path)
    with pytest.raises(IndexError):
        app.worker.submit("hint", Fault())
    with pytest.raises(IndexError):
        app.replays.worker.submit("replay", Fault())          # the replay loader's too
    app.worker.submit("hint", Refusal())
    [done] = app.worker.poll()
    assert not done.ok and done.value == "no arrangement of mines explains this board"
