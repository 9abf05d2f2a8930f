"""Keys with Ctrl or Alt do their shortcut and nothing else: a Ctrl
shortcut's character, which SDL sends as text on X11, is typed in no dialog,
AltGr (Ctrl+Alt on Windows) opens no menu, and keyboard play's keys with
Ctrl or Alt play nothing."""

from __future__ import annotations

import pygame
import pytest

from game.ui.screens.names import ArcadeNameDialog, NameDialog

from .helpers import BOARD_8, key, make_app, on_disk, post
from .test_records import BEGINNER, win


def ctrl_key_as_x11_sends_it(app, k: int, text: str) -> None:
    """Ctrl+``k`` held a while, as SDL's X11 driver and pygame send it: the
    key with Ctrl, then its character as typed text; as the key repeats,
    its text again (pygame drops SDL's repeated presses, making its own)."""
    post(pygame.KEYDOWN, key=pygame.K_LCTRL, mod=pygame.KMOD_LCTRL, unicode="", scancode=0)
    post(pygame.KEYDOWN, key=k, mod=pygame.KMOD_LCTRL, unicode=text, scancode=0)
    post(pygame.TEXTINPUT, text=text)
    app.step()
    post(pygame.TEXTINPUT, text=text)
    post(pygame.TEXTINPUT, text=text)
    post(pygame.KEYUP, key=k, mod=pygame.KMOD_LCTRL, unicode=text, scancode=0)
    post(pygame.KEYUP, key=pygame.K_LCTRL, mod=0, unicode="", scancode=0)
    app.step()


def test_zooming_while_the_name_entry_is_open_types_nothing_over_the_name(tmp_path):
    """Ctrl+- zoomed out and wrote "-" over the name offered (selected, so
    typing replaces it): the best time went in as "-"."""
    app = make_app(BEGINNER, data_dir=tmp_path, scale=2, player_name="Zoe")
    win(app)
    dialog = app.top
    assert isinstance(dialog, NameDialog) and dialog.entry.text == "Zoe"
    ctrl_key_as_x11_sends_it(app, pygame.K_MINUS, "-")
    assert app.viewport.scale == 1
    ctrl_key_as_x11_sends_it(app, pygame.K_EQUALS, "=")
    assert app.viewport.scale == 2
    assert dialog.entry.text == "Zoe"
    key(app, pygame.K_RETURN)
    assert [t.name for t in on_disk(app).best_times("beginner")] == ["Zoe"]


@pytest.mark.parametrize("offered, before, after, name", [
    ("Zoe", "Bo", "b", "Bob"),          # the name offered, selected, typed over
    ("", "Zed", "dy", "Zeddy"),         # none given yet: "Anonymous" offered, typed over
])
def test_a_zoom_in_the_middle_of_a_name_keeps_the_caret_and_the_name(tmp_path, offered, before,
                                                                       after, name):
    """The name entry laid out again at the new scale came back with the
    name typed so far selected, as when the dialog opens: the next letter
    replaced it, and the best time went in under that letter ("b" for
    "Bob", "dy" for "Zeddy")."""
    app = make_app(BEGINNER, data_dir=tmp_path, scale=2, player_name=offered)
    win(app)
    dialog = app.top
    assert isinstance(dialog, NameDialog) and dialog.entry.selected
    post(pygame.TEXTINPUT, text=before)
    app.step()
    ctrl_key_as_x11_sends_it(app, pygame.K_MINUS, "-")
    assert app.viewport.scale == 1
    post(pygame.TEXTINPUT, text=after)
    app.step()
    assert dialog.entry.text == name
    key(app, pygame.K_RETURN)
    assert [t.name for t in on_disk(app).best_times("beginner")] == [name]


