"""The board screen: where clicks become moves and moves become pictures.

Three kinds of state are kept apart (after Tatham's Mines): the game state is
the session's engine; the UI state is the gesture in progress, the cursor and
the scroll; the draw state is what the board view and the counters last drew,
which can be thrown away at any time (a full redraw).

This module keeps the game: moves played, their sounds and animations, the
ticks. What input means is in ``play_input`` (what is spent before it plays
in ``play_spent``, fingers in ``play_touch``), the scroll and the keyboard
cursor in ``play_scroll``, the drawing in ``play_draw``: mixins of this one
screen, sharing its state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from game.engine import Minefield, Status

from ..anim import Animation, DefeatAnimation, VictoryAnimation
from ..assist import Assistant
from ..cursor import cursor_step
from ..frame import Layout
from ..gestures import CHORD, NEW_GAME, PRIMARY, SECONDARY, TOGGLE_MODE, Gestures
from ..recording import hold_unfinished, record_abandoned, record_end, sample_pointer
from ..render.board import BoardView
from ..session import FLAG, REVEAL, Session
from ..touch import Touch
from ..xyzzy import Xyzzy
from . import base
from .play_draw import PlayDrawing
from .play_input import PlayInput
from .play_scroll import PlayScroll
from .play_spent import PlaySpent
from .play_touch import PlayTouch

if TYPE_CHECKING:
    from ..gestures import Action
    from ..host import Host
    from ..session import Outcome

#: A best time's name entry waits this long into the victory (its flag wave).
NAME_WAIT_TICKS = 90
#: Ticks after the mines are laid when the board's 3BV is counted, in a quiet
#: frame (the first click's frame and the next, which draws what it opened,
#: are busy): the game's end needs it, and counting a 100x100 board took 3 to
#: 5 ms of the last frame, beside the record and the end's animation. Due in
#: a frame that draws what the last one left (``App.drawing_owed``), it waits
#: a tick: a click opening a 100x100 ring's 7,000 cells left its drawing to
#: the next frame, whose catching-up ticks reached the count, 18 ms in all.
COUNT_3BV_AFTER = 3


class PlayScreen(PlayInput, PlaySpent, PlayTouch, PlayScroll, PlayDrawing, base.Screen):
    #: The game played: made by ``new_game``, which ``__init__`` runs, so
    #: always there once the screen is (``abandon`` finds none the first time).
    session: Session

    def __init__(self, app: Host, seed: int | None = None) -> None:
        super().__init__(app)
        self.gestures = Gestures()
        self.touch = Touch()
        # The scroll bar being dragged: its kind, where along it its thumb
        # was taken, the first column or row shown then (``_take_thumb``)
        # and the finger holding it (None: the mouse's left button).
        self._drag: tuple[str, int, int, int | None] | None = None
        self._spent: set[tuple[str, int]] = set()     # held by a spent gesture (spend_gesture)
        self._spent_keys: set[int] = set()            # a spent key, held (its repeats)
        # A click that left the screen above: its press, for a double
        # click's second press to be spent (``spend_double_click``).
        self._double_of: tuple[int, tuple[int, int], tuple[str, int]] | None = None
        self.board_view: BoardView | None = None
        self.scroll = (0, 0)
        self.cursor: tuple[int, int] | None = None   # keyboard play; hidden until an arrow key
        self.anim: Animation | None = None
        self._alt_alone = False
        self._menu_on_alt = False                    # Alt released alone: the menus next tick
        self._dirty: set[tuple[int, int]] = set()
        self._pressed: set[tuple[int, int]] = set()
        self._shown: dict[str, object] = {}
        self._tip_followed: object = None   # the hint's explanation as the pointer last followed it
        self._view_behind = False     # scrolled since the board view was drawn (``scroll_by``)
        self.hover: tuple[int, int] | None = None     # the cell under the mouse pointer
        self._pointer: tuple[int, int] | None = None  # where the mouse was last seen (display px)
        self._covered = False         # another screen on top (``_let_go_when_covered``)
        self._after_victory: Callable[[], None] | None = None
        self._count_3bv_in: int | None = None        # ticks left (see COUNT_3BV_AFTER)
        self._ticked = 0                              # the clock's last second that ticked
        self._pause: base.Screen | None = None        # the pause panel pushed last
        self.assist = Assistant(self)
        self.xyzzy = Xyzzy(not (getattr(app, "kiosk", False) or getattr(app, "demo", False)))
        self.new_game(seed)

    # ------------------------------------------------------------- game

    @property
    def field(self) -> Minefield:
        """The game played (the session's)."""
        return self.session.field

    def new_game(self, seed: int | None = None, field: Minefield | None = None) -> None:
        """Start a game with the current settings, or on a given board (tests,
        replays); the window fits the board. The last game's sounds stop:
        the win's tune or the explosion went on over the new board after F2
        or a click on the face."""
        self._run_after_victory(force=True)
        self.app.audio.stop()
        if self._pause is not None:       # a dialog over the pause started this game
            self.app.remove(self._pause)
            self._pause = None
        self.abandon()
        self.anim = None
        self._count_3bv_in = None
        self._ticked = 0
        self.session = Session(self.app.settings, self.app.clock, seed=seed, field=field)
        self.assist.new_game()
        self.gestures.cancel()
        self.touch.cancel()
        self._pressed = set()
        self._dirty.clear()
        self.hover = None          # the old board's cell may lie off a smaller new one
        self.scroll = (0, 0)
        if self.cursor is not None:
            self.cursor = cursor_step(self.field, (min(self.cursor[0], self.field.width - 1),
                                                   min(self.cursor[1], self.field.height - 1)), 0, 0)
        view = self.board_view
        self.app.fit_window(self.field.width, self.field.height, self.field.mines,
                            self.field.shape)
        if self.board_view is view:       # the window was not laid out again: reset it here
            self._reset_board_view()
        self.keep_cursor_in_view()
        # The new board lies under a still pointer: the hover is the cell
        # under it now (an arrow after F2 showed the cursor in the middle of
        # the view, away from a pointer resting on a cell, until it moved).
        self.follow_pointer()
        self.app.invalidate()

    def after_victory(self, show: Callable[[], None]) -> None:
        """Run ``show`` (the best-time name entry) once the victory animation
        has played its flag wave, so the player sees the board won first."""
        self._after_victory = show
        self._run_after_victory()

    def _wave_holds_name(self) -> bool:
        """Whether the victory's flag wave is still playing: a best time's name
        entry waits for it, and so does the idle clock (``update``)."""
        anim = self.anim
        return anim is not None and not anim.done and anim.t < NAME_WAIT_TICKS

    def _run_after_victory(self, force: bool = False) -> None:
        ready = not self._wave_holds_name()
        if self._after_victory is not None and (force or ready and self.app.top is self):
            show, self._after_victory = self._after_victory, None
            show()

    def still(self) -> bool:
        """Nothing on the board moves or is held: no animation, no button or
        finger down, the computer not playing (``App.still``)."""
        return (self.anim is None or self.anim.done) and not self.assist.autoplay \
            and not self.gestures.held and self.touch.finger is None

    def holding(self) -> bool:
        """A button or a finger is down on the board, or a scroll bar is
        dragged: the board must not move under it."""
        return bool(self.gestures.held) or self.touch.finger is not None \
            or self._drag is not None

    def abandon(self) -> None:
        """The game in progress is being left: record it as abandoned."""
        if getattr(self, "session", None) is not None:    # none before the first game
            record_abandoned(self.app, self.session)

    def relayout(self) -> None:
        """The window was laid out again (a zoom, fullscreen, another
        language): the board is drawn afresh on a view of the new layout
        and scale, and a held press and the overlay's hover move to the
        cell now under the still pointer, the one a release plays on, if
        this screen knows where the pointer is (``_let_go_when_covered``).
        A view that has that layout and scale already (the language
        switched) shows the board as it is: drawing its cells again took
        11 ms of that frame with a 100x100 board's 10,000 cells in view (a
        4K screen), for the same picture."""
        layout = self.app.layout          # not this board's window while a replay shows another
        if layout.is_for(self.field.width, self.field.height, self.field.shape):
            self.scroll_by(0, 0)
            self.keep_cursor_in_view()
            view = self.board_view
            if view is None or not view.shows(layout, self.app.viewport.scale):
                self._reset_board_view()
            else:
                self._shown.clear()       # the whole board is shown again, as it is
            self.follow_pointer()

    def _reset_board_view(self) -> None:
        """Show the board afresh on a board view of the window's layout and
        scale: the one in place if it has them (a new 100x100 board's view
        took 3 ms to make, and was made twice when the board changed size:
        once as the window was laid out again, once by ``new_game``)."""
        layout, scale = self.app.layout, self.app.viewport.scale
        view = self.board_view
        if view is None or not view.shows(layout, scale):
            self.board_view = BoardView(self.app.atlas, scale, layout)
            if view is not None:
                self.board_view.keep_from(view)
        self._redraw_board()
        self._shown.clear()

    def _redraw_board(self) -> None:
        """Draw every visible cell again, from the scroll: a fresh view shows
        each one covered, so only the cells that may look otherwise are asked
        their code. Asking all of them (2,600 in view on 100x100) took 5 ms
        of the frame of every new game and every scroll step."""
        view = self.board_view
        assert view is not None       # made first (``_reset_board_view``, ``draw``)
        rows = self.field.view()        # (animations change only cells not shown "#")
        special = self._pressed | self.assist.marked_cells()
        if self.cursor is not None:
            special.add(self.cursor)
        if self.anim is None:
            # A plain cell's code is its character, read from the rows: the
            # 3,500 opened cells in a fullscreen view of a 100x100 hexagon
            # board took a third of the frame that went fullscreen as calls.
            view.draw_afresh(self.scroll, rows, special, self.code_of, self.field.mask)
        else:
            view.reset(self.scroll)
            view.update([c for c in view.cells_in_view()
                         if rows[c[1]][c[0]] != "#" or c in special], self.code_of)
        self._view_behind = False
        # Every cell in view is drawn as it is now, and those out of view are
        # drawn afresh when scrolled to: the cells changed since the last
        # drawing need no second look. A click that scrolls to its cell and
        # opens 7,000 (a 100x100 ring) looked at the 6,700 in view again,
        # each through ``code_of``, 3 to 5 ms more of that drawing.
        self._dirty.clear()

    def pause(self) -> None:
        """Hide the field and stop the clock while a game is running (demo
        games play on: nobody is timing them). A button or finger held when
        the focus goes may come up in another window, unseen: a spent
        gesture (``spend_gesture``) is forgotten, or it would swallow every
        press after, and a gesture under way is let go of, paused or not (a
        game not started yet kept its cell pressed and the face's "oh" all
        the while the player was away). Alt's release made up as the focus
        left opens no menu."""
        self._spent.clear()
        self._spent_keys.clear()
        self._alt_alone = self._menu_on_alt = False
        self._drag = None                 # a scroll bar held: moves would scroll on
        self.xyzzy.forget()
        if self.session.demo:
            return
        self.gestures.cancel()
        self.touch.cancel()
        if self.session.chrono.running and not self.session.chrono.paused:
            from .pause import PauseScreen
            self._pause = PauseScreen(self.app)
            self.app.push(self._pause, over=self)

    def play(self, kind: str, cell: tuple[int, int]) -> None:
        """Play a move and queue what it changed for drawing and sound (the
        first reveal of a no-guess board waits for its mines)."""
        if self.assist.lay_first(kind, cell):
            return
        ready = self.field.status == Status.READY
        outcome = self.session.play(kind, cell)
        self._dirty.update(outcome.changed)
        if ready and self.field.status == Status.PLAYING:     # the mines were just laid
            self._count_3bv_in = COUNT_3BV_AFTER
            if not self.app.focused:
                # Played with the player away (a no-guess board laid after
                # they switched windows, auto-play's first move): the clock
                # ran on unwatched, nothing having paused a game not started.
                self.pause()
        if outcome.useful:
            self._dirty |= self.assist.clear_hint()
        if outcome.ended:
            if self.assist.autoplay:
                # Auto-play's cursor goes with the game's end, in its replay
                # too (kept before the replay is made: it ended showing the
                # cursor on the last cell played, which the game did not).
                self.session.hide_cursor_at_end()
                self.assist.stop()
            self.app.audio.play("explosion" if outcome.ended == Status.LOST else "victory")
            self._start_animation(outcome, cell)
            record_end(self.app, self.session)
        elif outcome.useful:
            self.app.audio.play({REVEAL: "reveal", FLAG: "flag"}.get(kind, "chord"))

    def _start_animation(self, outcome: Outcome, cell: tuple[int, int]) -> None:
        field = self.field
        if outcome.ended == Status.LOST:
            self.anim = DefeatAnimation(field, outcome.changed)
        else:
            flagged = [c for c in outcome.changed if field.cell(*c) == "F"]
            self.anim = VictoryAnimation(field, flagged, cell, field.seed or 0,
                                         confetti_area(self.app.layout))
        self._dirty |= self.anim.turning(-1, 0) | set(outcome.changed)

    def skip_animation(self) -> None:
        if self.anim is not None:
            self._dirty |= self.anim.finish()

    def _act(self, action: Action) -> None:
        if action.kind == NEW_GAME:
            self.new_game()
        elif action.kind == PRIMARY:
            assert action.cell is not None      # a move's action carries its cell
            self.play(self.session.intent_of_primary(action.cell), action.cell)
        elif action.kind == SECONDARY:
            assert action.cell is not None      # a move's action carries its cell
            self.play(FLAG, action.cell)
        elif action.kind == CHORD:
            assert action.cell is not None      # a move's action carries its cell
            self.play("chord", action.cell)
        elif action.kind == TOGGLE_MODE:
            self.app.commands.run("toggle_flag_mode")

    def mark_dirty(self, cells: Iterable[tuple[int, int]]) -> None:
        """Redraw these cells at the next frame."""
        self._dirty |= set(cells)

    # ------------------------------------------------------------- ticks

    def update(self) -> None:
        self._let_go_when_covered()
        self._follow_tip()
        sample_pointer(self.session, self.gestures, self.touch, self.cursor)
        if self.app.top is self or not self.assist.autoplay:
            self.assist.tick()
        if self.anim is not None and not self.anim.done:
            self._dirty |= self.anim.tick()
        self._tick_touch()
        self._tick_alt()
        if self._after_victory is not None and self._wave_holds_name():
            # A best time's winner is watching the wave, not idle: idle time
            # counts from the name entry (with less idle time than the wave,
            # attract mode began first and no name was ever asked).
            self.app.woke()
        self._run_after_victory()
        if self._count_3bv_in is not None:
            self._count_3bv_in = max(0, self._count_3bv_in - 1)
            if self._count_3bv_in == 0 and not self.app.drawing_owed:
                self._count_3bv_in = None
                self.field.stats()            # the board keeps its count: the end reuses it
        if self._count_3bv_in is None:        # counted: keeping the game costs no frame
            hold_unfinished(self.app, self.session)
        self._tick_clock()
        self.xyzzy.follow(self.session, self.cell_reached() if self.xyzzy.on else None)

    def _tick_clock(self) -> None:
        """Tick each time the clock shows a new second, the 1 of the first
        click included, as the classic did. The second last ticked is the
        game's own, not the drawing's: a whole redraw (a menu or a dialog
        closing, a zoom, the window exposed) ticked once more off the beat."""
        chrono = self.session.chrono
        if chrono.running and not chrono.paused:
            seconds = chrono.display_seconds()
            if seconds != self._ticked:
                self._ticked = seconds
                self.app.audio.play("tick")

    def _let_go_when_covered(self) -> None:
        """A screen that opened over the board while a button or a finger
        was down on it (a best time's name entry once the wave has played,
        a notice) takes that input: its release goes there. The board lets
        go of it, or the face stayed pressed and the next click was lost
        after the dialogs closed, and a finger held behind a dialog went on
        to flag its cell, and a scroll bar held as F1 opened the help went
        on scrolling the board with every plain move once it closed.
        Where the pointer is goes too, once, as the board is covered: it
        moves over the screen on top, unseen here, and a zoom or fullscreen
        chosen there put the overlay's percentage beside the cell under
        where it had been.
        Uncovered, it comes back as the window last saw it, wherever the
        screen on top let it go (none if it left the window), and the hover
        follows it: what a click there would play is known from the first
        frame, the xyzzy pixel's cell and the overlay's percentage too (each
        waited for the pointer to move, the percentage missing beside a
        pointer resting on its cell after a menu or a dialog closed).
        A spent gesture (``spend_gesture``) is forgotten too: its releases
        go to that screen, and the board, left waiting for them, swallowed
        the next tap after it closed (a replay that came while the finger
        of the double tap that asked for it was still down)."""
        if self.app.top is self:
            if self._covered:
                self._covered = False
                self._pointer = self.app.pointer
                self.follow_pointer()
            return
        if not self._covered:
            self._covered = True
            self._pointer = self.hover = None
            self.xyzzy.forget()
        self._drag = None
        self._spent.clear()
        if self.gestures.gesture is not None or self.gestures.held:
            self.gestures.cancel()
        if self.touch.finger is not None:
            self.touch.cancel()


def confetti_area(layout: Layout) -> tuple[int, int]:
    """The pixels the victory's confetti bursts over, from their middle: the
    whole board's; a torus's view, which rolls round a board with no middle
    (from the middle of the whole board it burst from a corner of a rolled
    view, mostly hidden)."""
    if layout.shape == "torus":
        return layout.cells.field_size(layout.view_cols, layout.view_rows)
    return layout.cells.field_size(layout.cols, layout.rows)


def cell_centre(layout: Layout, cell: tuple[int, int],
                scroll: tuple[int, int] = (0, 0)) -> tuple[int, int]:
    """Scale-1 window position of the centre of a board cell (tests, bots)."""
    return layout.centre_of(cell, scroll)
