"""Which language: the system's (environment, or Windows' UI language),
--lang for one run, View > Language live and saved; French everywhere then."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from unittest import mock

import pygame
import pytest

from game import i18n
from game.cli.arguments import UsageError
from game.cli.options import parse
from game.i18n import _
from game.settings import Settings
from game.solver import hint
from game.store import Store, settings_file
from game.ui.menus import MENUS
from tests.cli.test_cli import run as cli_run

ROOT = Path(__file__).resolve().parents[2]
NNBSP = "\u202f"


@pytest.mark.parametrize("environ, expected", [
    ({"LANGUAGE": "fr_FR:en_GB"}, "fr"),
    ({"LANGUAGE": "de:fr"}, "fr"),                     # the first language we have
    ({"LANG": "fr_CA.UTF-8"}, "fr"),
    ({"LC_MESSAGES": "fr_BE@euro", "LANG": "en_US.UTF-8"}, "fr"),
    ({"LC_ALL": "C", "LANG": "fr_FR.UTF-8"}, "en"),    # the first variable set decides
    ({"LANG": "de_DE.UTF-8"}, "en"),                   # unknown: English, silently
    ({"LANG": "french"}, "fr"),                        # an alias gettext reads as fr_FR
    ({"LANGUAGE": "français:en"}, "fr"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANGUAGE": "POSIX:fr"}, "fr"),
    ({}, "en"),
])
def test_the_environment_decides_on_linux_and_macos(environ, expected):
    assert i18n.system_language(environ, "linux", windows=lambda: "fr_FR") == expected


@pytest.mark.parametrize("ui_language, expected", [("fr_FR", "fr"), ("fr_CA", "fr"),
                                                   ("en_US", "en"), ("de_DE", "en"), ("", "en")])
def test_windows_asks_for_the_user_interface_language(ui_language, expected):
    assert i18n.system_language({}, "win32", windows=lambda: ui_language) == expected


def test_a_language_variable_set_on_windows_wins_over_the_ui_language():
    assert i18n.system_language({"LANG": "en_US"}, "win32", windows=lambda: "fr_FR") == "en"


@pytest.mark.parametrize("ranked, expected", [(["fr-FR", "en-US"], "fr"), (["de-DE", "fr-CA"], "fr"),
                                             (["en-GB", "fr-FR"], "en"), (["zh-Hans-CN"], "en"),
                                             ([], "en")])
def test_macos_started_from_the_finder_asks_for_the_languages_the_user_ranked(ranked, expected):
    """The Finder and the Dock set no LANG: a French Mac's player who
    double-clicked the game got it in English."""
    assert i18n.system_language({}, "darwin", mac=lambda: ranked) == expected


def test_a_language_variable_set_on_macos_wins_over_the_ranked_languages():
    assert i18n.system_language({"LANG": "en_US.UTF-8"}, "darwin", mac=lambda: ["fr-FR"]) == "en"


def test_the_ranked_languages_are_none_off_macos():
    if sys.platform != "darwin":
        assert i18n.system.mac_preferred_languages() == []


def test_windows_ui_language_is_empty_off_windows():
    if sys.platform != "win32":
        assert i18n.system.windows_ui_language() == ""


def test_saved_language_beats_the_system_unknown_saved_language_is_ignored(monkeypatch):
    monkeypatch.setenv("LANGUAGE", "fr")
    assert i18n.choose("") == "fr"
    assert i18n.choose("en") == "en"
    assert i18n.choose("xx") == "fr"


def test_languages_are_english_and_every_compiled_catalogue():
    assert i18n.available()[0] == "en"
    assert "fr" in i18n.available()
    assert i18n.name_of("fr") == "Français" and i18n.name_of("en") == "English"


def test_unknown_language_is_refused_by_name():
    with pytest.raises(i18n.UnknownLanguage):
        i18n.set_language("xx")


# --- French formats ---------------------------------------------------------------

def test_french_numbers_dates_and_percentages():
    i18n.set_language("fr")
    assert i18n.decimal(123.456, 1) == "123,5"
    assert i18n.whole(1234567) == f"1{NNBSP}234{NNBSP}567"
    assert i18n.percent(0.08) == f"8{NNBSP}%"
    assert i18n.date("2026-11-23T14:05:09") == "23/11/2026"
    assert i18n.day_and_time("2026-11-23T14:05:09") == "23/11 14:05"
    i18n.set_language("en")
    assert (i18n.decimal(123.456, 1), i18n.percent(0.08), i18n.date("2026-11-23T14:05")) == \
        ("123.5", "8\u00a0%", "2026-11-23")


def test_plural_forms_follow_the_language():
    from game.words import mines
    i18n.set_language("fr")
    nbsp = "\u00a0"
    assert (mines(0), mines(1), mines(2)) == (f"0{nbsp}mine", f"1{nbsp}mine",     # French: 0 is
                                              f"2{nbsp}mines")                    # singular
    i18n.set_language("en")
    assert (mines(0), mines(1), mines(2)) == (f"0{nbsp}mines", f"1{nbsp}mine", f"2{nbsp}mines")


def test_the_solver_explains_its_hints_in_french():
    i18n.set_language("fr")
    h = hint(["0000",
              "0111",
              "01##",
              "01##"], 2)
    assert h.explanation == ("ce 1 touche déjà sa mine (trouvée par un 1 voisin), "
                             "donc ses autres voisines sont sûres")


@pytest.mark.parametrize("view, mines, told", [
    (["000", "011", "01#"], 1, "ce 1 a exactement une voisine couverte\u202f: une mine"),
    (["00000000", "00000000", "12211121", "1F#11#2#", "12211121", "01111110", "13#32#21",
      "#####2##"], 10,
     "ce 2 a besoin d’une mine de plus et n’a plus qu’une voisine indécise\u202f: une mine"),
])
def test_one_mine_or_neighbour_is_spelt_out_in_a_french_hint(view, mines, told):
    """"a besoin de 1 mine de plus et n’a plus que 1 voisine": French elides
    before "une" ("d’une", "qu’une"), which a digit cannot take."""
    i18n.set_language("fr")
    assert hint(view, mines, first_click="safe").explanation == told


def test_mines_found_agree_with_how_many_a_french_hint_speaks_of():
    """"sa mine (trouvée ...)" but "ses 2 mines (trouvées ...)": the
    participle agrees with the mines it is about."""
    i18n.set_language("fr")
    h = hint(["12F11F21",
              "F211113#",
              "1100002F",
              "0000002#",
              "0000002#",
              "1100002F",
              "F100113#",
              "11001F2#"], 10)
    assert h.explanation == ("ce 2 touche déjà ses 2 mines (trouvées par un 3 voisin), "
                             "donc ses autres voisines sont sûres")


def test_the_systems_reasons_are_said_in_the_players_language(tmp_path):
    """An OSError's strerror is the C library's English: "lecture impossible
    (No such file or directory)" in a French line."""
    import errno

    from game.replay import ReplayError, read_file
    from game.store import notices
    i18n.set_language("fr")
    with pytest.raises(UsageError) as refused:
        parse(["--mask", str(tmp_path / "none.txt")])
    assert str(refused.value).endswith("(Aucun fichier ou dossier de ce nom)")
    with pytest.raises(ReplayError) as unread:
        read_file(tmp_path / "none.json")
    assert str(unread.value).endswith(f"{NNBSP}: Aucun fichier ou dossier de ce nom")
    assert notices.reason(PermissionError(errno.EACCES, "Permission denied")) == \
        "Permission refusée"
    assert notices.reason(OSError(errno.EXDEV, "Invalid cross-device link")) == \
        "Invalid cross-device link"                  # one we do not know: as the system says


