"""Replays in the window: watch one, open a file, export one to a file.

A file that cannot be used (unreadable, malformed, or whose moves do not give
what it says) becomes a notice to the player, never a crash.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from game.i18n import _
from game.replay import Checker, Replay, ReplayError, decode, read_file, write_file

if TYPE_CHECKING:
    from ..host import Host

EXPORT_FOLDER = "replays"
#: Moves checked before the viewer opens, then each tick while it shows the
#: first board (about 5 ms on a 100x100 board): an Expert game is checked at
#: once, a 6,700-move one over a few frames instead of one 35 ms frame.
CHECK_MOVES = 1024


def watch(app: Host, replay: Replay, *, playing: bool = True,
          checking: Checker | None = None, refused: Callable[[str], None] | None = None) -> None:
    """Open the viewer on ``replay``; with ``checking``, a check still under
    way that the viewer finishes before it plays (``refused`` hears why it
    failed, after the viewer has closed)."""
    from .watch import ReplayScreen
    app.push(ReplayScreen(app, replay, playing=playing, checking=checking, refused=refused))


def _notice(app: Host, text: str) -> None:
    from .notice import NoticeDialog
    app.push(NoticeDialog(app, text))


def open_file(app: Host, path: str | Path) -> bool:
    """Watch the replay saved at ``path``; a bad file gets a notice."""
    return _watch_checked(app, lambda: read_file(path),
                          _("Cannot open the replay {file}").format(file=Path(path).name))


def open_text(app: Host, text: str | None) -> bool:
    """Watch a replay kept by the store (None: the game has no replay)."""
    if text is None:
        _notice(app, _("This game has no replay."))
        return False
    return _watch_checked(app, lambda: decode(text), _("Cannot open this replay"))


def _watch_checked(app: Host, load: Callable[[], Replay], failure: str) -> bool:
    """Watch what ``load`` reads if its moves add up; else a notice. A long
    replay opens while its last moves are still being checked (``CHECK_MOVES``)
    and closes with the notice if they do not add up."""
    def refuse(reason: object) -> None:
        _notice(app, _("{failure}: {reason}").format(failure=failure, reason=reason))

    try:
        replay = load()
        checker = Checker(replay)
        done = checker.advance(CHECK_MOVES)
    except ReplayError as e:
        refuse(e)
        return False
    watch(app, replay, checking=None if done else checker, refused=refuse)
    return True


def export_name(replay: Replay) -> str:
    """A file name saying what the game was: ``2026-11-23_1402_expert_won.json``."""
    date = re.sub(r"[^0-9T]", "", replay.date or "")[:13].replace("T", "_") or "game"
    level = replay.level or f"{replay.width}x{replay.height}"
    return f"{date}_{level}_{replay.result}.json"


def export(app: Host, replay: Replay) -> Path | None:
    """Save ``replay`` under the data directory's replays folder; say where."""
    folder = Path(app.store.directory) / EXPORT_FOLDER
    path = folder / export_name(replay)
    n = 2
    while path.exists():
        path = folder / f"{path.stem.split('~')[0]}~{n}.json"
        n += 1
    try:
        folder.mkdir(parents=True, exist_ok=True)
        write_file(path, replay)
    except OSError as e:
        _notice(app, _("Cannot save the replay: {reason}").format(reason=e.strerror or e))
        return None
    _notice(app, _("Replay saved as {file}").format(file=path))
    return path
