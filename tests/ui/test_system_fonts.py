"""Characters none of our fonts has, found in the fonts of the folders given.

No test counts on the machine's fonts: the font they find is pygame's own
bundled font copied with its character map changed, so that it has a
character the bundled font lacks (FULLWIDTH A), as a Japanese font would.
"""

from __future__ import annotations

import os
import struct
import threading
from pathlib import Path

import pygame
import pytest

from game.ui.render import system_fonts
from game.ui.render.fallback import bundled_has
from game.ui.render.font_tables import Coverage, read_coverage
from game.ui.render.system_fonts import WAITING, FontFinder, font_files, font_folders
from game.ui.screens.names import ArcadeNameDialog, NameDialog, next_letter

from .helpers import key, make_app
from .test_records import BEGINNER, type_text, win

BUNDLED = Path(pygame.__file__).parent / "freesansbold.ttf"
FOUND = "\uff21"            # FULLWIDTH LATIN CAPITAL LETTER A: in no font of ours
NOWHERE = "\u0e01"          # THAI CHARACTER KO KAI: in none of these fonts either


def tables(data: bytes) -> dict[bytes, tuple[int, int]]:
    count = struct.unpack_from(">H", data, 4)[0]
    return {tag: (offset, length) for tag, _, offset, length in
            (struct.unpack_from(">4sIII", data, 12 + 16 * i) for i in range(count))}


def font_having(ch: str, like: str = "W") -> bytes:
    """The bundled font, its last character moved to ``ch`` (past it, below
    U+FFFF) and drawn as ``like`` (wider than the box): the last segment of
    its format 4 map made to start and end at ``ch``, reaching ``like``'s
    glyph."""
    data = bytearray(BUNDLED.read_bytes())
    cmap = tables(bytes(data))[b"cmap"][0]
    table = cmap + struct.unpack_from(">HHI", data, cmap + 4)[2]
    assert struct.unpack_from(">H", data, table)[0] == 4
    count = struct.unpack_from(">H", data, table + 6)[0] // 2

    def at(column: int, segment: int) -> int:     # ends, starts, deltas, range offsets
        return table + 14 + 2 * (column * count + segment) + (2 if column else 0)
    last = count - 2                               # the one before the 0xFFFF sentinel
    ends = struct.unpack_from(f">{count}H", data, at(0, 0))
    near = next(i for i, e in enumerate(ends) if e >= ord(like))
    assert ends[last] < ord(ch) < 0xFFFF
    assert struct.unpack_from(">H", data, at(3, near))[0] == 0     # mapped by delta alone
    assert struct.unpack_from(">H", data, at(3, last))[0] == 0
    glyph = (ord(like) + struct.unpack_from(">H", data, at(2, near))[0]) & 0xFFFF
    struct.pack_into(">H", data, at(0, last), ord(ch))
    struct.pack_into(">H", data, at(1, last), ord(ch))
    struct.pack_into(">H", data, at(2, last), (glyph - ord(ch)) & 0xFFFF)
    return bytes(data)


def refused_by_freetype(ch: str) -> bytes:
    """A font whose character map has ``ch`` but which FreeType will not
    open (no 'head' table): pygame-ce then hands back a Font whose calls
    crash the process."""
    data = bytearray(font_having(ch))
    count = struct.unpack_from(">H", data, 4)[0]
    for i in range(count):
        if data[12 + 16 * i:16 + 16 * i] == b"head":
            data[12 + 16 * i:16 + 16 * i] = b"hexd"
    return bytes(data)


def segments_overstated(ch: str) -> bytes:
    """A font having ``ch`` whose format 4 map says it has more segments
    than its table holds: its columns read short, past their ends."""
    data = bytearray(font_having(ch))
    cmap = tables(bytes(data))[b"cmap"][0]
    table = cmap + struct.unpack_from(">HHI", data, cmap + 4)[2]
    struct.pack_into(">H", data, table + 6, 2 * 90)
    return bytes(data)


