"""Replays in the window: watch one, open a file, export one to a file.

A file or a kept replay is read, decoded and checked in the replay loader's
process (``loading.py``): the viewer opens when it answers. A file that
cannot be used (unreadable, malformed, or whose moves do not give what it
says) becomes a notice to the player, never a crash.
"""

from __future__ import annotations

import os
import re
import unicodedata
from pathlib import Path
from typing import TYPE_CHECKING

from game.i18n import N_, _, os_reason, quoted_path
from game.replay import Replay
from game.words import FIELD_NAMES, LEVEL_NAMES, as_sentence, level_name

from ..exporting import numbered
from ..jobs import NO_REPLAY, ReplayJob
from .pause import PauseScreen

if TYPE_CHECKING:
    from ..host import Host

EXPORT_FOLDER = "replays"


def watch(app: Host, replay: Replay, *, playing: bool = True,
          fit_next_frame: bool = False) -> None:
    """Open the viewer on ``replay`` (the window takes the viewer's size at
    once, or a frame later with ``fit_next_frame``: see ``ReplayScreen``).
    A viewer on top is replaced, not stacked on: Esc gives the game back.
    The window stays the old viewer's until the new one takes its size: it
    went to the game's size meanwhile, the game shown for three frames
    between two replays and the window resized twice."""
    from .watch import ReplayScreen
    if isinstance(app.top, ReplayScreen):
        app.top.replaced = True
        app.pop()
    app.push(ReplayScreen(app, replay, playing=playing, fit_next_frame=fit_next_frame))


def _notice(app: Host, text: str) -> None:
    """``text`` in a notice, as a sentence: the records' notices in the
    same dialog end on a full stop, and "Replay saved as « … »" or
    "Cannot save the replay: …" read as cut off beside them."""
    from .notice import NoticeDialog
    app.push(NoticeDialog(app, as_sentence(text)))


def open_file(app: Host, path: str | Path) -> None:
    """Watch the replay saved at ``path``; a bad file gets a notice, which
    names it by its name, or whole when it has none (the root folder
    dropped was "the replay : not a file")."""
    _load(app, ReplayJob(path=str(path)),
          _("Cannot open the replay {file}").format(file=quoted_path(Path(path).name or path)))


def open_stored(app: Host, game_id: int, leaving: object = None) -> None:
    """Watch the replay the records keep with game ``game_id`` (a notice if
    they keep none, over what is open); ``leaving``, the screen that asked,
    is closed as the viewer opens, never before. The loader's process reads it from the records file
    itself: handed over from this thread, a 1.6 MB text held the window
    170 ms while that process started. Records kept in memory have no file
    to read: their text goes to it instead."""
    path = app.store.database_path
    if path is None:
        open_text(app, app.store.replay(game_id), leaving)
    else:
        _load(app, ReplayJob(database=str(path), game_id=game_id), _("Cannot open this replay"),
              leaving)


def open_text(app: Host, text: str | None, leaving: object = None) -> None:
    """Watch a replay whose text is at hand (None: the game has no replay);
    ``leaving`` as in ``open_stored``."""
    if text is None:
        _notice(app, _(NO_REPLAY))
        return
    _load(app, ReplayJob(text=text), _("Cannot open this replay"), leaving)


def facing(app: Host) -> object:
    """The screen the player faces: the top one, or the game under a pause.
    The window losing the focus while a replay loads is no moving on: the
    pause it brought dropped the replay, and coming back showed the game
    paused, the replay asked for never shown."""
    return app.play if isinstance(app.top, PauseScreen) else app.top


def _load(app: Host, job: ReplayJob, failure: str, leaving: object = None) -> None:
    """Watch what ``job`` reads once the loader answers, if its moves add up
    (else a notice), and only if the window still shows what it showed when
    asked: a player who moved on meanwhile is not interrupted. ``leaving``
    (the top screen that asked) closes as the viewer opens."""
    asked_over = facing(app)

    def opened(replay: Replay) -> None:
        if facing(app) is asked_over:
            if leaving is not None and app.top is leaving:
                app.pop()
            watch(app, replay, fit_next_frame=True)

    def refused(reason: str) -> None:
        if facing(app) is asked_over:
            _notice(app, reason if reason == _(NO_REPLAY) else
                    _("{failure}: {reason}").format(failure=failure, reason=reason))

    app.replays.load(job, opened, refused)


