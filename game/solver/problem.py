"""What is still unknown about a position, as plain constraints.

Every solver step (local rules, exact counting, look-ahead, no-guess
generation) works on this one shape: the undecided covered cells, each number
as "``need`` mines among these cells", and the mines among the undecided
cells. Hypothetical reveals are just one more constraint, so the look-ahead
never has to redraw a view.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .position import Position


@dataclass
class Problem:
    """Undecided cells, the constraints on them, and how many mines they hold.

    ``cells_of[n]`` are the undecided cells around number ``n`` (a flat cell
    index, used as the constraint's name) and ``need[n]`` the mines among them.
    ``known_mines`` are covered cells already proved to be mines (a
    hypothetical reveal next to them must count them).
    """

    unknown: set[int]
    cells_of: dict[int, tuple[int, ...]]
    need: dict[int, int]
    mines: int
    known_mines: frozenset[int] = field(default=frozenset())

    @classmethod
    def of(cls, position: Position) -> Problem:
        """Every covered cell undecided, one constraint per frontier number."""
        return cls(set(position.covered), dict(position.around), dict(position.numbers),
                   position.mines)

    def copy(self) -> Problem:
        return Problem(set(self.unknown), dict(self.cells_of), dict(self.need), self.mines,
                       self.known_mines)
