"""The application: the screen stack and what the screens share.

``App`` holds the window's state (layout, scale, painter), the stack of
screens, the settings and the store, sound, the computer's worker and the
replay loader, and attract mode. Fitting the window to the board is its
``window_fit`` part, the fixed-timestep loop its ``loop`` part.
"""

from __future__ import annotations

import copy
import dataclasses
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.i18n import N_
from game.replay import Replay
from game.settings import Settings
from game.store import Store
from game.store.settings_merge import changed_since

from . import keys
from .audio import Audio
from .commands import Commands
from .display import Display
from .exporting import ReplayExporter
from .frame import Layout
from .held_fingers import HeldFingers
from .hit import Viewport
from .host import Stacked
from .loading import ReplayLoader
from .loop import Loop, TickClock
from .moved_pointer import MovedPointer
from .render.atlas import Atlas
from .render.fallback import FallbackGlyphs, bundled_has
from .render.painter import Painter
from .render.system_fonts import FontFinder
from .spawning import end_resource_tracker
from .stuck_buttons import StuckButtons, desktop_pointer
from .ticks import TICKS_PER_SECOND
from .window_fit import Lending, WindowFit
from .worker import ProcessWorker, SyncWorker, Worker

if TYPE_CHECKING:
    from .screens.attract import AttractOptions

DEFAULT_IDLE_SECONDS = 60.0
#: Without input this long, a still board may stall a tenth of a second unseen.
STILL_TICKS = TICKS_PER_SECOND // 2


