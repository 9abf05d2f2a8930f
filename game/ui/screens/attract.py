"""Attract mode: the computer plays demo games until someone touches the machine.

Pushed over the play screen after the idle time (kiosk and demo runs). The
play screen shows the games, played by its own auto-play at a pace a
passer-by can follow; this screen only picks the boards, waits between games
and draws the blinking banner. The first touch, click or key brings a fresh
game at the configured level and does nothing else. Demo sessions are marked
``demo`` and never reach the records; sound is off while it runs.
"""

from __future__ import annotations

import random

import pygame

from game.engine import LEVELS, Minefield

from ..render.painter import BLACK, WHITE, Painter
from ..widgets import wrap
from . import base

BANNER = "DEMO \u2014 CLICK TO PLAY"
NAVY = (0, 0, 128)
LEVEL_CYCLE = ("beginner", "intermediate", "expert")
#: Auto-play pace in attract mode: ticks on the cursor, ticks after a move.
DEMO_PACE = (18, 12)
BLINK_TICKS = 30              # the banner shows this long, then hides this long
BETWEEN_GAMES_TICKS = 120     # after a game's animation, before the next board


class AttractScreen(base.Screen):
    overlay = True

    def __init__(self, app, seed: int | None = None, *, pace: tuple[int, int] | None = None,
                 between: int | None = None) -> None:
        """``pace`` and ``between`` (in ticks) default to a pace a passer-by can
        follow; soak tests and benchmarks speed them up."""
        super().__init__(app)
        self.rng = random.Random(seed)
        self.pace = pace or DEMO_PACE
        self.between = BETWEEN_GAMES_TICKS if between is None else between
        self.games = 0
        self.t = 0
        self._wait = 0
        self._sound = app.audio.enabled

    # ------------------------------------------------------------ games

    def enter(self) -> None:
        self.app.audio.enabled = False
        self.app.audio.stop()
        self.next_game()

    def exit(self) -> None:
        self.app.audio.enabled = self._sound

    def next_game(self) -> None:
        """A demo board on the next level of the cycle, auto-played."""
        level = LEVEL_CYCLE[self.games % len(LEVEL_CYCLE)]
        size = LEVELS[level]
        play = self.app.play
        field = Minefield(size.width, size.height, size.mines,
                          seed=self.rng.randrange(2 ** 31), first_click="opening")
        play.new_game(field=field)
        play.session.demo = True
        play.assist.pace = self.pace
        play.assist.toggle_autoplay()
        self.games += 1
        self._wait = 0

    def update(self) -> None:
        self.t += 1
        if self.t % BLINK_TICKS == 0:
            self.app.invalidate()            # the banner blinks: redraw what it covered
        play = self.app.play
        play.assist.tick()
        if play.session.ended and (play.anim is None or play.anim.done):
            self._wait += 1
            if self._wait >= self.between:
                self.next_game()

    # ------------------------------------------------------------ input

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in base.DELIBERATE_INPUT:
            self.leave()

    def leave(self) -> None:
        """Back to a fresh game at the configured level (in a kiosk, with the
        operator's whole configuration); the waking input is spent."""
        play = self.app.play
        play.assist.stop()
        play.assist.pace = play.assist.default_pace
        self.app.pop()
        self.app.restore_operator_settings()
        play.new_game()
        self.app.woke()

    # ------------------------------------------------------------ drawing

    def banner_visible(self) -> bool:
        return (self.t // BLINK_TICKS) % 2 == 0

    def draw(self, painter: Painter, full: bool) -> bool:
        if not full or not self.banner_visible():
            return False
        field = self.app.layout.field
        lines = wrap(painter, BANNER, field.w - 16, face="bold")
        line_h = painter.line_height("bold")
        w = max(painter.text_width(line, "bold") for line in lines) + 16
        h = len(lines) * line_h + 10
        box = pygame.Rect(0, 0, w, h)
        box.center = field.center
        painter.fill(box, BLACK)
        painter.fill(box.inflate(-2, -2), NAVY)
        y = box.y + 5
        for line in lines:
            x = box.centerx - painter.text_width(line, "bold") // 2
            painter.text(line, (x, y), WHITE, face="bold")
            y += line_h
        return True
