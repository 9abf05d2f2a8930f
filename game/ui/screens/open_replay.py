"""View ▸ Open replay…: the replay files in the data directory's replays
folder (where Export puts them, and where a shared file can be dropped),
newest first; Watch opens the one selected (a bad file gives a notice).

The folder is listed on a thread of its own, as the records are read: each
file is looked at for its date, and the frame that opened the dialog took
24 ms with 5,000 files in a warm cache (a cold disk or a network folder,
far longer). The dialog says "Loading…" until the list is there."""

from __future__ import annotations

import os
import stat
import threading
import time
from collections.abc import Callable
from fnmatch import fnmatch
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _

from ..list_view import COLUMN_GAP, ROW_H, ListView, columns_width, trailing
from ..render.painter import Painter
from ..widgets import Button, Label
from . import replays
from .dialog import Dialog
from .records_text import LOADING

if TYPE_CHECKING:
    from ..host import Host

#: Files looked at between two moments the listing thread lets the window
#: run: a thread running Python holds the interpreter up to 5 ms at a time
#: (the switch interval), and the frame waits for it.
CHUNK = 64
#: Names in view fitted to the list a tick, ahead of the frame that shows
#: them (``ListView.measure_ahead``): "Loading…" stays a few frames longer.
NAMES_A_TICK = 4
#: Rows the list shows at most (at least 3, as the window's height allows).
ROWS_AT_MOST = 10
#: The dialog's width where the window has room: the names Export gives, the
#: longest in French ("20261127_0806_intermédiaire_abandonnée~10"), whole
#: beside the scroll bar. At 220 px every name past "20261127_0806_" was cut,
#: and two replays saved the same minute ("…_won", "…_won~2") read alike.
WIDE = 300


def replay_files(folder: Path, give_way: Callable[[], None] = lambda: None) -> list[Path]:
    """The ``*.json`` files of ``folder``, newest first (none if it cannot be
    read), ``give_way()`` called every ``CHUNK`` names. A file removed
    between the listing and its dating is left out alone: it once emptied
    the whole list ("No replays yet")."""
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    dated: list[tuple[float, Path]] = []
    for n, name in enumerate(names):
        if n % CHUNK == CHUNK - 1:
            give_way()
        if not fnmatch(name, "*.json"):
            continue
        path = folder / name
        try:
            status = path.stat()
        except OSError:
            continue
        if stat.S_ISREG(status.st_mode):
            dated.append((status.st_mtime, path))
    dated.sort(key=lambda pair: pair[0], reverse=True)
    return [path for _, path in dated]


def _give_way() -> None:
    """Let the window's thread have the interpreter at once (``sleep(0)``
    releases it), rather than at the end of the switch interval."""
    time.sleep(0)


class OpenReplayDialog(Dialog):
    title = N_("Open Replay")
    width = WIDE

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.folder = Path(app.store.directory) / replays.EXPORT_FOLDER
        self.files: list[Path] = []
        listed: list[list[Path]] = []            # the listing's answer, once it is there
        self._listed = listed
        self.loaded = False
        #: The thread listing the folder (None: listed at once, headless tests).
        self.listing: threading.Thread | None = None
        #: The list as it will be shown, its names in view fitted a few a
        #: tick before it is (the listing thread's answer).
        self.ahead: ListView | None = None
        if app.exports.background:              # the window's I/O goes to threads
            folder = self.folder                # (the thread holds no reference to the dialog)
            self.listing = threading.Thread(
                target=lambda: listed.append(replay_files(folder, _give_way)),
                name="replay-folder", daemon=True)
            self.listing.start()
        else:
            self._take(replay_files(self.folder))

    def _take(self, files: list[Path]) -> None:
        self.files, self.loaded = files, True
        self.relayout()

    def exit(self) -> None:
        """The list goes with the dialog, at once. A dialog is caught in
        reference cycles (its buttons call its methods), so what it holds
        waits for the garbage collector's full sweep: with 5,000 files,
        50,000 objects, a 40-80 ms sweep in some later frame."""
        self.files, self._listed, self.widgets, self.ahead = [], [], [], None
        table = getattr(self, "table", None)
        if table is not None:
            table.rows = []

    def update(self) -> None:
        """One tick: the list, once the folder has been read and the names
        in view fitted to it, a few a tick."""
        super().update()
        if not self.loaded and self._listed:
            files = self._listed[0]
            if self.ahead is None:                 # the rows in view are enough
                self.ahead = self._table(self.app.painter, files, _(LOADING), ROWS_AT_MOST)
            if self.ahead.measure_ahead(self.app.painter, NAMES_A_TICK):
                self._take(files)

    def build(self, painter: Painter) -> int:
        line = painter.line_height()
        w = self.client_w - 16
        before = getattr(self, "table", None)
        self.table = self._table(painter, self.files,
                                 _("No replays yet") if self.loaded else _(LOADING))
        if before is not None and before.rows:
            # laid out again (zoom, fullscreen, language): the file chosen
            # stays chosen; it went back to the first, which Watch then opened
            self.table.keep_place(before)
        hint = Label(pygame.Rect(8, self.table.rect.bottom + 4, w, line),
                     _("Export or drop replays here"))
        y = hint.rect.y + 2 * (line + 1) + 4
        self.widgets = [self.table, hint]
        if self.files:
            self.widgets.append(Button.marked(pygame.Rect(8, y, 56, line + 8), _("&Watch"),
                                              self.accept))
        self.widgets.append(Button(pygame.Rect(self.footer_w - 8 - 56, y, 56, line + 8),
                                   _("Cancel"), self.cancel))
        return y + line + 14

    def _table(self, painter: Painter, files: list[Path], note: str,
               rows: int | None = None) -> ListView:
        """The list of ``files`` as the dialog's layout places it (only its
        first ``rows`` rows, when given)."""
        line = painter.line_height()
        w = self.client_w - 16
        free = self.room - 8 - 2 * (line + 1) - (line + 14)
        visible = max(3, min(ROWS_AT_MOST, (free - 8) // ROW_H))
        # a long name's ellipsis ends the columns' gap short of the scroll
        # bar or the frame, as the other lists' last columns do
        name_w = columns_width(w, len(files), visible) - trailing(COLUMN_GAP)
        return ListView(pygame.Rect(8, 6, w, visible * ROW_H + 4),
                        [(p.stem,) for p in files[:rows]], ((0, name_w, "l"),), ROW_H,
                        note=note)

    @property
    def default_button(self) -> Button | None:
        """Watch, as an Open dialog's Open; with no replay to watch, Cancel,
        which Enter then clicks (``accept``). Nothing while the list is
        still coming, when Enter does nothing."""
        if not self.loaded or not self.widgets:
            return None
        if self.files:
            return super().default_button
        cancel = self.widgets[-1]           # with no replay, the only button
        return cancel if isinstance(cancel, Button) else None

    def open_row(self) -> None:
        """A double click on a file watches it, as a Windows Open dialog opens it."""
        self.accept()

    def accept(self) -> None:
        """Watch the selected file (not before the list is there)."""
        if not self.loaded:
            return
        if not self.files:
            self.cancel()
            return
        path = self.files[self.table.selected]
        self.app.pop()
        replays.open_file(self.app, path)
