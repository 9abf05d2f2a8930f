"""The atlas is ours, reproducible and complete: the script regenerates the
committed files exactly, and every sprite the game asks for is there, at its
size, with the classic colours (docs/rules.md, "Look and feel")."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import atlas_art  # noqa: E402
import atlas_font  # noqa: E402
import make_atlas  # noqa: E402

COMMITTED = ROOT / "assets" / "sprites"


@pytest.fixture(scope="module")
def built():
    png, index = make_atlas.build()
    return png, json.loads(index)


@pytest.fixture(scope="module")
def sheet(tmp_path_factory, built):
    path = tmp_path_factory.mktemp("atlas") / "atlas.png"
    path.write_bytes(built[0])
    return pygame.image.load(str(path))


def sprite(sheet, index, name) -> pygame.Surface:
    return sheet.subsurface(pygame.Rect(index["sprites"][name]))


def rgb(surface, x, y):
    return tuple(surface.get_at((x, y)))[:3]


def colours(surface) -> set[tuple[int, int, int, int]]:
    w, h = surface.get_size()
    return {tuple(surface.get_at((x, y))) for y in range(h) for x in range(w)}


def test_two_runs_give_the_same_bytes(built):
    assert make_atlas.build() == (built[0], json.dumps(built[1], indent=1, sort_keys=True) + "\n")


def test_the_committed_atlas_is_what_the_script_draws(built):
    committed = (COMMITTED / "atlas.png").read_bytes()
    assert make_atlas.png_rows(committed) == make_atlas.png_rows(built[0]), \
        "run python tools/make_atlas.py and commit the result"
    assert json.loads((COMMITTED / "atlas.json").read_text(encoding="utf-8")) == built[1]


def test_check_mode_reports_a_stale_atlas(tmp_path, capsys):
    assert make_atlas.main(["--out", str(tmp_path)]) == 0
    assert make_atlas.main(["--out", str(tmp_path), "--check"]) == 0
    (tmp_path / "atlas.json").write_text("{}", encoding="utf-8")
    assert make_atlas.main(["--out", str(tmp_path), "--check"]) == 1
    assert "atlas.json" in capsys.readouterr().err


SIZES = {
    **{name: (16, 16) for name in ("covered", "flag", "question", "question_pressed", "mine",
                                   "mine_exploded", "mine_wrong", "cursor", "mark_safe",
                                   "mark_mine", "mark_proof", *(f"open_{n}" for n in range(9)))},
    **{f"led_{s}": (13, 23) for s in (*"0123456789", "minus", "blank")},
    **{f"face_{f}{p}": (26, 26) for f in ("smile", "oh", "dead", "cool")
       for p in ("", "_pressed")},
    "mode_on": (16, 16), "mode_off": (16, 16),
    **{f"boom_{i}": (32, 32) for i in range(6)},
    "check": (7, 7), "icon": (32, 32),
}


def test_every_sprite_the_game_uses_is_there_at_its_size(built):
    rects = built[1]["sprites"]
    for name, size in SIZES.items():
        assert tuple(rects[name][2:]) == size, name
    for kind in ("raised_3", "raised_2", "pressed_2", "sunken_3", "sunken_2", "sunken_1",
                 "field_2"):
        w, h = rects[f"bevel_{kind}"][2:]
        assert w == h and w % 2 == 1, kind


def test_no_two_sprites_overlap(built):
    rects = [pygame.Rect(r) for r in built[1]["sprites"].values()]
    assert all(r.collidelist(rects[i + 1:]) == -1 for i, r in enumerate(rects))


#: Winmine's numbers, written out here rather than read from the script
#: that draws them: read from it, a swap (2 red, 3 green) passed.
CLASSIC_NUMBERS = {1: (0, 0, 255), 2: (0, 128, 0), 3: (255, 0, 0), 4: (0, 0, 128),
                   5: (128, 0, 0), 6: (0, 128, 128), 7: (0, 0, 0), 8: (128, 128, 128)}


def test_numbers_have_the_classic_colours(sheet, built):
    blank = sprite(sheet, built[1], "open_0")
    assert colours(blank) == {(192, 192, 192, 255), (128, 128, 128, 255)}
    for n, colour in CLASSIC_NUMBERS.items():
        number = sprite(sheet, built[1], f"open_{n}")
        assert colours(number) == colours(blank) | {(*colour, 255)}, n
        inked = [c for c, was in zip(colours_list(number), colours_list(blank), strict=True)
                 if c != was]
        assert inked and set(inked) == {colour}, n      # the digit, in its colour alone


def test_cells_look_classic(sheet, built):
    idx = built[1]
    covered = sprite(sheet, idx, "covered")
    assert rgb(covered, 0, 0) == (255, 255, 255) and rgb(covered, 1, 1) == (255, 255, 255)
    assert rgb(covered, 15, 15) == (128, 128, 128) and rgb(covered, 14, 14) == (128, 128, 128)
    assert rgb(covered, 8, 8) == (192, 192, 192)
    opened = sprite(sheet, idx, "open_0")
    assert rgb(opened, 0, 8) == rgb(opened, 8, 0) == (128, 128, 128)   # the grid line
    assert rgb(sprite(sheet, idx, "mine_exploded"), 15, 15) == (255, 0, 0)
    assert rgb(sprite(sheet, idx, "mine"), 8, 8) == (0, 0, 0)
    assert (255, 0, 0, 255) in colours(sprite(sheet, idx, "mine_wrong"))
    assert (255, 0, 0, 255) in colours(sprite(sheet, idx, "flag"))


def test_led_digits_light_the_right_segments(sheet, built):
    idx = built[1]
    lit = {s: sum(1 for c in colours_list(sprite(sheet, idx, f"led_{s}")) if c == (255, 0, 0))
           for s in atlas_art.LED_SEGMENTS}
    assert lit["blank"] == 0
    assert lit["8"] > lit["0"] > lit["7"] > lit["1"] > lit["minus"] > 0
    eight = sprite(sheet, idx, "led_8")
    assert rgb(eight, 0, 0) == (0, 0, 0)          # on black
    assert rgb(eight, 6, 2) == (255, 0, 0)        # the top segment


def colours_list(surface):
    w, h = surface.get_size()
    return [tuple(surface.get_at((x, y)))[:3] for y in range(h) for x in range(w)]


def test_faces_differ_and_are_yellow(sheet, built):
    idx = built[1]
    faces = [colours_list(sprite(sheet, idx, f"face_{f}"))
             for f in ("smile", "oh", "dead", "cool", "smile_pressed")]
    assert all((255, 255, 0) in f for f in faces)
    assert len({tuple(f) for f in faces}) == 5


def test_overlays_are_translucent_around_their_mark(sheet, built):
    for name in ("cursor", "mark_safe", "mark_mine", "mark_proof"):
        s = sprite(sheet, built[1], name)
        assert s.get_at((8, 8)).a == 0 and s.get_at((0, 0)).a == 0, name
        assert any(c[3] == 255 for c in colours(s)), name


def test_fonts_cover_ascii_and_latin1_with_proportional_advances(built):
    idx = built[1]
    for face in ("regular", "bold"):
        assert idx["fonts"][face]["height"] == atlas_font.HEIGHT
        for ch in atlas_font.characters():
            w, h = idx["sprites"][f"font_{face}_{ord(ch)}"][2:]
            assert h == atlas_font.HEIGHT and w >= 2, (face, ch)
    width = lambda ch, face="regular": idx["sprites"][f"font_{face}_{ord(ch)}"][2]  # noqa: E731
    assert width("i") < width("n") < width("m")
    assert width("n", "bold") == width("n") + 1


def test_accented_letters_keep_their_base_and_add_a_mark():
    for accented, base in (("\u00e9", "e"), ("\u00c5", "A"), ("\u00f1", "n")):
        ink = lambda ch: {(x, y) for y, row in enumerate(atlas_font.glyph(ch))  # noqa: E731
                          for x, on in enumerate(row) if on}
        assert ink(base) < ink(accented), accented


@pytest.mark.parametrize("face", ["regular", "bold"])
def test_accented_i_stands_on_the_baseline_like_every_other_letter(sheet, built, face):
    """The dotless i they are drawn on had a blank row too many above it: ì í
    î ï hung a pixel below the line ("plaît", "Loïc" in a best time)."""
    def ink_rows(ch: str) -> list[int]:
        glyph = sprite(sheet, built[1], f"font_{face}_{ord(ch)}")
        w, h = glyph.get_size()
        return [y for y in range(h) if any(glyph.get_at((x, y))[3] for x in range(w))]
    bottom = ink_rows("u")[-1]
    for ch in "i\u00ec\u00ed\u00ee\u00ef":
        assert ink_rows(ch)[-1] == bottom, (face, ch)
    assert ink_rows("\u00ef")[ink_rows("\u00ef").index(atlas_font.X_TOP):] == ink_rows("u")


@pytest.mark.parametrize("face", ["regular", "bold"])
def test_a_lowercase_circumflex_stands_clear_of_its_letter(sheet, built, face):
    """Its feet sat on the stems of u and o, one row above the x-height: at
    1x a French hint's "sûre" read "s0re". A blank row now parts them, as it
    parts a diaeresis from its letter."""
    for ch in "\u00e2\u00ea\u00ee\u00f4\u00fb":
        glyph = sprite(sheet, built[1], f"font_{face}_{ord(ch)}")
        w, h = glyph.get_size()
        inked = [y for y in range(h) if any(glyph.get_at((x, y))[3] for x in range(w))]
        gaps = [y for y in range(inked[0], inked[-1]) if y not in inked]
        assert gaps == [atlas_font.X_TOP - 1], (face, ch, inked)


def _runs(row) -> int:
    """How many separate strokes of ink a glyph row has."""
    return sum(1 for i, on in enumerate(row) if on and (i == 0 or not row[i - 1]))


def test_bold_m_w_M_W_keep_their_strokes_apart_and_bold_percent_is_not_a_K():
    for ch in "mwMW":
        rows = atlas_font.bold_glyph(ch)
        assert max(_runs(row) for row in rows) >= 3, ch          # three stems, not a blob
        assert len(rows[0]) > len(atlas_font.glyph(ch)[0]), ch   # bold is wider
    percent, k = atlas_font.bold_glyph("%"), atlas_font.bold_glyph("K")
    assert percent != k
    assert max(_runs(row) for row in percent) >= 3               # the rings have holes
    assert any(_runs(row) >= 3 for row in percent[2:5])          # the top ring is closed
    regular = atlas_font.glyph("%")
    middle = regular[atlas_font.CAP_TOP + 2:atlas_font.CAP_TOP + 5]
    assert all(_runs(row) == 1 for row in middle)                # one clean diagonal, no K arms


def _ink_runs(sheet, built, face: str, ch: str) -> list[int]:
    """The separate strokes of ink in each row of a glyph as the atlas has it."""
    glyph = sprite(sheet, built[1], f"font_{face}_{ord(ch)}")
    w, h = glyph.get_size()
    return [_runs([glyph.get_at((x, y))[3] > 0 for x in range(w)]) for y in range(h)]


@pytest.mark.parametrize("face", ["regular", "bold"])
@pytest.mark.parametrize("ch", "\u00e4\u00eb\u00ef\u00f6\u00fc\u00ff\u00c4\u00cb\u00cf\u00d6\u00dc"
                               "\u00a8\"\u00ab\u00bb")
def test_a_diaeresis_quotes_and_guillemets_keep_two_strokes_in_bold_too(sheet, built, face, ch):
    """Emboldened, the diaeresis's two dots ran into one bar (a bold "Noël"
    read "Noēl"), as did the strokes of a straight quote and of guillemets."""
    top = next(n for n in _ink_runs(sheet, built, face, ch) if n)     # the dots' row
    assert top == 2, (face, ch)


@pytest.mark.parametrize("face", ["regular", "bold"])
def test_an_ellipsis_keeps_three_dots_in_bold_too(sheet, built, face):
    """A bold ellipsis (a dialog title cut short) was one bar: "_"."""
    runs = _ink_runs(sheet, built, face, "\u2026")
    assert max(runs) == 3 and sum(1 for n in runs if n) == 1, face


def _gap(sheet, built, face: str, pair: str) -> int:
    """Blank columns between the two letters of ``pair`` set side by side as
    the painter sets them, across the x-height (the hook of a j below it
    does not close a gap the eye sees above it)."""
    band = range(atlas_font.X_TOP, atlas_font.BASELINE)
    columns = []
    for ch in pair:
        glyph = sprite(sheet, built[1], f"font_{face}_{ord(ch)}")
        columns += [any(glyph.get_at((x, y))[3] for y in band) for x in range(glyph.get_width())]
    inked = [x for x, on in enumerate(columns) if on]
    return max(len(run) for run in "".join(".#"[on] for on in
                                           columns[inked[0]:inked[-1] + 1]).split("#"))


@pytest.mark.parametrize("face", ["regular", "bold"])
def test_a_j_stands_as_close_to_the_letter_before_as_an_i_does(sheet, built, face):
    """Its stem was two blank columns into the glyph: after the letter's own
    spacing, three columns, nearly a word's space, and a French hint's
    "déjà" read "dé jà", About's "projet" "pro jet"."""
    for before in "abcdefghijklmnopqrstuvwxyz\u00e0\u00e2\u00e7\u00e8\u00e9\u00ea\u00ee\u00f4\u00fb":
        assert _gap(sheet, built, face, before + "j") <= _gap(sheet, built, face, before + "i") + 1, \
            (face, before)


