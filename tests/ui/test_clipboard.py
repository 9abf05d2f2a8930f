"""The clipboard in the dialogs' text boxes, as in every Windows edit
control: Ctrl+C or Ctrl+Insert copies the selection, Ctrl+X or Shift+Delete
cuts it, Ctrl+A selects the whole text (Ctrl+V and Shift+Insert paste, see
test_dialogs). The clipboard is a stand-in here: a machine without a display
has none, and the tests must not read or leave anything on a real one."""

from __future__ import annotations

import pygame
import pytest

from game.ui.screens.names import NameDialog

from .helpers import key, make_app, on_disk, pixel, post, press, release
from .test_dialogs import open_custom
from .test_records import BEGINNER, win

CTRL, SHIFT = pygame.KMOD_LCTRL, pygame.KMOD_LSHIFT
NAVY = (0, 0, 128)


@pytest.fixture
def clipboard(monkeypatch):
    """A clipboard of our own, in place of pygame's: what was put on it."""
    held = [""]
    monkeypatch.setattr(pygame.scrap, "put_text", lambda text: held.__setitem__(0, text))
    monkeypatch.setattr(pygame.scrap, "get_text", lambda: held[0])
    return held


@pytest.fixture(params=["SDL refuses", "no scrap module"])
def no_clipboard(monkeypatch, request):
    """A machine with no clipboard: SDL refuses to read or write one; or a
    pygame built without its clipboard module, whose stand-in raises
    NotImplementedError at every use."""
    def refuse(*_args):
        if request.param == "no scrap module":
            raise NotImplementedError("scrap module not available")
        raise pygame.error("Video subsystem must be initialized to set clipboard text")
    monkeypatch.setattr(pygame.scrap, "put_text", refuse)
    monkeypatch.setattr(pygame.scrap, "get_text", refuse)


def name_entry(tmp_path, name: str):
    app = make_app(BEGINNER, data_dir=tmp_path, player_name=name)
    win(app)
    assert isinstance(app.top, NameDialog)
    return app, app.top


def navy_in(app, dialog, box) -> int:
    """How many pixels of ``box`` are drawn in the selection's navy."""
    r = app.painter.px(dialog.screen_rect(box))
    return sum(pixel(app, (x, y)) == NAVY for x in range(r.x, r.right)
               for y in range(r.y, r.bottom))


@pytest.mark.parametrize("copy", [(pygame.K_c, CTRL), (pygame.K_INSERT, CTRL)])
def test_ctrl_c_copies_the_selected_part_of_the_name(tmp_path, clipboard, copy):
    """Ctrl+C did nothing: a name could not be carried to another program."""
    app, dialog = name_entry(tmp_path, "Zoe Dupont")
    key(app, pygame.K_END)
    for _ in range(6):
        key(app, pygame.K_LEFT, SHIFT)              # "Dupont" selected
    key(app, *copy)
    assert clipboard[0] == "Dupont"
    assert dialog.entry.text == "Zoe Dupont"        # a copy leaves the box as it was
    key(app, pygame.K_RETURN)
    assert [t.name for t in on_disk(app).best_times("beginner")] == ["Zoe Dupont"]


def test_ctrl_c_with_nothing_selected_leaves_the_clipboard_alone(tmp_path, clipboard):
    app, dialog = name_entry(tmp_path, "Zoe")
    clipboard[0] = "kept"
    key(app, pygame.K_END)                          # the caret only, nothing selected
    key(app, pygame.K_c, CTRL)
    assert clipboard[0] == "kept" and dialog.entry.text == "Zoe"


@pytest.mark.parametrize("cut", [(pygame.K_x, CTRL), (pygame.K_DELETE, SHIFT)])
def test_ctrl_x_moves_a_size_from_one_box_to_another(clipboard, cut):
    """Ctrl+X (or Shift+Delete) cuts the selected text: on the clipboard,
    gone from the box, ready to be pasted in the next one."""
    app = make_app()
    dialog = open_custom(app)
    height = dialog.fields["height"]
    height.text = "16"
    height.select_all()
    key(app, *cut)
    assert clipboard[0] == "16" and height.text == ""
    key(app, pygame.K_TAB)                          # the width, selected as Tab reaches it
    key(app, pygame.K_v, CTRL)
    assert dialog.fields["width"].text == "16"


