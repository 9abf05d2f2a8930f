"""The window comes back where the player left it, as the classic's did
(Xpos and Ypos in winmine.ini), never lost off every display."""

import dataclasses
import json

import pygame
import pytest

from game.store import Store
from game.ui.placement import TITLE_BAR, on_screen, start_position
from game.ui.window_fit import PLACE_SETTLES_TICKS

from .helpers import key, make_app, on_disk, post

SCREEN = (1920, 1080)
WINDOW = (336, 462)


def saved_on_disk(app) -> list[int]:
    app.store.flush()
    text = (app.store.directory / "settings.json").read_text("utf-8")
    return json.loads(text)["settings"]["window_position"]


def dragged(app, at: tuple[int, int]) -> None:
    """The player drags the window to ``at``: SDL moves it and says so."""
    app.display.window.position = at
    post(pygame.WINDOWMOVED, x=at[0], y=at[1])
    app.step()


# ---------------------------------------------------------------- where it opens


def test_a_window_never_placed_opens_centred():
    assert start_position([], WINDOW, [SCREEN]) is None


@pytest.mark.parametrize("at", [(0, TITLE_BAR), (100, 150), (1500, 500)])
def test_a_window_left_on_the_display_opens_there(at):
    assert start_position(list(at), WINDOW, [SCREEN]) == at


@pytest.mark.parametrize("at", [(1580, 610), (1584, 618), (0, 618), (1584, TITLE_BAR)])
def test_a_window_left_in_the_display_s_corner_opens_exactly_there(at):
    """Wholly on the display, by its bottom or right edge (where the room a
    growing window keeps for the taskbar is): it opened up to 48 pixels up
    and 16 left of where the player had parked it."""
    assert start_position(list(at), WINDOW, [SCREEN]) == at


@pytest.mark.parametrize("at", [(1800, 300), (300, 1000), (-100, -50), (1900, 1070)])
def test_a_window_left_over_the_display_s_edge_is_pulled_wholly_onto_it(at):
    """The resolution shrank, or the window hung over an edge: it opens on
    the display, as a zoom that grows it keeps it there."""
    x, y = start_position(list(at), WINDOW, [SCREEN])
    assert (x, y) == on_screen(at, WINDOW, SCREEN, WINDOW, top=TITLE_BAR)
    assert 0 <= x and x + WINDOW[0] <= SCREEN[0] and 0 <= y and y + WINDOW[1] <= SCREEN[1]


@pytest.mark.parametrize("at", [(1920, 100), (5000, 5000), (-2000, 100), (100, -900),
                                (-336, 0), (32767, 32767)])
def test_a_window_left_off_the_only_display_opens_centred(at):
    """A second monitor unplugged, or a smaller resolution: the window
    opened where nobody could see or reach it."""
    assert start_position(list(at), WINDOW, [SCREEN]) is None


@pytest.mark.parametrize("at", [(2000, 100), (-1000, 50), (300, 1200), (300, -900)])
def test_a_window_left_where_another_display_may_be_stays_there(at):
    """SDL places the first display at 0, 0 but pygame-ce does not tell
    where the others are: a window within the room they could cover, on
    any side of the first, is left where it was."""
    assert start_position(list(at), WINDOW, [SCREEN, (1280, 1024)]) == at


@pytest.mark.parametrize("at", [(-400, 100), (100, -300)])
def test_a_window_left_on_another_display_stays_there_opened_bigger(at):
    """Left on a display beside the first, then opened at a bigger board or
    scale, whose window reaches over the first display's edge: it stays on
    its display, as a window a zoom grows does, rather than jump onto the
    first. With the first display alone, it is pulled onto it."""
    assert start_position(list(at), (600, 500), [SCREEN, (1280, 1024)]) == at
    assert start_position(list(at), (600, 500), [SCREEN]) == (max(0, at[0]),
                                                              max(TITLE_BAR, at[1]))


@pytest.mark.parametrize("at", [(100, 0), (100, TITLE_BAR - 1), (0, -20), (1500, -100)])
def test_a_window_left_with_its_title_bar_above_the_screen_opens_with_it_on_screen(at):
    """Dragged up until its title bar was above the screen's top edge (SDL
    places the window's inside), it opened there again and could not be
    grabbed: its top is a title bar below the screen's."""
    assert start_position(list(at), WINDOW, [SCREEN]) == (at[0], TITLE_BAR)
    tall = (WINDOW[0], SCREEN[1])                   # even if its bottom then hangs off
    assert start_position(list(at), tall, [SCREEN]) == (at[0], TITLE_BAR)