def tall_lines(ch: str) -> bytes:
    """A font having ``ch`` whose lines are three times its size (2 em
    above the baseline, 1 below), as a Myanmar or Nastaliq font's are."""
    data = bytearray(font_having(ch))
    found = tables(bytes(data))
    em = struct.unpack_from(">H", data, found[b"head"][0] + 18)[0]
    struct.pack_into(">hh", data, found[b"hhea"][0] + 4, 2 * em, -em)
    return bytes(data)


@pytest.fixture
def fonts(tmp_path):
    """A font folder: the bundled font under another name, and one having FOUND."""
    folder = tmp_path / "fonts"
    (folder / "sub").mkdir(parents=True)
    (folder / "Plain.ttf").write_bytes(BUNDLED.read_bytes())
    (folder / "sub" / "Wide.ttf").write_bytes(font_having(FOUND))
    return folder


class Held:
    """The finder's thread held up before it reads a font, until ``release``:
    the window's frames meanwhile are seen, whatever the thread's speed."""

    def __init__(self, monkeypatch) -> None:
        self.readers: set[threading.Thread] = set()
        self._go_on = threading.Event()
        real = system_fonts.read_coverage

        def held(path):
            self.readers.add(threading.current_thread())
            self._go_on.wait(10)
            return real(path)
        monkeypatch.setattr(system_fonts, "read_coverage", held)

    def release(self) -> None:
        self._go_on.set()


@pytest.fixture
def held(monkeypatch):
    return Held(monkeypatch)


def glyph_pixels(app, ch: str) -> tuple[tuple[int, int], bytes]:
    """The glyph the app's painter draws for ``ch``, asking for it if need be."""
    glyph = app.painter._glyph("regular", ch, (0, 0, 0))
    return glyph.get_size(), pygame.image.tobytes(glyph, "RGBA")


def entry_pixels(app) -> bytes:
    dialog = app.top
    box = app.painter.px(dialog.screen_rect(dialog.entry))
    return pygame.image.tobytes(app.display.surface.subsurface(box), "RGB")


def test_the_character_maps_say_what_a_font_has(fonts):
    plain, wide = read_coverage(fonts / "Plain.ttf"), read_coverage(fonts / "sub" / "Wide.ttf")
    assert "A" in plain and "\u0416" in plain and FOUND not in plain and "\u65e5" not in plain
    assert FOUND in wide and "A" in wide and NOWHERE not in wide
    assert not bundled_has(FOUND) and bundled_has("A")


def test_a_character_no_font_of_ours_has_is_drawn_from_a_font_in_the_folders(fonts, held):
    app = make_app(font_folders=[fonts])
    box = glyph_pixels(app, FOUND)                      # asked: the box meanwhile
    assert app.fallback.finder.glyph(FOUND, 11, 9, False) is WAITING
    held.release()
    assert app.fallback.finder.wait()
    app.step()                                          # the news: text drawn again
    found = glyph_pixels(app, FOUND)
    assert found != box
    assert found[0][1] == box[0][1] == app.painter.line_height()


def test_a_character_no_font_has_keeps_the_box(fonts):
    alone = make_app()
    app = make_app(font_folders=[fonts])
    glyph_pixels(app, NOWHERE)
    assert app.fallback.finder.wait()
    app.step()
    assert app.fallback.finder.glyph(NOWHERE, 11, 9, False) is None
    assert glyph_pixels(app, NOWHERE) == glyph_pixels(alone, NOWHERE)


def test_a_name_typed_shows_the_box_then_the_character_found(fonts, held):
    app = make_app(BEGINNER, font_folders=[fonts])
    win(app)
    assert isinstance(app.top, NameDialog)
    type_text(app, "Zo" + FOUND)
    boxed = entry_pixels(app)
    held.release()
    assert app.fallback.finder.wait()
    app.step()
    assert app.top.entry.text == "Zo" + FOUND           # laid out again, nothing lost
    assert entry_pixels(app) != boxed


