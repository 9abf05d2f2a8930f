"""Soak test: attract mode, headless and unthrottled, for thousands of games.

Kiosk and demo machines are left running for days, playing demo games to
nobody, and between them the replays of the best games visitors played.
What kills such a machine is not one wrong move but a slow leak (a cache
that only grows, a screen or a board kept alive by a stray reference) or a
rare crash that only the thousandth game meets. So this records a few won
games with their replays (``--best``, default 5: a kiosk's records hold best
times, and attract mode then shows their replays every other game), then
plays N games in attract mode (default 2000, the demo games cycling the
levels and shapes at the fastest auto-play pace) and checks that:

* nothing raises, and the demo never stalls (a new game starts in time);
* the engine's invariants hold on the board after every step;
* the records stay untouched: the history holds only the games recorded
  first, the statistics only their wins;
* the best games' replays were shown, when there are some;
* memory stays flat: after a warm-up (caches filled, ``gc.collect()``) the
  memory traced by tracemalloc may grow by at most ``--traced-mb`` by the
  end, and over the second half of the run the resident set
  (``/proc/self/statm``, or psutil, else "n/a") by at most ``--rss-mb`` (the
  allocator's arenas take a couple of hundred games to settle). The slope
  over the last half is printed too, per 1000 games, with the number of live
  Python objects.

Tracing starts at the baseline (unless the caller already traces): the
warm-up runs at full speed, and the traced figure is then what the games
after it keep alive. Tracing slows the solver-heavy demo games about six
times here, which is what sets the pace of this run.

    python tools/soak.py                 # 2000 games, a sample every 100
    python tools/soak.py --games 300 --every 50
    python tools/soak.py --best 0        # demo games only (empty records)

``--hours H`` runs the other soak instead (``soak_hours.py``): a kiosk by
the clock, at the demo's own pace, with the computer and the replay loader
in their processes, visitors now and then, processes killed
(``--kill-every``) and a full disk (``--disk-full``), its figures printed
per simulated hour.

    python tools/soak.py --hours 24 --kill-every 10

Exit status 0 when flat, 1 with a message otherwise.
"""

from __future__ import annotations

import argparse
import gc
import math
import random
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from stress_lib import (  # noqa: E402
    check_app,
    expect,
    mb,
    new_app,
    rss_bytes,
    run_stoppable,
    traced_bytes,
)

from game.engine import Minefield, Status  # noqa: E402
from game.replay import Recorder, encode, replay_of  # noqa: E402
from game.store import GameRecord, Store  # noqa: E402
from game.ui.screens.attract import AttractScreen  # noqa: E402

#: Ticks per ``app.step``: one render per this many ticks keeps drawing in the loop.
STEP_TICKS = 30
#: A demo game that has not ended after this many ticks has stalled.
STALL_TICKS = 60 * 60 * 5
#: The best games recorded before the run: won Beginner games played this
#: fast (ms between moves), so that their replays, shown at the times they
#: were played, take about as long as a fast demo game.
BEST_MOVE_MS = (40, 160)


@dataclass
class Sample:
    games: int
    seconds: float
    rss: int | None
    traced: int
    objects: int


@dataclass
class SoakResult:
    games: int
    seconds: float
    samples: list[Sample] = field(default_factory=list)
    baseline: Sample | None = None
    replays: int = 0                # games that were a best game's replay

    @property
    def end(self) -> Sample:
        return self.samples[-1]

    @property
    def midway(self) -> Sample:
        """The first sample of the second half, where RSS is judged from."""
        return next(s for s in self.samples if s.games >= self.games / 2)

    def growth(self) -> tuple[int | None, int]:
        """Growth in bytes to the end: RSS from :attr:`midway`, traced memory
        from the baseline. The headless run thinks on the spot (SyncWorker:
        the solver's heap is this process's), and the interpreter's arenas
        settle over the first couple of hundred games (13 to 24 of them, RSS
        +15 MB, while the live memory traced stays flat): judged from game
        20, RSS failed every full run of a sound build."""
        start = self.midway
        rss = None if self.end.rss is None or start.rss is None else self.end.rss - start.rss
        return rss, self.end.traced - self.baseline.traced

    def slope(self, attr: str) -> float | None:
        """Least-squares growth in bytes per 1000 games over the last half."""
        pts = [(s.games, getattr(s, attr)) for s in self.samples if s.games >= self.games / 2]
        pts = [(g, v) for g, v in pts if v is not None]
        if len(pts) < 3:
            return None
        mx = sum(g for g, _ in pts) / len(pts)
        my = sum(v for _, v in pts) / len(pts)
        den = sum((g - mx) ** 2 for g, _ in pts)
        return 1000 * sum((g - mx) * (v - my) for g, v in pts) / den if den else None

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0


