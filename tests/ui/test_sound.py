"""Sound: which effect plays when, the S key and menu item, and no device."""

import os
import subprocess
import sys

import pygame

from game.engine import Minefield
from game.ui.audio import Audio

from .helpers import RIGHT, click, key, make_app

# The diagonal of mines keeps a cascade in one half of the board.
SPREAD = ["*.......", "........", "..*.....", "........",
          "....*...", "........", "......*.", ".......*"]


class Recorder:
    def __init__(self):
        self.played = []
        self.enabled = True

    def moves(self):
        """What was played, the clock's ticks left out."""
        return [name for name in self.played if name != "tick"]

    def play(self, name):
        if self.enabled:
            self.played.append(name)

    def stop(self):
        pass


def test_each_move_plays_its_effect():
    app = make_app(SPREAD, sound=True)
    app.audio = Recorder()
    click(app, (1, 0))                    # a 1
    click(app, (3, 3), RIGHT)
    click(app, (3, 3), RIGHT)
    click(app, (1, 0))                    # its mine is not flagged: a wasted chord
    assert app.audio.moves() == ["reveal", "flag", "flag"]
    click(app, (0, 0), RIGHT)
    click(app, (1, 0))                    # left click on a satisfied number: chord
    assert app.audio.moves()[-1] == "chord"


def test_the_clock_ticks_each_second_while_it_runs():
    app = make_app(SPREAD, sound=True)
    app.audio = Recorder()
    click(app, (7, 0))
    assert app.audio.played == ["reveal", "tick"]      # the clock's 1, as in the classic
    app.step(170)
    assert app.audio.played.count("tick") == 3
    click(app, (0, 0))
    app.step(180)
    assert app.audio.played.count("tick") == 3 and "explosion" in app.audio.played


def test_the_first_click_of_each_new_game_ticks():
    app = make_app(SPREAD, sound=True)
    app.audio = Recorder()
    click(app, (7, 0))
    click(app, (0, 0))                    # lost in the clock's first second
    app.play.new_game(field=Minefield.from_layout(SPREAD))
    click(app, (7, 0))
    assert app.audio.played == ["reveal", "tick", "explosion", "reveal", "tick"]


def test_redrawing_the_window_plays_no_extra_tick():
    """A whole redraw (a menu or a dialog closing, a zoom, the window
    exposed) once made the clock tick again off the beat."""
    app = make_app(SPREAD, sound=True)
    app.audio = Recorder()
    click(app, (7, 0))
    app.step(90)                          # half way through the second second
    assert app.audio.played.count("tick") == 2
    app.invalidate()
    app.step(2)
    key(app, pygame.K_EQUALS, pygame.KMOD_LCTRL)         # zoom in
    key(app, pygame.K_F10)                               # the menus open...
    key(app, pygame.K_ESCAPE)                            # ...and close
    app.step(2)
    assert app.audio.played.count("tick") == 2
    app.step(30)
    assert app.audio.played.count("tick") == 3


def test_victory_plays_its_fanfare():
    app = make_app(SPREAD, sound=True)
    app.audio = Recorder()
    for y in range(8):
        for x in range(8):
            if SPREAD[y][x] == "." and app.play.field.cell(x, y) == "#":
                click(app, (x, y))
    assert app.audio.played[-1] == "victory"


def test_s_and_the_menu_turn_sound_off_and_on():
    app = make_app(sound=True)
    key(app, pygame.K_s)
    assert app.settings.sound is False and app.audio.enabled is False
    app.commands.run("toggle_sound")
    assert app.settings.sound is True and app.audio.enabled is True


def test_a_mixer_that_cannot_start_means_silence_not_a_crash(monkeypatch):
    def broken(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: False)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    audio = Audio(enabled=True)
    assert audio.available is False
    audio.play("explosion")


def test_the_game_runs_with_an_audio_driver_that_cannot_open(tmp_path):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "nosuchdriver"}
    result = subprocess.run([sys.executable, "-m", "game", "--frames", "30", "--data-dir",
                             str(tmp_path)], env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
