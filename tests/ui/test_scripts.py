"""Names in scripts written right to left, with marks, or as emoji: drawn
as their readers expect, and edited without losing a letter.

The fonts are made from pygame's bundled font (``fake_fonts``): its
Hebrew letters are Latin ones, so that the order they are drawn in can be
read from the pixels. Only the joining of Arabic letters needs a real
Arabic font, looked for among the machine's (skipped without one).
"""

from __future__ import annotations

import pygame
import pytest

from game.graphemes import clusters
from game.ui.render import fallback, shaping, system_fonts
from game.ui.render.fallback import bundled_has
from game.ui.render.font_tables import read_coverage
from game.ui.render.system_fonts import FontFinder, font_files, font_folders
from game.ui.render.text_layout import spans
from game.ui.screens.names import ArcadeNameDialog, NameDialog, next_letter
from game.ui.text_field import TextField
from game.ui.text_fit import ELLIPSIS, fit

from .fake_fonts import font_drawing
from .helpers import key, make_app
from .test_records import BEGINNER, type_text, win

ALEF, BET, GIMEL = "\u05d0", "\u05d1", "\u05d2"
WIDE = "\uff21"                       # FULLWIDTH A: in no font of ours
ACUTE = "\u0301"                      # COMBINING ACUTE ACCENT
SMILE = "\U0001f600"
DRAWN_AS = {ALEF: "A", BET: "B", GIMEL: "C", WIDE: "W", ACUTE: "'"}


@pytest.fixture
def hebrew(tmp_path):
    """A font folder whose one font has three Hebrew letters, drawn A, B, C."""
    folder = tmp_path / "fonts"
    folder.mkdir()
    (folder / "Hebrew.ttf").write_bytes(font_drawing(DRAWN_AS))
    return folder


def found(app, *texts: str) -> None:
    """``texts`` measured, their runs found in the folders, laid out again."""
    for _ in range(2):
        for text in texts:
            app.painter.text_width(text)
        assert app.fallback.finder.wait()
        app.step()


def drawn(app, text: str) -> pygame.Surface:
    """``text`` as the painter draws it, on white."""
    painter = app.painter
    surface = pygame.Surface((painter.text_width(text) + 4, painter.line_height()))
    surface.fill((255, 255, 255))
    real, painter.surface = painter.surface, surface
    try:
        painter.text(text, (0, 0))
    finally:
        painter.surface = real
    return surface


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def run_image(finder: FontFinder, text: str, script: str = "", rtl: bool = False):
    pygame.font.init()                # as the window has it
    finder.glyph(text, 11, 9, False, script, rtl)
    assert finder.wait()
    answer = finder.glyph(text, 11, 9, False, script, rtl)
    assert isinstance(answer, shaping.Glyph)
    return answer


# ------------------------------------------------------------ order


def test_a_hebrew_run_is_drawn_right_to_left(hebrew):
    finder = FontFinder([hebrew])
    right_to_left = run_image(finder, ALEF + BET + GIMEL, "hebr", True)
    latin = run_image(finder, "CBA")
    assert pixels(right_to_left.image) == pixels(latin.image)
    assert right_to_left.edges[0] == right_to_left.image.get_width() and \
        right_to_left.edges[-1] == 0         # the first letter typed is on the right


def ink(surface: pygame.Surface) -> list[tuple[int, int]]:
    """Where ``surface`` is drawn on: its dark pixels, or its opaque ones."""
    if surface.get_flags() & pygame.SRCALPHA:
        mask = pygame.mask.from_surface(surface)
    else:
        mask = pygame.mask.from_threshold(surface, (0, 0, 0), (128, 128, 128, 255))
    return sorted(mask.outline()) if mask.count() else []


def test_a_hebrew_name_reads_right_to_left_in_the_window(hebrew):
    app = make_app(font_folders=[hebrew])
    found(app, ALEF + BET)
    latin = run_image(FontFinder([hebrew]), "BA")
    assert ink(drawn(app, ALEF + BET)) == ink(latin.image)
    assert ink(drawn(app, ALEF + BET)) != ink(run_image(FontFinder([hebrew]), "AB").image)


class Unshaping(pygame.font.Font):
    """A font as an older pygame or an SDL_ttf without HarfBuzz gives it."""

    refusal: type[Exception] = AttributeError

    def set_script(self, script_code):
        raise self.refusal("no shaping here")

    def set_direction(self, direction):
        raise self.refusal("no shaping here")


