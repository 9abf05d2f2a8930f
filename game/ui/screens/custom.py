"""The Custom Field dialog: height, width and mines, checked by the engine's rules.

Out-of-range values are refused with the engine's own message (which names the
allowed range) shown in the dialog as a sentence (``as_sentence``), and nothing
changes until they are fixed; changing Shape or Field takes the message away, as
it was about the board before.

A shaped field (the gallery's or your mask) has its own size: while one is
chosen, height and width show it greyed and cannot be typed into, since a
size typed there could not apply (only its mines can change). Rectangle makes
them editable again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine import CUSTOM_LIMITS, SHAPES
from game.engine.checks import ascii_number
from game.engine.gallery import GALLERY
from game.i18n import N_, _
from game.words import FIELD_NAMES, as_sentence, board_refusal, level_name, shape_name

from ..menus import split_mnemonic
from ..render.painter import DARK, Painter
from ..text_field import TextField
from ..text_fit import wrap
from ..widgets import Button, Label, button_row
from .dialog import Dialog

if TYPE_CHECKING:
    from ..host import Host

RED = (192, 0, 0)
FIELDS = ("height", "width", "mines")
EMPTY = {"height": N_("type a number for the height"),
         "width": N_("type a number for the width"), "mines": N_("type a number of mines")}
NOT_DIGITS = {"height": N_("height must be a whole number written with the digits 0-9"),
              "width": N_("width must be a whole number written with the digits 0-9"),
              "mines": N_("mines must be a whole number written with the digits 0-9")}
RECTANGLE, OWN_MASK = "rectangle", "mask"
#: The fields' labels, in the classic dialog's order, each with its access
#: key (Alt+H puts the caret in the height's box, its text selected).
LABELS = {"height": N_("&Height:"), "width": N_("&Width:"), "mines": N_("&Mines:")}


def is_ascii_digit(ch: str) -> bool:
    """What the fields take: 0-9 only (``str.isdigit`` also passes ``²`` and
    other scripts' digits, which the engine's numbers are not written in)."""
    return ch in "0123456789"


class BoxError(ValueError):
    """A box left empty or not written in digits: the message, and which
    box (``what``, as the engine's ``SizeError`` names it)."""

    def __init__(self, what: str, message: str) -> None:
        super().__init__(message)
        self.what = what


class CustomDialog(Dialog):
    title = N_("Custom Field")
    width = 150

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        settings = app.settings
        board = settings.board()
        self.values = {"height": str(board.height), "width": str(board.width),
                       "mines": str(board.mines)}
        self.shape = settings.shape
        self.choices = [RECTANGLE, *GALLERY] + ([OWN_MASK] if settings.own_mask else [])
        if settings.level in GALLERY:
            self.field = settings.level
        else:
            self.field = OWN_MASK if board.mask else RECTANGLE
        self.error = ""
        # What the boxes held on Rectangle (the board played, or as typed
        # there), given back when the fields come round to it again. Opened
        # on a shaped field, the custom board last played, as Windows shows
        # its last custom numbers (it showed the shaped field's own size).
        self._rectangle = dict(self.values) if self.field == RECTANGLE else {
            "height": str(settings.custom_height), "width": str(settings.custom_width),
            "mines": str(settings.custom_mines)}

    def build(self, painter: Painter) -> int:
        line = painter.line_height()
        self.fields = {}
        self.widgets = []
        y = 6
        label_w = max(painter.text_width(split_mnemonic(_(LABELS[name]))[0]) for name in FIELDS)
        for name in FIELDS:
            label = Label.marked(pygame.Rect(10, y + 3, label_w + 2, line), _(LABELS[name]))
            field = TextField(pygame.Rect(max(60, 16 + label_w), y, 50, line + 5),
                              self.values[name], max_len=4, accept=is_ascii_digit,
                              focusable=name == "mines" or self.field == RECTANGLE)
            if not field.focusable:
                # greyed with its box, as Windows greys a disabled box's
                # label: black, its letter promised a focus Alt+H never gave
                label.colour = DARK
            self.fields[name] = field
            self.widgets += [label, field]
            y += line + 9
        # Their access keys give the focus to the button after them, as a
        # Windows label does to its list (Space or Enter then turns it).
        choices = ((_("&Shape:"), shape_name(self.shape), self.next_shape),
                   (_("&Field:"), self._field_title(), self.next_field))
        choice_w = max(painter.text_width(split_mnemonic(label)[0])
                       for label, _text, _act in choices)
        x = max(60, 16 + choice_w)
        right = self.client_w - 8           # in line with Cancel's right edge
        # A name too long for the room beside its label puts each button
        # under its label, across the dialog.
        below = any(x + painter.text_width(text) + 12 > right for _l, text, _a in choices)
        for marked, text, action in choices:
            self.widgets.append(Label.marked(pygame.Rect(10, y + 4, choice_w + 2, line), marked))
            if below:
                y += line + 6
            left = 10 if below else x
            self.widgets.append(Button(pygame.Rect(left, y, max(40, right - left), line + 8),
                                       text, action))
            y += line + 11
        y += 2
        self.footer_top = y
        buttons, y = button_row(painter, ((_("OK"), self.accept), (_("Cancel"), self.cancel)),
                                8, y, self.footer_w - 16, fill=True)
        self.widgets += buttons
        y += 6
        if self.error:
            label = Label(pygame.Rect(8, y, self.footer_w - 16, 0), as_sentence(self.error), RED)
            self.widgets.append(label)
            y += (line + 1) * len(wrap(painter, label.text, label.rect.w)) + 4
        return y

    def _field_title(self) -> str:
        if self.field in FIELD_NAMES:
            return level_name(self.field)
        return _("Your mask") if self.field == OWN_MASK else _("Rectangle")

    def next_shape(self) -> None:
        """Cycle the shape: grid, torus, hexagons. An error shown was about the
        board before, so it goes."""
        self._keep_typed()
        self.error = ""
        self.shape = SHAPES[(SHAPES.index(self.shape) + 1) % len(SHAPES)]
        self._rebuild()

    def next_field(self) -> None:
        """Cycle the field: a rectangle, the gallery, then your mask. A shaped
        field fills in its own size and mines (your mask the mines it was saved
        with), so what the dialog shows is what OK starts; Rectangle gives
        back what its boxes held when it was left (a size typed, then the
        gallery looked through, came back as Big M's). An error shown was
        about the board before, so it goes."""
        self._keep_typed()
        self.error = ""
        if self.field == RECTANGLE:
            self._rectangle = dict(self.values)
        self.field = self.choices[(self.choices.index(self.field) + 1) % len(self.choices)]
        mask = self._mask()
        if mask is None:
            self.values = dict(self._rectangle)
        else:
            settings = self.app.settings
            mines = GALLERY[self.field].mines if self.field in GALLERY else settings.own_mask_mines
            self.values = {"height": str(len(mask)), "width": str(len(mask[0])),
                           "mines": str(mines)}
        self._rebuild()

    def accept(self) -> None:
        self._keep_typed()
        mask = self._mask()
        try:
            # each box in the dialog's order: the first at fault is named
            sides = {}
            for name in ("height", "width"):
                sides[name] = self._number(name)
                if mask is None:
                    CUSTOM_LIMITS.check_side(name, sides[name])
            width, height, mines = sides["width"], sides["height"], self._number("mines")
            if mask is not None:
                width, height = len(mask[0]), len(mask)
            CUSTOM_LIMITS.check(width, height, mines, self.shape, mask)
        except ValueError as e:         # a box left empty or not digits, or the board refused
            self._refuse(board_refusal(e), getattr(e, "what", None))
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
                                  "custom_mask", "own_mask", "own_mask_mines", "shape")
        self.app.pop()
        self.app.play.new_game()

    def _mask(self) -> tuple[str, ...] | None:
        if self.field in GALLERY:
            return GALLERY[self.field].mask
        if self.field == OWN_MASK:
            return tuple(self.app.settings.own_mask.split("\n"))
        return None

    def changed(self) -> None:
        """Keep what was typed as it is typed: a zoom or fullscreen lays the
        dialog out again from ``values``, and the sizes typed were lost."""
        self._keep_typed()

    def _keep_typed(self) -> None:
        self.values = {name: field.text for name, field in self.fields.items()}

    def _number(self, name: str) -> int:
        if not self.values[name]:
            raise BoxError(name, _(EMPTY[name]))
        value = ascii_number(self.values[name])
        if value is None:
            raise BoxError(name, _(NOT_DIGITS[name]))
        return value

    def _refuse(self, message: str, what: str | None) -> None:
        """Show why, and give the focus to the box it is about, its text
        selected, as a Windows dialog does: it stayed where Enter was
        pressed, and the number typed to put the width right replaced the
        mines."""
        self.error = message
        self._rebuild()
        box = self.fields.get(what or "")
        if box is not None and box.focusable:
            self.focus = self.widgets.index(box)
            self._select_focused()
            self.pane.show(box.rect.y, box.rect.bottom)

    def _rebuild(self) -> None:
        focus = self.focus
        self.relayout()
        self._ensure_built()
        self.focus = focus
        self.app.invalidate()

