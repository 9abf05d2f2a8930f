"""Folders the benchmarks and soaks make for their records and replays.

Each run (and each test of the tools) made a few in the system's temporary
folder and left them there, a records database and its lock files in each:
hundreds piled up on a development machine. A scratch folder is removed when
the process ends, once the stores still open have closed: the store's own
exit handler was registered when ``game.store`` was imported, so it would
run after this one, and its last settings write made the folder again.
"""

from __future__ import annotations

import atexit
import shutil
import tempfile

from game.store.store import close_all_stores


def scratch_folder(prefix: str) -> str:
    """A new empty folder named ``prefix``…, removed at exit."""
    folder = tempfile.mkdtemp(prefix=prefix)
    atexit.register(_remove, folder)
    return folder


def _remove(folder: str) -> None:
    close_all_stores()
    shutil.rmtree(folder, ignore_errors=True)
