"""Memory of the window while the replay viewer and the records pages are
used over and over, in the real loop at its own pace (60 frames a second).

A player who keeps the game open for an evening watches replays and looks
at the records again and again; every viewer and dialog closed must let go
of what it held. This plays, ten seconds each, in turn: a 100x100 hexagon
game's replay dropped on the window (read in the loader's process) and
watched at 8x, End, Home; Statistics turned through every page; the 2 MB
replay of a 100x100 game watched; History paged to its oldest game and
back; Best Times turned through; and the 2 MB replay dropped on the
window — on records holding ``--games`` games (``bench_pages``). The
resident set (``/proc/self/statm``, or psutil) and the objects the
collector tracks are printed every ``--every`` seconds, and the run fails
(exit status 1) when RSS grew by more than ``--rss-mb`` over its second half.

    python tools/soak_pages.py                    # 30 minutes, 100,000 games
    python tools/soak_pages.py --minutes 2 --games 1000
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

ACTIVITIES = ("drop_hex", "statistics", "watch_grid", "history", "best_times", "drop_grid")
ACTIVITY_FRAMES = 600              # ten seconds each
#: Keys pressed in the viewer, by frame of the activity once it shows.
VIEWER_KEYS = {"faster": (60, 61, 62), "end": 200, "home": 260}


def main(argv: list[str] | None = None) -> int:
    from soak import above_zero, at_least
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=above_zero, default=30.0)
    parser.add_argument("--games", type=at_least(1, int), default=100_000,
                        help="games in the records")
    parser.add_argument("--every", type=above_zero, default=60.0,
                        help="seconds between samples")
    parser.add_argument("--rss-mb", type=at_least(0, float), default=5.0,
                        help="RSS growth allowed over the second half")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    samples = soak(args.minutes, args.games, args.every)
    half = [rss for seconds, rss, _ in samples if seconds >= samples[-1][0] / 2]
    growth = half[-1] - half[0] if half else 0.0
    print(f"RSS over the second half: {growth:+.1f} MB (allowed {args.rss_mb:g})")
    return 1 if growth > args.rss_mb else 0


def soak(minutes: float, games: int, every: float) -> list[tuple[float, float, int]]:
    """Run it; returns the samples: seconds, RSS in MB, objects tracked."""
    import pygame
    from bench_frames import long_replay_file, make_app, post_key
    from bench_pages import PAGE_KEYS, PlayedRecords
    from scratch import scratch_folder
    from stress_lib import rss_bytes

    from game.replay import read_file
    from game.ui.screens.replays import watch
    from game.ui.screens.watch import ReplayScreen

    hex_file = long_replay_file(scratch_folder("minesweeper-soak-pages-"), shape="hex")
    grid_file = long_replay_file(scratch_folder("minesweeper-soak-pages-"), steps=29)
    grid_replay = read_file(grid_file)
    store = PlayedRecords(games).store()
    app = make_app(store, level="expert")
    app.frame_times = None
    start = time.monotonic()
    samples: list[tuple[float, float, int]] = []
    state = {"frame": 0, "sample_at": start}

    def sample(now: float) -> None:
        rss = rss_bytes()
        samples.append((now - start, (rss or 0) / 2**20, len(gc.get_objects())))
        print(f"{samples[-1][0]:7.0f} s  RSS {samples[-1][1]:6.1f} MB"
              f"  objects {samples[-1][2]:>7}  ({type(app.top).__name__} shown)", flush=True)

    def open_activity(activity: str) -> None:
        if activity.startswith("drop_"):
            path = hex_file if activity == "drop_hex" else grid_file
            pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=path))
        elif activity == "watch_grid":
            watch(app, grid_replay, playing=True)
        else:
            app.commands.run(activity)

    def script(app) -> None:
        frame, now = state["frame"], time.monotonic()
        state["frame"] += 1
        if now >= state["sample_at"]:
            state["sample_at"] += every
            sample(now)
        if now - start >= minutes * 60:
            app.running = False
            return
        step, top = frame % ACTIVITY_FRAMES, app.top
        activity = ACTIVITIES[frame // ACTIVITY_FRAMES % len(ACTIVITIES)]
        if step in (0, ACTIVITY_FRAMES - 30):
            if top is not app.play:
                post_key(pygame.K_ESCAPE)
        elif step == 5 and top is app.play:
            open_activity(activity)
        elif isinstance(top, ReplayScreen):
            if step in VIEWER_KEYS["faster"]:
                post_key(pygame.K_UP)
            elif step in (VIEWER_KEYS["end"], VIEWER_KEYS["home"]):
                post_key(pygame.K_END if step == VIEWER_KEYS["end"] else pygame.K_HOME)
        elif top is not app.play and step % 8 == 0:
            keys = PAGE_KEYS.get(activity, [pygame.K_ESCAPE])      # a notice: closed
            post_key(keys[step // 8 % len(keys)])

    try:
        app.run(before_frame=script)
        sample(time.monotonic())
    finally:
        app.close()
        store.close()
    return samples


if __name__ == "__main__":
    sys.exit(main())
