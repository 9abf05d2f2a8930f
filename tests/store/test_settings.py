"""Settings persist field by field; a bad field costs only itself."""

import json
import os
from dataclasses import asdict, fields
from datetime import timedelta

import pytest

from game.settings import NAMES, Settings

from .helpers import files_in, open_store, reopen


def write_settings(directory, stored, schema=1):
    (directory / "settings.json").write_text(
        json.dumps({"schema": schema, "settings": stored}), "utf-8")


def test_every_setting_survives_a_restart(tmp_path):
    store = open_store(tmp_path)
    assert store.settings == Settings()
    chosen = Settings(level="custom", custom_width=50, custom_height=40, custom_mines=500,
                      marks=True, color=False, chord_left_click=False, flag_mode=True, sound=False,
                      scale=3, fullscreen=True, first_click="classic", no_guess=True,
                      style="win31", long_press=0.7, language="fr",
                      custom_mask="\n".join(["#" * 49 + " "] * 40), shape="hex",
                      player_name="Zoë 李", window_position=[-1200, 40])
    assert all(getattr(chosen, f.name) != getattr(Settings(), f.name)
               for f in fields(Settings))              # every field is exercised
    store.settings = chosen
    store.save_settings()
    again = reopen(store)
    assert again.settings == chosen
    assert again.notices == []


def test_a_change_made_in_place_is_saved(tmp_path):
    store = open_store(tmp_path)
    store.settings.choose_board(30, 16, 99)
    store.settings.sound = False
    store.save_settings()
    again = reopen(store)
    assert again.settings.board().name == "expert"
    assert again.settings.sound is False


def test_missing_fields_take_their_defaults_without_a_word(tmp_path):
    write_settings(tmp_path, {"level": "expert"})
    store = open_store(tmp_path)
    assert store.settings == Settings(level="expert")
    assert store.notices == []
    assert files_in(tmp_path) == {"settings.json", "records.db"}


def test_unknown_fields_are_ignored(tmp_path):
    write_settings(tmp_path, {"sound": False, "theme": "dark", "volume": 11})
    store = open_store(tmp_path)
    assert store.settings == Settings(sound=False)
    assert store.notices == []


@pytest.mark.parametrize("field, value", [
    ("marks", "yes"),                 # text where true/false belongs
    ("color", "no"),
    ("sound", 1),                     # a number is not true/false
    ("scale", "2"),                   # text where a number belongs
    ("scale", 2.0),
    ("scale", -1),
    ("scale", 9),                     # the command line stops at 8
    ("scale", 1000),
    ("scale", 10**20),
    ("scale", 10**400),
    ("custom_width", 10**400),
    ("no_guess", None),
    ("level", "medium"),
    ("level", None),
    ("first_click", "lucky"),
    ("custom_width", [30]),
    ("long_press", True),             # true is not 1 second
    ("long_press", 4),
    ("long_press", 0),
    ("long_press", 10**400),          # too large for a float
    ("player_name", "x" * 21),        # longer than a best time's name
    ("player_name", "Ann\nBob"),       # a control character
    ("player_name", 7),
    ("window_position", "120,80"),    # a window position is two whole numbers...
    ("window_position", [120]),
    ("window_position", [120, 80, 3]),
    ("window_position", [120.0, 80]),
    ("window_position", [True, 80]),
    ("window_position", [120, "80"]),
    ("window_position", [40000, 80]),     # ... of a window, not SDL's codes (centred...)
    ("window_position", [0x2FFF0000, 0]),
    ("window_position", [-10**400, 0]),
    ("window_position", {"x": 1, "y": 2}),
    *[(f.name, "\ud800") for f in fields(Settings)     # a lone surrogate: no UTF-8 holds it
      if isinstance(getattr(Settings(), f.name), str)],
])
def test_a_bad_field_takes_its_default_and_the_player_is_told(tmp_path, field, value):
    write_settings(tmp_path, {"fullscreen": True, "first_click": "safe", field: value})
    store = open_store(tmp_path)
    store.flush()
    expected = Settings(fullscreen=True, first_click="safe")
    setattr(expected, field, getattr(Settings(), field))
    assert store.settings == expected
    [message] = store.take_notices()
    assert NAMES[field] in message and "settings.corrupt-20261122-153000.json" in message
    original = json.loads((tmp_path / "settings.corrupt-20261122-153000.json").read_text())
    assert original["settings"][field] == value        # the file as it was is kept
    salvaged = json.loads((tmp_path / "settings.json").read_text())
    assert salvaged == {"schema": 1, "settings": asdict(expected)}    # written back at once
    assert open_store(tmp_path).notices == []


