"""Characters none of our fonts has, found in the system's fonts.

A name typed in Japanese, Korean, Thai or Hindi has characters neither the
pixel font nor pygame's bundled font has. The system has fonts that do, but
reading which characters hundreds of font files hold takes a good part of a
second: the window cannot wait for that. So a character is asked for, the
window draws the "missing" box meanwhile, and a thread of its own reads the
fonts' character maps once (``font_tables``), picks the first font that has
the character, draws it in white at the pixel font's height and baseline,
and says so (``take_news``); the window then draws its text again.

The fonts are looked for in the usual folders of each system, without
fontconfig (Windows and macOS have none, and a Linux may lack fc-list).
FreeType must not open or close two faces at once, and pygame opens a font
with the interpreter let go: every Font made or dropped, here or by the
window, holds ``FACES``, as does the thread's drawing, which pygame's quit
(at exit, or after ``close``) must not cut short.
"""

from __future__ import annotations

import atexit
import os
import sys
import threading
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import NamedTuple

import pygame

from .font_tables import Coverage, read_coverage

#: Held while a pygame Font is made or dropped, on any thread, and while the
#: finder's thread draws (so that pygame never quits under it).
FACES = threading.Lock()
#: Fonts the thread opened, kept for the run (a few: one per script met),
#: so that none is dropped by the garbage collector on another thread.
_opened: dict[Path, pygame.font.Font | None] = {}
#: Set as the interpreter exits, before pygame quits (atexit runs the last
#: registered first): no font is opened after it, by a thread left running.
_exiting: list[bool] = []


@atexit.register
def _no_more_fonts() -> None:
    with FACES:
        _exiting.append(True)
SUFFIXES = (".ttf", ".otf", ".ttc", ".otc")
#: Font files read at most (a Windows with every language pack has ~1,000),
#: and folders deep.
FILES_CAP = 4000
DEPTH_CAP = 8
#: Fonts that have every character as a box or as nothing (Apple's
#: last-resort font names each block in its boxes).
SHUNNED = ("lastresort", "adobeblank")
#: Words of a font's file name that make it a second choice: a plain
#: sans-serif face is easiest to read at 10 pixels (bold is made from it).
STYLED = ("bold", "black", "heavy", "italic", "oblique", "light", "thin", "condensed",
          "semibold", "medium", "mono", "serif", "math")
#: White, and what counts as a colour in a glyph drawn white (a colour emoji).
WHITE = (255, 255, 255)
COLOUR_FROM_WHITE = 40


class Glyph(NamedTuple):
    """A character drawn at scale 1 on a canvas as tall as the pixel font's
    line; ``coloured`` when it has its own colours (an emoji) rather than
    white to be tinted with the text's colour."""

    image: pygame.Surface
    coloured: bool


class Waiting:
    """The answer while the fonts are still being looked through."""


WAITING = Waiting()

#: What the thread is asked: a character, the line's height and baseline, bold.
Request = tuple[str, int, int, bool]


def font_folders(platform: str = sys.platform, environ: dict[str, str] | None = None,
                 home: Path | None = None) -> list[Path]:
    """Where a system keeps its fonts, the system's own first; the user's
    own only when a home directory is known (a container run under a bare
    user id has none, and starts all the same). On Linux, also the fonts
    under each folder of ``XDG_DATA_DIRS``: a Flatpak's /app/share, NixOS's
    /run/current-system/sw/share, where fontconfig finds them too."""
    env = dict(os.environ) if environ is None else environ
    if home is None:
        try:
            home = Path.home()
        except (RuntimeError, KeyError):
            home = None
    if platform.startswith("win"):
        windows = Path(env.get("WINDIR", r"C:\Windows"))
        local = env.get("LOCALAPPDATA")
        return [windows / "Fonts"] + ([Path(local) / "Microsoft/Windows/Fonts"] if local else [])
    if platform == "darwin":
        system = [Path("/System/Library/Fonts"), Path("/Library/Fonts")]
        return system + ([home / "Library/Fonts"] if home else [])
    folders = [Path("/usr/share/fonts"), Path("/usr/local/share/fonts")]
    for shared in env.get("XDG_DATA_DIRS", "").split(os.pathsep):
        if os.path.isabs(shared) and Path(shared) / "fonts" not in folders:
            folders.append(Path(shared) / "fonts")
    data = env.get("XDG_DATA_HOME") or (str(home / ".local/share") if home else "")
    return folders + ([Path(data) / "fonts"] if data else []) + ([home / ".fonts"] if home else [])


