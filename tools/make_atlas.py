"""Draw every sprite of the game into one atlas: ``assets/sprites/atlas.png``
plus ``atlas.json``, the index of named rectangles the game slices it by.

Why a script: the artwork is ours, redrawn in the style of the Windows 3.1-XP
game from published facts only (the palette, the 16 px cells, the 13x23 LED
digits and the 26 px face of docs/rules.md, "Look and feel"), and anyone can regenerate or change it.
It uses the standard library only (its own PNG writer), so it runs anywhere and
gives the same pixels on every run.

    python tools/make_atlas.py            # write the atlas
    python tools/make_atlas.py --check    # exit 1 if the committed atlas is stale

Sprite contract (names in ``atlas.json``, sizes at scale 1):
16x16 cells ``covered``, ``open_0``..``open_8``, ``flag``, ``question``,
``question_pressed``, ``mine``, ``mine_exploded``, ``mine_wrong``; translucent
16x16 overlays ``cursor``, ``mark_safe``, ``mark_mine``, ``mark_proof``; 13x23 ``led_0``..``led_9``,
``led_minus``, ``led_blank``; 26x26 ``face_smile|oh|dead|cool`` and each ``_pressed``;
32x32 explosion frames ``boom_0``..``boom_5``; nine-slice bevels ``bevel_<kind>``
(squares of side 2b+1 for a border of b px); the alpha mask ``check``; the
32x32 window ``icon``; 16x18 hexagonal cells and overlays ``hex_<name>`` for
the names above (open 0-6) plus ``hex_hole`` (see ``atlas_hex``); glyphs ``font_regular_<code point>`` and
``font_bold_<code point>`` (white on transparent, width = advance). The index's
``greys`` gives each coloured sprite's colours the greys they take with Color
off (``atlas_mono``).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(1, str(Path(__file__).resolve().parent.parent))   # game.ui.cells: the hexagon
# Sibling modules of this script:
import atlas_font  # noqa: E402
import atlas_hex  # noqa: E402
import atlas_mono  # noqa: E402
from atlas_art import (  # noqa: E402
    BEVELS,
    BOOM_FRAMES,
    CHECK,
    FACE_FEATURES,
    LED_SEGMENTS,
    SQUARE,
    boom,
    cell_sprites,
    face,
    flag_on,
    font_glyph,
    icon,
    led,
    mask,
    nine_slice,
    revealed,
)
from atlas_canvas import Canvas, png_bytes, png_rows  # noqa: E402

OUT_DIR = Path(__file__).resolve().parent.parent / "assets" / "sprites"
SHEET_WIDTH = 512
PAD = 1                      # transparent gap between sprites (no bleeding when scaled)


def sprites() -> dict[str, Canvas]:
    """Every sprite by name, in a fixed order."""
    out: dict[str, Canvas] = cell_sprites(SQUARE)
    out["mode_off"] = out["flag"].copy()          # the flag-mode button: a flag, raised
    out["mode_on"] = flag_on(revealed())          # ... and pressed in
    for symbol in LED_SEGMENTS:
        out[f"led_{symbol}"] = led(symbol)
    for expression in FACE_FEATURES:
        out[f"face_{expression}"] = face(expression)
    for expression in FACE_FEATURES:
        out[f"face_{expression}_pressed"] = face(expression, pressed=True)
    for frame in range(BOOM_FRAMES):
        out[f"boom_{frame}"] = boom(frame)
    for name in BEVELS:
        out[f"bevel_{name}"] = nine_slice(name)
    out.update(atlas_hex.sprites())
    out["check"] = mask(CHECK)
    out["icon"] = icon()
    for face_name, bold in (("regular", False), ("bold", True)):
        for ch in atlas_font.characters():
            out[f"font_{face_name}_{ord(ch)}"] = font_glyph(ch, bold)
    return out


def pack(pieces: dict[str, Canvas]) -> tuple[Canvas, dict[str, list[int]]]:
    """Shelf packing, tallest first (ties by name) so the layout is stable."""
    order = sorted(pieces, key=lambda n: (-pieces[n].height, n))
    rects: dict[str, list[int]] = {}
    x = y = shelf = 0
    for name in order:
        piece = pieces[name]
        if x + piece.width > SHEET_WIDTH:
            x, y, shelf = 0, y + shelf + PAD, 0
        rects[name] = [x, y, piece.width, piece.height]
        x += piece.width + PAD
        shelf = max(shelf, piece.height)
    sheet = Canvas(SHEET_WIDTH, y + shelf)
    for name, (px, py, _, _) in rects.items():
        piece = pieces[name]
        for yy in range(piece.height):
            row = yy * piece.width
            sheet.pixels[(py + yy) * SHEET_WIDTH + px:(py + yy) * SHEET_WIDTH + px + piece.width] = \
                piece.pixels[row:row + piece.width]
    return sheet, {name: rects[name] for name in pieces}


def build() -> tuple[bytes, str]:
    """The atlas PNG and its JSON index."""
    pieces = sprites()
    sheet, rects = pack(pieces)
    index = {
        "version": 1,
        "sprites": rects,
        "greys": atlas_mono.greys(pieces),
        "fonts": {face: {"height": atlas_font.HEIGHT, "baseline": atlas_font.BASELINE}
                  for face in ("regular", "bold")},
    }
    return png_bytes(sheet), json.dumps(index, indent=1, sort_keys=True) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT_DIR, help="output directory")
    parser.add_argument("--check", action="store_true",
                        help="compare with the files in --out instead of writing")
    args = parser.parse_args(argv)
    png, index = build()
    png_path, json_path = args.out / "atlas.png", args.out / "atlas.json"
    if args.check:
        stale = []
        if not png_path.exists() or png_rows(png_path.read_bytes()) != png_rows(png):
            stale.append(png_path.name)
        if not json_path.exists() or json_path.read_bytes() != index.encode():
            stale.append(json_path.name)
        if stale:
            print(f"stale atlas files: {', '.join(stale)}; run python tools/make_atlas.py",
                  file=sys.stderr)
            return 1
        print("atlas up to date")
        return 0
    args.out.mkdir(parents=True, exist_ok=True)
    png_path.write_bytes(png)
    json_path.write_text(index, encoding="utf-8", newline="\n")
    print(f"wrote {png_path} ({len(png)} bytes) and {json_path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
