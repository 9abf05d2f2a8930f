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

from game.replay import Replay, encode, read_file
from game.ui.screens import replays
from game.ui.screens.attract import AttractScreen
from game.ui.screens.notice import NoticeDialog
from game.ui.screens.watch import ReplayScreen
from tests.replay.helpers import flag_cycle

from .helpers import key, make_app, post, shows, step_until


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
    assert app.top.text.startswith(f"Cannot open the replay 'sent.json': {next(iter(fields))}"
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
    loader = ProcessWorker(clock=lambda: 0.0)   # never hung: tests/ui/test_worker.py still_clock
    app = make_app(data_dir=tmp_path / "data", loader=loader)
    try:
        post(pygame.DROPFILE, file=str(fifo))
        app.step()
        assert step_until(app, loader, lambda: isinstance(app.top, NoticeDialog))
        assert app.top.text == "Cannot open the replay 'f.json': not a file (a folder, a pipe" \
                               " or a device)."
        key(app, pygame.K_RETURN)
        app.commands.open_replay_file(good)
        assert step_until(app, loader, lambda: isinstance(app.top, ReplayScreen))
        assert app.top.replay == flag_cycle(3)
    finally:
        app.close()


def one_flag(tmp_path, width: int, height: int):
    """A replay file of a ``width`` x ``height`` board with one mine, flagged."""
    path = tmp_path / f"{width}x{height}.json"
    path.write_text(encode(Replay(
        width=width, height=height, mines=1, marks=True, first_click="safe",
        moves=((0, "F 1 1"),), result="unfinished", time_ms=0,
        layout=("*" + "." * (width - 1),) + ("." * width,) * (height - 1))))
    return path


def wide(tmp_path):
    """A 30x16 replay file: its viewer is wider than the game's window."""
    return one_flag(tmp_path, 30, 16)


def drop(app, path) -> None:
    """Drop ``path`` on the window and let its viewer open (a step a frame)."""
    post(pygame.DROPFILE, file=str(path))
    for _ in range(6):
        app.step()


def test_a_replay_dropped_on_a_viewer_replaces_it_and_esc_gives_the_game_back(tmp_path):
    small = tmp_path / "small.json"
    small.write_text(encode(flag_cycle(3)), encoding="utf-8")
    app = make_app(data_dir=tmp_path / "data")
    game_size = app.display.surface.get_size()
    drop(app, wide(tmp_path))
    assert isinstance(app.top, ReplayScreen) and app.top.replay.width == 30
    drop(app, small)
    assert app.stack == [app.play, app.top] and app.top.replay == flag_cycle(3)
    key(app, pygame.K_ESCAPE)
    assert app.top is app.play and app.display.surface.get_size() == game_size


def test_a_replay_dropped_on_a_viewer_of_its_size_keeps_the_window_as_it_is(tmp_path):
    """The viewer replaced gave the window to the game as it left: the
    window went to the game's size, showed the game for three frames, then
    took the viewer's size again. It now stays as it is, the old replay
    shown until the new one is drawn whole."""
    app = make_app(data_dir=tmp_path / "data")
    game_size = app.display.surface.get_size()
    drop(app, wide(tmp_path))
    viewer_size = app.display.surface.get_size()
    assert viewer_size != game_size
    post(pygame.DROPFILE, file=str(wide(tmp_path)))
    sizes = []
    for _ in range(6):
        app.step()
        sizes.append(app.display.surface.get_size())
    assert sizes == [viewer_size] * 6
    viewer = app.top
    assert isinstance(viewer, ReplayScreen) and not viewer.opening
    assert shows(app, viewer.layout.board.face, "face_smile")           # drawn whole
    key(app, pygame.K_ESCAPE)
    assert app.top is app.play and app.display.surface.get_size() == game_size


def test_a_viewer_beneath_a_dialog_takes_back_its_size_when_a_viewer_above_leaves(tmp_path):
    """A replay dropped while a notice is over a viewer opens over both; when
    it leaves, the viewer beneath is shown whole, not cut to the game's size."""
    small = tmp_path / "small.json"
    small.write_text(encode(flag_cycle(3)), encoding="utf-8")
    app = make_app(data_dir=tmp_path / "data")
    game_size = app.display.surface.get_size()
    drop(app, wide(tmp_path))
    wide_viewer, wide_size = app.top, app.display.surface.get_size()
    key(app, pygame.K_e)                                  # "Replay saved as …"
    assert isinstance(app.top, NoticeDialog)
    drop(app, small)
    assert isinstance(app.top, ReplayScreen) and app.top.replay == flag_cycle(3)
    assert app.display.surface.get_size() != wide_size
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, NoticeDialog) and app.display.surface.get_size() == wide_size
    key(app, pygame.K_RETURN)
    assert app.top is wide_viewer and app.display.surface.get_size() == wide_size
    key(app, pygame.K_ESCAPE)
    assert app.top is app.play and app.display.surface.get_size() == game_size


def tall(tmp_path):
    """A 9x16 replay file: its viewer's window has 18 rows, as a demo torus's."""
    return one_flag(tmp_path, 9, 16)


def test_a_replay_dropped_on_a_demo_window_ends_attract_mode_before_it_opens(tmp_path):
    """Opened over attract mode, the viewer had the demo games play on
    beneath it, each new board resizing the window under the replay (and an
    18x18 torus made it draw its 9 columns through 18: an IndexError)."""
    app = make_app(data_dir=tmp_path / "data", demo=True)
    assert isinstance(app.top, AttractScreen)
    drop(app, tall(tmp_path))
    viewer = app.top
    assert app.stack == [app.play, viewer] and isinstance(viewer, ReplayScreen)
    size = app.display.surface.get_size()
    app.step(600)
    assert app.top is viewer and app.display.surface.get_size() == size
    key(app, pygame.K_ESCAPE)
    assert app.top is app.play and not app.play.session.demo


def test_a_viewer_never_lays_itself_out_in_another_boards_window_of_its_height(tmp_path):
    """The viewer took any window with its rows for its own: laid out for an
    18x18 torus, its 9-column replay was drawn through 18 columns and the
    torus's band (IndexError). It keeps its own layout until the window is
    its own again."""
    app = make_app(data_dir=tmp_path / "data")
    drop(app, tall(tmp_path))
    viewer = app.top
    mine = viewer.layout
    app.fit_window(18, 18, 10, shape="torus")       # another board, of the viewer's height
    app.step(2)
    assert viewer.layout == mine
    viewer._fit()
    app.step()
    assert viewer.layout == mine and shows(app, mine.board.face, "face_smile")


def test_the_root_folder_dropped_on_the_window_is_named_in_the_notice():
    """A folder's notice names it by its last part: the root has none, and
    the notice said "Cannot open the replay : not a file"."""
    app = make_app()
    post(pygame.DROPFILE, file=os.path.abspath(os.sep))
    app.step()
    assert isinstance(app.top, NoticeDialog)
    assert app.top.text.startswith(f"Cannot open the replay '{os.path.abspath(os.sep)}': not a file")
