"""An input method's composition in a text box (Japanese, Chinese, Korean):
shown underlined where it goes before it is committed, its keys left to it,
its window of candidates told where the caret is."""

from __future__ import annotations

import os

import pygame

from game.ui import PYGAME_ENVIRONMENT
from game.ui.screens.names import ArcadeNameDialog, NameDialog

from .helpers import key, make_app, on_disk, post, press, release
from .test_dialogs import open_custom
from .test_records import BEGINNER, type_text, win


def compose(app, text: str, caret: int | None = None) -> None:
    post(pygame.TEXTEDITING, text=text, start=len(text) if caret is None else caret, length=0)
    app.step()


def box_pixels(app, dialog) -> list[list[tuple[int, int, int]]]:
    """The name box's inside, in display pixels, row by row (drawn now)."""
    app.invalidate()
    app.render()
    box = dialog.entry
    r = app.painter.px(dialog.screen_rect(box).inflate(-4, -4))
    return [[tuple(app.display.surface.get_at((x, y)))[:3] for x in range(r.left, r.right)]
            for y in range(r.top, r.bottom)]


def picker_dialog(tmp_path, **settings):
    """A kiosk's letter picker, asking for a won Beginner time's name."""
    app = make_app(BEGINNER, data_dir=tmp_path, kiosk=True, **settings)
    win(app)
    assert isinstance(app.top, ArcadeNameDialog)
    return app, app.top


def name_dialog(tmp_path, **settings):
    app = make_app(BEGINNER, data_dir=tmp_path, **settings)
    win(app)
    assert isinstance(app.top, NameDialog)
    key(app, pygame.K_BACKSPACE)            # the name offered goes: an empty box
    assert app.top.entry.text == ""
    return app, app.top


def test_a_composition_is_shown_underlined_and_is_not_the_name_until_committed(tmp_path):
    app, dialog = name_dialog(tmp_path)
    type_text(app, "ab")
    committed = box_pixels(app, dialog)
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_BACKSPACE)
    compose(app, "ab")
    assert dialog.entry.text == ""           # not the name yet
    composing = box_pixels(app, dialog)
    differing = [y for y, (a, b) in enumerate(zip(committed, composing, strict=True)) if a != b]
    assert len(differing) == 1               # the same letters, and one line under them
    line = composing[differing[0]]
    black = [x for x, colour in enumerate(line) if colour == (0, 0, 0)]
    assert len(black) >= 2 * app.painter.text_width("a") - 2
    compose(app, "")                          # given up: nothing typed
    assert dialog.entry.text == ""
    assert box_pixels(app, dialog) != composing


def test_the_input_methods_keys_are_its_own_while_it_composes(tmp_path):
    """Enter picks the input method's word; it had accepted the name with
    half a word in it, and Backspace rubbed out a letter of the name."""
    app, dialog = name_dialog(tmp_path)
    type_text(app, "Ko")
    compose(app, "かな")
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_ESCAPE)
    assert app.top is dialog and dialog.entry.text == "Ko"
    post(pygame.TEXTINPUT, text="仮名")      # the input method commits
    app.step()
    compose(app, "")
    assert dialog.entry.text == "Ko仮名" and not dialog.entry.composing
    key(app, pygame.K_RETURN)                 # now the dialog's again
    assert app.top is not dialog
    assert [t.name for t in on_disk(app).best_times("beginner")] == ["Ko仮名"]


def test_a_composition_takes_the_selections_place(tmp_path):
    app, dialog = name_dialog(tmp_path)
    type_text(app, "Ann")
    key(app, pygame.K_LEFT, pygame.KMOD_SHIFT)
    key(app, pygame.K_LEFT, pygame.KMOD_SHIFT)   # "nn" selected
    compose(app, "x", 0)
    entry = dialog.entry
    assert entry._shown() == ("Ax", 1, 2, 1)
    type_text(app, "x")
    assert entry.text == "Ax" and entry.caret == 2


def test_the_input_method_is_told_where_the_caret_is(tmp_path, monkeypatch):
    told = []
    monkeypatch.setattr(pygame.key, "set_text_input_rect", told.append)
    app, dialog = name_dialog(tmp_path, scale=2)
    told.clear()
    type_text(app, "Ann")
    app.invalidate()
    app.render()
    box = app.painter.px(dialog.screen_rect(dialog.entry))
    assert told and box.contains(told[-1])
    after_ann = told[-1]
    compose(app, "かな")
    app.invalidate()
    app.render()
    assert told[-1].x > after_ann.x and box.contains(told[-1])
    count = len(told)
    app.invalidate()
    app.render()
    assert len(told) == count                 # told once, not at every frame


