"""Moves with a text form, so a game is its seed plus a list of strings.

``R x y`` reveals, ``F x y`` cycles the mark (flag / question mark), ``C x y``
chords. ``M 1`` / ``M 0`` records the "Marks (?)" option being switched during
a game, so that a replay cycles marks exactly as the game did.
"""

from __future__ import annotations

from dataclasses import dataclass

REVEAL = "R"
FLAG = "F"
CHORD = "C"
MARKS = "M"

_CELL_KINDS = (REVEAL, FLAG, CHORD)


@dataclass(frozen=True)
class Move:
    """One player action. For ``M`` moves, ``x`` holds 1 (marks on) or 0."""

    kind: str
    x: int
    y: int = 0

    def __str__(self) -> str:
        if self.kind == MARKS:
            return f"{MARKS} {self.x}"
        return f"{self.kind} {self.x} {self.y}"

    @classmethod
    def parse(cls, text: str) -> Move:
        """The move written as ``text``; ValueError says what is wrong with it."""
        parts = text.split()
        if not parts:
            raise ValueError("empty move: expected 'R x y', 'F x y', 'C x y' or 'M 0|1'")
        kind = parts[0].upper()
        if kind == MARKS:
            if len(parts) != 2 or parts[1] not in ("0", "1"):
                raise ValueError(f"bad move {text!r}: expected 'M 0' or 'M 1'")
            return cls(MARKS, int(parts[1]))
        if kind not in _CELL_KINDS or len(parts) != 3:
            raise ValueError(f"bad move {text!r}: expected 'R x y', 'F x y' or 'C x y'")
        try:
            x, y = int(parts[1]), int(parts[2])
        except ValueError:
            raise ValueError(f"bad move {text!r}: x and y must be whole numbers") from None
        if x < 0 or y < 0:
            raise ValueError(f"bad move {text!r}: x and y must not be negative")
        return cls(kind, x, y)
