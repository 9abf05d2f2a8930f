"""Replay files from strangers, in the window: whatever a file says, what the
viewer does with it stays inside the data folder and ends in a notice, never
a traceback."""

from __future__ import annotations

import dataclasses
import re

import pygame
import pytest

from game.replay import encode, read_file
from game.ui.screens.notice import NoticeDialog
from game.ui.screens.watch import ReplayScreen
from tests.replay.helpers import flag_cycle

from .helpers import key, make_app


def watching(tmp_path, **fields):
    """An app with its data in ``tmp_path/data``, watching an 8x8 replay
    file whose fields are changed by ``fields``."""
    path = tmp_path / "sent.json"
    path.write_text(encode(dataclasses.replace(flag_cycle(3), **fields)), encoding="utf-8")
    app = make_app(data_dir=tmp_path / "data")
    app.commands.open_replay_file(path)
    for _ in range(6):                     # the viewer opens a step a frame
        app.step()
    assert isinstance(app.top, ReplayScreen) and not app.top.opening
    return app


@pytest.mark.parametrize("level", [
    "../../pwned/evil", "/../../../pwned/evil", "a/b", "a\\b", "..",
    "x<>:\"|?*. ", "CON", "évolué", "", "....//",
])
def test_an_export_lands_in_the_replays_folder_under_a_safe_name_whatever_the_level(
        tmp_path, level):
    app = watching(tmp_path, level=level)
    key(app, pygame.K_e)
    assert isinstance(app.top, NoticeDialog) and app.top.text.startswith("Replay saved as ")
    data = tmp_path / "data"
    assert [p for p in tmp_path.rglob("*") if p.is_file() and data not in p.parents] \
        == [tmp_path / "sent.json"]
    [written] = (data / "replays").iterdir()
    assert re.fullmatch(r"game_[A-Za-z0-9_-]+_unfinished\.json", written.name)
    assert read_file(written).moves == flag_cycle(3).moves
