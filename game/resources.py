"""Where bundled files live, from a source checkout, an install or a
PyInstaller one-file bundle (which unpacks to a temporary ``sys._MEIPASS``).

Only read-only assets come from here; anything written goes to the user's data
directory (see ``game.store``), because a one-file bundle's folder vanishes.
"""

from __future__ import annotations

import sys
from pathlib import Path


def asset_path(*parts: str) -> Path:
    """Path of a file under ``game/assets``, e.g. ``asset_path("sprites", "atlas.png")``."""
    bundle = getattr(sys, "_MEIPASS", None)
    base = Path(bundle) / "game" if bundle else Path(__file__).resolve().parent
    return base.joinpath("assets", *parts)
