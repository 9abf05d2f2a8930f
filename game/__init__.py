"""Minesweeper: the classic game on pygame-ce, with a computer player."""
