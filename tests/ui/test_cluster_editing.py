"""Editing a name a whole cluster at a time: the caret never inside one,
a cluster refused whole at the limit, a click in a line of two directions
where a browser puts it. No machine font counted on (``fake_fonts``)."""

from __future__ import annotations

import itertools
import unicodedata

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.graphemes import clusters
from game.store import ANONYMOUS, MAX_NAME_LENGTH, clean_name, name_character, name_length
from game.ui.screens.dialog_lists import DOUBLE_CLICK_TICKS
from game.ui.screens.names import ArcadeNameDialog, NameDialog
from game.ui.text_field import TextField

from .fake_fonts import font_drawing
from .helpers import key, make_app, on_disk, post, press, release
from .test_records import BEGINNER, type_text, win
from .test_scripts import found

NAMES = ["محمد 42", "👩\u200d💻Ana", "🇫🇷🇫🇷", "स्क्रिप्ट", "e\u0301te\u0301", "a\u200db",
         "क्\u200dष", "🇫 🇷", "ab \u0301cd", "สี่ทำ", ""]
KEYS = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END, pygame.K_BACKSPACE,
        pygame.K_DELETE]


def field(text: str, max_len: int = MAX_NAME_LENGTH) -> TextField:
    """A box as the name entry makes it."""
    return TextField(pygame.Rect(0, 0, 100, 17), text, max_len=max_len, accept=name_character,
                     size=name_length)


def hit(box: TextField, k: int, mod: int = 0) -> None:
    box.key(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod))


def typed(box: TextField, text: str) -> None:
    box.key(pygame.event.Event(pygame.TEXTINPUT, text=text))


def test_backspace_takes_a_whole_emoji_and_a_marks_last_character():
    box = field("👩\u200d💻Ana🇫🇷🇫🇷")
    hit(box, pygame.K_BACKSPACE)
    assert box.text == "👩\u200d💻Ana🇫🇷" and box.caret == 8
    box.caret = 3
    hit(box, pygame.K_BACKSPACE)
    assert box.text == "Ana🇫🇷" and box.caret == 0
    box.set("e\u0301te\u0301")
    hit(box, pygame.K_BACKSPACE)
    assert box.text == "e\u0301te" and box.caret == 4     # the accent alone, as Windows


def test_the_caret_never_stands_inside_a_cluster_whatever_the_key():
    """From every boundary of each name, each key (with and without Shift
    and Ctrl) leaves the caret and the selection's ends between clusters:
    Backspace after "a\\u200db" left it inside, and a space rubbed out
    between two regional indicators left it inside the flag they make."""
    for name, k, mod in itertools.product(NAMES, KEYS, (0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL)):
        for start in clusters(name):
            box = field(name)
            box.caret = start
            hit(box, k, mod)
            bounds = clusters(box.text)
            assert box.caret in bounds, (name, start, k, mod)
            assert box.anchor is None or box.anchor in bounds, (name, start, k, mod)
    box = field("🇫 🇷")
    box.caret = 2
    hit(box, pygame.K_BACKSPACE)
    assert box.text == "🇫🇷" and box.caret == 2
    box = field("ab \u0301cd")
    box.caret = 3 + 3
    box.select_word()
    assert box.selection == (2, 6)


def test_a_cluster_that_does_not_fit_the_limit_is_refused_whole():
    box = field("a" * 18)
    typed(box, "👩\u200d💻")                        # three characters: no room
    assert box.text == "a" * 18
    typed(box, "🇫🇷🇫🇷")                             # one flag fits, the next does not
    assert box.text == "a" * 18 + "🇫🇷" and box.caret == 20
    box.set("x" * 19 + "क्ष")                       # given too long: cut between clusters
    assert box.text == "x" * 19
    box.caret = 0
    typed(box, "क्ष")
    assert box.text == "x" * 19


def test_a_long_mixed_paste_keeps_whole_clusters(monkeypatch):
    monkeypatch.setattr(pygame.scrap, "get_text", lambda: "Ana 👩\u200d💻 محمد स्क्रिप्ट 🇫🇷🇫🇷 e\u0301")
    box = field("")
    hit(box, pygame.K_v, pygame.KMOD_CTRL)
    assert box.text == "Ana 👩\u200d💻 محمد स्क्रि"      # 19: the next conjunct, 3, goes whole
    assert len(box.text) <= MAX_NAME_LENGTH and box.caret == len(box.text)


def test_the_pickers_limit_and_delete_go_a_cluster_at_a_time():
    app = make_app(BEGINNER, kiosk=True)
    win(app)
    dialog = app.top
    assert isinstance(dialog, ArcadeNameDialog)
    type_text(app, "A" * 18)
    type_text(app, "👩\u200d💻")                    # typed a character at a time, it was cut
    assert dialog.name == "A" * 18
    type_text(app, "🇫🇷")
    assert dialog.name == "A" * 18 + "🇫🇷"
    key(app, pygame.K_BACKSPACE)
    assert dialog.name == "A" * 18
    dialog.name = "🇫🇷"
    key(app, pygame.K_BACKSPACE)
    assert dialog.name == ""
    key(app, pygame.K_BACKSPACE)                     # an empty name stays empty
    assert dialog.name == ""


