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

import pygame

from game.graphemes import clusters, is_emoji

from .font_tables import Coverage, read_coverage
from .shaping import UNSHAPED, Glyph, draw_run

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
#: Answers kept, the oldest half forgotten beyond (then asked again): a run
#: is asked at each letter typed, and a kiosk has names typed for months.
ANSWERS_KEPT = 4096
#: Fonts that have every character as a box or as nothing (Apple's
#: last-resort font names each block in its boxes).
SHUNNED = ("lastresort", "adobeblank")
#: Words of a font's file name that make it a second choice: a plain
#: sans-serif face is easiest to read at 10 pixels (bold is made from it).
STYLED = ("bold", "black", "heavy", "italic", "oblique", "light", "thin", "condensed",
          "semibold", "medium", "mono", "serif", "math")
#: Characters a font need not have to draw a run: joiners, selectors and
#: other format characters, which the shaping consumes.
_IGNORABLE = ("\u200c", "\u200d", "\ufe0e", "\ufe0f")


class Waiting:
    """The answer while the fonts are still being looked through."""


WAITING = Waiting()

#: What the thread is asked: a run of text (one cluster or more of one
#: script and direction), the line's height and baseline, bold, the run's
#: script ("" for none of its own) and whether it reads right to left.
Request = tuple[str, int, int, bool, str, bool]


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

    def glyph(self, text: str, height: int, baseline: int, bold: bool, script: str = "",
              rtl: bool = False) -> Glyph | None | Waiting:
        """``text`` drawn whole, shaped, by the first font that has all its
        characters (a colour font first for emoji); None when none has, or
        when a run of several clusters cannot be shaped here: it is then
        asked for a cluster at a time."""
        if not self.folders:
            return None                   # nowhere to look (the tests' default)
        request = (text, height, baseline, bold, script, rtl)
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
                    if len(self._answers) >= ANSWERS_KEPT:
                        for old in list(self._answers)[:ANSWERS_KEPT // 2]:
                            del self._answers[old]
                    self._answers[request] = answer
                    self._news |= not self._asked     # one redraw for a whole name

    def _draw(self, request: Request) -> Glyph | None:
        """The first font that has the run's characters and can draw it."""
        if self._fonts is None:
            self._fonts = self._index()
        text, height, baseline, bold, script, rtl = request
        needed = [ch for ch in set(text) if ch not in _IGNORABLE] or list(text)
        bounds = clusters(text)
        fonts = self._fonts
        if is_emoji(text):
            fonts = sorted(fonts, key=lambda font: not font[1].coloured)
        for path, coverage in fonts:
            if self._closed:
                return None
            try:
                if not all(ch in coverage for ch in needed):
                    continue
                with FACES:               # pygame does not quit under it (see close)
                    if self._closed or _exiting:
                        return None
                    font = _open(path)
                    glyph = (draw_run(font, text, bounds, height, baseline, bold, script, rtl)
                             if font is not None else None)
            except Exception:             # whatever a font file does: the next font is asked
                continue
            if isinstance(glyph, Glyph):
                return glyph
            if glyph is UNSHAPED:
                return None               # asked again a cluster at a time
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
