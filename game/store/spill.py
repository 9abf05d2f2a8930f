"""The results a copy finishes while its records wait for another copy's
lock, kept on disk beside them as they come, so that a kill loses none;
and those its writer has queued once it finds another program's lock held
(``BackgroundWriter.lock_waited``), or as the copy closes
(``Saving._keep_queued``).

While a stopped copy (Ctrl+Z, SIGSTOP) holds ``records.db.lock`` over
records this copy may not open without it (none yet, damaged, older), the
games were queued in memory alone: a kill (the system out of memory, a
power cut) lost every one. Now each change queued meanwhile is also
appended, on a thread of its own (the window never waits for the disk), to
this copy's journal ``unfinished-<owner>.waiting``: one line per step, as
the file of results left unsaved (``leftover_steps``) writes steps, each
with its *mark* and the schema of its step, and the line forced to the
disk (``fsync``). A line the disk refused half-written is cut off again,
so that the next one starts clean.

Each step is taken into the records exactly once, whoever does it: the
writer of this copy once the lock is free (:func:`once`), or the next copy
to open the records after this one died (``unfinished.settle``, holding
the dead copy's lock, in its transaction). Either looks the step's mark up
in the ``imports`` table first and adds it in the same transaction as the
step: a copy killed between a commit and the journal's removal, or two
copies taking the same journal in at once, count nothing twice. The marks
stay in ``imports`` (a line per game finished while the records waited,
some 150 bytes each).

A journal with lines that cannot be read (a kill in the middle of a line,
a hand edit) has the rest taken in, and is then set aside as it is, never
deleted, the player told once. The journal grows to ``leftover.MAX_BYTES``
at most, as much as is read: a step beyond is kept in memory alone (a
quit writes it to the file of results left unsaved, a kill loses it), as
every step was before. One with a line of a newer schema is a
newer version's, left whole for it (``Newer``), as its other files are.
"""

from __future__ import annotations

import hashlib
import os
import re
import sqlite3
import threading
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from game.safe_read import read_capped

from . import ledger, leftover_steps
from .document import schema_of
from .file_writer import FileWriter
from .json_parts import Parts
from .leftover import MAX_BYTES
from .leftover_steps import Step
from .newer import Newer

_PREFIX = "unfinished-"
SUFFIX = ".waiting"
_NAME = re.compile(rf"{_PREFIX}([0-9a-f]{{32}}){re.escape(SUFFIX)}")
_MARK = re.compile(r"[0-9a-f]{64}")
#: A line's parts: its schema, its mark and its step.
_MOST_PARTS = 4

Job = Callable[[sqlite3.Connection], object]
#: What the journal's thread appends: each step's mark and (made on that
#: thread: a replay takes longer than a frame to encode) its step.
Work = list[tuple[str, Callable[[], Step]]]


def path(directory: Path, owner: str) -> Path:
    """The journal of the copy whose handle is ``owner``."""
    return directory / f"{_PREFIX}{owner}{SUFFIX}"


def owners(directory: Path) -> list[str]:
    """The handles of the copies that have a journal in ``directory``."""
    found = (_NAME.fullmatch(name.name) for name in directory.glob(f"{_PREFIX}*{SUFFIX}"))
    return sorted(match.group(1) for match in found if match)


def mark(owner: str, number: int) -> str:
    """The mark of ``owner``'s step ``number``: never another copy's (the
    handles are never reused), never another step's."""
    return hashlib.sha256(f"waiting {owner} {number}".encode()).hexdigest()


def once(job: Job, marked: str, name: str, now: Callable[[], datetime]) -> Job:
    """``job`` as this copy's writer runs it once the lock is free: skipped
    when a copy took its step in from the journal already."""
    def run(db: sqlite3.Connection) -> object:
        if ledger.imported(db, marked):
            return None
        done = job(db)
        ledger.book_import(db, marked, name, now())
        return done
    return run