# --- the command line -------------------------------------------------------------

def environment(**env: str) -> dict[str, str]:
    """This process's environment without its language, then ``env``."""
    environ = {k: v for k, v in os.environ.items()
               if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    return {**environ, **env}


def run_process(*args: str, **env: str) -> subprocess.CompletedProcess:
    """``python -m game`` with ``args`` and the environment ``env`` gives."""
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True,
                          text=True, cwd=ROOT, env=environment(**env), timeout=60)


def run(*args: str, **env: str) -> subprocess.CompletedProcess:
    """As ``run_process``, the command line's ``main`` run in this process
    (the language is chosen from the environment as the call is made)."""
    with mock.patch.dict(os.environ, environment(**env), clear=True):
        return cli_run(*args)


def test_help_in_french_with_lang_fr_including_argparse_s_own_words():
    out = run("--lang", "fr", "--help")
    assert out.returncode == 0
    assert out.stdout.startswith(f"utilisation{NNBSP}: minesweeper")
    assert "afficher ce message d\u2019aide et quitter" in out.stdout
    assert "démarrer en plein écran" in out.stdout
    assert "[--mask FICHIER]" in out.stdout and "FILE" not in out.stdout     # the metavars too
    assert f"\noptions{NNBSP}:\n" in out.stdout                   # argparse's own heading


