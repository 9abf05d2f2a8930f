"""The assets are found in each of the three ways the game runs: from the
checkout's top-level assets/ folder, as installed package data, and inside a
PyInstaller bundle."""

from __future__ import annotations

import sys
from pathlib import Path

from game import resources

ROOT = Path(__file__).resolve().parents[2]


def test_a_source_checkout_reads_the_top_level_assets_folder():
    assert resources.asset_path("sprites", "atlas.png") == ROOT / "assets" / "sprites" / "atlas.png"
    assert resources.asset_path("sprites", "atlas.png").is_file()
    assert not (ROOT / "game" / "assets").exists()


def test_an_installed_copy_reads_its_package_data(tmp_path, monkeypatch):
    package = tmp_path / "site-packages" / "game"
    (package / "assets" / "sounds").mkdir(parents=True)
    monkeypatch.setattr(resources, "PACKAGE_DIR", package)
    assert resources.asset_path("sounds", "tick.wav") == package / "assets" / "sounds" / "tick.wav"


def test_a_one_file_bundle_reads_the_unpacked_folder(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.asset_path("sprites", "atlas.json") == tmp_path / "assets" / "sprites" / "atlas.json"


def test_setup_installs_the_top_level_folder_as_package_data():
    """What makes ``pip install .`` (not editable) carry the assets: checked by
    hand with a wheel in a fresh venv; here, that the mapping stays in place."""
    setup = (ROOT / "setup.py").read_text(encoding="utf-8")
    assert 'package_dir={"game.assets": "assets"}' in setup
    assert '"game.assets": ["sprites/*", "sounds/*"]' in setup
