"""Driving the game headless: real pygame events, fixed ticks, pixel reads."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame

from game.engine import Minefield
from game.settings import Settings
from game.store import Store
from game.ui.app import App
from game.ui.loop import TickClock
from game.ui.screens.history import HistoryDialog
from game.ui.screens.play import cell_centre

#: Makes the folder an app keeps its records in when a test gives none: a new
#: folder under pytest's temporary directory (tests/ui/conftest.py sets it), so
#: pytest cleans them up rather than /tmp filling with them.
new_data_dir: Callable[[], Path] | None = None

LEFT, MIDDLE, RIGHT = 1, 2, 3
#: Ticks from History's first page to its list: the details of its hundred
#: newest games are measured a share a tick before it is laid out.
HISTORY_FILL_TICKS = -(-HistoryDialog.SAMPLE // HistoryDialog.MEASURED_PER_TICK)
BOARD_8 = ["*.......", "........", "........", "........",
           "........", "........", "......*.", "........"]


def make_app(layout: list[str] | None = None, *, data_dir=None, **settings) -> App:
    """An app on a fresh game (or on a board drawn as text), sound off, scale 1,
    keeping its records in ``data_dir`` (a new folder under pytest's temporary
    directory by default), looking for no character in the machine's fonts
    unless given ``font_folders``."""
    seed = settings.pop("seed", 1)
    modes = {k: settings.pop(k) for k in ("kiosk", "demo", "idle_seconds", "worker",
                                          "background_reads", "loader", "overridden",
                                          "font_folders")
             if k in settings}
    modes.setdefault("font_folders", ())      # the machine's fonts: none counted on
    options = {"sound": False, "scale": 1, **settings}
    if data_dir is None:
        if new_data_dir is None:
            raise RuntimeError("make_app needs data_dir= outside tests/ui (use tmp_path)")
        data_dir = new_data_dir()
    store = Store(data_dir)
    app = App(Settings(**options), store=store, clock=TickClock(), seed=seed, **modes)
    if layout is not None:
        app.play.new_game(field=Minefield.from_layout(layout, marks=options.get("marks", True),
                                                      shape=options.get("shape", "grid")))
    app.step()
    return app


def on_disk(app: App) -> Store:
    """A second store on the app's directory, once the app's writes are in."""
    app.store.flush()
    return Store(app.store.directory)


def cell_pos(app: App, cell: tuple[int, int]) -> tuple[int, int]:
    """Display pixel at the centre of a board cell."""
    return app.viewport.to_display(cell_centre(app.layout, cell, app.play.scroll))


def post(kind: int, **attrs) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))


def press(app: App, pos, button: int = LEFT) -> None:
    post(pygame.MOUSEBUTTONDOWN, button=button, pos=pos)
    app.step()


def move(app: App, pos, buttons=(1, 0, 0)) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons)
    app.step()


def release(app: App, pos, button: int = LEFT) -> None:
    post(pygame.MOUSEBUTTONUP, button=button, pos=pos)
    app.step()


def click(app: App, cell: tuple[int, int], button: int = LEFT) -> None:
    pos = cell_pos(app, cell)
    press(app, pos, button)
    release(app, pos, button)


def sdl_tap(app: App, pos, *, copy_first: bool = True) -> None:
    """A tap at display pixel ``pos`` as SDL sends it: each half of the touch
    (finger down, then up) as a finger event and a mouse copy marked
    ``touch``, the copy first (SDL_SendTouch's order) or after the finger."""
    w, h = app.display.surface.get_size()
    at = {"x": pos[0] / w, "y": pos[1] / h, "dx": 0.0, "dy": 0.0, "finger_id": 1,
          "touch_id": 1, "pressure": 1.0}
    for finger, copy in ((pygame.FINGERDOWN, pygame.MOUSEBUTTONDOWN),
                         (pygame.FINGERUP, pygame.MOUSEBUTTONUP)):
        events = [(finger, at), (copy, {"button": LEFT, "pos": pos, "touch": True})]
        if copy_first:
            post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0), touch=True)
            events.reverse()
        for kind, attrs in events:
            post(kind, **attrs)
        app.step()


def key(app: App, k: int, mod: int = 0, unicode: str = "") -> None:
    post(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0)
    post(pygame.KEYUP, key=k, mod=mod, unicode=unicode, scancode=0)
    app.step()


def pixel(app: App, pos) -> tuple[int, int, int]:
    return tuple(app.display.surface.get_at(pos))[:3]


def field_pixels(app: App) -> bytes:
    """The field's pixels as shown in the window, to compare two drawings."""
    field = app.painter.px(app.layout.field)
    return pygame.image.tobytes(app.display.surface.subsurface(field), "RGB")


def cell_pixel(app: App, cell, dx: int = 0, dy: int = 0) -> tuple[int, int, int]:
    """Colour at a cell's centre (offset in scale-1 pixels)."""
    x, y = cell_pos(app, cell)
    return pixel(app, (x + dx * app.viewport.scale, y + dy * app.viewport.scale))


def shows(app: App, rect: pygame.Rect, sprite: str) -> bool:
    """Whether the scale-1 window rectangle shows exactly the atlas sprite
    (where the sprite is opaque: a hexagon's corners show its neighbours)."""
    drawn = app.display.surface.subsurface(app.painter.px(rect))
    expected = app.atlas.get(sprite, app.viewport.scale)
    w, h = expected.get_size()
    return drawn.get_size() == (w, h) and all(
        tuple(drawn.get_at((x, y)))[:3] == tuple(expected.get_at((x, y)))[:3]
        for y in range(h) for x in range(w) if expected.get_at((x, y))[3] == 255)


def cell_rect(app: App, cell) -> pygame.Rect:
    """The cell's tile (its bounding box) in scale-1 window coordinates."""
    return app.layout.cell_rect(cell, app.play.scroll)


def cell_shows(app: App, cell, sprite: str) -> bool:
    return shows(app, cell_rect(app, cell), sprite)


def settle(app: App) -> None:
    """Let an end-of-game animation run to its end."""
    while app.play.anim is not None and not app.play.anim.done:
        app.step(10)
    app.step()


def step_until_listed(app: App, rows: int, ticks: int = 30) -> None:
    """Step ``app`` until the list of the dialog on top holds ``rows`` rows
    (read in the background: History's games, Open replay…'s files), for
    ``ticks`` ticks at most; the caller checks what it needs."""
    for _ in range(ticks):
        app.step()
        if len(app.top.table.rows) == rows:
            return


def step_until(app: App, worker, done: Callable[[], bool], seconds: float = 60) -> bool:
    """Step ``app`` until ``done()``, waiting on ``worker`` (a real process)
    between steps, for at most ``seconds``. Waiting on the worker alone is
    not enough: a step may already have received the answer (it collects
    every tick), and a wait for one that came would then last the whole
    timeout."""
    import time
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            return False
        worker.wait(0.05)
        app.step()
    return True