def test_a_click_on_another_box_gives_the_composition_up(monkeypatch):
    restarted = []
    monkeypatch.setattr(pygame.key, "start_text_input", lambda: restarted.append(True))
    app = make_app()
    dialog = open_custom(app)
    first = dialog.focused
    compose(app, "12")
    other = next(w for w in dialog.widgets if w is not first and hasattr(w, "compose"))
    pos = app.viewport.to_display(dialog.screen_rect(other).center)
    press(app, pos)
    release(app, pos)
    assert dialog.focused is other
    assert not first.composing and restarted
    key(app, pygame.K_TAB)                    # the dialog has its keys again
    assert dialog.focused is not other


def test_the_input_method_is_told_again_when_the_focus_comes_back_to_a_box(monkeypatch):
    """Each box remembered where it had last told the caret was: back in
    the Custom Field's first box after the second, it told nothing, and
    the window of candidates opened under the second box."""
    told = []
    monkeypatch.setattr(pygame.key, "set_text_input_rect", told.append)
    app = make_app()
    dialog = open_custom(app)
    first = dialog.focused
    boxes = []
    for step in ((), (pygame.K_TAB,), (pygame.K_TAB, pygame.KMOD_SHIFT)):
        if step:
            key(app, *step)
        app.invalidate()
        app.render()
        boxes.append(dialog.focused)
        assert app.painter.px(dialog.screen_rect(dialog.focused)).contains(told[-1])
    assert boxes[0] is first and boxes[1] is not first and boxes[2] is first


def test_a_composition_with_no_caret_told_has_it_at_its_end(tmp_path):
    """SDL's IBus sends start -1 when the input method names no place:
    the caret stood at the composition's start, before the letters."""
    app, dialog = name_dialog(tmp_path)
    type_text(app, "A")
    compose(app, "かな", -1)
    assert dialog.entry._shown() == ("Aかな", 1, 3, 3)


def test_windows_shows_the_input_methods_window_of_candidates():
    """SDL 2 on Windows hides it unless asked: the kanji for the kana
    typed were never seen to be chosen (the boxes draw the composition,
    not the candidates)."""
    assert PYGAME_ENVIRONMENT["SDL_IME_SHOW_UI"] == "1"
    assert os.environ["SDL_IME_SHOW_UI"] in ("0", "1")       # the user's choice wins


def test_the_letter_pickers_keys_are_the_input_methods_while_it_composes(tmp_path):
    """The picker showed no composition, and where SDL passes the keys on
    too (macOS), Backspace taking a kana back rubbed out a letter of the
    name and Enter choosing a word entered the name without it."""
    app, dialog = picker_dialog(tmp_path)
    type_text(app, "Ko")
    compose(app, "かな")
    assert dialog.shown.text.startswith("Koかな")
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_ESCAPE)
    assert app.top is dialog and dialog.name == "Ko"
    post(pygame.TEXTINPUT, text="仮名")      # the input method commits
    app.step()
    compose(app, "")
    assert dialog.name == "Ko仮名" and dialog.shown.text.startswith("Ko仮名_")
    key(app, pygame.K_RETURN)                 # now the picker's again
    assert app.top is not dialog
    assert [t.name for t in on_disk(app).best_times("beginner")] == ["Ko仮名"]


def test_a_kiosk_visitor_composing_a_name_is_not_idle(tmp_path):
    """The keys an input method takes come as no key event on Windows and
    with IBus, only as its composition: a visitor writing a name in kanji
    for longer than the idle time had the entry closed mid-word."""
    app, dialog = picker_dialog(tmp_path, idle_seconds=1)
    for text in ("か", "かな", "仮名"):
        app.step(50)
        compose(app, text)
    app.step(50)
    assert app.top is dialog
    compose(app, "")                          # given up: the idle time runs on
    app.step(70)
    assert app.top is not dialog


def restarts(monkeypatch) -> list[bool]:
    """The input method's restarts (how a composition is given up)."""
    told: list[bool] = []
    monkeypatch.setattr(pygame.key, "start_text_input", lambda: told.append(True))
    return told


