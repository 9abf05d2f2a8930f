"""The application: the window, the fixed-timestep loop and the screen stack.

The loop reads input without blocking, advances the simulation in fixed ticks
of 1/60 s while the accumulator holds one (a long frame is clamped to 0.25 s so
a stall never spirals), then renders once and flips only if something was
drawn. Headless tests call ``step`` instead of ``run``: events, then a given
number of ticks, then one render, with a clock that ticks advance.
"""

from __future__ import annotations

import dataclasses
import gc
import time
from collections.abc import Callable, Iterable

import pygame

from game import i18n
from game.i18n import N_
from game.replay import Replay
from game.settings import Settings
from game.store import Store

from . import keys
from .audio import DEVICE_EVENTS, Audio
from .commands import Commands
from .display import BACKDROP, Display, desktop_size, fitting_scale, window_room
from .exporting import ReplayExporter
from .frame import Layout
from .hit import Viewport
from .loading import ReplayLoader
from .render.assist import OPENING, draw_thinking
from .render.atlas import Atlas
from .render.painter import Painter
from .screens.base import DELIBERATE_INPUT, Screen, pointer_moved
from .worker import ProcessWorker, SyncWorker, Worker, end_resource_tracker

TICKS_PER_SECOND = 60
DT = 1 / TICKS_PER_SECOND
MAX_FRAME = 0.25
#: When a frame's input and ticks took longer than this (a click opening ten
#: thousand cells takes 5 ms), its drawing waits for the next frame, so
#: neither frame misses the refresh; never two frames in a row.
DRAW_LATER_AFTER = DT / 4
DEFAULT_MAX_SCALE = 2
DEFAULT_IDLE_SECONDS = 60.0
#: Without input this long, a still board may stall a tenth of a second unseen.
STILL_TICKS = TICKS_PER_SECOND // 2
#: Input that counts as someone at the machine (idle time restarts).
INPUT_EVENTS = (pygame.KEYDOWN, pygame.KEYUP, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                pygame.MOUSEWHEEL, pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION,
                pygame.TEXTINPUT)


