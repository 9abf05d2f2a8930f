"""Frame scenarios of a player's single actions (run by ``tools/bench.py
frames`` beside those of ``bench_frames``): each builds a real ``App`` on the
real loop and clicks or presses as a player would, between frames."""

from __future__ import annotations

from pathlib import Path

import pygame
from bench_frames import CpuTimes, make_app, post_key, run
from scratch import scratch_folder

from game.store import Store


def post_button(app, label: str) -> None:
    """A click on the top dialog's button ``label``, as the window would get it."""
    dialog = app.top
    button = next(w for w in dialog.widgets if getattr(w, "label", None) == label)
    pos = app.viewport.to_display(dialog.screen_rect(button).center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))


def scenario_history_watch(frames: int, samples: int = 200_000) -> CpuTimes:
    """View > History..., Watch on a won game whose replay is ``samples``
    pointer samples long (200,000: 1.6 MB, an hour of play), the viewer
    watched for a second and left, again and again; the first Watch also
    starts the replay loader's process. History is opened between frames
    (its opening frame is the History scenario's)."""
    from soak import record_best_games

    from game.ui.screens.history import HistoryDialog
    from game.ui.screens.watch import ReplayScreen
    store = Store(scratch_folder("minesweeper-frames-watch-"))
    record_best_games(store, 3, 1, samples)
    app = make_app(store, level="expert")
    state = {"since": 0}

    def script(app, frame: int) -> None:
        top = app.top
        if isinstance(top, ReplayScreen):
            if frame - state["since"] >= 60:
                post_key(pygame.K_ESCAPE)
                state["since"] = frame
        elif isinstance(top, HistoryDialog):
            if top.games.loaded and frame - state["since"] >= 10:
                post_button(app, "Watch")
                state["since"] = frame
        elif top is app.play and not app.replays.waiting and frame - state["since"] >= 10:
            app.commands.run("history")
            state["since"] = frame
    try:
        return run(app, frames, script)
    finally:
        store.close()


def in_frame(app, action) -> None:
    """Have ``action(app, frame)`` run inside each timed frame, after its
    input, as a menu choice or a dialog's OK would (``run``'s script runs
    between frames, untimed)."""
    handle_events = app.handle_events
    frames = iter(range(10**9))

    def handle_and_act() -> None:
        handle_events()
        action(app, next(frames))

    app.handle_events = handle_and_act


