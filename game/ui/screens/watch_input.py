"""What input means in the replay viewer: its keys, and the mouse on its
controls, its progress bar, its face, and the wheel and scroll bars of a
board bigger than the window.

The viewer's input part (a mixin, as ``play_input`` is the play screen's):
its module, ``watch``, says what state the screen keeps and what the keys
and buttons do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import keys
from ..hit import HBAR, VBAR
from ..render.hud import on_thumb, scroll_for_bar, thumb_dragged
from .base import buttons_up
from .play_input import wheel_cells
from .play_scroll import scroll_within
from .play_spent import pressed_with

if TYPE_CHECKING:
    from game.replay import Replay
    from game.replay.playback import Playback

    from ..host import Host
    from ..render.board import BoardView
    from ..render.replay import ViewerLayout

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



class ReplayInput:
    """Input handling for ``ReplayScreen`` (its module, ``watch``, says what state it keeps)."""

    if TYPE_CHECKING:       # what this mixin uses of ReplayScreen, which keeps it
        app: Host
        replay: Replay
        layout: ViewerLayout | None
        _dragging: bool
        _was_playing: bool
        _face_held: bool
        _face_over: bool
        _face_press: tuple[int, tuple[int, int]]
        _face_by: tuple[str, int]
        _play_held: bool
        _play_over: bool
        _speed_by: int
        _looked_at: tuple[object, ...] | None
        _thumb: tuple[str, int, int] | None
        scroll: tuple[int, int]
        board_view: BoardView | None

        @property
        def opening(self) -> bool: ...
        @property
        def playback(self) -> Playback: ...

        def leave(self) -> None: ...
        def _play_position(self) -> tuple[object, ...]: ...

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3) \
                and self.layout is not None:    # not before it shows (``_fit``)
            self._press(event)
        elif event.type == pygame.MOUSEWHEEL and self.layout is not None \
                and (self.layout.board.scrolls or self.layout.board.shape == "torus"):
            self._look(event)
        elif event.type == pygame.MOUSEMOTION and self._held_by():
            self._motion(event)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == self._held_by():
            self._release(event)

    def _press(self, event: pygame.event.Event) -> None:
        """A left or right press on a control. The button that holds one
        pressed again had its release missed (let go outside the window,
        unheard): the control is let go of, unplayed, and the press is a new
        one. Another button's press does nothing while one holds a
        control, as the game's dragged scroll bar and a Windows control
        with the mouse captured ignore it: a right press on the speed made
        the replay slower under the drag."""
        if event.button == self._held_by():
            self._let_go()
        if self._held_by():
            return
        pos = self.app.viewport.to_window(event.pos)
        layout = self.layout
        assert layout is not None           # pressed on the laid-out viewer (``handle``)
        if layout.speed_box.collidepoint(pos):
            # Acts when let go over it, as every control of the game does.
            self._speed_by = event.button
        elif event.button != 1:
            return
        elif layout.progress.collidepoint(pos):
            self._dragging, self._was_playing = True, self.playback.playing
            self._seek_to(pos[0])
        elif layout.play_button.collidepoint(pos):
            # A push button: it acts when let go over it (``_release``),
            # so a press slid off plays or pauses nothing, as in Windows.
            self._play_held = self._play_over = True
        elif (bar := self._bar_at(pos)) is not None:
            self._take_thumb(bar, pos)
        elif layout.board.face.collidepoint(pos):
            self._face_held = self._face_over = True
            self._face_press = (self.app.ticks, event.pos)
            self._face_by = pressed_with(event) or self._face_by

    def _motion(self, event: pygame.event.Event) -> None:
        """The pointer moved while a button holds a control. With that
        button up, its release went unheard (let go outside the window, or
        while the focus was elsewhere): the control is let go of, and does
        nothing, as a Windows button let go off itself; it stayed drawn
        pushed in until the next press."""
        if self._held_by() in buttons_up(event):
            self._let_go()
        elif self._face_held:
            self._face_over = self._on_face(event.pos)
        elif self._thumb is not None:
            self._drag_thumb(self.app.viewport.to_window(event.pos))
        elif self._play_held:
            self._play_over = self._on_play_button(event.pos)
        elif self._dragging:
            self._seek_to(self.app.viewport.to_window(event.pos)[0])

    def _release(self, event: pygame.event.Event) -> None:
        """The button that holds a control let go: a button, the face or the
        speed acts if it is over it."""
        speed_by, self._speed_by = self._speed_by, 0
        if speed_by and self._on_speed(event.pos):
            self.playback.next_speed(1 if speed_by == 1 else -1)
        self._let_go_of_bar()
        if self._thumb is not None:     # let go: the view stays where it was put
            self._thumb, self._looked_at = None, self._play_position()
        play_held, self._play_held = self._play_held, False
        if play_held and self._on_play_button(event.pos):
            self.playback.toggle()
        held, self._face_held = self._face_held, False
        if held and self._on_face(event.pos):
            self.leave()
            # the game's face is drawn where the viewer's was: a double
            # click's second press there started a new game
            self.app.play.spend_double_click(self._face_press, self._face_by)

    def _held_by(self) -> int:
        """The button that holds a control (0 for none): the left one holds a
        thumb, the play button, the progress bar or the face; either holds
        the speed."""
        if self._thumb is not None or self._play_held or self._dragging or self._face_held:
            return 1
        return self._speed_by

    def _look(self, event: pygame.event.Event) -> None:
        """The wheel scrolls a board bigger than the window as it does in
        the game (``wheel_cells``), to look round a paused replay: the view
        followed the play alone, and the rest of a 100x100 board could not
        be seen. The view stays where it is looked at until the play moves
        on (``_follow``). It rolls a torus the window holds whole too, as
        the game's does (a game played rolled could not be watched as it
        was seen); such a view follows nothing, and stays rolled."""
        assert self.layout is not None      # the wheel scrolls a laid-out board only
        dx, dy = wheel_cells(event, self.app.held_keys.shift)
        self._scroll_to(scroll_within(self.layout.board,
                                      (self.scroll[0] + dx, self.scroll[1] + dy)))

    def _bar_at(self, pos: tuple[int, int]) -> str | None:
        """The board's scroll bar under scale-1 ``pos``, if any."""
        assert self.layout is not None      # a press on the laid-out viewer
        board = self.layout.board
        for kind, bar in ((HBAR, board.hbar), (VBAR, board.vbar)):
            if bar is not None and bar.collidepoint(pos):
                return kind
        return None

    def _take_thumb(self, kind: str, pos: tuple[int, int]) -> None:
        """A press on a scroll bar, as in the game (``PlayInput._take_thumb``):
        off the thumb, the thumb comes under the pointer; then it is held
        where it was taken. The bars only showed where the view was."""
        assert self.layout is not None      # a press on the laid-out viewer
        board = self.layout.board
        if not on_thumb(board, kind, pos, self.scroll):
            self._scroll_to(scroll_for_bar(board, kind, pos, self.scroll))
        axis = 0 if kind == HBAR else 1
        self._thumb = (kind, pos[axis], self.scroll[axis])
        self._looked_at = self._play_position()

    def _drag_thumb(self, pos: tuple[int, int]) -> None:
        """The thumb held follows the pointer at scale-1 ``pos``, as every
        thumb of the game does (``thumb_dragged``)."""
        assert self._thumb is not None
        assert self.layout is not None      # the thumb was taken on the laid-out viewer
        self._scroll_to(thumb_dragged(self.layout.board, self._thumb, pos, self.scroll))

    def _scroll_to(self, scroll: tuple[int, int]) -> None:
        """Show the board from ``scroll`` on, looked at by the player: the
        view stays there until the play moves on (``_follow``)."""
        self._looked_at = self._play_position()
        if scroll != self.scroll:
            assert self.board_view is not None  # made with the layout the bars are on
            self.scroll = scroll
            self.board_view.scroll_to(scroll)

    def _on_face(self, pos: tuple[int, int]) -> bool:
        """Whether display pixel ``pos`` is on the face."""
        return self.layout is not None \
            and self.layout.board.face.collidepoint(self.app.viewport.to_window(pos))

    def _on_speed(self, pos: tuple[int, int]) -> bool:
        """Whether display pixel ``pos`` is on the speed."""
        return self.layout is not None \
            and self.layout.speed_box.collidepoint(self.app.viewport.to_window(pos))

    def _on_play_button(self, pos: tuple[int, int]) -> bool:
        """Whether display pixel ``pos`` is on the play/pause button."""
        return self.layout is not None \
            and self.layout.play_button.collidepoint(self.app.viewport.to_window(pos))

    def focus_lost(self) -> None:
        """A press held on a control comes up in another window, or in a
        screen opened over the viewer, unseen: let go. The bar held stayed
        held, and the next press, on the field or anywhere, seeked the
        replay as it was dragged."""
        self._let_go()

    def _let_go(self) -> None:
        """Whatever a press holds (the face, the play button, the speed, a
        scroll bar's thumb, the progress bar) is let go of, doing nothing:
        drawn up again, the view and the replay left where they are."""
        self._face_held = self._face_over = False
        self._play_held = self._play_over = False
        self._speed_by = 0
        self._thumb = None
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
            # The mouse holding the play button: Space and the press act
            # once together, as a Windows button pushed by both clicks once.
            # Played at Space, the button pops up and the release plays
            # nothing; held on, the release toggled the replay straight back.
            self._play_held = self._play_over = False
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
        assert self.layout is not None      # the bar was pressed: the viewer is laid out
        track = self.layout.progress.inflate(-2, -2)
        self.playback.seek_fraction(max(0.0, min(1.0, (x - track.x) / max(1, track.w))))
