"""What ``PlayScreen``'s mixins (``play_input``, ``play_spent``,
``play_touch``, ``play_scroll``, ``play_draw``) use of the play screen they
are mixed into, declared once for the type checker: each mixin declared the
state and methods it shares with the others again, so a member changed in
``play`` had up to four declarations to keep in step. Each mixin still
declares what it alone uses. At run time the class is empty.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import base

if TYPE_CHECKING:
    import pygame

    from game.engine import Minefield

    from ..anim import Animation
    from ..assist import Assistant
    from ..gestures import Action, Gestures
    from ..hit import Target
    from ..session import Session
    from ..touch import Touch
    from ..xyzzy import Xyzzy


class PlayPart(base.ScreenPart):
    """The base of ``PlayScreen``'s mixins: a part of the play screen,
    which keeps the game's state and view they share."""

    if TYPE_CHECKING:       # what more than one mixin uses of PlayScreen, which keeps it
        _dirty: set[tuple[int, int]]
        _double_of: tuple[int, tuple[int, int], tuple[str, int]] | None
        _drag: tuple[str, int, int, int | None] | None
        _shown: dict[str, object]
        _spent: set[tuple[str, int]]
        _spent_keys: set[int]
        _view_behind: bool
        anim: Animation | None
        assist: Assistant
        cursor: tuple[int, int] | None
        gestures: Gestures
        hover: tuple[int, int] | None
        scroll: tuple[int, int]
        session: Session
        touch: Touch
        xyzzy: Xyzzy

        @property
        def field(self) -> Minefield: ...

        def _act(self, action: Action) -> None: ...
        def _finger_pos(self, event: pygame.event.Event) -> tuple[int, int]: ...
        def hide_cursor(self) -> None: ...
        def scroll_by(self, dx: int, dy: int) -> None: ...
        def skip_animation(self) -> None: ...
        def target(self, pos: tuple[int, int]) -> Target: ...
