"""Where a word too long for a line is cut (``text_fit``): after a dash, a
slash or a backslash that follows a letter or a digit somewhere before it
in the word, not only right before it."""

from __future__ import annotations

from game.ui.text_fit import wrap

from .helpers import make_app


def test_a_windows_path_starts_on_the_line_before_after_its_drive():
    """"C:\\" ends the line it starts on, as "/home/" would: its backslash
    follows the drive's colon, and the letter before that counts."""
    painter = make_app().painter
    width = painter.text_width("Documents\\") + 1
    assert wrap(painter, "in C:\\Documents\\ann", width) == ["in C:\\", "Documents\\", "ann"]


def test_a_windows_path_alone_is_cut_after_its_drive():
    painter = make_app().painter
    width = painter.text_width("Documents\\") + 1
    assert wrap(painter, "C:\\Documents\\ann", width) == ["C:\\", "Documents\\", "ann"]


def test_a_piece_carried_to_the_next_line_keeps_its_letters_for_the_next_break():
    """Cut after its first dash, the word goes on with letters already on
    the new line: the next dash after them is a break too, not a cut where
    the line runs out."""
    painter = make_app().painter
    width = painter.text_width("ab-cd") + 1
    assert wrap(painter, "ab-cd-efgh", width) == ["ab-", "cd-", "efgh"]


def test_a_path_s_start_that_fills_the_line_exactly_ends_it():
    """A line is full when its text is as wide as the line, not before."""
    painter = make_app().painter
    width = painter.text_width("in C:\\")
    assert wrap(painter, "in C:\\Documents\\ann", width)[0] == "in C:\\"
