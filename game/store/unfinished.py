"""The game in progress, kept in the records so that a copy killed mid-game
(SIGKILL, a power cut, the system out of memory) still has it counted.

A game left any other way is recorded as abandoned by the window; a kill
leaves no moment to do so, and a player about to lose could keep a streak by
killing the game. So each game in progress is kept in the ``unfinished``
table under its copy's *owner* handle from its first moves on, brought up to
date now and then, and taken out by the very transaction that records the
game. Each copy holds a lock on ``unfinished-<owner>.lock`` for as long as
it runs (the system lets go of it when the process dies); a copy opening
the records settles every game whose owner's lock it can take: recorded as
abandoned, a loss in the statistics, as a quit game would have been.
"""

from __future__ import annotations

import heapq
import json
import os
import re
import sqlite3
from collections.abc import Iterator
from contextlib import suppress
from dataclasses import asdict, replace
from datetime import datetime
from pathlib import Path
from typing import NamedTuple

from . import history, interlock, ledger, leftover, leftover_steps, notices, spill
from .atomic import copy_aside, kept_copy
from .game_record import ABANDONED, GameRecord
from .newer import Newer
from .notices import Notices, Text

_PREFIX = "unfinished-"
_SUFFIX = ".lock"
#: An owner handle as :func:`database.unique_name` makes it (never a path).
_OWNER = re.compile(r"[0-9a-f]{32}")
#: The rows of games in progress that could not be settled are kept as
#: ``unfinished.corrupt-YYYYmmdd-HHMMSS.json`` (:func:`_set_aside_rows`).
UNREADABLE = "unfinished.json"
#: A copy's steps to take in, each with its journal mark (None: its file's).
Marked = tuple[tuple[str | None, leftover_steps.Step], ...]


def lock_path(directory: Path, owner: str) -> Path:
    """The lock file of the copy whose handle is ``owner``: a copy that can
    take it knows that copy is gone, and settles its game."""
    return directory / f"{_PREFIX}{owner}{_SUFFIX}"


class Presence:
    """This copy's lock, held while it runs: others leave its game alone."""

    def __init__(self, directory: Path, owner: str) -> None:
        self.path = lock_path(directory, owner)
        self._fd: int | None = None
        for _attempt in range(3):
            fd = interlock.hold(self.path)
            if fd is None or _still_named(fd, self.path):
                self._fd = fd
                return
            interlock.let_go(fd)    # a copy cleaning up removed it before we locked it

    @property
    def held(self) -> bool:
        """Whether this copy holds its lock: without it (a folder that takes
        no lock), nothing shows other copies that it lives, so the store
        keeps no game in progress for it."""
        return self._fd is not None

    def lost(self) -> bool:
        """Whether the lock file is gone since it was taken (the player
        deleted the data folder to start afresh while the game ran): the
        lock then shows nothing to other copies, which would take this
        copy's game in progress for a dead copy's and record it."""
        return self._fd is not None and not _still_named(self._fd, self.path)

    def release(self) -> None:
        """Let go and remove the lock file (the copy's game is settled by now).
        Removed once let go: Windows deletes no file still open, and a file
        left each run would pile up in the data folder."""
        if self._fd is not None:
            interlock.let_go(self._fd)
            self._fd = None
            _remove(self.path)


def _decode(text: object) -> GameRecord | None:
    """The game kept as ``text``; None when it cannot be read (a hand edit, a
    hostile file: nesting deep enough to exhaust the stack included)."""
    try:
        return history.decode_game(json.loads(text)) if isinstance(text, str) else None
    except (ValueError, TypeError, RecursionError):
        return None


def _still_named(fd: int, path: Path) -> bool:
    try:
        return os.path.samestat(os.fstat(fd), os.stat(path))
    except OSError:
        return False


def hold(db: sqlite3.Connection, owner: str, game: GameRecord) -> None:
    """Keep ``game`` (recorded as abandoned if its copy dies) as ``owner``'s
    game in progress, replacing the one kept before."""
    fields = {name: value for name, value in asdict(game).items() if name != "game_id"}
    db.execute("INSERT OR REPLACE INTO unfinished (owner, game) VALUES (?, ?)",
               (owner, json.dumps(fields)))


