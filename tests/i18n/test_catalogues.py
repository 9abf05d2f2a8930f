"""The catalogues: complete, consistent, well set in French, compiled, drawable.

Babel (in the test extra) reads the .po files, so these tests read exactly
what the tool and translators read, and the staleness test runs the tool's
own --check rather than a second implementation of it.
"""

from __future__ import annotations

import copy
import json
import re
import shutil
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from game.i18n import pseudo
from game.resources import asset_path

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "game" / "locale"
sys.path.insert(0, str(ROOT / "tools"))
import i18n as tool  # noqa: E402  (tools/ is not a package)

NNBSP = "\u202f"
PO_FILES = sorted(LOCALE.glob("*/LC_MESSAGES/*.po"))
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\([^)]*\)[a-z]|%[a-z]")


_TEMPLATES: dict[str, object] = {}


@pytest.fixture
def sources_extracted_once(monkeypatch):
    """The game's own sources, unchanged by the tests that damage a copy of
    the catalogues, extracted once for them all (a second each time, three
    times a test, was most of their time): each call gets its own copy, as
    the tool updates catalogues from the template it is handed."""
    extract = tool.extract

    def cached(domain):
        if domain.name not in _TEMPLATES:
            _TEMPLATES[domain.name] = extract(domain)
        return copy.deepcopy(_TEMPLATES[domain.name])
    monkeypatch.setattr(tool, "extract", cached)


def entries(path: Path):
    with path.open("rb") as f:
        return [m for m in read_po(f) if m.id]


def _forms(message) -> list[tuple[str, str]]:
    """(source, translation) pairs: msgid with msgstr[0], msgid_plural with the rest."""
    if isinstance(message.id, str):
        return [(message.id, message.string)]
    singular, plural = message.id
    return [(singular if i == 0 else plural, text) for i, text in enumerate(message.string)]


def test_there_is_a_french_catalogue_for_the_game_and_for_argparse():
    names = {p.relative_to(LOCALE).as_posix() for p in PO_FILES}
    assert {"fr/LC_MESSAGES/minesweeper.po", "fr/LC_MESSAGES/argparse.po"} <= names


@pytest.mark.parametrize("path", PO_FILES, ids=lambda p: p.relative_to(LOCALE).as_posix())
def test_no_entry_is_untranslated_or_fuzzy(path):
    bad = [m.id for m in entries(path)
           if m.fuzzy or not all(text for _source, text in _forms(m))]
    assert not bad, bad


@pytest.mark.parametrize("path", PO_FILES, ids=lambda p: p.relative_to(LOCALE).as_posix())
def test_every_translation_keeps_the_placeholders_of_its_source(path):
    """The same placeholders (a sentence may name one twice in one language
    and once in another)."""
    bad = [(source, text) for m in entries(path) for source, text in _forms(m)
           if set(PLACEHOLDER.findall(source)) != set(PLACEHOLDER.findall(text))
           and not (isinstance(m.id, tuple) and source == m.id[0]
                    and set(PLACEHOLDER.findall(text)) <= set(PLACEHOLDER.findall(m.id[1])))]
    assert not bad, bad


def _french_prose(text: str) -> str:
    """French text without its placeholders, times (12:05) and key names."""
    return re.sub(r"%\([^)]*\)[a-z]|%[a-z%]|\{[^{}]*\}|\d+:\d+|%r", "", text)


@pytest.mark.parametrize("domain", ["minesweeper", "argparse"])
def test_french_typography(domain):
    """A narrow no-break space before : ; ? ! and %, inside « »; the curly
    apostrophe; never an ordinary space where a break would orphan the sign."""
    bad = []
    for m in entries(LOCALE / "fr" / "LC_MESSAGES" / f"{domain}.po"):
        for _source, text in _forms(m):
            prose = _french_prose(text)
            if re.search(r"[ \u00a0][:;?!%]|[\w)][;?!](\s|$)|\w:\s", prose):
                bad.append(text)
            if "« " in prose or " »" in prose:
                bad.append(text)
            if re.search(r"[a-zA-Zéèà]'[a-zA-Zéèàâêîôûœ]", prose):
                bad.append(text)
    assert not bad, bad