def test_a_double_click_on_a_word_of_the_name_selects_that_word(tmp_path):
    app = make_app(BEGINNER, data_dir=tmp_path, scale=2, player_name="Zoe Dupont")
    win(app)
    dialog = app.top
    box = dialog.screen_rect(dialog.entry)
    at = app.viewport.to_display((box.x + 3 + app.painter.text_width("Zoe Dup"), box.centery))
    for _ in range(2):
        post(pygame.MOUSEBUTTONDOWN, button=1, pos=at)
        post(pygame.MOUSEBUTTONUP, button=1, pos=at)
        app.step()
    post(pygame.TEXTINPUT, text="D.")
    app.step()
    key(app, pygame.K_RETURN)
    assert [t.name for t in on_disk(app).best_times("beginner")] == ["Zoe D."]


def test_a_ctrl_shortcut_types_no_letter_in_the_arcade_picker(tmp_path):
    app = make_app(BEGINNER, data_dir=tmp_path, kiosk=True)
    win(app)
    picker = app.top
    assert isinstance(picker, ArcadeNameDialog)
    post(pygame.TEXTINPUT, text="Zo")
    app.step()
    ctrl_key_as_x11_sends_it(app, pygame.K_MINUS, "-")
    post(pygame.TEXTINPUT, text="e")
    app.step()
    key(app, pygame.K_RETURN)
    assert [t.name for t in on_disk(app).best_times("beginner")] == ["Zoe"]


def test_altgr_tapped_alone_lights_no_menu():
    """Windows sends AltGr as Ctrl and right Alt: tapped alone (a French
    typist's reflex), it lit the Game title as Alt alone does."""
    app = make_app()
    before = pygame.image.tobytes(app.display.surface, "RGB")
    post(pygame.KEYDOWN, key=pygame.K_LCTRL, mod=pygame.KMOD_LCTRL, unicode="", scancode=0)
    post(pygame.KEYDOWN, key=pygame.K_RALT, mod=pygame.KMOD_LCTRL | pygame.KMOD_RALT,
         unicode="", scancode=0)
    post(pygame.KEYUP, key=pygame.K_RALT, mod=pygame.KMOD_LCTRL, unicode="", scancode=0)
    post(pygame.KEYUP, key=pygame.K_LCTRL, mod=0, unicode="", scancode=0)
    app.step(2)
    assert app.top is app.play
    assert pygame.image.tobytes(app.display.surface, "RGB") == before
    post(pygame.KEYDOWN, key=pygame.K_RALT, mod=pygame.KMOD_RALT, unicode="", scancode=0)
    post(pygame.KEYUP, key=pygame.K_RALT, mod=0, unicode="", scancode=0)
    app.step(2)                                   # the right Alt alone still does
    assert app.top is not app.play
    assert pygame.image.tobytes(app.display.surface, "RGB") != before


def test_alt_or_ctrl_with_a_keyboard_play_key_plays_nothing():
    """Alt+F (a File menu elsewhere; there is none here) and Ctrl+F flagged
    the cursor's cell, Ctrl+Space opened it: README gives F, Space and Enter
    alone."""
    app = make_app(BOARD_8)
    key(app, pygame.K_RIGHT)
    cell = app.play.cursor
    before = pygame.image.tobytes(app.display.surface, "RGB")
    for k, mod in ((pygame.K_f, pygame.KMOD_LALT), (pygame.K_f, pygame.KMOD_LCTRL),
                   (pygame.K_SPACE, pygame.KMOD_LCTRL), (pygame.K_RETURN, pygame.KMOD_LCTRL)):
        key(app, k, mod)
        assert app.top is app.play and app.play.field.cell(*cell) == "#"
    assert pygame.image.tobytes(app.display.surface, "RGB") == before
    key(app, pygame.K_f, pygame.KMOD_LSHIFT)           # Shift is no such modifier
    assert app.play.field.cell(*cell) == "F"


def test_the_delete_key_removes_a_letter_in_the_arcade_picker(tmp_path):
    """The picker's own key is labelled DEL, but the keyboard's Delete did
    nothing there (only Backspace removed a letter)."""
    app = make_app(BEGINNER, data_dir=tmp_path, kiosk=True)
    win(app)
    post(pygame.TEXTINPUT, text="Zoex")
    app.step()
    key(app, pygame.K_DELETE)
    key(app, pygame.K_RETURN)
    assert [t.name for t in on_disk(app).best_times("beginner")] == ["Zoe"]


