"""Frame times through the real loop (``python tools/bench.py frames``).

Each scenario builds a real ``App`` (real clock, the computer in its worker
process, records in a temporary folder), scripts input with posted events
between frames, and lets ``App.run`` time every frame's work: input, fixed
ticks and drawing (the pacer's sleep is not counted). Reported per scenario:
frames, p50, p99 and max frame time, and frames over 16.7 ms (one 60 Hz
refresh), in wall time and in the UI thread's CPU time (on a shared machine
wall time includes waiting for a core).
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable
from pathlib import Path

import pygame
from scratch import scratch_folder

from game.engine import Minefield
from game.settings import Settings
from game.store import Store
from game.ui.app import App
from game.ui.screens.play import cell_centre

BUDGET_MS = 1000 / 60
AUTO_PACE = (2, 1)          # ticks on the cursor, ticks after a move: fast auto-play


class CpuTimes(list):
    """``frame_times`` that also notes the UI thread's CPU time per frame."""

    def __init__(self) -> None:
        super().__init__()
        self.cpu: list[float] = []
        self._mark = time.thread_time()

    def append(self, seconds: float) -> None:
        now = time.thread_time()
        self.cpu.append(now - self._mark)
        self._mark = now
        super().append(seconds)

    def restart(self) -> None:
        self._mark = time.thread_time()


def make_app(store: Store, clock: Callable[[], float] | None = None,
             font_folders: list[Path] | None = None, **settings) -> App:
    options = {"sound": False, "scale": 1, **settings}
    app = App(Settings(**options), store=store, seed=1, clock=clock, font_folders=font_folders)
    app.frame_times = CpuTimes()
    return app


def post_key(key: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="",
                                         scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="",
                                         scancode=0))


def post_click(app: App, cell: tuple[int, int]) -> None:
    """A left click on a visible board cell, as the window would receive it."""
    app.play.reveal_cell(cell)
    pos = app.viewport.to_display(cell_centre(app.layout, cell, app.play.scroll))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))


def run(app: App, frames: int, script: Callable[[App, int], None]) -> CpuTimes:
    """Run the real loop until it has drawn ``frames`` frames (a frame that
    leaves its drawing to the next one is timed too, so a few more may be
    timed), ``script(app, frame)`` before each, then close the app (and its
    worker process)."""
    times = app.frame_times
    assert isinstance(times, CpuTimes)
    counter = iter(range(10**9))

    def before(app: App) -> None:
        script(app, next(counter))
        times.restart()

    try:
        app.run(frames=app.frames + frames, before_frame=before)
    finally:
        app.close()
    return times


def auto_play(app: App, overlay: bool = False) -> Callable[[App, int], None]:
    """Auto-play game after game (F2 then A when one ends), overlay held on."""
    app.play.assist.default_pace = app.play.assist.pace = AUTO_PACE
    if overlay:
        app.play.assist.toggle_overlay()

    def script(app: App, frame: int) -> None:
        play, assist = app.play, app.play.assist
        if app.top is not play:                    # a name entry after a win: dismiss it
            post_key(pygame.K_ESCAPE)
        elif play.session.ended and (play.anim is None or play.anim.done):
            post_key(pygame.K_F2)
        elif not assist.autoplay and not play.session.ended:
            post_key(pygame.K_a)
    return script


#: The largest board, with the mine density of Expert.
BIG_BOARD = {"level": "custom", "custom_width": 100, "custom_height": 100, "custom_mines": 1600}


def scenario_autoplay(store: Store, frames: int, *, big: bool = False,
                      overlay: bool = False, shape: str = "grid") -> CpuTimes:
    board = BIG_BOARD if big else {"level": "expert"}
    app = make_app(store, **board, shape=shape)
    return run(app, frames, auto_play(app, overlay))


