"""How well and how fast the computer player plays (docs/rules.md, "The computer player").

    python tools/solver_bench.py --games 1000 --levels beginner,intermediate,expert \\
        --rules safe,opening --jobs 2

Plays seeded games (seeds ``--first-seed`` onwards, the same seeds for every
rule) through the engine, one ``next_move`` per move, and prints the win rate
with its 95 % Wilson interval beside the best published rate, and the time per
move (median and 99th percentile, measured inside the worker processes).

To try a change to the player's weights, ``--set MODULE.NAME=VALUE``
(repeatable) overrides a numeric constant of a ``game.solver`` module, and
``--pair`` plays every seed both as the player is and with the overrides, then
counts the games won by only one of the two: on the same boards most games end
alike, so those few games, not two win rates, tell a change from noise (sign
test; |z| under 2 is noise). The look-ahead's time budget makes even two
identical players differ in a handful of Expert games per thousand.

    python tools/solver_bench.py --games 2000 --levels expert --rules safe \\
        --set guess.PROGRESS_BONUS=0.15 --pair
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import importlib
import math
import multiprocessing
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine import LEVELS, Minefield  # noqa: E402
from game.solver import next_move  # noqa: E402

#: Best published win rates (David Hill's JSMinesweeper / Minesweeper solver):
#: "safe" is a safe first click in a corner, "opening" a first click that
#: always opens an area.
PUBLISHED = {
    ("beginner", "safe"): 0.917, ("intermediate", "safe"): 0.782, ("expert", "safe"): 0.408,
    ("beginner", "opening"): 0.972, ("intermediate", "opening"): 0.891,
    ("expert", "opening"): 0.543,
}


class Result(NamedTuple):
    """One game played. CPU time (``time.thread_time``) is what a move cost;
    on a shared machine wall time is mostly scheduling noise."""

    level: str
    rule: str
    won: bool
    times: list[float]      # wall seconds per move
    guesses: int
    cpu: list[float]        # CPU seconds per move
    moves: str              # digest of the moves made: equal digests, same game


#: One constant overridden: (module under game.solver, name, value).
Override = tuple[str, str, object]

#: (level, rule, seed, overrides, also play it as the player is).
Job = tuple[str, str, int, tuple[Override, ...], bool]


def tunables(module: ModuleType) -> dict[str, object]:
    """The constants of a solver module that ``--set`` may change: public,
    upper-case, numbers or booleans."""
    return {name: value for name, value in vars(module).items()
            if name.isupper() and not name.startswith("_")
            and isinstance(value, (bool, int, float))}


def parse_override(text: str) -> Override:
    """``MODULE.NAME=VALUE`` checked against the constant it replaces; raises
    ValueError with a message for the player of the benchmark."""
    target, equals, literal = text.partition("=")
    module_name, dot, name = target.strip().rpartition(".")
    if not equals or not dot or not module_name.isidentifier() or not name:
        raise ValueError(f"--set wants MODULE.NAME=VALUE (e.g. guess.MARGIN=0.8), not {text!r}")
    try:
        module = importlib.import_module(f"game.solver.{module_name}")
    except ImportError:
        raise ValueError(f"no solver module {module_name!r} (game/solver/{module_name}.py)") from None
    known = tunables(module)
    if name not in known:
        raise ValueError(f"{module_name} has no numeric constant {name!r}:"
                         f" choose from {', '.join(sorted(known)) or 'none'}")
    current = known[name]
    try:
        value = ast.literal_eval(literal.strip())
    except (ValueError, SyntaxError):
        value = None
    if not _same_kind(current, value):
        kind = ("True or False" if isinstance(current, bool) else
                "a whole number" if isinstance(current, int) else "a number")
        raise ValueError(f"{module_name}.{name} is {kind}, and {literal.strip()!r} is not")
    return module_name, name, float(value) if isinstance(current, float) else value


def _same_kind(current: object, value: object) -> bool:
    """Whether ``value`` may replace ``current``: a boolean for a boolean, a
    whole number for a whole number, any number for a float."""
    if isinstance(current, bool) or isinstance(value, bool):
        return isinstance(current, bool) and isinstance(value, bool)
    if isinstance(current, int):
        return isinstance(value, int)
    return isinstance(value, (int, float))


@contextmanager
def tuned(overrides: Sequence[Override]) -> Iterator[None]:
    """The solver with ``overrides`` applied, put back as it was on the way out."""
    saved = []
    try:
        for module_name, name, value in overrides:
            module = importlib.import_module(f"game.solver.{module_name}")
            saved.append((module, name, getattr(module, name)))
            setattr(module, name, value)
        yield
    finally:
        for module, name, value in reversed(saved):
            setattr(module, name, value)


def play(job: Job) -> list[Result]:
    """Play one seed with the overrides, and first as the player is when the
    job says so (``--pair``)."""
    level, rule, seed, overrides, also_plain = job
    plain = [play_one(level, rule, seed)] if also_plain else []
    with tuned(overrides):
        return [*plain, play_one(level, rule, seed)]


def play_one(level: str, rule: str, seed: int) -> Result:
    """Play one game to its end, one ``next_move`` per move."""
    size = LEVELS[level]
    field = Minefield(size.width, size.height, size.mines, seed=seed, first_click=rule)
    times: list[float] = []
    cpu: list[float] = []
    guesses = 0
    moves = hashlib.sha1()
    while field.status in ("ready", "playing"):
        view = field.view()
        start, start_cpu = time.perf_counter(), time.thread_time()
        move = next_move(view, size.mines, first_click=rule, flags=False)
        times.append(time.perf_counter() - start)
        cpu.append(time.thread_time() - start_cpu)
        guesses += not move.certain
        moves.update(f"{move.kind} {move.x} {move.y};".encode())
        if move.kind == "reveal":
            field.reveal(move.x, move.y)
        else:
            field.toggle_flag(move.x, move.y)
    return Result(level, rule, field.status == "won", times, guesses, cpu, moves.hexdigest())


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def report(results: list[Result], levels: list[str], rules: list[str]) -> None:
    print(f"{'level':<13}{'rule':<9}{'games':>6}{'won':>6}{'win rate':>10}"
          f"{'95% CI':>17}{'published':>11}{'guesses/game':>14}"
          f"{'move median':>13}{'move p99':>10}{'CPU median':>12}{'CPU p99':>10}")
    for level in levels:
        for rule in rules:
            mine = [r for r in results if r.level == level and r.rule == rule]
            if not mine:
                continue
            wins = sum(r.won for r in mine)
            lo, hi = wilson(wins, len(mine))
            times = sorted(t for r in mine for t in r.times)
            p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
            cpu = sorted(t for r in mine for t in r.cpu)
            cpu99 = cpu[min(len(cpu) - 1, int(len(cpu) * 0.99))]
            guesses = statistics.mean(r.guesses for r in mine)
            print(f"{level:<13}{rule:<9}{len(mine):>6}{wins:>6}{wins / len(mine):>10.1%}"
                  f"{f'{lo:.1%} - {hi:.1%}':>17}{PUBLISHED[(level, rule)]:>11.1%}"
                  f"{guesses:>14.2f}{statistics.median(times) * 1000:>10.2f} ms"
                  f"{p99 * 1000:>7.1f} ms{statistics.median(cpu) * 1000:>9.2f} ms"
                  f"{cpu99 * 1000:>7.1f} ms")


class Pairing(NamedTuple):
    """The same seeds played as the player is and with the overrides."""

    games: int
    plain_wins: int
    tuned_wins: int
    played_differently: int     # games whose moves were not all the same
    only_plain: int             # games won as the player is, lost with the overrides
    only_tuned: int             # games won only with the overrides

    @property
    def z(self) -> float:
        """Sign test over the games won by only one of the two (0 when none)."""
        split = self.only_plain + self.only_tuned
        return (self.only_tuned - self.only_plain) / math.sqrt(split) if split else 0.0


def pair(results: Sequence[list[Result]]) -> Pairing:
    """Compare each seed's two games (as the player is, then tuned)."""
    plain, tuned_ = [r[0] for r in results], [r[1] for r in results]
    return Pairing(len(results), sum(r.won for r in plain), sum(r.won for r in tuned_),
                   sum(a.moves != b.moves for a, b in zip(plain, tuned_, strict=True)),
                   sum(a.won and not b.won for a, b in zip(plain, tuned_, strict=True)),
                   sum(b.won and not a.won for a, b in zip(plain, tuned_, strict=True)))


