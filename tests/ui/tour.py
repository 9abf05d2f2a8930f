"""Every screen the player can see, opened one after another on one app.

Used by the layout tests (every language, every window size) and handy for
screenshots: ``tour(app)`` yields a name for each menu,
dialog, help page, notice, name entry, hint line and banner with that screen
on top and drawn, then closes it again.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from game.store import GameRecord, notices
from game.ui.app import App
from game.ui.menus import MENUS
from game.ui.screens.attract import AttractScreen
from game.ui.screens.custom import CustomDialog
from game.ui.screens.help import AboutDialog, HelpScreen
from game.ui.screens.menu import MenuScreen
from game.ui.screens.names import ArcadeNameDialog, NameDialog
from game.ui.screens.notice import ConfirmDialog, NoticeDialog
from game.ui.screens.pause import PauseScreen
from game.ui.screens.records import BestTimesDialog, HistoryDialog, StatisticsDialog

from .helpers import click

RECORD = GameRecord(date="2026-11-23T14:05:09", level="expert", width=30, height=16, mines=99,
                    result="won", time_ms=123_456, bbbv=180, bbbv_per_s=1.46, clicks=301,
                    efficiency=0.6, seed=42, first_click="safe", assisted=True)


def fill_records(app: App) -> None:
    """Something in every records dialog: best times, statistics, history."""
    for level in ("beginner", "intermediate", "expert"):
        app.store.add_best_time(level, "Anonyme Éloïse", 9_876, 30, 3.04,
                                date="2026-11-23T14:05:09")
    app.store.record_game(RECORD)
    app.store.record_game(GameRecord(**{**vars(RECORD), "result": "lost", "assisted": False,
                                        "level": "custom", "width": 8, "height": 8,
                                        "mines": 10}))


def _show(app: App, screen) -> None:
    app.push(screen)
    app.step()


def _close(app: App) -> None:
    while app.top is not app.play:
        app.pop()
    app.step()


def tour(app: App) -> Iterator[str]:
    """Open each screen in turn; yield its name while it is on top."""
    fill_records(app)
    for index in range(len(MENUS)):
        menu = MenuScreen(app)
        menu.index = index
        _show(app, menu)
        yield f"menu_{index}"
        _close(app)
    custom = CustomDialog(app)
    _show(app, custom)
    yield "custom"
    custom.fields["mines"].set("999")
    custom.accept()
    app.step()
    yield "custom_refused"
    _close(app)
    for name, dialog in (("best_times", BestTimesDialog(app, "expert", highlight=1)),
                         ("statistics", StatisticsDialog(app, "expert")),
                         ("history", HistoryDialog(app))):
        _show(app, dialog)
        yield name
        _close(app)
    _show(app, ConfirmDialog(app, BestTimesDialog(app, "intermediate").reset_question(),
                             lambda: None))
    yield "confirm_reset"
    _close(app)
    help_screen = HelpScreen(app)
    _show(app, help_screen)
    for page in range(len(help_screen.pages)):
        help_screen.page = page
        help_screen.relayout()
        app.invalidate()
        app.step()
        yield f"help_{page}"
    _close(app)
    _show(app, AboutDialog(app))
    yield "about"
    _close(app)
    _show(app, PauseScreen(app))
    yield "pause"
    _close(app)
    _show(app, NoticeDialog(app, notices.damaged("best times and statistics",
                                                 Path("records.corrupt-20261123-140509.json"))))
    yield "notice"
    _close(app)
    for name, dialog in (("name_typed", NameDialog), ("name_picked", ArcadeNameDialog)):
        _show(app, dialog(app, RECORD))
        yield name
        _close(app)
    click(app, (0, app.layout.cols - 1))      # a first click, so the hint explains a number
    app.commands.run("hint")
    app.step()
    yield "hint"
    app.play.assist.clear_hint()
    attract = AttractScreen(app, 1)
    _show(app, attract)
    app.invalidate()
    app.step()
    yield "attract"
    attract.leave()
    app.step()
