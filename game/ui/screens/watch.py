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
slowest; let go over it, as a button acts), the progress bar (click or
drag to seek; held, it keeps the replay where the pointer is) and the face,
which leaves as Esc does (pressed and released on it, as the game's face
starts a new game): a finger, or a mouse with no keyboard, had no way out
of the viewer. On a board bigger than the window, the wheel and the scroll
bars look round it as in the game, until the play moves on. The play
button, too, acts as a Windows push button does: pushed in while pressed
over it, it plays or pauses when let go there. A press whose release the
window never heard lets go at the next move with its button up, or at its
button's next press, and does nothing (``ReplayInput._motion``).

This module keeps the viewer's state, its place on the stack and its
ticks. What input means is in ``watch_input``, the drawing and the view
following the play in ``watch_draw``: mixins of this one screen, as the
play screen's are.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.replay import Replay, Timeline
from game.replay.playback import Playback
from game.replay.timeline import CHECKPOINT_MOVES

from ..render.board import BoardView
from ..render.replay import STRIP_ROWS, ViewerLayout
from ..ticks import TICK_MS
from . import base
from .play_scroll import scroll_within
from .watch_draw import ReplayDrawing
from .watch_input import ReplayInput

if TYPE_CHECKING:
    from ..host import Host


class ReplayScreen(ReplayInput, ReplayDrawing, base.Screen):
    def __init__(self, app: Host, replay: Replay, *, playing: bool = True,
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
        self._play_held = self._play_over = False   # a press on the play button, over it now
        self._speed_by = 0            # the button pressed on the speed (0: none), acting at its release
        self.scroll = (0, 0)          # a board bigger than the screen follows the play
        self._looked_at: tuple[object, ...] | None = None  # the play's place when a wheel or bar scrolled
        self._thumb: tuple[str, int, int] | None = None   # a scroll bar's thumb held (``_take_thumb``)
        self._shown: tuple[object, ...] | None = None
        # The board rows, pressed cells and keyboard cursor last drawn (set
        # by ``relayout``: a fresh board view shows every cell covered; the
        # board view keeps those drawn through a scroll).
        self._drawn: tuple[list[str], frozenset[tuple[int, int]], tuple[int, int] | None] = \
            ([], frozenset(), None)
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
        if not board.scrolls:
            # The whole board in view: a look round with the wheel or a
            # thumb is over. Kept, the view stayed at the top-left the fit
            # put it at once the window was smaller again, neither where it
            # was looked at nor where the play was, until the play moved on.
            self._looked_at = self._thumb = None
        self.board_view = BoardView(self.app.atlas, self.app.viewport.scale, board)
        self.board_view.reset(self.scroll)
        self._shown = None
        self._drawn = (["#" * self.replay.width] * self.replay.height, frozenset(), None)

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
