"""Every notice about the records quotes the file or folder it names as the
language quotes a value, as the replay notices do (README, Languages):
'records.corrupt-….db' in English, « records.corrupt-….db » in French. They
named it bare ("kept as records.corrupt-20261122-153000.db."), and the
reader had to guess where the name ended and the sentence went on."""

from __future__ import annotations

import os
from pathlib import Path, PureWindowsPath

import pytest

from game import i18n
from game.store import notices

NNBSP = "\u202f"
#: A name with what a bare name hid: spaces, a dot before the sentence's.
ASIDE = Path("/home/ann/my records/records.corrupt-20261122-153000.db")
FOLDER = Path("/home/ann/my records")
FULL = OSError(28, "No space left on device")

#: One notice of each kind, and the file or folder it names.
KINDS = {
    "damaged": (lambda: notices.damaged("records", ASIDE), ASIDE.name),
    "leftover damaged": (lambda: notices.leftover_damaged(ASIDE), ASIDE.name),
    "waiting damaged": (lambda: notices.waiting_damaged(ASIDE), ASIDE.name),
    "journal aside": (lambda: notices.journal_aside(ASIDE), ASIDE.name),
    "game in progress damaged": (lambda: notices.in_progress_damaged(1, ASIDE), ASIDE.name),
    "games in progress damaged": (lambda: notices.in_progress_damaged(3, ASIDE), ASIDE.name),
    "partly damaged": (lambda: notices.partly_damaged(
        "settings", ASIDE, [notices.Text(lambda: "marks: expected true or false")]), ASIDE.name),
    "settings reset": (lambda: notices.settings_reset(["marks"], ASIDE), ASIDE.name),
    "damaged kept": (lambda: notices.damaged_kept("records", ASIDE, FULL), ASIDE.name),
    "unreadable": (lambda: notices.unreadable("records", ASIDE, FULL), ASIDE.name),
    "read failed": (lambda: notices.read_failed(ASIDE, FULL), ASIDE.name),
    "newer": (lambda: notices.newer("records", ASIDE), ASIDE.name),
    "cannot save, kept": (lambda: notices.cannot_save(FOLDER, FULL, kept=True), str(FOLDER)),
    "cannot save": (lambda: notices.cannot_save(FOLDER, FULL, kept=False), str(FOLDER)),
    "unsaved at close": (lambda: notices.unsaved_at_close(FOLDER, 2, FULL), str(FOLDER)),
    "unsaved at close, kept": (lambda: notices.unsaved_at_close(
        FOLDER, 2, FULL, kept=2, file=ASIDE), str(ASIDE)),
    "settings not saved, kept": (lambda: notices.cannot_save_settings(
        ASIDE, FULL, kept=True), str(ASIDE)),
    "settings not saved": (lambda: notices.cannot_save_settings(
        ASIDE, FULL, kept=False), str(ASIDE)),
    "folder unusable": (lambda: notices.cannot_open_folder(FOLDER, FULL), str(FOLDER)),
    "copy of the settings aside": (lambda: notices.kept_settings_aside(
        FOLDER / "settings.kept.json", ASIDE), ASIDE.name),
    "copy of the settings unwritten": (lambda: notices.kept_settings_unwritten(
        FOLDER / "settings.kept.json"), "settings.kept.json"),
}


@pytest.mark.parametrize("language, quoted", [
    ("en", "'{}'"), ("fr", f"«{NNBSP}{{}}{NNBSP}»")])
@pytest.mark.parametrize("kind", list(KINDS))
def test_a_notice_quotes_the_file_or_folder_it_names(kind, language, quoted):
    make, name = KINDS[kind]
    i18n.set_language(language)
    said = str(make())
    assert quoted.format(name) in said, said
    assert said.count(name) == said.count(quoted.format(name))     # never bare


def test_the_unsaved_results_kept_name_their_folder_and_their_file_quoted():
    said = str(notices.unsaved_at_close(FOLDER, 3, FULL, kept=2, file=ASIDE))
    assert f"saved in '{FOLDER}' (" in said and f"kept in '{ASIDE}' and" in said
    assert f"1 result could not be saved in '{FOLDER}' (" in said           # the one lost


def test_a_windows_path_in_a_notice_keeps_its_backslashes_single():
    """English quotes as repr does, which doubled them: C:\\\\Users."""
    folder = PureWindowsPath("C:\\Users\\Ann\\AppData\\Local\\Minesweeper")
    said = str(notices.cannot_save(folder, FULL, kept=False))
    assert "saved in 'C:\\Users\\Ann\\AppData\\Local\\Minesweeper' (" in said


def test_a_name_that_is_not_utf8_is_quoted_as_it_is_drawn():
    """``shown``'s replacement character, quoted; not an escape the player
    never typed (\\udce9)."""
    aside = Path(os.fsdecode(b"/tmp/d\xe9j\xe0/records.corrupt-1.db"))
    i18n.set_language("fr")
    said = str(notices.damaged("records", aside))
    assert f"«{NNBSP}records.corrupt-1.db{NNBSP}»." in said
    said = str(notices.cannot_save(aside.parent, FULL, kept=False))
    assert f"«{NNBSP}/tmp/d\ufffdj\ufffd{NNBSP}»" in said
