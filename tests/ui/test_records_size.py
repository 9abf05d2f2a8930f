"""Best Times keeps one size, as Winmine's Best Times box had one: from its
first layout ("Loading…") to its times, and on every page, whatever its
title or its times."""

import pygame
import pytest

from game.store import Store
from game.ui.screens.records import BestTimesDialog

from .helpers import key, make_app

NARROW = {"level": "custom", "custom_width": 8, "custom_height": 8, "custom_mines": 10}
WINDOWS = [NARROW, {"level": "expert"}]
TIMES = {"beginner": ["Ann", "Bob", "Cyd"], "intermediate": ["Maximilian Wolfgang", "Dee"],
         "expert": ["Eve", "Fay", "Gus", "Hal", "Ivy"]}


def sizes_paging(app, command: str) -> list[tuple[int, int]]:
    """The dialog's size as it opens, once its records are in, then on each
    of its pages in turn (each page's records read)."""
    app.commands.run(command)
    dialog = app.top
    seen = [dialog.rect.size]
    for _ in dialog.pages:
        app.step()
        app.step()
        seen.append(dialog.rect.size)
        key(app, pygame.K_RIGHT)
    return seen


@pytest.mark.parametrize("window", WINDOWS, ids=["8x8", "expert"])
@pytest.mark.parametrize("language", ["en", "fr"])
def test_best_times_keeps_one_size_on_every_page(tmp_path, window, language):
    """Sized to the page, it was 12 pixels taller at its first layout with
    times (every name taken as cut) and on a page whose list cut a name,
    and in the 8x8 window a pixel shorter on "Intermediate, Torus"."""
    store = Store(tmp_path)
    for level, names in TIMES.items():
        for i, name in enumerate(names):
            store.add_best_time(level, name, 10_000 + 1234 * i, 20, 2.5)
    store.close()
    app = make_app(data_dir=tmp_path, language=language, **window)
    seen = sizes_paging(app, "best_times")
    assert isinstance(app.top, BestTimesDialog)
    assert set(seen) == {seen[0]}, seen
