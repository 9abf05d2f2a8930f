"""The sprite atlas: loaded once, converted once the window exists, sliced
by name, with nearest-neighbour integer-scaled copies kept per scale.

The atlas is drawn by ``tools/make_atlas.py``; its JSON index names every
rectangle. Opaque sprites are converted without alpha (faster blits); overlays,
glyphs and explosion frames keep theirs. With View > Color off the sprites
come from a grey copy of the sheet, made once (``mono``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import NotRequired, TypedDict

import pygame

from game.resources import asset_path

from ..display_surface import window_surface
from .mono import grey_sheet


class AtlasIndex(TypedDict):
    """``atlas.json`` as ``tools/make_atlas.py`` writes it: each sprite's
    rectangle on the sheet, and the pixel fonts' metrics."""

    sprites: dict[str, list[int]]
    fonts: NotRequired[dict[str, dict[str, int]]]
    greys: NotRequired[dict[str, dict[str, str]]]


class Atlas:
    def __init__(self, sheet: pygame.Surface, index: AtlasIndex) -> None:
        self._sheet = sheet
        self._rects = {name: pygame.Rect(r) for name, r in index["sprites"].items()}
        self.fonts: dict[str, dict[str, int]] = index.get("fonts", {})
        self._cache: dict[tuple[str, int], pygame.Surface] = {}
        self._opaque: dict[str, bool] = {}
        self._converted = False
        self._characters: dict[str, frozenset[str]] = {}
        self._greys = index.get("greys", {})
        self._grey_sheet: pygame.Surface | None = None
        self._colour = True

    @classmethod
    def load(cls, directory: Path | None = None) -> Atlas:
        """Read ``atlas.png`` and ``atlas.json`` (from the bundled assets by default)."""
        directory = directory or asset_path("sprites")
        index: AtlasIndex = json.loads((directory / "atlas.json").read_text(encoding="utf-8"))
        return cls(pygame.image.load(str(directory / "atlas.png")), index)

    def convert(self) -> None:
        """Convert to the display's pixel format (call once the window exists)."""
        if not self._converted and window_surface() is not None:
            self._sheet = self._sheet.convert_alpha()
            self._grey_sheet = None
            self._cache.clear()
            self._converted = True

    @property
    def colour(self) -> bool:
        """Whether sprites are in colour (View > Color), or in greys."""
        return self._colour

    @colour.setter
    def colour(self, on: bool) -> None:
        if on != self._colour:
            self._colour = on
            self._cache.clear()

    def _source(self) -> pygame.Surface:
        """The sheet sprites are cut from: the coloured one, or its grey
        copy, made at the first sprite asked for without colour."""
        if self._colour:
            return self._sheet
        if self._grey_sheet is None:
            self._grey_sheet = grey_sheet(self._sheet, self._rects, self._greys)
        return self._grey_sheet

    def __contains__(self, name: str) -> bool:
        return name in self._rects

    def characters(self, face: str) -> frozenset[str]:
        """The characters the pixel font ``face`` has (its sprites
        ``font_<face>_<code point>``), for a whole text checked at once."""
        found = self._characters.get(face)
        if found is None:
            prefix = f"font_{face}_"
            found = frozenset(chr(int(name[len(prefix):])) for name in self._rects
                              if name.startswith(prefix))
            self._characters[face] = found
        return found

    def size(self, name: str) -> tuple[int, int]:
        """Size of a sprite at scale 1."""
        return self._rects[name].size

    def get(self, name: str, scale: int = 1) -> pygame.Surface:
        """The sprite ``name`` scaled by the integer ``scale`` (cached)."""
        key = (name, scale)
        surface = self._cache.get(key)
        if surface is None:
            surface = self._make(name, scale)
            self._cache[key] = surface
        return surface

    def _make(self, name: str, scale: int) -> pygame.Surface:
        piece = self._source().subsurface(self._rects[name])
        if scale != 1:
            piece = pygame.transform.scale_by(piece, scale)   # nearest neighbour
        else:
            piece = piece.copy()
        if self._converted:
            piece = piece.convert() if self._is_opaque(name) else piece.convert_alpha()
        return piece

    def _is_opaque(self, name: str) -> bool:
        if name not in self._opaque:
            piece = self._sheet.subsurface(self._rects[name])
            w, h = piece.get_size()
            self._opaque[name] = pygame.mask.from_surface(piece, 254).count() == w * h
        return self._opaque[name]