@pytest.mark.parametrize("refusal", [AttributeError, pygame.error])
def test_without_shaping_a_run_is_drawn_a_cluster_at_a_time_in_the_order_read(
        hebrew, monkeypatch, refusal):
    monkeypatch.setattr(Unshaping, "refusal", refusal)
    monkeypatch.setattr(system_fonts, "_opened", {})
    monkeypatch.setattr(pygame.font, "Font", Unshaping)
    finder = FontFinder([hebrew])
    assert finder.glyph(ALEF + BET, 11, 9, False, "hebr", True) is system_fonts.WAITING
    assert finder.wait()
    assert finder.glyph(ALEF + BET, 11, 9, False, "hebr", True) is None   # asked a cluster at a time
    assert isinstance(run_image(finder, BET, "hebr", True), shaping.Glyph)  # drawn, unshaped
    app = make_app(font_folders=[hebrew])
    app.fallback.finder = finder
    found(app, ALEF + BET, BET)
    name, bet = drawn(app, ALEF + BET), drawn(app, BET)
    left = (0, 0, bet.get_width() - 4, bet.get_height())     # side by side: bet first
    assert pixels(name.subsurface(left)) == pixels(bet.subsurface(left))


def test_a_run_still_looked_for_keeps_its_letters_already_found(hebrew, monkeypatch):
    """A letter typed makes a new run, looked for on the finder's thread:
    meanwhile the letters found before stay drawn (they turned to boxes
    for a frame at each letter typed)."""
    app = make_app(font_folders=[hebrew])
    found(app, ALEF, BET)
    real = FontFinder.glyph
    monkeypatch.setattr(FontFinder, "glyph", lambda finder, text, *args: (
        system_fonts.WAITING if len(text) > 1 else real(finder, text, *args)))
    app.painter.forget_text()
    name, bet = drawn(app, ALEF + BET), drawn(app, BET)
    left = (0, 0, bet.get_width() - 4, bet.get_height())
    assert pixels(name.subsurface(left)) == pixels(bet.subsurface(left))


def test_a_mirrored_bracket_and_the_spans_of_a_mixed_name():
    shown = spans("(" + ALEF + BET + ") 7", str.isascii, lambda ch: False)
    assert [span.drawn for span in shown] == ["7", " ", "(", None, ")"]
    assert shown[3].rtl and shown[3].script == "hebr" and shown[3].bounds == (1, 2, 3)


def test_an_arabic_word_is_one_run_whatever_pygames_font_has():
    """pygame's font has a few Arabic letters: drawn alone, they cut the
    word, whose letters then could not join."""
    shown = spans("محمد", str.isascii, lambda ch: ch == "ح")
    assert len(shown) == 1 and shown[0].bounds == (0, 1, 2, 3, 4)


# ------------------------------------------------------------ shaping


def test_arabic_letters_pygames_font_has_are_still_asked_of_the_systems_fonts():
    """pygame's font has ب and ت, unjoined: a word of them drawn by it
    never joined."""
    app = make_app()
    asked = []

    class Finder:
        def glyph(self, text, *args):
            asked.append(text)
            return None
    app.fallback.finder = Finder()
    assert bundled_has("ب") and bundled_has("ت")
    app.painter.text_width("بت")
    assert "بت" in asked


def test_a_mark_sits_on_its_letter(hebrew):
    """The run is shaped: the accent takes no room of its own (it was drawn
    apart, after its letter)."""
    app = make_app(font_folders=[hebrew])
    found(app, WIDE + ACUTE, WIDE)
    assert app.painter.text_width(WIDE + ACUTE) == app.painter.text_width(WIDE)


def arabic_font():
    for path in font_files(font_folders()):
        coverage = read_coverage(path)
        if coverage is not None and all(ch in coverage for ch in "محمد"):
            return path
    return None


def test_arabic_letters_join(tmp_path, monkeypatch):
    path = arabic_font()
    if path is None:
        pytest.skip("no font with Arabic letters on this machine (fonts-dejavu-core has one)")
    folder = tmp_path / "fonts"
    folder.mkdir()
    (folder / "Arabic.ttf").write_bytes(path.read_bytes())
    joined = run_image(FontFinder([folder]), "محمد", "arab", True)
    assert len(pygame.mask.from_surface(joined.image).connected_components()) == 1