class App(Loop, WindowFit):
    #: The window's layout, and the painter drawing on it: made as the window
    #: first opens (``WindowFit.refit``), which ``__init__`` does through the
    #: play screen's first game; there from then on.
    layout: Layout
    painter: Painter

    def __init__(self, settings: Settings, *, store: Store,
                 overridden: Iterable[str] = (), clock: Callable[[], float] | None = None,
                 seed: int | None = None, kiosk: bool = False, demo: bool = False,
                 idle_seconds: float = DEFAULT_IDLE_SECONDS,
                 worker: Worker | None = None, background_reads: bool | None = None,
                 loader: Worker | None = None,
                 font_folders: Sequence[Path] | None = None) -> None:
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
        thread at the next tick. Characters none of our fonts has are
        looked for in the fonts under ``font_folders`` (the system's by
        default), on a thread of their own."""
        pygame.display.init()
        pygame.font.init()
        self._take_input()
        self._hold_settings(settings, store, overridden)
        self.headless_clock = clock if isinstance(clock, TickClock) else None
        self.clock = clock or time.perf_counter
        self._start_helpers(worker, loader, background_reads)
        self._open_window(settings, font_folders)
        self.stack: list[Stacked] = []
        self.commands = Commands(self)
        self._board: tuple[int, int, int, str] = (9, 9, 10, "grid")   # columns, rows, mines, shape
        self._mode: tuple[Layout, int, bool] | None = None
        self._set_run(settings, kiosk=kiosk, demo=demo, idle_seconds=idle_seconds, seed=seed)
        self._start_loop_state()
        from .screens.play import PlayScreen  # the play screen needs a live app
        self.play = PlayScreen(self, seed)
        self.push(self.play)
        self.display.lock_input(kiosk)
        if demo:
            self.start_attract()
        self.show_notices()

    def _take_input(self) -> None:
        """The keyboard's repeat and what the window's input keeps: keys and
        fingers held, buttons let go outside the window, the window moved
        under the pointer."""
        pygame.key.set_repeat(keys.REPEAT_DELAY_MS, keys.REPEAT_INTERVAL_MS)
        self.held_keys = keys.HeldKeys()
        # the desktop's pointer, in the display's window (made further on)
        def pointer() -> tuple[int, int] | None:
            return desktop_pointer(self.display.window)
        self.stuck_buttons = StuckButtons(pointer)
        self.held_fingers = HeldFingers()
        # where that window's inside is on the desktop (None before it is made)
        def placed() -> tuple[int, int] | None:
            window = self.display.window
            return None if window is None else window.position
        self.moved_pointer = MovedPointer(pointer, placed)
        self.keypad = keys.Keypad()

    def _hold_settings(self, settings: Settings, store: Store, overridden: Iterable[str]) -> None:
        """This run's ``settings`` (their language chosen first: the window's
        caption is worded in it), and what it may save of them."""
        i18n.set_language(i18n.choose(settings.language))
        self.settings = settings
        self.store = store
        #: Settings this run holds that are not the player's to save: the
        #: command line's, and the flag mode the demo turns off as it plays.
        self.overridden = set(overridden)
        #: What this copy's settings were when it last read settings.json
        #: (at its start) or saved it: one differing now is a change of its
        #: own. After a save they are this copy's as shown, not the file's:
        #: another copy's choice kept in the file does not switch this
        #: window mid-run, and is not written back over unless changed here.
        self._settings_base = copy.deepcopy(store.settings)

    def _start_helpers(self, worker: Worker | None, loader: Worker | None,
                       background_reads: bool | None) -> None:
        """What works away from the window's thread: the computer, the replay
        loader, the records' reader and the exporter (on the spot, or on
        the UI thread's next tick, for headless runs: see ``__init__``)."""
        if worker is None:
            worker = SyncWorker() if self.headless_clock is not None else ProcessWorker()
        self.worker = worker
        if loader is None:
            loader = SyncWorker() if self.headless_clock is not None else ProcessWorker(
                N_("the process reading the replay stopped"))
        self.replays = ReplayLoader(loader)
        if background_reads is None:
            background_reads = self.headless_clock is None
        self.reader = self.store.reader(background=background_reads)
        self.exports = ReplayExporter(background=background_reads)

    def _open_window(self, settings: Settings, font_folders: Sequence[Path] | None) -> None:
        """The sprites and fonts, the window (opened at the first layout),
        sound, and what the drawing of the screens shares."""
        self.atlas = Atlas.load()
        self.atlas.colour = settings.color
        self.fallback = FallbackGlyphs(FontFinder(font_folders))
        # What pygame's own font holds, read now (1.7 ms) rather than in the
        # first frame showing a character of no font of ours: Open Replay
        # on long names in four scripts, already the busiest frame.
        bundled_has(" ")
        self.display = Display(i18n._("Minesweeper"), icon=self.atlas.get("icon"),
                               saved_at=settings.window_position)
        self._place_unsaved = False                 # the window moved since its place was saved
        self._moved_at_tick = 0
        # The window as it was before the replay viewer's bigger board was
        # lent it (``WindowFit.fit_window``); None while it is not lent.
        self._lending: Lending | None = None
        self.audio = Audio(settings.sound, clock=self.clock)
        self.viewport = Viewport(1)
        # Where the mouse was last seen, in display pixels, whichever screen
        # was told: a dialog under a notice judges its pointer from here, and
        # the board uncovered its hover. Not SDL's mouse copy of a finger,
        # which points at nothing: the tap that closed a menu left the
        # overlay's percentage beside the tapped cell, and the taps after it
        # never moved it (the board takes no hover from a finger).
        self.pointer: tuple[int, int] | None = None

    def _set_run(self, settings: Settings, *, kiosk: bool, demo: bool, idle_seconds: float,
                 seed: int | None) -> None:
        """What kind of run this is: a kiosk's (fullscreen, the operator's
        settings kept), a demo's, the idle time to attract mode, the seed;
        and what attract mode and the last game's replay keep."""
        self.kiosk = kiosk
        self.demo = demo
        if kiosk:
            settings.fullscreen = True
        #: The operator's configuration, which every kiosk visitor starts from.
        self.operator_settings = dataclasses.replace(settings, flag_mode=False) if kiosk else None
        self.idle_ticks = round(idle_seconds * TICKS_PER_SECOND) if (kiosk or demo) else 0
        self.last_input = 0
        self._seed = seed
        self.attract_options: AttractOptions = {}   # AttractScreen pace (soak tests)
        self.last_replay: Replay | None = None        # the last game recorded, to watch

    def _start_loop_state(self) -> None:
        """What the loop counts and the frame it owes, before the first tick."""
        self.running = True
        #: The window has the focus (or someone is clicking or typing in it):
        #: a game that starts without it is paused at once (``PlayScreen.play``).
        self.focused = True
        self.ticks = 0
        self.frames = 0
        self.frame_times: list[float] | None = None    # see run()
        self.drawing_owed = False                      # see run()
        self._full = True
        self._opening_shown = False                    # the late replay's cue is drawn

    # ------------------------------------------------------------ settings

    def settings_changed(self, *names: str) -> None:
        """The player changed the settings ``names`` (or the game did, the
        window's place): save them, merged into settings.json as another
        copy of the game may have saved it meanwhile (``settings_merge``).
        Settings given on the command line stay unsaved until the player
        changes them; a kiosk saves none. What the store then has to say
        (settings.json a newer version's since) is shown at the next tick
        (``update``), not here: a dialog that saves, then closes itself (Custom
        Field's OK, the name of a best time), closed the notice instead, unread,
        and stayed open."""
        if self.kiosk:
            return                        # a kiosk's setup is the operator's, never saved
        self.overridden.difference_update(names)
        ours = changed_since(self._settings_base, self.settings, names, self.overridden)
        self.store.save_settings_merged(self.settings, ours)
        # An overridden setting's own value is not this copy's change: its
        # base stays, so that given back (the demo's flag mode, once it
        # ends) it is no change either.
        kept = {name: getattr(self._settings_base, name) for name in self.overridden}
        self._settings_base = dataclasses.replace(copy.deepcopy(self.settings), **kept)

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

    def glyphs_found(self) -> None:
        """Characters drawn as boxes were found in the system's fonts (or
        found in none): text is measured and drawn again, as when the
        language changes, since a name's width changed with them."""
        self.painter.forget_text()
        for screen in self.stack:
            screen.relayout()
        self.invalidate()

    # ------------------------------------------------------------ stack

    @property
    def top(self) -> Stacked:
        return self.stack[-1]

    def push(self, screen: Stacked, over: Stacked | None = None) -> None:
        """Put ``screen`` on top, or just above ``over`` (the pause panel
        goes between the game and a dialog open over it: the dialog stays
        on top, usable)."""
        at = len(self.stack) if over is None else self.stack.index(over) + 1
        self.stack.insert(at, screen)
        screen.enter()
        self.invalidate()

    def remove(self, screen: Stacked) -> None:
        """Take ``screen`` off the stack wherever it is (a pause left under
        a dialog that started a new game)."""
        if screen in self.stack:
            self.stack.remove(screen)
            screen.exit()
            self.invalidate()

    def pop(self) -> Stacked:
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
        flag mode, first-click rule, no-guess, the language, Color, the
        probability overlay), in place, so the next one starts from the operator's
        configuration: an overlay left on marked every later visitor's game
        assisted, kept out of the best times."""
        if self.operator_settings is None:
            return
        for field in dataclasses.fields(Settings):
            setattr(self.settings, field.name, getattr(self.operator_settings, field.name))
        self.play.assist.overlay = False
        if self.atlas.colour != self.settings.color:
            self.recolour()
        lang = i18n.choose(self.settings.language)
        if lang != i18n.language():
            self.set_language(lang)
            self.settings.language = self.operator_settings.language

    def still(self) -> bool:
        """Whether a stall of a tenth of a second would go unseen (the sound
        mixer opens then, ``audio.py``): nobody has acted for ``STILL_TICKS``
        (half a second after the first frame at the earliest), and the game is
        on top with nothing moving or held (a held arrow key's repeats move
        the keyboard cursor, and act as no new input: ``hand_on``)."""
        return (self.top is self.play and self.ticks - self.last_input >= STILL_TICKS
                and self.play.still() and not self.hand_on())

    def woke(self) -> None:
        """Someone is at the machine: the idle time starts again."""
        self.last_input = self.ticks


    def close(self) -> None:
        """Leave: the window goes first, at once (its place kept), then the
        computer's and the replay loader's processes (if any) are stopped,
        and the resource tracker multiprocessing started with them is
        waited for (``end_resource_tracker``); pending reads of the records
        are dropped; a best time being named keeps the name typed so far; a
        game in progress is recorded as abandoned. What the store has queued
        is written by the store's ``close``, the window gone: the window
        waited up to a second for it (and for the processes to end), which
        looked like a game that did not close."""
        self.remember_window_place(closing=True)
        self.audio.stop()
        pygame.display.quit()
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
        self.fallback.finder.close()
