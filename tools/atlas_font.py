"""The game's own pixel font, drawn by hand for ``tools/make_atlas.py``.

A small proportional sans serif in the spirit of the 8-point system font of
Windows 3.1 menus: capitals 7 px tall, lowercase x-height 5 px, descenders
2 px, two rows above the capitals for accents. Covers printable ASCII and
Latin-1 (160-255) so player names in Western European languages draw in the
same style, and what the French catalogue needs beyond Latin-1 (oe, the
typographic apostrophe, the ellipsis and the narrow no-break space) and the
raised digits the hint writes a power of ten with (10¹⁰);
anything else falls back to pygame's font at run time.

Each glyph is written as rows separated by ``/`` starting at the capital line
(``#`` ink, anything else blank); accented letters are composed from a base
glyph and an accent, so each accent is drawn once.
"""

from __future__ import annotations

#: Rows of the glyph canvas: 2 accent rows, 7 capital rows, 2 descender rows.
HEIGHT = 11
#: Pixels from the top of the canvas to the baseline (bottom of capitals).
BASELINE = 9
CAP_TOP = 2          # canvas row of the first capital row
X_TOP = 4            # canvas row of the first x-height row
SPACE_WIDTH = 3

GLYPHS: dict[str, str] = {
    # capitals
    "A": ".###./#...#/#...#/#####/#...#/#...#/#...#",
    "B": "####./#...#/#...#/####./#...#/#...#/####.",
    "C": ".###./#...#/#..../#..../#..../#...#/.###.",
    "D": "####./#...#/#...#/#...#/#...#/#...#/####.",
    "E": "#####/#..../#..../####./#..../#..../#####",
    "F": "#####/#..../#..../####./#..../#..../#....",
    "G": ".###./#...#/#..../#.###/#...#/#...#/.####",
    "H": "#...#/#...#/#...#/#####/#...#/#...#/#...#",
    "I": "###/.#./.#./.#./.#./.#./###",
    "J": "..###/...#./...#./...#./#..#./#..#./.##..",
    "K": "#...#/#..#./#.#../##.../#.#../#..#./#...#",
    "L": "#..../#..../#..../#..../#..../#..../#####",
    "M": "#...#/##.##/#.#.#/#.#.#/#...#/#...#/#...#",
    "N": "#...#/##..#/#.#.#/#..##/#...#/#...#/#...#",
    "O": ".###./#...#/#...#/#...#/#...#/#...#/.###.",
    "P": "####./#...#/#...#/####./#..../#..../#....",
    "Q": ".###./#...#/#...#/#...#/#.#.#/#..#./.##.#",
    "R": "####./#...#/#...#/####./#.#../#..#./#...#",
    "S": ".###./#...#/#..../.###./....#/#...#/.###.",
    "T": "#####/..#../..#../..#../..#../..#../..#..",
    "U": "#...#/#...#/#...#/#...#/#...#/#...#/.###.",
    "V": "#...#/#...#/#...#/#...#/#...#/.#.#./..#..",
    "W": "#...#/#...#/#...#/#.#.#/#.#.#/##.##/#...#",
    "X": "#...#/#...#/.#.#./..#../.#.#./#...#/#...#",
    "Y": "#...#/#...#/.#.#./..#../..#../..#../..#..",
    "Z": "#####/....#/...#./..#../.#.../#..../#####",
    # digits
    "0": ".###./#...#/#..##/#.#.#/##..#/#...#/.###.",
    "1": "..#../.##../..#../..#../..#../..#../.###.",
    "2": ".###./#...#/....#/...#./..#../.#.../#####",
    "3": "#####/...#./..#../...#./....#/#...#/.###.",
    "4": "...#./..##./.#.#./#..#./#####/...#./...#.",
    "5": "#####/#..../####./....#/....#/#...#/.###.",
    "6": "..##./.#.../#..../####./#...#/#...#/.###.",
    "7": "#####/....#/...#./..#../.#.../.#.../.#...",
    "8": ".###./#...#/#...#/.###./#...#/#...#/.###.",
    "9": ".###./#...#/#...#/.####/....#/...#./.##..",
    # lowercase
    "a": "...../...../.###./....#/.####/#...#/.####",
    "b": "#..../#..../####./#...#/#...#/#...#/####.",
    "c": "..../..../.###/#.../#.../#.../.###",
    "d": "....#/....#/.####/#...#/#...#/#...#/.####",
    "e": "...../...../.###./#...#/#####/#..../.###.",
    "f": "..##/.#../####/.#../.#../.#../.#..",
    "g": "...../...../.####/#...#/#...#/#...#/.####/....#/.###.",
    "h": "#..../#..../####./#...#/#...#/#...#/#...#",
    "i": "#/./#/#/#/#/#",
    # the stem one column in, its hook the left edge: two columns in, it stood
    # as far from the letter before as a word from the next ("dé jà", "pro jet")
    "j": ".#/../.#/.#/.#/.#/.#/.#/#.",
    "k": "#.../#.../#..#/#.#./##../#.#./#..#",
    "l": "#/#/#/#/#/#/#",
    "m": "...../...../####./#.#.#/#.#.#/#.#.#/#.#.#",
    "n": "..../..../###./#..#/#..#/#..#/#..#",
    "o": "..../..../.##./#..#/#..#/#..#/.##.",
    "p": "..../..../###./#..#/#..#/#..#/###./#.../#...",
    "q": "..../..../.###/#..#/#..#/#..#/.###/...#/...#",
    "r": ".../.../#.#/##./#../#../#..",
    "s": "..../..../.###/#.../.##./...#/###.",
    "t": ".#../.#../####/.#../.#../.#../..##",
    "u": "..../..../#..#/#..#/#..#/#..#/.###",
    "v": "...../...../#...#/#...#/.#.#./.#.#./..#..",
    "w": "...../...../#...#/#...#/#.#.#/#.#.#/.#.#.",
    "x": "...../...../#...#/.#.#./..#../.#.#./#...#",
    "y": "..../..../#..#/#..#/#..#/#..#/.###/...#/.##.",
    "z": "..../..../####/...#/..#./.#../####",
    # punctuation and symbols
    "!": "#/#/#/#/#/./#",
    '"': "#.#/#.#",
    "#": "...../.#.#./#####/.#.#./#####/.#.#.",
    "$": "..#../.####/#.#../.###./..#.#/####./..#..",
    "%": "##...#/##..#./....#./...#../..#.../.#..##/#...##",
    "&": ".#.../#.#../#.#../.#.../#.#.#/#..#./.##.#",
    "'": "#/#",
    "(": "..#/.#./#../#../#../.#./..#",
    ")": "#../.#./..#/..#/..#/.#./#..",
    "*": "...../..#../#.#.#/.###./#.#.#/..#..",
    "+": "...../..#../..#../#####/..#../..#..",
    ",": "../../../../../.#/.#/#.",
    "-": "..../..../..../####",
    ".": "././././././#",
    "/": "....#/...#./...#./..#../.#.../.#.../#....",
    ":": "./././#/././#",
    ";": "../../.#/../../../.#/.#/#.",
    "<": "...#/..#./.#../#.../.#../..#./...#",
    "=": "...../...../#####/...../#####",
    ">": "#.../.#../..#./...#/..#./.#../#...",
    "?": ".###./#...#/....#/...#./..#../...../..#..",
    "@": ".###./#...#/#.###/#.#.#/#.###/#..../.###.",
    "[": "##/#./#./#./#./#./##",
    "\\": "#..../.#.../.#.../..#../...#./...#./....#",
    "]": "##/.#/.#/.#/.#/.#/##",
    "^": "..#../.#.#./#...#",
    "_": "...../...../...../...../...../...../...../#####",
    "`": "#./.#",
    "{": "..#/.#./.#./#../.#./.#./..#",
    "|": "#/#/#/#/#/#/#/#/#",
    "}": "#../.#./.#./..#/.#./.#./#..",
    "~": "...../...../.#.../#.#.#/...#.",
    # Latin-1 symbols
    "\u00a1": "#/./#/#/#/#/#/#",
    "\u00a2": "..#../.####/#.#../#.#../#.#../.####/..#..",
    "\u00a3": "..##./.#..#/.#.../###../.#.../.#..#/#.##.",
    "\u00a4": "...../#...#/.###./.#.#./.###./#...#",
    "\u00a5": "#...#/.#.#./..#../#####/..#../#####/..#..",
    "\u00a6": "#/#/#/./#/#/#",
    "\u00a7": ".###./#..../.###./#...#/.###./....#/.###.",
    "\u00a8": "#.#",
    "\u00a9": ".#####./#.....#/#.###.#/#.#...#/#.###.#/#.....#/.#####.",
    "\u00aa": ".##./...#/.###/#..#/.###/..../####",
    "\u00ab": "...../..#.#/.#.#./#.#../.#.#./..#.#",
    "\u00ac": "...../...../...../#####/....#/....#",
    "\u00ad": "..../..../..../####",
    "\u00ae": ".#####./#.....#/#.##..#/#.#.#.#/#.##..#/#.#.#.#/.#####.",
    "\u00af": "#####",
    "\u00b0": ".#./#.#/.#.",
    "\u00b1": "..#../..#../#####/..#../..#../...../#####",
    # the raised digits (the hint's 10¹⁰) five rows tall from the capital
    # line, three wide: four rows left 6 and 8 as blots
    "\u00b2": "##./..#/.#./#../###",
    "\u00b3": "##./..#/.#./..#/##.",
    "\u00b4": ".#/#.",
    "\u00b5": "..../..../#..#/#..#/#..#/#..#/###./#.../#...",
    "\u00b6": ".####/###.#/###.#/.##.#/..#.#/..#.#/..#.#",
    "\u00b7": "./././#",
    "\u00b8": "../../../../../../../.#/##",
    "\u00b9": ".#/##/.#/.#/.#",
    "\u00ba": ".##./#..#/#..#/.##./..../####",
    "\u00bb": "...../#.#../.#.#./..#.#/.#.#./#.#..",
    "\u00bc": "#....#./#...#../#..#.../..#..#./.#..##./#..#.#./...####/.....#.",
    "\u00bd": "#....#./#...#../#..#.../..#.##./.#....#/#....#./....#../....###",
    "\u00be": "##...#./.#..#../##.#.../..#..#./.#..##./#..#.#./...####/.....#.",
    "\u00bf": "..#../...../..#../.#.../#..../#...#/.###.",
    "\u00c6": ".#####/#..#../#..#../######/#..#../#..#../#..###",
    "\u00d0": "####./.#..#/.#..#/###.#/.#..#/.#..#/####.",
    "\u00d7": "...../#...#/.#.#./..#../.#.#./#...#",
    "\u00d8": ".####/#..##/#.#.#/#.#.#/#.#.#/##..#/####.",
    "\u00de": "#..../####./#...#/#...#/####./#..../#....",
    "\u00df": ".##../#..#./#..#./#.##./#...#/#...#/#.##.",
    "\u00e6": "......./......./.##.##./...#..#/.######/#..#.../.##.###",
    "\u00f0": "#.#./.#../#.#./.###/#..#/#..#/.##.",
    "\u00f7": "...../..#../...../#####/...../..#..",
    "\u00f8": "..../..../.###/#.##/##.#/#..#/###.",
    "\u00fe": "#.../#.../###./#..#/#..#/#..#/###./#.../#...",
    "\u0131": "././#/#/#/#/#",       # dotless i, the base of accented i
    "\u2014": "......./......./......./#######",   # em dash, for the demo banner
    # French: the oe ligatures, the typographic apostrophe and the ellipsis
    "\u0152": ".######/#..#.../#..#.../#..####/#..#.../#..#.../.######",
    "\u0153": "......./......./.##.##./#..#..#/#..####/#..#.../.##.###",
    "\u2019": ".#/.#/#.",
    "\u2070": ".#./#.#/#.#/#.#/.#.",
    "\u2074": "#.#/#.#/###/..#/..#",
    "\u2075": "###/#../##./..#/##.",
    "\u2076": ".##/#../###/#.#/###",
    "\u2077": "###/..#/.#./.#./.#.",
    "\u2078": "###/#.#/###/#.#/###",
    "\u2079": "###/#.#/###/..#/##.",
    "\u2026": "...../...../...../...../...../...../#.#.#",
}

