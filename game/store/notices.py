"""What the player is told about their files, worded once, here.

The store queues messages; the window shows each one once and takes it off the
queue. A message already waiting is not queued twice, so a kiosk whose disk is
full does not pile up the same warning after every game.

A message is worded when it is shown, not when the problem is met: the store
opens its files before anyone knows the player's language (it is one of the
settings those files hold), so a damaged records.db found at start was told
in the system's language to a player who had chosen another.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path

from game.i18n import N_, _, ngettext, os_reason, quoted_path
from game.settings import setting_names


class Text:
    """A text for the player, put into words in the language of the moment
    each time it is read (``str``)."""

    def __init__(self, word: Callable[[], str]) -> None:
        self._word = word

    def __str__(self) -> str:
        return self._word()


class Notices:
    """Messages waiting to be shown to the player, oldest first (the store's
    writer thread adds to them too)."""

    def __init__(self) -> None:
        self._waiting: list[Text] = []
        self._lock = threading.Lock()

    def add(self, message: Text) -> None:
        with self._lock:
            if str(message) not in map(str, self._waiting):
                self._waiting.append(message)

    @property
    def waiting(self) -> list[str]:
        """The waiting messages, in the current language."""
        with self._lock:
            return [str(message) for message in self._waiting]

    def take(self) -> list[str]:
        """The waiting messages in the current language, leaving none."""
        with self._lock:
            taken, self._waiting = self._waiting, []
        return [str(message) for message in taken]


def shown(path: Path | str) -> str:
    """A path as text that can be drawn: bytes that are not UTF-8 (kept by
    Python as lone surrogates) become U+FFFD replacement characters."""
    return os.fsencode(path).decode("utf-8", "replace")


def quoted_file(path: Path | str) -> str:
    """A file or folder a notice names, ``shown`` and quoted as the
    language quotes a value (README, Languages: « » in French) and as the
    replay notices quote theirs (``quoted_path``): a bare path ran into the
    sentence around it, and "kept as records.corrupt-….db." left the
    reader to guess where the name ended."""
    return quoted_path(shown(path))


#: What SQLite says when the records cannot be read or written: fixed English
#: texts, which are their own message ids; any other is shown as it comes.
SQLITE_REASONS = frozenset((
    N_("database or disk is full"),
    N_("attempt to write a readonly database"),
    N_("disk I/O error"),
    N_("unable to open database file"),
    N_("database is locked"),
    N_("database disk image is malformed"),
    N_("file is not a database"),
    N_("access permission denied"),
))


def reason(error: BaseException) -> str:
    """A failed read or write in words a player can pass on: "Permission
    denied", "database or disk is full", in the player's language."""
    if isinstance(error, OSError):
        return os_reason(error)
    said = str(error)
    return _(said) if said in SQLITE_REASONS else said or type(error).__name__


def damaged(what: str, aside: Path) -> Text:
    # No verb agrees with {what}: "your game history ... start afresh" did.
    return Text(lambda: _("Your {what} could not be read: starting afresh. "
                          "The damaged file was kept as {file}.").format(
                              what=_(what), file=quoted_file(aside.name)))


def leftover_damaged(aside: Path) -> Text:
    """A file of results a copy could not save before it closed
    (``leftover``) that cannot be read: kept aside, never taken in."""
    return Text(lambda: _("Results that could not be saved before the game closed could not "
                          "be read, and were kept as {file}.").format(file=quoted_file(aside.name)))


def waiting_damaged(aside: Path) -> Text:
    """A journal of the results finished while the records waited for
    another copy (``spill``) that was partly unreadable, or partly refused:
    the rest taken in, the file kept aside. ``leftover_damaged``'s words,
    about a copy that closed, did not fit games finished with the game open."""
    return Text(lambda: _("Some results of games finished while your records were busy with "
                          "another copy of the game could not be read; the others were saved, "
                          "and the file was kept as {file}.").format(
                              file=quoted_file(aside.name)))


def in_progress_damaged(count: int, aside: Path) -> Text:
    """``count`` games that copies killed left in progress (``unfinished``)
    that could not be read, so not counted as abandoned: kept in ``aside``."""
    return Text(lambda: ngettext(
        "A game left in progress by a copy of the game that did not close normally could not "
        "be read, so it was not recorded; it was kept as {file}.",
        "{count} games left in progress by copies of the game that did not close normally "
        "could not be read, so they were not recorded; they were kept as {file}.",
        count).format(count=count, file=quoted_file(aside.name)))