def _black_components(surface, rows: range) -> list[set[tuple[int, int]]]:
    black = {(x, y) for y in rows for x in range(26) if surface.get_at((x, y))[:3] == (0, 0, 0)
             and 8 <= x <= 17}
    parts = []
    while black:
        todo, part = [black.pop()], set()
        while todo:
            x, y = todo.pop()
            part.add((x, y))
            for n in ((x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)):
                if n in black:
                    black.discard(n)
                    todo.append(n)
        parts.append(part)
    return parts


def test_the_oh_face_has_round_eyes_and_a_round_mouth(sheet, built):
    face = sprite(sheet, built[1], "face_oh")
    eyes = _black_components(face, range(8, 12))
    assert len(eyes) == 2
    for eye in eyes:
        xs, ys = {x for x, _ in eye}, {y for _, y in eye}
        assert len(xs) == len(ys)                                   # as tall as wide
        assert (min(xs), min(ys)) not in eye                         # corners cut: round
    mouth = _black_components(face, range(13, 18))
    assert len(mouth) == 1
    xs, ys = {x for x, _ in mouth[0]}, {y for _, y in mouth[0]}
    centre = ((min(xs) + max(xs)) // 2, (min(ys) + max(ys)) // 2)
    assert rgb(face, *centre) == (255, 255, 0)                       # an open ring
    assert (min(xs), min(ys)) not in mouth[0]


def test_every_face_has_a_pressed_look_shifted_into_the_button(sheet, built):
    for f in ("smile", "oh", "dead", "cool"):
        up = sprite(sheet, built[1], f"face_{f}")
        down = sprite(sheet, built[1], f"face_{f}_pressed")
        assert rgb(up, 1, 1) == (255, 255, 255) and rgb(down, 1, 1) == (128, 128, 128), f