#: Spaces, as (character, canvas width): the narrow no-break space is the
#: one French sets before : ; ? ! and % and inside guillemets.
SPACES = {" ": SPACE_WIDTH - 1, "\u00a0": SPACE_WIDTH - 1, "\u202f": SPACE_WIDTH - 2}

#: Accents as rows, for capitals (drawn in the two rows above the capital
#: line) and for lowercase (the two rows above the x-height). A lowercase
#: circumflex keeps a blank row above its letter, as the diaeresis does: its
#: feet sat on the stems of u and o, and "sûre" read "s0re".
ACCENTS: dict[str, tuple[str, str]] = {
    "grave": ("#./.#", "#./.#"),
    "acute": (".#/#.", ".#/#."),
    "circumflex": (".#./#.#", ".#./#.#/..."),
    "tilde": (".#.#/#.#.", ".#.#/#.#."),
    "diaeresis": ("#.#/...", "#.#/..."),
    "ring": (".#./#.#", ".#./#.#/.#."),
    "cedilla": (".#/##", ".#/##"),
}

#: Latin-1 letters composed from a base glyph and an accent.
COMPOSED: dict[str, tuple[str, str]] = {}
for _base, _letters in (("A", "\u00c0\u00c1\u00c2\u00c3\u00c4\u00c5"),
                        ("a", "\u00e0\u00e1\u00e2\u00e3\u00e4\u00e5"),
                        ("E", "\u00c8\u00c9\u00ca\u00cb"), ("e", "\u00e8\u00e9\u00ea\u00eb"),
                        ("I", "\u00cc\u00cd\u00ce\u00cf"), ("\u0131", "\u00ec\u00ed\u00ee\u00ef"),
                        ("O", "\u00d2\u00d3\u00d4\u00d5\u00d6"),
                        ("o", "\u00f2\u00f3\u00f4\u00f5\u00f6"),
                        ("U", "\u00d9\u00da\u00db\u00dc"), ("u", "\u00f9\u00fa\u00fb\u00fc")):
    _marks = ("grave", "acute", "circumflex", "tilde", "diaeresis", "ring")
    if len(_letters) == 4:
        _marks = ("grave", "acute", "circumflex", "diaeresis")
    for _letter, _mark in zip(_letters, _marks, strict=False):
        COMPOSED[_letter] = (_base, _mark)