# ------------------------------------------------------------ emoji


def test_an_emoji_comes_from_a_colour_font_before_an_earlier_plain_one(tmp_path):
    plain, colour = tmp_path / "plain", tmp_path / "colour"
    plain.mkdir()
    colour.mkdir()
    (plain / "A-Outlines.ttf").write_bytes(font_drawing({SMILE: "i", WIDE: "i"}))
    (plain / "B-Colour.ttf").write_bytes(font_drawing({SMILE: "W", WIDE: "W"}, colour=True))
    (colour / "B-Colour.ttf").write_bytes(font_drawing({SMILE: "W", WIDE: "W"}, colour=True))
    both, alone = FontFinder([plain]), FontFinder([colour])
    assert pixels(run_image(both, SMILE).image) == pixels(run_image(alone, SMILE).image)
    assert pixels(run_image(both, WIDE).image) != pixels(run_image(alone, WIDE).image)


# ------------------------------------------------------------ editing


def test_the_caret_in_a_hebrew_name_is_where_the_next_letter_goes(hebrew):
    app = make_app(font_folders=[hebrew])
    name = ALEF + BET
    found(app, name)
    painter = app.painter
    width = painter.text_width(name)
    assert painter.caret_x(name, 0) == width                   # before the first: on the right
    assert painter.caret_x(name, 2) == 0                       # after the last: on the left
    assert 0 < painter.caret_x(name, 1) < width
    assert painter.index_at(name, 0) == 2 and painter.index_at(name, width) == 0


def test_a_selection_across_two_directions_shows_in_two_places(hebrew):
    app = make_app(font_folders=[hebrew])
    name = "ab " + ALEF + BET
    found(app, name)
    stretches = app.painter.selection_spans(name, 1, 4)        # "b", the space, alef
    assert len(stretches) == 2 and stretches[0][0] < stretches[1][0]


def test_a_hebrew_name_typed_keeps_every_letter_and_its_caret(hebrew):
    app = make_app(BEGINNER, font_folders=[hebrew])
    win(app)
    assert isinstance(app.top, NameDialog)
    type_text(app, ALEF + BET)
    found(app, ALEF + BET)
    key(app, pygame.K_LEFT)
    type_text(app, GIMEL)
    app.step()
    assert app.top.entry.text == ALEF + GIMEL + BET and app.top.entry.caret == 2


def field(text: str) -> TextField:
    return TextField(pygame.Rect(0, 0, 100, 17), text)


def press(box: TextField, k: int) -> None:
    box.key(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0))


def test_arrows_and_delete_go_a_cluster_at_a_time_backspace_a_character():
    box = field("สี่x")
    box.caret = 0
    press(box, pygame.K_RIGHT)
    assert box.caret == 3
    press(box, pygame.K_LEFT)
    assert box.caret == 0
    press(box, pygame.K_DELETE)
    assert box.text == "x"
    box.set("สี่")
    press(box, pygame.K_BACKSPACE)
    assert box.text == "สี" and box.caret == 2


class Counting:
    """A painter whose every character is 5 pixels wide, marks too: a cut
    between a letter and its mark would fit where the whole cluster does not."""

    scale = 1

    @staticmethod
    def text_width(text: str, face: str = "regular") -> int:
        return 5 * len(text)

    def cluster_widths(self, text: str, face: str = "regular") -> list[int]:
        bounds = clusters(text)
        return [Counting.text_width(text[a:b]) for a, b in zip(bounds, bounds[1:], strict=False)]

    @staticmethod
    def looked_for(text: str, face: str = "regular") -> bool:
        return False


def test_a_name_cut_to_fit_keeps_its_marks_with_their_letters():
    name = "ab" + "สี่" * 10
    assert fit(Counting(), name, 40) == "abสี่" + ELLIPSIS         # not "abสี่ส…"


class Measuring(Counting):
    """A ``Counting`` painter that keeps the texts it was asked to measure."""

    def __init__(self) -> None:
        self.measured: list[str] = []

    def text_width(self, text: str, face: str = "regular") -> int:
        self.measured.append(text)
        return super().text_width(text, face)


