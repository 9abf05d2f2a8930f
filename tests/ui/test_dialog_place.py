"""Where a dialog lies on a window too short for it to sit under the menu bar."""

import pygame
import pytest

from game.ui.display import BACKDROP

from .helpers import key, make_app


def strip_colours(app, top: int) -> set[tuple[int, int, int]]:
    """The colours of the window's display rows above display row ``top``."""
    surface = app.display.surface
    return {tuple(surface.get_at((x, y)))[:3]
            for y in range(top) for x in range(surface.get_width())}


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("command", ["statistics", "history", "open_replay", "best_times"])
def test_a_dialog_on_the_smallest_window_hides_the_whole_menu_bar_not_all_but_its_top(
        language, command):
    # Centred on the 8x8 window at scale 1, these dialogs began 3 to 5
    # pixels below its top: the flag button's white top edge (and, over
    # History, a red pixel of its flag) stuck out above them.
    app = make_app(style="win31", level="beginner", language=language)
    app.commands.run(command)
    for _ in range(3):
        app.step()
    dialog, layout = app.top, app.layout
    rect = dialog.rect
    assert rect.top >= layout.menu_bar.bottom or rect.contains(layout.mode_button)
    top = app.painter.px(rect).top
    assert len(strip_colours(app, top)) == 1      # the menu bar's grey, nothing of its button


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_dialog_that_fits_under_the_menu_bar_leaves_it_whole(language):
    # Statistics on the 9x9 window, centred, began 13 pixels down: the
    # menu titles and the flag button showed cut in half above it.
    app = make_app(style="modern", level="beginner", language=language)
    app.commands.run("statistics")
    for _ in range(3):
        app.step()
    dialog, layout = app.top, app.layout
    rect = dialog.rect
    assert rect.top == layout.menu_bar.bottom
    assert rect.bottom <= layout.window.bottom


@pytest.mark.parametrize("command", ["history", "best_times", "statistics"])
def test_a_dialog_over_a_fullscreen_game_spreads_over_the_backdrop_around_it(command):
    # Kept to the game, an 8x8 board fullscreen showed History in its
    # 152x215 pixels, scaled up: three games, every board's name cut short,
    # the screen around it empty.
    app = make_app(style="win31", level="beginner", language="fr")
    app.commands.run("toggle_fullscreen")
    app.step()
    window, scale = app.layout.window, app.viewport.scale
    game = app.painter.px(window)
    assert app.settings.fullscreen and game.left > 0
    app.commands.run(command)
    for _ in range(3):
        app.step()
    dialog = app.top
    shown = app.painter.px(dialog.rect)
    assert dialog.rect.w > window.w and shown.left < game.left and shown.right > game.right
    assert app.display.surface.get_rect().contains(shown)
    beside = (shown.left + 3 * scale, shown.centery)         # its frame, on the backdrop
    assert beside[0] < game.left and tuple(app.display.surface.get_at(beside))[:3] != BACKDROP
    key(app, pygame.K_ESCAPE)
    assert app.top is app.play and tuple(app.display.surface.get_at(beside))[:3] == BACKDROP
