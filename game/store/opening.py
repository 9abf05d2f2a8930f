"""Opening a player's folder: whether it takes writes, the records database
in it (or in memory when it cannot be used) and the writer that fits.

The store's start, and the later start of its records when a folder that
refused writes takes them again: kept apart from :mod:`game.store.store`,
which is what the game calls once the store is open. :class:`Opening` is
the half of :class:`~game.store.store.Store` that does it; the store's
constructor calls ``_open_directory`` then ``_open_records``.
"""

from __future__ import annotations

import os
import re
import sqlite3
import time
from collections.abc import Callable
from contextlib import suppress
from datetime import datetime
from pathlib import Path

import platformdirs

from game.i18n import N_
from game.safe_read import is_regular

from . import (
    connection,
    damage,
    database,
    interlock,
    leftover,
    legacy,
    newer,
    notices,
    settings_file,
    spill,
    temporaries,
    unfinished,
)
from .atomic import is_aside
from .document import JsonFile, through_link
from .notices import Notices
from .writer import BackgroundWriter, DeferredWriter, InlineWriter, Job, Outcome, run_in_transaction

APP_NAME = "Minesweeper"
#: A file made and removed at start to learn whether the directory takes
#: writes is a temporary (``temporaries``) named after this
#: (``.write-test.XXXXXXXX.tmp``), and its search is tried on the name itself.
_PROBE = ".write-test"
#: The probe's name in earlier versions, made by ``tempfile.mkstemp`` (eight
#: of its letters, digits or underscores): a copy killed between making and
#: removing it left it, and the probe's new pattern, eight hex digits, took
#: only some for a temporary of ours.
_OLD_PROBE = re.compile(r"\.write-test\.[a-z0-9_]{8}\.tmp")
#: How long the start waits for another copy opening the records (a few
#: milliseconds as a rule), or for another program's lock on records.db
#: (the sqlite3 shell holding it in rollback mode: the switch to WAL waited
#: the whole busy timeout, 30 s with no window), before the window opens
#: without them (``Opening._wait_for_records``). One deadline for both: a
#: copy's commit takes milliseconds, and a start that misses it loses
#: nothing, its games written a moment later by the deferred writer.
START_WAIT_S = 0.25
#: SQLite's words for a lock held by another process, which the player is
#: told (translated) when the records' lock is held past the busy timeout.
LOCKED = "database is locked"


def default_directory() -> Path:
    """Where records live unless told otherwise: the platform's user data
    directory (never beside the program: a one-file executable runs from a
    temporary folder)."""
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