#: Two mines in a corner: a click at (0, 0) opens 9,997 cells, and the safe
#: cell between the mines stays covered, so the game goes on.
ZERO_BOARD = ["." * 100] * 99 + ["." * 97 + "*.*"]
#: Where the cascade's click goes: on the torus (0, 0) touches the far
#: corner's mine, and would open itself alone.
ZERO_CLICK = {"grid": (0, 0), "hex": (0, 0), "torus": (0, 50)}


def scenario_cascade(store: Store, frames: int, shape: str = "grid") -> CpuTimes:
    """A click that opens 9,997 cells of a 100x100 board, fullscreen, every 30 frames."""
    app = make_app(store, level="custom", custom_width=100, custom_height=100,
                   custom_mines=10, fullscreen=True, shape=shape)

    def script(app: App, frame: int) -> None:
        if frame % 30 == 0:
            app.play.new_game(field=Minefield.from_layout(ZERO_BOARD, shape=shape))
        elif frame % 30 == 2:
            post_click(app, ZERO_CLICK[shape])
    return run(app, frames, script)


def scenario_defeat(store: Store, frames: int, shape: str = "grid") -> CpuTimes:
    """The defeat animation of a 100x100 board with 1,600 mines, again and again:
    a first click, a mine clicked half a second later (a player's pace), each
    new game asked by F2, so its frame is timed too."""
    app = make_app(store, **BIG_BOARD, shape=shape)
    state: dict[str, object] = {"mine": None, "first": 0}

    def script(app: App, frame: int) -> None:
        play = app.play
        if play.session.ended and (play.anim is None or play.anim.done):
            post_key(pygame.K_F2)                 # a new game, timed like the player's
            state["mine"] = None
        elif play.field.status == "ready":
            post_click(app, (50, 50))
            state["first"] = frame
        elif state["mine"] is None and play.field.status == "playing" \
                and frame - int(state["first"]) >= 30:
            rows = play.field.layout() or []
            state["mine"] = next((x, y) for y, row in enumerate(rows)
                                 for x, c in enumerate(row) if c == "*")
            post_click(app, state["mine"])
    return run(app, frames, script)


class SkewedClock:
    """The wall clock, plus ``ahead`` seconds a scenario adds to make a game long."""

    def __init__(self) -> None:
        self.ahead = 0.0

    def __call__(self) -> float:
        return time.perf_counter() + self.ahead


