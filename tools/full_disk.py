"""Two copies of the game winning on one nearly full small disk: how many of
their wins reach the records, with room made while they run or after.

    mount -t tmpfs -o size=300k tmpfs /mnt/tiny    # as root; any small disk will do
    python tools/full_disk.py /mnt/tiny            # room made while the copies run
    python tools/full_disk.py /mnt/tiny --late     # room made after they closed
    python tools/full_disk.py /mnt/small --late --fill-later   # a disk filled as they play
    python tools/full_disk.py /mnt/tiny --late --reset         # a reset asked for as they close

A filler file leaves ``--free`` KB of the disk free; each copy (a process with
its own Store, as a window's) keeps each game in progress and records its win
with a replay, ``--wins`` times, one every ``--pace`` seconds. Then the filler
is deleted and, ``--wait`` seconds later, the copies close (or, ``--late``,
they close first). With ``--fill-later`` the filler is written only once both
copies have kept their first game: on a disk that had room (more than 8 MB:
mount a larger one) as they started, as when another program fills it while
the game runs. With ``--reset`` the first copy zeroes the statistics as it
is told to close (the disk still full with ``--late``): its own wins are
no longer counted at the next start, if that reset was kept, nor copy 1's,
all played before it. Everything it
makes on the disk is removed at the end.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.store import GameRecord, Store  # noqa: E402

#: About a Beginner game's replay.
REPLAY = '{"moves": "' + "r" * 2_000 + '"}'
#: Seeds of copy N start at N times this: the records say whose win each is.
SEEDS = 1_000_000


def won(copy: int, n: int) -> GameRecord:
    return GameRecord(level="beginner", width=9, height=9, mines=10, result="won",
                      time_ms=5_000 + n, bbbv=10, bbbv_per_s=2.0, clicks=12, efficiency=0.8,
                      seed=copy * SEEDS + n, first_click="opening", assisted=False)


def play(folder: Path, copy: int, wins: int, pace: float, fill_later: bool,
         reset: bool) -> None:
    """One copy: its wins (with ``fill_later``, waiting after keeping the
    first to be told the disk is filled), then (told on stdin) its close;
    what it was told, on stdout."""
    store = Store(folder)
    for n in range(wins):
        store.hold_unfinished(won(copy, n))
        if fill_later and n == 0:
            print("held", flush=True)
            sys.stdin.readline()
        time.sleep(pace)
        store.record_game(won(copy, n), replay=REPLAY)
    print("played", flush=True)
    sys.stdin.readline()
    if reset:
        store.reset_statistics()
    store.close()
    print(json.dumps({"told": store.take_notices(), "at close": store.unsaved}), flush=True)


def measure(mount: Path, options: argparse.Namespace) -> None:
    folder, filler = mount / f"minesweeper-{os.getpid()}", mount / f"filler-{os.getpid()}"
    folder.mkdir()
    try:
        Store(folder).close()                             # records.db, as a first start makes it
        if not options.fill_later:
            fill(filler, mount, options.free)
        copies = [subprocess.Popen([sys.executable, __file__, "--copy", str(n), str(folder),
                                    "--wins", str(options.wins), "--pace", str(options.pace),
                                    *(["--fill-later"] if options.fill_later else []),
                                    *(["--reset"] if options.reset and n == 0 else [])],
                                   stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
                  for n in range(2)]
        if options.fill_later:
            for copy in copies:
                assert copy.stdout is not None and copy.stdout.readline() == "held\n"
            fill(filler, mount, options.free)
            for copy in copies:
                assert copy.stdin is not None
                copy.stdin.write("\n")
                copy.stdin.flush()
        for copy in copies:
            assert copy.stdout is not None and copy.stdout.readline() == "played\n"
        if not options.late:
            filler.unlink()
            time.sleep(options.wait)
        said = [json.loads(copy.communicate("\n", timeout=120)[0]) for copy in copies]
        filler.unlink(missing_ok=True)
        store = Store(folder)
        games = store.history(limit=10 * options.wins)
        counted = store.statistics("beginner").played
        store.close()
        for n, told in enumerate(said):
            mine = [game.result for game in games if (game.seed or 0) // SEEDS == n]
            print(f"copy {n}: won {options.wins}, recorded {mine.count('won')} "
                  f"(and {mine.count('abandoned')} abandoned); told {len(told['told'])} "
                  f"notice(s); at close: {told['at close']}")
        print(f"both: won {2 * options.wins}, recorded "
              f"{sum(game.result == 'won' for game in games)}")
        if options.reset:
            recorded = sum(game.result == "won" for game in games)
            print(f"statistics: {counted} of the {recorded} wins recorded counted: the reset "
                  f"as copy 0 closed {'kept' if counted < recorded else 'lost'}")
    finally:
        filler.unlink(missing_ok=True)
        shutil.rmtree(folder, ignore_errors=True)


def fill(filler: Path, mount: Path, free_kb: int) -> None:
    """Write ``filler``, leaving ``free_kb`` KB of ``mount`` free."""
    filler.write_bytes(bytes(max(0, shutil.disk_usage(mount).free - free_kb * 1024)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mount", type=Path, help="a folder on a small disk")
    parser.add_argument("--free", type=int, default=120, help="KB left free (120)")
    parser.add_argument("--wins", type=int, default=20, help="wins per copy (20)")
    parser.add_argument("--pace", type=float, default=0.3, help="seconds a game (0.3)")
    parser.add_argument("--wait", type=float, default=6.0,
                        help="seconds the copies run on once room is made (6)")
    parser.add_argument("--late", action="store_true", help="room made after they close")
    parser.add_argument("--fill-later", action="store_true",
                        help="fill the disk once both copies kept their first game")
    parser.add_argument("--reset", action="store_true",
                        help="the first copy zeroes the statistics as it closes")
    parser.add_argument("--copy", type=int, help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.copy is not None:
        play(options.mount, options.copy, options.wins, options.pace, options.fill_later,
             options.reset)
    else:
        measure(options.mount, options)


if __name__ == "__main__":
    main()
