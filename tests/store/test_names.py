"""Player names: one cleaning rule, kept real Unicode, on every path."""

import sqlite3
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.store import ANONYMOUS, MAX_NAME_LENGTH, clean_name

from .helpers import open_store, write_records


@pytest.mark.parametrize("typed, kept", [
    ("Zoë", "Zoë"),
    ("José Ñúñez", "José Ñúñez"),
    ("山田太郎", "山田太郎"),
    ("Владимир", "Владимир"),
    ("  padded  ", "padded"),
    ("tab\there", "tabhere"),
    ("bell\x07 and nul\x00", "bell and nul"),
    ("zero\u200bwidth\u202e", "zerowidth"),         # format characters (Cf)
    ("line\u2028break", "line break"),             # stays on one line
    ("e\u0301", "é"),                              # combining accent joins its letter
])
def test_a_name_keeps_its_letters_and_loses_control_characters(typed, kept):
    assert clean_name(typed) == kept


@pytest.mark.parametrize("typed", ["", "   ", "\x00\x01\n", "\u200b", None])
def test_an_empty_name_becomes_anonymous(typed):
    assert clean_name(typed) == ANONYMOUS == "Anonymous"


def test_a_long_name_is_cut_to_twenty_characters_without_trailing_space():
    assert MAX_NAME_LENGTH == 20
    assert clean_name("abcdefghijklmnopqrstuvwxyz") == "abcdefghijklmnopqrst"
    assert clean_name("abcdefghijklmnopqrs tuvwxyz") == "abcdefghijklmnopqrs"
    assert clean_name("数" * 30) == "数" * 20
    assert clean_name("😀" * 25) == "😀" * 20                 # outside the BMP: whole


def test_a_name_entered_as_a_best_time_is_cleaned(tmp_path):
    store = open_store(tmp_path)
    store.add_best_time("beginner", "  \x1b[31mRed\x00  ", 9_000, 20, 2.2)
    assert store.best_times("beginner")[0].name == "[31mRed"


def test_a_name_edited_into_the_database_by_hand_is_cleaned_on_reading(tmp_path):
    store = open_store(tmp_path)
    store.add_best_time("beginner", "Ann", 9_000, 20, 2.2)
    store.close()
    with sqlite3.connect(tmp_path / "records.db") as db:
        db.execute("UPDATE best_times SET name = ?", ("\tBob\u200b" + "x" * 40,))
    db.close()
    assert open_store(tmp_path).best_times("beginner")[0].name == "Bob" + "x" * 17


def test_a_name_in_an_old_records_file_is_cleaned_on_import(tmp_path):
    write_records(tmp_path, {"beginner": [{"name": "\tBob\u200b" + "x" * 40, "time_ms": 9_000,
                                           "date": "2026-01-01T00:00:00", "bbbv": None,
                                           "bbbv_per_s": None}]}, {})
    assert open_store(tmp_path).best_times("beginner")[0].name == "Bob" + "x" * 17


@settings(max_examples=300, derandomize=True, deadline=None)
@given(st.text(max_size=60) | st.text(" \u200c\u200dé\u200b", max_size=30))
def test_any_text_cleans_to_a_short_visible_line_that_cleaning_keeps(typed):
    name = clean_name(typed)
    assert 1 <= len(name) <= MAX_NAME_LENGTH
    assert name == name.strip(" \u200c\u200d")         # a joiner at an end joins nothing
    assert not any(unicodedata.category(char).startswith("C")
                   for char in name if char not in "\u200c\u200d")
    assert not any(char.isspace() and char != " " for char in name)
    assert clean_name(name) == name


def test_the_joiners_stay_in_a_name():
    """ZWNJ inside a Persian word and ZWJ inside an emoji sequence are part
    of how the name is written; other format characters still go."""
    assert clean_name("می\u200cخواهم") == "می\u200cخواهم"
    assert clean_name("👨\u200d👩\u200d👧") == "👨\u200d👩\u200d👧"
    assert clean_name("a\u200eb\u202ec") == "abc"


