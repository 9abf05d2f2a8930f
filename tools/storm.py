"""Event storm: random input thrown at every screen, in a normal and a kiosk app.

A machine left in a shop window gets every input there is: fists on the
touch screen, a cat on the keyboard, a mouse with seven buttons, focus
stolen by a system dialog. This throws N random events (default 200,000,
spread evenly over every screen and both apps) at the play screen, each menu,
each dialog, both name entries and attract mode: clicks anywhere (outside the
window and negative too) with buttons 1-7, drags and chords, wheel turns,
keys with any modifiers (the keypad's too), text in any script, input
methods' compositions, files dropped, window and focus events, touch events
and QUIT. Each screen's app starts on one of ``SETTINGS``' boards and
languages (hexagons, a torus, French, a board bigger than the window...),
and the computer's faults raise there (``stress_lib.StrictWorker``) rather
than reaching the window as a notice the storm would dismiss. Events go
in batches of 20-50, then 1-3 ticks and a render; now and then a lull of
up to 200 ticks without input lets animations end, auto-play go on and a
kiosk fall idle into attract mode.

Nothing is caught: an exception is a failure. After every batch the app's
invariants (the play screen at the bottom of a short stack, scroll and cursor
on the board; a kiosk still running and fullscreen) and the engine's (see
``stress_lib.check_field``) are checked. When the screen under test has gone
(Esc, a choice, a wake-up) or stayed buried for two batches, it is opened
again; a normal app stopped by Exit or QUIT is simply restarted, while a
kiosk must never stop (the operator's chord is kept out of its storm).

Each screen gets a fresh app and its own random stream derived from
``--seed``, and new boards come from that stream too, so a failure replays
with ``--seed S --only NAME [--kiosk]``.

    python tools/storm.py                      # 200,000 events
    python tools/storm.py --events 20000 --only "menu Game" --only pause
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
import types
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import pygame  # noqa: E402
from scratch import scratch_folder  # noqa: E402
from stress_lib import EventMaker, check_app, expect, new_app, run_stoppable  # noqa: E402

import game.engine.minefield as minefield_module  # noqa: E402
from game.replay import Recorder, Replay, replay_of  # noqa: E402
from game.store import GameRecord  # noqa: E402
from game.store.store import close_all_stores  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.menus import MENUS  # noqa: E402
from game.ui.screens.attract import AttractScreen  # noqa: E402
from game.ui.screens.custom import CustomDialog  # noqa: E402
from game.ui.screens.help import AboutDialog, HelpScreen  # noqa: E402
from game.ui.screens.history import HistoryDialog  # noqa: E402
from game.ui.screens.menu import MenuScreen  # noqa: E402
from game.ui.screens.names import ArcadeNameDialog, NameDialog  # noqa: E402
from game.ui.screens.notice import ConfirmDialog, NoticeDialog  # noqa: E402
from game.ui.screens.open_replay import OpenReplayDialog  # noqa: E402
from game.ui.screens.pause import PauseScreen  # noqa: E402
from game.ui.screens.records import BestTimesDialog, StatisticsDialog  # noqa: E402
from game.ui.screens.style import StyleDialog  # noqa: E402
from game.ui.screens.watch import ReplayScreen  # noqa: E402

#: A won beginner game, as the name entries receive it.
WON_BEGINNER = GameRecord(level="beginner", width=9, height=9, mines=10, result="won",
                          time_ms=7_321, bbbv=14, bbbv_per_s=1.91, clicks=17, efficiency=0.82,
                          seed=12345, first_click="opening", assisted=False)
NOTICE = ("Your best times could not be saved: the folder is read-only. "
          "The game goes on; nothing else is lost.")
#: A screen under test left buried under others this many batches is reopened.
BURIED_BATCHES = 2
#: Now and then nobody touches anything for a while (animations finish,
#: auto-play plays on, and a kiosk, idle after KIOSK_IDLE_SECONDS, goes to
#: attract mode).
LULL_CHANCE = 0.03
LULL_TICKS = (30, 200)
KIOSK_IDLE_SECONDS = 2


def _menu(index: int) -> Callable[[App], MenuScreen]:
    def open_menu(app: App) -> MenuScreen:
        menu = MenuScreen(app)
        menu.index, menu.highlight = index, None
        app.push(menu)
        return menu
    return open_menu


def _pushed(make: Callable[[App], object]) -> Callable[[App], object]:
    def open_screen(app: App):
        screen = make(app)
        app.push(screen)
        return screen
    return open_screen


def _beginner_replay() -> Replay:
    """A Beginner game played to its end, a move every 300 ms, the pointer on each."""
    field = minefield_module.Minefield(9, 9, 10, seed=12345)
    recorder = Recorder()
    cells = [(x, y) for y in range(9) for x in range(9)]
    while field.status in ("ready", "playing"):
        x, y = cells.pop(len(cells) // 2)
        t = 300 * field.move_count
        recorder.point(t, (x, y), 1)
        if field.cell(x, y) == "#":
            field.reveal(x, y)
        else:
            field.toggle_flag(x, y)
        recorder.stamp(field.move_count, t)
    result = "won" if field.status == "won" else "lost"
    return replay_of(field, recorder, result=result, time_ms=recorder.times[-1],
                     first_click="opening")


def _attract(app: App) -> AttractScreen:
    app.start_attract()
    return app.top


#: Every screen, by name: a function that opens it on a play-only stack.
SCREENS: dict[str, Callable[[App], object]] = {
    "play": lambda app: app.play,
    **{f"menu {title.replace('&', '')}": _menu(i) for i, (title, _) in enumerate(MENUS)},
    "custom": _pushed(CustomDialog),
    "best times": _pushed(BestTimesDialog),
    "statistics": _pushed(StatisticsDialog),
    "history": _pushed(HistoryDialog),
    "help": _pushed(HelpScreen),
    "about": _pushed(AboutDialog),
    "style": _pushed(StyleDialog),
    "notice": _pushed(lambda app: NoticeDialog(app, NOTICE)),
    "confirm": _pushed(lambda app: ConfirmDialog(app, "Reset the statistics?",
                                                 lambda: app.store.reset_statistics("beginner"))),
    "pause": _pushed(PauseScreen),
    "name": _pushed(lambda app: NameDialog(app, WON_BEGINNER)),
    "arcade name": _pushed(lambda app: ArcadeNameDialog(app, WON_BEGINNER)),
    "attract": _attract,
    "replay viewer": _pushed(lambda app: ReplayScreen(app, _beginner_replay())),
    "open replay": _pushed(OpenReplayDialog),
}
MODES = ("normal", "kiosk")
#: The boards and languages a screen's app may start with, one drawn per
#: screen: every screen also meets hexagons, a torus, French words, a board
#: bigger than the window, no-guess boards and the question marks.
SETTINGS: tuple[dict[str, object], ...] = (
    {}, {}, {"shape": "hex"}, {"shape": "torus"}, {"language": "fr"},
    {"level": "custom", "custom_width": 60, "custom_height": 40, "custom_mines": 400},
    {"level": "intermediate", "shape": "hex", "language": "fr"},
    {"no_guess": True, "marks": True})


@dataclass
class ScreenStats:
    name: str
    mode: str
    events: int = 0
    aimed: int = 0          # events posted while the screen under test was on top
    batches: int = 0
    lulls: int = 0          # batches without input, then up to 200 ticks
    reopened: int = 0
    quits: int = 0          # a normal app stopped (Exit, QUIT) and was restarted
    won: int = 0
    lost: int = 0
    seconds: float = 0.0


@contextmanager
def seeded_boards(rng: random.Random):
    """New games draw their seed from ``rng`` instead of the system's entropy
    (the engine asks ``random.SystemRandom`` when no seed is given)."""
    original = minefield_module.random
    minefield_module.random = types.SimpleNamespace(Random=random.Random,
                                                    SystemRandom=lambda: rng)
    try:
        yield
    finally:
        minefield_module.random = original


def unwind(app: App) -> None:
    """Close everything above the play screen, as a player would."""
    for _ in range(32):
        top = app.top
        if top is app.play:
            return
        if isinstance(top, AttractScreen):
            top.leave()
        elif hasattr(top, "cancel"):
            top.cancel()
        if app.top is top:
            app.pop()
    raise AssertionError(f"the stack does not unwind: {app.stack}")


def open_screen(app: App, name: str):
    unwind(app)
    return SCREENS[name](app)


def storm_screen(name: str, mode: str, events: int, seed: int,
                 folder: str | None = None) -> ScreenStats:
    """Throw ``events`` random events at one screen of a fresh app, its
    records in a new folder in ``folder`` (the system's temporary folder
    unless given)."""
    kiosk = mode == "kiosk"
    rng = random.Random(f"{seed}/{mode}/{name}")
    stats = ScreenStats(name, mode)
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="minesweeper-storm-", dir=folder) as data_dir, \
            seeded_boards(random.Random(rng.random())):
        try:
            app = new_app(data_dir, kiosk=kiosk, seed=rng.randrange(2**31),
                          idle_seconds=KIOSK_IDLE_SECONDS, **rng.choice(SETTINGS))
            try:
                _throw(app, name, kiosk, events, rng, stats)
            finally:
                app.close()
        finally:
            # The store closed before its folder goes, even when a signal
            # stops the run (maybe while the app was being made): its exit
            # handler wrote the settings after, and made the folder again.
            close_all_stores()
    stats.seconds = time.perf_counter() - start
    return stats


def _throw(app: App, name: str, kiosk: bool, events: int, rng: random.Random,
           stats: ScreenStats) -> None:
    """The storm itself: batches of events and lulls at ``name``'s screen,
    the invariants checked after each, the screen opened again when lost."""
    app.step()
    maker = EventMaker(rng, kiosk=kiosk)
    screen = open_screen(app, name)
    buried = 0
    session, counted = None, False
    pygame.event.clear()
    while stats.events < events:
        if rng.random() < LULL_CHANCE:
            batch, ticks = [], rng.randint(*LULL_TICKS)
            stats.lulls += 1
        else:
            batch, ticks = maker.batch(app, rng.randint(20, 50)), rng.randint(1, 3)
        if app.top is screen:
            stats.aimed += len(batch)
        for event in batch:
            pygame.event.post(event)
        stats.events += len(batch)
        stats.batches += 1
        app.step(ticks)
        if not app.running:
            expect(not kiosk, "a kiosk stopped")
            stats.quits += 1
            app.running = True
        check_app(app, kiosk=kiosk)
        if app.play.session is not session:
            session, counted = app.play.session, False
        if session.ended and not counted:
            counted = True
            stats.won += session.status == "won"
            stats.lost += session.status == "lost"
        buried = 0 if app.top is screen else buried + 1
        if screen not in app.stack or buried > BURIED_BATCHES:
            screen = open_screen(app, name)
            stats.reopened += 1
            buried = 0


def run_storm(events_per_screen: int, *, seed: int = 1, only: list[str] | None = None,
              modes: tuple[str, ...] = MODES, report=None,
              folder: str | None = None) -> list[ScreenStats]:
    """Every screen (or those named in ``only``) in every mode; ``report``
    gets each screen's figures as they come, ``folder`` their records'
    folders. Raises at the first failure, with the seed, the screen and the
    mode in the message."""
    results = []
    for mode in modes:
        for name in only or SCREENS:
            try:
                stats = storm_screen(name, mode, events_per_screen, seed, folder)
            except Exception as error:
                error.add_note(f"storm: seed {seed}, screen {name!r}, {mode} app "
                               f"(replay: tools/storm.py --seed {seed} --only {name!r}"
                               f"{' --kiosk' if mode == 'kiosk' else ''})")
                raise
            results.append(stats)
            if report:
                report(stats)
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=200_000,
                        help="events in all, spread over the screens and modes")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", action="append", choices=list(SCREENS), metavar="SCREEN",
                        help=f"this screen only (repeatable): {', '.join(SCREENS)}")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--kiosk", action="store_const", const=("kiosk",), dest="modes",
                       help="the kiosk app only")
    group.add_argument("--normal", action="store_const", const=("normal",), dest="modes",
                       help="the normal app only")
    args = parser.parse_args(argv)
    return run_stoppable("storm", lambda: _run(args))


def _run(args: argparse.Namespace) -> int:
    """The storm the options ask for, its table printed as it goes."""
    modes = args.modes or MODES
    screens = args.only or list(SCREENS)
    per_screen = max(1, args.events // (len(screens) * len(modes)))
    # The screens' folders go in one removed at exit. A signal sent as the
    # table begins comes as the first screen's folder is made, maybe after
    # it exists but before anything would remove it: one was left each time.
    folder = scratch_folder("minesweeper-storm-")
    print(f"storm: {per_screen} events at each of {len(screens)} screens x {len(modes)} "
          f"modes, seed {args.seed}")
    print(f"{'screen':<16} {'mode':<7} {'events':>7} {'on top':>7} {'reopen':>7} "
          f"{'quits':>6} {'won':>4} {'lost':>5} {'ev/s':>7}", flush=True)

    def report(s: ScreenStats) -> None:
        print(f"{s.name:<16} {s.mode:<7} {s.events:>7} {s.aimed:>7} {s.reopened:>7} "
              f"{s.quits:>6} {s.won:>4} {s.lost:>5} {s.events / s.seconds:>7.0f}", flush=True)

    start = time.perf_counter()
    results = run_storm(per_screen, seed=args.seed, only=args.only, modes=modes, report=report,
                        folder=folder)
    seconds = time.perf_counter() - start
    total = sum(s.events for s in results)
    print(f"{total} events in {seconds:.1f} s: {total / seconds:.0f} events/s; "
          f"{sum(s.won + s.lost for s in results)} games ended; nothing raised, "
          "invariants held")
    return 0


if __name__ == "__main__":
    sys.exit(main())
