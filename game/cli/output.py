"""One line to the person who started the game, whatever became of the terminal.

The help, the errors and ``--check``'s result are each one line (or one
block) printed here: a reader gone (``| head -c0``) or a stream that cannot
be written (``> /dev/full``) must change neither the exit status nor end in a
traceback. With no terminal at all (the windowed executable started from
Explorer, the Finder or the Dock) the line goes in a message box instead:
printed, it went nowhere, and a player whose command line was refused saw
nothing happen. ``PROG`` is the name the help shows and the errors start with.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

from game import launcher
from game.i18n import _, quoted_path
from game.terminal import bytes_written, encodable

PROG = "minesweeper"
#: Characters of a file's or folder's name a refusal quotes whole.
NAME_SHOWN = 200


def named(path: object) -> str:
    """``path`` as a refusal quotes it, as the language quotes a value
    (``quoted_path``: « » in French, its backslashes single): whole, or,
    longer than ``NAME_SHOWN`` characters, its start and its end (the
    file's own name) around "...". A value pasted by mistake after --mask,
    --replay or --data-dir, 100,000 characters long, was echoed whole: a
    refusal of as many characters, not one line a person reads."""
    text = str(path)
    if len(text) > NAME_SHOWN:
        half = (NAME_SHOWN - 3) // 2
        text = text[:half] + "..." + text[-half:]
    return quoted_path(bytes_written(text))     # a byte not UTF-8 as \xff, not \udcff


def say(line: str, stream: TextIO | None, *, error: bool = False) -> OSError | None:
    """Print ``line``, or show it in a message box (an error's, with
    ``error``) when nobody would read the stream (``unseen``). A reader that
    went away (``| head -c0``, a closed pipe) changes neither the exit status
    nor adds a traceback: the stream is pointed at the null device, which
    Python's own flush at exit then writes to without complaint. So is a
    stream that cannot be written (``> /dev/full``, a full disk), whose error
    is returned for the caller to tell: it once ended ``--check`` with a
    traceback."""
    if stream is None or unseen(stream):
        show(line, error=error)
        return None
    try:
        print(encodable(line, getattr(stream, "encoding", None)), file=stream, flush=True)
    except OSError as e:
        try:
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, stream.fileno())
            os.close(null)
        except (OSError, ValueError):
            pass
        return None if isinstance(e, BrokenPipeError) else e
    return None


def unseen(stream: TextIO | None) -> bool:
    """Whether nobody can read what goes to ``stream``. There is none when
    Python found no terminal to give it (Windows' windowed executable,
    ``pythonw``, a stream closed at start); and the executable started from
    the Finder or the Dock (macOS) writes to the null device. Only the macOS
    executable's null device counts: ``python -m game 2>/dev/null`` is a
    choice made at a terminal, where a message box would hold up a script,
    and so is the Linux executable's (``dist/minesweeper --replay FILE
    --check > /dev/null`` in a script waited for someone to click OK)."""
    if stream is None:
        return True
    if not getattr(sys, "frozen", False) or sys.platform != "darwin":
        return False
    try:
        return os.path.samestat(os.fstat(stream.fileno()), os.stat(os.devnull))
    except (OSError, ValueError):       # no descriptor (a stream in memory), or closed
        return False


#: The signals that end a run whose box is waiting for OK.
ENDING = ("SIGTERM", "SIGHUP", "SIGINT")


def show(text: str, *, error: bool) -> None:
    """``text`` in the system's message box, which waits for OK (or Esc);
    nothing when none can be shown (no display either: the exit status still
    says what happened)."""
    import game.ui  # noqa: F401  (sets pygame's environment before its import)
    # isort: split
    import pygame

    try:
        with signals_end_the_box():
            pygame.display.message_box(_("Minesweeper"), encodable(text, "utf-8"),
                                       "error" if error else "info", escape_button=0)
    except pygame.error:
        pass


@contextmanager
def signals_end_the_box() -> Iterator[None]:
    """While the box waits, SIGTERM, SIGHUP and SIGINT take their default
    action: the run ends at once, box and all. Python's handlers run only
    between two of its instructions, and SDL waits in C for the OK (on X11
    in a process of its own, forked, which it waits for again after every
    signal): the executable's refusal in a box outlived ``timeout 10`` and
    ``kill``, the launcher's and the game's alike, until someone clicked
    OK. Nothing is lost: no game has started, no file is open. The one-file
    game's launcher, killed outright meanwhile, sends it nothing
    (``launcher.on_launcher_death``): the game would die before deleting the
    files the launcher unpacked."""
    launcher.on_launcher_death(0)
    previous = {}
    try:
        for name in ENDING:
            if hasattr(signal, name):
                number = getattr(signal, name)
                previous[number] = signal.signal(number, signal.SIG_DFL)
    except ValueError:           # not the main thread (a test's): nothing to change
        pass
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler if handler is not None else signal.SIG_DFL)
        launcher.on_launcher_death(signal.SIGTERM)