def test_a_long_name_is_cut_to_fit_after_a_few_measures():
    """Each start of a name measured is a new line laid out, its runs looked
    for in the system's fonts: 70 Japanese letters of a file name cut one
    at a time held a frame 0.4 s (Open replay...), and halving still took
    nine measures a name (a frame of 60 ms for a list of such names)."""
    painter = Measuring()
    text = "日本語" * 70
    assert fit(painter, text, 100) == text[:19] + ELLIPSIS
    assert len(painter.measured) <= 4     # the whole, the ellipsis, the guess and one past it
    assert fit(Measuring(), "ab", 5) == ELLIPSIS
    assert fit(Measuring(), "abc", 15) == "abc"


class Uneven(Measuring):
    """A ``Measuring`` painter whose "i" is 1 pixel wide and "W" 9."""

    def text_width(self, text: str, face: str = "regular") -> int:
        self.measured.append(text)
        return sum(1 if ch == "i" else 9 if ch == "W" else 5 for ch in text)

    def cluster_widths(self, text: str, face: str = "regular") -> list[int]:
        return [1 if ch == "i" else 9 if ch == "W" else 5 for ch in text]


def test_a_name_of_uneven_letters_is_cut_after_a_few_measures_too():
    """The first guess was the share of the clusters the width allows: a
    name of narrow letters then wide ones was guessed far off, and the cut
    took a measure for every step back (fifteen long names in four scripts
    first seen in Open replay... held a frame up to 25 ms). The clusters'
    widths in the whole line guess it."""
    painter = Uneven()
    text = "i" * 60 + "W" * 60
    assert fit(painter, text, 100) == "i" * 60 + "W" * 3 + ELLIPSIS
    assert len(painter.measured) <= 4