def superseding(job: Job, marks: tuple[str, ...], name: str,
                now: Callable[[], datetime]) -> Job:
    """``job``, queued in the place of the jobs whose steps this copy's
    journal holds under ``marks`` (a game in progress kept again replaces
    the one kept before: ``BackgroundWriter.submit``), as its writer runs
    it: those marks booked in the same transaction, so that the next start
    never takes in what it replaced."""
    def run(db: sqlite3.Connection) -> object:
        for marked in marks:
            if not ledger.imported(db, marked):
                ledger.book_import(db, marked, name, now())
        return job(db)
    return run


class Journal:
    """This copy's journal, appended to by a thread of its own."""

    def __init__(self, directory: Path, owner: str) -> None:
        self.path = path(directory, owner)
        self._owner = owner
        self._numbered = 0
        self._lock = threading.Lock()
        self._written: set[str] = set()       # the marks whose lines are on disk
        self._writer: FileWriter[Work] = FileWriter(
            self._append, failed=_unsaid, saved=_unsaid, combine=lambda a, b: a + b,
            name="store-journal")

    def next_mark(self) -> str:
        """The mark of the next step (called on the thread that submits)."""
        self._numbered += 1
        return mark(self._owner, self._numbered)

    def keep(self, marked: str, step: Callable[[], Step]) -> None:
        """Append ``step`` under its mark, soon, on the journal's thread."""
        self._writer.submit([(marked, step)])

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every step kept is on disk (or the disk failed again)."""
        return self._writer.flush(timeout)

    def close(self) -> set[str]:
        """End the thread; the marks of the steps on disk."""
        self._writer.close()
        with self._lock:
            return set(self._written)

    def forget(self) -> None:
        """Remove the journal: every step in it is in the records."""
        try:
            self.path.unlink()
        except OSError:
            pass

    def _append(self, work: Work) -> None:
        lines = b"".join(written(marked, step()) for marked, step in work)
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            size = os.fstat(fd).st_size
            if size + len(lines) > MAX_BYTES:    # no more than is read: kept in memory alone
                raise ValueError("the journal is full")
            try:
                done = 0
                while done < len(lines):
                    done += os.write(fd, lines[done:])
                os.fsync(fd)
            except OSError:
                try:
                    os.ftruncate(fd, size)        # no half line for the next to follow
                except OSError:
                    pass
                raise
        finally:
            os.close(fd)
        with self._lock:
            self._written.update(marked for marked, _ in work)


def written(marked: str, step: Step) -> bytes:
    """The journal's line for ``step`` under its mark, its schema first."""
    return b'{"schema": %d, "mark": "%s", "step": %s}\n' % (
        leftover_steps.SCHEMA, marked.encode(), leftover_steps.encode(step))


def _unsaid(*_error: Exception) -> None:
    """The journal's failures are not told: the records' writer tells its own."""


def read(target: Path) -> tuple[list[tuple[str, Step]], bool] | None:
    """The steps of the journal at ``target``, in order, each with its mark,
    and whether any part of it could not be read; None when there is none;
    ``Newer`` when a line is a newer version's."""
    try:
        data = read_capped(target, MAX_BYTES)
    except FileNotFoundError:
        return None
    except OSError:
        return [], True
    steps: list[tuple[str, Step]] = []
    damaged = False
    for line in data.split(b"\n"):
        if not line:
            continue
        if len(steps) == leftover_steps.MAX_STEPS:
            return steps, True
        try:
            steps.append(_line(line, target.name))
        except (ValueError, TypeError, KeyError, RecursionError):
            damaged = True
    return steps, damaged


def _line(line: bytes, name: str) -> tuple[str, Step]:
    parts = Parts(line)
    found: dict[str, Any] = {}
    for key in parts.members():
        found[key] = leftover_steps.decode_step(leftover_steps.step_parts(parts)) \
            if key == "step" and schema_of(found) == leftover_steps.SCHEMA else parts.value(80)
        if (schema_of(found) or 0) > leftover_steps.SCHEMA:
            raise Newer(name)
        if len(found) > _MOST_PARTS:
            raise ValueError("too many parts")
    parts.end()
    marked, step = found["mark"], found["step"]
    if not (isinstance(marked, str) and _MARK.fullmatch(marked)) \
            or schema_of(found) != leftover_steps.SCHEMA:
        raise ValueError("mark")
    return marked, step
