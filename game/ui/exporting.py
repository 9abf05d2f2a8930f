"""Replays saved to files away from the window.

Exporting an hour-long game's replay (200,000 pointer samples, 2 MB of
JSON) took 117 ms on the UI thread: the text is made and written on a
thread of its own instead, which gives the interpreter back between pieces
(``encode_giving_way``, which the store's writer uses too), and the file is
written atomically (a crash or a full disk leaves no half file under the
replay's name). The window hears how it went at its next tick (``update``)
and tells the player. Headless tests write at once, as before; leaving the
game finishes a write under way rather than dropping it.
"""

from __future__ import annotations

import errno
import itertools
import os
import threading
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from game.replay import encode_pieces
from game.store.atomic import write_new

if TYPE_CHECKING:
    from game.replay import Replay

Saved = Callable[[Path], None]
#: Told why a replay could not be written: an OSError (full disk, no right),
#: or any other error, which must reach the player rather than end the thread
#: (or the app, when the write is at once) with the file left pending.
Failed = Callable[[Exception], None]


class ReplayExporter:
    """Writes replays to files: on threads of its own (``background``), or at
    once. ``saved(path)`` or ``failed(error)`` runs on the window's thread."""

    def __init__(self, background: bool) -> None:
        self.background = background
        self._lock = threading.Lock()
        self._threads: list[threading.Thread] = []
        self._news: list[Callable[[], None]] = []
        self._pending: set[Path] = set()

    @property
    def pending(self) -> frozenset[Path]:
        """Files being written: not yet on disk, but taken."""
        with self._lock:
            return frozenset(self._pending)

    def save(self, path: Path, replay: Replay, saved: Saved, failed: Failed) -> None:
        """Write ``replay`` at ``path`` (its folder made if need be, but not the
        folders above it: a name that leads elsewhere fails to be written)."""
        if not self.background:
            _write(path, replay, saved, failed, lambda news: news())
            return
        with self._lock:
            self._pending.add(path)
        thread = threading.Thread(target=_write, name="replay-export",
                                  args=(path, replay, saved, failed, self._report(path)))
        self._threads.append(thread)
        thread.start()

    def _report(self, path: Path) -> Callable[[Callable[[], None]], None]:
        """What the thread writing ``path`` calls when it is done: the news
        waits for the window's next tick."""
        def report(news: Callable[[], None]) -> None:
            with self._lock:
                self._pending.discard(path)
                self._news.append(news)
        return report

    def update(self) -> None:
        """One tick (the app calls this every tick): tell what was written."""
        with self._lock:
            news, self._news = self._news, []
        self._threads = [t for t in self._threads if t.is_alive()]
        for told in news:
            told()

    def close(self) -> None:
        """Finish the writes under way (a replay being saved is not dropped
        because the player left)."""
        for thread in self._threads:
            thread.join()
        self._threads.clear()


def _write(path: Path, replay: Replay, saved: Saved, failed: Failed,
           report: Callable[[Callable[[], None]], None]) -> None:
    """Write the file as a new one: a name taken since it was chosen (another
    copy of the game exporting the same minute) moves on to the next one;
    the write used to replace the other copy's replay."""
    try:
        _make_folder(path.parent)
        data = encode_giving_way(replay).encode("utf-8")
        for n in itertools.count(2):
            try:
                write_new(path, data)
                break
            except FileExistsError:
                path = numbered(path, n)
    except Exception as e:  # noqa: BLE001 - any failure is told, see Failed
        report(partial(failed, e))
    else:
        report(partial(saved, path))


def _make_folder(folder: Path) -> None:
    """The replays folder, and the data folder around it if it was removed
    while the game ran (the player starting afresh: the records and the
    settings make it again, and the export said only "No such file or
    directory"). A file in its place (or a link to nothing) is
    NotADirectoryError naming it: mkdir's own FileExistsError told the
    player only 'File exists'."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(folder)) from None


def numbered(path: Path, n: int) -> Path:
    """The ``n``-th name of an export whose first name is taken:
    ``20261123_1402_expert_won~2.json``."""
    return path.with_name(f"{path.stem.split('~')[0]}~{n}.json")


def encode_giving_way(replay: Replay) -> str:
    """``replay``'s text, made on a thread other than the window's: the
    window's thread gets the interpreter between pieces, instead of waiting
    up to the interpreter's switch interval (5 ms) each time it wants it back
    — and it wants it back several times a frame."""
    pieces = []
    for piece in encode_pieces(replay):
        pieces.append(piece)
        time.sleep(0)
    return "".join(pieces)
