"""The board screen: where clicks become moves and moves become pictures.

Three kinds of state are kept apart (after Tatham's Mines): the game state is
the session's engine; the UI state is the gesture in progress, the cursor and
the scroll; the draw state is what the board view and the counters last drew,
which can be thrown away at any time (a full redraw).
"""

from __future__ import annotations

import pygame

from game.engine import Minefield, Status

from .. import keys
from ..anim import Animation, DefeatAnimation, VictoryAnimation
from ..assist import Assistant
from ..frame import CELL, Layout
from ..gestures import CHORD, NEW_GAME, PRIMARY, SECONDARY, Gestures
from ..hit import CELL_TARGET, FACE, MENU_BAR, Target, target_at
from ..recording import record_abandoned, record_end
from ..render.assist import draw_help, help_decor
from ..render.board import BoardView
from ..render.effects import draw_effects
from ..render.hud import draw_chrome, draw_counter, draw_face
from ..render.menubar import draw_bar
from ..render.painter import GREY, Painter
from ..session import FLAG, REVEAL, Session
from . import base

PRESSABLE = "#?"
MANY_RECTS = 64         # more changed cells than this: blit the whole field at once
WHEEL_STEP = 3


class PlayScreen(base.Screen):
    def __init__(self, app, seed: int | None = None) -> None:
        super().__init__(app)
        self.gestures = Gestures()
        self.session: Session | None = None
        self.board_view: BoardView | None = None
        self.scroll = (0, 0)
        self.cursor: tuple[int, int] | None = None   # keyboard play; hidden until an arrow key
        self.anim: Animation | None = None
        self._alt_alone = False
        self._dirty: set[tuple[int, int]] = set()
        self._pressed: set[tuple[int, int]] = set()
        self._shown: dict[str, object] = {}
        self.hover: tuple[int, int] | None = None     # the cell under the mouse pointer
        self.assist = Assistant(self)
        self.new_game(seed)

    # ------------------------------------------------------------- game

    @property
    def field(self):
        return self.session.field

    def new_game(self, seed: int | None = None, field: Minefield | None = None) -> None:
        """Start a game with the current settings, or on a given board (tests,
        replays); the window fits the board."""
        self.abandon()
        self.anim = None
        self.session = Session(self.app.settings, self.app.clock, seed=seed, field=field)
        self.assist.new_game()
        self.gestures.cancel()
        self._pressed = set()
        self._dirty.clear()
        self.hover = None          # the old board's cell may lie off a smaller new one
        self.scroll = (0, 0)
        if self.cursor is not None:
            self.cursor = (min(self.cursor[0], self.field.width - 1),
                           min(self.cursor[1], self.field.height - 1))
        self.app.fit_window(self.field.width, self.field.height)
        self._reset_board_view()
        self.app.invalidate()

    def abandon(self) -> None:
        """The game in progress is being left: record it as abandoned."""
        if self.session is not None:
            record_abandoned(self.app, self.session)

    def relayout(self) -> None:
        if self.session is not None:
            self.scroll_by(0, 0)
            self._reset_board_view()

    def _reset_board_view(self) -> None:
        layout = self.app.layout
        self.board_view = BoardView(self.app.atlas, self.app.viewport.scale,
                                    layout.view_cols, layout.view_rows)
        self.board_view.reset(self.scroll)
        self.board_view.redraw_all(self.code_of)
        self._shown.clear()

    def pause(self) -> None:
        """Hide the field and stop the clock while a game is running (demo
        games play on: nobody is timing them)."""
        if self.session.demo:
            return
        if self.session.chrono.running and not self.session.chrono.paused:
            from .pause import PauseScreen
            self.gestures.cancel()
            self.app.push(PauseScreen(self.app))

    def play(self, kind: str, cell: tuple[int, int]) -> None:
        """Play a move and queue what it changed for drawing and sound (the
        first reveal of a no-guess board waits for its mines)."""
        if self.assist.lay_first(kind, cell):
            return
        outcome = self.session.play(kind, cell)
        self._dirty.update(outcome.changed)
        if outcome.useful:
            self._dirty |= self.assist.clear_hint()
        if outcome.ended:
            self.app.audio.play("explosion" if outcome.ended == Status.LOST else "victory")
            self._start_animation(outcome, cell)
            record_end(self.app, self.session)
        elif outcome.useful:
            self.app.audio.play({REVEAL: "reveal", FLAG: "flag"}.get(kind, "chord"))

    def _start_animation(self, outcome, cell: tuple[int, int]) -> None:
        field = self.field
        if outcome.ended == Status.LOST:
            exploded = [c for c in outcome.changed if field.cell(*c) == "X"]
            self.anim = DefeatAnimation(field, exploded)
        else:
            flagged = [c for c in outcome.changed if field.cell(*c) == "F"]
            self.anim = VictoryAnimation(field, flagged, cell, field.seed or 0)
        self._dirty |= self.anim.turning(-1, 0) | set(outcome.changed)

    def skip_animation(self) -> None:
        if self.anim is not None:
            self._dirty |= self.anim.finish()

    def _act(self, action) -> None:
        if action.kind == NEW_GAME:
            self.new_game()
        elif action.kind == PRIMARY:
            self.play(self.session.intent_of_primary(action.cell), action.cell)
        elif action.kind == SECONDARY:
            self.play(FLAG, action.cell)
        elif action.kind == CHORD:
            self.play("chord", action.cell)

    # ------------------------------------------------------------- input

    def target(self, pos: tuple[int, int]) -> Target:
        return target_at(self.app.layout, self.app.viewport.to_window(pos), self.scroll)

    def handle(self, event: pygame.event.Event) -> None:
        if self.assist.autoplay and (event.type in base.DELIBERATE_INPUT
                                     or base.pointer_moved(event)):
            self.assist.stop()               # any input stops auto-play, and only that
            return
        if event.type == pygame.MOUSEMOTION:
            target = self.target(event.pos)
            self.hover = target.cell if target.kind == CELL_TARGET else None
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            self.hide_cursor()
            self._alt_alone = False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3):
            target = self.target(event.pos)
            if self.anim is not None and not self.anim.done and target.kind != FACE:
                self.skip_animation()        # a click skips the animation, nothing more
            elif target.kind == MENU_BAR and event.button == 1:
                self.open_menu(at=target.x, pressed=True)
            else:
                self.gestures.press(event.button, target, field_live=not self.session.ended)
        elif event.type == pygame.MOUSEBUTTONUP and event.button in (1, 2, 3):
            action = self.gestures.release(event.button, self.target(event.pos))
            if action:
                self._act(action)
        elif event.type == pygame.MOUSEMOTION:
            self.gestures.move(self.target(event.pos))
        elif event.type == pygame.MOUSEWHEEL:
            self._wheel(event)
        elif event.type == pygame.KEYDOWN:
            self._alt_alone = event.key in (pygame.K_LALT, pygame.K_RALT)
            self._key(event)
        elif event.type == pygame.KEYUP and event.key in (pygame.K_LALT, pygame.K_RALT):
            if self._alt_alone:       # Alt pressed and released alone opens the menus
                self.open_menu()
            self._alt_alone = False

    def open_menu(self, at: int | None = None, pressed: bool = False) -> None:
        from .menu import MenuScreen
        self.gestures.cancel()
        self.app.push(MenuScreen(self.app, at=at, pressed=pressed))

    def _key(self, event: pygame.event.Event) -> None:
        command = keys.command_for(event)
        if command:
            self.app.commands.run(command)
        elif event.key == pygame.K_F10:
            self.open_menu()
        elif event.key in keys.CURSOR_MOVES:
            self.move_cursor(*keys.CURSOR_MOVES[event.key])
        elif event.key in keys.OPEN_KEYS + keys.FLAG_KEYS:
            if self.cursor is None:
                self.move_cursor(0, 0)
            elif not self.session.ended:
                self._key_move(event.key in keys.FLAG_KEYS)

    def _key_move(self, flag: bool) -> None:
        """Open (or chord on a number) or flag the cell under the keyboard cursor."""
        cell = self.cursor
        if flag:
            self.play(FLAG, cell)
        elif self.field.cell(*cell) in "12345678":
            self.play("chord", cell)
        else:
            self.play(REVEAL, cell)

    def move_cursor(self, dx: int, dy: int) -> None:
        """Show the keyboard cursor (at the centre the first time) or move it,
        scrolling a big board so it stays in view."""
        if self.cursor is None:
            self.cursor = (self.scroll[0] + self.app.layout.view_cols // 2,
                           self.scroll[1] + self.app.layout.view_rows // 2)
        else:
            self._dirty.add(self.cursor)
            self.cursor = (max(0, min(self.field.width - 1, self.cursor[0] + dx)),
                           max(0, min(self.field.height - 1, self.cursor[1] + dy)))
        self._dirty.add(self.cursor)
        self.reveal_cell(self.cursor)

    def mark_dirty(self, cells) -> None:
        """Redraw these cells at the next frame."""
        self._dirty |= set(cells)

    def reveal_cell(self, cell: tuple[int, int]) -> None:
        """Scroll a big board so ``cell`` is in view."""
        layout = self.app.layout
        x, y = cell
        sx = min(max(self.scroll[0], x - layout.view_cols + 1), x)
        sy = min(max(self.scroll[1], y - layout.view_rows + 1), y)
        self.scroll_by(sx - self.scroll[0], sy - self.scroll[1])

    def point_at(self, cell: tuple[int, int]) -> None:
        """Put the cursor on ``cell`` (auto-play shows its next move this way)."""
        if self.cursor is not None:
            self._dirty.add(self.cursor)
        self.cursor = cell
        self._dirty.add(cell)
        self.reveal_cell(cell)

    def hide_cursor(self) -> None:
        if self.cursor is not None:
            self._dirty.add(self.cursor)
            self.cursor = None

    def _wheel(self, event: pygame.event.Event) -> None:
        dx, dy = -event.x, -event.y
        if pygame.key.get_mods() & pygame.KMOD_SHIFT:
            dx, dy = dy, dx
        self.scroll_by(dx * WHEEL_STEP, dy * WHEEL_STEP)

    def scroll_by(self, dx: int, dy: int) -> None:
        """Move the visible part of a board too big for the screen."""
        layout = self.app.layout
        sx = max(0, min(layout.cols - layout.view_cols, self.scroll[0] + dx))
        sy = max(0, min(layout.rows - layout.view_rows, self.scroll[1] + dy))
        if (sx, sy) != self.scroll:
            self.scroll = (sx, sy)
            self.board_view.scroll = self.scroll
            self.board_view.redraw_all(self.code_of)
            self._shown.pop("board", None)

    # ------------------------------------------------------------- ticks

    def update(self) -> None:
        if self.app.top is self or not self.assist.autoplay:
            self.assist.tick()
        if self.anim is not None and not self.anim.done:
            self._dirty |= self.anim.tick()
        chrono = self.session.chrono
        if chrono.running and not chrono.paused:
            seconds = chrono.display_seconds()
            if seconds != self._shown.get("tick_second") and seconds > 1:
                self.app.audio.play("tick")
            self._shown["tick_second"] = seconds

    # ------------------------------------------------------------- drawing

    def pressed_cells(self) -> set[tuple[int, int]]:
        """Cells shown pressed by the gesture under way."""
        if self.session.ended:
            return set()
        field = self.field
        cell = self.gestures.pressed_cell()
        if cell is not None:
            intent = self.session.intent_of_primary(cell)
            if intent == "chord":
                return {c for c in field.neighbours(*cell) if field.cell(*c) in PRESSABLE}
            if intent == REVEAL and field.cell(*cell) in PRESSABLE:
                return {cell}
            return set()
        cell = self.gestures.chord_cell()
        if cell is not None:
            return {c for c in [cell, *field.neighbours(*cell)] if field.cell(*c) in PRESSABLE}
        return set()

    def code_of(self, x: int, y: int) -> str:
        """The appearance code of a cell: its view character, pressed or not."""
        ch = self.field.cell(x, y)
        if self.anim is not None:
            ch = self.anim.shows((x, y), ch)
        if (x, y) in self._pressed:
            ch = "p" if ch == "#" else "q" if ch == "?" else ch
        if (x, y) == self.cursor:
            ch += "+"
        return ch + self.assist.mark_of((x, y))

    def face(self) -> str:
        status = self.session.status
        if status == Status.WON:
            return "cool"
        if status == Status.LOST:
            return "dead"
        if self.gestures.face_pressed():
            return "pressed"
        if self.gestures.worried():
            return "oh"
        return "smile"

    def draw(self, painter: Painter, full: bool) -> bool:
        if self.board_view.scale != painter.scale:
            self._reset_board_view()
            full = True
        pressed = self.pressed_cells()
        self._dirty |= pressed ^ self._pressed
        self._pressed = pressed
        layout = self.app.layout
        if full:
            self._shown.clear()
            painter.fill(layout.window, GREY)
            if layout.menu:
                draw_bar(painter, layout.menu_bar)
            draw_chrome(painter, layout)
        drew = full
        rects = self.board_view.update(self._dirty, self.code_of)
        self._dirty.clear()
        animating = self.anim is not None and (not self.anim.done or "anim" in self._shown)
        decor = help_decor(self)
        redecorate = decor != self._shown.get("decor") or (bool(decor) and bool(rects))
        many = len(rects) > MANY_RECTS       # one blit of the view beats thousands
        if full or "board" not in self._shown or animating or redecorate or many:
            self._shown["decor"] = decor
            self._draw_field(painter, layout)
            drew = True
        else:
            origin = painter.pos(layout.field.topleft)
            for r in rects:
                painter.surface.blit(self.board_view.surface, (origin[0] + r.x, origin[1] + r.y), r)
        drew |= bool(rects)
        drew |= self._draw_hud(painter, layout)
        return drew

    def _draw_field(self, painter: Painter, layout: Layout) -> None:
        """The whole visible field, with the animation's shake and overlays
        drawn on the display (the board view's surface stays clean)."""
        self._shown["board"] = True
        anim = self.anim
        if anim is None or anim.done:
            self._shown.pop("anim", None)
            painter.blit(self.board_view.surface, layout.field.topleft)
            draw_help(painter, layout, self)
            return
        self._shown["anim"] = True
        clip = painter.surface.get_clip()
        painter.surface.set_clip(painter.px(layout.field))
        dx, dy = anim.shake() if isinstance(anim, DefeatAnimation) else (0, 0)
        if dx or dy:
            painter.fill(layout.field, (0, 0, 0))
        painter.blit(self.board_view.surface, (layout.field.x + dx, layout.field.y + dy))
        draw_effects(painter, anim, layout, self.scroll, (dx, dy))
        painter.surface.set_clip(clip)

    def _draw_hud(self, painter: Painter, layout: Layout) -> bool:
        mines_left = self.field.mines_left
        if isinstance(self.anim, VictoryAnimation):
            mines_left = self.field.mines - self.anim.flags_shown()
        values = {"mines_box": mines_left,
                  "timer_box": self.session.chrono.display_seconds(),
                  "face": self.face()}
        drew = False
        for part, value in values.items():
            if self._shown.get(part) != value:
                self._shown[part] = value
                drew = True
                if part == "face":
                    draw_face(painter, layout, value)
                else:
                    draw_counter(painter, layout, part, value)
        return drew


def cell_centre(layout: Layout, cell: tuple[int, int], scroll=(0, 0)) -> tuple[int, int]:
    """Scale-1 window position of the centre of a board cell (tests, bots)."""
    return (layout.field.x + (cell[0] - scroll[0]) * CELL + CELL // 2,
            layout.field.y + (cell[1] - scroll[1]) * CELL + CELL // 2)
