"""The reset question's buttons and the arrows, as in a Windows message box."""

from __future__ import annotations

import pygame

from .helpers import key, on_disk
from .test_records import best_times_of_ann, press_button


def test_the_arrows_move_the_focus_between_yes_and_no(tmp_path):
    """In a Windows message box Left and Right move the focus from button to
    button; ours did nothing, and Enter could only answer No."""
    app = best_times_of_ann(tmp_path)
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
