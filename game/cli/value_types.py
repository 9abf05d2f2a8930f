"""A type per kind of value the options take: whole numbers in a range,
seconds, a language, a file's name.

Each is an argparse type: it reads the value as the README says values are
written (the digits 0-9 only, a decimal point for seconds), and refuses a
bad one in a line that names what is allowed, the value quoted and cut
short (it may be a pasted paragraph thousands of characters long). The
data folder's type is ``data_folder``'s, which looks at the disk.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from pathlib import Path

from game import i18n
from game.i18n import _

#: Digits a number without an upper bound may have: Python refuses to
#: convert one of over 4,300, and no size or count here comes near 100.
MAX_DIGITS = 100
#: Characters of a bad value echoed in a message (it may be thousands long).
SHOWN = 24


#: A byte that is not UTF-8 as ``quoted`` escapes it (``\\udcff``, after
#: an even number of backslashes: not one the value itself held).
_ESCAPED_BYTE = re.compile(r"(?<!\\)((?:\\\\)*)\\udc([89a-f][0-9a-f])")


def given(text: str) -> str:
    """A value given on the command line as a refusal quotes it: as the
    language quotes (``i18n.quoted``), cut short, each byte that is not
    UTF-8 (which Python keeps as U+DC80-U+DCFF) written as its value,
    ``\\xe9``, as a file's name and an argument the game does not know
    are. A Latin-1 terminal's "débutant" was refused as 'd\\udce9butant'."""
    return _ESCAPED_BYTE.sub(r"\1\\x\2", i18n.quoted(text, SHOWN))


def short(text: str) -> str:
    """``text`` for a one-line message, cut short."""
    return text if len(text) <= SHOWN else text[:SHOWN - 3] + "..."


def whole_number(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number in [low, high], with a message naming the range."""
    def out_of_range(value: int | str) -> argparse.ArgumentTypeError:
        """The refusal of a number outside the range, naming the range in
        the language's numbers ("1,892,160,000" / "1 892 160 000"), as the
        board's size errors do; a value too long to read is echoed as typed."""
        message = (_("must be {low} or more, not {value}") if high is None
                   else _("must be from {low} to {high}, not {value}"))
        return argparse.ArgumentTypeError(message.format(
            low=i18n.whole(low), high=None if high is None else i18n.whole(high),
            value=i18n.whole(value) if isinstance(value, int) else value))

    def parse(text: str) -> int:
        """``text`` as the number; refused unless written with the digits 0-9
        alone and within the range (Python's ``int`` also takes "1_000",
        spaces and other scripts' digits)."""
        digits = text.removeprefix("-")
        if not (digits.isascii() and digits.isdigit()):       # the digits 0-9 only
            if high is None:
                message = _("must be a whole number {low} or more, not {value}")
            else:
                message = _("must be a whole number from {low} to {high}, not {value}")
            raise argparse.ArgumentTypeError(message.format(
                low=i18n.whole(low), high=None if high is None else i18n.whole(high),
                value=given(text)))
        significant = len(digits.lstrip("0"))       # too long to convert, or to show whole
        if high is None and significant > MAX_DIGITS:
            raise argparse.ArgumentTypeError(
                _("too many digits: {value}").format(value=short(text)))
        if high is not None and significant > len(str(high)):
            raise out_of_range(int(text) if len(text) <= SHOWN else short(text))
        value = -int(digits) if text.startswith("-") else int(digits)
        if value < low or high is not None and value > high:
            raise out_of_range(value)
        return value

    return parse


MAX_IDLE = 24 * 3600


#: Seconds as the README says numbers are written: the digits 0-9, with a
#: decimal point if need be (``float`` alone would also take "5_0", "٥",
#: " 5 " or "nan"), and a minus sign, for the range to refuse ("-1" was
#: told it was no number).
_SECONDS = re.compile(r"-?[0-9]+(\.[0-9]+)?")


def seconds(text: str) -> float:
    """An argparse type: a positive number of seconds, at most a day."""
    if not _SECONDS.fullmatch(text):
        raise argparse.ArgumentTypeError(
            _("must be a number of seconds, not {value}").format(value=given(text)))
    value = float(text)
    if not 1 <= value <= MAX_IDLE:
        raise argparse.ArgumentTypeError(
            _("must be from 1 to {high} seconds, not {value}").format(
                high=i18n.whole(MAX_IDLE), value=short(text)))
    return value


def language(text: str) -> str:
    """An argparse type: a language we have a catalogue for."""
    if text in i18n.available() or text == i18n.PSEUDO:
        return text
    raise argparse.ArgumentTypeError(
        _("no {value} translation; available: {languages}").format(
            value=given(text), languages=", ".join(i18n.available())))


def file_name(text: str) -> Path:
    """An argparse type: a file's name. An empty one is refused here: as a
    Path it is ".", and the refusal named a folder the player never typed
    ("--mask .: not a file"). A leading ``~`` is the home folder, as for
    ``--data-dir``: the shell leaves it alone after ``=``, and
    ``--mask=~/heart.txt`` was looked for in a folder named "~". One of
    no known user (``~x.json``) stays the name it is."""
    if not text:
        raise argparse.ArgumentTypeError(_("must name a file, not an empty string"))
    try:
        return Path(text).expanduser()
    except RuntimeError:
        return Path(text)
