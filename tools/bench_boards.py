"""Frame scenarios of the newer boards and of the window around them (run
by ``tools/bench.py frames`` beside those of ``bench_frames``): a shaped
field as big as they come, a hexagon game's replay watched at the fastest
speed, and zoom, fullscreen, language and Color switched under a 100x100 hexagon
game in progress. Hexagons and the torus at their largest are
``bench_frames``' own scenarios, given a shape."""

from __future__ import annotations

from collections.abc import Callable

import pygame
from bench_actions import in_frame
from bench_frames import (
    BIG_BOARD,
    CpuTimes,
    auto_play,
    long_replay_file,
    make_app,
    post_click,
    post_key,
    run,
    scenario_autoplay,
    scenario_cascade,
    scenario_defeat,
    scenario_seek_at_once,
)
from bench_pages import GAMES, PlayedRecords, scenario_pages, scenario_wins
from scratch import scratch_folder

from game.engine import Minefield
from game.store import Store

SIDE = 100


def ring_mask(side: int = SIDE) -> list[str]:
    """A disc ``side`` cells across with a round hole in its middle: a
    shaped field as big as a mask may be, and holes all along its rows."""
    middle = (side - 1) / 2
    return ["".join("#" if side * 0.15 <= ((x - middle) ** 2 + (y - middle) ** 2) ** 0.5
                    <= side / 2 else " " for x in range(side)) for y in range(side)]