def scenario_board_changes(frames: int) -> CpuTimes:
    """Custom... OK from Expert to a 100x100 board with 1,600 mines, and back
    to Expert, every 30 frames: grid, hexagons, torus in turn (the first of
    each shape builds its neighbour table)."""
    store = Store(scratch_folder("minesweeper-frames-boards-"))
    app = make_app(store, level="expert")
    shapes = ("grid", "hex", "torus")

    def change(app, frame: int) -> None:
        if frame % 30 != 5:
            return
        settings, turn = app.settings, frame // 30
        if turn % 2:
            settings.shape = "grid"
            app.commands.run("level_expert")
            return
        settings.shape = shapes[turn // 2 % len(shapes)]
        settings.choose_board(100, 100, 1600)
        app.settings_changed("level", "custom_width", "custom_height", "custom_mines", "shape")
        app.play.new_game()

    in_frame(app, change)
    try:
        return run(app, frames, lambda app, frame: None)
    finally:
        store.close()


def scenario_watch_last(frames: int) -> CpuTimes:
    """R (watch the last game) when that game is the 2 MB replay of a
    100x100 game (195,000 pointer samples, see ``long_replay_file``), the
    viewer watched for a second and left, again and again."""
    from bench_frames import long_replay_file

    from game.replay import read_file
    from game.ui.screens.watch import ReplayScreen
    store = Store(scratch_folder("minesweeper-frames-r-"))
    app = make_app(store, level="expert")
    app.last_replay = read_file(long_replay_file(
        scratch_folder("minesweeper-frames-r-"), steps=29))
    state = {"since": 0}

    def script(app, frame: int) -> None:
        if frame - state["since"] < 60:
            return
        state["since"] = frame
        post_key(pygame.K_ESCAPE if isinstance(app.top, ReplayScreen) else pygame.K_r)
    try:
        return run(app, frames, script)
    finally:
        store.close()


#: Replays named in four scripts, 70 letters long: cut to fit in the list.
LONG_NAMES = ("日本語のファイル名と長い説明", "ملف إعادة اللعب الطويل جدا ", "ไฟล์รีเพลย์ของฉัน",
              "שמירה ארוכה מאוד של משחק ")


def scenario_open_replay(frames: int, files: int = 5000, long_names: bool = False,
                         fonts: Path | None = None) -> CpuTimes:
    """View > Open replay... on a replays folder of ``files`` files, opened
    in a timed frame, shown for a few frames and closed, again and again;
    with ``long_names``, each named in 70 Japanese, Arabic, Thai or Hebrew
    letters, looked for in the system's fonts (or those under ``fonts``)."""
    from game.ui.screens.open_replay import OpenReplayDialog
    directory = Path(scratch_folder("minesweeper-frames-open-"))
    (directory / "replays").mkdir()
    for i in range(files):
        name = (f"{i:02d} " + (LONG_NAMES[i % 4] * 6)[:70] if long_names
                else f"20261125_{i:06d}_expert_won")
        (directory / "replays" / f"{name}.json").write_text("{}")
    store = Store(directory)
    app = make_app(store, level="expert",
                   font_folders=None if fonts is None or not long_names else [fonts])

    def act(app, frame: int) -> None:
        if frame % 20 == 5 and app.top is app.play:
            app.commands.run("open_replay")

    def script(app, frame: int) -> None:
        if frame % 20 == 15 and isinstance(app.top, OpenReplayDialog):
            post_key(pygame.K_ESCAPE)

    in_frame(app, act)
    try:
        return run(app, frames, script)
    finally:
        store.close()


#: Best times under names no font of ours draws, and more typed one by one.
OTHER_SCRIPTS = ("山田太郎", "김민준", "王小明", "علي", "Zoë 😀🦊", "محمد علي", "שלום",
                 "สมชาย", "देवनागरी", "Ali علي 42")
TYPED = "春夏秋冬東西南北上下左右前後内外大小高低長短明暗新古강산바다하늘별달سلامعليكمสวัสดี"


def scenario_other_scripts(frames: int, fonts: Path | None = None) -> CpuTimes:
    """Best Times opened on names in eight scripts (Arabic and Hebrew right
    to left, shaped with Thai and Devanagari): the first character
    missing from our fonts sends the finder's thread through the system's
    fonts (``render/system_fonts.py``); then a name entry where a new
    Japanese, Korean, Arabic or Thai letter is typed every 4 frames, each
    one (and the run it ends) looked for on that thread and the text drawn
    again when it is found. The fonts are
    the system's, or those under ``fonts``."""
    from storm import WON_BEGINNER

    from game.ui.screens.names import NameDialog
    store = Store(scratch_folder("minesweeper-frames-scripts-"))
    for i, name in enumerate(OTHER_SCRIPTS):
        store.add_best_time("beginner", name, 10_000 + 1000 * i, None, None)
    app = make_app(store, font_folders=None if fonts is None else [fonts])
    typed = iter(TYPED * (frames // len(TYPED) + 1))

    def act(app, frame: int) -> None:
        if frame == 2:
            app.commands.run("best_times")
        elif frame == 60:
            app.pop()
            app.push(NameDialog(app, WON_BEGINNER))
        elif frame > 60 and frame % 4 == 0:
            entry = app.top.entry
            if len(entry.text) >= 16:
                entry.set(entry.text[-8:])
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=next(typed)))

    in_frame(app, act)
    try:
        return run(app, frames, lambda app, frame: None)
    finally:
        store.close()
