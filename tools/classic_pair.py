"""What weighing the classic rule's relocated mine is worth to the computer.

    python tools/classic_pair.py --games 3000 --level beginner

Plays each seed twice under the classic rule (mines laid before the first
click, a mine under it moved to the top-left): ``next_move`` told where the
first click was (``relocated_from``, as the window tells it) and not told
(every layout alike), and counts the games won by only one of the two
(README, "The computer player").
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine import LEVELS, Minefield  # noqa: E402
from game.solver import next_move  # noqa: E402


def play(job: tuple[str, int, bool]) -> bool:
    """Whether the computer wins ``level``'s classic game of ``seed``."""
    level, seed, weigh = job
    size = LEVELS[level]
    field = Minefield(size.width, size.height, size.mines, seed=seed, first_click="classic")
    while field.status in ("ready", "playing"):
        move = next_move(field.view(), size.mines, first_click="classic", flags=False,
                         relocated_from=field.relocated_from if weigh else None)
        if move.kind == "reveal":
            field.reveal(move.x, move.y)
        else:
            field.toggle_flag(move.x, move.y)
    return field.status == "won"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--level", default="beginner", choices=["beginner", "intermediate",
                                                                "expert"])
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    if args.games < 1 or args.jobs < 1:
        parser.error("--games and --jobs must be at least 1")
    seeds = range(args.first_seed, args.first_seed + args.games)
    jobs = [(args.level, s, weigh) for weigh in (True, False) for s in seeds]
    if args.jobs == 1:
        won = list(map(play, jobs))
    else:       # spawned, not forked: a fork copies the caller's threads' locks held
        with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
            won = pool.map(play, jobs)
    weighed, plain = won[:len(seeds)], won[len(seeds):]
    only_weighed = sum(a and not b for a, b in zip(weighed, plain, strict=True))
    only_plain = sum(b and not a for a, b in zip(weighed, plain, strict=True))
    apart = only_weighed + only_plain
    z = (only_weighed - only_plain) / math.sqrt(apart) if apart else 0.0
    print(f"{args.level} classic, seeds {seeds.start}-{seeds.stop - 1}: weighed {sum(weighed)}"
          f" won, plain {sum(plain)}; won only weighed {only_weighed}, only plain {only_plain}"
          f" (sign test z = {z:.2f})")


if __name__ == "__main__":
    main()