def test_text_typed_with_altgr_is_kept_in_the_name_entry(tmp_path):
    """Windows sends AltGr as Ctrl and right Alt: the "@" or "€" a French
    typist makes with it is text, not a Ctrl shortcut's character."""
    app = make_app(BEGINNER, data_dir=tmp_path, player_name="Zoe")
    win(app)
    dialog = app.top
    assert isinstance(dialog, NameDialog)
    altgr = pygame.KMOD_LCTRL | pygame.KMOD_RALT
    post(pygame.KEYDOWN, key=pygame.K_LCTRL, mod=pygame.KMOD_LCTRL, unicode="", scancode=0)
    post(pygame.KEYDOWN, key=pygame.K_RALT, mod=altgr, unicode="", scancode=0)
    post(pygame.KEYDOWN, key=pygame.K_0, mod=altgr, unicode="@", scancode=0)
    post(pygame.TEXTINPUT, text="@")
    post(pygame.KEYUP, key=pygame.K_0, mod=altgr, unicode="@", scancode=0)
    post(pygame.KEYUP, key=pygame.K_RALT, mod=pygame.KMOD_LCTRL, unicode="", scancode=0)
    post(pygame.KEYUP, key=pygame.K_LCTRL, mod=0, unicode="", scancode=0)
    app.step()
    post(pygame.TEXTINPUT, text="b")
    app.step()
    key(app, pygame.K_RETURN)
    assert [t.name for t in on_disk(app).best_times("beginner")] == ["@b"]


def test_ctrl_and_an_arrow_move_the_caret_a_word_at_a_time(tmp_path):
    """Ctrl+Left and Ctrl+Right moved a letter, as the arrow alone does; in
    a Windows text box they go from word to word, and with Shift select
    the words passed over."""
    app = make_app(BEGINNER, data_dir=tmp_path, player_name="Zoe  van Dupont")
    win(app)
    entry = app.top.entry
    key(app, pygame.K_END)
    key(app, pygame.K_LEFT, pygame.KMOD_LCTRL)
    assert entry.caret == len("Zoe  van ")          # the start of "Dupont"
    key(app, pygame.K_LEFT, pygame.KMOD_LCTRL)
    assert entry.caret == len("Zoe  ")              # of "van"
    key(app, pygame.K_LEFT, pygame.KMOD_LCTRL)
    assert entry.caret == 0                         # past both spaces, to "Zoe"
    key(app, pygame.K_LEFT, pygame.KMOD_LCTRL)
    assert entry.caret == 0
    key(app, pygame.K_RIGHT, pygame.KMOD_LCTRL)
    assert entry.caret == len("Zoe  ")              # the start of the next word
    key(app, pygame.K_RIGHT, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT)
    assert entry.text[slice(*entry.selection)] == "van "
    post(pygame.KEYUP, key=pygame.K_LCTRL, mod=0, unicode="", scancode=0)
    post(pygame.TEXTINPUT, text="de ")
    app.step()
    key(app, pygame.K_RETURN)
    assert [t.name for t in on_disk(app).best_times("beginner")] == ["Zoe  de Dupont"]


def alt_key_as_x11_sends_it(app, k: int, text: str) -> None:
    """Alt+``k``, as SDL's X11 driver sends it (SDL 2.32, checked with
    xdotool on Xvfb): the key with Alt, then its character as typed text."""
    post(pygame.KEYDOWN, key=pygame.K_LALT, mod=pygame.KMOD_LALT, unicode="", scancode=0)
    post(pygame.KEYDOWN, key=k, mod=pygame.KMOD_LALT, unicode=text, scancode=0)
    post(pygame.TEXTINPUT, text=text)
    post(pygame.KEYUP, key=pygame.K_LALT, mod=0, unicode="", scancode=0)
    post(pygame.KEYUP, key=k, mod=0, unicode=text, scancode=0)
    app.step()