@pytest.mark.parametrize("long, kept", [
    ("x" * 18 + "👨\u200d👩", "x" * 18),              # not the man without the family
    ("x" * 19 + "🇫🇷", "x" * 19),                    # not half a flag
    ("x" * 19 + "e\u0301", "x" * 19 + "\u00e9"),      # NFC first: é is one character
    ("x" * 19 + "क्ष", "x" * 19),                     # nor a conjunct's first letter
    ("x" * 17 + "👩\u200d💻", "x" * 17 + "👩\u200d💻"),  # 20 characters: kept whole
])
def test_a_name_too_long_is_cut_between_clusters(long, kept):
    """A name read back too long (a records file or settings edited by
    hand, an older copy's) loses whole clusters: cut at 20 characters, it
    kept a man of a family or a flag's first letter, which no font draws."""
    assert clean_name(long) == kept


@pytest.mark.parametrize("typed, kept", [
    ("\u200d", ANONYMOUS),                         # nothing to see: no name
    (" \u200c\u200d \u200d", ANONYMOUS),
    ("\u200d Bob\u200c ", "Bob"),                  # not " Bob" behind an invisible joiner
    ("x" * 19 + "\u200dy", "x" * 19),              # cut after the joiner: it goes too
])
def test_joiners_at_a_names_ends_go_with_its_spaces(typed, kept):
    """A joiner joins the letters either side of it: at an end of a name it
    joins nothing, and a name of joiners alone was kept, shown blank in
    Best Times rather than as Anonymous."""
    assert clean_name(typed) == kept


def test_a_name_whose_first_cluster_passes_the_limit_keeps_its_first_characters(tmp_path):
    """A letter under more marks than the limit (a "Zalgo" name edited into
    a records file by hand) is no whole cluster that fits: the name became
    Anonymous, lost, where it had kept its first 20 characters."""
    zalgo = "Z" + "\u0301" * 30 + "algo"
    assert clean_name(zalgo) == "\u0179" + "\u0301" * (MAX_NAME_LENGTH - 1)   # Ź: Z and one, NFC
    assert clean_name(clean_name(zalgo)) == clean_name(zalgo)
    write_records(tmp_path, {"beginner": [{"name": zalgo, "time_ms": 9_000,
                                           "date": "2026-01-01T00:00:00", "bbbv": None,
                                           "bbbv_per_s": None}]}, {})
    assert open_store(tmp_path).best_times("beginner")[0].name == clean_name(zalgo)


def test_a_huge_name_is_cut_into_clusters_only_as_far_as_the_limit(monkeypatch):
    """A megabyte-long name (a records or settings file edited by hand) was
    cut into clusters all through, 0.27 s of the 0.49 s its cleaning
    took, and the whole text kept in the clusters' cache: a cut at 20
    characters needs the clusters of the first 21 only."""
    import game.graphemes as graphemes

    seen: list[int] = []
    clusters = graphemes.clusters

    def counted(text: str) -> tuple[int, ...]:
        seen.append(len(text))
        return clusters(text)

    monkeypatch.setattr(graphemes, "clusters", counted)
    assert clean_name("wxyz" + "Ana 👩\u200d💻 e\u0301 " * 100_000) == "wxyzAna 👩\u200d💻 é Ana"
    assert max(seen) <= MAX_NAME_LENGTH + 1


def test_a_huge_name_is_looked_at_only_as_far_as_a_name_can_reach(monkeypatch):
    """A 20 MB name edited into records.db was looked at a character at a
    time all through, at each reading of Best Times (the dialog, History,
    each win ranked): 3 s of the interpreter each time, the window's frames
    starved meanwhile. No name the game writes comes near 1,024 characters."""
    seen: list[str] = []
    category = unicodedata.category

    def counted(char: str) -> str:
        seen.append(char)
        return category(char)

    monkeypatch.setattr(unicodedata, "category", counted)
    assert clean_name("Ann " + "x" * 1_000_000) == "Ann " + "x" * (MAX_NAME_LENGTH - 4)
    assert len(seen) <= 1024
