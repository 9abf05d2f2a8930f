"""Ending the game when the system asks (SIGTERM, SIGHUP, SIGINT)."""

from __future__ import annotations

import signal
from collections.abc import Callable
from types import FrameType
from typing import Any, Protocol

#: A signal's handler as ``signal.signal`` gives it back: a function, SIG_DFL
#: or SIG_IGN, or None when it was not installed from Python (typeshed's own
#: alias for this, ``signal._HANDLER``, is private).
Handler = Callable[[int, FrameType | None], Any] | int | signal.Handlers | None

#: The exit status of ``--check`` cut short by Ctrl+C: 128 + SIGINT, as a
#: shell reports it; never 0, which a script would take for a sound replay.
INTERRUPTED = 128 + 2


def interrupted_status(argv: list[str]) -> int:
    """The exit status of a run that Ctrl+C stopped before the game's own
    handlers were in place (the start-up's first half second, or a
    ``--check``), which Python ended with a KeyboardInterrupt traceback:
    0, as for a game a signal ends; INTERRUPTED for ``--check``."""
    return INTERRUPTED if "--check" in argv else 0


class StartInterrupts:
    """Ctrl+C while the game starts (or checks a replay), kept as ``asked``
    until the game's own handlers (``Stop``) take over, rather than raised.

    Python's KeyboardInterrupt comes wherever the start-up happens to be:
    in a module being imported (pygame, the store), it went up as a
    traceback from the installed ``minesweeper`` command; in a weakref
    callback of the import system, Python printed it as "ignored" and the
    window opened all the same, the Ctrl+C lost. Kept here, it is looked at
    where the start-up can end cleanly. Outside the main thread (a test's)
    signals cannot be handled, and nothing is kept."""

    def __init__(self) -> None:
        self.asked = False
        self._previous: Handler = None
        self._held = False

    def __enter__(self) -> StartInterrupts:
        try:
            self._previous = signal.signal(signal.SIGINT, self._handle)
            self._held = True
        except ValueError:
            pass
        return self

    def __exit__(self, *exc: object) -> None:
        if self._held:
            signal.signal(signal.SIGINT,
                          self._previous if self._previous is not None else signal.SIG_DFL)

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        self.asked = True


class Quits(Protocol):
    """What a signal stops once the window is open: the app's loop."""

    def request_quit(self) -> None: ...


class Stop:
    """SIGTERM, SIGHUP and SIGINT end the game in an orderly way in every mode,
    kiosk included (the operator's system asked): the loop stops, the game in
    progress is recorded as abandoned, a best time being named keeps its
    name, writes are flushed, and the exit status is 0 — no traceback.

    SDL turns SIGTERM into a window-close request, which a kiosk refuses, so
    our handlers are installed again once the window is open."""

    SIGNALS = ("SIGTERM", "SIGHUP", "SIGINT")

    def __init__(self) -> None:
        self.asked = False
        self._app: Quits | None = None
        self._previous: dict[int, Handler] = {}

    def install(self, app: Quits | None = None) -> None:
        """Handle the signals; once ``app`` is given, a signal stops its loop."""
        self._app = app
        for name in self.SIGNALS:
            if hasattr(signal, name):
                number = getattr(signal, name)
                previous = signal.signal(number, self._handle)
                self._previous.setdefault(number, previous)

    def restore(self) -> None:
        """Put back the handlers found (the game may run inside a test process)."""
        for number, previous in self._previous.items():
            signal.signal(number, previous if previous is not None else signal.SIG_DFL)

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        self.asked = True
        if self._app is not None:
            self._app.request_quit()