def test_errors_in_the_system_language():
    out = run_process("--level", "hard", LANG="fr_FR.UTF-8")
    assert out.returncode == 2
    assert out.stderr == (f"minesweeper{NNBSP}: erreur{NNBSP}: argument --level{NNBSP}: choix "
                          f"invalide{NNBSP}: «{NNBSP}hard{NNBSP}» (choix possibles{NNBSP}: "
                          f"«{NNBSP}beginner{NNBSP}», «{NNBSP}intermediate{NNBSP}», "
                          f"«{NNBSP}expert{NNBSP}»)\n")
    out = run("--width", "5", "--height", "9", "--mines", "3", LANGUAGE="fr")
    assert out.stderr == f"minesweeper{NNBSP}: erreur{NNBSP}: la largeur doit aller de 8 à 100, et non 5\n"


@pytest.mark.parametrize("args, english, french", [
    (["--frames", "99999999999"], "from 1 to 1,892,160,000, not 99,999,999,999",
     "de 1 à 1 892 160 000, et non 99 999 999 999"),
    (["--seed", "-4"], "from 0 to 18,446,744,073,709,551,615, not -4",
     "de 0 à 18 446 744 073 709 551 615, et non -4"),
    (["--demo", "--idle", "90000"], "from 1 to 86,400 seconds", "de 1 à 86 400 secondes"),
])
def test_a_range_refused_is_written_as_the_language_writes_numbers(args, english, french):
    """The board's size errors group digits ("de 1 à 9 801"); the other
    ranges came ungrouped in both languages ("de 1 à 1892160000")."""
    assert english in run("--lang", "en", *args).stderr
    grouped = re.sub(r"(?<=\d) (?=\d{3})", NNBSP, french)        # "1 892" with a narrow space
    assert grouped in run("--lang", "fr", *args).stderr


def test_unknown_system_language_is_english_silently():
    out = run("--bogus", LANG="de_DE.UTF-8")
    assert out.stderr == "minesweeper: error: unrecognized arguments: --bogus\n"


def test_lang_for_a_language_we_do_not_have_is_one_line_and_exit_2():
    out = run("--lang", "xx", "--frames", "1")
    assert out.returncode == 2
    assert out.stderr == ("minesweeper: error: argument --lang: no 'xx' translation; "
                          "available: en, fr\n")


def test_lang_given_twice_speaks_the_language_the_run_takes():
    """argparse keeps the last --lang; the messages spoke the first one
    ("--lang fr --lang en" ran in English and refused in French)."""
    assert parse(["--lang", "fr", "--lang", "en"]).overrides == {"language": "en"}
    out = run("--lang", "fr", "--lang=en", "--level", "hard")
    assert out.stderr.startswith("minesweeper: error: argument --level: invalid choice")
    out = run("--lang=en", "--lang", "fr", "--level", "hard")
    assert out.stderr.startswith(f"minesweeper{NNBSP}: erreur{NNBSP}: argument --level")


def _saved(folder: Path, language: str) -> Path:
    """``folder`` holding settings.json with ``language`` saved, as View >
    Language saves it."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / settings_file.NAME).write_text(settings_file.encode(Settings(language=language), {}))
    return folder


FRENCH_IDLE = f"minesweeper{NNBSP}: erreur{NNBSP}: argument --idle{NNBSP}: doit être un nombre"
ENGLISH_IDLE = "minesweeper: error: argument --idle: must be a number of seconds, not 'x'\n"


def test_without_lang_the_command_line_speaks_the_saved_language(tmp_path):
    """The window speaks the language saved in the settings, and the
    command line spoke the system's: a player who chose Français in the
    game was refused in English."""
    french = str(_saved(tmp_path / "fr", "fr"))
    out = run("--idle", "x", "--data-dir", french, LANG="en_US.UTF-8")
    assert out.returncode == 2
    assert out.stderr.startswith(FRENCH_IDLE)
    help_text = run(f"--data-dir={french}", "--help", LANG="en_US.UTF-8").stdout
    assert help_text.startswith(f"utilisation{NNBSP}: minesweeper")
    assert "démarrer en plein écran" in help_text
    english = str(_saved(tmp_path / "en", "en"))
    out = run("--data-dir", english, "--idle", "x", LANG="fr_FR.UTF-8")
    assert (out.returncode, out.stderr) == (2, ENGLISH_IDLE)


def test_lang_anywhere_beats_the_saved_language_which_refuses_a_bad_lang(tmp_path):
    french = str(_saved(tmp_path, "fr"))
    out = run("--data-dir", french, "--idle", "x", "--lang", "en")
    assert (out.returncode, out.stderr) == (2, ENGLISH_IDLE)
    out = run("--data-dir", french, "--lang", "xx")
    assert out.returncode == 2
    assert out.stderr == (f"minesweeper{NNBSP}: erreur{NNBSP}: argument --lang{NNBSP}: aucune "
                          f"traduction «{NNBSP}xx{NNBSP}»{NNBSP}; langues disponibles{NNBSP}: en, fr\n")


@pytest.mark.skipif(sys.platform != "linux", reason="XDG_DATA_HOME is the data folder on Linux")
def test_without_data_dir_the_saved_language_is_the_user_data_folder_s(tmp_path):
    _saved(tmp_path / "Minesweeper", "fr")
    out = run("--idle", "x", XDG_DATA_HOME=str(tmp_path))
    assert (out.returncode, out.stderr.startswith(FRENCH_IDLE)) == (2, True)


def test_settings_that_cannot_be_read_leave_the_system_s_language(tmp_path):
    """A --data-dir that is a file, or a settings.json that is not JSON: the
    system's language, and the refusal of the options as before."""
    (tmp_path / settings_file.NAME).write_text("{not json")
    for folder in (tmp_path, tmp_path / settings_file.NAME):
        out = run("--idle", "x", "--data-dir", str(folder), LANG="fr_FR.UTF-8")
        assert (out.returncode, out.stderr.startswith(FRENCH_IDLE)) == (2, True)
        out = run("--idle", "x", "--data-dir", str(folder))
        assert (out.returncode, out.stderr) == (2, ENGLISH_IDLE)


