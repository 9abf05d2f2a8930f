"""An exported replay's file name is in the player's language, and keeps
only the ASCII letters, digits, "_" and "-" of a level we have no name for
(README, "Share")."""

import dataclasses
import re
import unicodedata

import pytest

from game import i18n
from game.replay import read_file
from game.ui.screens import replays
from game.ui.screens.replays import export_name
from game.words import FIELD_NAMES, LEVEL_NAMES
from tests.replay.helpers import flag_cycle

from .helpers import BOARD_8, make_app
from .test_replays import win


@pytest.mark.parametrize("level, kept", [
    ("expert\u017f", "expert"),          # long s: folds to "s"
    ("\u212aiosk", "iosk"),              # Kelvin sign: folds to "k"
    ("\u0130\u0131x", "x"),              # dotted capital I, dotless small i
    ("Big-M_2", "Big-M_2"),
])
def test_a_level_whose_letters_fold_to_ascii_is_still_cut_to_ascii(level, kept):
    """Matched ignoring case, [a-z] let through the letters whose case folds
    onto an ASCII one, so a stranger's file named "expertſ" was exported
    under a name that was not ASCII."""
    replay = dataclasses.replace(flag_cycle(3), level=level, date="2026-11-23T14:02:11")
    name = export_name(replay)
    assert name == f"20261123_1402_{kept}_unfinished.json"
    assert re.fullmatch(r"[A-Za-z0-9_.-]+", name, re.ASCII)


def _named(level: str, result: str) -> str:
    return replays.export_name(dataclasses.replace(flag_cycle(3), level=level, result=result,
                                                   date="2026-11-23T14:02:11"))


def test_an_exported_replay_is_named_in_the_players_language(tmp_path):
    """A French player's replays were saved, and listed by Open replay, as
    "20261123_1402_beginner_won": English words in a French game."""
    app = make_app(BOARD_8, data_dir=tmp_path, language="fr")
    win(app)
    path = replays.export(app, app.last_replay)
    app.exports.close()
    app.step()
    assert re.fullmatch(r"\d{8}_\d{4}_personnalisé_gagnée\.json", path.name)
    assert read_file(path) == app.last_replay
    assert _named("beginner", "lost") == "20261123_1402_débutant_perdue.json"
    assert _named("bigm", "unfinished") == "20261123_1402_grand-m_inachevée.json"
    i18n.set_language("en")
    assert _named("beginner", "won") == "20261123_1402_beginner_won.json"


#: What Windows refuses in a name, besides a dot or a space at its end.
WINDOWS_REFUSES = re.compile(r'[<>:"/\\|?*\x00-\x1f]')


@pytest.mark.parametrize("language", ["en", "fr", i18n.PSEUDO])
@pytest.mark.parametrize("level", [*LEVEL_NAMES, *FIELD_NAMES])
def test_every_exported_name_is_one_every_system_accepts(language, level):
    i18n.set_language(language)
    for result in ("won", "lost", "unfinished"):
        name = _named(level, result)
        stem = name.removesuffix(".json")
        assert not WINDOWS_REFUSES.search(name) and stem == stem.rstrip(". ")
        assert unicodedata.is_normalized("NFC", name)
        day, minute, level_word, result_word = stem.split("_")
        assert level_word and result_word


def test_a_name_the_file_system_cannot_spell_keeps_the_identifier(monkeypatch):
    """Under a Latin-1 locale the file system has no "œ": "cœur" could not be
    written, and the export failed. The level's identifier is used instead."""
    i18n.set_language("fr")
    monkeypatch.setattr(replays.os, "fsencode", lambda text: text.encode("latin-1"))
    assert _named("heart", "won") == "20261123_1402_heart_gagnée.json"
