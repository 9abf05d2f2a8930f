"""Shapes and gallery fields are named in the player's language: the records
keep their identifiers ("heart", "hex"), the dialogs show words."""

from __future__ import annotations

import pytest

from game import i18n
from game.engine import CUSTOM_LIMITS, SHAPES, SizeError, says_an
from game.engine.gallery import GALLERY
from game.words import level_name, shape_name, size_error


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


HOLED = ("########", "#### ###", "########", "########",
         "########", "########", "########", "########")


def size_error_of(width, height, mines, shape="grid", mask=None) -> SizeError:
    with pytest.raises(SizeError) as refused:
        CUSTOM_LIMITS.check(width, height, mines, shape, mask)
    return refused.value


#: Every kind of refusal: a side, then mines on each shape, full and shaped.
REFUSALS = {
    "width": ((7, 9, 10), "la largeur doit aller de 8 à 100, et non 7"),
    "height": ((9, 101, 10), "la hauteur doit aller de 8 à 100, et non 101"),
    "grid": ((9, 9, 65), "le nombre de mines doit aller de 1 à 64 sur une grille 9x9, et non 65"),
    "torus": ((9, 9, 73, "torus"), "le nombre de mines doit aller de 1 à 72 sur un tore 9x9, et non 73"),
    "hex": ((8, 8, 60, "hex"),
            "le nombre de mines doit aller de 1 à 57 sur une grille hexagonale 8x8, et non 60"),
    "shaped grid": ((8, 8, 60, "grid", HOLED),
                    "le nombre de mines doit aller de 1 à 54 sur un champ découpé 8x8 (63 cases),"
                    " et non 60"),
    "shaped torus": ((8, 8, 60, "torus", HOLED),
                     "le nombre de mines doit aller de 1 à 54 sur un tore découpé 8x8 (63 cases),"
                     " et non 60"),
    "shaped hex": ((8, 8, 60, "hex", HOLED),
                   "le nombre de mines doit aller de 1 à 56 sur un champ hexagonal découpé 8x8"
                   " (63 cases), et non 60"),
}


@pytest.mark.parametrize("args", [args for args, _french in REFUSALS.values()],
                         ids=list(REFUSALS))
def test_a_size_error_in_english_is_the_engines_own_message(args):
    error = size_error_of(*args)
    assert size_error(error) == str(error)


@pytest.mark.parametrize("args, french", list(REFUSALS.values()), ids=list(REFUSALS))
def test_every_size_error_is_said_in_french(args, french):
    """Tori, hexagons and shaped fields were refused in English in a French window."""
    error = size_error_of(*args)
    i18n.set_language("fr")
    assert size_error(error) == french


@pytest.mark.parametrize("lang, args, said", [
    ("en", (100, 100, 9999), "mines must be from 1 to 9,801 on a 100x100 board, not 9,999"),
    ("fr", (100, 100, 9999),
     "le nombre de mines doit aller de 1 à 9\u202f801 sur une grille 100x100, et non 9\u202f999"),
    ("fr", (100, 100, 9999, "grid", ("#" * 100,) * 12 + (" " * 100,) * 88),
     "le nombre de mines doit aller de 1 à 1\u202f191 sur un champ découpé 100x100 (1\u202f200 cases),"
     " et non 9\u202f999")])
def test_a_size_errors_counts_are_grouped_as_the_language_writes_numbers(lang, args, said):
    """"de 1 à 9801 ..., et non 99999" in a French window that writes
    "2 000 mines" elsewhere."""
    error = size_error_of(*args)
    i18n.set_language(lang)
    assert size_error(error) == said


@pytest.mark.parametrize("n, an", [(8, True), (11, True), (18, True), (80, True), (89, True),
                                   (800, True), (8_000, True), (11_000, True), (18_500, True),
                                   (1, False), (9, False), (10, False), (81_000, True),
                                   (100, False), (180, False), (1_100, False), (28, False)])
def test_an_goes_before_a_number_said_with_a_vowel(n, an):
    assert says_an(n) is an


@pytest.mark.parametrize("args, english", [
    ((8, 8, 60), "mines must be from 1 to 49 on an 8x8 board, not 60"),
    ((11, 9, 90), "mines must be from 1 to 80 on an 11x9 board, not 90"),
    ((18, 8, 200, "torus"), "mines must be from 1 to 135 on an 18x8 torus board, not 200"),
    ((80, 8, 900, "hex"), "mines must be from 1 to 633 on an 80x8 hex board, not 900"),
    ((9, 8, 70), "mines must be from 1 to 56 on a 9x8 board, not 70"),
    ((8, 8, 60, "grid", HOLED),
     "mines must be from 1 to 54 on an 8x8 shaped (63 cells) board, not 60")])
def test_a_refusal_in_english_says_an_8x8_board(args, english):
    """The Custom dialog and the command line said "on a 8x8 board"."""
    i18n.set_language("en")
    error = size_error_of(*args)
    assert size_error(error) == english == str(error)
