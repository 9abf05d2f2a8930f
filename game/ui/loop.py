"""The fixed-timestep loop: input, ticks, drawing, frame after frame.

The loop reads input without blocking, advances the simulation in fixed ticks
of 1/60 s while the accumulator holds one (a long frame is clamped to 0.25 s so
a stall, or a machine waking from sleep, never spirals; a clock read back in
time adds nothing), then renders once and flips only if something was
drawn. Headless tests call ``step`` instead of ``run``: events, then a given
number of ticks, then one render, with a clock that ticks advance.

The app's loop (a mixin, so the app stays one object with one state):
``App`` in ``app`` owns the screen stack and everything the loop serves.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Self

import pygame

from . import keys
from .audio import DEVICE_EVENTS
from .display import BACKDROP
from .render.assist import OPENING, draw_thinking
from .screens.base import DELIBERATE_INPUT, hand_moved
from .screens.play_spent import PRESSES, held_input
from .ticks import TICKS_PER_SECOND
from .xyzzy import CORNER

if TYPE_CHECKING:
    from game.store import Store

    from .audio import Audio
    from .commands import Commands
    from .display import Display
    from .exporting import ReplayExporter
    from .frame import Layout
    from .held_fingers import HeldFingers
    from .host import Stacked
    from .loading import ReplayLoader
    from .moved_pointer import MovedPointer
    from .render.fallback import FallbackGlyphs
    from .render.painter import Painter
    from .screens.play import PlayScreen
    from .stuck_buttons import StuckButtons

DT = 1 / TICKS_PER_SECOND
MAX_FRAME = 0.25
#: When a frame's input and ticks took longer than this (a click opening ten
#: thousand cells takes 5 ms), its drawing waits for the next frame, so
#: neither frame misses the refresh; never two frames in a row. The next
#: frame's ticks know (``drawing_owed``): work that can wait a frame waits.
DRAW_LATER_AFTER = DT / 4
#: How long a button, key or finger held, and nothing else, keeps a kiosk
#: out of attract mode (``Loop.hand_on``): far past any player's thinking
#: with a button down, soon enough for a kiosk with a bag on its keyboard.
HAND_HELD_TICKS = 5 * 60 * TICKS_PER_SECOND
#: Input that counts as someone at the machine (idle time restarts).
INPUT_EVENTS = (pygame.KEYDOWN, pygame.KEYUP, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                pygame.MOUSEWHEEL, pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION,
                pygame.TEXTINPUT)
#: Events that say where the mouse is.
MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


def composing(event: pygame.event.Event) -> bool:
    """Whether ``event`` is an input method's composition under way: the
    keys it takes come as no KEYDOWN (Windows, IBus), only as these, and a
    kiosk visitor writing a name in kanji for a minute was idle, the entry
    closed mid-word. An empty one, a composition ended, is left out: it
    also comes when the game gives one up itself (``Dialog``), with no one
    there."""
    return event.type == pygame.TEXTEDITING and bool(getattr(event, "text", ""))


class TickClock:
    """A clock for headless runs: time advances only with the ticks stepped."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class Loop:
    """The loop of ``App`` (see ``app`` for the state it runs on)."""

    if TYPE_CHECKING:       # what this mixin uses of App, which keeps it
        store: Store
        audio: Audio
        display: Display
        commands: Commands
        replays: ReplayLoader
        exports: ReplayExporter
        fallback: FallbackGlyphs
        stack: list[Stacked]
        play: PlayScreen
        layout: Layout
        painter: Painter
        pointer: tuple[int, int] | None
        held_keys: keys.HeldKeys
        held_fingers: HeldFingers
        stuck_buttons: StuckButtons
        moved_pointer: MovedPointer
        keypad: keys.Keypad
        headless_clock: TickClock | None
        clock: Callable[[], float]
        kiosk: bool
        running: bool
        focused: bool
        idle_ticks: int
        last_input: int
        ticks: int
        frames: int
        frame_times: list[float] | None
        drawing_owed: bool
        _full: bool
        _opening_shown: bool

        @property
        def top(self) -> Stacked: ...
        @property
        def attracting(self) -> bool: ...
        def pop(self) -> Stacked: ...
        def woke(self) -> None: ...
        def invalidate(self) -> None: ...
        def request_quit(self) -> None: ...
        def show_notices(self) -> None: ...
        def glyphs_found(self) -> None: ...
        def still(self) -> bool: ...
        def start_attract(self) -> None: ...
        def window_resized(self) -> None: ...
        def window_moved(self) -> None: ...
        def remember_window_place(self, closing: bool = False) -> None: ...

    def handle_events(self) -> None:
        """Give each event to whom it concerns. Keys already down when the
        focus comes back (the Alt of an Alt+Tab) are told by SDL as presses
        right after the focus event: nobody pressed them in this window, so
        they only count as held. Taken as presses, coming back with Alt+Tab
        ended a pause at once (the clock ran before the player did anything)
        and, once Alt came up, opened the Game menu. The click that brought
        the window back (the focus gone, not the window just shown) comes
        right after the focus too: it ends a pause,
        works a dialog or the menus, and plays nothing on the board
        (``PlaySpent.take_activating_click``). A click whose press SDL
        dropped, its button let go outside the window, gets its press back
        (``StuckButtons``); the window moved under a
        still pointer is the pointer moved in it (``MovedPointer``), but no
        one at the machine: the idle time runs on (``hand_moved``), as a
        kiosk moved by a window manager, or a demo's window put back in
        place, is no visitor."""
        focus_came = came_back = False
        self.held_keys.batch()
        self.stuck_buttons.check()
        events = self.moved_pointer.mended(pygame.event.get())
        for event in self.stuck_buttons.mended(events):
            event = self.held_keys.as_held(self.keypad.named(event))
            repeat = self.held_keys.still_held(event)
            if event.type in INPUT_EVENTS and not repeat or hand_moved(event) \
                    or composing(event):
                self.woke()
            self.held_fingers.see(event)
            if event.type in MOUSE_EVENTS and not getattr(event, "touch", False):
                self.pointer = event.pos           # the mouse's: a finger hovers nothing
            if not self.held_keys.wanted(event):
                continue                           # a held key that acts once per press
            if repeat and self.attracting:
                continue                           # held as attract mode began: no visitor
            if event.type == pygame.WINDOWFOCUSGAINED:
                came_back = not self.focused         # gone, not just shown at the start
                focus_came = self.focused = True
            elif event.type == pygame.KEYDOWN and focus_came:
                continue                           # held as the focus came
            elif event.type in INPUT_EVENTS:
                activating = came_back and event.type == pygame.MOUSEBUTTONDOWN
                focus_came = came_back = False
                self.focused |= event.type in DELIBERATE_INPUT
                if activating and self.top is self.play and self.play.take_activating_click(event):
                    continue                       # the click that brought the window back
            self._dispatch(event)

    def _dispatch(self, event: pygame.event.Event) -> None:
        """One event to whom it concerns: the window's own (quit, a file
        dropped, exposed, resized, a sound device, the pointer or the focus
        gone, moved), a global key, or else the screen on top."""
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
        elif event.type == pygame.WINDOWMOVED:
            self.window_moved()
        elif event.type in DEVICE_EVENTS:
            self.audio.device_changed(event)       # speakers plugged in or out
        elif event.type == pygame.WINDOWLEAVE:
            self.pointer = None                    # where it was is no longer where it is
            self.play.pointer_left()
        elif event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED):
            self._focus_lost()
        elif event.type == pygame.KEYDOWN and keys.is_close(event):
            self._close_front()
        elif event.type == pygame.KEYDOWN and keys.command_for(event) in keys.GLOBAL \
                and self.top is not self.play and not self.attracting:
            command = keys.command_for(event)
            assert command is not None         # one of keys.GLOBAL, as just found
            self.commands.run(command)
        else:
            self._to_top(event)

    def _close_front(self) -> None:
        """Alt+F4: as in Windows, it closes the dialog in front, as Esc does
        (a name entry keeps its record), or else the game (not in kiosk
        mode). SDL on Windows turned it into a quit wherever the focus was
        (see ``game.ui.PYGAME_ENVIRONMENT``): the Custom Field dismissed with
        Alt+F4 took the game with it, the one under way abandoned. The
        board never sees F4: told, it takes Alt's release for no tap of Alt
        alone (a kiosk, which does not quit, lit the Game title)."""
        self.play.alt_spent()
        cancel = getattr(self.top, "cancel", None)
        if cancel is not None and self.top is not self.play:
            cancel()
        else:
            self.commands.run("exit")

    def _to_top(self, event: pygame.event.Event) -> None:
        """``event`` to the screen on top. A press that took that screen
        away (a menu closed by a tap outside it, a double click on a
        list's row that watches a game) is spent, and the rest of its
        gesture with it, when the board shows again (``spend_gesture``):
        SDL sends a tap as its mouse copy first, then the finger, which
        reached the board and opened the cell tapped, or pressed the face
        and abandoned the game in progress. A left click that closed a menu
        goes on to the board instead, or to the dialog a control menu
        was open over (``Screen.passes_press``), as in Windows."""
        top = self.top
        top.handle(event)
        below = self.top
        if below is not top and top not in self.stack \
                and event.type in PRESSES and held_input(event) is not None:
            if top.passes_press:
                below.handle(event)            # the click that closed a menu, as in Windows
            elif below is self.play:
                self.play.spend_gesture(event)

    def _focus_lost(self) -> None:
        """The window lost the focus or was minimised: keys held are
        forgotten, an open menu closes, every screen lets go of what a press
        holds, and a game under way pauses."""
        self.focused = False
        self.held_keys.clear()
        self.stuck_buttons.focus_lost()
        self.held_fingers.focus_lost()
        while self.top.closes_with_focus:    # an open menu: the pause panel cut it
            self.pop()
        for screen in self.stack:
            screen.focus_lost()
        self.play.pause()

    def update(self) -> None:
        """One fixed tick for every screen; news from the store's background
        writer (saving stopped) is shown as it comes, and characters found in
        the system's fonts are drawn; the window's new place is saved once
        it stays there."""
        self.ticks += 1
        if self.store.notices:
            self.show_notices()
        self.replays.update()
        self.exports.update()
        if self.fallback.finder.take_news():
            self.glyphs_found()
        for screen in list(self.stack):
            screen.update()
        self.audio.update(self.still())
        self.remember_window_place()
        if self.idle_ticks and self.ticks - self.last_input >= self.idle_ticks \
                and not self.attracting and not self.hand_on():
            self.start_attract()

    def hand_on(self) -> bool:
        """Whether a hand holds a mouse button, a key or a finger down: a
        player thinking with the button pressed on a cell, the face saying
        "O", is at the machine, and attract mode began under the hand. The
        idle time then runs from the release (an input as any other).
        Held for :data:`HAND_HELD_TICKS` with nothing else from the machine
        (the held key's own repeats tell nothing: ``HeldKeys.still_held``),
        it is taken for something resting on it, as a kiosk operator would
        (a bag on the keyboard, a key stuck, a touch screen's ghost touch):
        it counts no longer, and attract mode begins; kept for ever, the
        kiosk stayed out of it until someone came to lift the bag."""
        held = self.stuck_buttons.held or self.held_keys.held or self.held_fingers.held
        return held and self.ticks - self.last_input < HAND_HELD_TICKS

    def render(self) -> bool:
        """Draw what changed; flip only when something was drawn. While a
        replay is late, its cue is drawn over everything (the whole window is
        drawn again when the cue comes and goes). The xyzzy cheat's pixel
        goes over it all, the game's own put back under it first; when it
        alone changed, it alone is presented (``xyzzy``)."""
        opening = self.replays.late
        if opening != self._opening_shown:
            self._opening_shown = opening
            self._full = True
        full, self._full = self._full, False
        surface = self.display.surface
        assert surface is not None     # the app's first game opened the window
        self.play.xyzzy.lift(surface)
        if full:
            surface.fill(self.painter.ink(BACKDROP))
        drew = False
        for screen in self.stack[self._first_shown():]:
            drew |= screen.draw(self.painter, full or (drew and screen.overlay))
        if opening and drew:
            draw_thinking(self.painter, self.layout, OPENING)
        corner = self.play.xyzzy.lay(surface)       # the cheat's pixel, over it all
        if drew:
            pygame.display.flip()
        elif corner:
            pygame.display.update(CORNER)
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
            before_frame: Callable[[Self], None] | None = None) -> int:
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
        while self.running:
            if before_frame is not None:
                before_frame(self)
            started = time.perf_counter()
            now = self.clock()
            lag += min(max(now - previous, 0.0), MAX_FRAME)
            previous = now
            self.handle_events()
            while lag >= DT and self.running:
                self.update()
                lag -= DT
            if time.perf_counter() - started > DRAW_LATER_AFTER and not self.drawing_owed:
                self.drawing_owed = True
            else:
                self.drawing_owed = False
                self.render()
            if self.frame_times is not None:
                self.frame_times.append(time.perf_counter() - started)
            if frames is not None and self.frames >= frames:
                break
            pacer.tick(TICKS_PER_SECOND)
        return 0
