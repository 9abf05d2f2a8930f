"""Where a dialog lies on a window too short for it to sit under the menu bar."""

import pygame
import pytest

from game.ui.display import BACKDROP
from game.ui.scrolling import BAR_ROOM

from .helpers import BOARD_8, key, make_app, press, release


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


@pytest.mark.parametrize("opened_maximised", [True, False])
@pytest.mark.parametrize("command", ["history", "help", "style"])
def test_a_dialog_open_as_the_window_is_maximised_or_restored_is_laid_out_for_its_new_room(
        command, opened_maximised):
    # A maximise only moves the game on the window, and the dialogs kept
    # the layout of the room they had: History opened maximised, then
    # restored, stayed 230 pixels wide, drawn 148 wide, its OK button off
    # its right edge; opened small, then maximised, it was drawn 230 wide
    # with its buttons and figures still laid out in 148.
    app = make_app(style="win31", level="beginner", language="fr")
    small = app.display.window.size
    big = (small[0] + 300, small[1] + 200)
    app.display.window.size = big if opened_maximised else small
    app.step()
    app.commands.run(command)
    for _ in range(3):
        app.step()
    dialog = app.top
    app.display.window.size = small if opened_maximised else big
    for _ in range(3):
        app.step()
    rect, last = dialog.rect, dialog.widgets[-1]          # the last button: OK, Close, Cancel
    assert rect.w == (148 if opened_maximised else dialog.width)
    shown = dialog.screen_rect(last)
    assert rect.contains(shown) and rect.right - shown.right <= 3 + 8 + BAR_ROOM
    surface = app.display.surface
    edge = app.painter.px(pygame.Rect(shown.right - 1, shown.centery, 1, 1)).topleft
    beyond = app.painter.px(pygame.Rect(shown.right + 1, shown.centery, 1, 1)).topleft
    assert surface.get_rect().collidepoint(edge)
    assert tuple(surface.get_at(edge))[:3] == (0, 0, 0)           # its black border
    assert tuple(surface.get_at(beyond))[:3] == (192, 192, 192)   # the dialog's face
    centre = app.painter.px(shown).center
    press(app, centre)
    release(app, centre)
    assert app.top is app.play



def clear_above_buttons(app, dialog, gap: int) -> None:
    """At every scroll of ``dialog``'s content, the ``gap`` rows between
    where it is cut off and its pinned buttons show the dialog's face."""
    buttons = min(dialog.screen_rect(dialog.widgets[i]).top for i in dialog.footer)
    view = dialog.content_view
    assert dialog.pane.scrolls and buttons - view.bottom == gap
    above = app.painter.px(pygame.Rect(view.x, buttons - gap, view.w, gap))
    surface = app.display.surface
    for scroll in range(dialog.pane.max_scroll + 1):
        dialog.pane.scroll_to(scroll)
        app.invalidate()
        app.step()
        face = bytes((192, 192, 192)) * (above.w * above.h)    # the dialog's face, no text
        assert pygame.image.tobytes(surface.subsurface(above), "RGB") == face, scroll


def test_style_s_notes_scrolling_at_8x8_fullscreen_stop_clear_of_cancel():
    # The notes scrolled down to Cancel's top edge: the Modern note's line
    # cut there seemed to run on behind the pinned button. (French: the
    # English notes fit without scrolling.)
    app = make_app(style="win31", level="beginner", language="fr", fullscreen=True)
    app.commands.run("style")
    app.step()
    clear_above_buttons(app, app.top, 8)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_how_to_play_s_pages_scrolling_in_the_smallest_window_stop_clear_of_the_buttons(
        language):
    app = make_app(style="win31", level="beginner", language=language)
    app.commands.run("help")
    app.step()
    dialog = app.top
    for _ in dialog.pages:
        clear_above_buttons(app, dialog, 6)
        key(app, pygame.K_RIGHT)


def test_history_left_and_taken_back_to_fullscreen_shows_as_it_did(tmp_path):
    # The details' height measured in the narrow window (six lines) stayed
    # once fullscreen again: 3 games shown, not 6, above three empty lines.
    from game.ui.recording import game_record

    from .test_replays import win
    app = make_app(BOARD_8, data_dir=tmp_path, style="win31", language="fr", fullscreen=True)
    win(app)
    for _ in range(20):
        app.store.record_game(game_record(app.play.session, "won"))
    app.commands.run("history")
    for _ in range(3):
        app.step()
    dialog = app.top
    before, rows = pygame.image.tobytes(app.display.surface, "RGB"), dialog.table.visible
    key(app, pygame.K_F11)
    app.step()
    assert not app.settings.fullscreen and app.top is dialog
    key(app, pygame.K_F11)
    for _ in range(3):
        app.step()
    assert app.settings.fullscreen and dialog.table.visible == rows
    assert pygame.image.tobytes(app.display.surface, "RGB") == before


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("command", ["open_replay", "history", "best_times", "statistics"])
def test_a_dialog_over_a_fullscreen_game_covers_the_whole_menu_bar_or_none_of_it(
        language, command):
    # Too tall to sit under the menu bar, Open Replay began at the game's
    # top margin: the bar's top 2 pixels showed as a grey tab above it,
    # the backdrop above them empty.
    app = make_app(style="win31", level="beginner", language=language, fullscreen=True)
    app.commands.run(command)
    for _ in range(3):
        app.step()
    rect, bar = app.top.rect, app.layout.menu_bar
    assert rect.top >= bar.bottom or rect.top <= bar.top
    game = app.painter.px(app.layout.window)
    shown = app.painter.px(rect)
    surface = app.display.surface
    above = {tuple(surface.get_at((x, y)))[:3]
             for x in range(game.left, game.right) for y in range(game.top, shown.top)}
    assert above <= {BACKDROP} or rect.top >= bar.bottom


