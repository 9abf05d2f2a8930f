"""The dialogs' access keys, as in Windows: an underlined letter in a label
("&Height:") or on a button ("&Reset"), each language its own, never twice
in one dialog. Alt with it (or it alone while the focus is on no text box
and no list) gives the focus to the label's box, its text selected, or presses the
button; with Ctrl or AltGr it is no access key."""

from __future__ import annotations

import pygame
import pytest

from game.i18n import PSEUDO
from game.ui.list_view import ListView
from game.ui.menus import fold
from game.ui.screens.custom import CustomDialog
from game.ui.screens.dialog import Dialog
from game.ui.screens.help import HelpScreen
from game.ui.screens.names import ArcadeNameDialog, NameDialog
from game.ui.screens.notice import ConfirmDialog, NoticeDialog
from game.ui.screens.watch import ReplayScreen
from game.ui.widgets import Button, Label

from .helpers import key, make_app, pixel, post
from .test_geometry import SCREENS, open_screen
from .test_records import BEGINNER, best_times_of_ann, win

ALTGR_X11 = pygame.KMOD_MODE
ALTGR_WINDOWS = pygame.KMOD_LCTRL | pygame.KMOD_RALT
BLACK = (0, 0, 0)

#: Each dialog's access keys, in each language: a dialog, or a translation,
#: that loses an "&" fails here.
EXPECTED = {
    "custom": {"en": "hwmsf", "fr": "hlmfc"},
    "custom:error": {"en": "hwmsf", "fr": "hlmfc"},
    "style": {"en": "3xm", "fr": "3xm"},
    **{f"best_times:{level}": {"en": "r", "fr": "e"}
       for level in ("beginner", "intermediate", "expert")},
    **{f"statistics:{level}": {"en": "r", "fr": "e"} for level in ("beginner", "expert", "custom")},
    "history": {"en": "w", "fr": "r"},
    "open_replay": {"en": "", "fr": ""},          # no files: no Watch
    "name:typed": {"en": "p", "fr": "c"},
    "name:arcade": {"en": "", "fr": ""},          # every letter types
    **{f"help:{n}": {"en": "bn", "fr": "ps"} for n in range(4)},
    "about": {"en": "", "fr": ""},
    "notice": {"en": "", "fr": ""},
    "confirm": {"en": "yn", "fr": "on"},
}
DIALOGS = [name for name in SCREENS if not name.startswith("menu:")]


def letters(dialog: Dialog) -> list[str]:
    """The dialog's access keys, folded as a key types them, in its order."""
    return [fold((w.label if isinstance(w, Button) else w.text)[w.access])
            for w in dialog.widgets
            if isinstance(w, Button | Label) and w.access is not None]


def test_every_dialog_is_listed():
    assert sorted(EXPECTED) == sorted(DIALOGS)


@pytest.mark.parametrize("screen", DIALOGS)
@pytest.mark.parametrize("language", ["en", "fr", PSEUDO])
def test_no_dialog_has_an_access_key_twice(language, screen):
    """Two controls of one dialog on one letter: Alt with it reached the
    first only (a translation's choice of letters is checked here too)."""
    dialog = open_screen("beginner", screen, language).top
    found = letters(dialog)
    assert len(found) == len(set(found)), found


@pytest.mark.parametrize("screen", DIALOGS)
@pytest.mark.parametrize("language", ["en", "fr"])
def test_each_dialog_has_its_access_keys(language, screen):
    dialog = open_screen("beginner", screen, language).top
    assert "".join(letters(dialog)) == EXPECTED[screen][language]


def typed_key(app, letter: str, mod: int = 0) -> None:
    """A letter's key as SDL sends it: down, the text it types, up."""
    for kind in (pygame.KEYDOWN, pygame.TEXTINPUT, pygame.KEYUP):
        post(kind, key=ord(letter), mod=mod, unicode=letter, scancode=0, text=letter)
    app.step()


def open_custom(**settings):
    app = make_app(**settings)
    app.commands.run("custom")
    app.step()
    assert isinstance(app.top, CustomDialog)
    return app, app.top