def record_best_games(store: Store, count: int, seed: int, samples: int = 0) -> None:
    """Record ``count`` won Beginner games with their replays, as a player
    at the window would have: the best times attract mode shows. With
    ``samples``, each replay also holds that many pointer samples (200,000,
    the track's cap, make a 2 MB replay, the biggest a game end writes)."""
    rng = random.Random(seed)
    for _ in range(count):
        field = Minefield(9, 9, 10, seed=rng.randrange(2 ** 31), first_click="opening")
        recorder = Recorder()
        for i in range(samples):
            recorder.point(i * 16, (i % 9, i // 9 % 9), i % 2)
        t_ms = 0
        field.reveal(4, 4)
        recorder.stamp(field.move_count, t_ms)
        while field.status == Status.PLAYING:
            view, mines = field.view(), field.layout()
            x, y = next((x, y) for y, row in enumerate(view) for x, ch in enumerate(row)
                        if ch == "#" and mines[y][x] == ".")
            t_ms += rng.randint(*BEST_MOVE_MS)
            field.reveal(x, y)
            recorder.stamp(field.move_count, t_ms)
        replay = replay_of(field, recorder, result="won", time_ms=t_ms,
                           first_click="opening", level="beginner")
        stats = field.stats(t_ms)
        record = GameRecord(level="beginner", width=9, height=9, mines=10, result="won",
                            time_ms=t_ms, bbbv=stats.bbbv, bbbv_per_s=stats.bbbv_per_second,
                            clicks=stats.clicks.total, efficiency=stats.efficiency,
                            seed=field.seed, first_click="opening", assisted=False)
        store.record_game(record, replay=encode(replay))
    store.flush()


def run_soak(games: int, *, every: int = 100, warmup: int = 20, seed: int = 1,
             best: int = 5, data_dir: str | Path | None = None,
             report=None) -> SoakResult:
    """Record ``best`` won games, then play ``games`` games in attract mode
    (every other one a best game's replay when ``best``); sample memory after
    ``warmup`` games (the baseline) and every ``every`` games.
    ``report(sample)`` is called with each sample as it is taken. Raises on
    any failure."""
    expect(0 < warmup < games, "the warm-up must be shorter than the run")
    started_tracing = []
    try:
        with tempfile.TemporaryDirectory(prefix="minesweeper-soak-") as tmp:
            directory = Path(data_dir or tmp)
            return _soak(games, every, warmup, seed, best, directory, report,
                         started_tracing)
    finally:
        if started_tracing:
            tracemalloc.stop()


def _soak(games: int, every: int, warmup: int, seed: int, best: int, directory: Path, report,
          started_tracing: list) -> SoakResult:
    app = new_app(directory, seed=seed)
    record_best_games(app.store, best, seed)
    expect(len(app.store.best_replays(best)) == best, "the best games' replays were not kept")
    app.attract_options = {"pace": (1, 1), "between": 1}
    app.start_attract()
    screen = app.top
    expect(isinstance(screen, AttractScreen), "attract mode did not start")
    start = time.perf_counter()
    result = SoakResult(games, 0.0)
    done = 0                        # demo games finished
    since = 0                       # ticks since the current game began

    def sample() -> Sample:
        gc.collect()
        if not tracemalloc.is_tracing():
            tracemalloc.start()
            started_tracing.append(True)
        s = Sample(done, time.perf_counter() - start, rss_bytes(), traced_bytes(),
                   len(gc.get_objects()))
        result.samples.append(s)
        if report:
            report(s)
        return s

    while done < games:
        app.step(STEP_TICKS)
        since += STEP_TICKS
        expect(app.top is screen and app.running, f"attract mode left after {done} games")
        expect(app.play.session.demo, "a game in attract mode is not a demo game")
        check_app(app)
        finished = screen.games - 1
        if finished > done:
            since = 0
            result.replays += screen.replay is not None     # the game now begun
            for n in range(done + 1, min(finished, games) + 1):
                done = n
                if n == warmup:
                    result.baseline = sample()
                elif n > warmup and (n % every == 0 or n == games):
                    sample()
        expect(since < STALL_TICKS, f"demo game {screen.games} stalled for {since} ticks:\n"
               + "\n".join(app.play.field.view()))
    result.seconds = time.perf_counter() - start
    expect(app.store.count_games() == best, "demo games reached the history")
    expect([app.store.statistics(level).played for level in ("beginner", "intermediate",
                                                              "expert")] == [best, 0, 0],
           "demo games reached the statistics")
    expect(best == 0 or games < 3 or result.replays > 0, "no best game's replay was shown")
    app.close()
    app.store.close()
    return result


def verdict(result: SoakResult, rss_mb: float, traced_mb: float) -> str | None:
    """None when memory stayed flat, else what grew."""
    rss, traced = result.growth()
    problems = []
    if rss is not None and rss > rss_mb * 2**20:
        problems.append(f"RSS grew {mb(rss)} MB (allowed {rss_mb} MB)")
    if traced > traced_mb * 2**20:
        problems.append(f"traced memory grew {mb(traced)} MB (allowed {traced_mb} MB)")
    return "; ".join(problems) or None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=at_least(1, int), default=2000)
    parser.add_argument("--every", type=at_least(1, int), default=100, help="sample memory every K games")
    parser.add_argument("--warmup", type=at_least(1, int), default=20, help="games before the baseline")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--best", type=at_least(0, int), default=5,
                        help="won games recorded first, whose replays attract mode shows")
    parser.add_argument("--rss-mb", type=at_least(0, float), default=10.0,
                        help="RSS growth allowed over the second half")
    parser.add_argument("--traced-mb", type=at_least(0, float), default=2.0, help="traced growth allowed")
    hours = parser.add_argument_group("by the clock (--hours)")
    hours.add_argument("--hours", type=above_zero, help="simulated hours of a kiosk instead of games")
    hours.add_argument("--visit-every", type=at_least(0, float), default=20.0, metavar="MINUTES",
                       help="a visitor plays every MINUTES simulated minutes (0: nobody)")
    hours.add_argument("--kill-every", type=at_least(0, float), default=0.0, metavar="MINUTES",
                       help="end the computer's process every MINUTES (the loader's every third)")
    hours.add_argument("--disk-full", type=hour_span, metavar="FROM-TO",
                       help="fill the --data-dir's (small) file system from hour FROM to TO")
    hours.add_argument("--data-dir", type=Path, help="where the records go (default: a temporary one)")
    hours.add_argument("--sample-every", type=above_zero, default=60.0, metavar="MINUTES",
                       help="print the figures every MINUTES simulated minutes")
    hours.add_argument("--demo", action="store_true",
                       help="a --demo machine: windowed, resized for most demo boards")
    hours.add_argument("--sync", action="store_true",
                       help="the computer thinks on the spot, without processes")
    args = parser.parse_args(argv)
    if args.hours is None and args.warmup >= args.games:
        parser.error(f"--warmup {args.warmup} must be fewer games than --games {args.games}")
    return run_stoppable("soak", lambda: _run(args))