def test_lang_overrides_the_setting_for_this_run_only():
    options = parse(["--lang", "fr"])
    assert options.overrides == {"language": "fr"}
    assert options.settings_from(Settings(language="en")).language == "fr"


def test_a_french_window_from_the_command_line_saves_no_language(tmp_path):
    out = run("--lang", "fr", "--frames", "2", "--data-dir", str(tmp_path),
              SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    assert out.returncode == 0, out.stderr
    saved = tmp_path / "settings.json"
    assert not saved.exists() or '"fr"' not in saved.read_text()


# --- in the window ----------------------------------------------------------------

def _app(tmp_path, **settings):
    from tests.ui.helpers import make_app
    return make_app(data_dir=tmp_path, **settings)


def _choose_language(app, name: str) -> None:
    """Open View with a click on its title and click the language's item."""
    from game.ui.render.menubar import popup_geometry, title_rects
    from tests.ui.helpers import post
    view = [title for title, _items in MENUS].index("&View")
    titles = title_rects(app.painter, app.layout.menu_h, app.layout.mode_button.x)
    at = app.viewport.to_display(titles[view].center)
    post(pygame.MOUSEBUTTONDOWN, button=1, pos=at)
    post(pygame.MOUSEBUTTONUP, button=1, pos=at)
    app.step()
    items = app.top.items
    geo = popup_geometry(app.painter, items, titles[view], app.layout.size)
    rect = geo.item_rects[[i.label for i in items].index(name)]
    pos = app.viewport.to_display(rect.center)
    post(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)
    post(pygame.MOUSEBUTTONUP, button=1, pos=pos)
    app.step()


def _bar(app) -> bytes:
    rect = app.viewport.to_display((0, 0))
    area = pygame.Rect(rect, (app.layout.size[0] * app.viewport.scale, app.layout.menu_h))
    return pygame.image.tobytes(app.display.surface.subsurface(area), "RGB")


def test_view_language_switches_live_and_is_saved(tmp_path):
    french = _app(tmp_path / "fr", language="fr")
    french_bar = _bar(french)
    app = _app(tmp_path / "en")
    english_bar = _bar(app)
    assert pygame.display.get_caption()[0] == "Minesweeper"
    _choose_language(app, "Français")
    assert i18n.language() == "fr"
    assert pygame.display.get_caption()[0] == "Démineur"
    assert _bar(app) == french_bar != english_bar          # the bar redrawn in French
    assert [i.label for i in MENUS[0][1][:1]] == ["Nouvelle partie"]
    app.store.flush()                                       # written in the background
    assert Store(tmp_path / "en").settings.language == "fr"   # saved for the next start
    _choose_language(app, "English")
    assert _bar(app) == english_bar and i18n.language() == "en"


def test_open_screens_are_redrawn_in_the_new_language(tmp_path):
    app = _app(tmp_path)
    app.commands.run("best_times")
    app.step()
    assert "Reset" in [w.label for w in app.top.widgets if hasattr(w, "label")]
    app.set_language("fr")
    app.step()
    assert "Effacer" in [w.label for w in app.top.widgets if hasattr(w, "label")]


def test_a_saved_language_is_used_at_the_next_start(tmp_path):
    _app(tmp_path, language="fr")
    assert i18n.language() == "fr" and pygame.display.get_caption()[0] == "Démineur"
    assert _("E&xit") == "&Quitter"