def left_behind(db: sqlite3.Connection, directory: Path) -> bool:
    """Whether any copy kept a game, left its lock or left results it could
    not save (``leftover``): read without the write lock, so that a start
    with nothing to settle costs no transaction."""
    if db.execute("SELECT EXISTS (SELECT 1 FROM unfinished)").fetchone()[0]:
        return True
    return any(True for _path in directory.glob(f"{_PREFIX}*{_SUFFIX}")) \
        or bool(leftover.owners(directory)) or bool(spill.owners(directory))


class Settled(NamedTuple):
    """What :func:`settle` leaves for its caller once the transaction is
    committed: the files taken in (``taken``, each to be removed, or set
    aside when True) and what to tell the player (``told``)."""
    taken: list[tuple[Path, bool]]
    told: list[Text]


def settle(db: sqlite3.Connection, directory: Path, *, tell: Notices,
           now: datetime, replay_budget: int = ledger.REPLAY_BUDGET) -> Settled:
    """Take in the results that copies now gone could not save before they
    closed (``leftover``) and those they finished while their records
    waited (``spill``), then record as abandoned the games they left in
    progress, and remove the locks they left; a game that cannot be read
    (or kept under a handle no copy has: a hand edit) is set aside
    (:func:`_set_aside_rows`); a copy whose results a newer version wrote is left for it
    whole. Runs in the caller's transaction, which orders copies starting
    together: the second finds the games settled. Returns the files taken
    in, each to be removed once that transaction is committed, or set aside
    (True) when part of it could not be read, and the notices to tell then
    (:class:`Settled`)."""
    owners = []
    strays: list[bytes | None] = []                # not ours (a hand edit): set aside
    for raw, in db.execute("SELECT CAST(owner AS BLOB) FROM unfinished").fetchall():
        owner = _handle(raw)
        if owner is None:
            strays.append(raw)
        else:
            owners.append(owner)
    owners += [owner for owner in (*leftover.owners(directory), *spill.owners(directory))
               if owner not in owners]
    held: dict[str, int] = {}                      # the copies gone, their locks held
    found: dict[str, tuple[leftover_steps.Leftover, str] | None] = {}
    journals: dict[str, tuple[list[tuple[str, leftover_steps.Step]], bool] | None] = {}
    settled = False
    try:
        for owner in owners:
            fd = interlock.hold(lock_path(directory, owner))
            if fd is None:
                continue                           # its copy still plays it
            try:
                journals[owner] = spill.read(spill.path(directory, owner))
                found[owner] = leftover.read(directory, owner, tell=tell, now=now)
            except Newer:
                interlock.let_go(fd)               # a newer version's results: its game
                continue                           # is for it to settle
            held[owner] = fd
        waiting = {owner: journal[0] for owner, journal in journals.items()
                   if journal is not None and owner in held}
        drops, refused = _take_in(db, directory, found, waiting, tell=tell, now=now,
                                  replay_budget=replay_budget)
        taken = [(leftover.path(directory, owner), False)
                 for owner in held if drops[owner] is not None]
        for owner, journal in journals.items():
            if journal is not None and owner in held:
                taken.append((spill.path(directory, owner), journal[1] or owner in refused))
        for owner in held:
            row = db.execute("SELECT game FROM unfinished WHERE owner = ?", (owner,)).fetchone()
            game = None if row is None or drops[owner] else _decode(row[0])
            if game is not None:
                ledger.insert_game(db, replace(game, result=ABANDONED))
            elif row is not None and not drops[owner]:
                strays.append(owner.encode())      # unreadable: set aside below
                continue
            db.execute("DELETE FROM unfinished WHERE owner = ?", (owner,))
        aside = _set_aside_rows(db, directory, strays, now=now)
        settled = True
    finally:
        for owner, fd in held.items():
            interlock.let_go(fd)
            if settled:
                _remove(lock_path(directory, owner))   # once let go, for Windows (see release)
    for path in directory.glob(f"{_PREFIX}*{_SUFFIX}"):     # copies gone with no game
        fd = interlock.hold(path)
        if fd is not None:
            interlock.let_go(fd)
            _remove(path)
    return Settled(taken, [] if aside is None else [aside])