def test_a_window_left_with_its_title_bar_above_the_screen_opens_below_its_top():
    app = make_app(window_position=[100, 3])
    assert tuple(app.display.window.position) == (100, TITLE_BAR)


@pytest.mark.parametrize("at", [(3200, 100), (-1300, 100), (100, 2104), (100, -1100)])
def test_a_window_beyond_every_display_there_could_be_opens_centred(at):
    assert start_position(list(at), WINDOW, [SCREEN, (1280, 1024)]) is None


def test_the_window_opens_where_it_was_left():
    app = make_app(window_position=[100, 150])
    assert tuple(app.display.window.position) == (100, 150)


def test_a_window_left_off_the_screen_opens_centred_on_it():
    pygame.display.quit()                  # a new window, as at a start (SDL keeps its place)
    app = make_app(window_position=[5000, 5000])
    screen = pygame.display.get_desktop_sizes()[0]
    w, h = app.display.window.size
    assert tuple(app.display.window.position) == ((screen[0] - w) // 2, (screen[1] - h) // 2)


def test_a_window_left_over_the_screen_s_corner_opens_wholly_on_it():
    screen = pygame.display.get_desktop_sizes()[0]
    app = make_app(window_position=[screen[0] - 40, screen[1] - 40])
    x, y = app.display.window.position
    w, h = app.display.window.size
    assert 0 <= x and x + w <= screen[0] and 0 <= y and y + h <= screen[1]


def test_a_window_parked_in_the_screen_s_corner_comes_back_there_from_fullscreen():
    app = make_app()
    screen = pygame.display.get_desktop_sizes()[0]
    w, h = app.display.window.size
    at = (screen[0] - w - 2, screen[1] - h - 4)        # its frame against the edges
    dragged(app, at)
    key(app, pygame.K_F11)
    key(app, pygame.K_F11)
    assert not app.display.fullscreen
    assert tuple(app.display.window.position) == at


@pytest.mark.parametrize("how", ["fullscreen", "zoom in", "zoom out"])
def test_a_window_parked_against_the_screen_s_top_stays_there_in_a_session(how):
    """Its frame against the screen's top, the window's inside is a title
    bar lower (20 pixels under openbox): taken for a window whose title bar
    was above the screen, it went 12 pixels down at every fullscreen and
    zoom. Within a session the window manager has framed it where it is;
    only a place saved for the next start is judged by ``TITLE_BAR``."""
    app = make_app(scale=1 if how == "zoom in" else 2)
    at = (1, 20)
    dragged(app, at)
    if how == "fullscreen":
        key(app, pygame.K_F11)
        key(app, pygame.K_F11)
    else:
        key(app, pygame.K_EQUALS if how == "zoom in" else pygame.K_MINUS, pygame.KMOD_LCTRL)
    assert app.viewport.scale == {"fullscreen": 2, "zoom in": 2, "zoom out": 1}[how]
    assert tuple(app.display.window.position) == at


def test_a_window_grown_by_a_zoom_in_the_screen_s_corner_is_still_pulled_up():
    """The room for the taskbar is kept for a window that grows."""
    app = make_app()
    screen = pygame.display.get_desktop_sizes()[0]
    w, h = app.display.window.size
    dragged(app, (screen[0] - w - 2, screen[1] - h - 4))
    key(app, pygame.K_EQUALS, pygame.KMOD_LCTRL)
    x, y = app.display.window.position
    w, h = app.display.window.size
    assert x + w <= screen[0] - 16 and y + h <= screen[1] - 48


def test_a_game_started_fullscreen_leaves_it_where_the_window_was_left():
    app = make_app(fullscreen=True, window_position=[100, 150])
    assert app.display.fullscreen
    key(app, pygame.K_F11)
    assert not app.display.fullscreen
    assert tuple(app.display.window.position) == (100, 150)


# ---------------------------------------------------------------- remembered


def test_a_window_moved_is_saved_once_it_stays_put():
    app = make_app()
    dragged(app, (200, 120))
    app.step(PLACE_SETTLES_TICKS - 2)
    assert app.store.settings.window_position == []
    app.step()
    assert saved_on_disk(app) == [200, 120]
    assert on_disk(app).settings.window_position == [200, 120]


def test_a_window_never_moved_leaves_no_place_and_opens_centred_again():
    """Shown centred, the window is framed by the window manager, which SDL
    tells as a move (openbox): its centred place was saved on the first
    run, and every later run, at another size (a bigger level, or a
    one-run ``--scale``), opened at that corner rather than centred."""
    app = make_app()
    at = tuple(app.display.window.position)
    post(pygame.WINDOWMOVED, x=at[0], y=at[1])         # framed as it showed
    app.step(PLACE_SETTLES_TICKS)
    key(app, pygame.K_F11)
    key(app, pygame.K_F11)
    app.step(PLACE_SETTLES_TICKS)
    assert tuple(app.display.window.position) == at
    app.close()
    assert on_disk(app).settings.window_position == []


def test_a_window_moved_from_where_it_was_centred_is_saved():
    app = make_app()
    x, y = app.display.window.position
    dragged(app, (x + 1, y))
    app.close()
    assert saved_on_disk(app) == [x + 1, y]


def test_a_window_dragged_away_and_back_to_where_it_was_centred_is_saved_there():
    app = make_app()
    x, y = app.display.window.position
    dragged(app, (x + 50, y))
    app.step(PLACE_SETTLES_TICKS)
    dragged(app, (x, y))
    app.close()
    assert saved_on_disk(app) == [x, y]


def another_copy_chooses(directory, **changes) -> None:
    """Another copy of the game, on the same folder, saves its settings."""
    other = Store(directory)
    other.settings = dataclasses.replace(other.settings, **changes)
    other.save_settings()
    other.close()


def test_a_window_s_place_keeps_what_another_copy_saved_meanwhile():
    """Two copies open: the player chose Expert and French in one, then
    moved the other and closed it, which wrote back all of its own stale
    settings with its place: Beginner and English again."""
    app = make_app(language="en")
    app.commands.run("level_intermediate")              # this copy's own choice
    app.store.flush()
    another_copy_chooses(app.store.directory, language="fr", marks=False)
    dragged(app, (230, 140))
    app.close()
    saved = on_disk(app).settings
    assert (saved.window_position, saved.language, saved.marks, saved.level) == \
        ([230, 140], "fr", False, "intermediate")


def test_a_drag_is_saved_once_not_at_every_move(monkeypatch):
    app = make_app()
    saves = []
    real_save = app.store.save_settings_merged
    monkeypatch.setattr(app.store, "save_settings_merged",
                        lambda *args: (saves.append(1), real_save(*args)))
    for x in range(100, 400, 3):                       # a hundred moves, a tick apart
        dragged(app, (x, 90))
    app.step(PLACE_SETTLES_TICKS * 3)
    assert len(saves) == 1 and saved_on_disk(app) == [397, 90]


def test_a_window_moved_just_before_closing_is_saved():
    app = make_app()
    dragged(app, (210, 130))
    app.close()
    assert saved_on_disk(app) == [210, 130]


def test_a_window_pulled_onto_the_screen_by_a_zoom_is_saved_where_it_went():
    """SDL tells no move it was asked for: the place is read from the window."""
    app = make_app()
    screen = pygame.display.get_desktop_sizes()[0]
    dragged(app, (screen[0] - 200, screen[1] - 250))
    app.step(PLACE_SETTLES_TICKS)
    key(app, pygame.K_EQUALS, pygame.KMOD_LCTRL)
    app.step(PLACE_SETTLES_TICKS)
    assert saved_on_disk(app) == list(app.display.window.position)
    assert saved_on_disk(app)[0] < screen[0] - 200


def test_fullscreen_s_place_is_not_saved_the_window_s_is():
    app = make_app()
    dragged(app, (220, 140))
    key(app, pygame.K_F11)
    post(pygame.WINDOWMOVED, x=0, y=0)                # the screen's corner
    app.step(PLACE_SETTLES_TICKS)
    app.close()
    assert app.display.fullscreen and saved_on_disk(app) == [220, 140]


def test_a_kiosk_neither_opens_at_nor_saves_a_place(tmp_path):
    store_dir = tmp_path / "kiosk"
    store_dir.mkdir()
    (store_dir / "settings.json").write_text(json.dumps(
        {"schema": 1, "settings": {"window_position": [100, 150]}}), "utf-8")
    app = make_app(kiosk=True, data_dir=store_dir)
    assert app.display.fullscreen
    dragged(app, (300, 200))
    app.step(PLACE_SETTLES_TICKS)
    app.close()
    assert saved_on_disk(app) == [100, 150]


# ---------------------------------------------------------------- framed late


class UnframedWindow:
    """The window as SDL handles it on X11 when it has never had a frame (it
    opened fullscreen): put somewhere, it lands 1 and 20 pixels off (the
    frame's border and title bar, measured with openbox), until the window
    manager's news of the frame comes in (``framed``)."""

    def __init__(self, window: pygame.Window) -> None:
        self._window = window
        self.framed = False

    def __getattr__(self, name):
        return getattr(self._window, name)

    @property
    def size(self):
        return self._window.size

    @size.setter
    def size(self, size):
        self._window.size = size

    @property
    def position(self):
        return self._window.position

    @position.setter
    def position(self, at):
        self._window.position = at if self.framed else (at[0] + 1, at[1] + 20)


def test_a_window_that_opened_fullscreen_comes_back_exactly_where_it_was_left():
    app = make_app(fullscreen=True, window_position=[100, 150])
    window = app.display.window = UnframedWindow(app.display.window)
    key(app, pygame.K_F11)
    assert tuple(window.position) == (101, 170)        # placed as if it had no frame
    window.framed = True
    post(pygame.WINDOWMOVED, x=101, y=170)             # the window manager framed it
    app.step(PLACE_SETTLES_TICKS)
    assert tuple(window.position) == (100, 150)
    assert saved_on_disk(app) == [100, 150]


def test_a_window_dragged_as_it_comes_back_from_fullscreen_stays_where_it_was_dragged():
    app = make_app(fullscreen=True, window_position=[100, 150])
    window = app.display.window = UnframedWindow(app.display.window)
    key(app, pygame.K_F11)
    window.framed = True
    dragged(app, (400, 300))
    app.step(PLACE_SETTLES_TICKS)
    assert tuple(window.position) == (400, 300)
    assert saved_on_disk(app) == [400, 300]



# ---------------------------------------------------------------- a display unplugged


@pytest.fixture
def displays(monkeypatch):
    """The displays SDL reports, changed at will (a monitor plugged or
    unplugged): the first is the dummy driver's own."""
    first = pygame.display.get_desktop_sizes()[0]
    sizes = [first, (1920, 1080)]
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: list(sizes))
    return sizes


