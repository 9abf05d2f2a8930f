"""Sound: which effect plays when, the S key and menu item, and no device."""

import os
import subprocess
import sys

import pygame
import pytest

from game.engine import Minefield
from game.ui.app import STILL_TICKS
from game.ui.audio import RETRY_MAX_SECONDS, RETRY_SECONDS, Audio

from .helpers import RIGHT, cell_pos, click, key, make_app, post, press, release

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

    def update(self, still):
        pass

    def retry(self):
        pass


def _win(app):
    for y in range(8):
        for x in range(8):
            if SPREAD[y][x] == "." and app.play.field.cell(x, y) == "#":
                click(app, (x, y))


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
    _win(app)
    assert app.audio.played[-1] == "victory"


def test_f2_during_the_win_tune_silences_it():
    """The tune (1 s) played on over the new board, as did the explosion."""
    app = make_app(SPREAD, sound=True)
    _win(app)
    assert app.play.field.status.name == "WON" and pygame.mixer.get_busy()
    key(app, pygame.K_F2)
    assert not pygame.mixer.get_busy()


def test_a_click_on_the_face_after_a_loss_silences_the_explosion():
    app = make_app(SPREAD, sound=True)
    click(app, (7, 0))
    click(app, (0, 0))
    assert app.play.field.status.name == "LOST" and pygame.mixer.get_busy()
    face = app.viewport.to_display(app.layout.face.center)
    press(app, face)
    release(app, face)
    assert app.play.field.status.name == "READY" and not pygame.mixer.get_busy()


def test_turning_sound_off_mid_tune_silences_it_and_on_again_plays_the_next_tick():
    app = make_app(SPREAD, sound=True)
    app.audio = Recorder()
    click(app, (7, 0))
    key(app, pygame.K_s)                  # off in the clock's first second
    app.step(60)
    key(app, pygame.K_s)                  # on again: the 2 shown meanwhile stays silent...
    app.step(30)
    assert app.audio.played == ["reveal", "tick"]
    app.step(30)                          # ...the 3 ticks
    assert app.audio.played == ["reveal", "tick", "tick"]
    app = make_app(SPREAD, sound=True)
    _win(app)
    assert pygame.mixer.get_busy()
    key(app, pygame.K_s)
    assert not pygame.mixer.get_busy()


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


# ------------------------------------------------------------ devices that fail and come back

class Mixer:
    """pygame.mixer standing for a device that is there or not: ``init``
    fails while ``present`` is False (as SDL does, echoing the devices it
    found as added); counts the attempts."""

    def __init__(self, monkeypatch, present=False):
        self.present = present
        self.attempts = 0
        self._init = pygame.mixer.init
        monkeypatch.setattr(pygame.mixer, "init", self.init)
        monkeypatch.setattr(pygame.mixer, "Sound", _HeardSound)

    def init(self, *args, **kwargs):
        self.attempts += 1
        if not self.present:
            pygame.event.post(pygame.event.Event(pygame.AUDIODEVICEADDED, which=0, iscapture=0))
            raise pygame.error("ALSA: Couldn't open audio device: No such file or directory")
        self._init(*args, **kwargs)


#: Whether each sound started since the last look got a channel.
_STARTED: list[bool] = []


class _HeardSound(pygame.mixer.Sound):
    """A sound that notes each start: the flag's effect lasts 55 ms, and on a
    loaded machine it was over before the test looked (``get_busy``)."""

    def play(self, *args, **kwargs):
        channel = super().play(*args, **kwargs)
        _STARTED.append(channel is not None)
        return channel


@pytest.fixture(autouse=True)
def _mixer_closed():
    """The mixer is process-wide: each test starts and ends without it."""
    pygame.mixer.quit()
    _STARTED.clear()
    yield
    pygame.mixer.quit()


def sound_playing():
    """Whether a sound started since the last look, or still plays."""
    started = any(_STARTED)
    _STARTED.clear()
    return bool(pygame.mixer.get_init()) and (started or pygame.mixer.get_busy())


def test_a_device_plugged_in_brings_sound_back(monkeypatch):
    mixer = Mixer(monkeypatch)
    app = make_app(SPREAD, sound=True)
    click(app, (1, 0))
    assert mixer.attempts == 1 and not sound_playing()
    mixer.present = True
    post(pygame.AUDIODEVICEADDED, which=0, iscapture=0)
    click(app, (3, 3), RIGHT)                      # the next sound, a second later or not
    assert mixer.attempts == 2 and sound_playing()
    assert app.settings.sound is True