def _handle(raw: bytes | None) -> str | None:
    """The owner handle whose bytes the records hold as ``raw``; None when
    it is none a copy makes (no UTF-8 included: read as text, its bad
    bytes became U+FFFD, which named no row to copy or take out)."""
    try:
        owner = raw.decode() if isinstance(raw, bytes) else None
    except UnicodeDecodeError:
        return None
    return owner if owner is not None and _OWNER.fullmatch(owner) else None


def _set_aside_rows(db: sqlite3.Connection, directory: Path, owners: list[bytes | None], *,
                    now: datetime) -> Text | None:
    """Copy the rows of games in progress kept under ``owners`` that cannot
    be settled (a game that cannot be read, a handle no copy has) into one
    file beside the records, byte for byte (``unreadable``), and only then
    take them out of the table: dropped, a game a failing disk damaged
    vanished from the records without a word. Returns what to tell the
    player once the transaction is committed: told before, a commit the
    disk refused told of them at every start that tried. A file that
    already holds these very rows (a copy killed, or its commit refused,
    after writing it) is the one told of, never a second made. Where the
    file cannot be written (a full disk), they stay in the table for the
    next start, and None is returned."""
    if not owners:
        return None
    rows = [row for owner in owners for row in db.execute(
        "SELECT CAST(owner AS BLOB), CAST(game AS BLOB) FROM unfinished "
        "WHERE CAST(owner AS BLOB) IS ?", (owner,))]
    if not rows:
        return None
    data, path = unreadable(rows), directory / UNREADABLE
    try:
        aside = kept_copy(path, "corrupt", data) or copy_aside(path, data, "corrupt", now) \
            or kept_copy(path, "corrupt", data)
    except OSError:
        aside = None
    if aside is None:
        return None                                # kept in the table; tried again next start
    for owner in owners:
        db.execute("DELETE FROM unfinished WHERE CAST(owner AS BLOB) IS ?", (owner,))
    return notices.in_progress_damaged(len(rows), aside)


def unreadable(rows: list[tuple[bytes | None, bytes | None]]) -> bytes:
    """The rows as a JSON list of ``{"owner": ..., "game": ...}``, each text
    as the records hold it: bytes that are no UTF-8 (a failing disk's)
    written as the escapes of Python's ``surrogateescape``, so that the
    original bytes can be had back."""
    def text(value: bytes | None) -> str | None:
        return None if value is None else value.decode("utf-8", "surrogateescape")
    kept = [{"owner": text(owner), "game": text(game)} for owner, game in rows]
    return (json.dumps(kept, indent=1) + "\n").encode("ascii")


def _take_in(db: sqlite3.Connection, directory: Path,
             found: dict[str, tuple[leftover_steps.Leftover, str] | None],
             journals: dict[str, list[tuple[str, leftover_steps.Step]]], *, tell: Notices,
             now: datetime, replay_budget: int) -> tuple[dict[str, bool | None], set[str]]:
    """Do in ``db`` what the copies' results left unsaved (``found``, read
    from their files) and their journals (``spill``, each step with its
    mark) say, as their writers would have, each once (a file's digest is
    kept with its steps, a journal's marks with theirs), all merged by date
    (:func:`in_order`), each copy's journal before its file: the file holds
    what the journal could not (a full disk, its cap), asked later. Taken
    in one after the other, a reset in the file zeroed none of the
    journal's games before it, and one in the journal zeroed the file's
    after it. For each copy, whether the game it kept in progress is to be
    dropped rather than counted as abandoned (a win it could not save);
    None when it left no such file; and the copies whose journal had a
    step refused (a hand edit: set aside once this is committed). A file
    the records refuse (a token taken, a hand edit) is set aside, and the
    rest taken in again without it."""
    drops: dict[str, bool | None] = {}
    fresh: dict[str, tuple[leftover_steps.Leftover, str]] = {}
    for owner, read in found.items():
        if read is None:                           # zeros (removed too), or set aside
            drops[owner] = False if leftover.path(directory, owner).exists() else None
        elif ledger.imported(db, read[1]):
            drops[owner] = read[0].drop_held
        else:
            fresh[owner] = read
    while True:
        db.execute("SAVEPOINT leftover")
        refused: set[str] = set()
        owner = ""
        try:
            for owner, (marked, step) in in_order(_merged(fresh, journals)):
                if marked is None:
                    _do(db, owner, step, replay_budget)
                elif _fold(db, owner, marked, step, spill.path(directory, owner).name, now,
                           replay_budget):
                    refused.add(owner)
            for owner, (_, digest) in fresh.items():
                ledger.book_import(db, digest, leftover.path(directory, owner).name, now)
        except (sqlite3.IntegrityError, sqlite3.DataError, ValueError, OverflowError):
            db.execute("ROLLBACK TO leftover")     # a journal's refusals are its own
            db.execute("RELEASE leftover")
            leftover.set_damaged_aside(leftover.path(directory, owner), tell=tell, now=now)
            del fresh[owner]
            drops[owner] = False
            continue
        db.execute("RELEASE leftover")
        break
    drops.update((owner, left.drop_held) for owner, (left, _) in fresh.items())
    return drops, refused


