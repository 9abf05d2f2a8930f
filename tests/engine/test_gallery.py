"""The gallery of shaped fields and masks drawn as text."""

import re

import pytest

from game.engine import LEVELS, SHAPES, Minefield
from game.engine.gallery import GALLERY, parse_mask

FEEL = {"diamond": "beginner", "heart": "intermediate", "ring": "intermediate",
        "cross": "intermediate", "bigm": "expert"}


def density(level):
    return level.mines / sum(row.count("#") for row in level.mask)


@pytest.mark.parametrize("name", GALLERY)
def test_each_field_has_the_density_of_the_level_it_plays_like(name):
    level = GALLERY[name]
    preset = LEVELS[FEEL[name]]
    cells = sum(row.count("#") for row in level.mask)
    assert density(level) == pytest.approx(preset.mines / (preset.width * preset.height),
                                           abs=0.5 / cells)     # the nearest whole number
    assert name.isascii() and name.islower()


@pytest.mark.parametrize("name", GALLERY)
@pytest.mark.parametrize("shape", SHAPES)
def test_each_field_plays_on_every_shape(name, shape):
    level = GALLERY[name]
    field = Minefield(level.width, level.height, level.mines, mask=level.mask, shape=shape,
                      seed=1)
    cells = [(x, y) for y, row in enumerate(level.mask) for x, c in enumerate(row) if c == "#"]
    field.reveal(*cells[len(cells) // 2])
    assert field.status in ("playing", "won")
    assert [row.replace("*", "#").replace(".", "#") for row in field.layout()] == list(level.mask)


def test_the_gallery_draws_what_its_names_say():
    assert GALLERY["ring"].mask[9][9] == " "               # a hole in the middle
    assert GALLERY["diamond"].mask[0].strip() == "#"        # a point on top
    m = GALLERY["bigm"].mask
    assert m[15][:6] == "######" and m[15][-6:] == "######" and m[15][6:-6].strip() == ""


def test_a_mask_text_is_trimmed_and_padded():
    assert parse_mask("\n\n # \n###\n\n") == (" # ", "###")
    assert parse_mask("#\r\n###\r\n") == ("#  ", "###")


def test_columns_of_holes_around_a_drawing_are_dropped_as_blank_lines_are():
    """An indented drawing, or one whose every line ends in spaces, kept
    those columns as holes down the field's sides."""
    assert parse_mask("    ##  \n     #   \n\n    #  #  \n") == ("##  ", " #  ", "    ", "#  #")
    assert parse_mask(" #\n  #\n") == ("# ", " #")        # short lines still padded


@pytest.mark.parametrize("text, message", [
    ("", "empty"),
    ("#x#", "line 1, column 2: 'x'"),
    ("##\n#\t#", "line 2, column 2: a tab"),
    ("\n\n\n" + "#" * 10 + "\n###.######\n" + ("#" * 10 + "\n") * 8,
     "line 5, column 4: '.'"),                        # the blank lines on top count
    ("\r\n \r\n##\r\n#x", "line 4, column 2: 'x'"),
    ("\r\r##\r#x", "line 4, column 2: 'x'"),
    ("##\f##\n#x", "line 1, column 3: '\\x0c'"),      # no line break to an editor
    ("##\u2028##\n#x", "line 1, column 3: '\\u2028'"),
])
def test_bad_mask_text_names_line_and_column(text, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        parse_mask(text)