def font_files(folders: Iterable[Path]) -> list[Path]:
    """The font files under ``folders`` (symbolic links followed once), plain
    faces first, then in the folders' order and by name."""
    found: list[tuple[int, int, str, Path]] = []
    seen: set[str] = set()
    for rank, folder in enumerate(folders):
        stack = [(folder, 0)]
        while stack and len(found) < FILES_CAP:
            where, depth = stack.pop()
            try:
                real = os.path.realpath(where)
                if real in seen:
                    continue
                seen.add(real)
                entries = sorted(os.scandir(where), key=lambda e: e.name)
            except OSError:
                continue
            for i, entry in enumerate(entries):
                if i % 64 == 63:
                    time.sleep(0)
                name = entry.name.lower()
                try:
                    if entry.is_dir():
                        if depth < DEPTH_CAP:
                            stack.append((Path(entry.path), depth + 1))
                    elif name.endswith(SUFFIXES) and not any(s in name for s in SHUNNED):
                        styled = sum(word in name for word in STYLED)
                        found.append((styled, rank, entry.path, Path(entry.path)))
                except OSError:
                    continue
            time.sleep(0)                 # the window's thread gets the interpreter back
    return [path for *_, path in sorted(found)][:FILES_CAP]


class FontFinder:
    """Finds and draws, on a thread of its own, characters our fonts lack.

    ``glyph`` answers at once: the Glyph, None when no font has the
    character (or the thread cannot be started, until a later question
    starts it), or WAITING. The thread starts at the first question and ends
    when none is left; the fonts' character maps, read once, are kept."""

    def __init__(self, folders: Sequence[Path] | None = None) -> None:
        self.folders = font_folders() if folders is None else list(folders)
        self._lock = threading.Condition()
        self._asked: list[Request] = []
        self._answers: dict[Request, Glyph | None] = {}
        self._news = False
        self._thread: threading.Thread | None = None
        self._closed = False
        self._fonts: list[tuple[Path, Coverage]] | None = None

    def glyph(self, ch: str, height: int, baseline: int, bold: bool) -> Glyph | None | Waiting:
        if not self.folders:
            return None                   # nowhere to look (the tests' default)
        request = (ch, height, baseline, bold)
        with self._lock:
            if request in self._answers:
                return self._answers[request]
            if request not in self._asked and not self._closed:
                self._asked.append(request)
                if self._thread is None:
                    self._thread = threading.Thread(target=self._run, daemon=True,
                                                    name="system-fonts")
                    try:
                        self._thread.start()
                    except RuntimeError:  # the process's thread limit: the box, for now
                        self._thread = None
                        self._asked.remove(request)
                        return None
            return WAITING

    def take_news(self) -> bool:
        """Whether characters were found (or found missing) since last asked:
        the window then draws its text again."""
        with self._lock:
            news, self._news = self._news, False
            return news

    def wait(self, timeout: float = 10.0) -> bool:
        """Until every question is answered (headless tests); False on timeout."""
        with self._lock:
            return self._lock.wait_for(lambda: not self._asked, timeout)

    def close(self) -> None:
        """No more questions: the thread stops after the file it is reading,
        and opens or draws nothing once this returns (pygame quits next)."""
        with self._lock:
            self._closed = True
            self._asked.clear()
        with FACES:
            pass                           # a glyph being drawn is drawn now

    # ------------------------------------------------------------ the thread

    def _run(self) -> None:
        while True:
            time.sleep(0)                 # the window's thread first: it waits for the interpreter
            with self._lock:
                if not self._asked:
                    self._thread = None
                    self._lock.notify_all()
                    return
                request = self._asked[0]
            try:
                answer = self._draw(request)
            except Exception:             # whatever a font file does: the box, not a dead thread
                answer = None
            with self._lock:
                if self._asked and self._asked[0] == request:
                    self._asked.pop(0)
                    self._answers[request] = answer
                    self._news |= not self._asked     # one redraw for a whole name

    def _draw(self, request: Request) -> Glyph | None:
        """The first font that has the character and can draw it."""
        if self._fonts is None:
            self._fonts = self._index()
        ch = request[0]
        for path, coverage in self._fonts:
            if self._closed:
                return None
            try:
                if ch not in coverage:
                    continue
                with FACES:               # pygame does not quit under it (see close)
                    if self._closed or _exiting:
                        return None
                    font = _open(path)
                    glyph = draw_glyph(font, *request) if font is not None else None
            except Exception:             # whatever a font file does: the next font is asked
                continue
            if glyph is not None:
                return glyph
        return None

    def _index(self) -> list[tuple[Path, Coverage]]:
        fonts = []
        for path in font_files(self.folders):
            if self._closed:
                break
            coverage = read_coverage(path)
            if coverage is not None:
                fonts.append((path, coverage))
            time.sleep(0)
        return fonts