def scenario_records(store: Store, frames: int, samples: int = 0) -> CpuTimes:
    """Winning Expert games (a best time, the name entry, records written):
    every safe cell but one opened beforehand, the last one clicked. With
    ``samples``, each game is first made that many pointer samples long (one
    every 16 ms: 200,000 is the track's cap, close to an hour of play), so the
    replay written at its end is as big as they come."""
    clock = SkewedClock()
    app = make_app(store, level="expert", clock=clock)
    state = {"last": None}

    def script(app: App, frame: int) -> None:
        play = app.play
        if app.top is not play:
            post_key(pygame.K_RETURN)              # keep the default name
        elif play.session.ended:
            play.new_game()
            state["last"] = None
        elif state["last"] is None:
            play.play("reveal", (15, 8))
            rows = play.field.layout() or []
            safe = [(x, y) for y, row in enumerate(rows) for x, c in enumerate(row)
                    if c == "." and play.field.cell(x, y) == "#"]
            for cell in safe[:-1]:
                if play.field.cell(*cell) == "#":
                    play.play("reveal", cell)
            state["last"] = safe[-1]
            play.session.chrono.start()
            for i in range(samples):
                play.session.point((i % 30, i // 30 % 16), 0)
                clock.ahead += 0.016
        elif frame % 20 == 0:
            post_click(app, state["last"])
    return run(app, frames, script)


#: Games in the store of the History scenario (as ``tools/bench.py store``).
HISTORY_GAMES = 20_000
HISTORY_CYCLE = 12          # frames from one opening of History to the next


def fill_history(directory: str, games: int = HISTORY_GAMES) -> None:
    """A records database holding ``games`` lost Expert games, written directly."""
    from dataclasses import replace

    from game.store import GameRecord, ledger
    from game.store.connection import connect
    from game.store.writer import run_in_transaction
    Store(directory).close()                          # creates the database
    record = GameRecord(level="expert", width=30, height=16, mines=99, result="lost",
                        time_ms=60_000, bbbv=150, bbbv_per_s=2.5, clicks=200,
                        efficiency=0.75, seed=0, first_click="opening", assisted=False,
                        date="2026-11-23T12:00:00")
    db = connect(Path(directory) / "records.db")
    run_in_transaction(db, lambda db: [ledger.insert_game(db, replace(record, seed=seed))
                                       for seed in range(games)])
    db.close()


def scenario_history(frames: int) -> tuple[CpuTimes, list[int]]:
    """View > History opened in the very frame a game ends (abandoned by a new
    game: its record is queued for the writer) on a 20,000-game database, then
    closed a few frames later, again and again. Returns the times and the
    indexes of the frames that opened History."""
    directory = scratch_folder("minesweeper-history-")
    fill_history(directory)
    store = Store(directory)
    app = make_app(store, level="expert")
    times = app.frame_times
    assert isinstance(times, CpuTimes)
    opening: list[int] = []
    state = {"open": False}
    handle_events = app.handle_events

    def handle_and_open() -> None:
        """The frame's input, then (when due) the game end and History, as a
        player's click and menu choice would do them inside the frame."""
        handle_events()
        if state["open"]:
            state["open"] = False
            opening.append(len(times))
            app.play.new_game()                       # the game in progress is recorded
            app.commands.run("history")

    app.handle_events = handle_and_open               # type: ignore[method-assign]

    def script(app: App, frame: int) -> None:
        step = frame % HISTORY_CYCLE
        if step == 0 and app.top is app.play:
            app.play.play("reveal", (15, 8))          # a game in progress
        elif step == 2 and app.top is app.play:
            state["open"] = True
        elif step == HISTORY_CYCLE - 2 and app.top is not app.play:
            post_key(pygame.K_ESCAPE)
    try:
        return run(app, frames, script), opening
    finally:
        store.close()


def picked(times: CpuTimes, indexes: list[int]) -> CpuTimes:
    """The frames at ``indexes`` only."""
    out = CpuTimes()
    for i in indexes:
        if i < len(times):
            out.cpu.append(times.cpu[i])
            list.append(out, times[i])
    return out


def long_replay_file(directory: str, steps: int = 6, shape: str = "grid") -> str:
    """A replay file of a 100x100 game with 2,000 mines played by someone
    who knows where they are: about 6,700 moves, each reached by the pointer
    over ``steps`` cells (6: 40,000 samples, 0.5 MB; 29: 195,000, 2 MB)."""
    from game.replay import Recorder, replay_of, write_file
    field = Minefield(100, 100, 2000, seed=7, shape=shape)
    recorder, t = Recorder(), 0
    field.reveal(50, 50)
    recorder.stamp(field.move_count, t)
    rows = field.layout() or []
    for y, row in enumerate(rows):
        for x, c in enumerate(row):
            if field.status != "playing" or (c != "*" and field.cell(x, y) != "#"):
                continue
            for step in range(steps, 0, -1):
                t += 8
                recorder.point(t, (max(0, x - step), y), 0)
            recorder.point(t, (x, y), 4 if c == "*" else 1)
            (field.toggle_flag if c == "*" else field.reveal)(x, y)
            recorder.stamp(field.move_count, t)
    replay = replay_of(field, recorder, result=field.status if field.status != "playing"
                       else "unfinished", time_ms=t, first_click=field.first_click or "opening")
    path = str(Path(directory) / "long.json")
    write_file(path, replay)
    return path


def scenario_replays(store: Store, frames: int, steps: int = 6) -> CpuTimes:
    """A replay of a 100x100 game (see ``long_replay_file``) dropped on the
    window, watched for two seconds, left with Esc, and again (read in the
    replay loader's process)."""
    from game.ui.screens.watch import ReplayScreen
    path = long_replay_file(scratch_folder("minesweeper-replay-"), steps)
    app = make_app(store, level="expert")
    state = {"since": 0}

    def script(app: App, frame: int) -> None:
        if isinstance(app.top, ReplayScreen):
            if frame - state["since"] >= 120:
                post_key(pygame.K_ESCAPE)
                state["since"] = frame
        elif app.top is app.play and not app.replays.waiting and frame - state["since"] >= 10:
            pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=path))
            state["since"] = frame
    return run(app, frames, script)


