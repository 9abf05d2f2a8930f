"""Mines are uniform among the allowed cells: a chi-square test over many seeds.

The test is deterministic (fixed seeds) and has power: it rejects the classic
rule, whose relocated mines pile up in the top-left corner.
"""

import math

from game.engine import Minefield

GAMES = 3000
W, H, MINES = 9, 9, 10
FIRST = (4, 4)


def chi_square_critical(df: int, z: float = 3.09) -> float:
    """Upper critical value at p = 0.001 (Wilson-Hilferty approximation)."""
    k = 2 / (9 * df)
    return df * (1 - k + z * math.sqrt(k)) ** 3


def mine_frequencies(rule: str) -> list[int]:
    counts = [0] * (W * H)
    for seed in range(GAMES):
        f = Minefield(W, H, MINES, seed=seed, first_click=rule)
        f.reveal(*FIRST)
        for i, c in enumerate("".join(f.layout())):
            counts[i] += c == "*"
    return counts


def chi_square(counts: list[int], allowed: list[int]) -> float:
    expected = GAMES * MINES / len(allowed)
    return sum((counts[i] - expected) ** 2 / expected for i in allowed)


def allowed_cells(excluded: set[tuple[int, int]]) -> list[int]:
    return [y * W + x for y in range(H) for x in range(W) if (x, y) not in excluded]


def test_safe_rule_is_uniform_over_every_other_cell():
    allowed = allowed_cells({FIRST})
    counts = mine_frequencies("safe")
    assert counts[FIRST[1] * W + FIRST[0]] == 0
    assert chi_square(counts, allowed) < chi_square_critical(len(allowed) - 1)


def test_opening_rule_is_uniform_outside_the_first_3x3():
    block = {(FIRST[0] + dx, FIRST[1] + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    allowed = allowed_cells(block)
    counts = mine_frequencies("opening")
    assert all(counts[y * W + x] == 0 for x, y in block)
    assert chi_square(counts, allowed) < chi_square_critical(len(allowed) - 1)


def test_classic_rule_is_caught_biased_toward_the_top_left():
    allowed = allowed_cells({FIRST})
    counts = mine_frequencies("classic")
    assert chi_square(counts, allowed) > chi_square_critical(len(allowed) - 1)
    assert counts[0] > 1.5 * GAMES * MINES / len(allowed)
