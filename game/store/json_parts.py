"""A JSON text read one value at a time, each no longer than its caller allows.

``json.loads`` builds the whole document before anything can be checked, and
what it builds may take thirty times the text: 64 MB of ``[],`` took 1.3 GB
and 5 s, enough to have the system kill the game at every start on a small
machine, before the file could be set aside. Here the caller walks the
document (:meth:`Parts.members`, :meth:`Parts.items`) and reads each value
with a bound on its text: a container or a number is parsed from a copy of
at most that many characters, so what it builds stays within some thirty
times its bound; a string is parsed where it lies, its memory that of its
text. A value beyond its bound, or anything not JSON, is a ValueError.

The text is ASCII, as ``json.dumps`` writes it (every other character
escaped): a character of Python's text takes a byte, as in the file, where
one emoji took four. It is decoded a piece at a time: no more of it than the
longest value read and a piece is held as text at once.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

#: How much of the bytes is decoded at a time.
_PIECE = 64 * 1024
#: The longest key an object may have.
KEY_CHARS = 64
_SPACE = re.compile(r"[ \t\n\r]*")
#: What may follow the digits of a number that goes on (a fraction, an exponent).
_NUMBER_GOES_ON = ".eE+-0123456789"
_DECODER = json.JSONDecoder()


class Parts:
    """The JSON text in ``data`` (ASCII), read from its start."""

    def __init__(self, data: bytes) -> None:
        self._data = memoryview(data)
        self._fed = 0                       # bytes decoded so far
        self._text = ""                     # decoded, not all read yet
        self._at = 0                        # where reading is in ``_text``

    def members(self) -> Iterator[str]:
        """The keys of the object that starts here, each yielded once the
        reading stands at its value, which the caller reads (:meth:`value`,
        or walks) before asking for the next key."""
        self._expect("{")
        if self._next_is("}"):
            return
        while True:
            key = self.value(KEY_CHARS)
            if not isinstance(key, str):
                raise ValueError("a key that is no string")
            self._expect(":")
            yield key
            if self._next_is("}"):
                return
            self._expect(",")

    def items(self) -> Iterator[None]:
        """The array that starts here: one yield per item, each read by the
        caller before the next."""
        self._expect("[")
        if self._next_is("]"):
            return
        while True:
            yield
            if self._next_is("]"):
                return
            self._expect(",")

    def value(self, most: int) -> Any:
        """The value that starts here, whose text is at most ``most`` characters."""
        self._skip_space()
        string = self._text.startswith('"', self._at)
        while True:
            have = len(self._text) - self._at
            text, start = (self._text, self._at) if string \
                else (self._text[self._at:self._at + most + 1], 0)
            try:
                found, end = _DECODER.raw_decode(text, start)
            except RecursionError:
                raise ValueError("nested too deep") from None
            except ValueError:
                found, end = None, -1
            ended = end != -1 and (end < len(text) or self._fed == len(self._data))
            if ended and not string and self._fed < len(self._data) \
                    and self._at + len(text) == len(self._text) \
                    and not text[end:].strip(_NUMBER_GOES_ON):
                ended = False               # "1." of "1.5" where the text decoded ends: 1
            if ended:                       # a number read to the text's end may go on
                if end - start > most:
                    break
                self._at += end - start
                return found
            if have > most or self._fed == len(self._data):
                break
            self._fill(min(most + 1, 2 * have + _PIECE))
        raise ValueError("a value longer than its bound, or not JSON")

    def end(self) -> None:
        """Check that nothing but white space is left."""
        self._skip_space()
        if self._at < len(self._text):
            raise ValueError("more after the document")

    def _expect(self, char: str) -> None:
        if not self._next_is(char):
            raise ValueError(f"expected {char!r}")

    def _next_is(self, char: str) -> bool:
        """Whether the next character but white space is ``char``; read if so."""
        self._skip_space()
        if self._text.startswith(char, self._at):
            self._at += 1
            return True
        return False

    def _skip_space(self) -> None:
        while True:
            space = _SPACE.match(self._text, self._at)
            assert space is not None           # it matches nothing at worst: never None
            self._at = space.end()
            if self._at < len(self._text) or self._fed == len(self._data):
                return
            self._fill(1)

    def _fill(self, want: int) -> None:
        """Decode until ``want`` characters are there to read (or all are)."""
        pieces = [self._text[self._at:]]
        have = len(pieces[0])
        while have < want and self._fed < len(self._data):
            piece = self._data[self._fed:self._fed + max(_PIECE, want - have)]
            self._fed += len(piece)
            pieces.append(str(piece, "ascii"))
            have += len(pieces[-1])
        self._text, self._at = "".join(pieces), 0