def scenario_seek_at_once(store: Store, frames: int, shape: str = "grid") -> CpuTimes:
    """The 100x100 replay (see ``long_replay_file``) in the viewer, opened a
    step a frame as the game opens one, End pressed in the first frame it
    shows, before any checkpoint ahead is kept, then Home, then the viewer
    left and opened again."""
    from game.replay import read_file
    from game.ui.screens.replays import watch
    from game.ui.screens.watch import ReplayScreen
    replay = read_file(long_replay_file(scratch_folder("minesweeper-seek-"),
                                        shape=shape))
    app = make_app(store, level="expert")
    state = {"shown": -1}

    def script(app: App, frame: int) -> None:
        viewer = app.top
        if not isinstance(viewer, ReplayScreen):
            watch(app, replay, playing=False, fit_next_frame=True)    # as the app opens one
        elif viewer.layout is not None and not viewer.opening:
            if state["shown"] < 0:
                state["shown"] = frame
                post_key(pygame.K_END)
            elif frame - state["shown"] == 30:
                post_key(pygame.K_HOME)
            elif frame - state["shown"] >= 40:
                state["shown"] = -1
                post_key(pygame.K_ESCAPE)
    return run(app, frames, script)


def scenario_exports(store: Store, frames: int) -> CpuTimes:
    """The 2 MB replay of a 100x100 game (195,000 pointer samples, see
    ``long_replay_file``) in the viewer, paused, exported with E, the notice
    dismissed, again and again."""
    from game.replay import read_file
    from game.ui.screens.replays import watch
    from game.ui.screens.watch import ReplayScreen
    app = make_app(store, level="expert")
    replay = read_file(long_replay_file(scratch_folder("minesweeper-export-"), steps=29))

    def script(app: App, frame: int) -> None:
        if frame == 0:
            watch(app, replay, playing=False, fit_next_frame=True)    # as the app opens one
        elif frame % 30 == 0:
            if not isinstance(app.top, ReplayScreen):
                post_key(pygame.K_RETURN)
            elif not app.exports.pending:
                post_key(pygame.K_e)
    return run(app, frames, script)


def scenario_attract(frames: int, samples: int = 0) -> CpuTimes:
    """A kiosk left alone, fullscreen: attract mode after a second without
    input, its demo games at a fast pace cycling the levels and shapes,
    every other game a best game's replay (five recorded first, in a store
    of its own; with ``samples``, each replay that many pointer samples
    long); as its third game begins a visitor's key wakes it, a click
    opens a cell of the fresh game, and the visitor leaves again."""
    from soak import record_best_games
    store = Store(scratch_folder("minesweeper-frames-attract-"))
    record_best_games(store, 5, 1, samples)
    app = App(Settings(sound=False, scale=1), store=store, seed=1, kiosk=True, idle_seconds=1)
    app.frame_times = CpuTimes()
    app.attract_options = {"pace": AUTO_PACE, "between": 10}

    def script(app: App, frame: int) -> None:
        top = app.top
        if app.attracting and getattr(top, "games", 0) > 2:
            post_key(pygame.K_SPACE)
        elif top is app.play and app.play.field.status == "ready" and app.ticks % 30 == 0:
            post_click(app, (4, 4))
    try:
        return run(app, frames, script)
    finally:
        store.close()


