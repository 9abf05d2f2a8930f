"""Sound effects, with a silent stand-in when there is no audio device.

The effects are synthesized by ``tools/make_sounds.py``. The mixer opens when
a sound is first wanted, not at start-up: with sound off it never opens, so the
game starts faster and a machine without a sound card prints nothing. A mixer
that fails to start (kiosks, CI) means "no sound" and never raises; the noise
the system's audio library writes straight to stderr while it looks for a
device (eight "ALSA lib ..." lines on Linux) is swallowed.
"""

from __future__ import annotations

import pygame

from game.resources import asset_path

from .quiet import quiet_stderr

EFFECTS = ("tick", "reveal", "flag", "chord", "explosion", "victory")


class Audio:
    """Plays the effects by name, if sound is on and a device answers."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._started: bool | None = None   # None: the mixer was never asked for

    @property
    def available(self) -> bool:
        """Whether a device plays the effects (opens the mixer the first time)."""
        if self._started is None:
            self._started = self._start()
        return self._started

    @property
    def opened(self) -> bool:
        """Whether the mixer was asked for yet (tests, start-up figures)."""
        return self._started is not None

    def _start(self) -> bool:
        try:
            if not pygame.mixer.get_init():
                with quiet_stderr():
                    pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
            for name in EFFECTS:
                self._sounds[name] = pygame.mixer.Sound(str(asset_path("sounds", f"{name}.wav")))
        except (pygame.error, FileNotFoundError, OSError):
            self._sounds.clear()
            return False
        return True

    def play(self, name: str) -> None:
        """Play an effect if sound is on and a device exists."""
        if self.enabled and self.available:
            try:
                self._sounds[name].play()
            except pygame.error:
                self._started = False

    def stop(self) -> None:
        if self._started:
            pygame.mixer.stop()
