"""The Custom Field dialog: height, width and mines, the board's shape and
the shaped fields of the gallery, checked by the engine's rules.

Out-of-range values are refused with the engine's own message (which names the
allowed range) shown in the dialog, and nothing changes until they are fixed.
Choosing a gallery field fills in its size and mine count; its size is the
mask's, but the mines may be changed (that makes a custom shaped field).
"""

from __future__ import annotations

import pygame

from game.engine import CUSTOM_LIMITS, SHAPES
from game.engine.checks import ascii_number
from game.engine.gallery import GALLERY, SHAPE_TITLES, TITLES

from ..render.painter import Painter
from ..widgets import Button, Label, TextField, wrap
from .dialog import Dialog

RED = (192, 0, 0)
FIELDS = ("height", "width", "mines")
RECTANGLE, OWN_MASK = "rectangle", "mask"


def is_ascii_digit(ch: str) -> bool:
    """What the fields take: 0-9 only (``str.isdigit`` also passes ``²`` and
    other scripts' digits, which the engine's numbers are not written in)."""
    return ch in "0123456789"


class CustomDialog(Dialog):
    title = "Custom Field"
    width = 150

    def __init__(self, app) -> None:
        super().__init__(app)
        settings = app.settings
        board = settings.board()
        self.values = {"height": str(board.height), "width": str(board.width),
                       "mines": str(board.mines)}
        self.shape = settings.shape
        self.choices = [RECTANGLE, *GALLERY] + ([OWN_MASK] if settings.custom_mask else [])
        if settings.level in GALLERY:
            self.field = settings.level
        else:
            self.field = OWN_MASK if board.mask else RECTANGLE
        self.error = ""

    def build(self, painter: Painter) -> int:
        line = painter.line_height()
        self.fields = {}
        self.widgets = []
        y = 6
        for name in FIELDS:
            self.widgets.append(Label(pygame.Rect(10, y + 3, 45, line), name.capitalize() + ":"))
            field = TextField(pygame.Rect(60, y, 50, line + 5), self.values[name], max_len=4,
                              accept=is_ascii_digit)
            self.fields[name] = field
            self.widgets.append(field)
            y += line + 9
        for label, text, action in (("Shape:", SHAPE_TITLES[self.shape], self.next_shape),
                                    ("Field:", self._field_title(), self.next_field)):
            self.widgets.append(Label(pygame.Rect(10, y + 4, 45, line), label))
            self.widgets.append(Button(pygame.Rect(60, y, 76, line + 8), text, action))
            y += line + 11
        y += 2
        self.widgets.append(Button(pygame.Rect(8, y, 62, line + 8), "OK", self.accept))
        self.widgets.append(Button(pygame.Rect(74, y, 62, line + 8), "Cancel", self.cancel))
        y += line + 14
        if self.error:
            label = Label(pygame.Rect(8, y, self.width - 22, 0), self.error, RED)
            self.widgets.append(label)
            y += (line + 1) * len(wrap(painter, label.text, label.rect.w)) + 4
        return y

    def _field_title(self) -> str:
        return {RECTANGLE: "Rectangle", OWN_MASK: "Your mask"}.get(self.field,
                                                                   TITLES.get(self.field, ""))

    def next_shape(self) -> None:
        """Cycle the shape: grid, torus, hexagons."""
        self._keep_typed()
        self.shape = SHAPES[(SHAPES.index(self.shape) + 1) % len(SHAPES)]
        self._rebuild()

    def next_field(self) -> None:
        """Cycle the field: a rectangle, then the gallery (filling in its size)."""
        self._keep_typed()
        self.field = self.choices[(self.choices.index(self.field) + 1) % len(self.choices)]
        if self.field in GALLERY:
            level = GALLERY[self.field]
            self.values = {"height": str(level.height), "width": str(level.width),
                           "mines": str(level.mines)}
        self._rebuild()

    def accept(self) -> None:
        self._keep_typed()
        mask = self._mask()
        try:
            width, height, mines = (self._number(n) for n in ("width", "height", "mines"))
            if mask is not None:
                width, height = len(mask[0]), len(mask)
            CUSTOM_LIMITS.check(width, height, mines, self.shape, mask)
        except ValueError as e:
            self._refuse(str(e))
            return
        settings = self.app.settings
        settings.shape = self.shape
        if self.field in GALLERY and mines == GALLERY[self.field].mines:
            settings.level = self.field
        elif mask is not None:
            settings.choose_mask(mask, mines)
        else:
            settings.choose_board(width, height, mines)
        self.app.settings_changed("level", "custom_width", "custom_height", "custom_mines",
                                  "custom_mask", "shape")
        self.app.pop()
        self.app.play.new_game()

    def _mask(self) -> tuple[str, ...] | None:
        if self.field in GALLERY:
            return GALLERY[self.field].mask
        if self.field == OWN_MASK:
            return tuple(self.app.settings.custom_mask.split("\n"))
        return None

    def _keep_typed(self) -> None:
        self.values = {name: field.text for name, field in self.fields.items()}

    def _number(self, name: str) -> int:
        if not self.values[name]:
            raise ValueError(f"type a number for {name}")
        value = ascii_number(self.values[name])
        if value is None:
            raise ValueError(f"{name} must be a whole number written with the digits 0-9")
        return value

    def _rebuild(self) -> None:
        focus = self.focus
        self.relayout()
        self._ensure_built()
        self.focus = focus
        self.app.invalidate()

    def _refuse(self, message: str) -> None:
        self.error = message
        self._rebuild()