COMPOSED.update({
    "\u00c7": ("C", "cedilla"), "\u00e7": ("c", "cedilla"),
    "\u00d1": ("N", "tilde"), "\u00f1": ("n", "tilde"),
    "\u00dd": ("Y", "acute"), "\u00fd": ("y", "acute"), "\u00ff": ("y", "diaeresis"),
})

Bitmap = list[list[bool]]


def _rows(text: str) -> list[str]:
    rows = text.split("/")
    width = max(len(r) for r in rows)
    return [r.ljust(width, ".") for r in rows]


def _canvas(width: int) -> Bitmap:
    return [[False] * width for _ in range(HEIGHT)]


def _paint(canvas: Bitmap, rows: list[str], x0: int, y0: int) -> None:
    for dy, row in enumerate(rows):
        for dx, ch in enumerate(row):
            if ch == "#" and 0 <= y0 + dy < HEIGHT:
                canvas[y0 + dy][x0 + dx] = True


def _is_small(ch: str) -> bool:
    """Lowercase letters sit their accents above the x-height."""
    return ch.islower() or ch == "\u0131"


def glyph(ch: str) -> Bitmap:
    """The ink of ``ch`` on an 11-row canvas as wide as the glyph itself
    (no spacing column), or raises KeyError for a character we don't draw."""
    if ch in SPACES:
        return _canvas(SPACES[ch])
    if ch in COMPOSED:
        base_ch, accent = COMPOSED[ch]
        return _compose(glyph(base_ch), ACCENTS[accent][1 if _is_small(base_ch) else 0],
                        _is_small(base_ch), accent)
    rows = _rows(GLYPHS[ch])
    canvas = _canvas(len(rows[0]))
    _paint(canvas, rows, 0, CAP_TOP)
    return canvas