class TickClock:
    """A clock for headless runs: time advances only with the ticks stepped."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class App:
    def __init__(self, settings: Settings, *, store: Store,
                 overridden: Iterable[str] = (), clock: Callable[[], float] | None = None,
                 seed: int | None = None, kiosk: bool = False, demo: bool = False,
                 idle_seconds: float = DEFAULT_IDLE_SECONDS,
                 worker: Worker | None = None, background_reads: bool | None = None,
                 loader: Worker | None = None) -> None:
        """``settings`` are this run's; ``overridden`` names those given on the
        command line, which are not saved unless the player changes them.

        ``kiosk`` locks the machine down (fullscreen, no way out but the
        operator's chord, settings never saved, arcade name entry); ``kiosk``
        and ``demo`` runs go to attract mode after ``idle_seconds`` without
        input, and ``demo`` starts there. The computer thinks in ``worker``:
        by default a worker process, or on the spot for headless runs with a
        TickClock (deterministic tests); replays to watch are read in
        ``loader``, chosen the same way (``loading.py``). The records dialogs
        read the store through ``reader``: on its own thread, or
        (``background_reads`` False, the default with a TickClock) on the UI
        thread at the next tick."""
        pygame.display.init()
        pygame.font.init()
        pygame.key.set_repeat(keys.REPEAT_DELAY_MS, keys.REPEAT_INTERVAL_MS)
        self.held_keys = keys.HeldKeys()
        i18n.set_language(i18n.choose(settings.language))
        self.settings = settings
        self.store = store
        self.overridden = set(overridden)
        self.headless_clock = clock if isinstance(clock, TickClock) else None
        self.clock = clock or time.perf_counter
        if worker is None:
            worker = SyncWorker() if self.headless_clock is not None else ProcessWorker()
        self.worker = worker
        if loader is None:
            loader = SyncWorker() if self.headless_clock is not None else ProcessWorker(
                N_("the process reading the replay stopped"))
        self.replays = ReplayLoader(loader)
        if background_reads is None:
            background_reads = self.headless_clock is None
        self.reader = store.reader(background=background_reads)
        self.exports = ReplayExporter(background=background_reads)
        self.atlas = Atlas.load()
        self.display = Display(i18n._("Minesweeper"), icon=self.atlas.get("icon"))
        self.audio = Audio(settings.sound, clock=self.clock)
        self.layout: Layout | None = None
        self.viewport = Viewport(1)
        self.painter: Painter | None = None
        self.stack: list[Screen] = []
        self.commands = Commands(self)
        self._board: tuple[int, int, int, str] = (9, 9, 10, "grid")   # columns, rows, mines, shape
        self._mode: tuple | None = None
        self.kiosk = kiosk
        self.demo = demo
        if kiosk:
            settings.fullscreen = True
        #: The operator's configuration, which every kiosk visitor starts from.
        self.operator_settings = dataclasses.replace(settings, flag_mode=False) if kiosk else None
        self.idle_ticks = round(idle_seconds * TICKS_PER_SECOND) if (kiosk or demo) else 0
        self.last_input = 0
        self._seed = seed
        self.attract_options: dict[str, object] = {}   # AttractScreen pace (soak tests)
        self.last_replay: Replay | None = None        # the last game recorded, to watch
        self.running = True
        #: The window has the focus (or someone is clicking or typing in it):
        #: a game that starts without it is paused at once (``PlayScreen.play``).
        self.focused = True
        self.ticks = 0
        self.frames = 0
        self.frame_times: list[float] | None = None    # see run()
        self._full = True
        self._opening_shown = False                    # the late replay's cue is drawn
        from .screens.play import PlayScreen  # the play screen needs a live app
        self.play = PlayScreen(self, seed)
        self.push(self.play)
        self.display.lock_input(kiosk)
        if demo:
            self.start_attract()
        self.show_notices()

    # ------------------------------------------------------------ window

    def chosen_scale(self, layout: Layout) -> int:
        """The scale asked for (settings.scale) as far as it fits, or the
        largest that fits, at most 2."""
        top = fitting_scale(layout.size, window_room())
        if self.settings.scale:
            return min(self.settings.scale, top)       # never a window beyond the screen
        return min(DEFAULT_MAX_SCALE, top)

    def fit_window(self, cols: int, rows: int, mines: int = 0, shape: str = "grid") -> None:
        """Make the window fit a board of cols x rows holding ``mines``, of ``shape``."""
        self._board = (cols, rows, mines, shape)
        self.refit()

    def refit(self) -> None:
        """Resize the one window if the board, the scale or fullscreen changed:
        windowed at the chosen scale, or fullscreen at the largest that fits.
        The game goes on: nothing here pauses it."""
        cols, rows, mines, shape = self._board
        fullscreen = self.settings.fullscreen
        if fullscreen:
            layout = Layout.for_board(cols, rows, max_size=desktop_size(), mines=mines,
                                      shape=shape)
            scale = fitting_scale(layout.size, desktop_size())
        else:
            room = window_room()
            scale = self.chosen_scale(Layout.for_board(cols, rows, shape=shape))
            layout = Layout.for_board(cols, rows, max_size=(room[0] // scale, room[1] // scale),
                                      mines=mines, shape=shape)
        mode = (layout, scale, fullscreen)
        if mode != self._mode:
            self._mode = mode
            self.layout = layout
            self.viewport = self.display.open(layout.size, scale, fullscreen)
            self.atlas.convert()
            self.painter = Painter(self.display.surface, self.atlas, self.viewport)
            for screen in self.stack:
                screen.relayout()
            self.invalidate()

    def window_resized(self) -> None:
        """The window changed size without us asking (a tiling window
        manager, a maximise): the game is placed again on the window's new
        surface, at the same scale (fullscreen: the largest that fits), and
        drawn whole. Our own resizes placed it already: nothing to do."""
        if self.layout is None or not self.display.replaced():
            return
        scale = self.viewport.scale
        self.viewport = self.display.place(self.layout.size, scale)
        self.painter = Painter(self.display.surface, self.atlas, self.viewport)
        if self.viewport.scale != scale:
            for screen in self.stack:
                screen.relayout()
        self.invalidate()

    def zoom(self, step: int) -> None:
        """One integer scale up or down, within what fits the screen (windowed only)."""
        if self.can_zoom(step):
            self.settings.scale = self.viewport.scale + step
            self.settings_changed("scale")
            self.refit()

    def can_zoom(self, step: int) -> bool:
        if self.settings.fullscreen:
            return False
        cols, rows, _, shape = self._board
        top = fitting_scale(Layout.for_board(cols, rows, shape=shape).size, window_room())
        return 1 <= self.viewport.scale + step <= top

    def settings_changed(self, *names: str) -> None:
        """The player changed the settings ``names``: save them (settings given
        on the command line stay unsaved until the player changes them)."""
        if self.kiosk:
            return                        # a kiosk's setup is the operator's, never saved
        self.overridden.difference_update(names)
        kept = {name: getattr(self.store.settings, name) for name in self.overridden}
        self.store.settings = dataclasses.replace(self.settings, **kept)
        self.store.save_settings()
        self.show_notices()

    def set_language(self, lang: str) -> None:
        """View > Language: switch now, without a restart (title, menus, open
        screens and the hint all speak the new language), and remember it."""
        i18n.set_language(lang)
        self.settings.language = lang
        self.settings_changed("language")
        self.display.caption = i18n._("Minesweeper")
        pygame.display.set_caption(self.display.caption)
        assist = self.play.assist
        # A hint on screen is asked again: it comes back in the new language
        # (a line shown instead, such as "The game is over", is translated
        # as it is drawn).
        if assist.shown:
            self.play.mark_dirty(assist.show_hint())
        for screen in self.stack:
            screen.relayout()
        self.invalidate()

    def show_notices(self) -> None:
        """Tell the player, once, what the store has to say (damaged files,
        records that cannot be saved). In attract mode nobody is there to
        read it: it waits for the first visitor. Shown over the demo, it
        took attract mode off the top of the stack, whose idle time had run
        out: attract mode began again at once and closed it unread (a
        --demo run never showed the damaged records it started with)."""
        if self.attracting:
            return
        notices = self.store.take_notices()
        if notices:
            from .screens.notice import NoticeDialog
            self.push(NoticeDialog(self, "\n\n".join(notices)))

    def invalidate(self) -> None:
        """Redraw everything at the next render."""
        self._full = True

    # ------------------------------------------------------------ stack

    @property
    def top(self) -> Screen:
        return self.stack[-1]

    def push(self, screen: Screen, over: Screen | None = None) -> None:
        """Put ``screen`` on top, or just above ``over`` (the pause panel
        goes between the game and a dialog open over it: the dialog stays
        on top, usable)."""
        at = len(self.stack) if over is None else self.stack.index(over) + 1
        self.stack.insert(at, screen)
        screen.enter()
        self.invalidate()

    def remove(self, screen: Screen) -> None:
        """Take ``screen`` off the stack wherever it is (a pause left under
        a dialog that started a new game)."""
        if screen in self.stack:
            self.stack.remove(screen)
            screen.exit()
            self.invalidate()

    def pop(self) -> Screen:
        screen = self.stack.pop()
        screen.exit()
        self.invalidate()
        return screen

    def request_quit(self) -> None:
        self.running = False

    # ------------------------------------------------------------ attract mode

    @property
    def attracting(self) -> bool:
        from .screens.attract import AttractScreen
        return isinstance(self.top, AttractScreen)

    def start_attract(self) -> None:
        """Close whatever is open (a name entry keeps its record), undo what
        the visitor changed (kiosk) and let the computer play demo games.
        The operator's configuration comes back as the visitor leaves, not
        as the next one comes: the demo games are for passers-by, and they
        went on in the last visitor's language, with the probability
        overlay colouring them and the flag-mode button held in."""
        from .screens.attract import AttractScreen
        cancels = 16                      # a cancel may push a screen (name -> table)
        while self.top is not self.play:
            screen = self.top
            if cancels and hasattr(screen, "cancel"):
                cancels -= 1
                screen.cancel()
            if self.top is screen:
                self.pop()
        self.restore_operator_settings()
        self.push(AttractScreen(self, self._seed, **self.attract_options))

    def restore_operator_settings(self) -> None:
        """Kiosk: undo what the last visitor changed (level, custom size, marks,
        flag mode, first-click rule, no-guess, the language, the probability
        overlay), in place, so the next one starts from the operator's
        configuration: an overlay left on marked every later visitor's game
        assisted, kept out of the best times."""
        if self.operator_settings is None:
            return
        for field in dataclasses.fields(Settings):
            setattr(self.settings, field.name, getattr(self.operator_settings, field.name))
        self.play.assist.overlay = False
        lang = i18n.choose(self.settings.language)
        if lang != i18n.language():
            self.set_language(lang)
            self.settings.language = self.operator_settings.language

    def still(self) -> bool:
        """Whether a stall of a tenth of a second would go unseen (the sound
        mixer opens then, ``audio.py``): nobody has acted for ``STILL_TICKS``
        (half a second after the first frame at the earliest), and the game is
        on top with nothing moving or held."""
        return (self.top is self.play and self.ticks - self.last_input >= STILL_TICKS
                and self.play.still())

    def woke(self) -> None:
        """Someone is at the machine: the idle time starts again."""
        self.last_input = self.ticks

    # ------------------------------------------------------------ loop

    def handle_events(self) -> None:
        """Give each event to whom it concerns. Keys already down when the
        focus comes back (the Alt of an Alt+Tab) are told by SDL as presses
        right after the focus event: nobody pressed them in this window, so
        they only count as held. Taken as presses, coming back with Alt+Tab
        ended a pause at once (the clock ran before the player did anything)
        and, once Alt came up, opened the Game menu."""
        focus_came = False
        for event in pygame.event.get():
            if event.type in INPUT_EVENTS or pointer_moved(event):
                self.woke()
            if not self.held_keys.wanted(event):
                continue                           # a held key that acts once per press
            if event.type == pygame.WINDOWFOCUSGAINED:
                focus_came = self.focused = True
            elif event.type == pygame.KEYDOWN and focus_came:
                continue                           # held as the focus came
            elif event.type in INPUT_EVENTS:
                focus_came = False
                self.focused |= event.type in DELIBERATE_INPUT
            if event.type == pygame.KEYDOWN and keys.is_operator_exit(event):
                self.request_quit()
            elif event.type == pygame.QUIT:
                self.commands.run("exit")          # refused in kiosk mode
            elif event.type == pygame.DROPFILE and not self.kiosk:
                self.commands.open_replay_file(event.file)     # a replay dropped on the window
            elif event.type in (pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE):
                self.invalidate()
            elif event.type == pygame.WINDOWSIZECHANGED:
                self.window_resized()
            elif event.type in DEVICE_EVENTS:
                self.audio.device_changed(event)       # speakers plugged in or out
            elif event.type == pygame.WINDOWLEAVE:
                self.play.pointer_left()
            elif event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED):
                self.focused = False
                self.held_keys.clear()
                while self.top.closes_with_focus:    # an open menu: the pause panel cut it
                    self.pop()
                for screen in self.stack:
                    screen.focus_lost()
                self.play.pause()
            elif event.type == pygame.KEYDOWN and keys.command_for(event) in keys.GLOBAL \
                    and self.top is not self.play and not self.attracting:
                self.commands.run(keys.command_for(event))
            else:
                self.top.handle(event)

    def update(self) -> None:
        """One fixed tick for every screen; news from the store's background
        writer (saving stopped) is shown as it comes."""
        self.ticks += 1
        if self.store.notices:
            self.show_notices()
        self.replays.update()
        self.exports.update()
        for screen in list(self.stack):
            screen.update()
        self.audio.update(self.still())
        if self.idle_ticks and self.ticks - self.last_input >= self.idle_ticks \
                and not self.attracting:
            self.start_attract()

    def render(self) -> bool:
        """Draw what changed; flip only when something was drawn. While a
        replay is late, its cue is drawn over everything (the whole window is
        drawn again when the cue comes and goes)."""
        opening = self.replays.late
        if opening != self._opening_shown:
            self._opening_shown = opening
            self._full = True
        full, self._full = self._full, False
        if full:
            self.display.surface.fill(BACKDROP)
        drew = False
        for screen in self.stack[self._first_shown():]:
            drew |= screen.draw(self.painter, full or (drew and screen.overlay))
        if opening and drew and self.layout is not None:
            draw_thinking(self.painter, self.layout, OPENING)
        if drew:
            pygame.display.flip()
        self.frames += 1
        return drew

    def _first_shown(self) -> int:
        """Index of the top-most screen that covers the window (the replay
        viewer over the game): the screens below it are not drawn."""
        return max(i for i, screen in enumerate(self.stack) if not screen.overlay)

    def step(self, ticks: int = 1) -> None:
        """Headless: handle pending events, advance ``ticks`` ticks, render once."""
        self.handle_events()
        for _ in range(ticks):
            if self.headless_clock is not None:
                self.headless_clock.advance(DT)
            self.update()
        self.render()

    def run(self, frames: int | None = None,
            before_frame: Callable[[App], None] | None = None) -> int:
        """The real loop; ``frames`` stops it once ``self.frames`` (frames
        drawn) reaches it (smoke tests). ``before_frame`` runs ahead of each
        pass of the loop, drawn or not, outside its timing
        (benchmark scripts); each frame's work (input, ticks, drawing) is
        timed into ``frame_times`` when that is a list."""
        # Everything loaded by now lives as long as the window: keep it out
        # of the garbage collector's full sweeps, which otherwise cost a
        # frame now and then (7 ms, against 0.2 ms frozen).
        gc.freeze()
        pacer = pygame.time.Clock()
        previous = self.clock()
        lag = 0.0
        drawing_owed = False
        while self.running:
            if before_frame is not None:
                before_frame(self)
            started = time.perf_counter()
            now = self.clock()
            lag += min(now - previous, MAX_FRAME)
            previous = now
            self.handle_events()
            while lag >= DT and self.running:
                self.update()
                lag -= DT
            if time.perf_counter() - started > DRAW_LATER_AFTER and not drawing_owed:
                drawing_owed = True
            else:
                drawing_owed = False
                self.render()
            if self.frame_times is not None:
                self.frame_times.append(time.perf_counter() - started)
            if frames is not None and self.frames >= frames:
                break
            pacer.tick(TICKS_PER_SECOND)
        return 0

    def close(self) -> None:
        """Leave: the computer's and the replay loader's processes (if any)
        are stopped, and the resource tracker multiprocessing started with
        them is waited for (``end_resource_tracker``); pending reads of the
        records are dropped; a best time being named keeps the name typed so
        far; a game in progress is recorded as abandoned; what the store has
        queued is written before the window goes."""
        self.worker.close()
        self.replays.close()
        end_resource_tracker()
        self.reader.close()
        for screen in reversed(self.stack):
            keep_record = getattr(screen, "keep_record", None)
            if keep_record is not None:
                keep_record()
        self.play.abandon()
        self.exports.close()
        self.store.flush()
        self.audio.stop()
        pygame.display.quit()