def summary(name: str, times: CpuTimes) -> str:
    wall = sorted(t * 1000 for t in times)
    cpu = sorted(t * 1000 for t in times.cpu)

    def p(values: list[float], q: float) -> float:
        return values[min(len(values) - 1, int(q * len(values)))]

    return (f"{name:<38} {len(wall):>6} {statistics.median(wall):>7.2f} {p(wall, 0.99):>7.2f}"
            f" {wall[-1]:>7.1f} {sum(t > BUDGET_MS for t in wall):>5}"
            f" {statistics.median(cpu):>7.2f} {cpu[-1]:>7.1f} {sum(t > BUDGET_MS for t in cpu):>5}")


def bench_frames(frames: int = 600, only: str | None = None, fonts: Path | None = None) -> None:
    """Every scenario, or those whose name contains ``only``; characters our
    fonts lack looked for under ``fonts`` (the system's font folders by
    default)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from bench_actions import (
        scenario_board_changes,
        scenario_history_watch,
        scenario_open_replay,
        scenario_other_scripts,
        scenario_watch_last,
    )
    from bench_boards import newer_scenarios
    store = Store(scratch_folder("minesweeper-frames-"))
    scenarios: list[tuple[str, Callable[[], CpuTimes]]] = [
        ("auto-play, Expert", lambda: scenario_autoplay(store, frames)),
        ("auto-play, 100x100/1600", lambda: scenario_autoplay(store, frames, big=True)),
        ("auto-play + overlay, 100x100/1600",
         lambda: scenario_autoplay(store, frames, big=True, overlay=True)),
        ("cascade 100x100, fullscreen", lambda: scenario_cascade(store, frames // 2)),
        ("defeat animation, 100x100/1600", lambda: scenario_defeat(store, frames)),
        ("wins written to the records, Expert", lambda: scenario_records(store, frames // 2)),
        ("wins after 200,000 pointer samples", lambda: scenario_records(store, frames // 2,
                                                                       samples=200_000)),
        ("a 0.5 MB 100x100 replay opened, watched", lambda: scenario_replays(store, frames)),
        ("a 2 MB 100x100 replay opened, watched",
         lambda: scenario_replays(store, frames, steps=29)),
        ("a 2 MB replay exported", lambda: scenario_exports(store, frames)),
        ("100x100 replay: End as it shows", lambda: scenario_seek_at_once(store, frames)),
        ("kiosk: attract mode, woken, left", lambda: scenario_attract(frames)),
        ("kiosk: 1.6 MB best games' replays", lambda: scenario_attract(frames, 200_000)),
        ("History: Watch a 1.6 MB replay", lambda: scenario_history_watch(frames)),
        ("Expert <-> 100x100 grid, hex, torus", lambda: scenario_board_changes(frames)),
        ("R: the last game, 2 MB 100x100 replay", lambda: scenario_watch_last(frames)),
        ("Open replay..., 5,000 files", lambda: scenario_open_replay(frames)),
        ("Open replay..., 30 names in 4 scripts",
         lambda: scenario_open_replay(frames, 30, long_names=True, fonts=fonts)),
        ("names in 8 scripts: Best Times, typing", lambda: scenario_other_scripts(frames, fonts)),
        *newer_scenarios(store, frames),
    ]
    print(f"{'':<38} {'':>6} {'wall time (ms)':^29} {'UI thread CPU (ms)':^21}")
    print(f"{'scenario':<38} {'frames':>6} {'p50':>7} {'p99':>7} {'max':>7} {'>16.7':>5}"
          f" {'p50':>7} {'max':>7} {'>16.7':>5}")
    history_name = f"History after a game end, {HISTORY_GAMES // 1000},000 games"
    try:
        for name, scenario in scenarios:
            if only is None or only in name:
                print(summary(name, scenario()), flush=True)
        if only is None or only in history_name:
            history, opening = scenario_history(frames)
            print(summary(history_name, history))
            others = sorted(set(range(len(history))) - set(opening))
            print(summary("  the frames that open it", picked(history, opening)))
            print(summary("  the other frames (filling it...)", picked(history, others)),
                  flush=True)
    finally:
        store.close()
