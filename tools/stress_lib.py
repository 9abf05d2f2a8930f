"""Shared by the soak (tools/soak.py), the event storm (tools/storm.py) and
their CI-sized tests (tests/stress): a headless app, the engine's invariants,
random input and memory readings.

Everything random takes a ``random.Random`` built from a printed seed, so a
failure found by a long run replays with ``--seed``.
"""

from __future__ import annotations

import os
import random
import signal
import sys
import tracemalloc
from collections.abc import Callable, Hashable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.engine import Minefield, Status  # noqa: E402
from game.engine.moves import FLAG, MARKS  # noqa: E402
from game.settings import Settings  # noqa: E402
from game.store import Store  # noqa: E402
from game.ui import keys  # noqa: E402
from game.ui.app import DEFAULT_IDLE_SECONDS, App  # noqa: E402
from game.ui.jobs import Job  # noqa: E402
from game.ui.loop import TickClock  # noqa: E402
from game.ui.screens.play import cell_centre  # noqa: E402
from game.ui.worker import Done, SyncWorker  # noqa: E402

#: More screens than this on the stack means something piles up.
MAX_STACK = 8


class InvariantError(AssertionError):
    """A rule of the game or of the app was broken."""


def expect(condition: bool, message: str) -> None:
    if not condition:
        raise InvariantError(message)


def fail(message: str, view: list[str] | None = None) -> None:
    raise InvariantError(message + ("\n" + "\n".join(view) if view else ""))


# ---------------------------------------------------------------- stopping

#: The signals that stop a run without a verdict (exit status 128 + the signal).
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


