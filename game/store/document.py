"""One versioned JSON file of the store, and what to do when it is not right.

Each file is an object with a ``"schema"`` number. Reading sorts a file into
one of four cases so that no case can cost the player data:

- missing: defaults, nothing said;
- good (same schema): its content, to be decoded by the file's codec;
- damaged (not JSON, truncated, not an object, no valid schema, not a
  regular file (a loop of symbolic links included), larger than any file
  the game writes, the codec found bad parts, or an old file the database
  refuses to import): renamed aside under a dated name, then rewritten
  from what could be salvaged; if it cannot be renamed it is locked
  instead;
- newer schema, or unreadable (permissions): locked.

A locked file is never written this session, so a newer version's data and a
damaged file that could not be set aside both survive untouched.
"""

from __future__ import annotations

import errno
import json
import os
from collections.abc import Callable
from contextlib import suppress
from datetime import datetime
from pathlib import Path
from typing import Any

from game.safe_read import NotAFile, TooLarge, is_regular, read_capped

from . import interlock, notices
from .atomic import copy_aside, rename_without_overwrite, set_aside, write_atomic
from .notices import Notices


def schema_of(document: object) -> int | None:
    """The schema a file's top-level object states: a whole number from 1
    (JSON's true and 1.0 are none, though Python takes them for 1); None
    when it states none, as a damaged file does."""
    schema = document.get("schema") if isinstance(document, dict) else None
    if not isinstance(schema, int) or isinstance(schema, bool) or schema < 1:
        return None
    return schema


