"""Frame scenarios of the records pages on a long-played game (run by
``tools/bench.py frames`` beside those of ``bench_frames``): records that
hold 100,000 games, written through the store as the window writes them,
then Statistics, Best Times and History opened (in a timed frame, as a menu
choice is) and paged through, and wins that set best times there."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pygame
from bench_actions import in_frame
from bench_frames import CpuTimes, make_app, post_key, run, scenario_records
from scratch import scratch_folder

from game.store import GameRecord, Store
from game.store.database import NAME

GAMES = 100_000
#: Boards the games are played on, in turn (every 50th game Expert again).
BOARDS = [("beginner", 9, 9, 10), ("intermediate", 16, 16, 40), ("expert", 30, 16, 99),
          ("custom", 100, 100, 1600)]
SHAPES = ("grid", "grid", "hex", "torus")
STYLES = ("xp", "modern")


def played_records(directory: str, games: int = GAMES) -> None:
    """A records.db in ``directory`` holding ``games`` games over fifteen
    years, recorded with ``Store.record_game`` and each best time named:
    every level, shape and two styles, three games in ten won, every 13th
    assisted."""
    rng = random.Random(1)
    store = Store(directory)
    try:
        for i in range(games):
            level, w, h, mines = BOARDS[i % 4] if i % 50 else BOARDS[2]
            won = rng.random() < 0.3
            game = GameRecord(
                level=level, width=w, height=h, mines=mines, result="won" if won else "lost",
                time_ms=rng.randrange(5_000, 999_000), bbbv=150, bbbv_per_s=2.5, clicks=200,
                efficiency=0.75, seed=i, first_click="opening", assisted=i % 13 == 0,
                style=STYLES[i % 11 % 2], shape=SHAPES[i % 7 % 4],
                date=f"20{10 + i * 16 // games:02d}-{1 + i % 12:02d}-{1 + i % 28:02d}T12:00:00")
            if store.record_game(game) is not None:
                store.name_best_time(game, f"Player {i}")
            if i % 5000 == 4999:
                store.flush()                   # the writer's queue stays short
    finally:
        store.close()


class PlayedRecords:
    """One records.db of ``games`` games, made once, copied for each
    scenario; or the one already in the folder ``made``."""

    def __init__(self, games: int = GAMES, made: Path | None = None) -> None:
        self.games = games
        self._made = made

    def store(self) -> Store:
        if self._made is None:
            self._made = Path(scratch_folder("minesweeper-frames-played-"))
            played_records(str(self._made), self.games)
        copy = scratch_folder("minesweeper-frames-pages-")
        shutil.copy(self._made / NAME, copy)
        return Store(copy)

    @staticmethod
    def done(store: Store) -> None:
        """Close a copy's store and delete the copy (10 MB a scenario)."""
        store.close()
        shutil.rmtree(store.directory, ignore_errors=True)


#: The keys pressed in each dialog, one every 4 frames: every level's page
#: in turn, or through History to its oldest game and back.
PAGE_KEYS = {"statistics": [pygame.K_RIGHT], "best_times": [pygame.K_RIGHT],
             "history": [pygame.K_END, pygame.K_PAGEUP, pygame.K_PAGEUP, pygame.K_HOME,
                         pygame.K_PAGEDOWN, pygame.K_DOWN]}
CYCLE = 150                 # frames from one opening of the dialog to the next


def scenario_pages(records: PlayedRecords, frames: int, command: str) -> CpuTimes:
    """``command`` (statistics, best_times, history) opened on the played
    records in a timed frame, then a key every 4 frames for two seconds
    (``PAGE_KEYS``), closed with Esc, and again."""
    store = records.store()
    app = make_app(store, level="expert")
    keys = PAGE_KEYS[command]

    def act(app, frame: int) -> None:
        if frame % CYCLE == 0 and app.top is app.play:
            app.commands.run(command)

    def script(app, frame: int) -> None:
        step = frame % CYCLE
        if app.top is app.play:
            return
        if step == CYCLE - 5:
            post_key(pygame.K_ESCAPE)
        elif 0 < step < CYCLE - 10 and step % 4 == 0:
            post_key(keys[step // 4 % len(keys)])

    in_frame(app, act)
    try:
        return run(app, frames, script)
    finally:
        records.done(store)


def scenario_wins(records: PlayedRecords, frames: int) -> CpuTimes:
    """Best times won on the played records: ``scenario_records``' wins,
    each name entry then Best Times."""
    store = records.store()
    try:
        return scenario_records(store, frames)
    finally:
        records.done(store)