def test_turning_sound_on_again_asks_the_device_again(monkeypatch):
    mixer = Mixer(monkeypatch)
    app = make_app(SPREAD, sound=True)
    click(app, (1, 0))
    mixer.present = True
    key(app, pygame.K_s)
    key(app, pygame.K_s)
    click(app, (3, 3), RIGHT)
    assert sound_playing()


def test_a_failed_mixer_is_asked_again_now_and_then_and_no_more(monkeypatch):
    """No event comes while SDL's audio is down: a device back is found by
    asking again, RETRY_SECONDS after the failure, then at doubling intervals
    (each failed attempt costs memory SDL keeps), not at every tick."""
    mixer = Mixer(monkeypatch)
    app = make_app(SPREAD, sound=True)
    click(app, (7, 0))                              # the clock runs: a tick a second
    app.step(round(60 * RETRY_SECONDS))
    assert mixer.attempts == 2
    # 45 minutes without a device: intervals doubling without their cap
    # would ask next at 42.5 and 85 minutes, none in the five below.
    app.step(60 * 45 * 60)
    assert mixer.attempts <= 2 + 5 + 45 * 60 / RETRY_MAX_SECONDS
    assert app.settings.sound is True
    mixer.present = True
    app.step(round(60 * RETRY_MAX_SECONDS))
    assert pygame.mixer.get_init() and app.audio.available


def test_turning_sound_on_again_starts_the_intervals_afresh(monkeypatch):
    mixer = Mixer(monkeypatch)
    app = make_app(SPREAD, sound=True)
    click(app, (7, 0))
    app.step(60 * 15 * 60)                          # the intervals grown to their cap
    tried = mixer.attempts
    key(app, pygame.K_s)
    key(app, pygame.K_s)
    app.step(STILL_TICKS)                           # asked at once...
    assert mixer.attempts == tried + 1
    app.step(round(60 * RETRY_SECONDS))             # ...and again soon after
    assert mixer.attempts == tried + 2


def test_the_devices_an_attempt_finds_are_no_news(monkeypatch):
    """SDL reports the devices it found even when opening fails: taken as
    news, they asked the mixer again at every sound."""
    mixer = Mixer(monkeypatch)
    app = make_app(SPREAD, sound=True)
    click(app, (7, 0))
    app.step(5 * 60)
    assert mixer.attempts == 1


def test_speakers_unplugged_mid_game_move_to_the_device_left(monkeypatch):
    mixer = Mixer(monkeypatch, present=True)
    app = make_app(SPREAD, sound=True)
    click(app, (1, 0))
    assert sound_playing()
    pygame.mixer.stop()
    post(pygame.AUDIODEVICEREMOVED, which=2, iscapture=0)
    click(app, (3, 3), RIGHT)                       # not in the middle of play...
    assert mixer.attempts == 1 and not sound_playing()
    app.step(STILL_TICKS)                           # ...but as soon as nothing moves
    assert mixer.attempts == 2
    click(app, (3, 3), RIGHT)
    assert sound_playing() and app.settings.sound is True


def test_speakers_unplugged_and_plugged_back_at_once_are_opened_again(monkeypatch):
    """Plugged back before any still moment: the mixer on the device that
    went away was kept as if it still played."""
    mixer = Mixer(monkeypatch, present=True)
    app = make_app(SPREAD, sound=True)
    click(app, (1, 0))
    post(pygame.AUDIODEVICEREMOVED, which=2, iscapture=0)
    post(pygame.AUDIODEVICEADDED, which=0, iscapture=0)
    click(app, (3, 3), RIGHT)
    assert mixer.attempts == 2 and sound_playing()


def test_speakers_unplugged_for_a_while_come_back_by_themselves(monkeypatch):
    mixer = Mixer(monkeypatch, present=True)
    app = make_app(SPREAD, sound=True)
    click(app, (7, 0))
    mixer.present = False
    post(pygame.AUDIODEVICEREMOVED, which=2, iscapture=0)
    app.step(STILL_TICKS)
    assert mixer.attempts == 2 and not pygame.mixer.get_init()
    app.step(60 * 600)                              # ten minutes without them
    mixer.present = True
    app.step(round(60 * RETRY_MAX_SECONDS))
    assert pygame.mixer.get_init() and app.audio.available and app.settings.sound is True