def focused_box(dialog: CustomDialog) -> str | None:
    return next((name for name, box in dialog.fields.items() if box is dialog.focused), None)


def all_selected(box) -> bool:
    return box.selection == (0, len(box.text)) and box.selected


@pytest.mark.parametrize("language, order", [("en", "hwm"), ("fr", "hlm")])
def test_alt_and_a_label_s_letter_puts_the_focus_in_its_box_its_text_selected(language, order):
    """Alt+H in Winmine's Custom Field puts the caret in the height's box,
    its number selected; it did nothing."""
    app, dialog = open_custom(language=language)
    for name, letter in zip(("mines", "height", "width", "mines"), order[2] + order, strict=True):
        key(app, ord(letter), pygame.KMOD_LALT, "")
        assert focused_box(dialog) == name
        assert all_selected(dialog.fields[name])
    key(app, ord(order[0]), pygame.KMOD_LALT, "")
    post(pygame.KEYUP, key=pygame.K_LALT, mod=0, unicode="", scancode=0)     # Alt let go
    post(pygame.TEXTINPUT, text="20")
    app.step()
    assert dialog.fields["height"].text == "20"           # typed over, as in Windows


def test_alt_and_a_letter_types_nothing_into_the_box_it_reaches():
    """The letter SDL sends with Alt+H is no digit anyway; with the right
    Alt of a US keymap (X11 echoes the key's letter) nothing is typed
    either, and the box keeps its number selected."""
    app, dialog = open_custom()
    for mod in (pygame.KMOD_LALT, pygame.KMOD_RALT):
        key(app, pygame.K_w, pygame.KMOD_LALT, "")
        post(pygame.KEYDOWN, key=pygame.K_h, mod=mod, unicode="h", scancode=0)
        post(pygame.TEXTINPUT, text="h")
        post(pygame.KEYUP, key=pygame.K_h, mod=mod, unicode="h", scancode=0)
        app.step()
        assert focused_box(dialog) == "height" and dialog.fields["height"].text == "9"
        assert all_selected(dialog.fields["height"])


def test_a_letter_alone_in_a_text_box_is_typed_there_not_taken_as_an_access_key():
    app, dialog = open_custom()
    key(app, pygame.K_h, pygame.KMOD_LALT, "")
    key(app, pygame.K_w, 0, "w")
    key(app, pygame.K_m, 0, "m")
    assert focused_box(dialog) == "height"


@pytest.mark.parametrize("mod", [pygame.KMOD_LCTRL, ALTGR_WINDOWS, ALTGR_X11],
                         ids=["ctrl", "altgr-win", "altgr-x11"])
def test_ctrl_or_altgr_with_a_label_s_letter_moves_nothing(mod):
    app, dialog = open_custom()
    assert focused_box(dialog) == "height"                # as the dialog opens
    key(app, pygame.K_w, mod, "")
    key(app, pygame.K_m, mod, "")
    assert focused_box(dialog) == "height"


def test_the_shape_and_field_letters_give_their_button_the_focus_and_space_turns_it():
    """Shape: and Field: name choice buttons: their letters give the button
    the focus, as a Windows label gives it to its list; then, the focus on
    no text box, the letter alone works too."""
    app, dialog = open_custom()
    key(app, pygame.K_s, pygame.KMOD_LALT, "")
    assert isinstance(dialog.focused, Button) and dialog.shape == "grid"
    key(app, pygame.K_SPACE)
    assert dialog.shape == "torus" and isinstance(dialog.focused, Button)
    key(app, pygame.K_f, 0, "f")                          # alone: the focus is on a button
    key(app, pygame.K_RETURN)
    assert dialog.field != "rectangle"
    field_button = dialog.focused
    assert isinstance(field_button, Button)
    key(app, pygame.K_h, 0, "h")                          # from a button, to the height...
    assert dialog.focused is field_button                 # ...greyed for a shaped field: no


def test_a_shaped_field_s_greyed_sizes_are_not_reached_by_their_letters():
    app, dialog = open_custom(level="heart")
    assert dialog.field == "heart"
    key(app, pygame.K_h, pygame.KMOD_LALT, "")
    key(app, pygame.K_w, pygame.KMOD_LALT, "")
    assert focused_box(dialog) == "mines"


