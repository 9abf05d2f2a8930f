"""Shapes and gallery fields are named in the player's language: the records
keep their identifiers ("heart", "hex"), the dialogs show words."""

from __future__ import annotations

import pytest

from game import i18n
from game.engine import SHAPES
from game.engine.gallery import GALLERY
from game.words import level_name, shape_name


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_gallery_field_and_shape_has_a_name_in_each_language(lang):
    i18n.set_language(lang)
    for name in GALLERY:
        assert level_name(name) != name
    for shape in SHAPES:
        assert shape_name(shape) != shape


def test_french_names_the_fields_and_shapes_in_french():
    i18n.set_language("en")
    english = [level_name("heart"), shape_name("hex")]
    i18n.set_language("fr")
    assert [level_name("heart"), shape_name("hex")] != english
    assert level_name("heart") == "Cœur" and shape_name("hex") == "Hexagones"