def test_a_name_entry_closed_mid_composition_gives_it_up(tmp_path, monkeypatch):
    """Alt+F4 closed the entry and left the composition in the input
    method, which began the next box to take text with it."""
    app, dialog = name_dialog(tmp_path)
    compose(app, "かな")
    told = restarts(monkeypatch)
    key(app, pygame.K_F4, pygame.KMOD_LALT)
    assert app.top is not dialog
    assert told and not dialog.entry.composing


def test_a_kiosk_entry_closed_by_idle_time_mid_composition_gives_it_up(tmp_path, monkeypatch):
    app, dialog = picker_dialog(tmp_path, idle_seconds=1)
    compose(app, "か")
    told = restarts(monkeypatch)
    app.step(70)
    assert app.top is not dialog
    assert told and dialog.composing == ""


def test_the_picker_left_mid_composition_gives_it_up(tmp_path, monkeypatch):
    app, dialog = picker_dialog(tmp_path)
    compose(app, "か")
    told = restarts(monkeypatch)
    post(pygame.WINDOWFOCUSLOST)
    app.step()
    assert told and dialog.composing == ""
    assert not dialog.shown.text.startswith("か")


def test_the_window_left_mid_composition_gives_it_up_and_the_keys_come_back(monkeypatch):
    """A box left composing as the window went took no Enter, Esc or Tab
    when it came back, until a click elsewhere."""
    app = make_app()
    dialog = open_custom(app)
    first = dialog.focused
    compose(app, "12")
    told = restarts(monkeypatch)
    post(pygame.WINDOWFOCUSLOST)
    post(pygame.WINDOWFOCUSGAINED)
    app.step()
    assert told and not first.composing
    key(app, pygame.K_TAB)
    assert dialog.focused is not first


def picker_line(app, dialog) -> list[list[tuple[int, int, int]]]:
    """The letter picker's name line, in display pixels, row by row."""
    app.invalidate()
    app.render()
    r = app.painter.px(dialog.screen_rect(dialog.shown))
    return [[tuple(app.display.surface.get_at((x, y)))[:3] for x in range(r.left, r.right)]
            for y in range(r.top, r.bottom)]


def test_the_picker_underlines_the_composition_as_the_typed_entry_does(tmp_path):
    app, dialog = picker_dialog(tmp_path)
    type_text(app, "Ko")
    compose(app, "zh")
    composing = picker_line(app, dialog)
    post(pygame.TEXTINPUT, text="zh")           # committed: the same letters, plain
    app.step()
    compose(app, "")
    committed = picker_line(app, dialog)
    differing = [y for y, (a, b) in enumerate(zip(committed, composing, strict=True)) if a != b]
    assert len(differing) == app.viewport.scale  # one row (at the kiosk's scale): the underline
    row = composing[differing[0]]
    black = [x for x, colour in enumerate(row) if colour == (0, 0, 0)]
    ko = app.painter.px((0, 0, app.painter.text_width("Ko"), 1)).w
    zh = app.painter.px((0, 0, app.painter.text_width("Kozh"), 1)).w
    assert black and black[0] >= ko - 1 and black[-1] < zh     # under "zh" only


def test_the_picker_s_name_line_lays_out_few_starts_of_a_long_composition(tmp_path):
    """The name line shows only its end when it is wider than the line: it
    was cut a cluster at a time from its start, each start laid out anew
    (and its runs looked for in the system's fonts), at each key of the
    input method. A 16-letter Japanese name and a composition of up to 20:
    6-40 layouts a key with the system's fonts, up to 20 ms of CPU."""
    app, dialog = picker_dialog(tmp_path)
    type_text(app, "日本語の名前です" * 2)
    painter = app.painter
    real, laid = painter._laid, []

    def counting(face: str, text: str):
        if (face, text, painter.scale) not in painter._layouts:
            laid.append(text)
        return real(face, text)

    painter._laid = counting                    # type: ignore[method-assign]
    composition = "".join(chr(0x4E00 + 7 * i) for i in range(20))
    compose(app, composition)
    whole = dialog.name + composition + "_"
    shown, room = dialog.shown.text, dialog.shown.rect.w
    assert whole.endswith(shown) and painter.text_width(shown) <= room
    assert painter.text_width(whole[-len(shown) - 1:]) > room    # not a cluster more
    assert len(laid) <= 4