def test_shift_delete_with_nothing_selected_deletes_the_next_letter(clipboard):
    """Without a selection there is nothing to cut: Shift+Delete deletes as
    Delete does, and Ctrl+X does nothing."""
    app = make_app()
    dialog = open_custom(app)
    height = dialog.fields["height"]
    height.text, height.caret, height.anchor = "123", 1, None
    key(app, pygame.K_x, CTRL)
    assert height.text == "123" and clipboard[0] == ""
    key(app, pygame.K_DELETE, SHIFT)
    assert height.text == "13" and clipboard[0] == ""


def test_ctrl_a_selects_the_whole_name_and_typing_replaces_it(tmp_path, clipboard):
    """Ctrl+A did nothing: a name with the caret in it was cleared letter by
    letter. It selects it all (drawn in navy), as in a Windows text box."""
    app, dialog = name_entry(tmp_path, "Zoe Dupont")
    key(app, pygame.K_HOME)                         # the caret at the start, nothing selected
    assert navy_in(app, dialog, dialog.entry) == 0
    key(app, pygame.K_a, CTRL)
    assert navy_in(app, dialog, dialog.entry) > 0
    assert dialog.entry.selection == (0, len("Zoe Dupont"))
    key(app, pygame.K_a, CTRL)                      # again: still all of it
    assert dialog.entry.selection == (0, len("Zoe Dupont"))
    key(app, pygame.K_c, CTRL)
    assert clipboard[0] == "Zoe Dupont"
    post(pygame.KEYUP, key=pygame.K_LCTRL, mod=0, unicode="", scancode=0)   # Ctrl let go
    post(pygame.TEXTINPUT, text="Max")
    app.step()
    key(app, pygame.K_RETURN)
    assert [t.name for t in on_disk(app).best_times("beginner")] == ["Max"]


def test_ctrl_alt_c_or_x_is_altgr_and_neither_copies_nor_cuts(clipboard):
    """Ctrl+Alt is AltGr on many layouts: it types, never edits the clipboard."""
    app = make_app()
    dialog = open_custom(app)
    for k in (pygame.K_c, pygame.K_x):
        key(app, k, CTRL | pygame.KMOD_LALT)
    assert clipboard[0] == "" and dialog.fields["height"].text == "9"


def test_without_a_clipboard_the_keys_do_nothing_and_lose_nothing(tmp_path, no_clipboard):
    """A machine with no clipboard (no display): SDL refuses it. The keys do
    nothing, no traceback, and a cut that could not be put on the clipboard
    leaves the name in its box rather than losing it."""
    app, dialog = name_entry(tmp_path, "Zoe")
    assert dialog.entry.selected                    # the name offered, selected
    for k, mod in ((pygame.K_x, CTRL), (pygame.K_DELETE, SHIFT), (pygame.K_c, CTRL),
                   (pygame.K_INSERT, CTRL), (pygame.K_v, CTRL), (pygame.K_INSERT, SHIFT)):
        key(app, k, mod)
        assert app.top is dialog and dialog.entry.text == "Zoe"
    key(app, pygame.K_RETURN)
    assert [t.name for t in on_disk(app).best_times("beginner")] == ["Zoe"]


def typed(app, *texts):
    """Letters typed one event at a time, Ctrl let go first."""
    post(pygame.KEYUP, key=pygame.K_LCTRL, mod=0, unicode="", scancode=0)
    for text in texts:
        post(pygame.TEXTINPUT, text=text)
    app.step()


def test_ctrl_z_takes_back_the_name_typed_over_the_one_offered(tmp_path, clipboard):
    """The name offered comes selected and the first letter typed replaces
    it: Ctrl+Z did nothing, and a name typed over by mistake had to be typed
    again. As in a Windows text box it takes the last edit back (letters
    typed in a row are one edit), and a second Ctrl+Z puts it back."""
    app, dialog = name_entry(tmp_path, "Zoe Dupont")
    typed(app, "M", "a", "x")
    assert dialog.entry.text == "Max"
    key(app, pygame.K_z, CTRL)
    assert dialog.entry.text == "Zoe Dupont"
    assert navy_in(app, dialog, dialog.entry) > 0       # selected, as it was
    key(app, pygame.K_z, CTRL)
    assert dialog.entry.text == "Max"
    key(app, pygame.K_LEFT)
    typed(app, "y")                                      # the caret moved: another edit
    assert dialog.entry.text == "Mayx"
    key(app, pygame.K_z, CTRL)
    assert dialog.entry.text == "Max"
    key(app, pygame.K_RETURN)
    assert [t.name for t in on_disk(app).best_times("beginner")] == ["Max"]


