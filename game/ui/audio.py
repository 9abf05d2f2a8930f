"""Sound effects, with a silent stand-in when there is no audio device.

The effects are synthesized by ``tools/make_sounds.py``. The mixer opens when
sound is on, not at start-up: at the first still moment after the first frame
(``update``), or at the first sound if one comes sooner. With sound off it
never opens, so the game starts faster and a machine without a sound card
prints nothing. A mixer that fails to start (kiosks, CI) means "no sound" and
never raises; the noise the system's audio library writes straight to stderr
while it looks for a device (eight "ALSA lib ..." lines on Linux) is swallowed.

Opening is left to still moments because it can stall the window: SDL's ALSA
backend, giving up on a device, waits for its device-watching thread, which
sleeps in steps of 100 ms (a failed attempt takes 2-8 ms, one in four or five
about 105 ms; the first click on a machine without a sound card took 104 ms).

A failure is never for good, and never touches the Sound setting: a kiosk
runs for days while speakers are unplugged and plugged back. The mixer is
asked again when the player turns Sound on, when SDL reports an output device
added, and otherwise at a still moment ``RETRY_SECONDS`` after the first
failure, then at intervals doubling up to ``RETRY_MAX_SECONDS`` (SDL shuts
its audio down when the mixer fails to open, so no event comes then: only
asking again finds a device that came back). Each failed attempt costs
memory SDL never gives back: on Linux it loads and unloads the ALSA library
each time, which leaked about 100 KB an attempt, a gigabyte a day at one
attempt every ten seconds; the library is now kept loaded (0.4 KB an
attempt), and the doubling intervals bound what is left. A device
removed while it plays leaves a mixer playing into nothing, which is closed
and opened again, on whatever device there is, at the next still moment.
"""

from __future__ import annotations

import ctypes
import functools
import math
import sys
import time
from collections.abc import Callable

import pygame

from game.resources import asset_path

from .quiet import quiet_stderr

EFFECTS = ("tick", "reveal", "flag", "chord", "explosion", "victory")
#: A mixer that failed is asked again at the first still moment this long
#: after, then twice as long after each new failure, up to RETRY_MAX_SECONDS.
RETRY_SECONDS = 10.0
RETRY_MAX_SECONDS = 300.0
#: SDL's news about audio devices (sent while its audio system is up).
DEVICE_EVENTS = (pygame.AUDIODEVICEADDED, pygame.AUDIODEVICEREMOVED)


class Audio:
    """Plays the effects by name, if sound is on and a device answers."""

    def __init__(self, enabled: bool = True,
                 clock: Callable[[], float] = time.monotonic) -> None:
        """``clock`` (seconds) spaces out the attempts after a failure; the
        app passes its own, which headless tests advance tick by tick."""
        self.enabled = enabled
        self._clock = clock
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._started: bool | None = None   # None: the mixer is to be asked (again)
        self._asked = False
        self._failed_at = 0.0
        self._wait = RETRY_SECONDS          # before the next attempt after a failure

    @property
    def available(self) -> bool:
        """Whether a device plays the effects; opens the mixer if it is to be
        opened (a failed one waits for ``update``)."""
        if self._started is None:
            self._attempt()
        return bool(self._started)

    def update(self, still: bool) -> None:
        """Once a tick: at a ``still`` moment (nothing moving, nobody acting),
        open the mixer if sound is on and it is to be opened, or ask again
        once the wait after the last failure is over."""
        if not (still and self.enabled):
            return
        if self._started is None or (self._started is False
                                     and self._clock() - self._failed_at >= self._wait):
            self._attempt()

    def _attempt(self) -> None:
        """Open the mixer; a failure waits ``RETRY_SECONDS``, or twice as
        long as the last wait when this attempt was the retry after it."""
        retrying = self._started is False and self._failed_at > -math.inf
        self._close()                     # one still open has lost its device
        _keep_alsa_loaded()
        self._asked = True
        self._started = self._start()
        if not self._started:
            self._failed(min(2 * self._wait, RETRY_MAX_SECONDS) if retrying else RETRY_SECONDS)

    def _failed(self, wait: float) -> None:
        self._started = False
        self._failed_at = self._clock()
        self._wait = wait

    @property
    def opened(self) -> bool:
        """Whether the mixer was asked for yet (tests, start-up figures)."""
        return self._asked

    def _start(self) -> bool:
        try:
            try:
                with quiet_stderr():
                    pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
            finally:
                _forget_device_news()
            for name in EFFECTS:
                self._sounds[name] = pygame.mixer.Sound(str(asset_path("sounds", f"{name}.wav")))
        except (pygame.error, FileNotFoundError, OSError):
            self._close()
            return False
        return True

    def _close(self) -> None:
        """Let the mixer go (a device gone, a failure): the next attempt opens
        it afresh, on the device there is then."""
        self._sounds.clear()
        try:
            pygame.mixer.quit()
        except pygame.error:
            pass

    def retry(self) -> None:
        """Ask the mixer again at the next sound, however recent the last
        failure: the player turned Sound on, or a device was plugged in."""
        if self._started is False:
            self._started = None

    def device_changed(self, event: pygame.event.Event) -> None:
        """An output device came (ask again if sound failed) or went (SDL
        tells only of the one opened, ours, which now plays into nothing:
        reopen at the next still moment, not now, in the middle of a game,
        since closing waits for SDL's device-watching thread). Recording
        devices are none of our business."""
        if getattr(event, "iscapture", 0):
            return
        if event.type == pygame.AUDIODEVICEADDED:
            self.retry()
        elif event.type == pygame.AUDIODEVICEREMOVED and self._started:
            self._started = False
            self._failed_at = -math.inf

    def play(self, name: str) -> None:
        """Play an effect if sound is on and a device exists."""
        if self.enabled and self.available:
            try:
                self._sounds[name].play()
            except pygame.error:
                self._close()
                self._failed(RETRY_SECONDS)

    def stop(self) -> None:
        if self._started:
            try:
                pygame.mixer.stop()
            except pygame.error:
                pass


def _forget_device_news() -> None:
    """Drop the device events an attempt to open the mixer queued itself:
    SDL reports every device it finds as added, even when opening then
    fails (a device busy), which taken as news would ask again at every
    sound. SDL's audio was down before the attempt (``Audio._attempt`` closes
    the mixer first), so nothing else is lost."""
    try:
        pygame.event.clear(DEVICE_EVENTS, pump=False)
    except pygame.error:                  # no event queue (no window yet)
        pass


@functools.cache
def _keep_alsa_loaded() -> object:
    """Load the ALSA library for good (Linux): SDL loads it at each attempt to
    open the mixer and unloads it after a failure, and each unloading leaked
    what it had read of ALSA's configuration, about 100 KB."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL("libasound.so.2")
    except OSError:                       # no ALSA: SDL will not load it either
        return None