def test_alt_and_a_letter_types_nothing_in_the_name_entry(tmp_path):
    """On X11 Alt+G, pressed for the Game menu (which a dialog keeps shut),
    wrote a "g" in the name; a Windows text box takes no Alt+letter."""
    app = make_app(BEGINNER, data_dir=tmp_path, player_name="Zoe")
    win(app)
    dialog = app.top
    key(app, pygame.K_END)
    alt_key_as_x11_sends_it(app, pygame.K_g, "g")
    post(pygame.TEXTINPUT, text="y")                      # Alt let go: typing goes on
    app.step()
    assert dialog.entry.text == "Zoey"


def test_altgr_sent_as_the_right_alt_still_types_in_the_name_entry(tmp_path):
    """Some X11 keymaps send AltGr as the right Alt: AltGr+Q ("@" on a
    German keyboard) must type its character, as Alt+G with the left Alt
    must not."""
    app = make_app(BEGINNER, data_dir=tmp_path, player_name="Zoe")
    win(app)
    dialog = app.top
    key(app, pygame.K_END)
    post(pygame.KEYDOWN, key=pygame.K_RALT, mod=pygame.KMOD_RALT, unicode="", scancode=0)
    post(pygame.KEYDOWN, key=pygame.K_q, mod=pygame.KMOD_RALT, unicode="@", scancode=0)
    post(pygame.TEXTINPUT, text="@")
    post(pygame.KEYUP, key=pygame.K_RALT, mod=0, unicode="", scancode=0)
    app.step()
    assert dialog.entry.text == "Zoe@"


def test_the_right_alt_of_a_us_keymap_and_a_letter_types_nothing(tmp_path):
    """On a US keymap the right Alt is a plain Alt, and SDL's X11 driver
    sends its Alt+G with a "g" typed (checked with xdotool on Xvfb): that
    echo of the key's own letter is no AltGr character, and must not be
    written in the name, as the left Alt's is not."""
    app = make_app(BEGINNER, data_dir=tmp_path, player_name="Zoe")
    win(app)
    dialog = app.top
    key(app, pygame.K_END)
    post(pygame.KEYDOWN, key=pygame.K_RALT, mod=pygame.KMOD_RALT, unicode="", scancode=0)
    post(pygame.KEYDOWN, key=pygame.K_g, mod=pygame.KMOD_RALT | pygame.KMOD_SHIFT,
         unicode="G", scancode=0)
    post(pygame.TEXTINPUT, text="G")
    post(pygame.KEYUP, key=pygame.K_RALT, mod=0, unicode="", scancode=0)
    post(pygame.KEYUP, key=pygame.K_g, mod=0, unicode="g", scancode=0)
    post(pygame.TEXTINPUT, text="y")                      # Alt let go: typing goes on
    app.step()
    assert dialog.entry.text == "Zoey"


def test_option_and_a_key_types_on_macos(tmp_path, monkeypatch):
    """On macOS Option (Alt to SDL) makes characters: they are typed."""
    monkeypatch.setattr("game.ui.keys.ALT_TYPES", True)
    app = make_app(BEGINNER, data_dir=tmp_path, player_name="Zoe")
    win(app)
    dialog = app.top
    key(app, pygame.K_END)
    alt_key_as_x11_sends_it(app, pygame.K_e, "é")
    assert dialog.entry.text == "Zoeé"


