"""Sound effects, with a silent stand-in when there is no audio device.

The effects are synthesized by ``tools/make_sounds.py``. A machine without a
sound card (kiosks, CI) or a mixer that fails to start plays nothing and never
raises: ``pygame.error`` from the mixer means "no sound".
"""

from __future__ import annotations

import pygame

from game.resources import asset_path

EFFECTS = ("tick", "reveal", "flag", "chord", "explosion", "victory")


class Audio:
    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self.available = self._start()

    def _start(self) -> bool:
        try:
            if not pygame.mixer.get_init():
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
                self.available = False

    def stop(self) -> None:
        if self.available:
            pygame.mixer.stop()
