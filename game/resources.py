"""Where the game's read-only files (sprites and sounds) live.

They are kept in the top-level ``assets/`` folder of the repository (see
docs/design.md), and travel three ways:

* from a source checkout, ``assets/`` beside the ``game`` package;
* from an installed wheel, as package data ``game/assets`` (``setup.py`` maps
  the top-level folder there, so ``pip install .`` carries it);
* from a PyInstaller one-file bundle, unpacked to ``sys._MEIPASS/assets``
  (``tools/build_exe.py`` adds it there).

Anything written goes to the user's data directory (see ``game.store``),
because a one-file bundle's folder vanishes when the program ends.
"""

from __future__ import annotations

import sys
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent


def assets_root() -> Path:
    """The folder holding ``sprites/`` and ``sounds/`` for this way of running."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / "assets"
    installed = PACKAGE_DIR / "assets"
    if installed.is_dir():
        return installed
    return PACKAGE_DIR.parent / "assets"


def asset_path(*parts: str) -> Path:
    """Path of a bundled file, e.g. ``asset_path("sprites", "atlas.png")``."""
    return assets_root().joinpath(*parts)
