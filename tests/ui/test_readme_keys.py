"""The README's Keys table and Pause paragraph, held to the key bindings.

Bindings change in ``game/ui/keys.py`` and their behaviour in the commands;
the README said "Nothing else stops the clock" under a Pause paragraph that
left out Esc, which pauses the game on the board (the boss key) even where
no window manager minimises it. These tests read the README as a player
does: every bound key is in the Keys table, and every key that pauses a
running game is named in the Pause paragraph.
"""

from pathlib import Path

import pygame
import pytest

from game.ui import keys
from game.ui.screens.pause import PauseScreen

from .helpers import click, key, make_app

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")

BOARD = ["*.......", "........", "........", "........",
         "........", "........", "......*.", "........"]


def keys_table_keys() -> str:
    """The first column of the Keys table, every row's keys together."""
    table = README.split("**Keys.**", 1)[1].split("\n\n", 2)[1]
    rows = [line for line in table.splitlines() if line.startswith("| ")][1:]
    return " ".join(row.split("|")[1] for row in rows)


def pause_paragraph() -> str:
    return " ".join(README.split("**Pause.**", 1)[1].split("\n\n", 1)[0].split())


def what_pauses() -> str:
    """The Pause paragraph's first sentence: what stops the clock."""
    return pause_paragraph().split(" stop the clock ", 1)[0]


@pytest.mark.parametrize("binding", keys.BINDINGS, ids=lambda b: b.command)
def test_every_bound_key_is_in_the_readme_keys_table(binding):
    assert binding.text in keys_table_keys(), binding.text


def pauses(binding: keys.Binding) -> bool:
    """Whether the binding's first key, pressed on a game under way, pauses it."""
    app = make_app(BOARD)
    click(app, (4, 4))
    key(app, binding.keys[0], pygame.KMOD_LCTRL if binding.mods & keys.CTRL
        else pygame.KMOD_LALT if binding.mods & keys.ALT else 0)
    return any(isinstance(screen, PauseScreen) for screen in app.stack)


def test_every_key_that_pauses_the_game_is_named_in_the_readme_pause_paragraph():
    pausing = [b for b in keys.BINDINGS if b.command != "exit" and pauses(b)]
    assert {b.command for b in pausing} >= {"pause", "minimize"}
    assert "Nothing else stops the clock" in pause_paragraph()
    for binding in pausing:
        assert f"{binding.text} " in what_pauses(), binding.text


@pytest.mark.parametrize("label, k, mod", [
    ("Ctrl+C", pygame.K_c, pygame.KMOD_LCTRL), ("Ctrl+X", pygame.K_x, pygame.KMOD_LCTRL),
    ("Ctrl+V", pygame.K_v, pygame.KMOD_LCTRL), ("Ctrl+A", pygame.K_a, pygame.KMOD_LCTRL),
    ("Ctrl+Z", pygame.K_z, pygame.KMOD_LCTRL),
    ("Ctrl+Insert", pygame.K_INSERT, pygame.KMOD_LCTRL),
    ("Shift+Delete", pygame.K_DELETE, pygame.KMOD_LSHIFT),
    ("Shift+Insert", pygame.K_INSERT, pygame.KMOD_LSHIFT)])
def test_every_text_box_key_is_in_the_readme_keys_table(label, k, mod):
    """The editing keys of a text box are keys too, and the table named
    none of them."""
    assert keys.edit_action(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod)) is not None
    assert label in keys_table_keys(), label