def journal_aside(aside: Path) -> Text:
    """A journal of records.db that was no file (a folder, a FIFO): it held
    nothing of the records, which are opened as they are."""
    return Text(lambda: _("A file beside your records, which held none of them, could not be "
                          "read and was set aside as {file}.").format(file=quoted_file(aside.name)))


def partly_damaged(what: str, aside: Path, problems: list[Text]) -> Text:
    return Text(lambda: _("Part of your {what} could not be read and was dropped ({problems}). "
                          "The original file was kept as {file}.").format(
                              what=_(what), problems=_summary(problems), file=quoted_file(aside.name)))


def settings_reset(fields: list[str], aside: Path) -> Text:
    """``fields``, settings.json's keys, named as the menus and dialogs name them."""
    return Text(lambda: _("Some settings could not be read and are back to their defaults: "
                          "{fields}. The original file was kept as {file}.").format(
                              fields=_(", ").join(setting_names(fields)),
                              file=quoted_file(aside.name)))


def damaged_kept(what: str, path: Path, error: BaseException) -> Text:
    error = _bare(error)
    return Text(lambda: _("Your {what} could not be read, and the file {file} could not be set "
                          "aside ({reason}). It is left untouched; your {what} will not be "
                          "saved this time.").format(what=_(what), file=quoted_file(path.name),
                                                     reason=reason(error)))


def unreadable(what: str, path: Path, error: BaseException) -> Text:
    error = _bare(error)
    return Text(lambda: _("Your {what} could not be opened ({file}: {reason}). The file is "
                          "left untouched; your {what} will not be saved this time.").format(
                              what=_(what), file=quoted_file(path.name), reason=reason(error)))


def records_unreadable(path: Path, error: BaseException) -> Text:
    """records.db is there but cannot be read (owned by another user: a
    game once run with ``sudo`` made it root's): beside "cannot be saved",
    the player learns why Best Times, statistics and history are empty,
    and which file to give back to them."""
    error = _bare(error)
    return Text(lambda: _("Your records in {file} could not be read ({reason}), so Best Times, "
                          "statistics and history show only this session's games. The file is "
                          "left untouched.").format(file=quoted_file(path), reason=reason(error)))


def not_imported(what: str, path: Path, error: BaseException) -> Text:
    """An earlier version's file, read only to be imported, that cannot be
    opened: the session's games are saved all the same (in records.db), and
    the file is imported at a later start once it can be read."""
    error = _bare(error)
    return Text(lambda: _("Your {what} from an earlier version could not be opened ({file}: "
                          "{reason}). The file is left untouched; what it holds will be added "
                          "to your records at a start that can read it.").format(
                              what=_(what), file=quoted_file(path.name), reason=reason(error)))


def read_failed(path: Path, error: BaseException) -> Text:
    """The records could not be read while the game ran: what a dialog shows
    may lack some; saving goes on (the writer says if it stops too)."""
    error = _bare(error)
    return Text(lambda: _("Your records could not be read ({file}: {reason}), so some may be "
                          "missing from what is shown. The file is left untouched.").format(
                              file=quoted_file(path.name), reason=reason(error)))


def newer(what: str, path: Path) -> Text:
    # "The file": a sentence began with the name's quotation mark.
    return Text(lambda: _("The file {file} was written by a newer version of Minesweeper. It "
                          "is left untouched; your {what} will not be saved by this "
                          "version.").format(
                              what=_(what), file=quoted_file(path.name)))


def cannot_save(directory: Path, error: BaseException, *, kept: bool) -> Text:
    """Records refused by the disk. ``kept``: the session's results wait and
    are written as soon as the folder takes them (a full disk, a drive not
    mounted yet, another copy holding the records' lock), and those still
    waiting when the game closes go into its file of results left unsaved
    (``leftover``) if the folder takes that; else they live in memory only
    (records that could not be read in a folder that takes no writes)."""
    error = _bare(error)
    if kept:
        return Text(lambda: _("Records cannot be saved in {directory} ({reason}). The game "
                              "plays on and saves new results as soon as it can; any still "
                              "unsaved when it closes are kept for the next start, or lost if "
                              "the folder refuses them then.").format(
                                  directory=quoted_file(directory), reason=reason(error)))
    return Text(lambda: _("Records cannot be saved in {directory} ({reason}). The game plays "
                          "on, but new results will be lost when it closes.").format(
                              directory=quoted_file(directory), reason=reason(error)))


