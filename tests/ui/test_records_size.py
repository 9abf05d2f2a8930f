"""Best Times and Statistics keep one size and place, as Winmine's Best
Times box had one: from their first layout ("Loading…") to their records,
and on every page, whatever its title or its times."""

import pygame
import pytest

from game.store import Store
from game.ui.screens.records import BestTimesDialog, StatisticsDialog

from .helpers import key, make_app

NARROW = {"level": "custom", "custom_width": 8, "custom_height": 8, "custom_mines": 10}
WINDOWS = [NARROW, {"level": "expert"}]
#: The smallest windows (8x8 and 9x9 at scale 1), a large one, and the
#: 8x8 board fullscreen, where the dialog spreads wider than the game.
ALL_WINDOWS = {"8x8": NARROW, "9x9": {"level": "beginner", "style": "modern"},
               "expert": {"level": "expert"}, "8x8 fullscreen": {**NARROW, "fullscreen": True}}
TIMES = {"beginner": ["Ann", "Bob", "Cyd"], "intermediate": ["Maximilian Wolfgang", "Dee"],
         "expert": ["Eve", "Fay", "Gus", "Hal", "Ivy"]}


def rects_paging(app, command: str) -> list[tuple[int, int, int, int]]:
    """The dialog's rect as it opens, once its records are in, then on each
    of its pages in turn (each page's records read)."""
    app.commands.run(command)
    dialog = app.top
    seen = [tuple(dialog.rect)]
    for _ in dialog.pages:
        app.step()
        app.step()
        seen.append(tuple(dialog.rect))
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
    seen = rects_paging(app, "best_times")
    assert isinstance(app.top, BestTimesDialog)
    assert set(seen) == {seen[0]}, seen


@pytest.mark.parametrize("window", ALL_WINDOWS.values(), ids=ALL_WINDOWS.keys())
@pytest.mark.parametrize("language", ["en", "fr"])
def test_statistics_keeps_one_size_and_place_on_every_page(window, language):
    """A page whose title wrapped to three lines ("Intermediate" / "Torus"
    / "Modern") made Statistics a line taller (205 and 211 pixels in the
    8x8 window, 205 and 217 on Expert); kept that tall on every page, it
    no longer fitted under the 9x9 window's menu bar."""
    app = make_app(language=language, **window)
    seen = rects_paging(app, "statistics")
    assert isinstance(app.top, StatisticsDialog)
    assert set(seen) == {seen[0]}, seen
    assert not app.top.pane.scrolls