def _open(path: Path) -> pygame.font.Font | None:
    """``path`` opened by pygame (once a run), or None when it cannot be."""
    if path not in _opened:
        try:
            _opened[path] = pygame.font.Font(path, 10)
        except (OSError, pygame.error, ValueError, RuntimeError):
            _opened[path] = None
    return _opened[path]


def draw_glyph(font: pygame.font.Font, ch: str, height: int, baseline: int,
               bold: bool) -> Glyph | None:
    """``ch`` in white, its baseline on the line's, at the largest size whose
    ink fits the line; a font of fixed sizes (a colour emoji's bitmaps)
    drawn at its size and shrunk to the line's height. None when the font
    draws nothing where it has ink (a format SDL_ttf cannot draw)."""
    metrics = None
    try:
        # A file FreeType refused gives a Font all the same (pygame-ce 2.5),
        # whose every call but this one crashes the process.
        if font.metrics(ch)[0] is None:
            return None
        # Fixed sizes: the line stays as tall whatever the size asked. Judged
        # by its height alone (over twice the line's), a font of tall lines
        # (Myanmar, Nastaliq) was shrunk as a bitmap, to a third of its size.
        font.set_point_size(2 * height)
        doubled = font.get_height()
        font.set_point_size(height)
        if font.get_height() == doubled:
            return _shrunk(font, ch, height)
        font.set_bold(bold)
        for size in range(height - 1, height // 2, -1):
            font.set_point_size(size)
            metrics = font.metrics(ch)[0]
            if metrics is not None and metrics[3] <= baseline and -metrics[2] <= height - baseline:
                break
        if font.size(ch)[0] == 0:
            return Glyph(pygame.Surface((0, height), pygame.SRCALPHA), False)
        image = font.render(ch, False, WHITE)
    except (pygame.error, ValueError):
        return None
    canvas = pygame.Surface((image.get_width() + 1, height), pygame.SRCALPHA)
    canvas.blit(image, (0, baseline - font.get_ascent()))
    inked = metrics is None or (metrics[1] > metrics[0] and metrics[3] > metrics[2])
    if inked and not pygame.mask.from_surface(canvas).count():
        return None
    return Glyph(canvas, False)


def _shrunk(font: pygame.font.Font, ch: str, height: int) -> Glyph | None:
    """A bitmap glyph (136 pixels tall in Noto Color Emoji) at ``height``."""
    image = font.render(ch, True, WHITE)
    if not pygame.mask.from_surface(image).count():
        return None
    width = max(1, round(image.get_width() * height / image.get_height()))
    small = pygame.transform.smoothscale(image, (width, height))
    canvas = pygame.Surface((width + 1, height), pygame.SRCALPHA)
    canvas.blit(small, (0, 0))
    coloured = any(min(canvas.get_at((x, y))[:3]) < 255 - COLOUR_FROM_WHITE
                   and canvas.get_at((x, y))[3] > 0
                   for x in range(width) for y in range(height))
    return Glyph(canvas, coloured)
