"""Soak by the clock: a kiosk left for hours, its figures per simulated hour.

``soak.py`` plays games back to back at the fastest pace, with the computer
thinking on the spot. A kiosk lives otherwise: demo games at the pace a
passer-by follows, the computer and the replay loader in processes of their
own, the records read and written on their threads, a visitor now and then
whose games are recorded, processes the system ends, a disk that fills up.
This runs that machine on a clock advanced by ticks (60 a simulated second:
an hour is 216,000 ticks, a few seconds here), waiting for the processes'
answers as a fast machine would get them, and prints per simulated hour
what grows on a machine left for days:

* the resident memory of the game and of its processes, and how many
  processes it has (the computer's, the replay loader's and
  multiprocessing's resource tracker: three, never a zombie left);
* open file descriptors and threads;
* records.db and its ``-wal`` journal, and the writes waiting in the queue;
* window surfaces still alive (the window's current one; pygame-ce kept
  every one a resize made) and live Python objects.

``--demo`` runs a ``--demo`` machine instead: windowed, so the window is
resized for most demo boards.
``--kill-every M`` ends the computer's process every M simulated minutes
(and the loader's every third time), as the system's OOM killer would.
``--disk-full FROM-TO`` fills the data folder's file system from hour FROM
to hour TO with a ballast file: ``--data-dir`` must then be on a small one
(a tmpfs of a few MB; it refuses a file system with more free space than
``BALLAST_LIMIT``), and every visitor's game must reach the records once the
disk is free again.

    python tools/soak.py --hours 24
    python tools/soak.py --hours 6 --kill-every 5
    mount -t tmpfs -o size=8m tmpfs /mnt/small
    python tools/soak.py --hours 4 --data-dir /mnt/small --disk-full 1-2

The figures come from ``/proc`` (Linux); elsewhere they read "n/a".
"""

from __future__ import annotations

import gc
import os
import random
import signal
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pygame
from soak import record_best_games
from soak_machine import BALLAST_LIMIT, Ballast, Shows, Surfaces, ballast_refused, children, open_fds, size
from stress_lib import InvariantError, check_app, expect, mb, rss_bytes

from game.settings import Settings
from game.solver import next_move
from game.store import Store
from game.ui.app import App
from game.ui.loop import TickClock
from game.ui.screens.play import cell_centre
from game.ui.ticks import TICKS_PER_SECOND
from game.ui.worker import ProcessWorker, SyncWorker

HOUR_TICKS = 3600 * TICKS_PER_SECOND
#: Ticks per ``app.step`` (one drawing per tenth of a second keeps drawing in the loop).
STEP_TICKS = 6
#: The rules are checked on the board once a simulated second.
CHECK_TICKS = TICKS_PER_SECOND
#: Won games recorded first, whose replays attract mode shows in turn.
BEST = 5
#: A process answer not come after this long (real seconds) is a stall.
ANSWER_SECONDS = 30.0
#: Processes a kiosk may have: the computer's, the replay loader's and
#: multiprocessing's resource tracker.
MAX_CHILDREN = 3
#: Open files one process of the game's holds in the window's process (its
#: pipe and its sentinel, and one for the next being started).
FDS_SLACK = 3

__all__ = ["BALLAST_LIMIT", "Ballast", "Hour", "HoursResult", "InvariantError",
           "ballast_refused", "run_hours", "verdict"]


@dataclass
class Hour:
    """The figures at the end of one simulated hour."""

    hour: float
    games: int                    # attract mode's games so far (demo games and replays)
    replays: int                  # best games' replays among them
    visitors: int
    recorded: int                 # games in the history
    rss: int | None
    child_rss: int | None
    children: int | None
    zombies: int | None
    fds: int | None
    threads: int
    starts: tuple[int, int]       # the computer's and the loader's processes started
    db: int
    wal: int
    queued: int                   # writes waiting (a full disk)
    surfaces: int                 # window surfaces alive
    objects: int


@dataclass
class HoursResult:
    hours: list[Hour] = field(default_factory=list)
    seconds: float = 0.0
    kills: int = 0
    visitor_games: int = 0        # visitors who played at least one move


# ---------------------------------------------------------------- the people

def click(app: App, cell: tuple[int, int], button: int = 1) -> None:
    pos = app.viewport.to_display(cell_centre(app.layout, cell, app.play.scroll))
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, button=button, pos=pos))
        app.step(1)


def press(app: App, key: int) -> None:
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0))
    app.step(1)


