"""A name given twice in settings.json (a hand edit pasting a line, two
"settings" objects): JSON keeps the last and drops the other without a
word, so a value the player chose vanished at the next save, the file
never set aside. A name whose values differ is a bad field; one given
twice with the same value costs nothing."""

import json
import tempfile
from dataclasses import asdict
from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st

from game.settings import Settings
from game.store import settings_file

from .helpers import files_in, open_store
from .test_generated import JSON_VALUES

ASIDE = "settings.corrupt-20261122-153000.json"


def write_text(directory, text):
    (directory / "settings.json").write_text(text, "utf-8")


def test_two_settings_objects_keep_the_fields_of_both_and_the_file_aside(tmp_path):
    text = ('{"schema": 1, "settings": {"sound": false, "player_name": "Ann", "level": "expert"},'
            ' "settings": {"marks": true, "level": "intermediate"}}')
    write_text(tmp_path, text)
    store = open_store(tmp_path)
    assert store.settings == Settings(sound=False, player_name="Ann", marks=True)
    [message] = store.take_notices()
    assert message.startswith("Some settings could not be read and are back to their defaults:"
                              " Level. ")
    assert (tmp_path / ASIDE).read_text("utf-8") == text
    store.close()
    saved = json.loads((tmp_path / "settings.json").read_text("utf-8"))["settings"]
    assert saved == asdict(Settings(sound=False, player_name="Ann", marks=True))


def test_a_setting_given_twice_with_two_values_is_bad_and_the_rest_is_kept(tmp_path):
    write_text(tmp_path, '{"schema": 1, "settings": {"scale": 2, "sound": false, "scale": 3}}')
    store = open_store(tmp_path)
    assert store.settings == Settings(sound=False)
    [message] = store.take_notices()
    assert message.startswith("Some settings could not be read and are back to their defaults:"
                              " Zoom. ")
    assert ASIDE in files_in(tmp_path)


def test_a_setting_given_twice_with_one_value_is_read_in_silence(tmp_path):
    write_text(tmp_path, '{"schema": 1, "schema": 1, "settings": {"scale": 2, "scale": 2},'
                         ' "settings": {"sound": false, "window_position": [3, 4]}}')
    store = open_store(tmp_path)
    assert store.settings == Settings(scale=2, sound=False, window_position=[3, 4])
    assert store.notices == []
    assert files_in(tmp_path) == {"settings.json", "records.db"}


#: Members of the "settings" object, names drawn from a few so that some repeat.
MEMBERS = st.lists(st.tuples(st.sampled_from(["level", "scale", "sound", "player_name",
                                              "window_position", "zz"]), JSON_VALUES),
                   max_size=6)


@settings(max_examples=60, derandomize=True, deadline=None)
@given(MEMBERS)
@example([("window_position", [1, 2]), ("window_position", [True, 2])])
@example([("scale", 0.0), ("scale", -0.0), ("zz", 1), ("zz", 2)])
def test_any_names_given_twice_start_the_game_and_a_lost_value_is_told(members):
    """Whatever names repeat, the game starts with settings it can save
    again as they are; a setting given two different values is told, and
    the file as it was kept aside."""
    pairs = ", ".join(f"{json.dumps(name)}: {json.dumps(value, allow_nan=True)}"
                      for name, value in members)
    text = '{"schema": 1, "settings": {' + pairs + "}}"
    values: dict[str, set[str]] = {}
    for name, value in members:
        values.setdefault(name, set()).add(json.dumps(value, allow_nan=True, sort_keys=True))
    lost = any(len(given) > 1 and name != "zz" for name, given in values.items())
    with tempfile.TemporaryDirectory() as folder:
        directory = Path(folder)
        write_text(directory, text)
        store = open_store(directory)
        chosen = store.settings
        told = store.take_notices()
        store.close()
        assert settings_file.decode(json.loads(settings_file.encode(chosen))) == (chosen, [])
        kept = [p.read_text("utf-8") for p in directory.glob("settings.corrupt-*")]
        assert kept == ([text] if told else [])
        if lost:
            assert told


def test_a_save_merges_into_a_file_edited_meanwhile_with_two_settings_objects(tmp_path):
    """A save reads the file again to keep what another copy (or a hand
    edit) put there since: the fields of the first object were lost too."""
    store = open_store(tmp_path)
    store.flush()                     # the defaults of a first start written
    write_text(tmp_path, '{"schema": 1, "settings": {"sound": false},'
                         ' "settings": {"level": "expert"}}')
    store.settings.marks = True
    store.save_settings_merged(store.settings, ["marks"])     # as the Game menu saves it
    store.close()
    saved = json.loads((tmp_path / "settings.json").read_text("utf-8"))["settings"]
    assert saved == asdict(Settings(sound=False, level="expert", marks=True))
