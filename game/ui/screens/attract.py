"""Attract mode: the computer plays demo games until someone touches the machine.

Pushed over the play screen after the idle time (kiosk and demo runs). The
play screen shows the games, played by its own auto-play at a pace a
passer-by can follow; this screen only picks the boards, waits between games
and draws the blinking banner. When the records hold replays of the best
games (human games: assisted ones never make the Best Times), every other
game is one of them, best time first, its moves played on the play screen at
the times they were played. The first touch, click or key brings a fresh
game at the configured level and does nothing else. Demo sessions are marked
``demo`` and never reach the records; sound is off while it runs.
"""

from __future__ import annotations

import random

import pygame

from game.engine import LEVELS, Minefield
from game.engine.gallery import GALLERY
from game.i18n import N_, _
from game.replay import Replay, ReplayError, check, decode
from game.replay.check import start_field

from ..render.painter import BLACK, WHITE, Painter
from ..widgets import wrap
from . import base

BANNER = N_("DEMO \u2014 CLICK TO PLAY")
NAVY = (0, 0, 128)
#: The demo boards in turn: the three levels, with shaped fields, tori and
#: hexagons in between, so a passer-by sees every kind of board.
LEVEL_CYCLE = (("beginner", "grid"), ("diamond", "hex"), ("intermediate", "grid"),
               ("heart", "grid"), ("expert", "grid"), ("ring", "torus"),
               ("intermediate", "hex"), ("bigm", "grid"), ("cross", "torus"))
#: Auto-play pace in attract mode: ticks on the cursor, ticks after a move.
DEMO_PACE = (18, 12)
BLINK_TICKS = 30              # the banner shows this long, then hides this long
BETWEEN_GAMES_TICKS = 120     # after a game's animation, before the next board
BEST_REPLAYS = 10             # the best games shown in turn with the demo games
TICK_MS = 1000 / 60


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
        self.replay: Replay | None = None     # the best game being shown, if any
        self.replay_ms = 0.0
        self.replay_next = 0                  # index of its next move
        self.best = BestReplays(app.store.best_replays(BEST_REPLAYS))
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
        """Every other game a best game's replay (when there are some), else a
        demo board on the next level and shape of the cycle, auto-played."""
        self.games += 1
        self._wait = 0
        self.replay = None
        replay = self.best.next() if self.best and self.games % 2 == 0 else None
        if replay is not None:
            self.replay = replay
            self.replay_ms, self.replay_next = 0.0, 0
            self.app.play.new_game(field=start_field(replay))
            self.app.play.session.demo = True
            return
        level, shape = LEVEL_CYCLE[(self.games - 1) // (2 if self.best else 1) % len(LEVEL_CYCLE)]
        size = LEVELS.get(level) or GALLERY[level]
        play = self.app.play
        field = Minefield(size.width, size.height, size.mines,
                          seed=self.rng.randrange(2 ** 31), first_click="opening",
                          shape=shape, mask=size.mask)
        play.new_game(field=field)
        play.session.demo = True
        play.assist.pace = self.pace
        play.assist.toggle_autoplay()

    def _replay_tick(self) -> None:
        """Play the replay's moves that are due, at the times they were played."""
        replay, play = self.replay, self.app.play
        self.replay_ms += TICK_MS
        while self.replay_next < len(replay.moves) and not play.session.ended \
                and replay.moves[self.replay_next][0] <= self.replay_ms:
            kind, *xy = replay.moves[self.replay_next][1].split()
            self.replay_next += 1
            if kind == "M":
                play.field.marks = xy[0] == "1"
                continue
            cell = (int(xy[0]), int(xy[1]))
            play.point_at(cell)
            play.play({"R": "reveal", "F": "flag", "C": "chord"}[kind], cell)

    def update(self) -> None:
        self.t += 1
        if self.t % BLINK_TICKS == 0:
            self.app.invalidate()            # the banner blinks: redraw what it covered
        play = self.app.play
        if self.replay is not None:
            self._replay_tick()
        else:
            play.assist.tick()
        if self._finished() and (play.anim is None or play.anim.done):
            self._wait += 1
            if self._wait >= self.between:
                self.next_game()

    def _finished(self) -> bool:
        """Whether this game is over: ended, its replay's moves all played,
        or a demo game the computer stopped playing (its process died under
        a move, or it was puzzled). A kiosk left on for days sat on that
        half-played board, "The computer is puzzled" under it, until someone
        touched the machine; the next board starts a fresh process."""
        play = self.app.play
        if play.session.ended:
            return True
        if self.replay is not None:
            return self.replay_next >= len(self.replay.moves)
        return not play.assist.autoplay

    # ------------------------------------------------------------ input

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in base.DELIBERATE_INPUT:
            self.leave(event)

    def leave(self, waking: pygame.event.Event | None = None) -> None:
        """Back to a fresh game at the configured level (in a kiosk, the
        operator's, restored as attract mode began), with no keyboard
        cursor on it (a replay left its own on the visitor's board, where
        Space then opened the cell under it); the ``waking`` input is
        spent, and the rest of its gesture with it (``spend_gesture``)."""
        play = self.app.play
        play.assist.stop()
        play.hide_cursor()              # a best game's replay points with it
        play.assist.pace = play.assist.default_pace
        self.app.pop()
        play.new_game()
        if waking is not None:
            play.spend_gesture(waking)
        self.app.woke()

    # ------------------------------------------------------------ drawing

    def banner_visible(self) -> bool:
        return (self.t // BLINK_TICKS) % 2 == 0

    def draw(self, painter: Painter, full: bool) -> bool:
        if not full or not self.banner_visible():
            return False
        field = self.app.layout.field
        lines = wrap(painter, _(BANNER), field.w - 16, face="bold")
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


class BestReplays:
    """The replays of the best games, best times first, read from the records
    at once but decoded and checked one at a time, when its turn comes:
    checking ten Expert replays takes about 20 ms, more than a frame, and one
    about 2 ms. Those that cannot be read or do not add up are dropped (a
    kiosk never shows a broken game)."""

    def __init__(self, texts: list[str]) -> None:
        self._entries: list[str | Replay] = list(texts)     # a text until checked
        self._turn = 0

    def __bool__(self) -> bool:
        return bool(self._entries)

    def next(self) -> Replay | None:
        """The next good replay in turn, or None when none is good."""
        while self._entries:
            i = self._turn % len(self._entries)
            entry = self._entries[i]
            if isinstance(entry, str):
                try:
                    entry = decode(entry)
                    check(entry)
                except ReplayError:
                    del self._entries[i]
                    continue
                self._entries[i] = entry
            self._turn += 1
            return entry
        return None