def unsaved_at_close(directory: Path, count: int, error: BaseException, *,
                     kept: int = 0, file: Path | None = None) -> Text:
    """The ``count`` games the disk still refused as the game closed, of
    which ``kept`` went into ``file`` for the next start (``leftover``):
    the window is gone by then, so this is said on the command line's
    stream."""
    error = _bare(error)
    lost = count - kept

    def word() -> str:
        said = []
        if lost:
            said.append(ngettext(
                "{count} result could not be saved in {directory} ({reason}) before the game "
                "closed, and is lost.",
                "{count} results could not be saved in {directory} ({reason}) before the game "
                "closed, and are lost.", lost).format(count=lost, directory=quoted_file(directory),
                                                      reason=reason(error)))
        if kept:
            said.append(ngettext(
                "{count} result could not be saved in {directory} ({reason}) before the game "
                "closed: it was kept in {file} and will be added to your records at the next "
                "start.",
                "{count} results could not be saved in {directory} ({reason}) before the game "
                "closed: they were kept in {file} and will be added to your records at the "
                "next start.", kept).format(count=kept, directory=quoted_file(directory),
                                            reason=reason(error), file=quoted_file(file or directory)))
        return " ".join(said)
    return Text(word)


def cannot_save_settings(path: Path, error: BaseException, *, kept: bool) -> Text:
    """settings.json refused where the records are not (a link into a folder
    that takes no writes). ``kept``: tried again, as the records are (the
    disk's failure); else that text can never be written (one no UTF-8
    file holds)."""
    error = _bare(error)
    if kept:
        return Text(lambda: _("Your settings cannot be saved in {file} ({reason}). The game "
                              "plays on and saves them as soon as it can; a change still "
                              "unsaved when it closes will be lost.").format(
                                  file=quoted_file(path), reason=reason(error)))
    return Text(lambda: _("Your settings cannot be saved in {file} ({reason}). The game plays "
                          "on, but this change will be lost when it closes.").format(
                              file=quoted_file(path), reason=reason(error)))


def kept_settings_aside(path: Path, aside: Path) -> Text:
    """The copy the game keeps of the settings (``settings.kept.json``) had
    a folder in its place (or a link to one), which no write could replace
    without deleting it: set aside as ``aside``, and the copy written anew."""
    return Text(lambda: _("The copy the game keeps of your settings, {file}, was not a file "
                          "and could not be written: it was set aside as {aside}, and a new copy "
                          "is written in its place.").format(
                              file=quoted_file(path.name), aside=quoted_file(aside.name)))


def kept_settings_unwritten(path: Path) -> Text:
    """The same, where what was in the copy's place could not be set aside
    (a folder that is a mount point): left as it is, and the copy unwritten."""
    return Text(lambda: _("The copy the game keeps of your settings, {file}, is not a file "
                          "and could not be set aside: it is left untouched. Your settings are "
                          "saved all the same, but those an older version of the game drops "
                          "from them will not come back.").format(file=quoted_file(path.name)))


def cannot_open_folder(directory: Path, error: BaseException) -> Text:
    error = _bare(error)
    return Text(lambda: _("Your settings and records in {directory} can be neither read nor "
                          "saved ({reason}). The game plays on with the defaults, but new "
                          "results will be lost when it closes.").format(
                              directory=quoted_file(directory), reason=reason(error)))


def _bare(error: BaseException) -> BaseException:
    """``error`` without its traceback: a notice keeps the error until it is
    shown, and the frames would keep what they held (a connection, the store)."""
    return error.with_traceback(None)


def _summary(problems: list[Text]) -> str:
    """The first problem, and how many more: enough to find it in the file."""
    more = len(problems) - 1
    if not more:
        return str(problems[0])
    return ngettext("{problem}, and {count} more", "{problem}, and {count} more", more).format(
        problem=problems[0], count=more)
