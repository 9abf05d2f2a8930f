"""The pseudo-locale: English made about 40 % longer and accented.

"New game" becomes "[Ñéw gåmé ~~]": the brackets show where a string was cut
or joined, the accents that accented letters draw, the tildes that a layout
leaves room for longer translations. Accents come from Latin-1 only, so the
game's pixel font draws every character and a layout test measures real
glyphs. Placeholders ("{name}", "%(prog)s", "%s") are kept as they are.
"""

from __future__ import annotations

import gettext
import math
import re

ACCENTED = str.maketrans("aeiouycnAEIOUYCND", "åéîöüýçñÅÉÎÖÜÝÇÑÐ")
#: Placeholders of str.format and of %-formatting (argparse's), kept intact.
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\([^)]*\)[a-z]|%[a-z%]")
GROWTH = 0.4


def pseudo(text: str) -> str:
    """``text`` accented outside its placeholders, bracketed and padded."""
    if not text:
        return text
    out, at = [], 0
    for m in PLACEHOLDER.finditer(text):
        out.append(text[at:m.start()].translate(ACCENTED))
        out.append(m.group())
        at = m.end()
    out.append(text[at:].translate(ACCENTED))
    pad = max(1, math.ceil(len(text) * GROWTH) - 2)
    return f"[{''.join(out)} {'~' * pad}]"


class PseudoTranslations(gettext.NullTranslations):
    """A catalogue that pseudo-translates every message; number and date
    formats (contexts ending in " format") stay English so they still parse."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return message if context.endswith(" format") else pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)