def _run(args: argparse.Namespace) -> int:
    """The run the options ask for: by the clock, or a count of games."""
    if args.hours is not None:
        return main_hours(args)
    print(f"soak: {args.games} games in attract mode, {args.best} best games, "
          f"seed {args.seed}, warm-up {args.warmup}")
    print(f"{'games':>7} {'seconds':>9} {'RSS MB':>9} {'traced MB':>10} {'objects':>9}",
          flush=True)
    report = lambda s: print(f"{s.games:>7} {s.seconds:>9.1f} {mb(s.rss):>9} "  # noqa: E731
                             f"{mb(s.traced):>10} {s.objects:>9}", flush=True)
    try:
        result = run_soak(args.games, every=args.every, warmup=args.warmup, seed=args.seed,
                          best=args.best, report=report)
    except Exception:
        print(f"FAILED (seed {args.seed})", flush=True)
        raise
    rss, traced = result.growth()
    print(f"{result.games} games ({result.replays} best games' replays) in "
          f"{result.seconds:.1f} s: {result.games_per_second:.2f} games/s")
    print(f"growth: RSS {mb(rss)} MB from game {result.midway.games}, traced {mb(traced)} MB "
          f"and {result.end.objects - result.baseline.objects:+d} objects from game "
          f"{result.baseline.games}")
    slopes = [(name, result.slope(attr)) for name, attr in (("RSS", "rss"), ("traced", "traced"))]
    print("slope over the last half: " + ", ".join(
        f"{name} {mb(int(s)) if s is not None else 'n/a'} MB per 1000 games"
        for name, s in slopes))
    problem = verdict(result, args.rss_mb, args.traced_mb)
    if problem:
        print(f"NOT FLAT: {problem} (seed {args.seed})")
        return 1
    print("flat: records untouched, invariants held, memory within tolerance")
    return 0


