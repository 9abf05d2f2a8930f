"""The reset question's buttons and the arrows, as in a Windows message box."""

from __future__ import annotations

import pygame

from game.store import Store

from .helpers import key, make_app, on_disk
from .test_records import press_button


def test_the_arrows_move_the_focus_between_yes_and_no(tmp_path):
    """In a Windows message box Left and Right move the focus from button to
    button; ours did nothing, and Enter could only answer No."""
    store = Store(tmp_path)
    store.add_best_time("beginner", "Ann", 10_000, None, None)
    store.close()
    app = make_app(data_dir=tmp_path)
    app.commands.run("best_times")
    app.step()
    press_button(app, app.top, "Reset")
    question = app.top
    assert question.focused.label == "No"
    key(app, pygame.K_RIGHT)
    assert question.focused.label == "Yes"           # round, past the last
    key(app, pygame.K_LEFT)
    assert question.focused.label == "No"
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)
    assert on_disk(app).best_times("beginner") == []
