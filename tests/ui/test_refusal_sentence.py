"""The Custom Field's refusal is said as a sentence, as every other message
of the game's is: a capital first, a full stop last. Its reasons are
written to follow "--height: " on the command line, and the dialog showed
them so, "la hauteur doit aller de 8 à 100, et non 5"."""

import pygame
import pytest

from game.ui.screens.custom import RED
from game.words import as_sentence

from .helpers import key, make_app
from .test_dialogs import clear_and_type, open_custom


def refuse_height(app, typed):
    """Height typed, then Enter: the dialog refuses it."""
    dialog = open_custom(app)
    clear_and_type(app, typed)
    key(app, pygame.K_RETURN)
    app.step()
    assert app.top is dialog
    return dialog


def red_rows(app):
    """The message's pixels on the screen, row by row: the red ones."""
    surface = app.display.surface
    w, h = surface.get_size()
    return [[x for x in range(w) if tuple(surface.get_at((x, y)))[:3] == RED]
            for y in range(h)]


@pytest.mark.parametrize("language, shown", [
    ("en", "Height must be from 8 to 100, not 5."),
    ("fr", "La hauteur doit aller de 8 à 100, et non 5."),
])
def test_a_size_refused_is_said_as_a_sentence(language, shown):
    app = make_app(language=language)
    dialog = refuse_height(app, "5")
    said = [w.text for w in dialog.widgets if getattr(w, "colour", None) == RED]
    assert said == [shown]


def last_glyphs(app, scale):
    """The message's last line, cut into its glyphs: the red pixels of each
    run of columns between empty ones, left to right."""
    rows = red_rows(app)
    lit = [y for y, xs in enumerate(rows) if xs]
    assert lit
    last = [(x, y) for y in lit if y > lit[-1] - app.painter.line_height() * scale
            for x in rows[y]]
    glyphs: list[list[tuple[int, int]]] = []
    for x in sorted({x for x, _y in last}):
        if not glyphs or x > max(px for px, _y in glyphs[-1]) + 1:
            glyphs.append([])
        glyphs[-1] += [(px, py) for px, py in last if px == x]
    return glyphs


@pytest.mark.parametrize("scale", [1, 2])
def test_the_refusal_drawn_ends_on_a_full_stop(scale):
    """The message's last glyph on the screen is a dot on the line's
    baseline, after the "5" it used to end on."""
    app = make_app(scale=scale)
    refuse_height(app, "5")
    *_, five, stop = last_glyphs(app, scale)
    assert len(stop) == scale * scale
    assert max(y for _x, y in stop) == max(y for _x, y in five)
    assert len(five) > 4 * scale * scale


def test_a_box_left_empty_is_said_as_a_sentence_in_french():
    app = make_app(language="fr")
    dialog = refuse_height(app, "")
    said = [w.text for w in dialog.widgets if getattr(w, "colour", None) == RED]
    assert len(said) == 1 and said[0][0].isupper() and said[0].endswith(".")


@pytest.mark.parametrize("reason, sentence", [
    # its own end: no second stop after it, nor after the quote it closes
    ("is that a number?", "Is that a number?"),
    ("not again!", "Not again!"),
    ("from 8 to …", "From 8 to …"),
    ("already said.", "Already said."),
    ("« qui est là ? »", "« qui est là ? »"),
    ("he said “stop!”", "He said “stop!”"),
    # a quoted value at the end is no end of the sentence: the stop follows it
    ("cannot open « m.txt »", "Cannot open « m.txt »."),
    ("cannot open 'm.txt'", "Cannot open 'm.txt'."),
    # a value first is left as it is written: quoted, a number, a path
    ("'m.txt' is not a file", "'m.txt' is not a file."),
    ("« m.txt » n’est pas un fichier", "« m.txt » n’est pas un fichier."),
    ("8 is too few", "8 is too few."),
    ("/tmp/m.txt: not a file", "/tmp/m.txt: not a file."),
    # a first letter whose capital is two: the title case, "Ss", not "SS"
    ("ßeite", "Sseite."),
    ("ŉ", "ʼN."),
    ("ǆungla", "ǅungla."),
    # a letter and its combining accent stay one: the accent rides the capital
    ("e\u0301tat", "E\u0301tat."),
])
def test_a_reason_is_made_a_sentence_without_a_second_stop_or_a_broken_letter(reason, sentence):
    """``as_sentence`` on reasons ending on their own punctuation, or
    starting with what has no capital: "Is that a number?." had two ends,
    and "ß" was made "SS", the capital of a word in capitals, where a
    sentence's first letter takes the title case."""
    assert as_sentence(reason) == sentence