@pytest.mark.parametrize("domain", ["minesweeper", "argparse"])
def test_french_quotes_words_in_guillemets(domain):
    """« mot », not 'mot' nor "mot" as English writes it (a JSON string
    quoted inside a JSON array is the file's syntax, and stays)."""
    bad = []
    for m in entries(LOCALE / "fr" / "LC_MESSAGES" / f"{domain}.po"):
        for _source, text in _forms(m):
            prose = re.sub(r"\[[^\]]*\]", "", text)           # JSON shown as written
            if re.search(r"(^|[\s(,])'[^']*'|\"|[\u201c\u201d\u2018]", prose):
                bad.append(text)
    assert not bad, bad


def test_the_readmes_french_quick_start_follows_french_typography_too():
    """Its prose set ": " after a narrow no-break space but "l’avons ;" with
    an ordinary one, which a line break can leave at the start of a line."""
    text = (ROOT / "README.md").read_text(encoding="utf-8").split("### Démarrage rapide")[1]
    prose = re.sub(r"```.*?```|`[^`]*`", "", text, flags=re.S).split("\n#")[0]
    assert "Le jeu parle" in prose
    assert not re.findall(r".{12}[ \u00a0][:;?!%]", prose)


def test_french_window_title_and_menu_words_are_the_french_windows_game_s():
    french = {m.id: m.string for m in entries(LOCALE / "fr" / "LC_MESSAGES" / "minesweeper.po")
              if isinstance(m.id, str)}
    assert french["Minesweeper"] == "Démineur"
    menu = ("&Game", "&New", "&Beginner", "&Intermediate", "&Expert", "&Custom...", "&Marks (?)",
            "Best &Times...", "E&xit", "&Help")
    assert tuple(french[word].replace("&", "") for word in menu) == (
        "Partie", "Nouvelle partie", "Débutant", "Intermédiaire", "Expert", "Personnalisé...",
        "Marques (?)", "Meilleurs temps...", "Quitter", "?")


#: Words a French title keeps capitalised after its first: names.
FRENCH_NAMES = {"Démineur", "Windows", "XP", "M"}


def _words(label: str) -> list[str]:
    """A label's words, its access key's "&" and its arrows ("< &Back") left out."""
    return [w for w in label.replace("&", "").split() if any(c.isalpha() for c in w)]


def test_french_titles_capitalise_only_their_first_word():
    """English writes titles and menu items in title case ("Custom Field",
    "Open Replay", "Best &Times..."); French capitalises the first word
    alone ("Champ personnalisé", "Ouvrir un replay", "Meilleurs temps...")."""
    bad = []
    for m in entries(LOCALE / "fr" / "LC_MESSAGES" / "minesweeper.po"):
        if not isinstance(m.id, str) or re.search(r"[.:;!?,{]\s|[:{]", m.id.rstrip(".")):
            continue
        words = _words(m.id)
        if len(words) < 2 or m.id.isupper() or not all(w[:1].isupper() for w in words
                                                       if len(w) > 3):
            continue                       # not a title: a phrase, a key name, the banner
        capitals = [w for w in _words(m.string)[1:]
                    if w[:1].isupper() and w.strip("().") not in FRENCH_NAMES]
        if capitals:
            bad.append((m.id, m.string))
    assert not bad, bad


def test_a_french_label_ends_in_an_ellipsis_as_its_source_does():
    """A menu item that opens a dialog says so with "..." in both languages
    (Windows' own three dots), a cue in progress with "…"."""
    bad = [(m.id, m.string) for m in entries(LOCALE / "fr" / "LC_MESSAGES" / "minesweeper.po")
           if isinstance(m.id, str)
           and any(m.id.endswith(end) != m.string.endswith(end) for end in ("...", "\u2026"))]
    assert not bad, bad


def test_compiled_catalogues_and_templates_are_current(sources_extracted_once):
    assert tool.stale() == []


