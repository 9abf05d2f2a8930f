"""Two copies of the game on one data folder: a setting saved by one stays
when the other saves its own (the three-way merge, ``settings_merge``)."""

import dataclasses
import json
import threading

import pygame

from game.store import Store, document

from .helpers import key, make_app, on_disk


def another_copy_chooses(directory, **changes) -> None:
    """Another copy of the game, on the same folder, saves its settings."""
    other = Store(directory)
    other.settings = dataclasses.replace(other.settings, **changes)
    other.save_settings()
    other.close()


def saved_first(directory, **settings):
    """An app started on the settings saved in ``directory`` (as make_app
    sets them), as a copy started after another has saved them."""
    settings = {"sound": False, "scale": 1, **settings}
    another_copy_chooses(directory, **settings)
    return make_app(data_dir=directory, **settings)


def test_a_change_keeps_what_another_copy_saved_meanwhile(tmp_path):
    """Copy B chose French and Expert; a Marks toggle in copy A wrote back
    all of A's settings, read when it started: English and Beginner again.
    A's window stays in its own language, and a second change in A keeps
    B's choices too (A's unchanged English is not a change of A's)."""
    app = saved_first(tmp_path, language="en", marks=True)
    another_copy_chooses(app.store.directory, language="fr", level="expert")
    app.commands.run("toggle_marks")
    app.commands.run("toggle_sound")
    saved = on_disk(app).settings
    assert (saved.language, saved.level, saved.marks, saved.sound) == ("fr", "expert", False, True)
    assert (app.settings.language, app.settings.level) == ("en", "beginner")


def test_a_setting_chosen_again_wins_over_another_copy_s(tmp_path):
    """Both copies showed Beginner; B chose Expert; A's player picks Beginner
    again, which A's settings already held: A's choice is the latest."""
    app = saved_first(tmp_path)
    another_copy_chooses(app.store.directory, level="expert")
    app.commands.run("level_beginner")
    assert on_disk(app).settings.level == "beginner"


def test_a_style_saves_the_board_it_renamed_and_keeps_another_copy_s_settings(tmp_path):
    """A style names only what it sets by rule (style, first click, marks),
    but also renames a custom board that is one of its presets: Custom 9x9
    with 10 mines under Windows 3.1 is XP's Beginner. Both are saved, and
    B's sound on and French stay."""
    app = saved_first(tmp_path, style="win31", level="custom", custom_width=9, custom_height=9,
                      custom_mines=10)
    another_copy_chooses(app.store.directory, sound=True, language="fr")
    app.commands.run("style_xp")
    saved = on_disk(app).settings
    assert (saved.style, saved.level, saved.sound, saved.language) == \
        ("xp", "beginner", True, "fr")


def test_a_command_line_level_is_never_saved_and_another_copy_s_stays(tmp_path):
    """``--level expert``: a Marks toggle saves neither expert nor the level
    read at start over the one B chose meanwhile; the level the player then
    picks is saved."""
    another_copy_chooses(tmp_path, level="beginner")
    app = make_app(data_dir=tmp_path, level="expert", overridden={"level"})
    another_copy_chooses(tmp_path, level="intermediate")
    app.commands.run("toggle_marks")
    assert on_disk(app).settings.level == "intermediate"
    app.commands.run("level_expert")
    assert on_disk(app).settings.level == "expert"


def test_a_damaged_settings_json_is_written_whole_without_a_traceback(tmp_path):
    """settings.json damaged while the game runs: a change saves this copy's
    settings as it last knew the file, with the change."""
    app = saved_first(tmp_path, level="intermediate")
    (app.store.directory / "settings.json").write_text("{not json", "utf-8")
    app.commands.run("toggle_marks")
    app.store.flush()
    saved = json.loads((app.store.directory / "settings.json").read_text("utf-8"))["settings"]
    assert (saved["level"], saved["marks"]) == ("intermediate", app.settings.marks)


def test_a_bad_field_written_meanwhile_is_not_saved_as_its_default(tmp_path):
    """settings.json edited by hand while the game runs, its level mistyped:
    a change saved the default level in its place, as if chosen, rather
    than this copy's own (Intermediate)."""
    app = saved_first(tmp_path, level="intermediate")
    path = app.store.directory / "settings.json"
    document = json.loads(path.read_text("utf-8"))
    document["settings"].update(level="expret", language="fr")
    path.write_text(json.dumps(document), "utf-8")
    app.commands.run("toggle_marks")
    saved = on_disk(app).settings
    assert (saved.level, saved.marks) == ("intermediate", app.settings.marks)


def test_a_bad_field_written_meanwhile_keeps_the_file_s_other_settings(tmp_path):
    """The same hand edit, which also chose French and sound on: the bad
    level made the whole file unread, and this copy's stale English and
    sound off were written over the good fields. Only the bad one keeps
    this copy's value."""
    app = saved_first(tmp_path, level="intermediate")
    path = app.store.directory / "settings.json"
    document = json.loads(path.read_text("utf-8"))
    document["settings"].update(level="expret", language="fr", sound=True)
    path.write_text(json.dumps(document), "utf-8")
    app.commands.run("toggle_marks")
    saved = on_disk(app).settings
    assert (saved.level, saved.marks, saved.language, saved.sound) == \
        ("intermediate", app.settings.marks, "fr", True)


