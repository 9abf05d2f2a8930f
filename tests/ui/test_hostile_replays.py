"""Replay files from strangers, in the window: whatever a file says, what the
viewer does with it stays inside the data folder and ends in a notice, never
a traceback."""

from __future__ import annotations

import dataclasses
import json
import os
import re

import pygame
import pytest

from game.replay import encode, read_file
from game.ui.screens import replays
from game.ui.screens.notice import NoticeDialog
from game.ui.screens.watch import ReplayScreen
from tests.replay.helpers import flag_cycle

from .helpers import key, make_app, post


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


@pytest.mark.parametrize("fields", [{"level": "a\x00b"}, {"player": "\ud800x"},
                                    {"date": "\ud800"}])
def test_a_file_whose_texts_cannot_be_written_is_refused_with_a_notice(tmp_path, fields):
    path = tmp_path / "sent.json"
    path.write_text(json.dumps({**json.loads(encode(flag_cycle(3))), **fields}))
    app = make_app(data_dir=tmp_path / "data")
    app.commands.open_replay_file(path)
    app.step()
    assert isinstance(app.top, NoticeDialog)
    assert app.top.text.startswith(f"Cannot open the replay sent.json: {next(iter(fields))}"
                                   " must be plain text")


@pytest.mark.parametrize("background", [False, True], ids=["at once", "on a thread"])
def test_an_export_failing_otherwise_than_on_disk_still_says_so(tmp_path, background):
    """A lone surrogate cannot be written as UTF-8 (files refuse it; here the
    replay is made in memory): the player is told, the app lives on and the
    name is no longer held."""
    app = make_app(data_dir=tmp_path, background_reads=background)
    path = replays.export(app, dataclasses.replace(flag_cycle(3), player="\ud800x"))
    app.exports.close()
    app.step()
    assert isinstance(app.top, NoticeDialog)
    assert app.top.text.startswith("Cannot save the replay: ")
    assert not path.exists() and app.exports.pending == frozenset()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_dropped_on_the_window_is_refused_and_replays_still_open(tmp_path):
    """The loader's process used to wait in open() for a writer, for ever:
    "Opening the replay…" stayed, and no replay opened after it."""
    from game.ui.worker import ProcessWorker
    fifo, good = tmp_path / "f.json", tmp_path / "good.json"
    os.mkfifo(fifo)
    good.write_text(encode(flag_cycle(3)), encoding="utf-8")
    loader = ProcessWorker()
    app = make_app(data_dir=tmp_path / "data", loader=loader)
    try:
        post(pygame.DROPFILE, file=str(fifo))
        app.step()
        assert loader.wait(60)
        app.step()
        assert isinstance(app.top, NoticeDialog)
        assert app.top.text == "Cannot open the replay f.json: not a file (a folder, a pipe" \
                               " or a device)"
        key(app, pygame.K_RETURN)
        app.commands.open_replay_file(good)
        assert loader.wait(60)
        app.step(2)
        assert isinstance(app.top, ReplayScreen) and app.top.replay == flag_cycle(3)
    finally:
        app.close()
