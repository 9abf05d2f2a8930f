"""View ▸ Open replay… lists the replays folder away from the window's
thread: 5,000 files took 24 ms of the frame that opened the dialog."""

from __future__ import annotations

import threading
from pathlib import PurePath

import pygame
import pytest

from game.ui.screens import open_replay

from .helpers import key, make_app


def test_the_dialog_says_loading_until_the_folder_is_listed(tmp_path, monkeypatch):
    folder = tmp_path / "replays"
    folder.mkdir()
    (folder / "20261124_1200_expert_won.json").write_text("{}")
    listed = threading.Event()
    real = open_replay.replay_files

    def slow_listing(path, *how):
        listed.wait(5)                       # a slow disk, until the test lets it go
        return real(path, *how)

    monkeypatch.setattr(open_replay, "replay_files", slow_listing)
    app = make_app(data_dir=tmp_path, background_reads=True)
    app.commands.run("open_replay")
    app.step(3)                              # the window goes on meanwhile
    dialog = app.top
    assert (dialog.table.rows, dialog.table.note) == ([], "Loading…")
    assert all(getattr(w, "label", "") != "Watch" for w in dialog.widgets)
    key(app, pygame.K_RETURN)                # Enter waits for the list too
    assert app.top is dialog
    listed.set()
    dialog.listing.join(5)
    app.step()                               # the answer is picked up at a tick
    assert dialog.table.rows == [("20261124_1200_expert_won",)]
    assert any(getattr(w, "label", "") == "Watch" for w in dialog.widgets)


def test_the_listing_lets_the_window_run_every_chunk_of_files(tmp_path):
    """A thread running Python holds the interpreter up to 5 ms at a time:
    the listing gives it back every ``CHUNK`` names."""
    for i in range(3 * open_replay.CHUNK):
        (tmp_path / f"{i}.json").write_text("{}")
    calls: list[int] = []
    files = open_replay.replay_files(tmp_path, lambda: calls.append(1))
    assert len(files) == 3 * open_replay.CHUNK and len(calls) == 3


def test_closing_the_dialog_leaves_its_list_to_no_garbage_sweep(tmp_path):
    """The dialog is caught in reference cycles (its buttons call its
    methods): the paths and rows of 5,000 files it held waited for the
    collector's full sweep, 50,000 objects, 40-80 ms in some later frame."""
    import gc
    folder = tmp_path / "replays"
    folder.mkdir()
    for i in range(2000):
        (folder / f"{i}.json").write_text("{}")
    app = make_app(data_dir=tmp_path)
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)        # the sweep's finds kept in gc.garbage
    try:
        app.commands.run("open_replay")
        app.step()
        assert len(app.top.files) == 2000
        key(app, pygame.K_ESCAPE)
        app.step()
        gc.collect()
        # Only the dialog's own paths count: threads of earlier tests (a
        # store's writer finishing) may leave other garbage meanwhile.
        left_for_the_sweep = sum(isinstance(o, PurePath) for o in gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
    assert left_for_the_sweep < 100


def test_the_names_in_view_are_fitted_a_few_a_tick_before_the_list_shows(tmp_path):
    """A long name in another script is a few layouts to cut to fit: the
    frame the listing came in laid out every name in view, and with
    fifteen of 70 letters in four scripts took 10-18 ms. They are fitted a
    few a tick ahead ("Loading…" meanwhile), and the frame that shows the
    list lays out none of them again."""
    folder = tmp_path / "replays"
    folder.mkdir()
    for i in range(30):
        (folder / f"{i:02d} {'日本語' * 25}.json").write_text("{}")
    app = make_app(data_dir=tmp_path, background_reads=True)
    painter = app.painter
    real = painter._laid
    laid: list[str] = []

    def counting(face: str, text: str):
        if (face, text, painter.scale) not in painter._layouts:
            laid.append(text)
        return real(face, text)

    painter._laid = counting                  # type: ignore[method-assign]
    app.commands.run("open_replay")
    dialog = app.top
    dialog.listing.join(5)
    steps: list[int] = []
    while not getattr(dialog, "table", None) or not dialog.table.rows:
        laid.clear()
        app.step()
        steps.append(len(laid))
        assert len(steps) < 20
    assert len(dialog.table.rows) == 30
    assert len(steps) > 1                     # "Loading…" a few frames longer
    assert max(steps) <= 2 * open_replay.NAMES_A_TICK    # each name: whole, then its cut
    laid.clear()
    app.step()                                # shown again: nothing new to lay out
    assert laid == []



@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("level", ["intermediate", "expert"])
def test_the_names_export_gives_show_whole_where_the_window_has_room(tmp_path, language,
                                                                      level):
    """The dialog was 220 px wide in any window: "20261127_0806_personnalisé_
    gagnée~2" showed "20261127_0806_perso…", as "…gagnée" and "…gagnée~3"
    did, lines alike."""
    from game.replay.format import Replay
    from game.ui.screens.replays import export_name
    app = make_app(data_dir=tmp_path, language=language, level=level)
    folder = tmp_path / "replays"
    folder.mkdir()
    names = []
    for kind in ("beginner", "intermediate", "expert", None):
        for result in ("won", "lost", "unfinished"):
            replay = Replay(width=30, height=24, mines=99, marks=False, first_click="safe",
                            moves=(), result=result, time_ms=1, level=kind,
                            date="2026-11-27T08:06:00")
            name = export_name(replay).replace(".json", "~10.json")
            (folder / name).write_text("{}")
            names.append(name.removesuffix(".json"))
    app.commands.run("open_replay")
    app.step()
    ((_, width, _),) = app.top.table.columns
    assert max(app.painter.text_width(name) for name in names) <= width
