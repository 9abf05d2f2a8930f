"""The language the player's system speaks.

On Linux and macOS, the variables gettext itself reads, in its order
(LANGUAGE, LC_ALL, LC_MESSAGES, LANG: the first one set decides, and
LANGUAGE may list several languages by preference). On Windows, where those
are rarely set, the language of the user's interface, asked of Windows
itself (also inside the one-file executable, which sees the same API). A
language we do not have means English, without a word.
"""

from __future__ import annotations

import locale
import os
import sys
from collections.abc import Callable, Mapping

from . import catalogs

ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def _primary(tag: str) -> str:
    """"fr" from "fr_CA.UTF-8", "fr-FR" or "fr@euro", and from an alias
    gettext knows ("french", locale.alias); "" for "C" and "POSIX"."""
    if tag.split(".")[0].split("@")[0].lower() in ("c", "posix"):
        return ""
    tag = locale.normalize(tag).split(".")[0].split("@")[0].replace("-", "_")
    return tag.split("_")[0].lower()


def _from_environment(environ: Mapping[str, str]) -> list[str] | None:
    for name in ENVIRONMENT:
        value = environ.get(name, "")
        if value:
            return [_primary(tag) for tag in value.split(":")]
    return None


def windows_ui_language() -> str:
    """The Windows user interface language as a locale name ("fr_FR"), or ""."""
    try:
        import ctypes
        langid = ctypes.windll.kernel32.GetUserDefaultUILanguage()  # type: ignore[attr-defined]
    except (AttributeError, OSError):
        return ""
    return locale.windows_locale.get(langid, "")


def system_language(environ: Mapping[str, str] | None = None, platform: str | None = None,
                    windows: Callable[[], str] = windows_ui_language) -> str:
    """The first language the system asks for that we have, else English."""
    environ = os.environ if environ is None else environ
    platform = sys.platform if platform is None else platform
    wanted = _from_environment(environ)
    if wanted is None and platform == "win32":
        wanted = [_primary(windows())]
    have = catalogs.available()
    for lang in wanted or ():
        if lang in have:
            return lang
    return catalogs.SOURCE_LANGUAGE


def choose(saved: str = "") -> str:
    """The language of this run: the one the player saved in the settings
    if we have it (``--lang`` arrives here as a setting too), else the system's."""
    if saved and (saved in catalogs.available() or saved == catalogs.PSEUDO):
        return saved
    return system_language()