def at_least(least: int, kind: type[int] | type[float]) -> Callable[[str], float]:
    """An argparse type: a finite number of ``kind``, ``least`` or more (a
    count of 0 games, a sample every 0 games or a negative pace failed
    with a traceback far into the run, or ran and said "flat")."""
    def number(text: str) -> float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
        if not math.isfinite(value) or value < least:
            raise argparse.ArgumentTypeError(f"{text!r}: must be {least} or more")
        return value
    return number


def above_zero(text: str) -> float:
    """An argparse type: a finite number of hours or minutes above 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"{text!r}: must be more than 0")
    return value


def hour_span(text: str) -> tuple[float, float]:
    """``FROM-TO`` in hours, FROM before TO."""
    try:
        start, end = (float(part) for part in text.split("-"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not FROM-TO in hours (e.g. 1-2.5)") from None
    if not 0 <= start < end:
        raise argparse.ArgumentTypeError(f"{text!r}: FROM must come before TO")
    return start, end


def main_hours(args: argparse.Namespace) -> int:
    import soak_hours
    if args.disk_full:
        refused = ("--disk-full needs a --data-dir on a small file system" if args.data_dir is None
                   else soak_hours.ballast_refused(args.data_dir))
        if refused:
            print(f"soak.py: error: {refused}", file=sys.stderr)
            return 2
    print(f"soak: a {'--demo machine' if args.demo else 'kiosk'} for {args.hours:g} simulated "
          f"hours, a visitor every "
          f"{args.visit_every:g} min, processes killed every {args.kill_every or '-'} min, "
          f"disk full {args.disk_full or '-'}, seed {args.seed}")
    print(soak_hours.HEADER, flush=True)
    report = lambda h: print(soak_hours.row(h), flush=True)  # noqa: E731
    try:
        result = soak_hours.run_hours(
            args.hours, data_dir=args.data_dir, seed=args.seed, processes=not args.sync,
            demo=args.demo,
            visit_minutes=args.visit_every, kill_minutes=args.kill_every,
            disk_full=args.disk_full, every=args.sample_every / 60, report=report)
    except Exception:
        print(f"FAILED (seed {args.seed})", flush=True)
        raise
    print(f"{args.hours:g} simulated hours in {result.seconds:.1f} s; {result.kills} "
          f"processes killed; {result.visitor_games} visitors' games, all in the records")
    problem = soak_hours.verdict(result, rss_mb=args.rss_mb)
    if problem:
        print(f"NOT FLAT: {problem} (seed {args.seed})")
        return 1
    print("flat: memory, files, threads and processes as they were after the first hour")
    return 0


if __name__ == "__main__":
    sys.exit(main())