@pytest.mark.parametrize("text", ["[NaN, 80]", "[120, Infinity]", "[-Infinity, 0]"])
def test_a_window_position_that_is_no_number_is_reset_and_the_player_told(tmp_path, text):
    (tmp_path / "settings.json").write_text(
        '{"schema": 1, "settings": {"sound": false, "window_position": ' + text + "}}", "utf-8")
    store = open_store(tmp_path)
    store.flush()
    assert store.settings == Settings(sound=False)
    [message] = store.take_notices()
    assert NAMES["window_position"] in message
    assert json.loads((tmp_path / "settings.json").read_text())["settings"]["window_position"] == []


@pytest.mark.parametrize("position", [[], [0, 0], [-32768, 32767], [-1900, -300], [5000, 9000]])
def test_a_window_position_of_two_whole_numbers_is_read_wherever_it_is(tmp_path, position):
    """Whether it is on a display is for the window to judge when it opens
    (a monitor unplugged makes no file bad): the file is not set aside."""
    write_settings(tmp_path, {"window_position": position})
    store = open_store(tmp_path)
    assert store.settings == Settings(window_position=position)
    assert store.notices == []


@pytest.mark.parametrize("seconds", [1, 3])
def test_a_long_press_in_whole_seconds_is_read(tmp_path, seconds):
    write_settings(tmp_path, {"long_press": seconds})
    store = open_store(tmp_path)
    assert store.settings == Settings(long_press=float(seconds))
    assert type(store.settings.long_press) is float
    assert store.notices == []
    assert files_in(tmp_path) == {"settings.json", "records.db"}


def test_a_custom_size_outside_the_limits_resets_the_custom_size(tmp_path):
    write_settings(tmp_path, {"level": "custom", "custom_width": 8, "custom_height": 8,
                              "custom_mines": 60, "marks": False})
    store = open_store(tmp_path)
    assert store.settings == Settings(level="custom", marks=False)
    [message] = store.take_notices()
    assert message.startswith("Some settings could not be read and are back to their defaults: "
                              "Custom Field. ")


def test_settings_that_are_not_an_object_all_take_their_defaults(tmp_path):
    write_settings(tmp_path, ["expert", True])
    store = open_store(tmp_path)
    assert store.settings == Settings()
    [message] = store.notices
    assert message == ("Your settings could not be read: starting afresh. The damaged file was"
                       " kept as 'settings.corrupt-20261122-153000.json'.")


def test_the_settings_reset_are_named_as_the_player_knows_them_in_their_language(tmp_path):
    """The notice listed settings.json's keys ("first_click, long_press"),
    English to a French player and meaning nothing to any player."""
    from game import i18n
    write_settings(tmp_path, {"first_click": "lucky", "long_press": 9, "marks": "yes",
                              "custom_width": 8, "custom_height": 8, "custom_mines": 60})
    store = open_store(tmp_path)
    i18n.set_language("fr")
    [message] = store.notices
    assert message.startswith(
        "Certains réglages n’ont pas pu être lus et reprennent leur valeur par défaut\u202f: "
        "Marques\u00a0(?), Premier clic, Appui long (écrans tactiles), Champ personnalisé. ")


def test_every_setting_has_a_name_for_the_player():
    assert set(NAMES) == {f.name for f in fields(Settings)}


def test_the_salvaged_settings_are_on_disk_even_if_nothing_else_is_saved(tmp_path):
    write_settings(tmp_path, {"scale": "big", "sound": False})
    first = open_store(tmp_path)
    assert len(first.take_notices()) == 1                # shown: told once
    first.close()                                        # a kiosk run saves no settings
    stored = json.loads((tmp_path / "settings.json").read_text())
    assert stored == {"schema": 1, "settings": asdict(Settings(sound=False))}
    assert open_store(tmp_path).notices == []


def test_a_shaped_custom_field_and_a_gallery_level_survive_a_restart(tmp_path):
    store = open_store(tmp_path)
    store.settings.choose_mask(("####### ", "########") * 4, 20)
    store.settings.shape = "torus"
    store.save_settings()
    store = reopen(store)
    board = store.settings.board()
    assert board.mask == ("####### ", "########") * 4 and board.mines == 20
    store.settings.level = "heart"
    store.save_settings()
    again = reopen(store).settings
    assert again.board().name == "heart" and again.shape == "torus"