class JsonFile:
    """A file of the store: ``name`` in ``directory``, written at ``schema``,
    holding the player's ``what`` (for messages: "best times and statistics")."""

    def __init__(self, directory: Path, name: str, schema: int, what: str, *,
                 tell: Notices, now: Callable[[], datetime], keep_link: bool = False,
                 imported: bool = False, untold: Path | None = None,
                 parse: Callable[[bytes], Any] = json.loads) -> None:
        """``keep_link``: a symbolic link to a regular file elsewhere (a
        dotfiles folder) stays a link when the file is set aside.
        ``imported``: an earlier version's file, read only to be imported
        into the records: one that cannot be opened is said not imported
        yet, not "will not be saved" (the games still go into records.db).
        ``untold``: a file made just before this one is set aside, and
        locked while this copy lives (:meth:`claim_untold`), which the
        caller removes once the player has been shown why (:meth:`told`):
        a copy killed in between leaves it, and the next start tells again.
        ``parse``: how the file's bytes are read as JSON (settings.json's
        names given twice are told apart: ``repeated_names``)."""
        self.path = directory / name
        self.untold = untold
        self._untold_held: int | None = None      # our lock on ``untold``
        #: Where :meth:`set_aside` put the file this session, if it did.
        self.aside: Path | None = None
        self.imported = imported
        self.schema = schema
        self.what = what
        self.locked = False
        self.keep_link = keep_link
        self.copied = False          # set aside as a copy: the linked file still holds it
        self._read: bytes | None = None     # what load() read, which a copy set aside is
        #: Where the file was renamed aside this session, until what was
        #: salvaged from it is written in its place (``set_aside_salvaged``),
        #: and whether it is back under its own name meanwhile.
        self._salvaged_from: Path | None = None
        self._put_back = False
        self._tell = tell
        self._now = now
        self._parse = parse

    def load(self) -> dict[str, Any] | None:
        """The file's top-level object when it is readable and of our schema;
        None (use defaults) otherwise, after dealing with the file as above."""
        try:
            raw = read_capped(self.path)
        except FileNotFoundError:
            return None
        except (NotAFile, TooLarge):
            self.damaged()
            return None
        except OSError as error:
            if error.errno == errno.ELOOP:      # a loop of links: no file, as a FIFO is none
                self.damaged()
                return None
            self.locked = True
            told = notices.not_imported if self.imported else notices.unreadable
            self._tell.add(told(self.what, self.path, error))
            return None
        self._read = raw
        try:
            document = self._parse(raw)
        except (ValueError, RecursionError):   # bad JSON, bad UTF-8, absurd nesting
            self.damaged()
            return None
        schema = schema_of(document)
        if schema is None or not isinstance(document, dict):    # a schema: an object
            self.damaged()
            return None
        if schema > self.schema:
            self.locked = True
            self._tell.add(notices.newer(self.what, self.path))
            return None
        return document

    def set_aside(self) -> Path | None:
        """Keep the damaged file under a dated name and return that name (the
        caller tells the player what was lost); when it cannot be renamed, lock
        the file, tell the player and return None."""
        marked = self._mark_untold()
        aside = None
        try:
            aside = self._aside()
        except FileNotFoundError:
            # Gone since it was read: another copy of the game, started at
            # the same moment, set it aside and told its player. This one
            # was locked, "could not be set aside (No such file...)", and
            # saved none of its settings all session.
            pass
        except OSError as error:
            self.locked = True
            self._tell.add(notices.damaged_kept(self.what, self.path, error))
        if aside is None and marked:
            self.told()                          # nothing of ours to tell of
        self.aside = aside or self.aside
        return aside

    def _mark_untold(self) -> bool:
        """Make the ``untold`` file, before the rename (made after it, a
        kill in between left no trace of the telling owed), and hold it;
        whether this call made it (one already there is another telling
        still owed, this copy's own if it claimed it)."""
        if self.untold is None:
            return False
        try:
            os.close(os.open(self.untold, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
        except OSError:                          # there already, or a folder that takes none
            return False
        self.claim_untold()
        return True

    def claim_untold(self) -> bool:
        """Whether the ``untold`` file is this copy's to tell of: there, and
        held by no other copy (its maker was killed, or closed before its
        window showed why), held by this one from now on. One held by a
        copy still running is that copy's: a second copy started with it
        told the player the same a second time."""
        if self._untold_held is None and self.untold is not None:
            self._untold_held = interlock.hold(self.untold, create=False)
        return self._untold_held is not None

    def told(self) -> None:
        """The player was shown why (or nothing is left to tell of): the
        ``untold`` file this copy holds goes."""
        if self._untold_held is None or self.untold is None:
            return
        self.let_go_untold()
        with suppress(OSError):
            self.untold.unlink()

    def let_go_untold(self) -> None:
        """Let other copies claim the ``untold`` file (this copy closing
        without having shown why): the next start tells it."""
        if self._untold_held is not None:
            interlock.let_go(self._untold_held)
            self._untold_held = None

    def _aside(self) -> Path | None:
        """Renamed; but a link kept (``keep_link``) to a regular file in a
        folder that takes writes has its bytes copied aside instead: renamed,
        the link itself went aside and the salvaged file was written as a
        plain file in its place, so the file in the dotfiles folder never saw
        another change. (A folder that takes none, a read-only mount, keeps
        the rename: the settings are then saved beside the records, not set
        aside again at every start.) None when another copy of the game,
        started with this one, copied it aside first (as a rename finds the
        file gone): the linked file no longer holds what was read, or these
        bytes were just copied aside."""
        linked = through_link(self.path)
        if self.keep_link and linked != self.path and os.access(linked.parent, os.W_OK):
            with suppress(NotAFile, TooLarge):       # none to copy: the link goes aside
                data = read_capped(linked)
                if self._read is not None and data != self._read:
                    return None                      # set aside and written afresh since read
                aside = copy_aside(self.path, data, "corrupt", self._now())
                self.copied = aside is not None
                return aside
        return set_aside(self.path, "corrupt", self._now())

    def damaged(self) -> None:
        """Set the file aside and tell the player their ``what`` starts afresh
        (also for a file that reads well but cannot be imported)."""
        aside = self.set_aside()
        if aside is not None:
            self._tell.add(notices.damaged(self.what, aside))

    def set_aside_salvaged(self) -> Path | None:
        """``set_aside``, for a file whose readable part :meth:`save` is to
        write in its place: renamed, it stays aside only once that is
        written. On a full disk the rename went through (it takes no room)
        and the write did not: the game closed with no file at all, and the
        next start had every setting at its default where one was bad."""
        aside = self.set_aside()
        if aside is not None and not self.copied:
            self._salvaged_from = aside
        return aside

    def save(self, text: str) -> None:
        """Write ``text`` atomically unless the file is locked; raise OSError
        (old file intact) when the write fails. A file set aside for
        salvage (:meth:`set_aside_salvaged`) is put back under its name
        while the write fails, and set aside again, under the name the
        player was told, before the next attempt."""
        if self.locked:
            return
        if self._salvaged_from is None:
            write_atomic(through_link(self.path), text.encode("utf-8"))
            return
        self._aside_again()
        try:
            write_atomic(through_link(self.path), text.encode("utf-8"))
        except OSError:
            self._put_back_salvaged()
            raise
        self._salvaged_from = None

    def _put_back_salvaged(self) -> None:
        """The file set aside for salvage, back under its own name (unless
        another copy of the game wrote one meanwhile)."""
        if self._salvaged_from is None or self._put_back:
            return
        with suppress(OSError):
            rename_without_overwrite(self._salvaged_from, self.path)
            self._put_back = True

    def _aside_again(self) -> None:
        """The file put back, aside again before the salvage is written over
        it; no longer ours to set aside once it holds other bytes than were
        read (another copy of the game saved its settings over it)."""
        if self._salvaged_from is None or not self._put_back:
            return
        try:
            unchanged = read_capped(self.path) == self._read
        except OSError:
            unchanged = False
        if not unchanged:
            self._salvaged_from, self._put_back = None, False
            return
        try:
            rename_without_overwrite(self.path, self._salvaged_from)
        except FileExistsError:             # the name told was taken since: the next free one
            self._salvaged_from = set_aside(self.path, "corrupt", self._now())
        self._put_back = False


def through_link(path: Path) -> Path:
    """Where to write ``path``: the regular file its symbolic link leads to,
    if it is one. The file was read through the link; written in its place,
    the link (a settings.json kept in a dotfiles folder) was replaced by a
    plain file at the first change, and the linked file never saw another.
    The same for settings.kept.json, written beside it (GNU Stow links a
    dotfiles folder's files one by one)."""
    if path.is_symlink() and is_regular(path):
        return Path(os.path.realpath(path))
    return path
