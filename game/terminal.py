"""Lines for a person at a terminal, in whatever encoding it has.

The command line's help and errors are translated, and the translations use
typography (French puts a narrow no-break space before ':') that some
terminals cannot write. Kept apart from the command line, which only says
what to print; the standard library only.
"""

from __future__ import annotations

import unicodedata

#: Plainer stand-ins, in order of preference, for the signs of our
#: translations where the terminal's encoding lacks them.
STAND_INS = {"\u202f": ("\u00a0", " "), "\u00a0": (" ",), "\u2019": ("'",),
             "\u2026": ("...",), "\u2014": ("-",), "\u0153": ("oe",),
             "\u00ab": ('"',), "\u00bb": ('"',)}


def encodable(line: str, encoding: str | None) -> str:
    """``line`` as the stream's ``encoding`` can write it. A Latin-1 locale,
    or a Windows console redirected to a file (cp1252), has no narrow
    no-break space: French ``--help`` ended in a UnicodeEncodeError
    traceback, and errors read ``erreur\\u202f:``. Such a character takes
    its stand-in, an accented letter its bare letter in ASCII, a file name's
    undecodable byte (which Python keeps as U+DC80-U+DCFF) its value
    (``\\xff``), anything else a ``?``."""
    encoding = encoding or "utf-8"
    try:
        line.encode(encoding)
        return line
    except UnicodeEncodeError:
        pass
    out = []
    for char in line:
        bare = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode("ascii")
        for candidate in (char, *STAND_INS.get(char, ()), bare, byte_of(char), "?"):
            try:
                candidate.encode(encoding)
            except UnicodeEncodeError:
                continue
            if candidate:
                out.append(candidate)
                break
    return "".join(out)


def byte_of(char: str) -> str:
    """A file name's undecodable byte, which Python keeps as U+DC80-U+DCFF,
    written as its value (``\\xff``); "" for any other character."""
    return f"\\x{ord(char) - 0xDC00:02x}" if 0xDC80 <= ord(char) <= 0xDCFF else ""


def bytes_written(text: str) -> str:
    """``text`` with each undecodable byte of a file name written as its
    value (``byte_of``), as the terminal is given it."""
    return "".join(byte_of(char) or char for char in text)


#: Characters that end or break a line, which a message quoting a file's
#: name or an argument must not print as they are.
_BREAKS = ("Cc", "Zl", "Zp")


def one_line(text: str) -> str:
    """``text`` on one line: a line break or other control character in
    what it quotes (a file named with a newline, ``$'a\\nb'`` given as an
    argument) written as its escape, ``\\n``, as Python's repr writes it.
    Printed as it was, the refusal that says it was two lines."""
    return "".join(repr(char)[1:-1] if unicodedata.category(char) in _BREAKS else char
                   for char in text)
