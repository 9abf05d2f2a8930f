"""One line to a person at a terminal, whatever became of the terminal.

The help, the errors and ``--check``'s result are each one line (or one
block) printed here: a reader gone (``| head -c0``) or a stream that cannot
be written (``> /dev/full``) must change neither the exit status nor end in a
traceback. ``PROG`` is the name the help shows and the errors start with.
"""

from __future__ import annotations

import os
from typing import TextIO

from game.terminal import encodable

PROG = "minesweeper"


def say(line: str, stream: TextIO) -> OSError | None:
    """Print ``line``. A reader that went away (``| head -c0``, a closed
    pipe) changes neither the exit status nor adds a traceback: the stream
    is pointed at the null device, which Python's own flush at exit then
    writes to without complaint. So is a stream that cannot be written
    (``> /dev/full``, a full disk), whose error is returned for the caller
    to tell: it once ended ``--check`` with a traceback."""
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
