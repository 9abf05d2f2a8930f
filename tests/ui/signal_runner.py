"""The game as ``python -m game`` runs it, with one click made for the player
so that a game is in progress, and "ready" printed once the loop runs: the
signal tests' subject.

    python -m tests.ui.signal_runner --data-dir D [--kiosk] [...]
"""

from __future__ import annotations

import sys

import pygame

from game import cli
from game.ui.app import App
from game.ui.screens.play import cell_centre

_real_run = App.run


def _run(self: App, frames: int | None = None) -> int:
    pos = self.viewport.to_display(cell_centre(self.layout, (0, 0), self.play.scroll))
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, button=1, pos=pos))
    real_render = self.render

    def render() -> bool:
        drew = real_render()
        if self.frames == 5:
            print("ready", flush=True)
        return drew
    self.render = render
    return _real_run(self, frames)


if __name__ == "__main__":
    App.run = _run
    sys.exit(cli.main(sys.argv[1:]))
