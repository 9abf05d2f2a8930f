"""Minesweeper: the classic game on pygame-ce, with a computer player."""

__version__ = "0.1.0"