def _compose(base: Bitmap, mark_text: str, small: bool, accent: str) -> Bitmap:
    """``base`` (a whole glyph canvas) with the accent ``mark_text`` centred
    on it: in the two rows above its top, or under the baseline (cedilla)."""
    mark = _rows(mark_text)
    base_w = len(base[0])
    width = max(base_w, len(mark[0]))
    canvas = _canvas(width)
    shift = (width - base_w) // 2
    for y, row in enumerate(base):
        for x, on in enumerate(row):
            canvas[y][x + shift] = on
    top = BASELINE if accent == "cedilla" else (X_TOP if small else CAP_TOP) - len(mark)
    _paint(canvas, mark, (width - len(mark[0]) + 1) // 2, top)
    return canvas


#: Bold forms drawn by hand: the shift-and-OR of ``embolden`` fills the
#: one-pixel gaps between the strokes of these, leaving blobs ("Best Ti■es"),
#: a ``%`` that reads as ``K``, an ellipsis that reads as ``_`` and a
#: straight quote, or guillemets, that read as one thick stroke. Rows start
#: at the capital line.
BOLD_GLYPHS: dict[str, str] = {
    "m": "......../......../#######./##.##.##/##.##.##/##.##.##/##.##.##",
    "w": "......../......../##....##/##.##.##/##.##.##/##.##.##/.##..##.",
    "M": "##....##/###..###/##.##.##/##.##.##/##....##/##....##/##....##",
    "W": "##....##/##....##/##....##/##.##.##/##.##.##/###..###/##....##",
    "%": "###...##/#.#..##./###.##../...##.../..##.###/.##..#.#/##...###",
    "\u2026": "......../......../......../......../......../......../##.##.##",
    '"': "##.##/##.##",
    "\u00ab": "......./..##.##/.##.##./##.##../.##.##./..##.##",
    "\u00bb": "......./##.##../.##.##./..##.##/.##.##./##.##..",
    "\u00a8": "##.##",
}

#: Bold accents drawn by hand, as ``ACCENTS`` (capitals, lowercase): the
#: diaeresis emboldened ran its two dots into one bar, and bold "Noël" or
#: "Loïc" read "Noēl", "Loīc".
BOLD_ACCENTS: dict[str, tuple[str, str]] = {
    "diaeresis": ("##.##/.....", "##.##/....."),
}


def bold_glyph(ch: str) -> Bitmap:
    """The bold ink of ``ch``: drawn by hand where emboldening would blur it."""
    if ch in BOLD_GLYPHS:
        rows = _rows(BOLD_GLYPHS[ch])
        canvas = _canvas(len(rows[0]))
        _paint(canvas, rows, 0, CAP_TOP)
        return canvas
    if ch in COMPOSED and COMPOSED[ch][1] in BOLD_ACCENTS:
        base_ch, accent = COMPOSED[ch]
        small = _is_small(base_ch)
        return _compose(embolden(glyph(base_ch)), BOLD_ACCENTS[accent][1 if small else 0],
                        small, accent)
    return embolden(glyph(ch))


def embolden(bitmap: Bitmap) -> Bitmap:
    """Bold the way the old system font did: each row ORed with itself
    shifted one pixel right, one pixel wider."""
    out = []
    for row in bitmap:
        wide = row + [False]
        out.append([wide[i] or (i > 0 and wide[i - 1]) for i in range(len(wide))])
    return out


def characters() -> list[str]:
    """Every character the font draws: printable ASCII, Latin-1, the em dash,
    what French needs beyond Latin-1 (oe ligatures, typographic apostrophe,
    ellipsis, narrow no-break space), and the raised digits beyond Latin-1's
    ¹²³ (the hint's 10¹⁰)."""
    return [chr(c) for c in (*range(32, 127), *range(160, 256), 0x2014,
                             0x0152, 0x0153, 0x2019, 0x2026, 0x202F, 0x2070,
                             *range(0x2074, 0x207A))]
