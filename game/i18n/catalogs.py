"""Which languages we have, and their catalogues.

English is the language of the source, so it needs no catalogue; every other
language is a folder ``game/locale/<lang>/LC_MESSAGES`` holding
``minesweeper.mo`` (our strings) and, optionally, ``argparse.mo`` (the
standard library's command-line texts, which argparse looks up through
gettext). Adding a language is adding that folder: nothing here lists them.
"""

from __future__ import annotations

import functools
import gettext
import sys
from pathlib import Path

from .pseudo import PseudoTranslations

DOMAIN = "minesweeper"
ARGPARSE_DOMAIN = "argparse"
SOURCE_LANGUAGE = "en"
#: A test language: every string longer and accented, to find layouts that
#: only fit English. Never listed among the languages a player can choose.
PSEUDO = "pseudo"


def _locale_dir() -> Path:
    """``game/locale`` in a checkout or an install, or inside a one-file bundle."""
    bundle = getattr(sys, "_MEIPASS", None)
    base = Path(bundle) / "game" if bundle else Path(__file__).resolve().parent.parent
    return base / "locale"


LOCALE_DIR = _locale_dir()


class UnknownLanguage(ValueError):
    """A language asked for by name that we have no catalogue for."""


@functools.cache
def available() -> tuple[str, ...]:
    """The languages a player can choose: English and every compiled catalogue
    (looked for once: menus ask at every draw)."""
    found = sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))
    return (SOURCE_LANGUAGE, *[lang for lang in found if lang != SOURCE_LANGUAGE])


def name_of(lang: str) -> str:
    """A language's name in itself ("Français"), as its catalogue gives it."""
    if lang == SOURCE_LANGUAGE:
        return "English"
    name = load(lang).pgettext("language name", "English")
    return lang if name == "English" else name


def load(lang: str, domain: str = DOMAIN) -> gettext.NullTranslations:
    """The catalogue of ``lang`` for ``domain``; UnknownLanguage if we have none.
    A language we have but whose ``domain`` catalogue is missing (argparse's
    texts in a new language) falls back to English for that domain only."""
    if lang == PSEUDO:
        return PseudoTranslations()
    if lang == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    if lang not in available():
        raise UnknownLanguage(lang)
    return gettext.translation(domain, LOCALE_DIR, [lang], fallback=domain != DOMAIN)