def test_best_times_see_a_name_cut_once_its_characters_are_found(fonts, tmp_path, held):
    """The list's name column cuts a long name, whose whole text the details
    then show: judged again with the characters found, wider than boxes."""
    records = tmp_path / "records"
    app = make_app(data_dir=records, font_folders=[fonts])
    app.commands.run("best_times")
    app.step()
    count = min(20, app.top.name_w // app.painter.text_width(FOUND))
    name = FOUND * count
    app.store.add_best_time("beginner", name, 10_000, None, None)
    app.top.read_again()
    app.step(2)
    assert app.top.details.text and not app.top.details.text.startswith(name)    # not cut
    held.release()
    assert app.fallback.finder.wait()
    app.step()
    assert app.top.details.text.startswith(name + "\n")       # cut now: shown whole below


def test_characters_found_while_a_name_is_typed_leave_the_input_method_alone(fonts, held,
                                                                            monkeypatch):
    """Text input is started as the entry opens, not at each layout: SDL
    starts it by resetting the input method (X11: the composition under
    way; Windows: a dead key pressed), and the characters of a name come in
    while the next ones are being composed."""
    starts = []
    monkeypatch.setattr(pygame.key, "start_text_input", lambda: starts.append(1))
    app = make_app(BEGINNER, font_folders=[fonts])
    win(app)
    assert isinstance(app.top, NameDialog) and starts == [1]
    type_text(app, FOUND)
    held.release()
    assert app.fallback.finder.wait()
    app.step()
    assert app.top.entry.text.endswith(FOUND) and starts == [1]


def test_the_pickers_name_line_shows_the_names_end_once_its_characters_are_found(fonts, held):
    """A kiosk's picker: twenty characters fitted its line as boxes, found
    they ran past its box onto the letters below. The line shows the end of
    the name, as the typed entry does; the name itself is whole."""
    app = make_app(BEGINNER, font_folders=[fonts], kiosk=True)
    win(app)
    picker = app.top
    assert isinstance(picker, ArcadeNameDialog)
    type_text(app, FOUND * 20)
    assert app.painter.text_width(picker.shown.text) <= picker.shown.rect.w       # boxes
    held.release()
    assert app.fallback.finder.wait()
    app.step()
    assert picker.name == FOUND * 20
    shown = app.top.shown
    assert app.painter.text_width(shown.text) <= shown.rect.w
    assert shown.text.endswith(FOUND) and FOUND * 20 not in shown.text
    key(app, pygame.K_BACKSPACE)
    assert app.top.shown.text.endswith(FOUND + next_letter(FOUND))      # the caret's place in view


def test_the_fonts_are_read_on_a_thread_of_their_own_and_the_window_goes_on(fonts, held):
    """The finder's thread held up reading a font: the window draws frame
    after frame with the box, and the character once the thread is done."""
    app = make_app(BEGINNER, font_folders=[fonts])
    win(app)
    type_text(app, FOUND)
    boxed = entry_pixels(app)
    for _ in range(10):
        app.step()
    assert app.fallback.finder.glyph(FOUND, 11, 9, False) is WAITING
    held.release()
    assert app.fallback.finder.wait()
    app.step()
    assert entry_pixels(app) != boxed
    assert held.readers and threading.main_thread() not in held.readers


def test_fonts_that_cannot_be_read_are_passed_over(fonts):
    """Truncated, not a font at all, empty, refused by FreeType (which
    crashed pygame), a folder or a pipe named like a font, a dangling link:
    passed over in silence, and the character drawn from the good font."""
    bad = fonts / "A-bad"                        # looked at before sub/Wide.ttf
    bad.mkdir()
    (bad / "truncated.ttf").write_bytes(font_having(FOUND)[:600])
    (bad / "garbage.ttf").write_bytes(b"\x00\x01\x00\x00" + os.urandom(300))
    (bad / "empty.otf").write_bytes(b"")
    (bad / "refused.ttf").write_bytes(refused_by_freetype(FOUND))
    (bad / "folder.ttf").mkdir()
    (bad / "dangling.ttf").symlink_to(bad / "nowhere.ttf")
    if hasattr(os, "mkfifo"):
        os.mkfifo(bad / "pipe.ttc")
    assert read_coverage(bad / "refused.ttf") is not None      # its map alone is fine
    for name in ("truncated.ttf", "garbage.ttf", "empty.otf", "folder.ttf", "dangling.ttf"):
        assert read_coverage(bad / name) is None
    app = make_app(font_folders=[fonts])
    box = glyph_pixels(app, FOUND)
    assert app.fallback.finder.wait()
    app.step()
    assert glyph_pixels(app, FOUND) != box
    assert app.fallback.finder.glyph(FOUND, 11, 9, False) is not None


def test_the_font_folders_of_each_system():
    home = Path("/home/zoe")
    windows = font_folders("win32", {"WINDIR": r"D:\Win", "LOCALAPPDATA": r"C:\Users\zoe\AppData\Local"},
                           home)
    assert windows == [Path(r"D:\Win") / "Fonts",
                       Path(r"C:\Users\zoe\AppData\Local") / "Microsoft/Windows/Fonts"]
    assert font_folders("darwin", {}, home) == [Path("/System/Library/Fonts"),
                                                Path("/Library/Fonts"), home / "Library/Fonts"]
    assert font_folders("linux", {}, home) == [Path("/usr/share/fonts"),
                                               Path("/usr/local/share/fonts"),
                                               home / ".local/share/fonts", home / ".fonts"]
    flatpak = {"XDG_DATA_DIRS": "/app/share:/usr/share/:relative:/run/current-system/sw/share:"}
    assert font_folders("linux", flatpak, home) == [Path("/usr/share/fonts"),
                                                    Path("/usr/local/share/fonts"),
                                                    Path("/app/share/fonts"),
                                                    Path("/run/current-system/sw/share/fonts"),
                                                    home / ".local/share/fonts", home / ".fonts"]


def test_without_a_home_directory_the_systems_fonts_are_looked_at(monkeypatch):
    def unknown():
        raise RuntimeError("Could not determine home directory.")
    monkeypatch.setattr(Path, "home", unknown)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.delenv("XDG_DATA_DIRS", raising=False)
    assert font_folders("linux") == [Path("/usr/share/fonts"), Path("/usr/local/share/fonts")]
    assert font_folders("darwin") == [Path("/System/Library/Fonts"), Path("/Library/Fonts")]


COLOUR_EMOJI = Path("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")


@pytest.mark.skipif(not COLOUR_EMOJI.is_file(), reason="Noto Color Emoji is not installed")
def test_a_colour_emoji_is_shrunk_to_the_line_in_its_colours(tmp_path):
    """Noto Color Emoji has one size, 136 pixels: drawn at the line's height,
    and not tinted with the text's colour."""
    (tmp_path / "NotoColorEmoji.ttf").write_bytes(COLOUR_EMOJI.read_bytes())
    app = make_app(font_folders=[tmp_path])
    glyph_pixels(app, "\U0001f98a")                      # FOX FACE
    assert app.fallback.finder.wait()
    app.step()
    found = app.fallback.finder.glyph("\U0001f98a", 11, 9, False)
    assert found.coloured and found.image.get_height() == 11
    drawn = app.painter._glyph("regular", "\U0001f98a", (0, 0, 0))
    colours = {tuple(drawn.get_at((x, y)))[:3] for x in range(drawn.get_width())
               for y in range(drawn.get_height()) if drawn.get_at((x, y))[3] > 128}
    assert any(max(c) - min(c) > 64 for c in colours)      # orange, not black


def test_plain_faces_come_before_bold_and_serif_ones(tmp_path):
    for name in ("NotoSerifCJK-Regular.ttc", "NotoSansCJK-Bold.ttc", "NotoSansCJK-Regular.ttc",
                 "readme.txt", "LastResort.otf"):
        (tmp_path / name).write_bytes(b"")
    assert [p.name for p in font_files([tmp_path])] == [
        "NotoSansCJK-Regular.ttc", "NotoSansCJK-Bold.ttc", "NotoSerifCJK-Regular.ttc"]


def test_a_finder_with_nowhere_to_look_answers_at_once():
    finder = FontFinder([])
    assert finder.glyph(FOUND, 11, 9, False) is None and not finder.take_news()


def test_a_map_overstating_its_segments_is_read_as_far_as_its_table_goes(tmp_path):
    """Asked past its columns' ends, it raised IndexError (then the thread
    gave up the character, whichever font came next)."""
    (tmp_path / "overstated.ttf").write_bytes(segments_overstated(FOUND))
    coverage = read_coverage(tmp_path / "overstated.ttf")
    assert coverage is not None
    assert [ch in coverage for ch in (FOUND, "A", NOWHERE, "\u65e5")] == [True, True, False, False]
    # A format 12 map saying it has 1,000 groups and holding one and a third.
    groups = Coverage(struct.pack(">HHIIIIII", 12, 0, 32, 0, 1000, 0x41, 0x5A, 36) + bytes(4))
    assert "A" in groups and "\u65e5" not in groups


def test_a_font_whose_map_cannot_be_asked_is_passed_over(fonts, monkeypatch):
    """A font looked at first whose map fails when asked (any error): the
    character is looked for in the next fonts, not given up as in none."""
    (fonts / "A-odd.ttf").write_bytes(font_having(FOUND))
    real = system_fonts.read_coverage

    class Failing:
        def __contains__(self, ch: str) -> bool:
            raise ValueError("a map read wrong")

    monkeypatch.setattr(system_fonts, "read_coverage",
                        lambda path: Failing() if path.name == "A-odd.ttf" else real(path))
    app = make_app(font_folders=[fonts])
    glyph_pixels(app, FOUND)
    assert app.fallback.finder.wait()
    assert app.fallback.finder.glyph(FOUND, 11, 9, False) is not None


def test_a_font_with_tall_lines_is_drawn_at_the_lines_size_not_shrunk(fonts, tmp_path):
    """Its line at the pixel font's size is over twice as tall as that
    line, as a colour emoji font's one bitmap size is: it was shrunk as
    one, to a third of its size, where its outlines fit the line."""
    tall = tmp_path / "tall"
    tall.mkdir()
    (tall / "Tall.ttf").write_bytes(tall_lines(FOUND))
    pygame.font.init()
    drawn = []
    for folder in (tall, fonts):
        finder = FontFinder([folder])
        finder.glyph(FOUND, 11, 9, False)
        assert finder.wait()
        found = finder.glyph(FOUND, 11, 9, False)
        assert found is not None and not found.coloured
        drawn.append((found.image.get_size(), pygame.mask.from_surface(found.image).get_bounding_rects()))
    assert drawn[0] == drawn[1]


def test_a_thread_that_cannot_be_started_leaves_the_box_and_is_tried_again(fonts, monkeypatch):
    """The process's thread limit reached (a user's limit counts threads):
    the box is drawn and the game goes on, where the painter raised; a
    later question starts the thread."""
    real = threading.Thread.start

    def refused(thread):
        if thread.name == "system-fonts":
            raise RuntimeError("can't start new thread")
        real(thread)
    monkeypatch.setattr(threading.Thread, "start", refused)
    app = make_app(font_folders=[fonts])
    box = glyph_pixels(app, FOUND)
    assert app.fallback.finder.glyph(FOUND, 11, 9, False) is None
    monkeypatch.setattr(threading.Thread, "start", real)
    assert app.fallback.finder.glyph(FOUND, 11, 9, False) is WAITING
    assert app.fallback.finder.wait()
    app.step()
    assert glyph_pixels(app, FOUND) != box