def visit(app: App, rng: random.Random) -> int:
    """A visitor wakes the kiosk and plays a few moves, the solver's mostly
    and a blind click now and then, one in three with the probabilities
    shown (P) and asking for hints (H) now and then, then walks away (the
    game is won, lost, or left for attract mode to record as abandoned).
    Returns the ticks spent."""
    click(app, (0, 0))                        # the waking touch, spent
    ticks = 2
    curious = rng.random() < 1 / 3
    if curious:
        press(app, pygame.K_p)
    for _ in range(rng.randint(3, 60)):
        if curious and rng.random() < 0.2:
            press(app, pygame.K_h)
        play = app.play
        if app.top is not play or play.session.ended:
            break
        view, mines = play.field.view(), play.field.mines
        if rng.random() < 0.15 or play.field.move_count == 0:
            covered = [(x, y) for y, row in enumerate(view) for x, ch in enumerate(row)
                       if ch == "#"]
            cell, button = rng.choice(covered), 1
        else:
            try:
                move = next_move(view, mines, first_click=play.field.first_click)
            except ValueError:
                break                         # nothing left to play
            cell, button = (move.x, move.y), 1 if move.kind == "reveal" else 3
        click(app, cell, button)
        wait = rng.randint(20, 90)
        app.step(wait)
        ticks += 2 + wait
    return ticks


def kill(worker: object) -> bool:
    """End a ProcessWorker's process at once, as the system's OOM killer would."""
    process = getattr(worker, "_process", None)
    if process is None or not process.is_alive():
        return False
    os.kill(process.pid, signal.SIGKILL)
    return True


# ---------------------------------------------------------------- the run

def run_hours(hours: float, *, data_dir: Path | None = None, seed: int = 1,
              processes: bool = True, demo: bool = False, visit_minutes: float = 20.0,
              kill_minutes: float = 0.0, disk_full: tuple[float, float] | None = None,
              every: float = 1.0, report: Callable[[Hour], None] | None = None) -> HoursResult:
    """Run a kiosk (a ``demo`` machine: windowed) for ``hours`` simulated
    hours and sample it every ``every`` hours (``report`` is called with
    each sample). Raises when a rule of the game breaks or attract mode
    stalls."""
    with tempfile.TemporaryDirectory(prefix="minesweeper-soak-") as tmp:
        directory = Path(data_dir or tmp)
        ballast = Ballast(directory) if disk_full else None
        store = Store(directory)
        make = ProcessWorker if processes else SyncWorker
        record_best_games(store, BEST, seed)
        app = App(Settings(sound=False, scale=1), store=store, clock=TickClock(), seed=seed,
                  kiosk=not demo, demo=demo, worker=make(), loader=make(),
                  background_reads=processes)
        try:
            return _run(app, store, directory, hours, seed, visit_minutes, kill_minutes,
                        disk_full, ballast, every, report)
        finally:
            if ballast is not None:
                ballast.free()
            app.close()
            store.close()


def _run(app: App, store: Store, directory: Path, hours: float, seed: int,
         visit_minutes: float, kill_minutes: float, disk_full: tuple[float, float] | None,
         ballast: Ballast | None, every: float, report) -> HoursResult:
    rng = random.Random(seed)
    result = HoursResult()
    surfaces = Surfaces()
    shows = Shows()
    visit_ticks = round(visit_minutes * 60 * TICKS_PER_SECOND) or None
    kill_ticks = round(kill_minutes * 60 * TICKS_PER_SECOND) or None
    end, ticks, sampled, visited, killed = round(hours * HOUR_TICKS), 0, 0, 0, 0
    visitors = 0
    started = time.perf_counter()
    app.start_attract()
    while ticks < end:
        if ballast is not None and disk_full is not None:
            inside = disk_full[0] * HOUR_TICKS <= ticks < disk_full[1] * HOUR_TICKS
            if inside != ballast.full:
                ballast.fill() if inside else ballast.free()
        if visit_ticks and ticks - visited >= visit_ticks:
            visited = ticks
            visitors += 1
            ticks += visit(app, rng)
            result.visitor_games += app.play.field.move_count > 0
        if kill_ticks and ticks - killed >= kill_ticks:
            killed = ticks
            result.kills += kill(app.worker)
            if result.kills % 3 == 0:
                kill(app.replays.worker)
        for worker in (app.worker, app.replays.worker):
            if getattr(worker, "pending", 0):
                expect(worker.wait(ANSWER_SECONDS) or not worker.alive,
                       f"no answer from a process in {ANSWER_SECONDS} s")
        app.step(STEP_TICKS)
        ticks += STEP_TICKS
        if ticks % CHECK_TICKS < STEP_TICKS:
            check_app(app, kiosk=app.kiosk)
        surfaces.look(app)
        shows.look(app)
        if ticks - sampled >= every * HOUR_TICKS or ticks >= end:
            sampled = ticks
            sample = _sample(app, store, directory, ticks / HOUR_TICKS, visitors, surfaces,
                             shows)
            result.hours.append(sample)
            if report:
                report(sample)
    result.seconds = time.perf_counter() - started
    if ballast is not None:
        ballast.free()
    expect(store.flush(), "the records could not be written once the disk was free")
    expect(store.count_games() == BEST + result.visitor_games,
           f"{BEST} best games and {result.visitor_games} visitors' games, "
           f"{store.count_games()} in the records")
    return result