def test_ctrl_minus_on_a_french_keyboard_zooms_out_and_types_nothing(tmp_path):
    """On AZERTY the minus is on the 6 key, and SDL keeps the number row's
    digits as the key's code: Ctrl+- came as the 6 key with "-" typed
    (measured under Xvfb with setxkbmap fr and xdotool key ctrl+minus:
    key 54, unicode "-"), matched no binding, and only the keypad's minus
    zoomed out, whatever the menu said; Swiss German's Ctrl++ (Shift+1)
    came as the 1 key with "+" and zoomed in from the keypad only. Ctrl+6
    on a QWERTY keyboard (its "6" typed) is still no zoom."""
    app = make_app(BEGINNER, data_dir=tmp_path, scale=2, player_name="Zoe")
    ctrl_key_as_x11_sends_it(app, pygame.K_6, "6")           # QWERTY's Ctrl+6
    assert app.viewport.scale == 2
    ctrl_key_as_x11_sends_it(app, pygame.K_6, "-")           # AZERTY's Ctrl+-
    assert app.viewport.scale == 1
    ctrl_key_as_x11_sends_it(app, pygame.K_1, "+")           # Swiss German's Ctrl++ (Shift+1)
    assert app.viewport.scale == 2
    win(app)                                      # and over the name entry, as anywhere
    dialog = app.top
    assert isinstance(dialog, NameDialog)
    ctrl_key_as_x11_sends_it(app, pygame.K_6, "-")
    assert app.viewport.scale == 1 and dialog.entry.text == "Zoe"


def modifier(k: int, mod: int) -> None:
    """A modifier key pressed (``mod`` its bit) or let go (``mod`` 0), as SDL
    tells it: the event's modifiers are those held after it."""
    post(pygame.KEYDOWN if mod else pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0)


def repeat(app, k: int, mod: int) -> None:
    """A held key's repeat as pygame makes it: its first press's modifiers,
    whatever has come up since (seen under Xvfb: Shift+Right held, Shift let
    go, and the repeats of Right still said Shift, 16 of them in half a second)."""
    post(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)
    app.step()


def test_a_held_arrow_stops_selecting_when_shift_comes_up(tmp_path):
    """Shift+Left held to select, then Shift let go with Left still down:
    pygame repeats Left with Shift, and the selection grew on, letter after
    letter, as no Windows text box does (each repeat reads the keys held
    then): the caret goes on alone, and typing then replaces nothing."""
    app = make_app(BEGINNER, data_dir=tmp_path, player_name="Zoe")
    win(app)
    entry = app.top.entry
    key(app, pygame.K_END)
    modifier(pygame.K_LSHIFT, pygame.KMOD_LSHIFT)
    repeat(app, pygame.K_LEFT, pygame.KMOD_LSHIFT)     # the press: "e" selected
    assert entry.text[slice(*entry.selection)] == "e"
    modifier(pygame.K_LSHIFT, 0)
    repeat(app, pygame.K_LEFT, pygame.KMOD_LSHIFT)     # Shift up: a plain Left
    repeat(app, pygame.K_LEFT, pygame.KMOD_LSHIFT)
    post(pygame.KEYUP, key=pygame.K_LEFT, mod=0, unicode="", scancode=0)
    app.step()
    assert entry.selection[0] == entry.selection[1]
    post(pygame.TEXTINPUT, text="l")
    app.step()
    assert entry.text == "Zloe"


def test_a_held_arrow_stops_jumping_words_when_ctrl_comes_up(tmp_path):
    """Ctrl+Left held, then Ctrl let go: pygame's repeats still say Ctrl and
    went on from word to word; they move a letter at a time, as the arrow
    alone does."""
    app = make_app(BEGINNER, data_dir=tmp_path, player_name="Zoe van Dupont")
    win(app)
    entry = app.top.entry
    key(app, pygame.K_END)
    modifier(pygame.K_LCTRL, pygame.KMOD_LCTRL)
    repeat(app, pygame.K_LEFT, pygame.KMOD_LCTRL)      # the press: to "Dupont"
    assert entry.caret == len("Zoe van ")
    modifier(pygame.K_LCTRL, 0)
    repeat(app, pygame.K_LEFT, pygame.KMOD_LCTRL)
    repeat(app, pygame.K_LEFT, pygame.KMOD_LCTRL)
    assert entry.caret == len("Zoe va")