HEX_8 = {"level": "custom", "custom_width": 8, "custom_height": 8, "custom_mines": 10,
         "shape": "hex"}


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("command", ["history", "statistics"])
def test_history_and_statistics_scrolling_stop_clear_of_their_buttons(command, language):
    # Their content scrolled down to the buttons' top edge: the chart, cut
    # there, seemed to run on behind Watch and OK. It is cut off where the
    # dialog leaves room above its buttons, 6 pixels under the chart.
    from .test_geometry import fill_records
    app = make_app(style="win31", language=language, **HEX_8)
    fill_records(app)
    app.commands.run(command)
    for _ in range(3):
        app.step()
    clear_above_buttons(app, app.top, 6)


def test_the_custom_field_s_refusal_scrolling_stops_its_boxes_clear_of_ok():
    # In French, the refusal under OK and Cancel makes the smallest window
    # scroll the boxes: the Field button was cut at OK's top edge.
    app = make_app(style="win31", language="fr", **HEX_8)
    app.commands.run("custom")
    app.step()
    dialog = app.top
    dialog.fields["mines"].set("9999")
    key(app, pygame.K_RETURN)
    assert dialog.error
    clear_above_buttons(app, dialog, 5)


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("window", ["8x8", "8x8 fullscreen", "expert", "expert fullscreen"])
def test_how_to_play_keeps_one_size_and_its_buttons_in_place_from_page_to_page(
        window, language):
    # Each page sized to itself, the dialog grew and shrank as the player
    # paged (fullscreen, 8x8: 156 to 251 pixels high), centred on the game,
    # and Back, Next and Close jumped up and down under the pointer. It
    # keeps its tallest page's size, as a Windows property sheet does; a
    # page that scrolls in it is still cut off clear of the buttons.
    board = {"level": "expert"} if window.startswith("expert") else {
        "level": "custom", "custom_width": 8, "custom_height": 8, "custom_mines": 10}
    app = make_app(style="win31", language=language, fullscreen="fullscreen" in window,
                   **board)
    app.commands.run("help")
    app.step()
    dialog = app.top
    shown = []
    for _ in dialog.pages:
        rect = app.painter.px(dialog.rect)
        row = app.painter.px(dialog.screen_rect(dialog.buttons[0]).union(
            dialog.screen_rect(dialog.buttons[-1])))
        surface = app.display.surface
        shown.append((tuple(rect), tuple(row), pygame.image.tobytes(surface.subsurface(row), "RGB"),
                      tuple(surface.get_at((rect.centerx, rect.bottom - 1)))))
        if dialog.pane.scrolls:
            clear_above_buttons(app, dialog, 6)
        key(app, pygame.K_RIGHT)
    assert len(set(shown)) == 1


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_dialog_taller_than_a_maximised_game_is_centred_on_it(language):
    # Over a maximised 8x8 window at scale 1, History (355 pixels high in
    # French) sat under the menu bar and hung 160 pixels below the 215-pixel
    # game, none above it. As a Windows dialog is centred on its owner
    # window, it is centred on the game, over the whole menu bar.
    from .test_geometry import fill_records
    app = make_app(style="win31", language=language, level="custom", custom_width=8,
                   custom_height=8, custom_mines=10)
    app.display.window.size = (1280, 960)
    app.step()
    fill_records(app)
    app.commands.run("history")
    for _ in range(3):
        app.step()
    game, shown = app.painter.px(app.layout.window), app.painter.px(app.top.rect)
    assert shown.h > game.h and abs(shown.centery - game.centery) <= 1
    surface = app.display.surface

    def colour(y: int) -> tuple[int, int, int]:
        return tuple(surface.get_at((game.centerx, y)))[:3]

    assert colour(shown.top - 1) == BACKDROP and colour(shown.top) != BACKDROP
    assert colour(game.top - 10) != BACKDROP                  # the dialog, above the game too
    assert colour(shown.bottom) == BACKDROP and colour(shown.bottom - 1) != BACKDROP