def zero_field(mask: list[str]) -> tuple[list[str], tuple[int, int]]:
    """``mask`` laid with two mines, its last cell and the third-last, and
    the cell a click opens nearly all of it from (its middle one)."""
    cells = [(x, y) for y, row in enumerate(mask) for x, c in enumerate(row) if c == "#"]
    rows = [list(row.replace("#", ".")) for row in mask]
    for x, y in (cells[-1], cells[-3]):
        rows[y][x] = "*"
    return ["".join(row) for row in rows], cells[len(cells) // 2]


def scenario_mask_autoplay(store: Store, frames: int) -> CpuTimes:
    """Auto-play, overlay held on, on a 100x100 ring-shaped field (7,144
    cells, Expert's density)."""
    mask = ring_mask()
    mines = sum(row.count("#") for row in mask) * 99 // 480
    app = make_app(store, level="custom", custom_width=SIDE, custom_height=SIDE,
                   custom_mines=mines, custom_mask="\n".join(mask))
    return run(app, frames, auto_play(app, overlay=True))


def scenario_mask_cascade(store: Store, frames: int) -> CpuTimes:
    """A click that opens the whole 100x100 ring but a corner, fullscreen,
    every 30 frames: a shaped field's cascade goes cell by cell."""
    mask = ring_mask()
    rows, click = zero_field(mask)
    app = make_app(store, level="custom", custom_width=SIDE, custom_height=SIDE,
                   custom_mines=10, custom_mask="\n".join(mask), fullscreen=True)

    def script(app, frame: int) -> None:
        if frame % 30 == 0:
            app.play.new_game(field=Minefield.from_layout(rows))
        elif frame % 30 == 2:
            post_click(app, click)
    return run(app, frames, script)


def scenario_fast_replay(store: Store, frames: int) -> CpuTimes:
    """The replay of a 100x100 hexagon game (``long_replay_file``) watched
    at the fastest speed (8x) for three seconds, left and opened again,
    a step a frame as the game opens every replay (``fit_next_frame``:
    opened at once, its first frame also built the timeline and counted
    the 3BV, which no viewer the game opens does)."""
    from game.replay import read_file
    from game.replay.playback import SPEEDS
    from game.ui.screens.replays import watch
    from game.ui.screens.watch import ReplayScreen
    replay = read_file(long_replay_file(scratch_folder("minesweeper-fast-"),
                                        shape="hex"))
    app = make_app(store, level="expert")
    state = {"shown": -1}

    def script(app, frame: int) -> None:
        viewer = app.top
        if not isinstance(viewer, ReplayScreen):
            watch(app, replay, playing=True, fit_next_frame=True)
        elif viewer.layout is not None and not viewer.opening:
            if state["shown"] < 0:
                state["shown"] = frame
                for _ in SPEEDS:
                    post_key(pygame.K_UP)           # up to the fastest
            elif frame - state["shown"] >= 180:
                state["shown"] = -1
                post_key(pygame.K_ESCAPE)
    return run(app, frames, script)


def half_played(app, cells: int) -> None:
    """A game in progress on the window's board: ``cells`` cells opened or
    flagged from the top-left, as a player who knows the mines would."""
    play = app.play
    play.play("reveal", (play.field.width // 2, play.field.height // 2))
    mines = play.field.layout() or []
    for y, row in enumerate(mines):
        for x, c in enumerate(row):
            if cells <= 0 or play.field.status != "playing":
                return
            if play.field.cell(x, y) == "#":
                play.play("flag" if c == "*" else "reveal", (x, y))
                cells -= 1


#: What the window scenario does every 20 frames, in turn, and to which board:
#: the biggest, but for zoom, which a 100x100 board too big for a second
#: scale does not do (Intermediate's 16x16 hexagons zoom on a 1024x768 screen).
WINDOW_BOARDS = {"zoom": {"level": "intermediate"}, "fullscreen": BIG_BOARD,
                 "language": BIG_BOARD, "color": BIG_BOARD}
WINDOW_CHANGES = {
    "zoom": [(pygame.K_EQUALS, pygame.KMOD_CTRL), (pygame.K_MINUS, pygame.KMOD_CTRL)],
    "fullscreen": [(pygame.K_F11, 0)],
    "language": [("language_fr", 0), ("language_en", 0)],
    "color": [("toggle_color", 0)],
}


def scenario_window(store: Store, frames: int, change: str) -> CpuTimes:
    """A hexagon game in progress (``WINDOW_BOARDS``, a third of its cells
    played), and every 20 frames the window changes under it: zoomed in and
    out (Ctrl++, Ctrl+-), into and out of fullscreen (F11), its language
    switched (View > Francais, View > English) or View > Color turned off
    and on (inside a timed frame as a menu choice is)."""
    app = make_app(store, **WINDOW_BOARDS[change], shape="hex")
    steps = WINDOW_CHANGES[change]

    def act(app, frame: int) -> None:
        what, _ = steps[frame // 20 % len(steps)]
        if frame % 20 == 10 and isinstance(what, str):
            app.commands.run(what)

    def script(app, frame: int) -> None:
        what, mod = steps[frame // 20 % len(steps)]
        if frame == 0:
            half_played(app, app.play.field.width * app.play.field.height // 3)
        elif frame % 20 == 10 and not isinstance(what, str):
            post_key(what, mod)

    in_frame(app, act)
    return run(app, frames, script)


def newer_scenarios(store: Store, frames: int) -> list[tuple[str, Callable[[], CpuTimes]]]:
    """The scenarios of this module and ``bench_pages``, and ``bench_frames``'
    own on hexagons and the torus, named for the benchmark's table."""
    played = PlayedRecords()
    shapes = ("hex", "torus")
    pages = ("statistics", "best_times", "history")
    return [
        *[(f"auto-play + overlay, 100x100 {shape}", lambda shape=shape: scenario_autoplay(
            store, frames, big=True, overlay=True, shape=shape)) for shape in shapes],
        *[(f"cascade 100x100 {shape}, fullscreen",
           lambda shape=shape: scenario_cascade(store, frames // 2, shape)) for shape in shapes],
        *[(f"defeat animation, 100x100/1600 {shape}",
           lambda shape=shape: scenario_defeat(store, frames, shape)) for shape in shapes],
        ("auto-play + overlay, 100x100 ring", lambda: scenario_mask_autoplay(store, frames)),
        ("cascade 100x100 ring field, fullscreen",
         lambda: scenario_mask_cascade(store, frames // 2)),
        ("100x100 hex replay: End as it shows",
         lambda: scenario_seek_at_once(store, frames, shape="hex")),
        ("100x100 hex replay at 8x", lambda: scenario_fast_replay(store, frames)),
        *[(f"{'16x16' if change == 'zoom' else '100x100'} hex game: {change}",
           lambda change=change: scenario_window(
            store, frames // 2, change)) for change in WINDOW_CHANGES],
        *[(f"{GAMES // 1000},000 games: {command.replace('_', ' ')}",
           lambda command=command: scenario_pages(played, frames, command)) for command in pages],
        (f"{GAMES // 1000},000 games: wins, name, Best Times",
         lambda: scenario_wins(played, frames // 2)),
    ]
