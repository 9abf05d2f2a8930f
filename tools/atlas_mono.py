"""The greys each sprite takes with View > Color off, for ``make_atlas.py``.

Windows 3.1's Minesweeper drew itself in black, white and greys when Color
was unticked, as it did on a monochrome display. The game makes that look
from the one coloured atlas, once, by replacing each sprite's colours with
greys (``game.ui.render.atlas``); this script, which drew the colours,
says which grey each becomes, in ``atlas.json``'s ``"greys"``: for each
sprite with a colour, each colour and its grey as ``#rrggbbaa``.

A grey is chosen for legibility, not by brightness alone: the numbers are
all black on their light grey (their colours' brightness ranged from black
to mid grey), a lit LED segment white on black and an unlit one dark grey,
the faces white, the flag's pennant dark grey on its black pole (black,
it read as a bold 1 beside the numbers), the exploded mine on white so that it
stands out from every other cell, the wrong flag's cross white over the
black mine, the hint's safe ring white and its mine ring black, its proof
frame white (black, it ran into the black number it frames, whose foot
stands a pixel above its bottom edge). Anything else (the explosion's
frames) takes its brightness.
"""

from __future__ import annotations

from collections.abc import Callable

from atlas_canvas import BLACK, DARK, DIM_RED, RED, RGBA, WHITE, YELLOW, Canvas

from game.ui.render.mono import brightness

#: The unlit LED segment's grey: as faint on black as its dim red.
UNLIT: RGBA = (48, 48, 48, 255)

Rule = Callable[[RGBA], RGBA]


def _brightness(colour: RGBA) -> RGBA:
    """The colour's brightness as a grey (the game's own formula, which
    View > Color off draws the painter's colours with), alpha kept."""
    grey = brightness(colour)
    return (grey, grey, grey, colour[3])


def _to(grey: RGBA) -> Rule:
    return lambda colour: (*grey[:3], colour[3])


def _led(colour: RGBA) -> RGBA:
    return {RED: WHITE, DIM_RED: UNLIT}.get(colour, _brightness(colour))


#: Rules by the sprite's name (without ``hex_``), then by its name's start.
NAMED: dict[str, Rule] = {
    "flag": _to(DARK), "mode_off": _to(DARK), "mode_on": _to(DARK),
    "mine_exploded": _to(WHITE), "mine_wrong": _to(WHITE),
    "mark_safe": _to(WHITE), "mark_mine": _to(BLACK), "mark_proof": _to(WHITE),
}
STARTS: dict[str, Rule] = {
    "open_": _to(BLACK),
    "led_": _led,
    "face_": lambda colour: WHITE if colour == YELLOW else _brightness(colour),
}


def rule_for(name: str) -> Rule:
    """The rule turning sprite ``name``'s colours into greys."""
    name = name.removeprefix("hex_")
    if name in NAMED:
        return NAMED[name]
    for start, rule in STARTS.items():
        if name.startswith(start):
            return rule
    return _brightness


def _hex(colour: RGBA) -> str:
    return "#" + "".join(f"{n:02x}" for n in colour)


def greys(pieces: dict[str, Canvas]) -> dict[str, dict[str, str]]:
    """For each sprite that has colours, each colour and the grey it takes."""
    out: dict[str, dict[str, str]] = {}
    for name, canvas in pieces.items():
        colours = {c for c in canvas.pixels if c[3] and not c[0] == c[1] == c[2]}
        if colours:
            rule = rule_for(name)
            out[name] = {_hex(c): _hex(rule(c)) for c in colours}
    return out