@pytest.mark.parametrize("language, letter", [("en", "r"), ("fr", "e")])
def test_the_best_times_reset_is_pressed_by_alt_and_its_letter(tmp_path, language, letter):
    """Winmine's Fastest Mine Sweepers has "&Reset Scores": Alt+R asks."""
    app = best_times_of_ann(tmp_path, language=language)
    assert isinstance(app.top.focused, ListView)
    key(app, ord(letter), pygame.KMOD_LALT, "")
    assert isinstance(app.top, ConfirmDialog)


@pytest.mark.parametrize("language, letter", [("en", "r"), ("fr", "e")])
def test_a_letter_alone_at_a_list_presses_no_button_but_does_once_the_focus_leaves_it(
        tmp_path, language, letter):
    """A Windows list box with the focus takes letters for itself: R typed
    at Best Times' list, where the focus is as it opens, asked to reset
    them. From a button, the letter alone presses Reset, as before."""
    app = best_times_of_ann(tmp_path, language=language)
    dialog = app.top
    key(app, ord(letter), 0, letter)
    key(app, ord(letter.upper()), pygame.KMOD_LSHIFT, letter.upper())
    assert app.top is dialog and isinstance(dialog.focused, ListView)
    key(app, pygame.K_TAB)
    assert isinstance(dialog.focused, Button)
    key(app, ord(letter), 0, letter)
    assert isinstance(app.top, ConfirmDialog)


@pytest.mark.parametrize("language, letter", [("en", "w"), ("fr", "r")])
def test_history_s_watch_is_not_pressed_by_its_letter_alone_at_the_list(tmp_path, language,
                                                                        letter):
    app = make_app(BEGINNER, data_dir=tmp_path, language=language)
    win(app)
    while app.top is not app.play:                        # the name entry
        key(app, pygame.K_ESCAPE)
    app.commands.run("history")
    app.step()
    dialog = app.top
    assert isinstance(dialog.focused, ListView) and dialog.table.rows
    key(app, ord(letter), 0, letter)
    assert app.top is dialog
    key(app, ord(letter), pygame.KMOD_LALT, "")
    assert app.top is not dialog and isinstance(app.top, ReplayScreen)


@pytest.mark.parametrize("mod", [pygame.KMOD_LCTRL, ALTGR_WINDOWS, ALTGR_X11],
                         ids=["ctrl", "altgr-win", "altgr-x11"])
def test_ctrl_or_altgr_with_reset_s_letter_presses_nothing(tmp_path, mod):
    app = best_times_of_ann(tmp_path)
    dialog = app.top
    key(app, pygame.K_r, mod, "®")
    assert app.top is dialog


def test_the_right_alt_typing_another_character_is_altgr_and_presses_nothing(tmp_path):
    """Some X11 keymaps send AltGr as the right Alt: AltGr+R types "¶"
    (a US international keymap), no access key; the right Alt of a US
    keymap echoes the key's own letter, and is Alt."""
    app = best_times_of_ann(tmp_path)
    dialog = app.top
    key(app, pygame.K_r, pygame.KMOD_RALT, "¶")
    assert app.top is dialog
    key(app, pygame.K_r, pygame.KMOD_RALT, "r")
    assert isinstance(app.top, ConfirmDialog)


@pytest.mark.parametrize("language, letter", [("en", "p"), ("fr", "c")])
def test_pick_letters_by_its_letter_opens_the_picker_with_the_name_untouched(tmp_path, language,
                                                                            letter):
    """Alt+P from the name's box; the text SDL sends after the key (with
    the letter alone, the focus on the button) went on to the picker,
    which wrote it into the name."""
    app = make_app(BEGINNER, data_dir=tmp_path, language=language)
    win(app)
    entry = app.top
    assert isinstance(entry, NameDialog)
    typed_key(app, letter)                                # typed into the name, not a key
    assert app.top is entry and entry.entry.text == letter
    key(app, pygame.K_TAB)                                # to OK: the focus on a button
    typed_key(app, letter)
    picker = app.top
    assert isinstance(picker, ArcadeNameDialog) and picker.name == letter
    post(pygame.TEXTINPUT, text="o")                      # the next letter types
    app.step()
    assert picker.name == letter + "o"


