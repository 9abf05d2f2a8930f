"""A corpus of over 100 hostile files: with each one in the data directory the
store opens, the game keeps recording, the damage is set aside (a newer
version's file left untouched), and nothing readable is lost."""

from __future__ import annotations

import os
import stat

import pytest

from game.store import Store

from .helpers import Clock, game
from .hostile import corpus

CORPUS = corpus()
BASELINE = {1, 2, 3}


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    """A records.db holding the BASELINE games, made once and copied."""
    directory = tmp_path_factory.mktemp("baseline")
    store = Store(directory)
    for seed in sorted(BASELINE):
        store.record_game(game(seed=seed, result="lost"))
    store.close()
    return (directory / "records.db").read_bytes()


def baseline(directory, template):
    (directory / "records.db").write_bytes(template)


def entries(directory):
    return {path.name: path.lstat() for path in directory.iterdir()}


def test_the_corpus_is_large_and_covers_every_kind():
    assert len(CORPUS) >= 100
    kinds = {item.kind.split("-")[0] for item in CORPUS}
    assert {"truncated", "garbage", "values", "deep", "fifty", "newer", "fifo", "dev",
            "directory"} <= kinds


@pytest.mark.parametrize("item", CORPUS, ids=[item.id for item in CORPUS])
def test_a_hostile_file_never_stops_the_game_nor_costs_what_is_readable(tmp_path, item,
                                                                        template):
    if item.name != "records.db":
        baseline(tmp_path, template)
    target = tmp_path / item.name
    item.make(target)
    newer = item.kind in ("newer", "schema-huge")
    before = target.read_bytes() if newer else None

    store = Store(tmp_path, now=Clock())
    for message in store.take_notices():
        assert len(message) < 600
        message.encode("utf-8")                      # drawable: no lone surrogates
    won = game(seed=99, time_ms=1_000)
    assert store.record_game(won) == 1
    assert store.name_best_time(won, "Eve") == 1
    assert store.statistics("beginner").played >= 1
    assert store.best_times("beginner")[0].name == "Eve"
    store.close()

    again = Store(tmp_path)
    seeds = {g.seed for g in again.history(limit=1000)}
    newer_database = item.name == "records.db" and newer
    assert newer_database or 99 in seeds                  # the game went on being recorded
    if item.name != "records.db":
        assert BASELINE <= seeds                          # nothing readable lost
    if item.name == "history.json" and item.kind.startswith("values-"):
        assert 71 in seeds                                # the good game beside the bad one
    if newer:
        assert target.read_bytes() == before              # never touched
    elif item.kind != "dangling-symlink":                 # a link to nothing is no file: left
        assert not os.path.lexists(target) or stat.S_ISREG(target.lstat().st_mode)
        kept = [name for name in entries(tmp_path) if ".corrupt-" in name or ".imported" in name]
        assert kept or item.name == "settings.json" or item.kind == "bom" \
            or item.id == "records.db-wal:garbage" \
            or item.kind == "loose-rows"     # a sound database: its bad rows are skipped, kept
    again.close()


SAMPLE = [item for item in CORPUS if item.kind in ("fifo", "values-huge", "newer", "garbage-0",
                                                   "schema-bytes",
                                                   "loose-rows")]


@pytest.mark.parametrize("item", SAMPLE, ids=[item.id for item in SAMPLE])
def test_the_window_starts_and_plays_on_with_a_hostile_file(tmp_path, item, template):
    import pygame

    from game.ui.screens.history import HistoryDialog
    from game.ui.screens.records import BestTimesDialog, StatisticsDialog
    from tests.ui.helpers import click, key, make_app

    if item.name != "records.db":
        baseline(tmp_path, template)
    item.make(tmp_path / item.name)
    app = make_app(data_dir=tmp_path)
    while app.top is not app.play:
        key(app, pygame.K_RETURN)                         # read the notices
    click(app, (4, 4))
    assert app.play.field.status in ("playing", "won", "lost")
    for dialog in (BestTimesDialog, StatisticsDialog, HistoryDialog):
        app.push(dialog(app))
        app.step()
        key(app, pygame.K_ESCAPE)
    app.close()
    app.store.close()
