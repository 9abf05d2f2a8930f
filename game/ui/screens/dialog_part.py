"""What ``Dialog``'s mixins (``dialog_keys``, ``dialog_mouse``,
``dialog_draw``, ``dialog_lists``) use of the dialog they are mixed into,
declared once for the type checker: each mixin declared the state and
methods it shares with the others again, so a member changed in ``dialog``
had up to four declarations to keep in step. Each mixin still declares
what it alone uses. At run time the class is empty.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import base

if TYPE_CHECKING:
    import pygame

    from ..scrolling import Pane
    from ..widgets import Button, Widget
    from .dialog_caption import CaptionControl


class DialogPart(base.ScreenPart):
    """The base of ``Dialog``'s mixins: a part of the dialog, which keeps
    the state and geometry they share."""

    if TYPE_CHECKING:       # what more than one mixin uses of Dialog, which keeps it
        _dirty: bool
        _held: Button | None
        _pointer: tuple[int, int] | None
        _ticks: int
        caption: CaptionControl
        closable: bool
        focus: int
        focus_moved: bool
        footer: set[int]
        pane: Pane
        widgets: list[Widget]

        @property
        def content_view(self) -> pygame.Rect: ...

        @property
        def focused(self) -> Widget | None: ...

        @property
        def rect(self) -> pygame.Rect: ...

        def _ensure_built(self) -> None: ...
        def accept(self) -> None: ...
        def cancel(self) -> None: ...
        def origin_of(self, index: int) -> tuple[int, int]: ...
        def screen_rect(self, widget: Widget) -> pygame.Rect: ...
        def widget_at(self, pos: tuple[int, int]) -> Widget | None: ...
