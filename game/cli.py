"""Command line entry point (the window lands with the next issue)."""

from __future__ import annotations


def main(argv: list[str] | None = None) -> int:
    print("Minesweeper: the rules engine is ready; the window is coming.")
    return 0
