"""Silence for C libraries that talk to the terminal on their own.

SDL and the audio libraries below it (ALSA on Linux) write what they find
while probing for devices straight to file descriptor 2, past ``sys.stderr``:
eight "ALSA lib ..." lines when a machine has no sound card, an XDG line when
no Wayland display answers. The game reports what matters in its own words.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator


@contextlib.contextmanager
def quiet_stderr() -> Iterator[None]:
    """Send file descriptor 2 to the null device for the duration: C libraries
    (ALSA) write to it directly, past ``sys.stderr``."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError, AttributeError):   # no real descriptor 2
        yield
        return
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
