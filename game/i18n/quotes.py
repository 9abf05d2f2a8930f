"""A value quoted inside a message, as the current language quotes it.

English messages quote what the player gave as Python's ``repr`` writes it
('easy'); French quotes with « » and a narrow no-break space inside
(« easy »). One helper for every such message, so no sentence mixes the
two, and so that whatever the value holds is shown safely: a control
character, a line break or a lone surrogate as its escape (``\\n``,
``\\udcff``), a long value cut short with its closing mark kept.
"""

from __future__ import annotations

import os

from .current import pgettext

#: The English form, which the catalogue's translation replaces (written
#: out again as the message below, for extraction to find it).
_ENGLISH = "'{value}'"


def escaped(text: str, *, backslash: bool = True) -> str:
    """``text`` with what cannot be printed as it is (control characters,
    line breaks, lone surrogates, other invisible characters) and, with
    ``backslash``, the backslash written as ``repr`` writes them, so a
    message stays on one line, can be encoded, and shows what was really
    there."""
    return "".join(char if char.isprintable() and not (backslash and char == "\\")
                   else repr(char)[1:-1] for char in text)


def marks() -> tuple[str, str]:
    """The marks the current language quotes a value with, opening and
    closing (English: repr's apostrophes): where a message holds a value
    quoted already, so as not to quote what is inside it again."""
    opening, _, closing = _form().partition("{value}")
    return opening, closing


def quoted(text: str, limit: int | None = None) -> str:
    """``text`` quoted for a message, cut to ``limit`` characters (with
    "...") first if given. In English exactly ``repr``, as before ('it' or
    "it's"); in a language whose catalogue quotes otherwise, its marks
    around the escaped text."""
    if limit is not None and len(text) > limit:
        text = text[:limit - 3] + "..."
    form = _form()
    if form == _ENGLISH:
        return repr(text)
    return form.format(value=escaped(text))


def quoted_path(path: str | os.PathLike[str]) -> str:
    """A file's or folder's path quoted as the language quotes a value,
    whole (the player looks for that file), its backslashes single: repr,
    English's quoting, doubled them, and a Windows player read
    'C:\\\\Users' for C:\\Users. What cannot be printed is escaped as
    in ``quoted`` (a line break as ``\\n``, a byte that is not UTF-8 as its
    lone surrogate, ``\\udce9``), so the notice stays on one line."""
    return _form().format(value=escaped(os.fspath(path), backslash=False))


def _form() -> str:
    """The current language's way to quote a value, ``{value}`` where it goes."""
    return pgettext("a value quoted in a message", "'{value}'")