def test_settings_written_meanwhile_as_no_object_are_replaced_without_a_traceback(tmp_path):
    """``"settings": [1, 2]``: nothing in it can be taken, so this copy's
    own are written, with the change."""
    app = saved_first(tmp_path, level="intermediate")
    path = app.store.directory / "settings.json"
    path.write_text(json.dumps({"schema": 1, "settings": [1, 2]}), "utf-8")
    app.commands.run("toggle_marks")
    saved = on_disk(app).settings
    assert (saved.level, saved.marks) == ("intermediate", app.settings.marks)


def test_a_newer_copy_s_own_setting_saved_meanwhile_stays(tmp_path):
    """A newer version's copy keeps a setting this one does not know in the
    same file: this copy wrote back the value it read at its start."""
    app = saved_first(tmp_path)
    path = app.store.directory / "settings.json"
    document = json.loads(path.read_text("utf-8"))
    document["settings"]["theme"] = "dark"
    path.write_text(json.dumps(document), "utf-8")
    app.commands.run("toggle_marks")
    app.store.flush()
    assert json.loads(path.read_text("utf-8"))["settings"]["theme"] == "dark"


def test_a_newer_version_s_settings_json_written_meanwhile_is_left_untouched(tmp_path):
    """A newer version of the game, started beside this one, rewrote
    settings.json at its schema: a Marks toggle here wrote it over with
    this version's, the newer copy's own settings lost. It is left alone
    for the rest of the session, as one found at the start is, and the
    player is told why nothing is saved."""
    from game.ui.screens.notice import NoticeDialog
    app = saved_first(tmp_path)
    path = app.store.directory / "settings.json"
    newer = json.dumps({"schema": 2, "settings": {"level": "expert", "theme": "dark"}})
    path.write_text(newer, "utf-8")
    app.commands.run("toggle_marks")
    app.store.flush()                                    # the writer thread found it...
    app.step()                                           # ...and the next tick tells it
    assert isinstance(app.top, NoticeDialog) and "newer version" in app.top.text
    app.pop()
    app.settings.window_position = [200, 120]
    app.settings_changed("window_position")
    app.step()
    app.store.flush()
    assert path.read_text("utf-8") == newer
    assert app.top is app.play                           # said once


def test_a_notice_from_the_custom_dialog_s_save_is_shown_and_the_dialog_closes(tmp_path):
    """Custom Field's OK saved, which told that settings.json is now a newer
    version's: the notice went on top at once, and the dialog's own close
    then closed the notice, unread, leaving the dialog open over the new
    game."""
    from game.ui.screens.custom import CustomDialog
    from game.ui.screens.notice import NoticeDialog
    app = saved_first(tmp_path)
    app.commands.run("custom")
    app.step()
    assert isinstance(app.top, CustomDialog)
    path = app.store.directory / "settings.json"
    path.write_text(json.dumps({"schema": 2, "settings": {}}), "utf-8")
    key(app, pygame.K_RETURN)
    app.store.flush()
    app.step()
    assert isinstance(app.top, NoticeDialog) and "newer version" in app.top.text
    assert not any(isinstance(screen, CustomDialog) for screen in app.stack)


def test_a_change_while_the_last_save_is_queued_keeps_another_copy_s_setting(tmp_path,
                                                                             monkeypatch):
    """A second change made while the first is being written is merged into
    the file once the first is in it: both of A's changes are saved, and
    B's level, rather than all of A's settings, read at its start."""
    app = saved_first(tmp_path)
    another_copy_chooses(tmp_path, level="expert")
    gate = threading.Event()
    real = document.write_atomic

    def held(path, data):
        gate.wait(5)
        real(path, data)
    monkeypatch.setattr(document, "write_atomic", held)
    app.commands.run("toggle_marks")
    app.commands.run("toggle_sound")
    gate.set()
    saved = on_disk(app).settings
    assert (saved.level, saved.marks, saved.sound) == ("expert", app.settings.marks, True)


def test_attract_mode_s_flag_mode_off_is_not_saved_over_the_player_s(tmp_path):
    """The demo turns flag mode off while it plays; the window's place saved
    then (moved, or closed, during the demo) keeps the player's on disk.
    Given back as the demo ends, the player's flag mode is no change of this
    copy's either: another copy's choice made meanwhile stays."""
    another_copy_chooses(tmp_path, flag_mode=True)
    app = make_app(data_dir=tmp_path, demo=True, flag_mode=True)
    assert app.settings.flag_mode is False                # the demo plays
    app.settings.window_position = [200, 120]
    app.settings_changed("window_position")
    saved = on_disk(app).settings
    assert (saved.flag_mode, saved.window_position) == (True, [200, 120])
    another_copy_chooses(tmp_path, flag_mode=False)
    key(app, pygame.K_SPACE)                              # the visitor is back
    assert app.top is app.play and app.settings.flag_mode
    app.commands.run("toggle_marks")
    assert on_disk(app).settings.flag_mode is False