def test_the_pickers_name_line_drops_whole_clusters_from_its_start(monkeypatch):
    app = make_app(BEGINNER, kiosk=True)
    win(app)
    dialog = app.top
    assert isinstance(dialog, ArcadeNameDialog)
    monkeypatch.setattr(app.painter, "text_width",
                        lambda text, face="regular":
                        dialog.shown.rect.w * len(text.replace("\u200e", "")) // 8)
    for _ in range(2):
        dialog.type("สี่")
    assert dialog.shown.text == "สี่สี่" + next_letter("สี่")
    dialog.type("สี่")            # ten characters, eight fit: the first cluster goes whole
    assert dialog.shown.text == "สี่สี่" + next_letter("สี่")


def test_a_joiner_typed_stays_in_the_name():
    app = make_app(BEGINNER)
    win(app)
    type_text(app, "👨\u200d👩")
    assert app.top.entry.text == "👨\u200d👩"



def test_an_accent_typed_as_a_mark_is_drawn_as_the_pixel_fonts_letter():
    """"e" and U+0301 (a keyboard's dead key on some systems) show as the
    pixel font's "é": the cluster composed, not a box after an "e"."""
    app = make_app()
    assert pixels(drawn(app, "e\u0301")) == pixels(drawn(app, "\u00e9"))
    assert app.painter.caret_x("e\u0301x", 2) == app.painter.text_width("\u00e9")


def test_the_finder_forgets_its_oldest_answers_beyond_a_bound(hebrew, monkeypatch):
    """Each letter typed makes a run asked anew: a kiosk's months of names
    must not pile up drawings."""
    monkeypatch.setattr(system_fonts, "ANSWERS_KEPT", 8)
    finder = FontFinder([hebrew])
    pygame.font.init()
    for n in range(1, 21):
        finder.glyph(ALEF * n, 11, 9, False, "hebr", True)
        assert finder.wait()
    assert len(finder._answers) <= 8
    assert isinstance(finder.glyph(ALEF * 20, 11, 9, False, "hebr", True), shaping.Glyph)


def test_a_long_name_is_laid_out_in_time_linear_in_its_length():
    """Each cluster asked again whether the whole run before it was in
    pygame's font: a 210-letter Japanese name read its run 210 times."""
    asked: list[str] = []

    def bundled(ch: str) -> bool:
        asked.append(ch)
        return bundled_has(ch)

    text = "日本語" * 70
    layout = spans(text, lambda ch: False, bundled)
    assert [(span.bounds[0], span.bounds[-1]) for span in layout] == [(0, len(text))]
    assert len(asked) <= len(text)


def test_a_box_from_pygames_font_is_drawn_once_and_never_tinted_in_place(monkeypatch):
    """While a list of names is looked for, each is laid out a cluster at a
    time from pygame's font, several times to cut it to fit: the same boxes
    were drawn again hundreds of times in the frame the list opened."""
    drawn_boxes: list[str] = []
    real = fallback._bundled_glyph
    monkeypatch.setattr(fallback, "_bundled_glyph",
                        lambda ch, *args: drawn_boxes.append(ch) or real(ch, *args))
    monkeypatch.setattr(fallback, "_glyphs", {})
    first = fallback.bundled_glyph(WIDE, 11, False)
    white = pygame.image.tobytes(first, "RGBA")
    first.fill((255, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MULT)   # as a tint does
    assert pygame.image.tobytes(first, "RGBA") != white
    again = fallback.bundled_glyph(WIDE, 11, False)
    assert drawn_boxes == [WIDE]
    assert pygame.image.tobytes(again, "RGBA") == white


def test_clusters_drawn_side_by_side_are_kept_until_the_finder_has_news(hebrew, monkeypatch):
    """A run still looked for is drawn a cluster at a time: each cluster is
    drawn once, not at each layout, until the finder's news changes them."""
    app = make_app(font_folders=[hebrew])
    asked: list[str] = []
    real = FontFinder.glyph

    def glyph(finder, text, *args):
        asked.append(text)
        return system_fonts.WAITING if len(text) > 1 else real(finder, text, *args)

    monkeypatch.setattr(FontFinder, "glyph", glyph)
    for name in (ALEF + BET, ALEF + BET + GIMEL, BET + ALEF):
        app.painter.text_width(name)
    assert sorted(text for text in asked if len(text) == 1) == [ALEF, BET, GIMEL]
    app.glyphs_found()                                 # the finder's news
    asked.clear()
    app.painter.text_width(ALEF + BET)
    assert sorted(text for text in asked if len(text) == 1) == [ALEF, BET]


class Boxed(Measuring):
    """A ``Measuring`` painter whose every start of a text but the whole is
    still looked for in the system's fonts until ``found``: drawn meanwhile
    as boxes twice as wide as the letters will be."""

    def __init__(self, whole: str) -> None:
        super().__init__()
        self.whole, self.found = whole, False

    def looked_for(self, text: str, face: str = "regular") -> bool:
        return not self.found and text not in (self.whole, ELLIPSIS)

    def text_width(self, text: str, face: str = "regular") -> int:
        self.measured.append(text)
        return 5 * len(text) * (2 if self.looked_for(text) else 1)


def test_a_start_still_looked_for_is_not_measured_again_and_again():
    """Once a long name's run is found, each start tried to cut it is a new
    run, looked for in turn and drawn as boxes meanwhile: measured by its
    boxes, wider than its letters, the guess did not fit, and each step
    back asked for yet another run (and, each found, another layout of
    every name shown: the first look at Open replay... on long names in
    four scripts held frames of 16-18 ms). The guess from the whole line's
    clusters is kept while its start is looked for, and measured again
    once found."""
    text = "日" * 60
    painter = Boxed(text)
    assert fit(painter, text, 100) == text[:19] + ELLIPSIS
    assert len(painter.measured) <= 3     # the whole, the ellipsis, the guess
    painter.found = True
    assert fit(painter, text, 100) == text[:19] + ELLIPSIS


def test_a_line_still_looked_for_says_so_until_its_run_is_found(hebrew):
    app = make_app(font_folders=[hebrew])
    name = ALEF + BET + GIMEL
    assert app.painter.looked_for(name)           # boxes for now
    assert not app.painter.looked_for("plain")
    found(app, name)
    assert not app.painter.looked_for(name)


def test_the_fonts_news_lays_lines_out_again_without_cutting_them_into_spans(hebrew, monkeypatch):
    """When the system's fonts answer, every line shown is laid out again
    with the glyphs found; what its spans are does not change with them
    (half of the frame after the news, on a list of long names)."""
    from game.ui.render import painter as painter_module
    cut: list[str] = []
    real = painter_module.spans
    monkeypatch.setattr(painter_module, "spans", lambda text, *a: cut.append(text) or real(text, *a))
    app = make_app(font_folders=[hebrew])
    names = ["a " + ALEF + BET + GIMEL, GIMEL * 30, "x" + WIDE + "y"]
    widths = [app.painter.text_width(name) for name in names]
    assert sorted(cut) == sorted(names)
    found(app, *names)
    assert [app.painter.text_width(name) for name in names] != widths   # boxes no more
    assert sorted(cut) == sorted(names)