class Opening:
    """How a store opens its folder and its records. It reads and sets the
    store's own attributes, declared here; the store supplies the three
    methods it calls back (the writers' outcome, and saving the settings)."""

    directory: Path
    persistent: bool                   # the records are in a file, not in memory
    _notices: Notices
    _now: Callable[[], datetime]
    _settings_file: JsonFile
    _saving: bool
    _searchable: bool                  # False: no file in the directory can be opened
    _refusal: OSError | None           # why the directory takes no writes
    _replay_budget: int
    _write_failed: Callable[[Exception], None]
    _write_resumed: Callable[[], None]
    _keep_waiting: Callable[[], None]
    _replaced: Callable[[Job, Job], Job]
    save_settings: Callable[[], None]
    #: The records a late opening found were a newer version's: left alone
    #: for the rest of the session, never opened again (``_open_late``).
    _records_newer = False
    _owner: str                        # this copy's handle
    _presence: unfinished.Presence | None
    _journal: spill.Journal | None     # while the records wait for a lock

    def _open_directory(self) -> bool:
        """Create the directory if needed and learn whether it takes writes.
        A directory that cannot be searched (mode 000) is said once, as such:
        every file in it would otherwise be told apart as unopenable, even
        files that do not exist."""
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
        except OSError as error:             # told with the records (_open_records)
            self._settings_file.locked = True
            self._refusal = error
            return False
        probe = self.directory / _PROBE
        try:
            probe.lstat()
        except FileNotFoundError:
            pass
        except OSError as error:
            self._searchable = False
            self._settings_file.locked = True
            self._notices.add(notices.cannot_open_folder(self.directory, error))
            return False
        try:
            # A file of a name no one else has: with a fixed one, a folder
            # left under that name made the whole session unsaved, "Records
            # cannot be saved in DIR (Is a directory)".
            fd, made = temporaries.create(self.directory / _PROBE.lstrip("."))
        except OSError as error:             # told with the records (_open_records)
            self._refusal = error
            return False
        os.close(fd)                         # first: Windows deletes no file open
        with suppress(OSError):
            os.unlink(made)
        self._remove_stale_temporaries()
        return True

    def _remove_stale_temporaries(self) -> None:
        """Remove the temporaries (``temporaries``) that copies killed
        mid-write left of every file the game writes atomically in its
        folder: the probe, the settings and their kept copy (beside the
        files they lead to, when links), and the copies of damaged files
        set aside (``settings.corrupt-…json``, ``unfinished.corrupt-…json``);
        only the name of a temporary of one of these is taken for ours."""
        written = (self._settings_file.path, self.directory / settings_file.KEPT_NAME)
        fixed = {_PROBE.lstrip("."), *(path.name for path in written)}
        copied = (self._settings_file.path, self.directory / unfinished.UNREADABLE)
        temporaries.remove_stale(self.directory, lambda name: name in fixed or any(
            is_aside(name, path, "corrupt") for path in copied))
        for linked in {through_link(path) for path in written} - set(written):
            temporaries.remove_stale(linked.parent, linked.name.__eq__)
        temporaries.remove_stale_named(self.directory, _OLD_PROBE)

    def _open_records(self) -> tuple[
            sqlite3.Connection, InlineWriter | DeferredWriter | BackgroundWriter, bool]:
        """The database (file, or memory when it cannot be used) and its writer."""
        path = self.directory / database.NAME
        outcome = Outcome(self._write_failed, self._write_resumed, self._keep_waiting,
                          self._replaced)
        db: sqlite3.Connection | None = None
        why: Exception | None = self._refusal    # why the directory takes no writes
        if self._saving:
            try:
                deadline = time.monotonic() + START_WAIT_S
                try:
                    try:
                        db = database.open_file(path, tell=self._notices, now=self._now,
                                                wait=START_WAIT_S, until=lambda: deadline)
                    except interlock.Busy:       # another copy, stopped perhaps, opens them
                        db = database.open_as_found(path, until=lambda: deadline)
                        if db is None:           # it may yet rename or migrate them
                            return self._wait_for_records(path, outcome)
                    # An earlier version's files: imported by the deferred
                    # writer when the lock is held past the deadline (they
                    # waited the busy timeout, then "cannot be saved").
                    with connection.hurried(db, deadline - time.monotonic()):
                        legacy.import_files(self.directory, db, tell=self._notices,
                                            now=self._now)
                except sqlite3.OperationalError as error:
                    if not connection.locked(error):
                        raise
                    if db is not None:
                        db.close()
                    return self._wait_for_records(path, outcome)   # another program's lock
                self._settle_unfinished(db)
                return db, self._writer_of(outcome), True
            except newer.Newer:
                self._notices.add(notices.newer(N_("records"), path))
                db, _ = database.copy_into_memory(path)     # shown, never written
            except (sqlite3.Error, OSError, damage.Damaged) as error:
                if db is not None:
                    db.close()
                    db = None
                why = error
                self._saving = False          # told below: the retries say nothing more
        retry = False
        if db is None:
            db, found = database.copy_into_memory(path)
            retry = found is None and why is not None
            if why is not None:               # whether the session's games wait for the disk
                self._notices.add(notices.cannot_save(self.directory, why, kept=retry))
            if isinstance(found, newer.Newer):
                self._notices.add(notices.newer(N_("records"), path))
            elif found is not None and why is not None:     # kept as it is: say why
                self._notices.add(notices.damaged_kept(N_("records"), found.path, why))
            elif why is not None and (refused := _refused_reading(path)) is not None:
                self._notices.add(notices.records_unreadable(path, refused))
        if self._searchable:
            legacy.import_files(self.directory, db, tell=self._notices, now=self._now,
                                rename=False)
        if retry:                             # the folder may take writes later
            return db, DeferredWriter(db, outcome, self._late_writer(outcome)), False
        return db, InlineWriter(db, outcome), False

    def _wait_for_records(self, path: Path, outcome: Outcome) -> tuple[
            sqlite3.Connection, DeferredWriter, bool]:
        """Another copy holds the records' lock past :data:`START_WAIT_S` (one
        suspended with Ctrl+Z, or stopped, as it opened them) and the records
        are not as this copy could open them without it (``open_as_found``:
        missing, damaged, older), or another program holds records.db
        itself that long (in rollback mode, reading or writing; or writing
        it as an earlier version's files are imported): the window waited
        for it, the busy timeout, 30 s with nothing on the screen. The
        session starts now on what records.db holds, read into memory
        without touching it, and its games are queued, as for a folder
        that takes no writes yet, to the writer whose first connection
        opens the records once the lock is free (:meth:`_open_late`: still
        holding it after the busy timeout, "database is locked", told once
        and tried again), and kept on disk meanwhile in this copy's journal
        (``spill``), under its lock, so that a kill loses none."""
        db, _ = database.copy_into_memory(path)    # what it is wrong with: told at the opening
        presence = unfinished.Presence(self.directory, self._owner)
        if presence.held:            # other copies leave its journal alone while it lives
            self._presence = presence
            self._journal = spill.Journal(self.directory, self._owner)
            leftover.reserve(self.directory, self._owner)
        return db, DeferredWriter(db, outcome, self._late_writer(outcome)), False

    def _writer_of(self, outcome: Outcome) -> BackgroundWriter:
        """The records' writer, its connection's waits for another
        process's lock cut short as its own are, when it closes."""
        writer = BackgroundWriter(lambda: self._connect_writer(until=writer.close_by,
                                                               waited=writer.lock_waited),
                                  outcome, identify=self._records_file)
        return writer

    def _late_writer(self, outcome: Outcome) -> BackgroundWriter:
        """The writer whose first connection opens the records once it can
        (:meth:`_open_late`), its wait for another copy's lock cut short as
        the writer's own wait for SQLite's is, when it closes."""
        late = BackgroundWriter(lambda: self._open_late(until=late.close_by,
                                                        waited=late.lock_waited),
                                outcome, identify=self._records_file)
        return late

    def _open_late(self, *, until: Callable[[], float] = interlock.never,
                   waited: Callable[[], object] = lambda: None) -> sqlite3.Connection:
        """The deferred writer's connection: the first one opens records.db
        as a start would (schema, migrations, the copies' interlock, the
        games other copies left in progress), now that the folder may take
        writes; later ones connect as usual. Any failure is the disk's, to
        be tried again (an OSError would end the writer's thread), but a
        newer version's records (made meanwhile by the copy that held their
        lock): told as at a start, refused, and never opened again (they
        were said "cannot be saved (database)", opened and checked anew
        every 2 s, and the games kept for a start of this version that
        would never take them in). ``until`` ends the wait for another
        copy's lock on them sooner (the writer closing); ``waited``, once
        they are open, is told each time a later connection finds another
        process's lock held (``_connect_writer``)."""
        if self.persistent:
            return self._connect_writer(until=until, waited=waited)
        if self._records_newer:
            raise newer.BecameNewer(database.NAME)
        path = self.directory / database.NAME
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            db = database.open_file(path, tell=self._notices, now=self._now, until=until)
        except interlock.Busy as busy:
            raise sqlite3.OperationalError(LOCKED) from busy
        except newer.Newer as found:
            self._records_newer = True
            raise newer.BecameNewer(database.NAME) from found
        except (OSError, damage.Damaged) as error:
            raise sqlite3.OperationalError(notices.reason(error)) from error
        try:
            legacy.import_files(self.directory, db, tell=self._notices, now=self._now)
        except (OSError, sqlite3.Error):
            pass                              # they stay where they are, for the next start
        self._settle_unfinished(db)
        self.persistent = self._saving = True
        if self._settings_file.locked and not self._settings_file.path.exists():
            self._settings_file.locked = False      # the folder was missing: none to keep
            self.save_settings()
        return db

    def _records_file(self) -> tuple[int, int] | None:
        """Which file records.db is now (device and inode), None when there
        is none: the writer connects again when it changes."""
        try:
            found = os.stat(self.directory / database.NAME)
        except OSError:
            return None
        return found.st_dev, found.st_ino

    def _connect_writer(self, *, until: Callable[[], float] = interlock.never,
                        waited: Callable[[], object] = lambda: None) -> sqlite3.Connection:
        """The background writer's connection to the records, in a data
        folder made again if it was removed while the game ran (else SQLite
        says only "unable to open database file", and fails while it lasts);
        its waits for a lock end at ``until()`` (the writer closing), and
        each is told to ``waited`` (the writer's ``lock_waited``: its queue
        kept in the copy's journal meanwhile)."""
        with suppress(OSError):
            self.directory.mkdir(parents=True, exist_ok=True)
        return connection.connect(self.directory / database.NAME, until=until, waited=waited)

    def _settle_unfinished(self, db: sqlite3.Connection) -> None:
        """Record as abandoned the games left in progress by copies that died
        (this copy takes its own lock with its first game, before keeping
        it), after taking in what copies gone could not save before they
        closed (``leftover``). A failure only means they wait for the next
        start; so does another program writing the records now (the window
        does not wait)."""
        settled: list[unfinished.Settled] = []

        def settle(db: sqlite3.Connection) -> None:
            settled[:] = [unfinished.settle(db, self.directory, tell=self._notices,
                                            now=self._now(), replay_budget=self._replay_budget)]
        with suppress(sqlite3.Error), connection.hurried(db):
            if unfinished.left_behind(db, self.directory):
                run_in_transaction(db, settle)
                taken, told = settled[0]
                for text in told:             # once committed: the rows are out of the records
                    self._notices.add(text)
                for path, damaged in taken:   # once committed: their digest is in the records
                    if damaged:               # a journal (``spill``): the only ones set aside here
                        leftover.set_damaged_aside(path, tell=self._notices, now=self._now(),
                                                   told=notices.waiting_damaged)
                        continue
                    with suppress(OSError):
                        path.unlink()


def _refused_reading(path: Path) -> OSError | None:
    """Why the records at ``path``, which could not be read into memory,
    cannot be opened for reading; None when they can, or are no file (a
    folder that takes no writes, with records that are readable or none;
    a folder that cannot be made, its records never there)."""
    if not is_regular(path):
        return None
    try:
        with open(path, "rb"):
            return None
    except OSError as error:
        return error
