"""Commands: what menu items and shortcut keys do, in one place.

Menus and key bindings name commands by string; ``run`` performs them. Each
command changes settings or pushes a screen; a settings change is handed to
``App.settings_changed`` so it is saved and the window follows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import available as languages

from . import keys
from .screens import replays
from .screens.attract import AttractScreen
from .screens.custom import CustomDialog
from .screens.history import HistoryDialog
from .screens.open_replay import OpenReplayDialog
from .screens.records import BestTimesDialog, StatisticsDialog
from .screens.style import StyleDialog

if TYPE_CHECKING:
    from pathlib import Path

    from game.replay import Replay

    from .app import App


class Commands:
    def __init__(self, app: App) -> None:
        self.app = app

    def run(self, name: str) -> None:
        if not self.allowed(name):
            return
        if name.startswith(keys.LANGUAGE_COMMAND):
            self.app.set_language(name.removeprefix(keys.LANGUAGE_COMMAND))
        else:
            getattr(self, name)()

    def available(self, name: str) -> bool:
        if name.startswith(keys.LANGUAGE_COMMAND):
            return name.removeprefix(keys.LANGUAGE_COMMAND) in languages()
        return callable(getattr(self, name, None))

    def allowed(self, name: str) -> bool:
        """False for what a kiosk visitor may not do (quit, sound, window)."""
        return not (self.app.kiosk and name in keys.KIOSK_BLOCKED)

    # ------------------------------------------------------------ game

    def new_game(self) -> None:
        self.app.play.new_game()

    def _level(self, name: str) -> None:
        self.app.settings.level = name
        self.app.settings_changed("level")
        self.app.play.new_game()

    def level_beginner(self) -> None:
        self._level("beginner")

    def level_intermediate(self) -> None:
        self._level("intermediate")

    def level_expert(self) -> None:
        self._level("expert")

    def style(self) -> None:
        self.app.push(StyleDialog(self.app))

    def _style(self, name: str) -> None:
        """Play as ``name`` did: its Beginner, first-click rule, marks and
        left-click chord, from a new game (a custom board that is one of its
        presets becomes that preset)."""
        self.app.settings.apply_style(name)
        self.app.settings_changed("style", "first_click", "marks", "chord_left_click")
        self.app.play.new_game()

    def style_win31(self) -> None:
        self._style("win31")

    def style_xp(self) -> None:
        self._style("xp")

    def style_modern(self) -> None:
        self._style("modern")

    def custom(self) -> None:
        self.app.push(CustomDialog(self.app))

    def toggle_marks(self) -> None:
        settings = self.app.settings
        settings.marks = not settings.marks
        self.app.play.field.marks = settings.marks
        self.app.settings_changed("marks")

    def toggle_chord_left_click(self) -> None:
        self.app.settings.chord_left_click = not self.app.settings.chord_left_click
        self.app.settings_changed("chord_left_click")

    def toggle_flag_mode(self) -> None:
        self.app.settings.flag_mode = not self.app.settings.flag_mode
        self.app.settings_changed("flag_mode")

    def toggle_sound(self) -> None:
        self.app.settings.sound = not self.app.settings.sound
        self.app.audio.enabled = self.app.settings.sound
        if self.app.settings.sound:
            self.app.audio.retry()                 # a device may have come back meanwhile
        else:
            self.app.audio.stop()
        self.app.settings_changed("sound")

    def toggle_color(self) -> None:
        """View > Color: the game in colour, or in black, white and greys."""
        self.app.settings.color = not self.app.settings.color
        self.app.settings_changed("color")
        self.app.recolour()

    def pause(self) -> None:
        self.app.play.pause()

    def exit(self) -> None:
        self.app.request_quit()

    # ------------------------------------------------------------ the computer

    def hint(self) -> None:
        play = self.app.play
        play.mark_dirty(play.assist.show_hint())

    def toggle_overlay(self) -> None:
        self.app.play.assist.toggle_overlay()

    def toggle_autoplay(self) -> None:
        self.app.play.assist.toggle_autoplay()

    def toggle_no_guess(self) -> None:
        """No-guess boards from the next game on (this one keeps its mines)."""
        self.app.settings.no_guess = not self.app.settings.no_guess
        self.app.settings_changed("no_guess")

    def _first_click(self, rule: str) -> None:
        """The first-click rule of the next games (this one keeps its own)."""
        self.app.settings.first_click = rule
        self.app.settings_changed("first_click")

    def first_click_opening(self) -> None:
        self._first_click("opening")

    def first_click_safe(self) -> None:
        self._first_click("safe")

    def first_click_classic(self) -> None:
        self._first_click("classic")

    # ------------------------------------------------------------ window

    def zoom_in(self) -> None:
        self.app.zoom(+1)

    def zoom_out(self) -> None:
        self.app.zoom(-1)

    def minimize(self) -> None:
        """Esc on the board: Winmine's boss key, which minimised the game
        (winmine.c, WM_KEYDOWN: VK_ESCAPE posts SC_MINIMIZE), and so paused it.
        The game pauses here, not only when the window manager reports the
        window minimised: with none that minimises (bare X, a tiling one)
        Esc left the board showing and its clock ticking."""
        self.app.play.pause()
        self.app.display.minimize()

    def toggle_fullscreen(self) -> None:
        self.app.settings.fullscreen = not self.app.settings.fullscreen
        self.app.settings_changed("fullscreen")
        self.app.refit()

    # ------------------------------------------------------------ records

    def best_times(self) -> None:
        self.app.push(BestTimesDialog(self.app))

    def statistics(self) -> None:
        self.app.push(StatisticsDialog(self.app))

    def history(self) -> None:
        self.app.push(HistoryDialog(self.app))

    # ------------------------------------------------------------ replays

    def watch_replay(self) -> None:
        """Watch the last game recorded (the one just finished). The viewer
        opens a step a frame, as a loaded replay's does: at once, a 100x100
        game's timeline, 3BV and window size took 19-34 ms of one frame."""
        if self.app.last_replay is not None:
            replays.watch(self.app, self.app.last_replay, fit_next_frame=True)

    def export_replay(self, replay: Replay | None = None) -> None:
        """Save a replay (the last game's by default) to a file to share."""
        replay = replay or self.app.last_replay
        if replay is not None and self.allowed("export_replay"):
            replays.export(self.app, replay)

    def open_replay(self) -> None:
        self.app.push(OpenReplayDialog(self.app))

    def open_replay_file(self, path: str | Path) -> None:
        """Watch the replay file ``path``, dropped on the window or named on
        the command line. Over attract mode, whoever asked is at the machine:
        the demo gives way first, as at a click. It used to play on beneath
        the viewer (``--demo --replay FILE``, or a file dropped on a demo
        window), each demo board resizing the window under the replay."""
        top = self.app.top
        if isinstance(top, AttractScreen):
            top.leave()
        replays.open_file(self.app, path)

    # ------------------------------------------------------------ help

    def help(self) -> None:
        from .screens.help import HelpScreen  # waits until wanted (docs/design.md)
        self.app.push(HelpScreen(self.app))

    def about(self) -> None:
        from .screens.help import AboutDialog
        self.app.push(AboutDialog(self.app))

