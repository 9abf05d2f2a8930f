"""What the store's JSON readers cost on crafted files: peak memory and time.

    python tools/hostile_json.py                 # every file, each read once
    python tools/hostile_json.py --only leftover --mb 16

Each file is written to a temporary folder as large as its reader takes it
(the side file of unsaved results 64 MB, ``--mb`` to change; settings.json
and the old JSON records 8 MB; a replay 4 MB), then read by a process of its
own, which reports its peak resident memory (``ru_maxrss``) and the time the
read took. "before" is the memory that process held once the game's modules
were imported, before the read. The files are made by another process: the
peak a process started by a large one reports would be its parent's.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from itertools import count, islice
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

MB = 1024 * 1024
#: The side file's owner handle.
OWNER = "a" * 32
#: About a Beginner game's replay.
REPLAY = '{"moves": "' + "r" * 2_000 + '"}'


def repeated(head: bytes, unit: bytes, tail: bytes, size: int) -> bytes:
    """``head``, ``unit`` as many times as fit in ``size`` bytes, ``tail``."""
    return head + unit * ((size - len(head) - len(tail)) // len(unit)) + tail


def leftover_files(size: int) -> Iterator[tuple[str, bytes]]:
    from game.store import GameRecord, leftover_steps
    head = b'{"schema": 1, "owner": "%s", "steps": [' % OWNER.encode()
    yield "[], repeated", repeated(head, b"[], ", b"[]]}", size)
    yield "0, repeated", repeated(head, b"0, ", b"0]}", size)
    yield '{"a": nested', repeated(head, b'{"a": ', b"]}", size)
    yield "one long string", repeated(head + b'{"name": "', b"x", b'"}]}', size)
    yield "long string of emoji", repeated(head + b'{"name": "', "\U0001F600".encode(),
                                           b'"}]}', size)
    yield "replay of emoji", repeated(head + b'{"record": {}, "replay": "',
                                      "\U0001F600".encode(), b'"}]}', size)
    yield "replay of \\u0001", repeated(head + b'{"record": {}, "replay": "', b"\\u0001",
                                       b'"}]}', size)
    token = b"0" * 32
    yield "named steps repeated", repeated(
        head, b'{"name": "Ada", "token": "%s"}, ' % token,
        b'{"name": "Ada", "token": "%s"}]}' % token, size)
    game = GameRecord(date="2026-11-22T15:30:00", level="beginner", width=9, height=9,
                      mines=10, result="won", time_ms=10_000, bbbv=20, bbbv_per_s=2.0,
                      clicks=30, efficiency=0.66, seed=1, first_click="opening", assisted=False)
    for name, replay in (("games with replays", REPLAY), ("games without replays", None)):
        one = len(leftover_steps.document(OWNER, [leftover_steps.Recorded(game, None, replay)], None)[0])
        many = size // (one - len(head)) - 1
        steps = [leftover_steps.Recorded(game, None, replay)] * many
        yield f"{name}, as the game writes them", leftover_steps.document(OWNER, steps, None)[0]


def json_files(size: int) -> Iterator[tuple[str, bytes]]:
    yield "[], repeated", repeated(b'{"schema": 1, "games": [', b"[], ", b"[]]}", size)
    yield "0, repeated", repeated(b'{"schema": 1, "games": [', b"0, ", b"0]}", size)
    yield "one long string", repeated(b'{"schema": 1, "x": "', b"x", b'"}', size)
    yield "long string of emoji", repeated(b'{"schema": 1, "x": "', "\U0001F600".encode(),
                                           b'"}', size)
    yield '{"a": short objects', repeated(b'{"schema": 1, "x": [', b'{"a": 0}, ', b"0]}", size)


def read_leftover(folder: Path) -> str:
    from datetime import datetime

    from game.store import leftover
    from game.store.notices import Notices
    found = leftover.read(folder, OWNER, tell=Notices(), now=datetime(2026, 11, 22))
    return "set aside" if found is None else f"{len(found[0].steps)} steps"


def read_settings(folder: Path) -> str:
    from datetime import datetime

    from game.store import settings_file
    from game.store.document import JsonFile
    from game.store.notices import Notices
    loaded = JsonFile(folder, settings_file.NAME, settings_file.SCHEMA, "settings",
                      tell=Notices(), now=lambda: datetime(2026, 11, 22)).load()
    return "set aside" if loaded is None else "read"


def read_continued(folder: Path) -> str:
    from game.store import continued
    return "refused" if continued.read_document(folder / "settings.json") is None else "read"


def read_replay(folder: Path) -> str:
    from game.replay import ReplayError, read_file
    try:
        read_file(folder / "settings.json")
    except ReplayError:
        return "refused"
    return "read"


#: Each reader: the files it is measured on, the file's name, the reader.
READERS: dict[str, tuple[Callable[[int], Iterator[tuple[str, bytes]]], int, str,
                         Callable[[Path], str]]] = {
    "leftover": (leftover_files, 64, f"unfinished-{OWNER}.games", read_leftover),
    "settings": (json_files, 8, "settings.json", read_settings),
    "continued": (json_files, 8, "settings.json", read_continued),
    "replay": (json_files, 4, "settings.json", read_replay),
}


def child(reader: str, folder: Path) -> None:
    """Read the file in ``folder`` as ``reader`` does; print what it cost."""
    import resource
    read = READERS[reader][3]
    read(Path(tempfile.mkdtemp()))                       # its modules imported
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.perf_counter()
    outcome = read(folder)
    took = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"outcome": outcome, "seconds": took, "before": before // 1024,
                      "peak": peak // 1024}))


def make(reader: str, index: int, folder: Path) -> None:
    """Write ``reader``'s ``index``-th file into ``folder``; print its kind
    (nothing when there are no more)."""
    files, cap, name, _read = READERS[reader]
    for kind, data in islice(files(int(os.environ.get("HOSTILE_MB") or cap) * MB), index, None):
        Path(folder, name).write_bytes(data)
        print(kind)
        return


def _megabytes(text: str) -> int:
    """``--mb``: a whole number of megabytes, 1 or more (0 read every cap, -3
    wrote empty files and reported them)."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number 1 or more, not {text!r}")
    return value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=sorted(READERS), help="one reader only")
    parser.add_argument("--mb", type=_megabytes,
                        help="the files' size in MB (each reader's cap)")
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    parser.add_argument("--make", nargs=3, help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.child:
        child(options.child[0], Path(options.child[1]))
        return
    if options.make:
        make(options.make[0], int(options.make[1]), Path(options.make[2]))
        return
    if options.mb:
        os.environ["HOSTILE_MB"] = str(options.mb)
    print(f"{'reader':10} {'file':50} {'MB':>3} {'before':>7} {'peak':>7} {'s':>6}  outcome")
    for reader, (_files, cap, _name, _read) in READERS.items():
        if options.only and reader != options.only:
            continue
        for index in count():
            with tempfile.TemporaryDirectory() as folder:
                kind = run("--make", reader, str(index), folder).strip()
                if not kind:
                    break
                found = json.loads(run("--child", reader, folder))
            print(f"{reader:10} {kind:50} {(options.mb or cap):3} {found['before']:6}M "
                  f"{found['peak']:6}M {found['seconds']:6.2f}  {found['outcome']}", flush=True)


def run(*arguments: str) -> str:
    return subprocess.run([sys.executable, __file__, *arguments],
                          check=True, capture_output=True, text=True).stdout


if __name__ == "__main__":
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    main()
