"""Text from a hostile typist, as a fuzzer sends it: typed (TEXTINPUT),
composed (TEXTEDITING with any start and length) and pasted strings of
control characters, NUL, direction marks, combining runs, emoji joined by
ZWJ, lone surrogates and ten thousand characters, into the Best Times name
entry and the Custom dialog. The window never stops, the name kept is the
one shown, cleaned as the records clean it, and the board started is one
the Custom dialog's limits allow."""

from __future__ import annotations

import pygame
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from game.store import clean_name
from game.ui.screens.custom import CustomDialog

from .helpers import key, make_app, on_disk, post
from .test_dialogs import open_custom
from .test_records import BEGINNER, win

HOSTILE = ["\x00", "\x07", "\x08", "\t", "\n", "\r", "\x1b", "\x7f", "\x85", "\u200e", "\u200f",
           "\u202e", "\u2066", "\u0301", "\u0301" * 40, "e\u0301", "\u094d", "\u0915\u094d\u200d",
           "\U0001f469\u200d\U0001f469\u200d\U0001f467", "\U0001f1eb\U0001f1f7", "\U0001f1eb",
           "\ufeff", "\ud800", "\udfff", "\uffff", "\U0010ffff", "\u2028", "\u00ad", "\ufb2a",
           "\u0663", "\uff11", "x" * 10_000, "\u0645\u062d\u0645\u062f", "Ann", "7"]
TEXT = st.lists(st.sampled_from(HOSTILE) | st.text(max_size=4), min_size=1, max_size=3).map("".join)
EDITS = st.lists(st.one_of(
    st.tuples(st.just(pygame.TEXTINPUT), TEXT, st.just(0), st.just(0)),
    st.tuples(st.just(pygame.TEXTEDITING), TEXT, st.integers(-3, 12), st.integers(-3, 12)),
    st.tuples(st.just(pygame.KEYDOWN), st.sampled_from(["left", "backspace", "delete", "home"]),
              st.just(0), st.just(0)),
), min_size=1, max_size=8)
KEYS = {"left": pygame.K_LEFT, "backspace": pygame.K_BACKSPACE, "delete": pygame.K_DELETE,
        "home": pygame.K_HOME}


def send(app, edits) -> None:
    """Each edit posted and a tick stepped, as SDL delivers them."""
    for kind, text, start, length in edits:
        if kind == pygame.KEYDOWN:
            key(app, KEYS[text])
            continue
        if kind == pygame.TEXTINPUT:
            post(kind, text=text)
        else:
            post(kind, text=text, start=start, length=length)
        app.step()


@settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(EDITS)
@example([(pygame.TEXTINPUT, "".join(HOSTILE[:-3]), 0, 0), (pygame.TEXTINPUT, "Ann7", 0, 0)])
@example([(pygame.TEXTEDITING, "\u0915\u094d", 9, -2), (pygame.TEXTINPUT, "\ud800Zo\u00eb", 0, 0)])
def test_any_text_typed_as_the_name_is_kept_as_shown(edits):
    app = make_app(BEGINNER)
    try:
        win(app)
        dialog = app.top
        send(app, edits)
        assert app.top is dialog
        shown = dialog.entry.text
        shown.encode("utf-8")                    # no lone surrogate in the name
        post(pygame.TEXTEDITING, text="", start=0, length=0)    # the composition ended
        app.step()
        key(app, pygame.K_RETURN)
        [kept] = on_disk(app).best_times("beginner")
        assert kept.name == (clean_name(shown) or "Anonymous")
    finally:
        app.close()
        app.store.close()


@settings(max_examples=15, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(EDITS)
@example([(pygame.KEYDOWN, "backspace", 0, 0)] * 4 + [(pygame.TEXTINPUT, "\u0663\x00" * 5000, 0, 0)])
@example([(pygame.KEYDOWN, "backspace", 0, 0)] * 4 + [(pygame.TEXTINPUT, "\u202e7\u0301", 0, 0)])
def test_any_text_typed_in_the_custom_dialog_starts_a_board_it_allows_or_none(edits):
    app = make_app()
    try:
        dialog = open_custom(app)
        send(app, edits)
        key(app, pygame.K_RETURN)
        app.step()
        if not isinstance(app.top, CustomDialog):
            field = app.play.field
            assert 8 <= field.width <= 100 and 8 <= field.height <= 100
            assert 1 <= field.mines < field.width * field.height
        else:
            assert app.top is dialog
    finally:
        app.close()
        app.store.close()

