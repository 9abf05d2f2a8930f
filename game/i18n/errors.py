"""The system's reasons for a failed file operation, in the player's language.

An OSError's ``strerror`` comes from the C library, in the language of the
system's locale (English under most desktops' C locale, whatever language
the game speaks): "No such file or directory" in a French notice. The
reasons a player meets with files are translated here, by errno; any other
is shown as the system words it.
"""

from __future__ import annotations

import errno

from .current import N_, _

_REASONS = {
    "ENOENT": N_("No such file or directory"),
    "EACCES": N_("Permission denied"),
    "EPERM": N_("Operation not permitted"),
    "ENOSPC": N_("No space left on device"),
    "EDQUOT": N_("Disk quota exceeded"),
    "EROFS": N_("Read-only file system"),
    "EISDIR": N_("Is a directory"),
    "ENOTDIR": N_("Not a directory"),
    "EEXIST": N_("File exists"),
    "EIO": N_("Input/output error"),
    "ENAMETOOLONG": N_("File name too long"),
    "ELOOP": N_("Too many levels of symbolic links"),
    "EMFILE": N_("Too many open files"),
    "EBUSY": N_("Device or resource busy"),
}
#: By the errno values of this system (EDQUOT, for one, is not on Windows).
REASONS = {getattr(errno, name): text for name, text in _REASONS.items() if hasattr(errno, name)}


def os_reason(error: OSError) -> str:
    """Why ``error`` happened, in words a player can pass on: "Permission
    denied" / "Permission non accordée"."""
    known = REASONS.get(error.errno) if error.errno is not None else None
    if known is not None:
        return _(known)
    return error.strerror or str(error) or type(error).__name__
