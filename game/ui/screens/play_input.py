"""What input means on the board: the mouse, keys and the wheel.

The play screen's input half (a mixin, so the screen stays one object with
one state): each event is first asked whether it is taken before it plays
(spent with a gesture that went before: ``play_spent``; auto-play stopped;
the hint's explanation closed), then presses and releases become gestures
(``gestures``), fingers taps and long presses (``play_touch``), keys
commands or keyboard play, and the wheel and the scroll bars move a big
board.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import keys
from ..gestures import LEFT
from ..hit import CELL_TARGET, FACE, HBAR, MENU_BAR, OUTSIDE, VBAR, Target, target_at
from ..render.hud import on_thumb, scroll_for_bar, thumb_dragged
from ..session import FLAG, REVEAL
from . import base
from .play_part import PlayPart

if TYPE_CHECKING:
    from collections.abc import Iterable


WHEEL_STEP = 3


def wheel_cells(event: pygame.event.Event, shift: bool) -> tuple[int, int]:
    """How far, in columns and rows, the wheel ``event`` scrolls a board:
    up shows the rows above; a wheel (or a touchpad) scrolled right, x > 0
    for SDL, the columns to the right; ``shift`` held turns the wheel
    sideways, down going right, as in Windows. The game and the replay
    viewer share it."""
    dx, dy = event.x, -event.y
    if shift:
        dx, dy = dy, dx
    return dx * WHEEL_STEP, dy * WHEEL_STEP


MOUSE = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)
#: Display pixels the pointer may stray, in x or y, from where it rested
#: before auto-play takes the move as the player's: a hand let go of the
#: mouse drifts a pixel or two.
AUTOPLAY_JITTER = 4


class PlayInput(PlayPart):
    """Input handling for ``PlayScreen`` (see its module for the state it keeps)."""

    if TYPE_CHECKING:       # what this mixin uses of PlayScreen, which keeps it
        _pointer: tuple[int, int] | None
        _alt_alone: bool
        _menu_on_alt: bool
        _tip_followed: object

        def play(self, kind: str, cell: tuple[int, int]) -> None: ...
        def mark_dirty(self, cells: Iterable[tuple[int, int]]) -> None: ...
        def spend_gesture(self, event: pygame.event.Event) -> None: ...
        def _spent_input(self, event: pygame.event.Event) -> bool: ...
        def _other_press_spent(self, event: pygame.event.Event) -> None: ...
        def _second_press(self, event: pygame.event.Event) -> bool: ...
        def pressed_under_spent_key(self, event: pygame.event.Event) -> bool: ...
        def _finger(self, event: pygame.event.Event) -> None: ...
        def move_cursor(self, dx: int, dy: int) -> None: ...

    def target(self, pos: tuple[int, int]) -> Target:
        """What lies under display pixel ``pos``. A hole of a shaped field is
        no cell: it shows the frame's grey and is the frame's to the pointer
        too, so a press there plays nothing on it, as on the frame (a
        no-guess board's first click on a hole had the worker lay its mines
        for the hole, and the first real click laid them again in the frame,
        freezing the window for half a second on a big field). Nor is a
        cell the hint's explanation covers (``_tip_covers``): a press there
        closes it (``_on_tip``), and a press begun on a cell in view and
        released over it played the cell the player could not see."""
        at = self.app.viewport.to_window(pos)
        target = target_at(self.app.layout, at, self.scroll)
        if target.kind == CELL_TARGET and (self.field.cell(*target.cell) == " "
                                           or self._tip_covers(at)):
            return OUTSIDE
        return target

    def handle(self, event: pygame.event.Event) -> None:
        """An event on the board: played, unless taken before it plays."""
        if not self._taken(event):
            self._play_event(event)

    def _taken(self, event: pygame.event.Event) -> bool:
        """Whether ``event`` is taken before it plays: the rest of a gesture
        spent, a spent key's repeats and release, any input while auto-play
        runs (it stops it), SDL's mouse copy of a finger, a press on the
        hint's explanation (it closes it)."""
        if self._spent and self._spent_input(event):
            self._other_press_spent(event)
            return True
        if self._double_of is not None and self._second_press(event):
            self.spend_gesture(event)
            return True
        if event.type in (pygame.KEYDOWN, pygame.KEYUP) and event.key in self._spent_keys:
            if event.type == pygame.KEYUP:
                self._spent_keys.discard(event.key)
            return True                      # the spent key's repeats, then its release
        if self.pressed_under_spent_key(event):
            return True                      # Alt+G's G, Alt having woken attract mode
        if self.assist.autoplay and (event.type in base.DELIBERATE_INPUT
                                     or self._pointer_left(event)):
            # any input stops auto-play, and only that (a key leaves its cursor):
            self.assist.stop(keep_cursor=event.type == pygame.KEYDOWN)
            self.spend_gesture(event)        # a tap's finger (or mouse copy) plays nothing
            return True
        if event.type in MOUSE and getattr(event, "touch", False) and not self._opens_menus(event):
            return True                      # SDL's mouse copy of a finger: the finger plays
        if self._on_tip(event):
            self.spend_gesture(event)        # its release, and the rest, play nothing either
            self.mark_dirty(self.assist.clear_hint())
            return True
        return False

    def _play_event(self, event: pygame.event.Event) -> None:
        """``event`` played: where the pointer is kept, then the finger, the
        button, the wheel or the key acts."""
        if event.type == pygame.MOUSEMOTION:
            target = self.target(event.pos)
            self.hover = target.cell if target.kind == CELL_TARGET else None
        if event.type in MOUSE:
            self._pointer = event.pos
            if event.type != pygame.MOUSEMOTION or base.hand_moved(event):
                self.hide_cursor()
            self._alt_alone = False
        if event.type in (pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION):
            self._finger(event)
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) \
                and event.button in (1, 2, 3):
            self._button(event)
        elif event.type == pygame.MOUSEMOTION:
            up = base.buttons_up(event)
            if self._drag is not None and self._drag[3] is None:
                if LEFT in up:
                    self._drag = None        # its release went unheard: it scrolled on
                else:
                    self._drag_thumb(self.app.viewport.to_window(event.pos))
            self.gestures.let_go_unheard(up)
            self.gestures.move(self.target(event.pos))
        elif event.type == pygame.MOUSEWHEEL:
            self._wheel(event)
        elif event.type == pygame.KEYDOWN:
            # Alt with Ctrl held is AltGr on Windows (Ctrl+Alt): no menu
            self._alt_alone = event.key in (pygame.K_LALT, pygame.K_RALT) \
                and not getattr(event, "mod", 0) & keys.CTRL
            self._key(event)
        elif event.type == pygame.KEYUP and event.key in (pygame.K_LALT, pygame.K_RALT):
            self._menu_on_alt = self._alt_alone     # opened at the next tick (_tick_alt)
            self._alt_alone = False

    def _button(self, event: pygame.event.Event) -> None:
        """The left, middle or right button pressed or released."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == LEFT and self._drag is not None and self._drag[3] is None:
                self._drag = None        # the thumb's release went unheard: a press of its own
            if self._drag is None:       # a dragged bar holds the pointer, as Windows' does
                self._press(event.button, self.target(event.pos))
            return
        if event.button == 1 and self._drag is not None and self._drag[3] is None:
            self._drag = None
        action = self.gestures.release(event.button, self.target(event.pos))
        if action:
            self._act(action)

    def _on_tip(self, event: pygame.event.Event) -> bool:
        """Whether ``event`` presses on the hint's explanation. It covers
        cells (never the hint's own, ``_tip_covers``), and a click there
        opened the cell the player could not see; like a balloon tip in
        Windows, a click on it closes it instead."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3):
            pos = event.pos
        elif event.type == pygame.FINGERDOWN:
            pos = self._finger_pos(event)
        else:
            return False
        return self._tip_covers(self.app.viewport.to_window(pos))

    def cell_reached(self) -> tuple[int, int] | None:
        """The cell a click at the mouse pointer would play now: the one
        under it, unless another screen is on top (a menu, a dialog, the
        pause, attract mode's banner) or the hint's explanation covers it
        there (a click on it closes it, ``_on_tip``). What the pointer is
        on is the board's own hit testing (``target``: the torus's ghost
        band is no cell), and a long press's cue, drawn inside its cell,
        leaves a click to that cell."""
        if self.app.top is not self or self._pointer is None:
            return None
        target = self.target(self._pointer)
        return target.cell if target.kind == CELL_TARGET else None

    def _follow_tip(self) -> None:
        """The hint's explanation came, moved (drawn afresh where the board
        scrolled to) or went since the last tick: the pressed look and the
        hover follow it, as they follow the board moved under a still
        pointer. A button held over it, the cell it left bare under the
        pointer showed unpressed, and the release there played it."""
        tip = self._shown.get("tip") if self.assist.line() else None
        if tip != self._tip_followed:
            self._tip_followed = tip
            self.follow_pointer()

    def _tip_covers(self, at: tuple[int, int]) -> bool:
        """Whether the hint's explanation is shown over window point ``at``.
        Never over the hint's own cells: a line flowed around them on a
        small board shows them through holes, where Space on the cursor
        H brought there, or a click, only closed the line."""
        tip = self._shown.get("tip")
        if not (isinstance(tip, pygame.Rect) and self.assist.line() and tip.collidepoint(at)):
            return False
        layout = self.app.layout
        return not any(rect is not None and rect.collidepoint(at)
                       for rect in (layout.cell_rect(cell, self.scroll)
                                    for cell in self.assist.marked_cells()))

    def _pointer_left(self, event: pygame.event.Event) -> bool:
        """Whether ``event`` takes the pointer more than AUTOPLAY_JITTER
        pixels from where it rested as auto-play began. Any move stopped it:
        started from Tools ▸ Auto-play with the mouse, it stopped at the
        hand's twitch as the button came up, before its first move. SDL's
        mouse copy of a touch is no pointer: the press of the tap it comes
        with stops auto-play and is spent whole (taken as the pointer
        leaving, it stopped auto-play and let the tap open its cell). The
        window moved under a still pointer (``base.hand_moved``) carries the
        rest with it: taken for the hand, it stopped auto-play."""
        if not base.pointer_moved(event) or getattr(event, "touch", False):
            return False
        x: int; y: int; dx: int; dy: int        # noqa: E702 (SDL's event fields are untyped)
        (x, y), (dx, dy) = event.pos, event.rel
        if self.assist.pointer_rest is None:
            self.assist.pointer_rest = (x - dx, y - dy)
        rx, ry = self.assist.pointer_rest
        if not base.hand_moved(event):
            self.assist.pointer_rest = (rx + dx, ry + dy)
            return False
        return max(abs(x - rx), abs(y - ry)) > AUTOPLAY_JITTER

    def _opens_menus(self, event: pygame.event.Event) -> bool:
        """Whether SDL's mouse copy of a touch is a press on the menu bar,
        which fingers are not followed on: the copy opens the menus, as a
        click would. Every other copy is left to the finger's own events: a
        copy's press kept as a held button when its release came over the
        field (a finger put down on the frame, lifted on a cell) made the
        next right click a chord, and flagged nothing."""
        return event.type == pygame.MOUSEBUTTONDOWN and self.target(event.pos).kind == MENU_BAR

    def _press(self, button: int, target: Target) -> None:
        if self.anim is not None and not self.anim.done and target.kind != FACE:
            self.skip_animation()        # a click skips the animation, nothing more
        elif target.kind == MENU_BAR and button == 1:
            from .menu import title_at
            if title_at(self.app, target.x) is not None:
                self.open_menu(at=target.x, pressed=True)
        elif target.kind in (HBAR, VBAR) and button == 1:
            self._take_thumb(target.kind, (target.x, target.y))
        else:
            action = self.gestures.press(button, target, field_live=not self.session.ended,
                                         shift=self.app.held_keys.shift)
            if action:                   # the right button marks on press
                self._act(action)

    def pointer_left(self) -> None:
        """The pointer left the window: the overlay's percentage beside the
        cell it was on goes, as a Windows tooltip does (it stayed there)."""
        self._pointer = self.hover = None

    def follow_pointer(self) -> None:
        """The board moved under a still pointer (the wheel, the keyboard
        cursor, a scroll bar): the pressed look and the hover follow to the
        cell now under it, which is the one a release would play on."""
        if self._pointer is not None:
            target = self.target(self._pointer)
            self.gestures.move(target)
            self.hover = target.cell if target.kind == CELL_TARGET else None

    def _drag_bar(self, kind: str, pos: tuple[int, int]) -> None:
        """Scroll so the bar's thumb is centred under the pointer."""
        sx, sy = scroll_for_bar(self.app.layout, kind, pos, self.scroll)
        self.scroll_by(sx - self.scroll[0], sy - self.scroll[1])

    def _take_thumb(self, kind: str, pos: tuple[int, int], finger: int | None = None) -> None:
        """A press (or ``finger``) on a scroll bar at scale-1 ``pos``: off
        the thumb, the thumb comes to centre under the pointer; on it, the
        view stays where it is. Either way the thumb is then held where it was taken, and
        follows the pointer from there (``_drag_thumb``). Centring it on a
        press that took it near one end made the view jump by up to half
        its height before the pointer had moved."""
        if not on_thumb(self.app.layout, kind, pos, self.scroll):
            self._drag_bar(kind, pos)
        axis = 0 if kind == HBAR else 1
        self._drag = (kind, pos[axis], self.scroll[axis], finger)

    def _drag_thumb(self, pos: tuple[int, int]) -> None:
        """The pointer, holding a thumb, is at scale-1 ``pos``: the view
        follows it, or goes back where the drag began while it strays far
        from the bar (``thumb_dragged``)."""
        assert self._drag is not None      # called only while a thumb is held (``_take_thumb``)
        sx, sy = thumb_dragged(self.app.layout, self._drag[:3], pos, self.scroll)
        self.scroll_by(sx - self.scroll[0], sy - self.scroll[1])

    def open_menu(self, at: int | None = None, pressed: bool = False, index: int = 0,
                  dropped: bool = True) -> None:
        """Open menu ``index`` (or the one under window column ``at``);
        ``dropped`` False lights its title only (Alt, F10)."""
        from .menu import MenuScreen
        self.gestures.cancel()
        self.touch.cancel()
        self.app.push(MenuScreen(self.app, at=at, pressed=pressed, index=index, dropped=dropped))

    def _key(self, event: pygame.event.Event) -> None:
        from .menu import title_for
        if self.xyzzy.typed(event):
            return                               # the cheat's Shift+Enter opens nothing
        command = keys.command_for(event)
        title = title_for(event) if keys.alt_only(event) else None
        if command:
            self.app.commands.run(command)
        elif event.key == pygame.K_F10:
            self.open_menu(dropped=False)
        elif title is not None:
            self.open_menu(index=title)          # Alt+G: the Game menu
        elif event.key in keys.CURSOR_MOVES:
            self.move_cursor(*keys.CURSOR_MOVES[event.key])
        elif event.key in keys.OPEN_KEYS + keys.FLAG_KEYS \
                and not getattr(event, "mod", 0) & keys.SHORTCUT_MODS:
            # (Alt+F, a File menu's keys elsewhere, or Ctrl+F flagged a cell)
            if self.cursor is None or self.app.layout.view_cell(self.cursor, self.scroll) is None:
                # Hidden, or scrolled out of view by the wheel or a scroll
                # bar: the key shows the cursor and plays nothing (it opened
                # or flagged a cell the player could not see).
                self.move_cursor(0, 0)
            elif self._tip_covers(self.app.layout.centre_of(self.cursor, self.scroll)):
                # The hint's explanation hides the cursor's cell: as a click
                # on it does, the key closes it and plays nothing there.
                self.mark_dirty(self.assist.clear_hint())
            elif not self.session.ended:
                self._key_move(event.key in keys.FLAG_KEYS)

    def _key_move(self, flag: bool) -> None:
        """Open (or chord on a number) or flag the cell under the keyboard cursor."""
        cell = self.cursor
        assert cell is not None            # ``_key`` plays here only with the cursor shown
        if flag:
            self.play(FLAG, cell)
        elif self.field.cell(*cell) in "12345678":
            self.play("chord", cell)
        else:
            self.play(REVEAL, cell)

    def alt_spent(self) -> None:
        """Alt went with a key the loop took before the board saw it
        (Alt+F4): its release opens no menu, as in Windows."""
        self._alt_alone = False

    def _tick_alt(self) -> None:
        """Alt pressed and released alone opens the menus, one tick later.
        When the focus leaves with Alt held (Alt+Tab), SDL makes up Alt's
        release just before telling us the focus went: ``pause`` then takes
        the menu back, or the player came back to an open Game menu."""
        if self._menu_on_alt:
            self._menu_on_alt = False
            if self.app.top is self:
                self.open_menu(dropped=False)

    def _wheel(self, event: pygame.event.Event) -> None:
        self.scroll_by(*wheel_cells(event, self.app.held_keys.shift))

