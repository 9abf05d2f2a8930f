"""Packaging details pyproject.toml cannot say: the top-level ``assets/`` folder
(see docs/design.md) is installed as package data ``game/assets``, where
``game.resources`` finds it in an installed copy. Everything else is in
pyproject.toml."""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["game", "game.*"]), "game.assets"],
    package_dir={"game.assets": "assets"},
    package_data={"game.assets": ["sprites/*", "sounds/*"]},
)