def test_the_mixer_opens_while_nothing_moves_not_in_the_first_clicks_frame(monkeypatch):
    """Opening can stall the window a tenth of a second (ALSA giving up on a
    device): the first click on a machine without a sound card took 104 ms."""
    mixer = Mixer(monkeypatch, present=True)
    app = make_app(SPREAD, sound=True)
    assert mixer.attempts == 0                     # not in the first frame
    app.step(STILL_TICKS)
    assert mixer.attempts == 1 and pygame.mixer.get_init()
    click(app, (1, 0))
    assert mixer.attempts == 1 and sound_playing()


def test_a_failed_mixer_waits_while_the_player_moves_or_holds_a_button(monkeypatch):
    mixer = Mixer(monkeypatch)
    app = make_app(SPREAD, sound=True)
    click(app, (7, 0))
    assert mixer.attempts == 1
    for x in range(round(3 * RETRY_SECONDS * 6)):      # the pointer moves for 30 s
        post(pygame.MOUSEMOTION, pos=(x % 40 + 10, 80), rel=(1, 0), buttons=(0, 0, 0))
        app.step(10)
    press(app, cell_pos(app, (5, 5)))
    app.step(round(3 * RETRY_SECONDS * 60))          # a button held for 30 s
    assert mixer.attempts == 1
    release(app, cell_pos(app, (5, 5)))
    app.step(STILL_TICKS)
    assert mixer.attempts == 2


def test_a_failed_mixer_waits_while_a_held_arrow_key_moves_the_cursor(monkeypatch):
    """The key's repeats are no new input (a book resting on a kiosk's
    keyboard sends them for ever), but the cursor they move is no still
    moment for a stall."""
    mixer = Mixer(monkeypatch)
    app = make_app(SPREAD, sound=True)
    click(app, (7, 0))
    assert mixer.attempts == 1
    for _ in range(round(3 * RETRY_SECONDS * 30)):     # the arrow held for 30 s
        post(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0)
        app.step(2)
    assert mixer.attempts == 1
    post(pygame.KEYUP, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0)
    app.step(STILL_TICKS + 1)
    assert mixer.attempts == 2


def test_a_microphone_unplugged_changes_nothing(monkeypatch):
    mixer = Mixer(monkeypatch, present=True)
    app = make_app(SPREAD, sound=True)
    click(app, (1, 0))
    post(pygame.AUDIODEVICEREMOVED, which=3, iscapture=1)
    click(app, (3, 3), RIGHT)
    assert mixer.attempts == 1 and sound_playing()


def test_asking_a_missing_sound_card_again_prints_nothing():
    """The system's own driver (ALSA on Linux: eight lines on stderr at each
    attempt without a sound card) asked at a sound, then again a while later."""
    env = {k: v for k, v in os.environ.items() if k != "SDL_AUDIODRIVER"}
    code = ("import pygame; from game.ui.audio import Audio, RETRY_SECONDS\n"
            "calls = []; init = pygame.mixer.init\n"
            "pygame.mixer.init = lambda *a, **k: calls.append(1) or init(*a, **k)\n"
            "now = [0.0]; a = Audio(True, clock=lambda: now[0])\n"
            "a.play('reveal'); now[0] = RETRY_SECONDS; a.update(still=True)\n"
            "print(len(calls) == 2 or a.available)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            env=env, timeout=120)
    assert (result.returncode, result.stdout.strip(), result.stderr) == (0, "True", "")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ALSA is Linux's")
def test_failed_attempts_on_alsa_keep_the_memory_they_take_small():
    """SDL loaded and unloaded the ALSA library at each failed attempt, and
    each unloading leaked about 100 KB: a gigabyte a day of retries."""
    code = ("import pygame\n"
            "from game.ui.audio import Audio\n"
            "pygame.display.init()\n"
            "now = [0.0]; a = Audio(True, clock=lambda: now[0])\n"
            "def rss(): return int(open('/proc/self/statm').read().split()[1]) * 4\n"
            "a.update(True); a.update(True); before = rss()\n"
            "for _ in range(50):\n"
            "    now[0] += 1000; a.update(True)\n"
            "print(a.available, rss() - before)")
    env = {**os.environ, "SDL_AUDIODRIVER": "alsa"}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            env=env, timeout=120)
    opened, grown_kb = result.stdout.split()
    if opened == "True":
        pytest.skip("this machine has an ALSA device: no attempt fails")
    assert int(grown_kb) < 1000                     # 5,000 KB before
