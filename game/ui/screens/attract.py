"""Attract mode: the computer plays demo games until someone touches the machine.

Pushed over the play screen after the idle time (kiosk and demo runs). The
play screen shows the games, played by its own auto-play at a pace a
passer-by can follow; this screen only picks the boards, waits between games
and draws the blinking banner. When the records hold replays of the best
games (human games: assisted ones never make the Best Times), every other
game is one of them, best time first, its moves played on the play screen at
the times they were played (a long pause cut short). Those replays are
read, decoded and checked away from the window (``loading.py``), the next
one while a demo game plays; one not ready in time gives way to another
demo game. The first touch, click or key brings a fresh game at the
configured level and does nothing else. Demo sessions are marked ``demo``
and never reach the records; sound, the probability overlay and flag mode
are off while it runs, and the visitor's come back after it.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, TypedDict

import pygame

from game.engine import LEVELS, Minefield, level_preset
from game.engine.gallery import GALLERY
from game.i18n import N_, _
from game.replay import Replay
from game.replay.check import start_field
from game.store import questions

from ..jobs import ReplayJob
from ..render.painter import BLACK, NAVY, WHITE, Painter
from ..text_fit import wrap
from ..ticks import TICK_MS
from . import base

if TYPE_CHECKING:
    from ..host import Host

BANNER = N_("DEMO \u2014 CLICK TO PLAY")
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
#: A best game whose loading the loader's process died under this many times
#: in a row is left out, as an unreadable one is (it may be what kills it).
LOSSES_KEPT = 3
UNANSWERED = -1               # a load asked for, its number not yet known
#: The longest a best game's replay waits between two moves: a player who
#: left the game under way for a while (a day, in a window that kept the
#: focus) had the kiosk show one board, unchanged, that long.
LONGEST_PAUSE_MS = 5_000


class AttractOptions(TypedDict, total=False):
    """The pace the app starts attract mode at (``App.attract_options``):
    soak tests and benchmarks speed it up."""

    pace: tuple[int, int] | None
    between: int | None


class AttractScreen(base.Screen):
    overlay = True

    def __init__(self, app: Host, seed: int | None = None, *, pace: tuple[int, int] | None = None,
                 between: int | None = None) -> None:
        """``pace`` and ``between`` (in ticks) default to a pace a passer-by can
        follow; soak tests and benchmarks speed them up."""
        super().__init__(app)
        self.rng = random.Random(seed)
        self.pace = pace or DEMO_PACE
        self.between = BETWEEN_GAMES_TICKS if between is None else between
        self.games = 0
        self.demos = 0                        # demo games among them
        self.replay: Replay | None = None     # the best game being shown, if any
        self.replay_ms = 0.0
        self.replay_next = 0                  # index of its next move
        self.best = BestReplays(app)
        self.t = 0
        self._wait = 0
        self._sound = app.audio.enabled
        #: The visitor's overlay and flag mode, off while the demo plays
        #: (a kiosk's are the operator's, already off) and theirs again after.
        self._assists = (app.play.assist.overlay, app.settings.flag_mode)
        self._flag_mode_overridden = "flag_mode" in app.overridden

    # ------------------------------------------------------------ games

    def enter(self) -> None:
        self.app.audio.enabled = False
        self.app.audio.stop()
        self.app.play.assist.overlay = False
        # Never saved: no setting was changed (a save meanwhile, the
        # window's place, keeps the file's, as for the command line's).
        self.app.settings.flag_mode = False
        self.app.overridden.add("flag_mode")
        self.next_game()

    def exit(self) -> None:
        self.app.audio.enabled = self._sound
        self.app.play.assist.overlay, self.app.settings.flag_mode = self._assists
        if not self._flag_mode_overridden:
            self.app.overridden.discard("flag_mode")
        self.best.close()

    def next_game(self) -> None:
        """After a demo game, a best game's replay if one is ready; else a
        demo board on the next level and shape of the cycle, auto-played
        (while it plays, the next replay is read)."""
        self.games += 1
        self._wait = 0
        replay = self.best.take() if self.replay is None else None
        self.replay = replay
        if replay is not None:
            self.replay_ms, self.replay_next = 0.0, 0
            self.app.play.new_game(field=start_field(replay))
            self.app.play.session.demo = True
            return
        self.best.fetch()
        self.demos += 1
        level, shape = LEVEL_CYCLE[(self.demos - 1) % len(LEVEL_CYCLE)]
        # a level as the window's style plays it: Windows 3.1's Beginner is 8x8
        size = level_preset(level, self.app.settings.style) if level in LEVELS else GALLERY[level]
        play = self.app.play
        field = Minefield(size.width, size.height, size.mines,
                          seed=self.rng.randrange(2 ** 31), first_click="opening",
                          shape=shape, mask=size.mask)
        play.new_game(field=field)
        play.session.demo = True
        play.assist.pace = self.pace
        play.assist.toggle_autoplay()

    def _replay_tick(self) -> None:
        """Play the replay's moves that are due, at the times they were
        played, a pause cut to LONGEST_PAUSE_MS."""
        replay, play = self.replay, self.app.play
        assert replay is not None            # update ticks it only while one plays
        self.replay_ms += TICK_MS
        if 0 < self.replay_next < len(replay.moves) \
                and self.replay_ms - replay.moves[self.replay_next - 1][0] >= LONGEST_PAUSE_MS:
            self.replay_ms = max(self.replay_ms, replay.moves[self.replay_next][0])
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
        self.best.update()
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
        spent, and the rest of its gesture with it, and a double click's
        second press (``spend_click``)."""
        play = self.app.play
        if waking is not None:
            # before the fresh game's board resizes the window: a finger's
            # place is a share of the window's size as it was then
            play.spend_click(waking)
        play.assist.stop()
        play.hide_cursor()              # a best game's replay points with it
        play.assist.pace = play.assist.default_pace
        self.app.pop()
        play.new_game()
        self.app.woke()

    # ------------------------------------------------------------ drawing

    def banner_visible(self) -> bool:
        return (self.t // BLINK_TICKS) % 2 == 0

    def draw(self, painter: Painter, full: bool) -> bool:
        if not full or not self.banner_visible():
            return False
        field = self.app.layout.field
        lines = banner_lines(painter, _(BANNER), field.w - 16)
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


def banner_lines(painter: Painter, text: str, width: int) -> list[str]:
    """The banner's lines no wider than ``width``: one when it fits, else
    broken at its dash first, each part wrapped on its own if need be, into
    lines of even length. A plain wrap broke a Beginner field's banner as
    "DEMO — CLICK TO" over "PLAY"; broken at the dash, the French one in
    Windows 3.1's 8 x 8 field still left "JOUER" alone under "CLIQUEZ POUR"."""
    lines = wrap(painter, text, width, face="bold")
    head, dash, tail = text.partition(" \u2014 ")
    if len(lines) == 1 or not dash:
        return lines
    return _even(painter, head + dash.rstrip(), width) + _even(painter, tail, width)


def _even(painter: Painter, text: str, width: int) -> list[str]:
    """``text`` wrapped in as few lines as ``width`` allows, made as narrow
    as that many lines can be, so the last is no short word left alone."""
    count = len(wrap(painter, text, width, face="bold"))
    low, high = 1, width
    while low < high:                  # the narrowest width still giving ``count`` lines
        mid = (low + high) // 2
        if len(wrap(painter, text, mid, face="bold")) <= count:
            high = mid
        else:
            low = mid + 1
    return wrap(painter, text, high, face="bold")


class BestReplays:
    """The replays of the best games, best times first, one ready at a time.

    The records' reader (its own thread) says which games they are; each
    replay is then read, decoded and checked in the replay loader's process
    (``loading.py``), never on the window's thread: for a 2 MB replay (an
    hour of play) that took 60 to 90 ms there, five frames, and reading
    ten such texts as attract mode began 13 to 21 ms. A replay that cannot
    be read or does not add up is dropped quietly (a kiosk never shows a
    broken game, nor a notice to nobody); one still on its way when attract
    mode ends is forgotten. The loader's process dying under a replay (the
    system ending it, out of memory say) is no fault of the replay's: it
    keeps its place in turn, and the next one is asked at the next demo
    game, in a fresh process. Taken for a refusal, each such death left a
    best game out for good, and a kiosk whose loader died five times never
    showed a best game again until it was restarted."""

    def __init__(self, app: Host) -> None:
        self.app = app
        self.games: list[int] = []            # the best games with a replay, in turn
        self.ready: Replay | None = None      # the next one to show, loaded
        self._turn = 0
        self._asked: int | None = None        # the loader's request under way
        self._losses: dict[int, int] = {}      # game -> times its load lost the process
        self._reads = app.reader.channel()
        self._reads.ask("best", questions.best_replay_games(BEST_REPLAYS))

    def update(self) -> None:
        """One tick: the games, once the reader has answered."""
        for _key, games in self._reads.take():
            self.games = list(games)
            self.fetch()

    def take(self) -> Replay | None:
        """The replay ready to show, if any (the next one is fetched later)."""
        replay, self.ready = self.ready, None
        return replay

    def fetch(self) -> None:
        """Have the next replay in turn loaded, unless one is ready or on its way."""
        if self.ready is not None or self._asked is not None or not self.games:
            return
        game_id = self.games[self._turn % len(self.games)]
        path = self.app.store.database_path
        job = ReplayJob(database=str(path), game_id=game_id) if path is not None else \
            ReplayJob(text=self.app.store.replay(game_id))      # records kept in memory

        def opened(replay: Replay) -> None:
            self._asked, self.ready = None, replay
            self._turn += 1
            self._losses.pop(game_id, None)

        def refused(_reason: str) -> None:
            self._asked = None
            self.games.remove(game_id)
            self.fetch()

        def lost() -> None:
            self._asked = None
            self._turn += 1
            self._losses[game_id] = self._losses.get(game_id, 0) + 1
            if self._losses[game_id] >= LOSSES_KEPT:
                self.games.remove(game_id)

        self._asked = UNANSWERED            # an answer at once (headless) clears it
        asked = self.app.replays.load(job, opened, refused, quiet=True, lost=lost)
        if self._asked == UNANSWERED:
            self._asked = asked

    def close(self) -> None:
        """Attract mode ends: nothing more is read, a load on its way is dropped."""
        self._reads.close()
        if self._asked is not None:
            self.app.replays.drop(self._asked)
            self._asked = None