@pytest.mark.parametrize("shape, mines, mask", [
    ("hex", 57, None),                        # the grid takes 49 on 8x8, hexagons 57
    ("torus", 55, None),
    ("hex", 2, "\n".join(["#########"] + [" " * 9] * 7)),   # 9 cells: 2 mines on hexagons only
])
def test_a_custom_board_is_checked_on_its_own_shape_at_a_restart(tmp_path, shape, mines, mask):
    """A board the Custom dialog accepted on a torus or hexagons, refused
    on the grid, was set aside as unreadable at the next start."""
    store = open_store(tmp_path)
    if mask:
        store.settings.choose_mask(tuple(mask.split("\n")), mines)
    else:
        store.settings.choose_board(8, 8, mines)
    store.settings.shape = shape
    store.save_settings()
    saved = store.settings
    again = reopen(store)
    assert again.settings == saved and again.notices == []
    assert files_in(tmp_path) == {"settings.json", "records.db"}


def test_your_mask_is_kept_apart_from_the_custom_board_and_read_from_older_files(tmp_path):
    mask = "\n".join(["#########"] + [" " * 9] * 7)        # 9 cells: 2 mines on hexagons only
    write_settings(tmp_path, {"level": "custom", "custom_width": 9, "custom_height": 8,
                              "custom_mines": 2, "custom_mask": mask, "shape": "hex"})
    store = open_store(tmp_path)
    assert (store.settings.own_mask, store.settings.own_mask_mines) == (mask, 2)
    store.settings.shape = "grid"                 # then a rectangle on the grid
    store.settings.choose_board(20, 20, 50)
    store.save_settings()
    again = reopen(store)
    assert again.notices == [] and again.settings.board().mask is None
    assert (again.settings.own_mask, again.settings.own_mask_mines) == (mask, 2)


@pytest.mark.parametrize("own_mask, mines", [("#######", 3), ("########\n" * 7 + "#.######", 3),
                                             ("########\n" * 8, 64)])
def test_a_bad_own_mask_is_forgotten_and_the_player_told(tmp_path, own_mask, mines):
    write_settings(tmp_path, {"own_mask": own_mask.strip("\n"), "own_mask_mines": mines})
    store = open_store(tmp_path)
    assert (store.settings.own_mask, store.settings.own_mask_mines) == ("", 0)
    [message] = store.take_notices()
    assert "Your mask" in message


@pytest.mark.parametrize("stored, bad", [
    ({"shape": "cube"}, "shape"),
    ({"level": "custom", "custom_width": 8, "custom_height": 8, "custom_mines": 5,
      "custom_mask": "#######"}, "custom_mask"),
])
def test_a_bad_shape_or_mask_falls_back_to_the_default(tmp_path, stored, bad):
    write_settings(tmp_path, stored)
    store = open_store(tmp_path)
    assert getattr(store.settings, bad) == getattr(Settings(), bad)
    store.settings.board()


def test_a_settings_file_linked_from_elsewhere_is_written_through_its_link(tmp_path):
    """settings.json a symbolic link to a file kept elsewhere (a dotfiles
    folder): it was read through the link, then replaced by a plain file at
    the first change, the linked file never updated again."""
    kept = tmp_path / "dotfiles" / "settings.json"
    kept.parent.mkdir()
    kept.write_text(json.dumps({"schema": 1, "settings": {"level": "expert"}}))
    data = tmp_path / "data"
    data.mkdir()
    os.symlink(os.path.join("..", "dotfiles", "settings.json"), data / "settings.json")
    store = open_store(data)
    assert store.settings.level == "expert"
    store.settings.marks = True
    store.save_settings()
    store = reopen(store)
    assert store.settings.marks and store.settings.level == "expert"
    store.close()
    assert os.readlink(data / "settings.json") == os.path.join("..", "dotfiles", "settings.json")
    assert json.loads(kept.read_text())["settings"]["marks"] is True
    assert files_in(data) <= {"settings.json", "records.db"}


@pytest.mark.parametrize("content, told", [
    ('{"schema": 1, "settings": {"level": "expert", "scale": 99}}',
     "Some settings could not be read and are back to their defaults: Zoom."),
    ("not json{", "Your settings could not be read: starting afresh.")])
def test_damaged_settings_behind_a_link_are_copied_aside_and_the_link_stays(tmp_path, content,
                                                                            told):
    """settings.json a link into a dotfiles folder, holding a bad field (or
    no JSON at all): the link itself was renamed aside and the salvaged
    settings written as a plain settings.json, so the dotfiles' file never
    saw another change. Its bytes are now kept aside, and the link writes
    the salvaged settings (or the defaults) into the file it leads to."""
    kept = tmp_path / "dotfiles" / "settings.json"
    kept.parent.mkdir()
    kept.write_text(content)
    data = tmp_path / "data"
    data.mkdir()
    os.symlink(os.path.join("..", "dotfiles", "settings.json"), data / "settings.json")
    store = open_store(data)
    [said] = store.take_notices()
    assert said.startswith(told)
    assert store.flush()
    [aside] = [p for p in data.iterdir() if ".corrupt-" in p.name]
    assert not aside.is_symlink() and aside.read_text() == content
    assert os.readlink(data / "settings.json") == os.path.join("..", "dotfiles", "settings.json")
    assert json.loads(kept.read_text())["schema"] == 1
    store.settings.marks = True
    store.save_settings()
    store = reopen(store)
    assert store.take_notices() == [] and store.settings.marks
    store.close()
    assert json.loads(kept.read_text())["settings"]["marks"] is True
    assert os.readlink(data / "settings.json") == os.path.join("..", "dotfiles", "settings.json")


