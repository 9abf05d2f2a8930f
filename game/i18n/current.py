"""The current language, and the functions every module translates with.

One language at a time for the whole program: the window switches it live
(View > Language) and every screen reads its strings again when it redraws.
``_`` and friends look the current catalogue up at each call, so a module
may import them once.
"""

from __future__ import annotations

import argparse
import gettext

from . import catalogs

_state: dict[str, gettext.NullTranslations | str] = {
    "language": catalogs.SOURCE_LANGUAGE,
    "catalogue": gettext.NullTranslations(),
}


def _catalogue() -> gettext.NullTranslations:
    catalogue = _state["catalogue"]
    assert isinstance(catalogue, gettext.NullTranslations)
    return catalogue


def set_language(lang: str) -> None:
    """Make ``lang`` current (UnknownLanguage if we do not have it)."""
    catalogue = catalogs.load(lang)
    _state["language"], _state["catalogue"] = lang, catalogue


def language() -> str:
    """The current language code ("en", "fr", ...)."""
    return str(_state["language"])


def _(message: str) -> str:
    """``message`` in the current language."""
    return _catalogue().gettext(message)


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it yet: for
    strings defined at import time (menu labels) and translated where shown."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the count ``n`` (the language's plural rule)."""
    return _catalogue().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart by ``context``."""
    return _catalogue().pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """``ngettext`` told apart by ``context``, as ``pgettext`` is ``_``."""
    return _catalogue().npgettext(context, singular, plural, n)


def translate_argparse() -> None:
    """Make argparse speak the current language. argparse looks its texts
    ("usage: ", "invalid choice: ...") up with gettext.gettext, bound when it
    was imported, which only reads environment variables; the language here
    may come from --lang or from Windows, so its lookups are pointed at our
    compiled copy of its catalogue instead."""
    lang = language()
    catalogue = (catalogs.load(lang, catalogs.ARGPARSE_DOMAIN)
                 if lang != catalogs.PSEUDO else _catalogue())
    # typeshed's argparse stub leaves out the module's own gettext names it replaces
    argparse._ = catalogue.gettext                     # type: ignore[attr-defined]
    argparse.ngettext = catalogue.ngettext             # type: ignore[attr-defined]