@pytest.fixture
def arabic(tmp_path):
    """A font folder whose one font has the letters of "محمد", drawn M H M D."""
    folder = tmp_path / "fonts"
    folder.mkdir()
    (folder / "Arabic.ttf").write_bytes(font_drawing({"\u0645": "M", "\u062d": "H",
                                                      "\u062f": "D"}))
    return folder


@pytest.mark.parametrize("scale", [1, 3])
def test_a_click_at_an_edge_of_a_digit_in_an_arabic_name_goes_there(arabic, scale):
    """"محمد 42" shows "42 دمحم": a click at the left edge of the 4 put the
    caret between the 4 and the 2 (the only caret drawn near it); a
    browser puts it before the 4, where a digit typed goes."""
    name = "محمد 42"
    app = make_app(BEGINNER, player_name=name, font_folders=[arabic], scale=scale)
    win(app)
    dialog = app.top
    assert isinstance(dialog, NameDialog)
    found(app, name)
    box = dialog.screen_rect(dialog.entry)
    four = app.painter.text_width("4")
    for x, caret in ((1, 5), (four - 1, 6), (four + 1, 6), (2 * four - 1, 7)):
        at = app.viewport.to_display((box.x + 3 + x, box.centery))
        press(app, at)
        release(app, at)
        app.step(DOUBLE_CLICK_TICKS + 1)             # not a double click: a word selected
        assert dialog.entry.caret == caret, x
    dialog.entry.caret = 0
    press(app, app.viewport.to_display((box.x + 4, box.centery)))
    release(app, app.viewport.to_display((box.x + 4, box.centery)))
    post(pygame.TEXTINPUT, text="1")
    app.step()
    assert dialog.entry.text == "محمد 142"


def test_a_name_of_one_cluster_or_none_is_kept(tmp_path):
    app = make_app(BEGINNER, data_dir=tmp_path)
    win(app)
    type_text(app, "👩\u200d💻")
    key(app, pygame.K_LEFT)
    assert app.top.entry.caret == 0
    key(app, pygame.K_RETURN)
    assert [t.name for t in on_disk(app).best_times("beginner")] == ["👩\u200d💻"]


#: Twenty accented letters typed as a letter and a combining accent: forty
#: characters typed, twenty once composed (NFC), as the records keep them.
DECOMPOSED = "e\u0301" * MAX_NAME_LENGTH
#: Hebrew SHIN WITH SHIN DOT, a presentation form: one character typed,
#: two once composed (NFC takes it apart: a composition exclusion).
SHIN = "\ufb2a"


def test_the_entrys_limit_counts_a_name_as_the_records_keep_it(tmp_path):
    """The limit counts characters after NFC, as ``clean_name`` does: the
    entry took ten accents typed after their letters where the records
    keep twenty, and took a 20th character that NFC makes two, which the
    records then cut off the name the player had seen accepted."""
    app = make_app(BEGINNER, data_dir=tmp_path)
    win(app)
    entry = app.top.entry
    for ch in DECOMPOSED:
        type_text(app, ch)
    assert entry.text == DECOMPOSED
    entry.set("1" * 19)
    type_text(app, SHIN)
    assert entry.text == "1" * 19
    type_text(app, "x")
    key(app, pygame.K_RETURN)
    assert [t.name for t in on_disk(app).best_times("beginner")] == ["1" * 19 + "x"]


def test_a_name_typed_whole_is_kept_as_typed(tmp_path):
    app = make_app(BEGINNER, data_dir=tmp_path)
    win(app)
    for ch in DECOMPOSED:
        type_text(app, ch)
    key(app, pygame.K_RETURN)
    assert [t.name for t in on_disk(app).best_times("beginner")] == ["\u00e9" * MAX_NAME_LENGTH]


def test_the_pickers_limit_counts_a_name_as_the_records_keep_it():
    app = make_app(BEGINNER, kiosk=True)
    win(app)
    dialog = app.top
    assert isinstance(dialog, ArcadeNameDialog)
    for ch in DECOMPOSED:
        type_text(app, ch)
    assert dialog.name == DECOMPOSED and "_" not in dialog.shown.text
    dialog.name = "1" * 19
    type_text(app, SHIN)
    assert dialog.name == "1" * 19


def test_a_cluster_typed_over_a_selection_that_it_would_not_fit_leaves_the_selection():
    """At the limit, an emoji typed or pasted over a selected letter that
    it needs more room than: the letter was rubbed out and nothing put in
    its place. Refused whole, it leaves the text and the selection as
    they were, as text the box does not take does."""
    box = field("a" * 19 + "b")
    box.anchor, box.caret = 19, 20
    typed(box, "👩\u200d💻")
    assert box.text == "a" * 19 + "b" and box.selection == (19, 20)
    box.anchor = 18
    typed(box, "🇫🇷👩\u200d💻")                     # the flag fits: it goes in, the rest not
    assert box.text == "a" * 18 + "🇫🇷" and box.caret == 20 and not box.selected