def report_pairs(results: list[list[Result]], levels: list[str], rules: list[str]) -> None:
    print(f"{'level':<13}{'rule':<9}{'games':>6}{'won as is':>11}{'won tuned':>11}"
          f"{'played apart':>14}{'won only as is':>16}{'won only tuned':>16}{'sign z':>8}")
    for level in levels:
        for rule in rules:
            mine = [r for r in results if r[0].level == level and r[0].rule == rule]
            if not mine:
                continue
            p = pair(mine)
            print(f"{level:<13}{rule:<9}{p.games:>6}{p.plain_wins:>11}{p.tuned_wins:>11}"
                  f"{p.played_differently:>14}{p.only_plain:>16}{p.only_tuned:>16}{p.z:>8.2f}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per level and rule")
    parser.add_argument("--levels", default="beginner,intermediate,expert")
    parser.add_argument("--rules", default="safe,opening")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--set", action="append", default=[], metavar="MODULE.NAME=VALUE",
                        help="override a numeric constant of a game.solver module"
                             " (repeatable), e.g. guess.MARGIN=0.8")
    parser.add_argument("--pair", action="store_true",
                        help="play each seed as the player is and with the --set overrides,"
                             " and count the games won by only one of the two")
    args = parser.parse_args(argv)
    levels = args.levels.split(",")
    rules = args.rules.split(",")
    for level in levels:
        if level not in LEVELS:
            parser.error(f"unknown level {level!r}: choose from {', '.join(LEVELS)}")
    for rule in rules:
        if (levels[0], rule) not in PUBLISHED:
            parser.error(f"unknown rule {rule!r}: choose from safe, opening")
    if args.games < 1 or args.jobs < 1:
        parser.error("--games and --jobs must be at least 1")
    try:
        overrides = tuple(parse_override(text) for text in args.set)
    except ValueError as error:
        parser.error(str(error))
    if args.pair and not overrides:
        parser.error("--pair compares with --set overrides: give at least one")
    jobs: list[Job] = [(level, rule, seed, overrides, args.pair)
                       for level in levels for rule in rules
                       for seed in range(args.first_seed, args.first_seed + args.games)]
    start = time.perf_counter()
    # Spawned, not forked: a fork copies the locks other threads of the
    # caller hold (a test run has store writers and workers about), and one
    # held at that instant hung a worker for good.
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        results = list(pool.imap_unordered(play, jobs, chunksize=4))
    changed = " ".join(f"{m}.{n}={v!r}" for m, n, v in overrides)
    if args.pair:
        print("as the player is:")
        report([r[0] for r in results], levels, rules)
        print(f"tuned ({changed}):")
    elif overrides:
        print(f"tuned ({changed}):")
    report([r[-1] for r in results], levels, rules)
    if args.pair:
        report_pairs(results, levels, rules)
    played = len(jobs) * (2 if args.pair else 1)
    print(f"({played} games in {time.perf_counter() - start:.0f} s with {args.jobs} jobs;"
          f" seeds {args.first_seed}-{args.first_seed + args.games - 1})")


if __name__ == "__main__":
    main()