def test_a_catalogue_compiled_by_another_babel_is_not_stale(monkeypatch):
    """Babel writes its own version into the compiled header: a fresh install
    (the README's test command, CI) that got a newer Babel than the one that
    compiled the committed .mo files failed this suite on every catalogue."""
    import babel.messages.catalog as babel_catalog
    po = tool.read(LOCALE / "fr" / "LC_MESSAGES" / "minesweeper.po", "fr")
    ours = tool.render_mo(po)
    monkeypatch.setattr(babel_catalog, "VERSION", "99.0.0")
    theirs = tool.render_mo(po)
    assert b"Babel 99.0.0" in theirs and ours != theirs
    assert tool.mo_messages(theirs) == tool.mo_messages(ours)


def test_another_babel_rewrites_no_catalogue_whose_messages_are_the_same(
        tmp_path, monkeypatch, sources_extracted_once):
    """``python tools/i18n.py`` run with a newer Babel rewrote all six
    catalogues for their "Generated-By" line alone, when no message had
    changed: churn in every commit, conflicts between branches."""
    import babel.messages.catalog as babel_catalog
    copy = tmp_path / "locale"
    shutil.copytree(LOCALE, copy)
    before = {p: p.read_bytes() for p in copy.rglob("*") if p.is_file()}
    monkeypatch.setattr(tool, "LOCALE", copy)
    monkeypatch.setattr(tool, "ROOT", tmp_path)
    monkeypatch.setattr(babel_catalog, "VERSION", "99.0.0")
    assert tool.build() == []
    assert {p: p.read_bytes() for p in copy.rglob("*") if p.is_file()} == before


def test_the_check_notices_a_po_edited_without_compiling(tmp_path, monkeypatch, sources_extracted_once):
    copy = tmp_path / "locale"
    shutil.copytree(LOCALE, copy)
    po = copy / "fr" / "LC_MESSAGES" / "minesweeper.po"
    po.write_text(po.read_text(encoding="utf-8").replace('msgstr "Démineur"',
                                                         'msgstr "Le Démineur"'),
                  encoding="utf-8")
    monkeypatch.setattr(tool, "LOCALE", copy)
    monkeypatch.setattr(tool, "ROOT", tmp_path)
    assert tool.stale() == ["locale/fr/LC_MESSAGES/minesweeper.mo: not compiled from its .po"]
    tool.build()
    assert tool.stale() == []


@pytest.mark.parametrize("damage", [b"", b"not a catalogue", b"\xde\x12\x04\x95\0\0"],
                         ids=["empty", "garbage", "cut short"])
def test_a_damaged_compiled_catalogue_is_stale_and_the_build_makes_it_again(
        tmp_path, monkeypatch, damage, sources_extracted_once):
    """A .mo cut short or damaged (an interrupted write, a bad merge) made
    both --check and the build, which should write it again, stop with a
    traceback from gettext."""
    copy = tmp_path / "locale"
    shutil.copytree(LOCALE, copy)
    mo = copy / "fr" / "LC_MESSAGES" / "minesweeper.mo"
    good = mo.read_bytes()
    mo.write_bytes(damage)
    monkeypatch.setattr(tool, "LOCALE", copy)
    monkeypatch.setattr(tool, "ROOT", tmp_path)
    assert tool.stale() == ["locale/fr/LC_MESSAGES/minesweeper.mo: not compiled from its .po"]
    assert tool.build() == [mo]
    # the same messages (not bytes: another Babel names itself in the header)
    assert tool.mo_messages(mo.read_bytes()) == tool.mo_messages(good)
    assert tool.stale() == []