#: Characters of every kind the cluster rules tell apart, and some NFC
#: composes or takes apart.
PIECES = ["a", "e", "\u0301", "\u200d", "\u200c", "👩", "💻", "\U0001F3FD", "1", "\ufe0f",
          "\u20e3", "🇫", "🇷", "🏴", "\U000E0067", "\U000E007F", "क", "्", "ष", "ि", "\u1100",
          "\u1161", " ", "م", "4", "\t", "\ufb2a", "\u0344", "ำ"]
EDIT_KEYS = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END, pygame.K_BACKSPACE,
             pygame.K_DELETE, pygame.K_a, pygame.K_z]
EDITS = st.one_of(
    st.tuples(st.just("type"), st.text(st.sampled_from(PIECES), max_size=25)),
    st.tuples(st.sampled_from(EDIT_KEYS),
              st.sampled_from([0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL])))


@settings(max_examples=400, derandomize=True, deadline=None)
@given(st.lists(EDITS, max_size=20))
def test_after_any_edits_the_name_fits_is_kept_as_typed_and_the_caret_is_between_clusters(edits):
    """Whatever is typed and whichever keys: the name is within the limit
    as the records count it, ``clean_name`` keeps it (composed, its ends'
    spaces and joiners gone) and keeps what it made, and the caret and
    the selection's ends stand between clusters."""
    box = field("")
    for edit, mod in edits:
        if edit == "type":
            typed(box, mod)
        else:
            hit(box, edit, mod)
        bounds = clusters(box.text) or (0,)
        assert box.caret in bounds and (box.anchor is None or box.anchor in bounds)
        assert name_length(box.text) <= MAX_NAME_LENGTH
        kept = unicodedata.normalize("NFC", box.text).strip(" \u200c\u200d")
        assert clean_name(box.text) == (kept or ANONYMOUS) == clean_name(kept or ANONYMOUS)


@pytest.mark.parametrize("name, after", [("محمد 42", "2"), ("Ali محمد", "م"), ("محمد", None)])
def test_the_pickers_next_letter_mark_stands_where_a_picked_letter_goes(arabic, name, after):
    """The picker's keys are Latin letters and digits: one picked after
    "محمد 42" (shown "42 دمحم") goes right of the 42, but the "_" after
    the name took the line's direction and stood at its left end. After
    a name of Arabic letters alone the left end is right: a Latin letter
    goes there."""
    app = make_app(BEGINNER, kiosk=True, font_folders=[arabic])
    win(app)
    dialog = app.top
    assert isinstance(dialog, ArcadeNameDialog)
    type_text(app, name)
    found(app, dialog.shown.text)
    text, painter = dialog.shown.text, app.painter
    [(mark_left, mark_right)] = painter.selection_spans(text, text.index("_"),
                                                       text.index("_") + 1)
    if after is None:                                # left of the name's last letter
        [(last_left, _)] = painter.selection_spans(text, len(name) - 1, len(name))
        assert mark_right <= last_left
    else:
        at = text.rindex(after)
        [(_, letter_right)] = painter.selection_spans(text, at, at + 1)
        assert mark_left >= letter_right


class LamAlef:
    """Widths as a font joining lam and alef into one glyph gives them:
    "علا" no wider than "عل" (the lam measured with the alef it joins)."""

    WIDTHS = {"ع": 6, "عل": 11, "علا": 11}

    def size(self, text: str) -> tuple[int, int]:
        return self.WIDTHS[text], 17


def test_a_ligature_shares_its_width_among_the_letters_it_joins():
    """A shaped run's clusters are placed by the width of the text before
    each: the alef of a lam-alef got none, so the caret after the lam and
    after the alef stood at one place, and a click at the left end of
    "علا" (Ola) put the caret between the lam and the alef, where the
    next letter typed split the word. The ligature's width is shared."""
    from game.ui.render.shaping import _edges
    from game.ui.render.text_layout import Span, nearest

    edges = _edges(LamAlef(), "علا", (0, 1, 2, 3), 11, rtl=True)   # type: ignore[arg-type]
    assert edges[0] == 12 and edges[-1] == 0 and edges[1] == 5
    assert edges[1] > edges[2] > edges[3]                             # the alef has a width
    placed = [(0, Span(None, (0, 1, 2, 3), 1, "arab"), edges)]
    assert nearest(placed, 0) == 3 and nearest(placed, 1) == 3
    assert _edges(LamAlef(), "علا", (0, 1, 2, 3), 11, rtl=False) == (0, 6, 8, 12)


def test_the_pickers_next_letter_after_a_latin_name_is_a_bare_underscore():
    """The left-to-right marks either side of the "_" are wanted only after
    a name with right-to-left letters: pygame's own font lacks them, drew
    each as a blank column, and the "_" after "Bob" stood a pixel off."""
    app = make_app(BEGINNER, kiosk=True)
    win(app)
    dialog = app.top
    assert isinstance(dialog, ArcadeNameDialog)
    type_text(app, "Bob")
    assert dialog.shown.text == "Bob_"
    assert app.painter.text_width(dialog.shown.text) == app.painter.text_width("Bob_")
