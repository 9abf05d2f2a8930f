"""View ▸ Open replay…: the replay files in the data directory's replays
folder (where Export puts them, and where a shared file can be dropped),
newest first; Watch opens the one selected (a bad file gives a notice)."""

from __future__ import annotations

import stat
from pathlib import Path

import pygame

from game.i18n import N_, _

from ..render.painter import Painter
from ..widgets import Button, Label, ListView
from . import replays
from .dialog import TITLE_H, Dialog

ROW_H = 13


def replay_files(folder: Path) -> list[Path]:
    """The ``*.json`` files of ``folder``, newest first (none if it cannot be
    read). A file removed between the listing and its dating is left out
    alone: it once emptied the whole list ("No replays yet")."""
    try:
        found = list(folder.glob("*.json"))
    except OSError:
        return []
    dated: list[tuple[float, Path]] = []
    for path in found:
        try:
            status = path.stat()
        except OSError:
            continue
        if stat.S_ISREG(status.st_mode):
            dated.append((status.st_mtime, path))
    dated.sort(key=lambda pair: pair[0], reverse=True)
    return [path for _, path in dated]


class OpenReplayDialog(Dialog):
    title = N_("Open Replay")

    def __init__(self, app) -> None:
        super().__init__(app)
        self.width = min(220, app.layout.size[0] - 4)
        self.folder = Path(app.store.directory) / replays.EXPORT_FOLDER
        self.files = replay_files(self.folder)

    def build(self, painter: Painter) -> int:
        line = painter.line_height()
        w = self.client_w - 16
        free = self.app.layout.size[1] - 4 - TITLE_H - 6 - 8 - 2 * (line + 1) - (line + 14)
        visible = max(3, min(10, (free - 8) // ROW_H))
        rows = [(p.stem,) for p in self.files] or [(_("No replays yet"),)]
        self.table = ListView(pygame.Rect(8, 6, w, visible * ROW_H + 4), rows,
                              ((0, w - 8, "l"),), ROW_H)
        hint = Label(pygame.Rect(8, self.table.rect.bottom + 4, w, line),
                     _("Export or drop replays here"))
        y = hint.rect.y + 2 * (line + 1) + 4
        self.widgets = [self.table, hint]
        if self.files:
            self.widgets.append(Button(pygame.Rect(8, y, 56, line + 8), _("Watch"), self.accept))
        self.widgets.append(Button(pygame.Rect(w - 48, y, 56, line + 8), _("Cancel"),
                                   self.cancel))
        return y + line + 14

    def accept(self) -> None:
        """Watch the selected file."""
        if not self.files:
            self.cancel()
            return
        path = self.files[self.table.selected]
        self.app.pop()
        replays.open_file(self.app, path)