class Stopped(BaseException):
    """The run was asked to stop (not an Exception: nothing may take it for
    a failure of the game)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _stop(signum: int, _frame: object) -> None:
    raise Stopped(signum)


def run_stoppable(tool: str, run: Callable[[], int]) -> int:
    """``run()``'s exit status, or 128 + the signal when SIGTERM (a CI job's
    time limit, ``timeout``) or Ctrl+C stops it, said in one line.

    SDL turns SIGTERM into a request to close the window: the soak took
    that for attract mode left on its own ("FAILED" and a traceback on a
    game that did nothing wrong), the storm restarted its normal app and
    its kiosk refused it, and ran on to the end. A handler of ours in place
    before the window opens keeps SDL from taking the signal (it leaves
    one alone once a handler is there); the previous ones come back after."""
    previous = {number: signal.signal(number, _stop) for number in STOP_SIGNALS}
    try:
        return run()
    except Stopped as stop:
        print(f"{tool}: stopped by {signal.Signals(stop.signum).name}: no verdict",
              file=sys.stderr, flush=True)
        return 128 + stop.signum
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


class StrictWorker(SyncWorker):
    """The computer (or the replay loader) on the spot, as in any headless
    app, but a fault raises. The window turns one into a notice ("an
    unexpected error (IndexError)", see ``game.ui.worker_process.run_job``), which
    a storm or a soak dismissed and went on past, seeing nothing. The
    computer's own refusals (ValueError, worded for the player) are answers."""

    def submit(self, tag: Hashable, job: Job, *, replaces: Hashable | None = None) -> None:
        try:
            done = Done(tag, True, job.run())
        except ValueError as refusal:
            done = Done(tag, False, str(refusal))
        self._done.append(done)


def new_app(data_dir: str | os.PathLike[str], *, kiosk: bool = False, seed: int = 1,
            idle_seconds: float = DEFAULT_IDLE_SECONDS, **settings: object) -> App:
    """A headless app on a fresh game, sound off, scale 1 (unless
    ``settings`` say otherwise), ticks on a TickClock, its records in
    ``data_dir``, the computer's faults raising."""
    options: dict = {"sound": False, "scale": 1, **settings}
    return App(Settings(**options), store=Store(data_dir), clock=TickClock(),
               seed=seed, kiosk=kiosk, idle_seconds=idle_seconds,
               worker=StrictWorker(), loader=StrictWorker())


# ---------------------------------------------------------------- invariants

_DIGITS = "012345678"
_SHOWN = {Status.READY: set("#F?"), Status.PLAYING: set("#F?" + _DIGITS),
          Status.WON: set("F" + _DIGITS), Status.LOST: set("#F?xX*" + _DIGITS)}


def check_field(field: Minefield) -> None:
    """The engine's invariants on one board, read through its public view
    (any shape: holes of a shaped field show as spaces, and only there)."""
    w, h, n = field.width, field.height, field.mines
    view = field.view()
    expect(len(view) == h and all(len(row) == w for row in view),
           f"view is not {w}x{h}: {[len(r) for r in view]}")
    flat = "".join(view)
    holes = "".join(field.mask or ["#" * w] * h)
    expect(all((c == " ") == (m == " ") for c, m in zip(flat, holes, strict=True)),
           "holes shown where the mask has none, or cells where it has holes")
    cells = field.topology.cell_count
    status = field.status
    odd = set(flat) - _SHOWN[status] - {" "}
    if odd:
        fail(f"{status} board shows {''.join(sorted(odd))!r}", view)
    flags = flat.count("F") + flat.count("x")
    expect(field.mines_left == n - flags,
           f"mines_left {field.mines_left} but {n} mines and {flags} flags shown")
    expect(field.move_count == len(field.moves), "move_count differs from the moves kept")
    layout = field.layout()
    if layout is None:
        expect(status == Status.READY, f"{status} board without mines laid")
        expect(field.safe_left == cells - n, "cells opened before the mines were laid")
        return
    mines = "".join(layout)
    expect(len(mines) == w * h and mines.count("*") == n,
           f"layout holds {mines.count('*')} mines, not {n}")
    covered_safe = _check_cells(field, view, mines)
    expect(field.safe_left == covered_safe,
           f"safe_left {field.safe_left}, {covered_safe} safe cells covered")
    if status == Status.WON:
        expect(covered_safe == 0 and field.mines_left == 0, "won with safe cells covered")
    elif status == Status.LOST:
        expect("X" in flat, "lost without an exploded mine")
    elif status == Status.READY:
        expect(covered_safe == cells - n, "ready board with cells opened")
    else:
        expect(covered_safe > 0, "playing with no safe cell left")
    check_replay(field, layout, view)


def _check_cells(field: Minefield, view: list[str], mines: str) -> int:
    """Each cell shown against the mines laid (``mines``, the layout's rows
    joined): a number counts its mines, a 0 left no neighbour covered that
    was never flagged, a covered cell shows what its game's phase allows.
    Returns how many safe cells are still covered."""
    w, status, flat = field.width, field.status, "".join(view)
    table = field.topology.neighbours
    ever_flagged = {m.y * w + m.x for m in field.moves if m.kind == FLAG}
    covered_safe = 0
    safe_marks = "#?x" if status == Status.LOST else "#?F"
    mine_marks = {Status.LOST: "X*F", Status.WON: "F"}.get(status, "#?F")
    for i, ch in enumerate(flat):
        problem = ""
        if ch == " ":
            continue
        if ch in _DIGITS:
            around = table[i]
            count = sum(1 for j in around if mines[j] == "*")
            if mines[i] == "*":
                problem = "but holds a mine"
            elif int(ch) != count:
                problem = f"but touches {count} mines"
            elif ch == "0":                # the cascade opened every neighbour but flags
                shut = [j for j in around if flat[j] in "#?" and j not in ever_flagged]
                if shut:
                    problem = (f"but left its neighbour ({shut[0] % w}, {shut[0] // w}) "
                               f"covered, never flagged")
        elif mines[i] == ".":
            covered_safe += 1
            if ch not in safe_marks:
                problem = "but is safe"
        elif ch not in mine_marks:
            problem = f"but holds a mine ({status} game)"
        if problem:
            fail(f"({i % w}, {i // w}) shows {ch!r} {problem}", view)
    return covered_safe


def check_replay(field: Minefield, layout: list[str], view: list[str]) -> None:
    """A game is its mines plus its moves: replayed on the same mines, the
    moves give the same board. (The marks option the game began with is the
    opposite of its first recorded switch; without one it is the current
    option, unless the game is over: a switch after the end is not a move.)"""
    moves = field.moves
    first = next((m for m in moves if m.kind == MARKS), None)
    if first is not None:
        starts = (not first.x,)
    elif field.status in (Status.WON, Status.LOST):
        starts = (field.marks, not field.marks)
    else:
        starts = (field.marks,)
    wanted = (field.status, view, field.mines_left)
    for marks in starts:
        replay = Minefield.from_layout(layout, marks=marks, shape=field.shape)
        for move in moves:
            replay.apply(move)
        got = (replay.status, replay.view(), replay.mines_left)
        if got == wanted:
            return
    fail(f"the moves replayed give a {got[0]} board (right), not this {field.status} one",
         [f"{a}  {b}" for a, b in zip(view, got[1], strict=False)])


def check_app(app: App, *, kiosk: bool = False) -> None:
    """The app's own invariants, then the engine's on the board in play."""
    stack = app.stack
    expect(bool(stack) and stack[0] is app.play, "the play screen left the bottom of the stack")
    expect(len({id(s) for s in stack}) == len(stack), f"a screen is stacked twice: {stack}")
    expect(len(stack) <= MAX_STACK, f"{len(stack)} screens stacked: {stack}")
    if kiosk:
        expect(app.running, "a kiosk visitor stopped the app")
        expect(app.settings.fullscreen, "a kiosk left fullscreen")
    play, layout = app.play, app.layout
    sx, sy = play.scroll
    wraps = layout.shape == "torus"          # a torus scrolls round and round
    top_x = layout.cols - 1 if wraps else max(0, layout.cols - layout.view_cols)
    top_y = layout.rows - 1 if wraps else max(0, layout.rows - layout.view_rows)
    expect(0 <= sx <= top_x and 0 <= sy <= top_y, f"scroll {play.scroll} off")
    field = play.field
    for name in ("cursor", "hover"):
        cell = getattr(play, name)
        expect(cell is None or (0 <= cell[0] < field.width and 0 <= cell[1] < field.height),
               f"{name} {cell} off the {field.width}x{field.height} board")
    check_field(field)


# ---------------------------------------------------------------- memory

def rss_bytes() -> int | None:
    """Resident set size of this process (None when it cannot be read)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError, AttributeError):
        pass
    try:
        import psutil
    except ImportError:
        return None
    return psutil.Process().memory_info().rss


def traced_bytes() -> int:
    """Memory currently traced by tracemalloc (0 when not tracing)."""
    return tracemalloc.get_traced_memory()[0] if tracemalloc.is_tracing() else 0


def mb(value: int | None) -> str:
    return "n/a" if value is None else f"{value / 2**20:.2f}"


# ---------------------------------------------------------------- random input

TEXTS = (
    "a", "Z", "7", "42", "007", " ", "name", "Ada Lovelace", "x" * 25,
    "é", "ß", "ÿ", "Ñandú", "Ærøskøbing", "\u00a0", "\u00ad", "©®",
    "漢字", "名前", "한국어", "ありがとう", "😀", "👨\u200d👩\u200d👧", "🇫🇷", "e\u0301",
    "\u202eevil", "١٢٣", "１２", "²", "Ⅻ", "\x00", "\x07", "\n", "\t", "\r\n", "\x1b",
    "\x7f", "\ufeff", "\ud7ff", "\U0010ffff", "\u034f", "\u180b", "\u200b", "",
)

KEYS = sorted({k for b in keys.BINDINGS for k in b.keys} | {
    pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_HOME, pygame.K_END,
    pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE,
    pygame.K_TAB, pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_SPACE, pygame.K_PAUSE,
    pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LALT,
    pygame.K_RALT, pygame.K_LGUI, pygame.K_RGUI, pygame.K_MENU, pygame.K_CAPSLOCK,
    *range(pygame.K_a, pygame.K_z + 1), *range(pygame.K_0, pygame.K_9 + 1),
    *(getattr(pygame, f"K_F{i}") for i in range(1, 13)),
    *(getattr(pygame, f"K_KP_{i}") for i in range(10)), pygame.K_KP_PERIOD})

#: Compositions an input method shows before its word is committed.
COMPOSITIONS = ("", "に", "にほ", "にほん", "ㅎ", "한", "zhong", "中文" * 20)

MODS = (0, pygame.KMOD_LSHIFT, pygame.KMOD_RSHIFT, pygame.KMOD_LCTRL, pygame.KMOD_RCTRL,
        pygame.KMOD_LALT, pygame.KMOD_RALT, pygame.KMOD_LGUI, pygame.KMOD_NUM, pygame.KMOD_CAPS,
        pygame.KMOD_MODE)

WINDOW_EVENTS = (pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED, pygame.WINDOWMINIMIZED,
                 pygame.WINDOWRESTORED, pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE,
                 pygame.WINDOWENTER, pygame.WINDOWLEAVE)


class EventMaker:
    """Random events of every kind the window can receive, shaped as SDL
    shapes them (the attributes real events carry, any values)."""

    def __init__(self, rng: random.Random, *, kiosk: bool = False) -> None:
        self.rng = rng
        self.kiosk = kiosk
        self.size = (1, 1)
        self.hot: list[pygame.Rect] = []
        self.field = pygame.Rect(0, 0, 1, 1)
        self.safe: list[tuple[int, int]] = []
        self.kinds = [(self.tap, 12), (self.lucky, 8), (self.click, 22), (self.motion, 14),
                      (self.drag, 4), (self.wheel, 4), (self.key, 24), (self.text, 8),
                      (self.window, 4), (self.quit, 1), (self.finger, 5), (self.compose, 3),
                      (self.drop, 1)]
        self._makers = [m for m, _ in self.kinds]
        self._weights = [w for _, w in self.kinds]

    def batch(self, app: App, count: int) -> list[pygame.event.Event]:
        """``count`` or so events aimed at ``app`` as it is now."""
        self.size = app.display.surface.get_size()
        self.hot = hot_rects(app)
        self.field = self.hot[2]
        self.safe = safe_spots(app)
        events: list[pygame.event.Event] = []
        while len(events) < count:
            events += self.rng.choices(self._makers, self._weights)[0]()
        return events

    def pos(self) -> tuple[int, int]:
        rng, (w, h) = self.rng, self.size
        r = rng.random()
        if r < 0.35 and self.hot:
            rect = rng.choice(self.hot)
            return rng.randint(rect.left, rect.right), rng.randint(rect.top, rect.bottom)
        if r < 0.8:
            return rng.randrange(w), rng.randrange(h)
        if r < 0.95:
            return rng.randint(-40, w + 40), rng.randint(-40, h + 40)
        return rng.randint(-10**6, 10**6), rng.randint(-10**6, 10**6)

    def buttons(self) -> tuple[int, int, int]:
        return tuple(int(self.rng.random() < 0.3) for _ in range(3))

    def rel(self) -> tuple[int, int]:
        if self.rng.random() < 0.1:
            return 0, 0
        return self.rng.randint(-50, 50), self.rng.randint(-50, 50)

    def click(self) -> list[pygame.event.Event]:
        rng = self.rng
        button = rng.choice((1, 1, 1, 3, 3, 2, 4, 5, 6, 7))
        pos = self.pos()
        down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=False)
        up_pos = pos if rng.random() < 0.7 else self.pos()
        up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=up_pos, button=button, touch=False)
        r = rng.random()
        return [down, up] if r < 0.6 else [down] if r < 0.8 else [up]

    def tap(self) -> list[pygame.event.Event]:
        """A clean click on the field, so games get played to their end."""
        rng, field = self.rng, self.field
        pos = rng.randint(field.left, field.right), rng.randint(field.top, field.bottom)
        button = rng.choice((1, 1, 1, 1, 1, 1, 3, 3, 3, 2))
        return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=False),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=False)]

    def lucky(self) -> list[pygame.event.Event]:
        """Left clicks on covered safe cells (a player who knows), so games
        are won too, and best times asked for."""
        if not self.safe:
            return self.tap()
        spots = self.rng.sample(self.safe, min(len(self.safe), self.rng.randint(1, 12)))
        return [pygame.event.Event(kind, pos=pos, button=1, touch=False)
                for pos in spots for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)]

    def motion(self) -> list[pygame.event.Event]:
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=self.pos(), rel=self.rel(),
                                   buttons=self.buttons(), touch=False)]

    def drag(self) -> list[pygame.event.Event]:
        rng = self.rng
        button = rng.choice((1, 2, 3))
        held = tuple(int(b == button) for b in (1, 2, 3))
        events = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=self.pos(), button=button,
                                     touch=False)]
        events += [pygame.event.Event(pygame.MOUSEMOTION, pos=self.pos(), rel=self.rel(),
                                      buttons=held, touch=False) for _ in range(rng.randint(1, 6))]
        if rng.random() < 0.3:                     # the other button joins in: a chord
            other = 3 if button == 1 else 1
            events.append(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=self.pos(),
                                             button=other, touch=False))
            events.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=self.pos(),
                                             button=other, touch=False))
        events.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=self.pos(), button=button,
                                         touch=False))
        return events

    def wheel(self) -> list[pygame.event.Event]:
        rng = self.rng
        x, y = rng.randint(-5, 5), rng.randint(-5, 5)
        return [pygame.event.Event(pygame.MOUSEWHEEL, x=x, y=y, flipped=rng.random() < 0.5,
                                   precise_x=float(x), precise_y=float(y), touch=False, which=0)]

    def key(self) -> list[pygame.event.Event]:
        rng = self.rng
        k = rng.choice(KEYS) if rng.random() < 0.97 else rng.randrange(0x4000_0200)
        mod = rng.choice(MODS) if rng.random() < 0.7 else rng.randrange(0x10000)
        if self.kiosk and k == keys.OPERATOR_EXIT_KEY:
            mod &= ~pygame.KMOD_SHIFT          # never the operator's chord in a kiosk
        char = chr(k) if 32 <= k < 127 else rng.choice(TEXTS)[:1]
        down = pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=char,
                                  scancode=rng.randrange(512))
        up = pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode=char,
                                scancode=down.scancode)
        r = rng.random()
        return [down, up] if r < 0.75 else [down] if r < 0.9 else [up]

    def text(self) -> list[pygame.event.Event]:
        rng = self.rng
        r = rng.random()
        if r < 0.6:
            text = rng.choice(TEXTS)
        elif r < 0.9:
            text = "".join(rng.choice(TEXTS) for _ in range(rng.randint(2, 8)))
        else:
            text = "".join(chr(rng.randrange(0x20, 0x3000)) for _ in range(rng.randint(30, 300)))
        return [pygame.event.Event(pygame.TEXTINPUT, text=text)]

    def compose(self) -> list[pygame.event.Event]:
        """An input method at work: a composition shown, changed, given up
        (an empty one), or committed as text."""
        rng = self.rng
        text = rng.choice(COMPOSITIONS)
        start = rng.randint(0, len(text))
        events = [pygame.event.Event(pygame.TEXTEDITING, text=text, start=start,
                                     length=rng.randint(0, len(text) - start))]
        if text and rng.random() < 0.4:
            events += [pygame.event.Event(pygame.TEXTEDITING, text="", start=0, length=0),
                       pygame.event.Event(pygame.TEXTINPUT, text=text)]
        return events

    def drop(self) -> list[pygame.event.Event]:
        """A file dropped on the window: none there, a folder, the root, a
        device, this very file (not a replay), or no name at all."""
        path = self.rng.choice(("/nonexistent/game.json", str(Path(__file__).parent), os.sep,
                                os.devnull, __file__, ""))
        return [pygame.event.Event(pygame.DROPFILE, file=path)]

    def window(self) -> list[pygame.event.Event]:
        return [pygame.event.Event(self.rng.choice(WINDOW_EVENTS))]

    def quit(self) -> list[pygame.event.Event]:
        return [pygame.event.Event(pygame.QUIT)]

    def finger(self) -> list[pygame.event.Event]:
        rng = self.rng
        kind = rng.choice((pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION))
        return [pygame.event.Event(kind, x=rng.random(), y=rng.random(),
                                   dx=rng.uniform(-1, 1), dy=rng.uniform(-1, 1),
                                   finger_id=rng.randrange(5), touch_id=rng.randrange(3),
                                   pressure=rng.random())]


def safe_spots(app: App) -> list[tuple[int, int]]:
    """Display positions of the covered safe cells in view (none before the
    mines are laid, once the game is over, or while the window is laid out
    for another board: the replay viewer's)."""
    play = app.play
    field = play.field
    layout = field.layout()
    if layout is None or field.status != Status.PLAYING \
            or (app.layout.cols, app.layout.rows) != (field.width, field.height):
        return []
    view, scroll = field.view(), play.scroll
    spots = []
    for vy in range(app.layout.view_rows):
        for vx in range(app.layout.view_cols):
            x, y = app.layout.board_cell(vx, vy, scroll)
            if layout[y][x] == "." and view[y][x] in "#?":
                spots.append(app.viewport.to_display(cell_centre(app.layout, (x, y), play.scroll)))
    return spots


def hot_rects(app: App) -> list[pygame.Rect]:
    """Display rectangles worth aiming at: the menu bar, the face, the field
    (in that order) and the top screen's window (dialogs)."""
    vp, layout = app.viewport, app.layout
    rects = [layout.menu_bar, layout.face, layout.field]
    rect = getattr(app.top, "rect", None)
    if isinstance(rect, pygame.Rect):
        rects += [rect] * 3
    out = []
    for r in rects:
        x, y = vp.to_display(r.topleft)
        out.append(pygame.Rect(x, y, max(1, r.w * vp.scale - 1), max(1, r.h * vp.scale - 1)))
    return out
