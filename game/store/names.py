"""Player names: one cleaning rule for every way a name reaches the records.

The name-entry dialog, the kiosk letter picker and a hand-edited records file
all pass through :func:`clean_name`, so the Best Times table can always be
drawn on one line and never holds invisible or layout-breaking characters.
"""

from __future__ import annotations

import unicodedata

from game.graphemes import whole_clusters

MAX_NAME_LENGTH = 20
ANONYMOUS = "Anonymous"
#: The two format characters a name keeps: ZWNJ, which Persian spelling
#: needs inside a word, and ZWJ, which joins an emoji sequence (a family,
#: a profession) into one picture and chooses an Indic letter's form.
JOINERS = "\u200c\u200d"
#: What a name loses at its ends (any other whitespace is a space by then).
_ENDS = " " + JOINERS
#: How far into a name cleaning looks: far past any name the game writes
#: (20 characters, a few marks each). A 20 MB name edited into records.db was
#: looked at a character at a time all through, 3 s at each reading of Best
#: Times, the window's frames starved meanwhile.
_LOOKED_AT = 1024


def name_character(char: str) -> bool:
    """Whether a character typed may go into a name."""
    return char.isprintable() or char in JOINERS


def name_length(name: str) -> int:
    """A name's length as ``MAX_NAME_LENGTH`` counts it: its characters
    composed (NFC), as :func:`clean_name` keeps them, so that what the name
    entry or the letter picker lets through is what the records keep (an
    accent typed after its letter is no character more; a presentation
    form NFC takes apart, such as Hebrew's U+FB2A, is two)."""
    return len(unicodedata.normalize("NFC", name))


def clean_name(name: str | None) -> str:
    """The name as it will be stored and shown.

    Letters of every script and their accents are kept (NFC-normalised, so an
    accent typed as a combining mark counts as one character with its letter);
    control, format (but the two joiners, ``JOINERS``), private-use and
    unassigned characters (Unicode category C*) are dropped; any other
    whitespace becomes a plain space, so a name stays on one line;
    surrounding whitespace and joiners are stripped (a joiner at an end
    joins nothing: a name of joiners alone was kept, blank); at most
    ``MAX_NAME_LENGTH`` characters are kept, in whole clusters (a name
    too long is never cut inside an emoji sequence, a flag or a letter
    and its accents: the cluster that does not fit goes whole, as the
    name entry refuses it; but a first cluster longer than the limit keeps
    its first characters); nothing left means
    ``Anonymous``. Only its first ``_LOOKED_AT`` characters are read.
    """
    kept = []
    for char in (name or "")[:_LOOKED_AT]:
        if unicodedata.category(char).startswith("C") and char not in JOINERS:
            continue
        kept.append(" " if char.isspace() else char)
    text = unicodedata.normalize("NFC", "".join(kept))   # after the drop: it may join pairs
    text = text.strip(_ENDS)
    # A first cluster longer than the limit (a letter under thirty marks,
    # written into a file by hand) keeps its first characters: no whole
    # cluster fits, and the name was lost, Anonymous.
    cleaned = (whole_clusters(text, MAX_NAME_LENGTH) or text[:MAX_NAME_LENGTH]).rstrip(_ENDS)
    return cleaned or ANONYMOUS
