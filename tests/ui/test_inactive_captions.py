"""An inactive dialog's title bar, read from the pixels: as Windows drew an
inactive window's caption, white with black text under Windows 3.1, grey
shaded to light grey with light grey text in the XP (Classic) look, plain
grey in the modern one. A dialog is inactive under a question, and every
dialog is while the game's window is in the background; the bar is drawn
again as soon as either changes."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.ui.dialog_window import caption_control, title_bar
from game.ui.screens.notice import ConfirmDialog

from .helpers import key, make_app, pixel, post
from .test_dialogs import open_custom

NAVY, LIGHT_BLUE = (0, 0, 128), (16, 132, 208)
BLACK, WHITE, GREY, DARK = (0, 0, 0), (255, 255, 255), (192, 192, 192), (128, 128, 128)
INACTIVE_TEXT = (212, 208, 200)
#: Per style, the bar's colours at its left and right ends and its caption's
#: ink: active, then inactive.
ACTIVE = {"win31": (NAVY, NAVY, WHITE), "xp": (NAVY, LIGHT_BLUE, WHITE),
          "modern": (NAVY, NAVY, WHITE)}
INACTIVE = {"win31": (WHITE, WHITE, BLACK), "xp": (DARK, GREY, INACTIVE_TEXT),
            "modern": (DARK, DARK, INACTIVE_TEXT)}
STYLES = ["win31", "xp", "modern"]


def looks(app, dialog) -> tuple[tuple[int, int, int], tuple[int, int, int], set]:
    """The dialog's bar as shown: the colours at the ends of its top row
    (right of Windows 3.1's box, which stays grey) and every colour in it,
    read where no other dialog covers it."""
    bar = title_bar(app.painter, dialog.rect)
    control = caption_control(bar, app.settings.style)
    left = control.right if app.settings.style == "win31" and control else bar.x
    over = app.top.rect if app.top is not dialog else pygame.Rect(0, 0, 0, 0)
    shown = pygame.Rect(left, bar.y, bar.right - left, bar.h)
    columns = [x for x in range(shown.x, shown.right) if not over.collidepoint(x, bar.y)]
    assert columns and columns[0] == shown.x and columns[-1] == shown.right - 1

    def at(x: int, y: int) -> tuple[int, int, int]:
        return pixel(app, app.painter.px((x, y, 1, 1)).topleft)

    seen = {at(x, y) for x in columns for y in range(bar.y, bar.bottom)
            if not control or not control.collidepoint(x, y)}
    return at(shown.x, bar.y), at(shown.right - 1, bar.y), seen


def assert_drawn(app, dialog, style: str, active: bool) -> None:
    left, right, ink = (ACTIVE if active else INACTIVE)[style]
    first, last, seen = looks(app, dialog)
    assert (first, last) == (left, right)
    assert ink in seen                                    # the caption in its colour
    other_ink = (INACTIVE if active else ACTIVE)[style][2]
    assert other_ink in (left, right) or other_ink not in seen     # and in no other


def ask_over(app):
    """A question pushed over the dialog on top, away from the sides of
    its title bar: Expert's window is wide enough."""
    app.push(ConfirmDialog(app, i18n._("Reset the best times?"), lambda: None))
    app.step()
    return app.top


@pytest.mark.parametrize("style", STYLES)
def test_a_dialog_under_a_question_has_an_inactive_bar(style):
    app = make_app(style=style, level="expert")
    dialog = open_custom(app)
    assert_drawn(app, dialog, style, active=True)
    question = ask_over(app)
    assert_drawn(app, dialog, style, active=False)
    assert_drawn(app, question, style, active=True)       # only the top one is active
    key(app, pygame.K_ESCAPE)
    assert app.top is dialog
    assert_drawn(app, dialog, style, active=True)


@pytest.mark.parametrize("style", STYLES)
def test_the_bar_is_inactive_while_the_window_is_in_the_background(style):
    app = make_app(style=style)
    dialog = open_custom(app)
    post(pygame.WINDOWFOCUSLOST)
    app.step()
    assert_drawn(app, dialog, style, active=False)
    post(pygame.WINDOWFOCUSGAINED)
    app.step()
    assert_drawn(app, dialog, style, active=True)


@pytest.mark.parametrize("style", ["win31", "xp"])
def test_every_dialog_is_inactive_in_the_background_and_only_the_top_one_comes_back(style):
    app = make_app(style=style, level="expert")
    dialog = open_custom(app)
    question = ask_over(app)
    post(pygame.WINDOWFOCUSLOST)
    app.step()
    assert_drawn(app, question, style, active=False)
    assert_drawn(app, dialog, style, active=False)
    post(pygame.WINDOWFOCUSGAINED)
    app.step()
    assert_drawn(app, question, style, active=True)
    assert_drawn(app, dialog, style, active=False)