def test_alt_and_pick_letters_letter_from_the_name_s_box_opens_the_picker(tmp_path):
    app = make_app(BEGINNER, data_dir=tmp_path)
    win(app)
    typed_key(app, "z")
    typed_key(app, "p", pygame.KMOD_LALT)
    picker = app.top
    assert isinstance(picker, ArcadeNameDialog) and picker.name == "z"


def test_option_and_a_letter_types_in_a_box_on_macos(tmp_path, monkeypatch):
    """On macOS Option (Alt to SDL) makes characters, and the README says
    they are typed: Option+P ("π") in the name's box types it rather than
    pressing Pick letters."""
    monkeypatch.setattr("game.ui.keys.ALT_TYPES", True)
    app = make_app(BEGINNER, data_dir=tmp_path)
    win(app)
    entry = app.top
    for kind in (pygame.KEYDOWN, pygame.TEXTINPUT, pygame.KEYUP):
        post(kind, key=pygame.K_p, mod=pygame.KMOD_LALT, unicode="π", scancode=0, text="π")
    app.step()
    assert app.top is entry and entry.entry.text == "π"


@pytest.mark.parametrize("language, letter", [("en", "x"), ("fr", "x")])
def test_a_style_is_chosen_by_its_letter(language, letter):
    app = make_app(language=language)
    app.commands.run("style")
    app.step()
    key(app, ord(letter), 0, letter)
    assert app.top is app.play and app.settings.style == "xp"


@pytest.mark.parametrize("language, back, forward", [("en", "b", "n"), ("fr", "p", "s")])
def test_how_to_play_turns_its_pages_by_back_and_next_s_letters(language, back, forward):
    app = make_app(language=language)
    app.commands.run("help")
    app.step()
    dialog = app.top
    assert isinstance(dialog, HelpScreen)
    key(app, ord(forward), 0, forward)
    key(app, ord(forward), pygame.KMOD_LALT, "")
    assert dialog.page == 2
    key(app, ord(back), 0, back)
    assert dialog.page == 1 and dialog.focused is dialog.buttons[0]


# The underline, drawn as the menus draw theirs.

def underlined(app, dialog, widget, at: int) -> tuple[bool, bool]:
    """Whether the row under letter ``at`` of ``widget``'s text is drawn
    black across the letter, and whether it is under the next letter."""
    painter = app.painter
    text = widget.label if isinstance(widget, Button) else widget.text
    origin = dialog.origin_of(dialog.widgets.index(widget))
    x, y = (widget.label_at(painter, origin) if isinstance(widget, Button)
            else (widget.rect.x + origin[0], widget.rect.y + origin[1]))
    foot = y + painter.atlas.fonts["regular"]["baseline"] + 1
    left = x + painter.text_width(text[:at])

    def black(start: int, end: int) -> bool:
        """Every display pixel of scale-1 columns ``start`` to ``end`` on that row."""
        corner, far = app.viewport.to_display((start, foot)), app.viewport.to_display((end, foot + 1))
        return all(pixel(app, (px, py)) == BLACK
                   for px in range(corner[0], far[0]) for py in range(corner[1], far[1]))

    width = painter.text_width(text[at])
    return black(left, left + width), black(left + width + 1, left + width + 3)


@pytest.mark.parametrize("scale", [1, 2])
@pytest.mark.parametrize("language, label", [("en", "Height:"), ("fr", "Largeur\u202f:")])
def test_a_label_s_access_key_is_drawn_underlined(language, label, scale):
    app, dialog = open_custom(language=language, scale=scale)
    widget = next(w for w in dialog.widgets if isinstance(w, Label) and w.text == label)
    assert underlined(app, dialog, widget, widget.access) == (True, False)


