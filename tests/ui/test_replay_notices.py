"""The replay notices quote the file or folder they name as the language
quotes a value (README, Languages: « » in French), as the reasons they give
quote theirs: "Replay enregistré sous /…/x.json" had no « », beside
"les coups donnent « won »". Each is a sentence, stopped as the records'
notices shown in the same dialog are ("Le fichier endommagé est conservé
sous le nom « … »."): "Replay enregistré sous « … »" had no full stop."""

import os

import pygame
import pytest

from game import i18n
from game.ui.screens import replays
from game.ui.screens.notice import NoticeDialog
from tests.replay.helpers import flag_cycle

from .helpers import BOARD_8, key, make_app, post
from .test_replays import win

NNBSP = "\u202f"


@pytest.mark.parametrize("language, text", [
    ("en", "Replay saved as '{path}'."),
    ("fr", f"Replay enregistré sous «{NNBSP}{{path}}{NNBSP}».")])
def test_the_export_notice_quotes_the_file_s_path(tmp_path, language, text):
    app = make_app(BOARD_8, data_dir=tmp_path / "my data", language=language)
    win(app)
    app.commands.run("export_replay")
    [file] = (tmp_path / "my data" / "replays").glob("*.json")
    assert isinstance(app.top, NoticeDialog)
    assert app.top.text == text.format(path=file)


@pytest.mark.parametrize("language, text", [
    ("en", "Cannot save the replay: '{path}' is not a folder."),
    ("fr", f"Impossible d’enregistrer le replay{NNBSP}: «{NNBSP}{{path}}{NNBSP}» "
           "n’est pas un dossier.")])
def test_the_export_failure_quotes_the_folder(tmp_path, language, text):
    """A file stands where the replays folder goes."""
    (tmp_path / "replays").write_text("not a folder")
    app = make_app(data_dir=tmp_path, language=language)
    replays.export(app, flag_cycle(3))
    app.exports.close()
    app.step()
    assert isinstance(app.top, NoticeDialog)
    assert app.top.text == text.format(path=tmp_path / "replays")


@pytest.mark.parametrize("language, start", [
    ("en", "Cannot open the replay 'bad file.json': "),
    ("fr", f"Impossible d’ouvrir le replay «{NNBSP}bad file.json{NNBSP}»{NNBSP}: ")])
def test_the_open_failure_quotes_the_file_s_name(tmp_path, language, start):
    bad = tmp_path / "bad file.json"
    bad.write_text("{")
    app = make_app(data_dir=tmp_path / "data", language=language)
    post(pygame.DROPFILE, file=str(bad))
    app.step(3)
    assert isinstance(app.top, NoticeDialog)
    assert app.top.text.startswith(start)
    assert app.top.text.endswith(" 2.")      # a sentence, as the records' notices
    key(app, pygame.K_RETURN)


def test_a_windows_path_keeps_its_backslashes_single():
    """repr, English's quoting, doubles a backslash: a Windows player read
    'C:\\\\Users\\\\Ann' for C:\\Users\\Ann."""
    path = "C:\\Users\\Ann\\replays\\x.json"
    assert i18n.quoted_path(path) == f"'{path}'"
    i18n.set_language("fr")
    assert i18n.quoted_path(path) == f"«{NNBSP}{path}{NNBSP}»"


def test_a_path_s_control_characters_are_shown_escaped_on_one_line():
    assert i18n.quoted_path("/tmp/a\nb") == "'/tmp/a\\nb'"
    name = os.fsdecode(b"/tmp/caf\xe9.json")               # not UTF-8: a lone surrogate
    assert i18n.quoted_path(name) == "'/tmp/caf\\udce9.json'"

