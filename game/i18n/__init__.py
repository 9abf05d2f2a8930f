"""Translations: every word the player reads goes through here.

Standard-library gettext at run time (catalogues compiled by Babel and
committed under ``game/locale``); this package only decides which catalogue
is current, formats numbers and dates the way the current language writes
them, and words the system's reasons for a failed file operation. It
imports nothing but the standard library, so the solver can use it and stay
free of pygame.

    from game.i18n import _, N_, ngettext
    _("New game")                       # translated now
    N_("Beginner")                      # marked for extraction, translated where shown
    ngettext("{n} mine", "{n} mines", n).format(n=n)
"""

from .catalogs import DOMAIN, LOCALE_DIR, PSEUDO, UnknownLanguage, available, name_of
from .current import N_, _, language, ngettext, npgettext, pgettext, set_language, translate_argparse
from .errors import os_reason
from .numbers import chance, date, date_and_time, day_and_time, decimal, percent, whole
from .quotes import marks, quoted, quoted_path
from .system import choose, system_language

__all__ = [
    "DOMAIN", "LOCALE_DIR", "N_", "PSEUDO", "UnknownLanguage", "_", "available", "chance", "choose",
    "date", "date_and_time", "day_and_time", "decimal", "language", "marks", "name_of",
    "ngettext",
    "npgettext", "os_reason",
    "percent", "pgettext", "quoted", "quoted_path", "set_language", "system_language",
    "translate_argparse", "whole",
]
