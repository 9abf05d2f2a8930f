"""The language the player's system speaks.

On Linux and macOS, the variables gettext itself reads, in its order
(LANGUAGE, LC_ALL, LC_MESSAGES, LANG: the first one set decides, and
LANGUAGE may list several languages by preference). On Windows, where those
are rarely set, the language of the user's interface, asked of Windows
itself (also inside the one-file executable, which sees the same API). On
macOS none is set for a program started from the Finder or the Dock (only
the Terminal sets LANG): the languages the user ranked in the system's
settings are asked of macOS instead. A language we do not have means
English, without a word.
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
        # typeshed declares ctypes.windll for Windows only; elsewhere it is the AttributeError
        langid = ctypes.windll.kernel32.GetUserDefaultUILanguage()  # type: ignore[attr-defined]
    except (AttributeError, OSError):
        return ""
    return locale.windows_locale.get(langid, "")


#: CoreFoundation's code for UTF-8 (kCFStringEncodingUTF8).
_CF_UTF8 = 0x08000100
_CORE_FOUNDATION = "/System/Library/Frameworks/CoreFoundation.framework/CoreFoundation"


def mac_preferred_languages() -> list[str]:
    """The languages the macOS user ranked, first choice first ("fr-FR",
    "en-US"), as CoreFoundation gives them; [] off macOS or if it cannot say."""
    import ctypes
    try:
        cf = ctypes.CDLL(_CORE_FOUNDATION)
    except OSError:
        return []
    cf.CFLocaleCopyPreferredLanguages.restype = ctypes.c_void_p
    cf.CFArrayGetCount.argtypes = [ctypes.c_void_p]
    cf.CFArrayGetCount.restype = ctypes.c_long
    cf.CFArrayGetValueAtIndex.argtypes = [ctypes.c_void_p, ctypes.c_long]
    cf.CFArrayGetValueAtIndex.restype = ctypes.c_void_p
    cf.CFStringGetCString.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_long,
                                      ctypes.c_uint32]
    cf.CFStringGetCString.restype = ctypes.c_bool
    cf.CFRelease.argtypes = [ctypes.c_void_p]
    languages = cf.CFLocaleCopyPreferredLanguages()
    if not languages:
        return []
    tags = []
    try:
        for i in range(cf.CFArrayGetCount(languages)):
            buffer = ctypes.create_string_buffer(64)
            if cf.CFStringGetCString(cf.CFArrayGetValueAtIndex(languages, i), buffer,
                                     len(buffer), _CF_UTF8):
                tags.append(buffer.value.decode("utf-8", "replace"))
    finally:
        cf.CFRelease(languages)
    return tags


def system_language(environ: Mapping[str, str] | None = None, platform: str | None = None,
                    windows: Callable[[], str] = windows_ui_language,
                    mac: Callable[[], list[str]] = mac_preferred_languages) -> str:
    """The first language the system asks for that we have, else English."""
    environ = os.environ if environ is None else environ
    platform = sys.platform if platform is None else platform
    wanted = _from_environment(environ)
    if wanted is None and platform == "win32":
        wanted = [_primary(windows())]
    elif wanted is None and platform == "darwin":
        wanted = [_primary(tag) for tag in mac()]
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
