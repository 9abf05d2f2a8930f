"""Keeping the player's settings: settings.json read at start (filled in from
this version's own copy, reset and set aside when it cannot be read) and
written in the background, merged into the file under a lock that other
copies of the game take too, its failures told apart from the records'.

The half of :class:`~game.store.store.Store` that does it, kept apart as
:mod:`game.store.opening` is: the store is what the game calls, this is how
one of its files is kept.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from contextlib import suppress
from dataclasses import asdict, fields
from datetime import datetime
from pathlib import Path
from typing import Any

from game.i18n import N_
from game.safe_read import read_capped
from game.settings import Settings

from . import interlock, notices, repeated_names, settings_file
from .atomic import is_aside, write_atomic
from .document import JsonFile, schema_of, through_link
from .file_writer import FileWriter
from .notices import Notices
from .settings_merge import Changes, changes, merged

#: How long a save waits for another copy's to be written (a few
#: milliseconds, as a rule) before the writer thread tries again later
#: (``FileWriter``'s retry): a copy stopped while it held the lock (Ctrl+Z,
#: SIGSTOP) has read the file, and once continued writes it back as it read
#: it, over any save made meanwhile without the lock.
LOCK_WAIT_S = 5.0


class SettingsKeeping:
    """How a store keeps its settings. It reads and sets the store's own
    attributes, declared here."""

    directory: Path
    #: What settings.json held when this copy last read or wrote it (set by
    #: the settings' writer thread once the store is open).
    settings: Settings
    _notices: Notices
    _now: Callable[[], datetime]
    _settings_file: JsonFile
    _settings_writer: FileWriter[Changes]
    _other_settings: dict[str, Any]      # a newer version's, written back
    _saving: bool                        # the records are being saved
    _settings_saving: bool               # False: the last settings write failed
    _settings_told: bool                 # that failure was told (until a write succeeds)
    _settings_waiting: bool              # the last save found another copy's lock held
    _settings_closing: bool              # the store is closing: no more waiting for it
    _kept_told: bool                     # the copy (KEPT_NAME) could not be written: told

    def save_settings(self) -> None:
        """Persist :attr:`settings` as they are now, every field of them
        (merged as :meth:`save_settings_merged` merges: the fields this
        version does not know are the file's)."""
        self.save_settings_merged(self.settings, [f.name for f in fields(Settings)])

    def save_settings_merged(self, ours: Settings, changed: Iterable[str]) -> None:
        """Persist the fields ``changed`` of ``ours`` into settings.json as
        it is when written: another copy of the game may have saved it since
        this one read it. The window only queues them (it never waits for
        the disk, nor for another copy); the writer thread merges them into
        the file (:meth:`_write_merged`)."""
        if not self._settings_file.locked:
            self._settings_writer.submit(changes(ours, changed))

    def _lock_settings(self) -> None:
        """settings.json is a newer version's: never written again this
        session, said once."""
        if not self._settings_file.locked:
            self._settings_file.locked = True
            self._notices.add(notices.newer(self._settings_file.what, self._settings_file.path))

    def _settings_failed(self, error: Exception) -> None:
        """settings.json was refused, or another copy held the lock through
        the save's wait (:class:`~game.store.interlock.Busy`: nothing is
        refused, the save is tried again later, and nothing told). Said as the settings' own failure, once
        until a write succeeds again, but not while the records in the same
        folder are refused too (their notice says it): told as the records',
        a link into a place that takes no writes had the player told the
        records could not be saved, and stopped what needs them saved (the
        game in progress kept, a later failure of the records told). Told
        only if the records were saved at the first failure, a link into a
        read-only folder went unsaid for good when the records had failed
        first (a full disk, a lock), recovered since or not."""
        self._settings_waiting = isinstance(error, interlock.Busy)
        if self._settings_waiting:
            return
        # The file the link leads to, which is what refused: the link's own
        # folder, named, takes writes, and the reason told ("Read-only file
        # system") was true of neither it nor the name shown.
        file = through_link(self._settings_file.path)
        if not self._settings_told and (self._saving or file != self._settings_file.path):
            self._notices.add(notices.cannot_save_settings(
                file, error, kept=isinstance(error, OSError)))
            self._settings_told = True
        self._settings_saving = False

    def _settings_resumed(self) -> None:
        self._settings_saving = True
        self._settings_told = False
        self._settings_waiting = False

    def _close_settings(self) -> None:
        """End the settings' writer (flushed). A change another copy's lock
        still keeps back (that copy stopped mid-save and never continued)
        is written now without the lock rather than lost with the session:
        that copy, if continued later, may write over it, as every save past
        the lock's wait could before. A save the lock already kept back
        through a whole wait is not tried again with another (``_lock_wait``)."""
        self._settings_closing = True
        self._settings_writer.close()
        left = self._settings_writer.given_up
        if left is not None and self._settings_waiting:
            with suppress(OSError, ValueError):
                self._write_merged(left, strict=False)

    def _load_settings(self) -> None:
        """:attr:`settings` and the fields this version does not know, as
        settings.json holds them (:meth:`_read_settings`); and the player
        told again of a settings.json an earlier copy set aside but was
        killed before its window showed why (``settings_file.UNTOLD_NAME``
        left behind): the next start found no settings.json, or the one
        salvaged from it, and said nothing. Not when this start sets one
        aside itself: a copy killed just before its rename left the file
        to be found damaged again, and told now. Nor when the copy that
        left it still runs (``JsonFile.claim_untold``): its window tells."""
        owed = _newest_aside(self._settings_file.path) \
            if self._settings_file.claim_untold() else None
        self._read_settings()
        if self._settings_file.aside is None:
            if owed is not None:
                self._notices.add(_told_again(owed))
            else:
                self._settings_file.told()    # nothing set aside is left to tell of

    def _read_settings(self) -> None:
        """:attr:`settings` and the fields this version does not know, as
        settings.json holds them. A file reset is saved once they are set:
        the writer thread falls back on them where it cannot read the file."""
        self.settings = Settings()
        document = None if self._settings_file.locked else self._settings_file.load()
        if document is None:
            if self._settings_file.copied:
                # Damaged behind a link, and copied aside: the linked file is
                # given the defaults, as a renamed settings.json is replaced
                # by them (else it was set aside again at every start).
                self.save_settings()
            return
        document = settings_file.restored(document, self._kept_settings())
        self.settings, bad = settings_file.decode(document)
        self._other_settings = settings_file.unknown(document)
        if bad:
            aside = self._settings_file.set_aside_salvaged()
            if aside is not None:
                self._notices.add(_reset_told(bad, aside))
                self.save_settings()

    def _kept_settings(self) -> dict[str, Any] | None:
        """The copy of the settings this version saved last (``KEPT_NAME``),
        or None when there is none of a schema it knows. It only fills in
        what settings.json lacks, so anything wrong with it is passed over in
        silence: the next save writes it afresh."""
        return _read_known(self.directory / settings_file.KEPT_NAME)

    def _write_merged(self, changes: Changes, *, strict: bool = True) -> None:
        """On the writer thread: ``changes`` (this copy's value of each field
        it changed) merged into settings.json as it is now, read, merged and
        written while holding a lock that every copy of the game takes to
        save (:data:`~game.store.settings_file.LOCK_NAME`, beside the
        records): read on the window's thread, the file was written later,
        and what another copy saved in between was written over. Every other
        field keeps what the file holds, the fields this version does not
        know included. A field of the file that is bad (a hand edit) keeps
        what this copy last read or wrote: its default would be saved as if
        chosen, and the file's other fields (another copy's language) are
        still taken. A file that cannot be read (gone, damaged) is written
        as this copy last read or wrote it, with the changes. A newer
        version's, written since this copy started, is left untouched from
        then on, as one found at the start is: written over, the newer
        copy's settings went back to this version's, its own ones lost.
        Another copy holding the lock through :data:`LOCK_WAIT_S` raises
        :class:`~game.store.interlock.Busy`, the changes kept for later;
        not ``strict`` (the last try, as the game closes), the file is
        written at once without the lock."""
        if self._settings_file.locked:
            return
        self.directory.mkdir(parents=True, exist_ok=True)        # removed while we ran?
        with interlock.exclusive(self.directory / settings_file.LOCK_NAME,
                                 self._lock_wait() if strict else 0.0, tell=self._notices,
                                 now=self._now, strict=strict,
                                 until=self._settings_writer.close_by):
            base, others = self.settings, self._other_settings
            read = _read_with_schema(self.directory / settings_file.NAME)
            if read is not None and read[1] > settings_file.SCHEMA:
                self._lock_settings()
                return
            if read is not None:
                base, others = _on_disk(self.directory, read[0], base) or (base, others)
            settings = merged(base, changes)
            self._write_settings(settings_file.encode(settings, others))
        self.settings, self._other_settings = settings, others

    def _lock_wait(self) -> float:
        """How long a save waits for another copy's lock: :data:`LOCK_WAIT_S`,
        but not at all as the store closes once the lock has kept a save back
        through a whole wait (that copy is stopped): the close's last try
        waited it out again before writing unlocked, and the game lingered
        10 s after its window had gone."""
        return 0.0 if self._settings_closing and self._settings_waiting else LOCK_WAIT_S

    def _write_settings(self, text: str) -> None:
        """settings.json, after this version's own copy of it (``KEPT_NAME``).
        The copy only backs settings.json up: one that cannot be written
        never keeps settings.json from being saved."""
        self._write_kept(text.encode("utf-8"))
        self._settings_file.save(text)

    def _write_kept(self, data: bytes) -> None:
        """This version's own copy of the settings (``KEPT_NAME``). A folder
        in its place, or a link to one (``interlock.no_file``: a hand edit,
        a sync tool), is set aside first, never deleted, and the player
        told once: the copy went unwritten without a word at every save (a
        link to a folder was replaced by the file, deleted), and what an
        older copy of the game drops from settings.json never came back.
        Where it cannot be set aside, it is left as it is, and told once.
        The disk's own refusals are not told here: settings.json meets
        them too, and tells them."""
        path = self.directory / settings_file.KEPT_NAME
        if interlock.no_file(path):
            aside = interlock.set_aside_no_file(path, self._now)
            if aside is None:
                if not self._kept_told:
                    self._kept_told = True
                    self._notices.add(notices.kept_settings_unwritten(path))
                return
            self._notices.add(notices.kept_settings_aside(path, aside))
        with suppress(OSError):
            write_atomic(through_link(path), data, owner_reads=True)


def _newest_aside(path: Path) -> Path | None:
    """The copy of the settings file ``path`` set aside last (``corrupt``),
    by the date in its name, then the number a second one that second
    took; None when there is none."""
    try:
        names = [name for name in os.listdir(path.parent) if is_aside(name, path, "corrupt")]
    except OSError:
        return None
    stamp = len(f"{path.stem}.corrupt-YYYYmmdd-HHMMSS")
    return path.with_name(max(names, key=lambda name: (name[:stamp], len(name), name))) \
        if names else None


def _told_again(aside: Path) -> notices.Text:
    """What the player was to be told of ``aside``, read from it: the
    settings it holds that were reset, or the whole file if it cannot be
    read as settings at all."""
    read = _read_with_schema(aside)
    bad = settings_file.decode(read[0])[1] if read is not None else []
    return _reset_told(bad or [f.name for f in fields(Settings)], aside)


def _reset_told(bad: list[str], aside: Path) -> notices.Text:
    """The notice for the settings ``bad`` reset: named one by one, or, when
    that is every one of them (no settings object at all), said as a file
    that could not be read: "some settings" then listed all twenty."""
    if set(bad) == {f.name for f in fields(Settings)}:
        return notices.damaged(N_("settings"), aside)
    return notices.settings_reset(bad, aside)


def saved_settings(directory: Path) -> Settings:
    """The settings a store opened on ``directory`` would start with, read
    without writing anything (the defaults for a file it would set aside or
    leave to a newer version, and for each bad field). The command line
    checks the board they lead to before it opens the store: opening it
    imports old records files, sets damaged files aside and records the
    games of copies that died, and a command line then refused for that
    board (``--shape grid`` after a hexagonal board too dense for the grid)
    had changed the records, with the notices told to nobody."""
    document = _restored(directory)
    return Settings() if document is None else settings_file.decode(document)[0]


def _on_disk(directory: Path, stored_document: dict[str, Any],
             fallback: Settings) -> tuple[Settings, dict[str, Any]] | None:
    """The settings saved in ``directory`` (``stored_document``, its
    settings.json as just read, of a schema this version knows) and the
    fields this version does not know, read without writing anything, each
    bad field holding ``fallback``'s value rather than its default (saved, a
    default would pass for a choice); None when they do not agree (a custom
    board then too dense for its shape)."""
    document = _with_kept(directory, stored_document)
    settings, bad = settings_file.decode(document)
    stored = document.get("settings")
    if bad and isinstance(stored, dict):            # not a dict: every field is bad
        ours = asdict(fallback)                     # copies: no list shared with the store's
        settings, bad = settings_file.decode(
            {**document, "settings": {**stored, **{name: ours[name] for name in bad}}})
    return None if bad else (settings, settings_file.unknown(document))


def _restored(directory: Path) -> dict[str, Any] | None:
    """settings.json in ``directory`` with what an older copy dropped from
    it restored from this version's own copy, or None when there is none of
    a schema this version knows."""
    document = _read_known(directory / settings_file.NAME)
    return None if document is None else _with_kept(directory, document)


def _with_kept(directory: Path, document: dict[str, Any]) -> dict[str, Any]:
    """settings.json's ``document`` with what an older copy dropped from it
    restored from this version's own copy in ``directory``."""
    return settings_file.restored(document, _read_known(directory / settings_file.KEPT_NAME))


def _read_known(path: Path) -> dict[str, Any] | None:
    """The settings document at ``path``, or None when there is none of a
    schema this version knows (missing, damaged, a newer version's)."""
    read = _read_with_schema(path)
    return None if read is None or read[1] > settings_file.SCHEMA else read[0]


def _read_with_schema(path: Path) -> tuple[dict[str, Any], int] | None:
    """The settings document at ``path`` and its schema, or None when there
    is none (missing, unreadable, damaged)."""
    try:
        document = repeated_names.loads(read_capped(path))
    except (OSError, ValueError, RecursionError):
        return None
    schema = schema_of(document)
    return None if schema is None else (document, schema)
