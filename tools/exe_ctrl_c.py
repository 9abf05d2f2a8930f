"""Ctrl+C at every moment of the executable's start: what each start printed.

    python tools/exe_ctrl_c.py                    # dist/minesweeper, 200 starts
    python tools/exe_ctrl_c.py --starts 400 --exe path/to/minesweeper

Each start is sent SIGINT to its whole process group, as a terminal's Ctrl+C
is (the one-file launcher and the game both get it), a little later each
time: from ``--from`` seconds after the start, in 40 steps of ``--step``.
Prints how many starts ended with each exit status, quietly or with
something on stderr (a traceback, PyInstaller's "Failed to execute
script"), and the first such message for each status. Exits 1 if any start
printed anything.
"""

from __future__ import annotations

import argparse
import collections
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STEPS = 40


def _as_from_a_terminal() -> None:
    """In the start's process before it runs: Ctrl+C as a terminal leaves
    it. This tool run in the background of a shell (``&``) has it ignored,
    and each start would inherit that: the game ignored it until its own
    handlers came, and every earlier Ctrl+C seemed lost."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start_and_interrupt(exe: Path, delay: float, data_dir: str) -> tuple[int, str]:
    """One start cut short ``delay`` seconds in: its exit status and stderr."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    run = subprocess.Popen([str(exe), "--data-dir", data_dir], stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, env=env, start_new_session=True,
                           preexec_fn=_as_from_a_terminal)
    time.sleep(delay)
    os.killpg(run.pid, signal.SIGINT)
    try:
        _, err = run.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(run.pid, signal.SIGKILL)
        _, err = run.communicate()
    return run.returncode, err.decode(errors="replace")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--exe", type=Path, default=ROOT / "dist" / "minesweeper")
    parser.add_argument("--starts", type=int, default=200)
    parser.add_argument("--from", dest="first", type=float, default=0.2, metavar="SECONDS")
    parser.add_argument("--step", type=float, default=0.025, metavar="SECONDS")
    args = parser.parse_args(argv)
    if not args.exe.is_file():
        parser.error(f"no executable at {args.exe} (build it: python tools/build_exe.py)")
    if args.starts < 1:
        parser.error("--starts must be at least 1")
    if args.first < 0 or args.step < 0:
        parser.error(f"{'--from' if args.first < 0 else '--step'} must not be negative")
    outcomes: collections.Counter[tuple[int, bool]] = collections.Counter()
    first: dict[tuple[int, bool], tuple[float, str]] = {}
    with tempfile.TemporaryDirectory(prefix="minesweeper-ctrl-c-") as scratch:
        for n in range(args.starts):
            delay = args.first + (n % STEPS) * args.step
            status, err = start_and_interrupt(args.exe, delay, os.path.join(scratch, str(n)))
            kind = (status, bool(err.strip()))
            outcomes[kind] += 1
            if kind[1]:
                first.setdefault(kind, (delay, err))
    for (status, said), count in sorted(outcomes.items()):
        print(f"exit {status:>4}, {'said something' if said else 'nothing on stderr':<17} "
              f"{count:>5} starts")
    for (status, _), (delay, err) in first.items():
        print(f"\nfirst message with exit {status}, Ctrl+C at {delay:.3f} s:\n{err.rstrip()}")
    return 1 if first else 0


if __name__ == "__main__":
    sys.exit(main())
