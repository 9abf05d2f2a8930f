"""What a screen may ask of the app: the narrow interface that keeps the
layers of the window reading one way (docs/design.md, "Layers").

The app (``game.ui.app``) owns the window, the loop and the stack of screens;
screens, menus and the records code below it are handed the app as a
``Host`` and never import it. Each Protocol here lists exactly what is used
from below; anything more a screen needs is a change to this file, made on
purpose. ``tests/ui/test_layers.py`` checks that the app provides all of it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    import pygame

    from game.engine import Minefield
    from game.replay import Replay
    from game.settings import Settings
    from game.store import Store
    from game.store.reader import Reader

    from .anim import Animation
    from .audio import Audio
    from .display import Display
    from .exporting import ReplayExporter
    from .frame import Layout
    from .gestures import Gestures
    from .hit import Viewport
    from .keys import HeldKeys
    from .loading import ReplayLoader
    from .render.atlas import Atlas
    from .render.painter import Painter
    from .session import Session
    from .worker import Worker


@runtime_checkable
class Stacked(Protocol):
    """A screen as the stack of screens sees it."""

    overlay: bool
    closes_with_focus: bool
    passes_press: bool

    def enter(self) -> None: ...
    def exit(self) -> None: ...
    def handle(self, event: pygame.event.Event) -> None: ...
    def relayout(self) -> None: ...
    def focus_lost(self) -> None: ...
    def update(self) -> None: ...
    def draw(self, painter: Painter, full: bool) -> bool: ...


@runtime_checkable
class Helper(Protocol):
    """The computer's help on the play screen, as menus and attract mode use it."""

    overlay: bool
    autoplay: bool
    pace: tuple[int, int]
    default_pace: tuple[int, int]

    def toggle_autoplay(self) -> None: ...
    def tick(self) -> None: ...
    def stop(self) -> None: ...


@runtime_checkable
class Game(Protocol):
    """The play screen, as other screens and menus use it."""

    session: Session
    anim: Animation | None

    @property
    def assist(self) -> Helper: ...     # read-only: the play screen's own is more
    @property
    def field(self) -> Minefield: ...
    @property
    def gestures(self) -> Gestures: ...

    def play(self, kind: str, cell: tuple[int, int]) -> None: ...
    def point_at(self, cell: tuple[int, int]) -> None: ...
    def hide_cursor(self) -> None: ...

    def new_game(self, seed: int | None = None, field: Minefield | None = None) -> None: ...
    def after_victory(self, show: Callable[[], None]) -> None: ...
    def spend_gesture(self, event: pygame.event.Event) -> None: ...
    def spend_double_click(self, first: tuple[int, tuple[int, int]],
                           by: tuple[str, int]) -> None: ...
    def spend_click(self, event: pygame.event.Event) -> None: ...


@runtime_checkable
class CommandRunner(Protocol):
    """The app's commands by name (menu items, keys)."""

    def run(self, name: str) -> None: ...
    def allowed(self, name: str) -> bool: ...
    def export_replay(self, replay: Replay | None = None) -> None: ...


@runtime_checkable
class Host(Protocol):
    """The app, as screens, menus and the records code may use it."""

    settings: Settings
    overridden: set[str]            # the settings this run's command line decides
    store: Store
    reader: Reader
    layout: Layout
    viewport: Viewport
    painter: Painter
    atlas: Atlas
    audio: Audio
    display: Display
    clock: Callable[[], float]
    last_replay: Replay | None
    replays: ReplayLoader
    worker: Worker                  # the computer's thinking (the play screen's assistant)
    exports: ReplayExporter
    frames: int                     # frames drawn since the window opened
    ticks: int                      # ticks run since the window opened
    drawing_owed: bool              # this frame draws what the last one left (``Loop.run``)
    focused: bool                   # the window has the focus
    pointer: tuple[int, int] | None  # the mouse's last display position, whoever was told (None: it left)
    held_keys: HeldKeys             # the keys down, Shift as at the event handled

    # Read-only: a screen never replaces the app's commands or play screen,
    # and the app's own are more than these Protocols ask (docs/design.md).
    @property
    def commands(self) -> CommandRunner: ...
    @property
    def play(self) -> Game: ...
    @property
    def top(self) -> Stacked: ...
    @property
    def stack(self) -> Sequence[Stacked]: ...    # bottom to top

    def push(self, screen: Stacked, over: Stacked | None = None) -> None: ...
    def pop(self) -> Stacked: ...
    def remove(self, screen: Stacked) -> None: ...
    def invalidate(self) -> None: ...
    def show_notices(self) -> None: ...
    def can_zoom(self, step: int) -> bool: ...
    def woke(self) -> None: ...
    def settings_changed(self, *names: str) -> None: ...
    def fit_window(self, cols: int, rows: int, mines: int = 0, shape: str = "grid", *,
                   lent: bool = False) -> None: ...
