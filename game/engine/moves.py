"""Moves with a text form, so a game is its seed plus a list of strings.

``R x y`` reveals, ``F x y`` cycles the mark (flag / question mark), ``C x y``
chords. ``M 1`` / ``M 0`` records the "Marks (?)" option being switched during
a game, so that a replay cycles marks exactly as the game did.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .checks import ascii_number, require_int

REVEAL = "R"
FLAG = "F"
CHORD = "C"
MARKS = "M"

_CELL_KINDS = (REVEAL, FLAG, CHORD)
_KINDS = (*_CELL_KINDS, MARKS)
#: A cell move spelled as ``str(Move)`` spells it, as replays hold them: read
#: by one match instead of the step-by-step checks of any other spelling
#: (``[0-9]`` is ASCII only). Reading a 6,700-move replay: 17 -> 13 ms.
_WRITTEN = re.compile(r"([RFC]) ([0-9]+) ([0-9]+)")


class MoveError(ValueError):
    """A text that is not a move. ``problem`` names the rule it breaks
    ("empty", "marks", "kind", "negative" or "digits") so that a replay's
    reader can say it in the player's language; ``str()`` is English."""

    def __init__(self, text: str, problem: str, message: str) -> None:
        super().__init__(message)
        self.text, self.problem = text, problem


@dataclass(frozen=True)
class Move:
    """One player action. For ``M`` moves, ``x`` holds 1 (marks on) or 0."""

    kind: str
    x: int
    y: int = 0

    def __post_init__(self) -> None:
        """Refuse a move no game could replay (unknown kind, coordinates that
        are not ints), so it fails where it is made, not deep in a game."""
        if self.kind not in _KINDS:
            raise ValueError(f"move kind must be one of {', '.join(_KINDS)}, not {self.kind!r}")
        require_int("x", self.x)
        require_int("y", self.y)
        if self.kind == MARKS and self.x not in (0, 1):
            raise ValueError(f"an M move holds 1 (marks on) or 0, not {self.x}")

    def __str__(self) -> str:
        if self.kind == MARKS:
            return f"{MARKS} {self.x}"
        return f"{self.kind} {self.x} {self.y}"

    @classmethod
    def parse(cls, text: str) -> Move:
        """The move written as ``text``; ValueError says what is wrong with it.

        Numbers are ASCII digits only: ``int()`` alone would also read
        ``1_000``, superscripts or other scripts' digits, which no move we
        write contains."""
        if not isinstance(text, str):
            raise TypeError(f"text must be a str, not {type(text).__name__} {text!r}")
        written = _WRITTEN.fullmatch(text)
        if written is not None:
            return cls(written[1], int(written[2]), int(written[3]))
        parts = text.split()
        if not parts:
            raise MoveError(text, "empty",
                            "empty move: expected 'R x y', 'F x y', 'C x y' or 'M 0|1'")
        kind = parts[0].upper()
        if kind == MARKS:
            if len(parts) != 2 or parts[1] not in ("0", "1"):
                raise MoveError(text, "marks", f"bad move {text!r}: expected 'M 0' or 'M 1'")
            return cls(MARKS, int(parts[1]))
        if kind not in _CELL_KINDS or len(parts) != 3:
            raise MoveError(text, "kind",
                            f"bad move {text!r}: expected 'R x y', 'F x y' or 'C x y'")
        if parts[1].startswith("-") or parts[2].startswith("-"):
            raise MoveError(text, "negative", f"bad move {text!r}: x and y must not be negative")
        x, y = ascii_number(parts[1]), ascii_number(parts[2])
        if x is None or y is None:
            raise MoveError(text, "digits", f"bad move {text!r}: x and y must be whole numbers"
                                            " written with the digits 0-9")
        return cls(kind, x, y)
