"""The replay viewer: a game played again, as it looked, with VCR controls.

It takes the window while it is open: the window is laid out for the
replay's board, the play screen underneath is neither drawn nor laid out (its
clock paused), and it comes back as it was on Esc. The board, the counters and the face
are drawn from the engine replaying the moves; the pointer and the pressed
cells from the pointer track; the figures live below the field.

Keys: Space play/pause, Left/Right one move, Home/End, Up/Down (or + and -)
speed, E export, Esc leave (E, Space, + and - alone or with Shift, as the
board's letters; ``MOVING_KEYS`` whatever is held). Mouse: the play button,
the speed (left faster, right slower, round from the fastest to the
slowest), the progress bar (click or drag to seek; held, it keeps the
replay where the pointer is) and the face, which leaves as Esc does
(pressed and released on it, as the game's face starts a new game): a
finger, or a mouse with no keyboard, had no way out of the viewer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pygame

from game.replay import Replay, Timeline
from game.replay.playback import Playback
from game.replay.timeline import CHECKPOINT_MOVES

from .. import keys
from ..render.board import BoardView
from ..render.ghosts import draw_ghosts
from ..render.hud import draw_counter, draw_face, draw_scroll_bars
from ..render.painter import Painter
from ..render.replay import (
    STRIP_ROWS,
    ViewerLayout,
    draw_controls,
    draw_figures,
    draw_frame,
    draw_pointer,
    progress_done,
    tick_columns,
)
from ..ticks import TICK_MS
from . import base
from .play_input import pressed_with
from .play_scroll import scroll_showing, scroll_within

SPEED_KEYS = {pygame.K_UP: 1, pygame.K_DOWN: -1, pygame.K_PLUS: 1, pygame.K_EQUALS: 1,
              pygame.K_KP_PLUS: 1, pygame.K_MINUS: -1, pygame.K_KP_MINUS: -1}
#: + and - known by the character typed: SDL reports the number row's keys
#: as digits, so AZERTY's minus (the 6 key) and Swiss German's plus
#: (Shift+1) matched no key above.
SPEED_SIGNS = {"+": 1, "-": -1}
SEEK_KEYS = {pygame.K_HOME: "home", pygame.K_END: "end"}
#: Keys that act whatever modifier is held; the others (E, Space, + and -)
#: act alone or with Shift, as the board's letters do: Ctrl+E, or AltGr+E
#: typing a euro sign, wrote the replay to a file.
MOVING_KEYS = frozenset({pygame.K_ESCAPE, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP,
                         pygame.K_DOWN, *SEEK_KEYS})


class ReplayScreen(base.Screen):
    def __init__(self, app, replay: Replay, *, playing: bool = True,
                 fit_next_frame: bool = False) -> None:
        super().__init__(app)
        self.replay = replay
        self._playing = playing
        self._playback: Playback | None = None
        if not fit_next_frame:
            self._start_playback()
        self.layout: ViewerLayout | None = None
        # The progress bar's ticks, worked out at the first drawing after a
        # relayout: 2 ms on a 100x100 game, kept out of the frame that resizes.
        self._ticks: list[tuple[int, int]] | None = None
        self.board_view: BoardView | None = None
        self._dragging = False
        self._was_playing = False     # playing when the bar was pressed: plays on at release
        self._face_held = self._face_over = False   # a press on the face, and over it now
        self._face_press = (0, (0, 0))    # its tick and display pixel (a double click's first)
        self._face_by: tuple[str, int] = ("button", 1)    # and what pressed it (``pressed_with``)
        self.scroll = (0, 0)          # a board bigger than the screen follows the play
        self._shown: tuple | None = None
        # The board rows, pressed cells and keyboard cursor last drawn, and
        # from where (set by ``relayout``: a fresh board view shows every
        # cell covered).
        self._drawn: tuple[list[str], frozenset[tuple[int, int]], tuple[int, int] | None,
                           tuple[int, int]] = ([], frozenset(), None, self.scroll)
        self._paused_game = False
        self._fit_next_frame = fit_next_frame
        # What is left to do before the viewer shows, one step a frame
        # (``fit_next_frame``), and the frame of the last step.
        self._steps: list[Callable[[], None]] = []
        self._stepped_at = 0
        self._looked_ahead_at = -1      # the frame that last played checkpoints ahead
        # Another replay takes its place (``replays.watch``): leaving, it
        # keeps the window for that one rather than give it to the game.
        self.replaced = False

    @property
    def opening(self) -> bool:
        """Its opening steps are not all done (``_fit``): it is not shown,
        and ignores every key but Esc."""
        return bool(self._steps)

    @property
    def playback(self) -> Playback:
        """The replay's clock and position (built by the first opening step)."""
        assert self._playback is not None
        return self._playback

    def _start_playback(self) -> None:
        self._playback = Playback(Timeline(self.replay), playing=self._playing)

    def _count_3bv(self) -> None:
        self.playback.timeline.count_3bv()

    def _show(self) -> None:
        """The last step of the opening: the frame that draws the viewer whole
        does nothing else."""

    # ------------------------------------------------------------ stack

    def enter(self) -> None:
        """Take the window: the game underneath waits, its clock paused."""
        play = self.app.play
        self._paused_game = False
        self._hold_game()
        play.gestures.cancel()
        if self._fit_next_frame:
            self._steps = [self._start_playback, self._count_3bv, self._fit, self._show]
            self._stepped_at = self.app.frames
        else:
            self._fit()

    def _fit(self) -> None:
        """Give the window the viewer's size. A replay from the loader's
        process comes with the window's frame already busy (2 MB received
        and unpickled), so its opening is spread over the frames that follow
        (``fit_next_frame``), one step each: its timeline is built, then
        its 3BV counted, then the window takes its size (every screen laid
        out again), then the viewer is drawn whole, and only then does it
        play. Together these took 22 to 30 ms, more than a frame; apart,
        each fits in one, and the window shows the game three frames longer.
        The window is lent: pulled up to fit the screen, it goes back where
        it was as the game takes it again."""
        self.app.fit_window(self.replay.width, self.replay.height + STRIP_ROWS,
                            self.replay.mines, shape=self.replay.shape, lent=True)
        if self.layout is None:         # the window already had the viewer's size
            self.relayout()

    def _hold_game(self) -> None:
        """Pause the game's clock if it runs: the game waits while the viewer
        shows. Asked at every tick too, for a game that starts under the
        viewer: a no-guess board's first click is played when its mines come
        from the computer's process, and one clicked just before R was
        pressed started its clock behind the replay, unseen."""
        chrono = self.app.play.session.chrono
        if chrono.running and not chrono.paused:
            chrono.pause()
            self._paused_game = True

    def exit(self) -> None:
        """Give the window back to what shows beneath: the game, or another
        viewer under a dialog (a replay dropped while a notice was over a
        viewer), which takes back its own size rather than show cut off."""
        play = self.app.play
        if self._paused_game:
            play.session.chrono.resume()
        if self.replaced:
            return
        beneath = next((s for s in reversed(self.app.stack) if isinstance(s, ReplayScreen)),
                       None)
        if beneath is not None and not beneath.opening:
            beneath._fit()
        else:
            self.app.fit_window(play.field.width, play.field.height, play.field.mines,
                                play.field.shape)

    def leave(self) -> None:
        if self.app.top is self:
            self.app.pop()

    def relayout(self) -> None:
        """Lay the viewer out in the window, if the window is laid out for
        its replay's board (the strip's rows added): before its opening fits
        the window, or while another board has it, the viewer keeps what it
        had and takes the window back with ``_fit``."""
        replay, layout = self.replay, self.app.layout
        if layout is None or not layout.is_for(replay.width, replay.height + STRIP_ROWS,
                                               replay.shape):
            return
        self.layout = ViewerLayout.of(self.app.layout)
        self._ticks = None
        board = self.layout.board
        # A view scrolled in a window, the whole board in view now (fullscreen,
        # a larger screen): the scroll is kept within the board, or the field
        # showed it shifted, rows past its edge drawn covered; a torus's stays
        # rolled where it was, as the game's does.
        self.scroll = scroll_within(board, self.scroll)
        self.board_view = BoardView(self.app.atlas, self.app.viewport.scale, board)
        self.board_view.reset(self.scroll)
        self._shown = None
        self._drawn = (["#" * self.replay.width] * self.replay.height, frozenset(), None,
                       self.scroll)

    # ------------------------------------------------------------ input

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3) \
                and self.layout is not None:    # not before it shows (``_fit``)
            playback = self.playback
            pos = self.app.viewport.to_window(event.pos)
            layout = self.layout
            if layout.progress.collidepoint(pos) and event.button == 1:
                if not self._dragging:
                    self._dragging, self._was_playing = True, playback.playing
                self._seek_to(pos[0])
            elif layout.play_button.collidepoint(pos) and event.button == 1:
                playback.toggle()
            elif layout.speed_box.collidepoint(pos):
                playback.next_speed(1 if event.button == 1 else -1)
            elif layout.board.face.collidepoint(pos) and event.button == 1:
                self._face_held = self._face_over = True
                self._face_press = (self.app.ticks, event.pos)
                self._face_by = pressed_with(event) or self._face_by
        elif event.type == pygame.MOUSEMOTION and self._face_held:
            self._face_over = self._on_face(event.pos)
        elif event.type == pygame.MOUSEMOTION and self._dragging:
            # A release the window never heard (it came while the focus was
            # elsewhere) ends the drag: the pointer moving on seeks no more.
            if event.buttons[0]:
                self._seek_to(self.app.viewport.to_window(event.pos)[0])
            else:
                self._let_go_of_bar()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._let_go_of_bar()
            held, self._face_held = self._face_held, False
            if held and self._on_face(event.pos):
                self.leave()
                # the game's face is drawn where the viewer's was: a double
                # click's second press there started a new game
                self.app.play.spend_double_click(self._face_press, self._face_by)

    def _on_face(self, pos: tuple[int, int]) -> bool:
        """Whether display pixel ``pos`` is on the face."""
        return self.layout is not None \
            and self.layout.board.face.collidepoint(self.app.viewport.to_window(pos))

    def focus_lost(self) -> None:
        """A press held on the face or the progress bar comes up in another
        window, or in a screen opened over the viewer, unseen: let go. The
        bar held stayed held, and the next press, on the field or anywhere,
        seeked the replay as it was dragged."""
        self._face_held = self._face_over = False
        self._let_go_of_bar()

    def _let_go_of_bar(self) -> None:
        """End a drag of the progress bar: a replay that was playing when it
        was pressed plays on from where it was let go (unless that is the
        end), one paused stays paused."""
        if self._dragging:
            self._dragging = False
            playback = self.playback
            playback.playing = self._was_playing and not playback.at_end

    def _key(self, event: pygame.event.Event) -> None:
        key = event.key
        if getattr(event, "mod", 0) & keys.SHORTCUT_MODS and key not in MOVING_KEYS:
            return
        if key == pygame.K_ESCAPE:
            self.leave()
            return
        if self.opening:
            return
        playback = self.playback
        if key == pygame.K_SPACE:
            playback.toggle()
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            playback.step(1 if key == pygame.K_RIGHT else -1)
        elif key in SEEK_KEYS:
            getattr(playback, SEEK_KEYS[key])()
        elif key in SPEED_KEYS:
            playback.faster(SPEED_KEYS[key])
        elif getattr(event, "unicode", "") in SPEED_SIGNS:
            playback.faster(SPEED_SIGNS[event.unicode])
        elif key == pygame.K_e:
            self.app.commands.export_replay(self.replay)
        if self._dragging:              # Space, a step or End, the bar held: kept at release
            self._was_playing = playback.playing

    def _seek_to(self, x: int) -> None:
        track = self.layout.progress.inflate(-2, -2)
        self.playback.seek_fraction(max(0.0, min(1.0, (x - track.x) / max(1, track.w))))

    # ------------------------------------------------------------ ticks

    def update(self) -> None:
        if self.app.top is not self:
            # A screen over the viewer (the notice of E's export) takes the
            # press held on the face: its release goes there. Kept, the
            # face showed pushed in once the notice closed, under a pointer
            # with no button down, and a press begun anywhere else and let
            # go over the face left the viewer.
            self.focus_lost()
        self._hold_game()
        if self.opening:                  # not shown yet: one step of the opening a frame
            if self.app.frames > self._stepped_at:
                self._stepped_at = self.app.frames
                self._steps.pop(0)()
            return
        if not self._dragging:
            # The bar held keeps the replay where the pointer holds it, as
            # a media player's does while scrubbing: played on meanwhile,
            # its fill ran away from the pointer held still on it.
            self.playback.tick(TICK_MS)
        # The board shown brought to the position, and checkpoints ahead, a
        # little a frame (not a tick: a late frame catching up on ticks would
        # do it twice); checkpoints not in the frame that draws the viewer
        # whole, nor in one that catches up with a seek far ahead (End on a
        # 100x100 game: 512 moves played, then 256 more for the checkpoints,
        # 10 ms; the moves caught up keep the checkpoints they pass).
        if self._looked_ahead_at != self.app.frames:
            self._looked_ahead_at = self.app.frames
            p = self.playback
            far = abs(p.moves - p.shown) >= CHECKPOINT_MOVES
            p.settle()
            if self._shown is not None and not far:
                p.timeline.prepare()

    # ------------------------------------------------------------ drawing

    def _state(self) -> tuple:
        """Everything shown; a frame is drawn only when it changes (the
        progress bar's fill too: at a tenth of a second, a short game's bar
        jumped tens of pixels ten times a second rather than glide)."""
        p = self.playback
        pointer = p.pointer()
        return (p.shown, int(p.t) // 100, progress_done(self.layout, p.fraction), p.playing,
                p.speed_index, self.scroll, pointer.cell if pointer else None,
                frozenset(p.pressed_cells()), p.cursor(), self._face())

    def _face(self) -> tuple[str, bool]:
        """The face shown, and whether pressed: the replay's, but the pressed
        smile while a press on it is over it (it leaves on release), as
        the game's face shows."""
        if self._face_held and self._face_over:
            return "smile", True
        return self.playback.face(), False

    def draw(self, painter: Painter, full: bool) -> bool:
        if self.layout is None or self.opening:
            return False
        self._follow()
        state = self._state()
        if not full and state == self._shown:
            return False
        self._shown = state
        if self.board_view.scale != painter.scale:
            self.relayout()
        p = self.playback
        layout = self.layout
        board = layout.board
        field = p.field()
        pressed = p.pressed_cells()
        cursor = p.cursor()                 # the keyboard cursor, highlighted as in the game
        rows = field.view()

        def code_of(x: int, y: int) -> str:
            # From the rows, not ``field.cell``: Home on a 100x100 game
            # redraws every cell, and a method call each took 7-16 ms a frame.
            ch = rows[y][x]
            if pressed and (x, y) in pressed:
                ch = "p" if ch == "#" else "q" if ch == "?" else ch
            return ch + "+" if (x, y) == cursor else ch

        draw_frame(painter, layout)
        draw_scroll_bars(painter, board, self.scroll)     # where the view is, as in the game
        if self._ticks is None:
            self._ticks = tick_columns(layout, p.timeline.times, p.timeline.duration_ms)
        draw_controls(painter, layout, p.playing, p.speed, p.fraction, self._ticks)
        changed = self._changed(rows, frozenset(pressed), cursor)
        view = self.board_view
        if len(changed) > view.cols * view.rows // 2:
            # Most of the view changed (Home or End on a 100x100 game, a
            # scroll): drawn afresh a row at a time, rather than each of
            # thousands of cells compared and asked through ``code_of``,
            # 6 to 9 ms of that frame.
            special = pressed if cursor is None else {*pressed, cursor}
            view.draw_afresh(self.scroll, rows, special, code_of, field.mask)
        else:
            view.update(changed, code_of)
        painter.blit(self.board_view.surface, board.field.topleft)
        draw_ghosts(painter, board, self.board_view, code_of, self.scroll)   # a torus's band
        draw_counter(painter, board, "mines_box", field.mines_left)
        draw_counter(painter, board, "timer_box", p.timer_seconds())
        draw_face(painter, board, *self._face())
        draw_figures(painter, layout, p.figures())
        pointer = p.pointer()
        # The track keeps the keyboard cursor's cell as the pointer's when
        # the mouse is off the field (older viewers show the play so): the
        # game drew no arrow there, only the cursor.
        if pointer is not None and pointer.cell is not None \
                and (pointer.cell != cursor or pointer.buttons):
            draw_pointer(painter, layout, pointer.cell, self.scroll)
        return True

    def _changed(self, rows: list[str], pressed: frozenset[tuple[int, int]],
                 cursor: tuple[int, int] | None) -> Iterable[tuple[int, int]]:
        """The cells that may look different since the last drawing: those
        whose character changed, those pressed or released, and those the
        keyboard cursor left and went to (every visible cell after a
        scroll). Looking at every visible cell each frame took
        9 ms on a 100x100 replay, and the first drawing after a relayout
        (compared with a board all covered, as the fresh board view shows
        it) 5 ms; the rows come from the engine at C speed and most are equal.
        Only the rows and columns in view are compared (but on a torus): End
        on a 100x100 replay changed all 10,000 cells, and listing those out
        of view, which are not drawn, took half of a 16-20 ms frame."""
        before, self._drawn = self._drawn, (rows, pressed, cursor, self.scroll)
        if before[3] != self.scroll:
            return self.board_view.cells_in_view()
        old_rows, old_pressed, old_cursor, _ = before
        cells = set(old_pressed ^ pressed)
        if old_cursor != cursor:
            cells.update(c for c in (old_cursor, cursor) if c is not None)
        span = self.board_view.span()
        xs, ys = span if span is not None else (range(len(rows[0])), range(len(rows)))
        for y in ys:
            old, new = old_rows[y], rows[y]
            if old != new:
                cells.update((x, y) for x in xs if old[x] != new[x])
        return cells

    def _follow(self) -> None:
        """On a board bigger than the window, scroll so that the later of the
        pointer and the last move stays in view; a torus rolls over its seam
        as the game did. A move played away from the pointer (auto-play, the
        keyboard) came after the game scrolled its view to it, the mouse
        resting on the field: following the pointer alone, the viewer showed
        the cell that view had brought under the mouse, and not the move."""
        board = self.layout.board
        if not board.scrolls:
            return
        playback = self.playback
        pointer, cell = playback.pointer(), playback.last_cell()
        if pointer is not None and pointer.cell is not None and (
                cell is None or pointer.since_ms >= playback.timeline.time_of(playback.shown)):
            cell = pointer.cell
        if cell is None:
            return
        sx, sy = scroll_showing(board, self.scroll, cell)
        if (sx, sy) != self.scroll:
            self.scroll = (sx, sy)
            self.board_view.scroll_to(self.scroll)