def test_the_check_notices_references_left_stale_and_the_build_writes_them_again(
        tmp_path, monkeypatch, sources_extracted_once):
    """A message whose source moved kept its old "#: file" reference in the
    catalogs, and --check, comparing the messages alone, said nothing."""
    copy = tmp_path / "locale"
    shutil.copytree(LOCALE, copy)
    moved = ('#: game/words.py\nmsgid "Beginner"', '#: game/levels_old.py\nmsgid "Beginner"')
    for path in (copy / "minesweeper.pot", copy / "fr" / "LC_MESSAGES" / "minesweeper.po"):
        text = path.read_text(encoding="utf-8")
        assert moved[0] in text
        path.write_text(text.replace(*moved), encoding="utf-8")
    monkeypatch.setattr(tool, "LOCALE", copy)
    monkeypatch.setattr(tool, "ROOT", tmp_path)
    assert tool.stale() == ["locale/minesweeper.pot: references differ from the sources",
                            "locale/fr/LC_MESSAGES/minesweeper.po: not updated from the sources"]
    tool.build()
    assert tool.stale() == []
    for path in (copy / "minesweeper.pot", copy / "fr" / "LC_MESSAGES" / "minesweeper.po"):
        assert moved[0] in path.read_text(encoding="utf-8")


def test_the_check_notices_a_new_string_in_the_sources(tmp_path, monkeypatch):
    shutil.copytree(LOCALE, tmp_path / "game" / "locale")
    source = tmp_path / "game" / "new.py"
    source.write_text('from game.i18n import _\nTEXT = _("A string nobody translated yet")\n')
    monkeypatch.setattr(tool, "ROOT", tmp_path)
    monkeypatch.setattr(tool, "SOURCES", tmp_path / "game")
    monkeypatch.setattr(tool, "LOCALE", tmp_path / "game" / "locale")
    problems = tool.stale()
    assert "game/locale/minesweeper.pot: messages differ from the sources" in problems
    assert "game/locale/fr/LC_MESSAGES/minesweeper.po: not updated from the sources" in problems


def _catalogue_characters() -> set[str]:
    found = set()
    for path in PO_FILES:
        for m in entries(path):
            for _source, text in _forms(m):
                found |= set(text)
    return found - {"\n"}


def _atlas_names() -> set[str]:
    """The sprites of the committed atlas (where the game finds it)."""
    return set(json.loads(asset_path("sprites", "atlas.json").read_text())["sprites"])


def test_the_pixel_font_draws_every_character_the_catalogues_use():
    names = _atlas_names()
    for face in ("regular", "bold"):
        missing = sorted(ch for ch in _catalogue_characters()
                         if f"font_{face}_{ord(ch)}" not in names)
        assert not missing, (face, missing)


def test_the_font_has_the_french_letters_and_signs():
    names = _atlas_names()
    for ch in "éèêàâçôûùîïœ«»\u2019\u202fÉÀÇŒ":
        assert f"font_regular_{ord(ch)}" in names, ch


def test_the_pseudo_locale_is_longer_accented_and_keeps_placeholders():
    for text in ("New game", "Reset the best times of the {level} level?",
                 "%(prog)s: error: %(message)s\n", "OK"):
        fake = pseudo.pseudo(text)
        assert len(fake) >= 1.35 * len(text)
        assert PLACEHOLDER.findall(fake) == PLACEHOLDER.findall(text)
        assert fake.startswith("[") and fake.endswith("]")
    assert pseudo.pseudo("New game") == "[Ñéw gåmé ~~]"


def test_the_pixel_font_draws_the_pseudo_locale_too():
    names = _atlas_names()
    letters = set(pseudo.pseudo("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"))
    assert all(f"font_regular_{ord(ch)}" in names for ch in letters - {" "})


@pytest.mark.parametrize("path", PO_FILES, ids=lambda p: p.relative_to(LOCALE).as_posix())
def test_a_translation_keeps_one_access_key_where_its_source_marks_one(path):
    """A menu item's or a dialog's "&" marks the letter drawn underlined
    (``&Height:``): a translation that drops it leaves the control with no
    key, one that marks two or an "&" before nothing draws a stray "&"
    (the French Help menu's key is its "?")."""
    marked = re.compile(r"&\S")
    bad = [(source, text) for m in entries(path) for source, text in _forms(m)
           if marked.search(source) and (text.count("&") != 1 or not marked.search(text))]
    assert not bad, bad