def test_ctrl_z_takes_back_a_cut_a_paste_and_a_deletion(clipboard):
    app = make_app()
    dialog = open_custom(app)
    height = dialog.fields["height"]                    # "9", selected
    key(app, pygame.K_x, CTRL)
    assert height.text == ""
    key(app, pygame.K_z, CTRL)
    assert height.text == "9" and clipboard[0] == "9"
    clipboard[0] = "24"
    key(app, pygame.K_END)
    key(app, pygame.K_v, CTRL)
    assert height.text == "924"
    key(app, pygame.K_BACKSPACE)
    assert height.text == "92"
    key(app, pygame.K_z, CTRL)
    assert height.text == "924"
    key(app, pygame.K_z, CTRL)                          # one level, as in Windows: it redoes
    assert height.text == "92"


def test_ctrl_z_still_works_after_a_zoom(tmp_path, clipboard):
    """A zoom lays the dialog out again, with new boxes: the edit to take
    back goes with the caret and the selection."""
    app, dialog = name_entry(tmp_path, "Zoe")
    typed(app, "Bob")
    key(app, pygame.K_EQUALS, CTRL)                     # Ctrl++
    assert app.viewport.scale == 2
    key(app, pygame.K_z, CTRL)
    assert app.top.entry.text == "Zoe"


def test_letters_typed_after_a_click_elsewhere_in_the_box_are_another_edit(tmp_path, clipboard):
    """As an arrow does, a click that moves the caret ends the letters typed
    in a row: "Bob" typed over the name offered, a click before the B and an
    X typed, Ctrl+Z took back the X and "Bob" with it, back to "Zoe"; a
    Windows text box takes back the X alone."""
    app, dialog = name_entry(tmp_path, "Zoe")
    typed(app, "B", "o", "b")
    box = app.painter.px(dialog.screen_rect(dialog.entry))
    press(app, (box.x + 2, box.centery))
    release(app, (box.x + 2, box.centery))
    assert dialog.entry.caret == 0
    typed(app, "X")
    assert dialog.entry.text == "XBob"
    key(app, pygame.K_z, CTRL)
    assert dialog.entry.text == "Bob"
    key(app, pygame.K_RIGHT)
    typed(app, "e")                                      # after an arrow, as well
    key(app, pygame.K_z, CTRL)
    assert dialog.entry.text == "Bob"


@pytest.mark.parametrize("delete", [pygame.K_BACKSPACE, pygame.K_DELETE])
def test_backspaces_or_deletes_in_a_row_are_one_edit(tmp_path, clipboard, delete):
    """As in a Windows text box, a word rubbed out a letter at a time comes
    back whole at Ctrl+Z (it came back one letter), and letters typed where
    it was go with it."""
    app, dialog = name_entry(tmp_path, "Zoe Dupont")
    key(app, pygame.K_END if delete == pygame.K_BACKSPACE else pygame.K_HOME)
    for _ in range(4):
        key(app, delete)
    assert dialog.entry.text in ("Zoe Du", "Dupont")
    key(app, pygame.K_z, CTRL)
    assert dialog.entry.text == "Zoe Dupont"
    for _ in range(4):
        key(app, delete)
    typed(app, "x", "y")
    key(app, pygame.K_z, CTRL)
    assert dialog.entry.text == "Zoe Dupont"
    key(app, pygame.K_z, CTRL)
    assert dialog.entry.text in ("Zoe Duxy", "xyDupont")
    key(app, delete)                                     # after letters typed: another edit
    key(app, pygame.K_z, CTRL)
    assert dialog.entry.text in ("Zoe Duxy", "xyDupont")


def test_a_tab_pasted_into_the_name_parts_its_words(tmp_path, clipboard):
    """A name copied from a spreadsheet's two cells comes as "Zoe<Tab>Dupont":
    the tab, which a name cannot hold, was dropped and the name kept as
    "ZoeDupont". It is a space, as the two cells showed it."""
    app, dialog = name_entry(tmp_path, "Anonymous")
    clipboard[0] = "Zoe\tDupont\t"
    key(app, pygame.K_v, CTRL)                      # over the name, selected as it opened
    assert dialog.entry.text == "Zoe Dupont "
    key(app, pygame.K_RETURN)
    assert [t.name for t in on_disk(app).best_times("beginner")] == ["Zoe Dupont"]