def _merged(fresh: dict[str, tuple[leftover_steps.Leftover, str]],
            journals: dict[str, list[tuple[str, leftover_steps.Step]]]) -> dict[str, Marked]:
    """Each copy's steps in its own order: its journal's, each with its
    mark, then its file's (no mark: the file's digest stands for them)."""
    return {owner: (*journals.get(owner, ()),
                    *((None, step) for step in (fresh[owner][0].steps if owner in fresh else ())))
            for owner in sorted({*fresh, *journals})}


def _fold(db: sqlite3.Connection, owner: str, marked: str, step: leftover_steps.Step,
          name: str, now: datetime, replay_budget: int) -> bool:
    """Do a step of a dead copy's journal (``spill``, named ``name``) unless
    it was taken in already (its mark in ``imports``); whether it was
    refused (a hand edit: the journal is then set aside, never deleted)."""
    if ledger.imported(db, marked):
        return False
    db.execute("SAVEPOINT spilled")
    try:
        _do(db, owner, step, replay_budget)
        ledger.book_import(db, marked, name, now)
    except (sqlite3.IntegrityError, sqlite3.DataError, ValueError, OverflowError):
        db.execute("ROLLBACK TO spilled")
        return True
    finally:
        db.execute("RELEASE spilled")
    return False


def in_order(files: dict[str, Marked]) -> Iterator[tuple[str, tuple[str | None, leftover_steps.Step]]]:
    """Each copy's steps (``files``, each with its mark or None), in its
    own order, merged with the others' by the date each was asked for (a
    step without one, or with one earlier than a step before it, by the
    latest before it): a reset zeroes another copy's games played before
    it, not those after, whichever copy's handle comes first."""
    def dated(owner: str, steps: Marked) -> Iterator[
            tuple[str, str, tuple[str | None, leftover_steps.Step]]]:
        when = ""
        for marked, step in steps:
            when = max(when, leftover_steps.asked_at(step) or "")    # never back: merged
            yield when, owner, (marked, step)
    merged = heapq.merge(*(dated(owner, steps) for owner, steps in files.items()),
                         key=lambda item: item[0])
    return ((owner, step) for _when, owner, step in merged)


def _do(db: sqlite3.Connection, owner: str, step: leftover_steps.Step, replay_budget: int) -> None:
    """What ``owner``'s writer would have done for ``step``."""
    if isinstance(step, leftover_steps.Recorded):
        ledger.insert_game(db, step.game, token=step.token, replay=step.replay,
                           replay_budget=replay_budget, owner=owner)
    elif isinstance(step, leftover_steps.Held):
        hold(db, owner, step.game)
    elif isinstance(step, leftover_steps.Named):
        ledger.name_best_time(db, step.token, step.name)
    elif isinstance(step, leftover_steps.Added):
        ledger.add_best_time(db, step.key, step.entry, token=step.token)
    elif step.what == "best_times":
        ledger.reset_best_times(db, step.key)
    else:
        ledger.reset_statistics(db, step.key)


def _remove(path: Path) -> None:
    """Remove a dead copy's (or this copy's own) lock file. Its owner never
    comes back (handles are never reused), so no one but a copy settling
    it could lock it meanwhile, and that copy only removes it too."""
    with suppress(OSError):
        path.unlink()