@pytest.mark.parametrize("scale", [1, 2])
@pytest.mark.parametrize("language, label", [("en", "Reset"), ("fr", "Effacer")])
def test_a_button_s_access_key_is_drawn_underlined(tmp_path, language, label, scale):
    app = best_times_of_ann(tmp_path, language=language, scale=scale)
    dialog = app.top
    reset = next(w for w in dialog.widgets if isinstance(w, Button) and w.label == label)
    assert reset.access == 0
    assert underlined(app, dialog, reset, 0) == (True, False)
    ok = next(w for w in dialog.widgets if isinstance(w, Button) and w.label == "OK")
    assert ok.access is None and underlined(app, dialog, ok, 0) == (False, False)


@pytest.mark.parametrize("language, letter", [("en", "w"), ("fr", "r")])
def test_open_replay_watches_the_file_chosen_by_watch_s_letter(tmp_path, language, letter):
    (tmp_path / "replays").mkdir()
    (tmp_path / "replays" / "a.json").write_text("{")        # unreadable: a notice says so
    app = make_app(data_dir=tmp_path, language=language)
    app.commands.run("open_replay")
    app.step()
    dialog = app.top
    assert "".join(letters(dialog)) == letter
    key(app, ord(letter), 0, letter)                      # alone, at the list: nothing
    assert app.top is dialog
    key(app, ord(letter), pygame.KMOD_LALT, "")
    assert isinstance(app.top, NoticeDialog) and "a.json" in app.top.text


def test_pick_letters_held_by_its_letter_writes_nothing_in_the_picker(tmp_path):
    """Held past the keyboard's delay, the letter comes again and again
    (SDL repeats the key and its text): the repeats of the key were passed
    over, but their text went on to the picker, which wrote P after P."""
    app = make_app(BEGINNER, data_dir=tmp_path)
    win(app)
    typed_key(app, "z")
    key(app, pygame.K_TAB)                                # to OK: the focus on a button
    for kind in (pygame.KEYDOWN, pygame.TEXTINPUT, pygame.KEYDOWN, pygame.TEXTINPUT,
                 pygame.KEYDOWN, pygame.TEXTINPUT, pygame.KEYUP):
        post(kind, key=ord("p"), mod=0, unicode="p", scancode=0, text="p")
    app.step()
    picker = app.top
    assert isinstance(picker, ArcadeNameDialog) and picker.name == "z"
    typed_key(app, "p")                                   # pressed again, it types
    assert picker.name == "zp"


@pytest.mark.parametrize("modifier, mod", [(pygame.K_LSHIFT, pygame.KMOD_LSHIFT),
                                           (pygame.K_RSHIFT, pygame.KMOD_RSHIFT),
                                           (pygame.K_LCTRL, pygame.KMOD_LCTRL)])
def test_pick_letters_held_then_a_modifier_writes_nothing_in_the_picker(tmp_path, modifier, mod):
    """A modifier pressed while the letter is held: X goes on repeating the
    letter's text (with Shift, in capitals), through the modifier's hold
    and after its release; the modifier's key is no other key pressed, and
    the letter's text was typed again, P after P (measured on X11 with
    xdotool: keydown p, keydown Shift_L, keyup Shift_L, keyup p)."""
    app = make_app(BEGINNER, data_dir=tmp_path)
    win(app)
    typed_key(app, "z")
    key(app, pygame.K_TAB)                                # to OK: the focus on a button
    p = {"key": ord("p"), "scancode": 0}
    post(pygame.KEYDOWN, mod=0, unicode="p", **p)
    post(pygame.TEXTINPUT, text="p")
    post(pygame.KEYDOWN, key=modifier, mod=mod, unicode="", scancode=0)
    post(pygame.TEXTINPUT, text="P" if mod & pygame.KMOD_SHIFT else "p")
    post(pygame.KEYUP, key=modifier, mod=0, unicode="", scancode=0)
    post(pygame.TEXTINPUT, text="p")
    post(pygame.TEXTINPUT, text="p")
    post(pygame.KEYUP, mod=0, unicode="p", **p)
    app.step()
    picker = app.top
    assert isinstance(picker, ArcadeNameDialog) and picker.name == "z"
    typed_key(app, "p")                                   # pressed again, it types
    assert picker.name == "zp"
