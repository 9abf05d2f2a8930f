"""Replay benchmarks (run through tools/bench.py: ``replay`` and ``history``).

    python tools/bench.py replay    # size of an Expert replay, seeking in the viewer
    python tools/bench.py history   # opening History with 1,000 games and their replays
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable

from scratch import scratch_folder

from game.engine import Minefield


def expert_replays(games: int) -> list:
    """Expert games played by the computer, recorded as a person would leave
    them: a few hundred ms per move, the pointer crossing the cells between
    moves, a press and a release on each."""
    import random

    from game.replay import Recorder, replay_of
    from game.solver import next_move

    replays = []
    for seed in range(games):
        field = Minefield(30, 16, 99, seed=seed)
        rng, recorder, t, at = random.Random(seed), Recorder(), 0, (15, 8)
        while field.status in ("ready", "playing"):
            d = next_move(field.view(), field.mines)
            while at != (d.x, d.y):                   # the pointer crosses the cells
                at = (at[0] + (d.x > at[0]) - (d.x < at[0]), at[1] + (d.y > at[1]) - (d.y < at[1]))
                t += rng.randrange(10, 40)
                recorder.point(t, at, 0)
            recorder.point(t, at, 1 if d.kind == "reveal" else 4)
            t += rng.randrange(60, 140)
            (field.reveal if d.kind == "reveal" else field.toggle_flag)(d.x, d.y)
            recorder.stamp(field.move_count, t)
            recorder.point(t, at, 0)
        times = recorder.times
        result = "won" if field.status == "won" else "lost"
        replays.append(replay_of(field, recorder, result=result, time_ms=times[-1],
                                 first_click="opening", level="expert"))
    return replays


def bench_replay(games: int = 30) -> None:
    import random

    import pygame

    from game.replay import Timeline, encode
    from game.ui.screens import replays as window_replays
    from tests.ui.helpers import make_app

    recorded = expert_replays(games)
    sizes = [len(encode(r).encode()) for r in recorded]
    moves = [len(r.moves) for r in recorded]
    print(f"Expert replay size: median {statistics.median(sizes) / 1024:.1f} KB"
          f" (max {max(sizes) / 1024:.1f} KB) over {games} games,"
          f" median {statistics.median(moves):.0f} moves, pointer track included")
    rng = random.Random(1)
    seeks: list[tuple[float, float]] = []
    for replay in recorded:
        timeline = Timeline(replay)
        for _ in range(50):
            k = rng.randrange(timeline.length + 1)
            seeks.append(_timed(lambda tl=timeline, k=k: (tl.field_at(k).view(),
                                                          tl.figures(k, tl.time_of(k)))))
    _print_times("seek (board + figures at a random move)", seeks)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    app = make_app(level="expert", data_dir=scratch_folder("minesweeper-bench-"))
    frames = []
    for replay in recorded[:10]:
        window_replays.watch(app, replay, playing=False)
        viewer = app.top
        for _ in range(30):
            fraction = rng.random()
            frames.append(_timed(lambda v=viewer, f=fraction: (v.playback.seek_fraction(f),
                                                               app.render())))
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
        app.step()
    _print_times("viewer seek to a drawn frame (Expert, scale 1; target 50 ms)", frames)


def bench_history(games: int = 1000) -> None:
    """Open View > History on a store holding ``games`` Expert games, each with
    its replay (20 different ones, about 20 KB each): the frame that opens it
    and the tick that fills it (headless, the reads run at that tick)."""
    from game.replay import encode
    from game.store import GameRecord, Store
    from game.ui.screens.history import HistoryDialog
    from tests.ui.helpers import make_app

    texts = [encode(r) for r in expert_replays(20)]
    directory = scratch_folder("minesweeper-bench-")
    store = Store(directory)
    for i in range(games):
        record = GameRecord(level="expert", width=30, height=16, mines=99,
                            result="won" if i % 3 else "lost", time_ms=60_000 + i, bbbv=150,
                            bbbv_per_s=2.5, clicks=200, efficiency=0.75, seed=i,
                            first_click="opening", assisted=False)
        store.record_game(record, replay=texts[i % len(texts)])
    store.close()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    app = make_app(level="expert", data_dir=directory)
    opens = []
    for _ in range(20):
        opens.append(_timed(lambda: (app.push(HistoryDialog(app)), app.render(), app.update(),
                                     app.render())))
        app.pop()
        app.render()
    _print_times(f"open History, {games:,} games with their replays", opens)


def _timed(run: Callable[[], object]) -> tuple[float, float]:
    """Wall and CPU milliseconds of ``run`` (on a shared machine the wall
    time includes waiting for a core)."""
    wall, cpu = time.perf_counter(), time.process_time()
    run()
    return (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000


def _print_times(what: str, times: list[tuple[float, float]]) -> None:
    wall, cpu = [w for w, _ in times], [c for _, c in times]
    print(f"{what}: median {statistics.median(wall):.2f} ms wall"
          f" ({statistics.median(cpu):.2f} CPU), max {max(wall):.1f} ms wall"
          f" ({max(cpu):.1f} CPU), {len(times)} runs")