def test_a_window_on_a_display_unplugged_in_fullscreen_comes_back_on_the_screen(displays):
    """Fullscreen on a second monitor, which was then unplugged: leaving
    fullscreen put the window back on that monitor's place, on no display."""
    app = make_app()
    at = (displays[0][0] + 200, 100)                   # on the second display
    dragged(app, at)
    key(app, pygame.K_F11)
    del displays[1:]
    key(app, pygame.K_F11)
    x, y = app.display.window.position
    w, h = app.display.window.size
    screen = displays[0]
    assert (x, y) == ((screen[0] - w) // 2, (screen[1] - h) // 2)


@pytest.mark.parametrize("how", ["zoom", "level"])
def test_a_window_left_on_a_display_unplugged_is_brought_back_when_it_grows(displays, how):
    """A window manager that leaves a window where a monitor unplugged was
    (X11's do): a zoom or a bigger level kept it there, out of reach."""
    app = make_app()
    dragged(app, (displays[0][0] + 200, 100))
    del displays[1:]
    if how == "zoom":
        key(app, pygame.K_EQUALS, pygame.KMOD_LCTRL)
    else:
        app.commands.run("level_intermediate")
    x, y = app.display.window.position
    w, h = app.display.window.size
    screen = displays[0]
    assert 0 <= x and x + w <= screen[0] and 0 <= y and y + h <= screen[1]


def test_a_window_on_a_display_still_there_stays_on_it(displays):
    app = make_app()
    at = (displays[0][0] + 200, 100)
    dragged(app, at)
    key(app, pygame.K_F11)
    key(app, pygame.K_F11)
    key(app, pygame.K_EQUALS, pygame.KMOD_LCTRL)
    assert tuple(app.display.window.position) == at


def test_a_window_dragged_on_and_on_is_saved_once_it_stays():
    """A drag moves the window every few pixels: its place is written once
    it has stayed a whole second, not at every pause shorter than that."""
    app = make_app(scale=2)
    before = list(app.settings.window_position)
    for x in range(4):
        dragged(app, (100 + 10 * x, 100))
        app.step(PLACE_SETTLES_TICKS - 2)
    assert app.settings.window_position == before
    app.step(2)
    assert app.settings.window_position == [130, 100]