def _sample(app: App, store: Store, directory: Path, hour: float, visitors: int,
            surfaces: Surfaces, shows: Shows) -> Hour:
    gc.collect()
    kids = children()
    games, demos = shows.counts()
    writer = getattr(store, "_writer", None)
    return Hour(
        hour=hour, games=games, replays=games - demos,
        visitors=visitors, recorded=store.count_games(), rss=rss_bytes(),
        child_rss=None if kids is None else sum(rss for _, rss in kids),
        children=None if kids is None else len(kids),
        zombies=None if kids is None else sum(state == "Z" for state, _ in kids),
        fds=open_fds(), threads=threading.active_count(),
        starts=(getattr(app.worker, "starts", 0), getattr(app.replays.worker, "starts", 0)),
        db=size(directory / "records.db"), wal=size(directory / "records.db-wal"),
        queued=getattr(writer, "pending", 0), surfaces=surfaces.alive(),
        objects=len(gc.get_objects()))


# ---------------------------------------------------------------- verdict

def verdict(result: HoursResult, *, rss_mb: float) -> str | None:
    """None when the machine stayed as it was, else what grew. Judged from
    the first hour's sample (the allocator and the processes settle in it);
    open files from the most the first half had (a process killed and not
    yet started again when a sample is taken has its files closed)."""
    hours = result.hours
    if len(hours) < 2:
        return None
    first, last = hours[0], hours[-1]
    problems = []
    if first.rss is not None and last.rss is not None and last.rss - first.rss > rss_mb * 2**20:
        problems.append(f"RSS grew {mb(last.rss - first.rss)} MB (allowed {rss_mb} MB)")
    opened = [h.fds for h in hours[:max(1, len(hours) // 2)] if h.fds is not None]
    if opened and last.fds is not None and last.fds > max(opened) + FDS_SLACK:
        problems.append(f"open files grew from {max(opened)} to {last.fds}")
    if last.threads > first.threads + 2:
        problems.append(f"threads grew from {first.threads} to {last.threads}")
    crowded = [h for h in hours if (h.children or 0) > MAX_CHILDREN]
    if crowded:
        problems.append(f"{crowded[0].children} child processes at hour {crowded[0].hour:g}")
    if last.zombies:
        problems.append(f"{last.zombies} child processes left unreaped")
    if last.surfaces > 1:
        problems.append(f"{last.surfaces} window surfaces alive")
    before = hours[-2]
    if first.replays and last.replays == before.replays and last.hour - before.hour >= 0.25:
        problems.append(f"no best game's replay shown after hour {before.hour:g}")
    return "; ".join(problems) or None


HEADER = (f"{'hour':>5} {'games':>6} {'replays':>7} {'visits':>6} {'history':>7} "
          f"{'RSS MB':>7} {'procs MB':>8} {'procs':>5} {'fds':>4} {'thr':>3} {'starts':>7} "
          f"{'db KB':>6} {'wal KB':>6} {'queued':>6} {'surf':>4} {'objects':>8}")


def row(h: Hour) -> str:
    na = "n/a"
    procs = na if h.children is None else f"{h.children}{'Z' * (h.zombies or 0)}"
    return (f"{h.hour:>5.1f} {h.games:>6} {h.replays:>7} {h.visitors:>6} {h.recorded:>7} "
            f"{mb(h.rss):>7} {mb(h.child_rss):>8} {procs:>5} {h.fds if h.fds is not None else na:>4} "
            f"{h.threads:>3} {h.starts[0]:>3}/{h.starts[1]:<3} {h.db // 1024:>6} "
            f"{h.wal // 1024:>6} {h.queued:>6} {h.surfaces:>4} {h.objects:>8}")
