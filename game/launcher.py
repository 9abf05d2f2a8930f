"""The Linux one-file executable's game process ends with its launcher.

PyInstaller's one-file program is two processes of the same file: the
launcher unpacks the bundle to a temporary folder (``sys._MEIPASS``), runs
the game as its child, and deletes the folder when the game ends; a SIGTERM
sent to the launcher is passed on. A SIGKILL cannot be: the launcher dies
alone, the game plays on under init, and when it is closed nobody is left
to delete the folder (100 MB in ``/tmp`` each time). So on Linux the game
asks the kernel for a SIGTERM when its launcher dies (``PR_SET_PDEATHSIG``),
which ends it as any SIGTERM does (the game in progress recorded as
abandoned, its processes stopped; in its first half second, before its
handlers are in place, a plain exit), and then deletes the unpacked folder
itself, last thing at exit, since the launcher can no longer. A run from
source, an installed copy or a one-folder build has no such launcher and
is left alone; nor is a folder that is not a one-file bundle's
(``one_file_bundle``) ever deleted, whoever the parent is.
"""

from __future__ import annotations

import atexit
import ctypes
import os
import shutil
import signal
import sys
import tempfile
from pathlib import Path

PR_SET_PDEATHSIG = 1    # <sys/prctl.h>

#: The C library through which the game asked for its launcher's death,
#: once it has (``follow_launcher``).
_libc: ctypes.CDLL | None = None


def launched_by_itself(parent: int) -> bool:
    """Whether process ``parent`` runs this very program: the one-file
    launcher (a shell, a desktop or a file manager otherwise)."""
    try:
        return os.path.samefile(f"/proc/{parent}/exe", "/proc/self/exe")
    except OSError:
        return False


def follow_launcher() -> bool:
    """In the Linux one-file executable, end the game (SIGTERM) when its
    launcher dies, and delete the unpacked bundle at exit if the launcher is
    gone by then. Returns whether it did (nothing elsewhere)."""
    bundle = getattr(sys, "_MEIPASS", None)
    launcher = os.getppid()
    if not sys.platform.startswith("linux") or not bundle \
            or not one_file_bundle(Path(bundle), Path(sys.executable)) \
            or not launched_by_itself(launcher):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGTERM), 0, 0, 0) != 0:
            return False
    except (OSError, AttributeError):
        return False
    global _libc
    _libc = libc
    # Registered first, so it runs after every other exit handler (the records' flush).
    atexit.register(remove_if_orphaned, launcher, Path(bundle))
    signal.signal(signal.SIGTERM, _exit)
    # Held (blocked) by whatever started the launcher, it would never arrive.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})
    if os.getppid() != launcher:
        # Killed between the two looks at it: the kernel sends nothing for
        # a parent that died before the request, and the game played on
        # under init with the files left behind.
        raise SystemExit(0)
    return True


def on_launcher_death(signum: int) -> None:
    """Have the kernel send ``signum`` (0: nothing) when the launcher dies,
    in a game that follows its launcher (nothing elsewhere). A message box
    waiting for OK lets SIGTERM kill the game outright (``game.cli.output``),
    before the exit handler that deletes the unpacked files: killed then, the
    launcher's death left 62 MB in the temporary folder, so the box asks for
    nothing, and the game deletes the files once OK is clicked."""
    if _libc is not None:
        _libc.prctl(PR_SET_PDEATHSIG, signum, 0, 0, 0)


def one_file_bundle(folder: Path, executable: Path) -> bool:
    """Whether ``folder`` is a one-file launcher's unpacked bundle, the only
    folder this module may delete: named as the launcher names them
    (``_MEI`` and random letters), right in the temporary folder (the
    launcher's and Python's choice alike: ``TMPDIR``, else ``/tmp``), a
    real folder (no link), neither holding the ``executable`` nor beside
    it. A one-folder build's ``sys._MEIPASS`` is its contents folder
    beside the executable (``_internal``, or a name of the builder's
    choosing), or the executable's own: the installed game, which a
    one-folder game started by another copy of itself, its parent dying
    first, deleted at exit. (A one-file executable kept right in the
    temporary folder leaves its files when its launcher is killed, as
    every one did before.)"""
    try:
        real, program = folder.resolve(strict=True), executable.resolve()
        return folder.name.startswith("_MEI") and not folder.is_symlink() and real.is_dir() \
            and real.parent == Path(tempfile.gettempdir()).resolve() \
            and real not in program.parents \
            and real.parent != program.parent
    except (OSError, RuntimeError):
        return False


def _exit(signum: int, frame: object) -> None:
    """SIGTERM before the game's own handlers are in place (its first half
    second): exit through the exit handlers, which the default action skips."""
    raise SystemExit(0)


def remove_if_orphaned(launcher: int, bundle: Path) -> None:
    """Delete the unpacked bundle when the launcher that would have is gone
    (and ``bundle`` is one: ``one_file_bundle``)."""
    if os.getppid() != launcher and one_file_bundle(bundle, Path(sys.executable)):
        shutil.rmtree(bundle, ignore_errors=True)
