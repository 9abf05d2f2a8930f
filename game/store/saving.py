"""How the store saves its records: each change queued to the writer as a job
checked to be ours, with the step that the file of results left unsaved
(``leftover``) keeps of it; the disk's failures told, and what it still
refused at close kept for the next start.

The half of :class:`~game.store.store.Store` that writes, kept apart as
:mod:`game.store.opening` is.
"""

from __future__ import annotations

import sqlite3
import threading
import weakref
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from game.i18n import N_

from . import connection, database, interlock, leftover, leftover_steps, newer, notices, spill, unfinished
from .notices import Notices
from .writer import BackgroundWriter, DeferredWriter, InlineWriter, Job, retried

#: How long a close lets the records' writer finish before it keeps what is
#: still queued in the copy's journal (:meth:`Saving._spill_queued`).
SPILL_AFTER_S = 0.1


class Saving:
    """How a store saves its records. It reads and sets the store's own
    attributes, declared here; :meth:`_start_saving` sets its own once the
    records are open."""

    directory: Path
    _notices: Notices
    _saving: bool                        # the records are being saved
    _newer_told: bool                    # records a newer version made since were told
    _closed: bool
    _owner: str                          # this copy's handle
    _presence: unfinished.Presence | None
    _journal: spill.Journal | None        # while the records wait for a lock
    _now: Callable[[], datetime]
    _writer: InlineWriter | DeferredWriter | BackgroundWriter

    def _start_saving(self) -> None:
        """The saving's own state, once the records are open."""
        # The jobs queued that a closing copy keeps for the next start when
        # the disk refuses them (``leftover``), each with what it does.
        self._steps: weakref.WeakKeyDictionary[Callable[..., object], Callable[[], leftover_steps.Step]] \
            = weakref.WeakKeyDictionary()
        self._refused: Exception | None = None    # the disk's last failure
        self._unsaved: notices.Text | None = None  # the games given up at close
        # The jobs kept in the journal (``spill``) meanwhile, each its mark.
        self._marks: weakref.WeakKeyDictionary[Callable[..., object], str] \
            = weakref.WeakKeyDictionary()
        # The jobs that took the place of others kept in the journal (a game
        # in progress kept again), each the marks it books (``_replaced``).
        self._superseded: weakref.WeakKeyDictionary[Callable[..., object], tuple[str, ...]] \
            = weakref.WeakKeyDictionary()
        # Held while jobs are put in the journal: the writer's thread does it
        # as it waits for a lock, the window's as it queues or closes, and
        # two journals of one copy would number their steps alike.
        self._keeping = threading.Lock()

    def _keep_unsaved(self) -> None:
        """Write what the disk still refused as the store closed into this
        copy's file of results left unsaved, for the next start to take in
        (``leftover``), and word what the command line says of it; remove
        the file when nothing was refused. Only the disk's refusals: a newer
        copy's records (told as such) would never take them in."""
        given = [job for job in self._writer.given_up if job in self._steps]
        on_disk = self._journal.close() if self._journal is not None else set()
        journaled = [job for job in given if self._marks.get(job) in on_disk]
        if self._journal is not None and not journaled and self._writer.flush(timeout=0):
            self._journal.forget()            # every step in it is in the records
        # (not while the writer still has jobs: its thread, still at work
        # past the wait for its end, neither committed nor gave them up)
        steps = [self._steps[job]() for job in given if job not in journaled]
        in_journal = sum(isinstance(self._steps[job](), leftover_steps.Recorded)
                         for job in journaled)
        unsaved = sum(isinstance(step, leftover_steps.Recorded) for step in steps)
        if self._refused is None:
            leftover.forget(self.directory, self._owner)
            return
        kept = self._keep_steps(steps) if steps else 0
        if not steps:
            leftover.forget(self.directory, self._owner)
        if unsaved or in_journal:
            file = self._journal.path if in_journal and self._journal is not None \
                else leftover.path(self.directory, self._owner)
            self._unsaved = notices.unsaved_at_close(
                self.directory, unsaved + in_journal, self._refused, kept=kept + in_journal,
                file=file)

    def _spill_queued(self) -> None:
        """As the store closes, before its wait for another program's lock:
        append every change still queued to this copy's journal (``spill``,
        :meth:`_keep_queued`), on disk at once. The close waits up to
        ``writer_thread.CLOSE_S`` for that lock, and a kill meanwhile (the
        player, the session ending) lost the games queued, in neither
        records.db nor a file. Only what the writer has not written within
        :data:`SPILL_AFTER_S` (a commit takes milliseconds: a mark for each
        in ``imports`` at every close would pile up)."""
        if self._writer.flush(timeout=SPILL_AFTER_S):
            return
        journal = self._keep_queued(closing=True)
        if journal is not None:
            journal.flush()

    def _keep_waiting(self) -> None:
        """The writer's head job found another program's lock held (a
        database browser holding an edit not yet written): the jobs queued
        are kept in the journal now, not at the close. They were in memory
        alone, and a kill while the program held the records lost every
        game finished meanwhile, though the player had been told they were
        kept; told only past 0.1 s of waiting, a kill within that tenth of
        a second of a game's end lost it still. Called on the writer's
        thread as soon as its first try finds the lock held and at each
        slice of its wait, and for each change queued while it waits or
        while the failure is told (``_submit``)."""
        self._keep_queued(closing=False)

    def _replaced(self, old: Job, new: Job) -> Job:
        """What the writer runs for ``new``, queued in the place of ``old``
        (a game in progress kept again): ``new``, booking as taken in the
        marks of ``old`` and of what it replaced in turn, when they are in
        the journal (``spill.superseding``). Dropped unbooked, the older
        step was taken in by the next start after a kill, over the newer:
        a game recorded since was kept in progress again, and counted a
        second time, abandoned. Called by the writer under its lock: no disk."""
        marks = self._superseded.get(old, ())
        if old in self._marks:
            marks = (*marks, self._marks[old])
        if not marks or self._journal is None:
            return new
        later = spill.superseding(new, marks, self._journal.path.name, self._now)
        self._superseded[later] = marks
        if new in self._marks:
            self._marks[later] = self._marks[new]
        if new in self._steps:
            self._steps[later] = self._steps[new]
        return later

    def _keep_queued(self, *, closing: bool) -> spill.Journal | None:
        """Append every change queued and not yet in this copy's journal to
        it, each job then run as ``spill.once`` runs it, so that it is taken
        into the records exactly once, by this writer or by the next start;
        the journal, when any was. Not while the disk refuses the records'
        writes (full): the journal would meet the same refusal, and the file
        of results left unsaved has its room reserved (``leftover``); nor
        when a newer version's records refuse them (never taken in). A job
        whose transaction has begun is left alone: it holds the lock, and
        commits in a moment. Only under this copy's lock (``Presence``),
        which keeps other copies off the journal while it lives: taken here
        at the close if the copy held none, never on the writer's thread
        (the window's thread takes it as a game begins)."""
        with self._keeping:
            refusing = not self._saving and self._refused is not None \
                and not _locked(self._refused)
            if refusing or self._newer_told:
                return None
            presence = self._presence
            if presence is None and closing:
                presence = unfinished.Presence(self.directory, self._owner)
            if presence is None or not presence.held:   # nothing would keep copies off it
                return None
            journal = self._journal or spill.Journal(self.directory, self._owner)
            kept = 0

            def keep(job: Callable[[sqlite3.Connection], object]
                     ) -> Callable[[sqlite3.Connection], object] | None:
                nonlocal kept
                step = self._steps.get(job)
                if step is None or job in self._marks:     # not ours, or in the journal already
                    return None
                marked = journal.next_mark()
                later = spill.once(job, marked, journal.path.name, self._now)
                self._marks[later] = marked
                self._steps[later] = step
                journal.keep(marked, step)
                kept += 1
                return later
            self._writer.respool(keep)
            if kept:
                self._presence, self._journal = presence, journal
                return journal
            if presence is not self._presence:
                presence.release()
            return None

    def _keep_steps(self, steps: list[leftover_steps.Step]) -> int:
        """Write ``steps`` into this copy's file of results left unsaved;
        how many games it holds. Written under this copy's lock, taken now
        if no game took it: a copy starting meanwhile took the file, empty
        as it was made, for a killed copy's reserve and removed it, the
        results with it."""
        presence = self._presence or unfinished.Presence(self.directory, self._owner)
        try:
            return leftover.keep(self.directory, self._owner, steps)
        finally:
            if presence is not self._presence:
                presence.release()

    @property
    def unsaved(self) -> str | None:
        """After :meth:`close`, the games the disk still refused then (it
        was full until the game closed), in the player's words: those lost,
        and those kept for the next start (``leftover``); None when every
        game was saved. The window is gone by then: the command line says
        it (``game.cli``)."""
        return None if self._unsaved is None else str(self._unsaved)

    def _submit(self, job: Callable[[sqlite3.Connection], object], *,
                step: Callable[[], leftover_steps.Step],
                done: Callable[[], None] | None = None, replaces: str | None = None) -> None:
        """Queue ``job`` (checked to be ours), which does ``step``; while the
        records wait for another copy's lock, kept on disk meanwhile too
        (``spill``), and run by the writer only if not taken in from there."""
        if self._closed:
            raise RuntimeError("the store is closed")
        queued = newer.still_ours(job)
        journal, writer = self._journal, self._writer
        if journal is not None and isinstance(writer, DeferredWriter) and not writer.direct:
            marked = journal.next_mark()
            later = spill.once(queued, marked, journal.path.name, self._now)
            self._marks[later] = marked
            self._steps[later] = step
            journal.keep(marked, step)
            writer.submit(queued, done, replaces=replaces, later=later)
            return
        self._steps[queued] = step
        writer.submit(queued, done, replaces=replaces)
        if writer.waiting or not self._saving and self._refused is not None \
                and _locked(self._refused):
            self._keep_waiting()        # the writer waits for the lock, or its retry: kept now

    def _write_failed(self, error: Exception) -> None:
        if retried(error):          # the last of the failures that keep games: said at close
            # ... unless a newer copy's records refuse them (told as such),
            # not the disk: an earlier full disk was given as the reason.
            self._refused = None if isinstance(error, newer.BecameNewer) \
                else error.with_traceback(None)
        if isinstance(error, newer.BecameNewer):
            # Told once, whatever was told before: with saving already off
            # (a folder that took no writes at the start, a full disk), it
            # went unsaid, and the player waited for results never written.
            if not self._newer_told:
                self._newer_told = True
                self._notices.add(notices.newer(N_("records"), self.directory / database.NAME))
        elif self._saving:
            self._notices.add(notices.cannot_save(self.directory, error, kept=retried(error)))
        self._saving = False

    def _write_resumed(self) -> None:
        self._saving = True


def _locked(error: Exception) -> bool:
    """Whether ``error`` is another process holding the records' lock (or
    their lock file), not the disk refusing to write."""
    return isinstance(error, sqlite3.OperationalError) and connection.locked(error) \
        or isinstance(error, interlock.Busy)
