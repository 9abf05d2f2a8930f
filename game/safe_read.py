"""Reading a small file that anyone may have replaced by something else.

A FIFO would block the start (or the replay loader) for ever, a device (a
symlink to /dev/zero) would be read until memory runs out: only regular
files are read, opened without blocking, and never more than a cap. Anything
else is refused with :class:`NotAFile` or :class:`TooLarge`, which the store
treats as damage and a replay file as a file it cannot use. It sits below
both, with the engine.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

#: settings.json and the old JSON records are a few kilobytes; 8 MB leaves
#: room for 500 games of history many times over.
JSON_CAP = 8 * 1024 * 1024


class NotAFile(OSError):
    """The name is taken by a FIFO, a device, a directory or a socket."""


class TooLarge(OSError):
    """The file is larger than anything the game ever writes there."""


def is_regular(path: Path) -> bool:
    """Whether ``path`` is a regular file (after symlinks); False when absent."""
    try:
        return stat.S_ISREG(path.stat().st_mode)
    except OSError:
        return False


def read_capped(path: Path, cap: int = JSON_CAP) -> bytes:
    """The bytes of the regular file ``path``; FileNotFoundError when absent,
    NotAFile / TooLarge as above, other OSError when it cannot be read."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as error:
        # A Unix socket (or a device with nothing behind it) cannot be
        # opened at all: told as "No such device or address", it was taken
        # for a file that cannot be read, left in place and told of at
        # every start, where a FIFO is set aside once.
        if error.errno == errno.ENXIO:
            raise NotAFile(f"{path.name} is not a regular file") from error
        raise
    try:
        found = os.fstat(fd)
        if not stat.S_ISREG(found.st_mode):
            raise NotAFile(f"{path.name} is not a regular file")
        # Read at once as large as the file says it is (and on, should it
        # have grown): read in pieces and joined, a 64 MB file was held twice.
        chunks, size = [], 0
        first = min(cap + 1, found.st_size + 1)
        while size <= cap:
            chunk = os.read(fd, max(first - size, min(1 << 20, cap + 1 - size)))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > cap:
            raise TooLarge(f"{path.name} is larger than {cap // (1024 * 1024)} MB")
        return b"".join(chunks)
    finally:
        os.close(fd)