@pytest.mark.parametrize("other_copy", ["copied it the same second", "copied it a second before",
                                        "copied it and wrote the defaults"])
def test_damaged_settings_behind_a_link_another_copy_set_aside_first_are_not_set_aside_twice(
        tmp_path, monkeypatch, other_copy):
    """Two copies started together (a double click taken twice) on damaged
    settings behind a link both read them, and each copied them aside and
    told its player: two copies of the same bytes (or, the first copy
    quicker, the second set the defaults the first had written aside as
    damaged). Renamed, the plain file was gone for the second, which said
    nothing; the second copy now says nothing either."""
    from game.store import document

    from .helpers import START
    kept = tmp_path / "dotfiles" / "settings.json"
    kept.parent.mkdir()
    kept.write_text("not json{")
    data = tmp_path / "data"
    data.mkdir()
    os.symlink(kept, data / "settings.json")
    stamp = (START if other_copy != "copied it a second before"
             else START - timedelta(seconds=1)).strftime("%Y%m%d-%H%M%S")
    theirs = data / f"settings.corrupt-{stamp}.json"
    real_read = document.read_capped

    def read_then_the_other_copy_sets_aside(path, *args):
        read = real_read(path, *args)
        if path == data / "settings.json" and not theirs.exists():
            theirs.write_bytes(read)
            if other_copy.endswith("defaults"):
                kept.write_text(json.dumps({"schema": 1, "settings": {}}))
        return read
    monkeypatch.setattr(document, "read_capped", read_then_the_other_copy_sets_aside)
    store = open_store(data)
    monkeypatch.undo()
    assert store.take_notices() == []              # the other copy told its player
    assert store.flush()
    assert [p.name for p in data.iterdir() if ".corrupt-" in p.name] == [theirs.name]
    assert theirs.read_text() == "not json{"
    store.settings.marks = True
    store.save_settings()
    store = reopen(store)
    assert store.take_notices() == [] and store.settings.marks
    store.close()
    assert (data / "settings.json").is_symlink()


def test_a_settings_file_that_is_a_loop_of_links_is_set_aside_not_kept_for_ever(tmp_path):
    """A loop of symbolic links (settings.json -> settings.json) was locked
    as unreadable: told at every start, and no setting ever saved again.
    It is no file, as a FIFO is none: set aside, kept, and started afresh."""
    os.symlink("settings.json", tmp_path / "settings.json")
    store = open_store(tmp_path)
    [said] = store.take_notices()
    assert said.startswith("Your settings could not be read: starting afresh.")
    store.settings.level = "expert"
    store.save_settings()
    store = reopen(store)
    assert store.settings.level == "expert" and store.take_notices() == []
    store.close()
    [aside] = [p for p in tmp_path.iterdir() if ".corrupt-" in p.name]
    assert os.readlink(aside) == "settings.json"          # the link itself, kept


def test_a_damaged_settings_file_another_copy_set_aside_first_is_not_locked(tmp_path,
                                                                           monkeypatch):
    """Two copies started together on a damaged settings.json both read it;
    the second to set it aside found it gone: it was locked ('could not be
    set aside (No such file or directory)') and saved none of its settings
    all session."""
    from game.store import document

    (tmp_path / "settings.json").write_text("{not json")
    real_read = document.read_capped

    def read_then_other_copy_sets_aside(path, *args):
        data = real_read(path, *args)
        if path.name == "settings.json":
            os.rename(path, tmp_path / "settings.corrupt-by-the-other-copy.json")
        return data
    monkeypatch.setattr(document, "read_capped", read_then_other_copy_sets_aside)
    store = open_store(tmp_path)
    monkeypatch.undo()
    assert store.take_notices() == []              # the other copy told its player
    store.settings.level = "expert"
    store.save_settings()
    store = reopen(store)
    assert store.settings.level == "expert"
    store.close()
    assert (tmp_path / "settings.corrupt-by-the-other-copy.json").read_text() == "{not json"
