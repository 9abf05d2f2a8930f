"""Drawing in scale-1 units: sprites, fills, bevelled boxes and text.

Every screen draws through a Painter, in the coordinates of the classic
window; the Painter multiplies by the integer scale, adds the fullscreen
origin and uses the atlas's pre-scaled sprites, so no screen knows the scale.
"""

from __future__ import annotations

from typing import NamedTuple

import pygame

from game.graphemes import cluster_start, clusters

from ..hit import Viewport
from .atlas import Atlas
from .fallback import FallbackGlyphs, Piece, bundled_has
from .mono import tone
from .text_layout import Span, carets, nearest, selected, spans

BLACK = (0, 0, 0)
WHITE = (255, 255, 255)
GREY = (192, 192, 192)
DARK = (128, 128, 128)
#: Windows' title bars and selections, in boxes, lists and menus.
NAVY = (0, 0, 128)

Colour = tuple[int, int, int]

WIDTHS_KEPT = 4096      # text widths remembered at most (then forgotten at once)


class Painter:
    def __init__(self, surface: pygame.Surface, atlas: Atlas, viewport: Viewport,
                 fallback: FallbackGlyphs) -> None:
        self.surface = surface
        self.atlas = atlas
        self.fallback = fallback
        self.viewport = viewport
        self.scale = viewport.scale
        #: View > Color: off, every colour is drawn as a grey (``ink``). A
        #: new painter is made when it changes, its caches with it.
        self.colour = atlas.colour
        self._glyphs: dict[tuple[str, object, Colour, int], pygame.Surface] = {}
        self._layouts: dict[tuple[str, str, int], Laid] = {}
        self._edges: dict[tuple[str, int, str, int], pygame.Surface] = {}
        self._masks: dict[tuple[int, int, int, int], tuple[pygame.Surface, pygame.Surface]] = {}
        self._widths: dict[tuple[str, str, int], int] = {}
        # A line's spans depend on its characters and the pixel font's alone,
        # not on what the system's fonts hold: kept when glyphs are found
        # (``forget_text``), when every line shown is laid out again.
        self._spans: dict[tuple[str, str], list[Span]] = {}

    # ------------------------------------------------------------ geometry

    def px(self, rect: pygame.Rect | tuple[int, int, int, int]) -> pygame.Rect:
        """A scale-1 rectangle in display pixels."""
        r = pygame.Rect(rect)
        s = self.scale
        ox, oy = self.viewport.origin
        return pygame.Rect(r.x * s + ox, r.y * s + oy, r.w * s, r.h * s)

    def pos(self, pos: tuple[int, int]) -> tuple[int, int]:
        return self.viewport.to_display(pos)

    # ------------------------------------------------------------ drawing

    def ink(self, colour: Colour) -> Colour:
        """``colour`` as drawn: itself, or with Color off its grey."""
        return colour if self.colour else tone(colour)

    def fill(self, rect: pygame.Rect | tuple[int, int, int, int], colour: Colour) -> None:
        self.surface.fill(self.ink(colour), self.px(rect))

    def sprite(self, name: str, pos: tuple[int, int]) -> None:
        self.surface.blit(self.atlas.get(name, self.scale), self.pos(pos))

    def blit(self, surface: pygame.Surface, pos: tuple[int, int],
             area: pygame.Rect | None = None) -> None:
        """Blit an already-scaled surface at a scale-1 position."""
        self.surface.blit(surface, self.pos(pos), area)

    def bevel(self, kind: str, rect: pygame.Rect, *, fill: bool = True) -> None:
        """A bevelled box from the atlas's nine-slice source ``bevel_<kind>``:
        corners kept, edges stretched, the centre filled with its colour."""
        name = f"bevel_{kind}"
        side = self.atlas.size(name)[0]
        b = side // 2                       # border thickness at scale 1
        s = self.scale
        src = self.atlas.get(name, s)
        out = self.px(rect)
        bs = b * s
        if fill:
            self.surface.fill(src.get_at((bs, bs)), out.inflate(-2 * bs, -2 * bs))
        inner_w, inner_h = out.w - 2 * bs, out.h - 2 * bs
        self.surface.blit(self._edge(name, "top", inner_w), (out.x + bs, out.y))
        self.surface.blit(self._edge(name, "bottom", inner_w), (out.x + bs, out.bottom - bs))
        self.surface.blit(self._edge(name, "left", inner_h), (out.x, out.y + bs))
        self.surface.blit(self._edge(name, "right", inner_h), (out.right - bs, out.y + bs))
        for cx, cy in ((0, 0), (1, 0), (0, 1), (1, 1)):
            area = pygame.Rect(cx * (bs + s), cy * (bs + s), bs, bs)
            self.surface.blit(src, (out.x if not cx else out.right - bs,
                                    out.y if not cy else out.bottom - bs), area)

    def focus_rect(self, rect: pygame.Rect) -> None:
        """Windows' focus rectangle (``DrawFocusRect``): every other pixel
        of ``rect``'s outline inverted, so that it shows on any colour (dark
        dots on a button's grey face, light ones on a list's navy row).
        Each side is inverted whole by blending, then kept on its dots
        only: a pixel at a time, a History row's took 0.6-0.9 ms."""
        r = pygame.Rect(rect)
        if r.w <= 0 or r.h <= 0:
            return
        sides = [(r.x, r.y, r.w, 1)] + [(r.x, r.bottom - 1, r.w, 1)] * (r.h > 1)
        if r.h > 2:             # each pixel once: inverted twice, a dot went
            sides += [(x, r.y + 1, 1, r.h - 2) for x in {r.x, r.right - 1}]
        room = self.surface.get_clip().clip(self.surface.get_rect())
        for side in sides:
            out = self.px(side)
            shown = out.clip(room)
            if not shown.w or not shown.h:
                continue
            dots, gaps = self._dots(side[2], side[3], (side[0] + side[1]) % 2)
            part = pygame.Rect(shown.x - out.x, shown.y - out.y, shown.w, shown.h)
            kept = self.surface.subsurface(shown).copy()
            inverted = pygame.Surface(shown.size)
            inverted.fill(WHITE)
            inverted.blit(kept, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
            inverted.blit(dots, (0, 0), part, special_flags=pygame.BLEND_RGB_MULT)
            kept.blit(gaps, (0, 0), part, special_flags=pygame.BLEND_RGB_MULT)
            kept.blit(inverted, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
            self.surface.blit(kept, shown.topleft)

    def _dots(self, w: int, h: int, phase: int) -> tuple[pygame.Surface, pygame.Surface]:
        """Masks of a focus rectangle's side ``w`` x ``h`` (one of them 1)
        in display pixels: white on its dots (every other pixel, the first
        one if ``phase`` is 0) and black between, and the reverse (cached)."""
        key = (w, h, phase, self.scale)
        masks = self._masks.get(key)
        if masks is None:
            s = self.scale
            dots = pygame.Surface((w * s, h * s))
            for i in range(phase, max(w, h), 2):
                dots.fill(WHITE, (i * s if w > 1 else 0, i * s if w == 1 else 0, s, s))
            gaps = pygame.Surface(dots.get_size())
            gaps.fill(WHITE)
            gaps.blit(dots, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
            if len(self._masks) > 256:
                self._masks.clear()
            masks = self._masks[key] = (dots, gaps)
        return masks

    def _edge(self, name: str, side: str, length: int) -> pygame.Surface:
        """One edge of a bevel stretched to ``length`` display pixels (cached)."""
        key = (name, self.scale, side, length)
        edge = self._edges.get(key)
        if edge is None:
            s = self.scale
            src = self.atlas.get(name, s)
            bs = (src.get_width() // s // 2) * s
            strip = {"top": (bs, 0, s, bs), "bottom": (bs, bs + s, s, bs),
                     "left": (0, bs, bs, s), "right": (bs + s, bs, bs, s)}[side]
            piece = src.subsurface(strip)
            size = (max(0, length), bs) if side in ("top", "bottom") else (bs, max(0, length))
            edge = pygame.transform.scale(piece, size)
            if len(self._edges) > 512:
                self._edges.clear()
            self._edges[key] = edge
        return edge

    # ------------------------------------------------------------ text

    def line_height(self, face: str = "regular") -> int:
        return self.atlas.fonts[face]["height"]

    def text_width(self, text: str, face: str = "regular") -> int:
        """Width of ``text`` in scale-1 pixels. Remembered: laying out a
        dialog (History wraps the details of fifty games) measures the same
        words again and again, and each frame has a budget."""
        key = (face, text, self.scale)
        width = self._widths.get(key)
        if width is None:
            if self._plain(face, text):
                width = sum(self._glyph(face, ch, BLACK).get_width() for ch in text)
            else:
                width = self._laid(face, text).width
            width //= self.scale
            if len(self._widths) >= WIDTHS_KEPT:
                self._widths.clear()
            self._widths[key] = width
        return width

    def text(self, text: str, pos: tuple[int, int], colour: Colour = BLACK,
             face: str = "regular") -> int:
        """Draw ``text`` with its top-left at ``pos`` (in the order a reader
        expects: see ``text_layout``); returns its scale-1 width."""
        x, y = self.pos(pos)
        start = x
        colour = self.ink(colour)
        if self._plain(face, text):
            for ch in text:
                glyph = self._glyph(face, ch, colour)
                self.surface.blit(glyph, (x, y))
                x += glyph.get_width()
        else:
            laid = self._laid(face, text)
            for left, span, _ in laid.placed:
                self.surface.blit(self._span(face, text, span, colour), (x + left, y))
            x += laid.width
        return (x - start) // self.scale

    def caret_x(self, text: str, index: int, face: str = "regular") -> int:
        """Where the caret after ``index`` characters typed is drawn, in
        scale-1 pixels from the text's left: after the cluster typed before
        it (left of it in Hebrew or Arabic), at the start of the one it is
        in when ``index`` falls inside one."""
        if self._plain(face, text):
            return self.text_width(text[:index], face)
        where = self._laid(face, text).carets
        index = cluster_start(text, index)
        return where.get(index, 0) // self.scale

    def index_at(self, text: str, x: int, face: str = "regular") -> int:
        """The cluster boundary at the cluster edge nearest ``x`` scale-1
        pixels from the text's left (the first of two as near): in a line
        of two directions, the one a browser gives (``text_layout.nearest``)."""
        if self._plain(face, text):
            return min(clusters(text), key=lambda i: abs(self.text_width(text[:i], face) - x))
        return nearest(self._laid(face, text).placed, x * self.scale)

    def selection_spans(self, text: str, start: int, end: int,
                        face: str = "regular") -> list[tuple[int, int]]:
        """The stretches (scale-1 left and right) showing the characters
        from ``start`` to ``end``: one, but for a selection crossing from
        one direction to the other."""
        if self._plain(face, text):
            return [(self.text_width(text[:start], face), self.text_width(text[:end], face))]
        placed = self._laid(face, text).placed
        return [(left // self.scale, right // self.scale)
                for left, right in selected(placed, start, end)]

    def cluster_widths(self, text: str, face: str = "regular") -> list[int]:
        """Each cluster's width in the whole line (display pixels), in the
        order typed: what a start of the text measures, near enough, without
        laying that start out anew (``text_fit.fit`` guesses its cut from
        them)."""
        bounds = clusters(text)
        if self._plain(face, text):
            return [self.text_width(text[a:b], face) * self.scale
                    for a, b in zip(bounds, bounds[1:], strict=False)]
        width = {a: abs(edges[k + 1] - edges[k])
                 for _x, span, edges in self._laid(face, text).placed
                 for k, a in enumerate(span.bounds[:-1])}
        return [width.get(a, 0) for a in bounds[:-1]]

    def looked_for(self, text: str, face: str = "regular") -> bool:
        """Whether some of ``text`` is still looked for in the system's
        fonts: drawn meanwhile as boxes, its width says nothing of the one
        it will have (``text_fit.fit`` does not cut by it)."""
        return not self._plain(face, text) and self._laid(face, text).waiting

    def _plain(self, face: str, text: str) -> bool:
        """Whether ``text`` is all in the pixel font (nearly every line of
        the game's, in English or French): drawn a character at a time, as
        typed, without cutting it into clusters and runs."""
        return text.isascii() or self.atlas.characters(face).issuperset(text)

    def forget_text(self) -> None:
        """Glyphs and widths are made again: characters were found in the
        system's fonts, which were drawn as boxes until then."""
        self._glyphs.clear()
        self._widths.clear()
        self._layouts.clear()
        self.fallback.forget()

    def _laid(self, face: str, text: str) -> Laid:
        """``text`` cut into spans, placed left to right (remembered)."""
        key = (face, text, self.scale)
        laid = self._layouts.get(key)
        if laid is None:
            placed: list[tuple[int, Span, tuple[int, ...]]] = []
            x, waiting = 0, False
            for span in self._spans_of(face, text):
                if span.drawn is not None:
                    width = self._glyph(face, span.drawn, BLACK).get_width()
                    edges: tuple[int, ...] = (width, 0) if span.rtl else (0, width)
                else:
                    piece = self._piece(face, text[span.bounds[0]:span.bounds[-1]], span)
                    width, edges = piece.image.get_width(), piece.edges
                    waiting = waiting or piece.waiting
                placed.append((x, span, edges))
                x += width
            laid = Laid(placed, x, carets(placed), waiting)
            if len(self._layouts) >= WIDTHS_KEPT:
                self._layouts.clear()
            self._layouts[key] = laid
        return laid

    def _spans_of(self, face: str, text: str) -> list[Span]:
        """``text``'s spans (remembered, glyphs found or not: the frame the
        system's fonts answer lays out again every line shown, and cutting
        them into spans was half of it)."""
        key = (face, text)
        found = self._spans.get(key)
        if found is None:
            found = spans(text, self.atlas.characters(face).__contains__, bundled_has)
            if len(self._spans) >= WIDTHS_KEPT:
                self._spans.clear()
            self._spans[key] = found
        return found

    def _span(self, face: str, text: str, span: Span, colour: Colour) -> pygame.Surface:
        if span.drawn is not None:
            return self._glyph(face, span.drawn, colour)
        return self._tinted(face, text[span.bounds[0]:span.bounds[-1]], span, colour)

    def _piece(self, face: str, run: str, span: Span) -> Piece:
        """The fallback's drawing of ``run`` (``span``'s text), white."""
        font = self.atlas.fonts[face]
        return self.fallback.run(run, font["height"], font["baseline"], face == "bold",
                                 self.scale, span.script, span.rtl)

    def _tinted(self, face: str, run: str, span: Span, colour: Colour) -> pygame.Surface:
        key = (face, (run, span.script, span.rtl), colour, self.scale)
        glyph = self._glyphs.get(key)
        if glyph is None:
            piece = self._piece(face, run, span)
            glyph = self._inked(piece.image, piece.tint, colour)
            if len(self._glyphs) > 4096:
                self._glyphs.clear()
            self._glyphs[key] = glyph
        return glyph

    def _glyph(self, face: str, ch: str, colour: Colour) -> pygame.Surface:
        key = (face, ch, colour, self.scale)
        glyph = self._glyphs.get(key)
        if glyph is None:
            name = f"font_{face}_{ord(ch)}" if len(ch) == 1 else ""
            tint = True
            if name in self.atlas:
                glyph = self.atlas.get(name, self.scale).copy()
            else:
                font = self.atlas.fonts[face]
                glyph, tint = self.fallback.glyph(ch, font["height"], font["baseline"],
                                                  face == "bold", self.scale)
            glyph = self._inked(glyph, tint, colour)
            if len(self._glyphs) > 4096:
                self._glyphs.clear()
            self._glyphs[key] = glyph
        return glyph

    def _inked(self, glyph: pygame.Surface, tint: bool, colour: Colour) -> pygame.Surface:
        """A white ``glyph`` tinted ``colour``, in place. A colour emoji
        (``tint`` False) keeps its own colours, but in greys with View >
        Color off: it was the one coloured thing left in the window."""
        if tint:
            glyph.fill((*colour, 255), special_flags=pygame.BLEND_RGBA_MULT)
            return glyph
        return glyph if self.colour else pygame.transform.grayscale(glyph)


class Laid(NamedTuple):
    """A line's spans with their left and their clusters' edges, its width
    and the caret's place for each boundary (display pixels), and whether
    some of it is still looked for in the system's fonts."""

    placed: list[tuple[int, Span, tuple[int, ...]]]
    width: int
    carets: dict[int, int]
    waiting: bool = False