#: What a level may not keep in a file name: anything but the ASCII letters,
#: digits, "_" and "-". The level comes from the replay file, which anyone may
#: have written: "/", "\\" and ".." would lead out of the replays folder, and
#: control characters, ``<>:"|?*`` or a trailing dot are refused by Windows.
#: ASCII matching: ignoring case alone, [a-z] also let through the letters
#: whose case folds onto it ("ſ", the Kelvin sign "K", "İ", "ı").
_UNSAFE = re.compile(r"[^a-z0-9_-]", re.IGNORECASE | re.ASCII)

#: A replay's result (one of game.replay's RESULTS) as its file's name says it.
_RESULT_WORDS = {"won": N_("won"), "lost": N_("lost"), "unfinished": N_("unfinished")}


def export_name(replay: Replay) -> str:
    """A file name saying what the game was, in the player's language:
    ``20261123_1402_expert_won.json``, ``20261123_1402_débutant_gagnée.json``
    in French. Never more than a name, whatever the replay's level says, and
    never a name Windows reserves, such as ``CON``: it starts with the date
    or "game"."""
    date = re.sub(r"[^0-9T]", "", replay.date or "")[:13].replace("T", "_") or "game"
    level = _level_word(replay.level or "") or f"{replay.width}x{replay.height}"
    result = _file_word(_(_RESULT_WORDS[replay.result])) or replay.result
    return f"{date}_{level}_{result}.json"


def _level_word(level: str) -> str:
    """A level we have a name for, named in the player's language; any other
    (a stranger's file may say anything) cut to its ASCII letters, digits,
    "_" and "-"."""
    if level in LEVEL_NAMES or level in FIELD_NAMES:
        return _file_word(level_name(level)) or _UNSAFE.sub("", level)
    return _UNSAFE.sub("", level)


def _file_word(word: str) -> str:
    """A word of our catalogue as part of a file name: in lower case, spaces
    as "-", and nothing but letters, digits, "_" and "-" (composed, as NFC:
    one "é", not "e" and an accent), so no character Windows refuses and no
    dot or space to end the name ("Big M" is ``big-m``, "Cœur" ``cœur``).
    "" when the file system cannot spell it (a Latin-1 locale has no "œ"):
    the identifier is used instead, as before names were translated."""
    word = unicodedata.normalize("NFC", word.lower().strip()).replace(" ", "-")
    word = "".join(c for c in word if c.isalnum() or c in "_-")
    try:
        os.fsencode(word)
    except UnicodeEncodeError:
        return ""
    return word


def export(app: Host, replay: Replay) -> Path:
    """Save ``replay`` under the data directory's replays folder, away from
    the window (``exporting``); the player is told where, or why not, when
    it is written. Returns the file's path."""
    folder = Path(app.store.directory) / EXPORT_FOLDER
    path = folder / export_name(replay)
    taken = app.exports.pending
    n = 2
    # lexists: a folder that cannot be searched (mode 000) answers "not
    # there" rather than raising (Path.exists crashed the game); the write
    # then fails and says why.
    while os.path.lexists(path) or path in taken:
        path = numbered(path, n)
        n += 1

    def saved(path: Path) -> None:
        _notice(app, _("Replay saved as {file}").format(file=quoted_path(path)))

    def failed(error: Exception) -> None:
        if isinstance(error, NotADirectoryError) and error.filename == str(folder):
            reason = _("{folder} is not a folder").format(folder=quoted_path(folder))
        else:
            reason = os_reason(error) if isinstance(error, OSError) else str(error)
        _notice(app, _("Cannot save the replay: {reason}").format(reason=reason))

    app.exports.save(path, replay, saved, failed)
    return path
