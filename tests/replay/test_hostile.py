"""Replay files from strangers: every bad file gets one clear line, exit 2,
never a traceback; good files are checked against what their moves give."""

from __future__ import annotations

import dataclasses
import json
import os
import re
import socket
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import i18n
from game.cli import check_replay
from game.replay import MAX_BYTES, ReplayError, Timeline, check, decode, encode, read_file
from game.replay.playback import Playback
from tests.store.hostile import unix_socket

from .helpers import flag_cycle, recorded

ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


@pytest.fixture(scope="module")
def won():
    """A won Intermediate game (seed and layout), as a JSON document."""
    _, replay = recorded("intermediate", "safe", seed=3)
    assert replay.result == "won"
    return json.loads(encode(replay))


def changed(doc, **fields):
    new = dict(doc)
    for name, value in fields.items():
        if value is ...:
            new.pop(name, None)
        else:
            new[name] = value
    return json.dumps(new)


def tampered_layout(doc):
    rows = list(doc["layout"])
    y = next(i for i, row in enumerate(rows) if "*" in row and "." in row)
    rows[y] = rows[y][::-1] if rows[y][::-1] != rows[y] else rows[y]
    return rows


#: A hexagons field with a hole in the middle, unfinished after one move:
#: the recorder never writes a move on a hole, which the engine passes over.
HOLED = {"format": "minesweeper-replay", "version": 1, "width": 8, "height": 8, "mines": 2,
         "shape": "hex", "marks": True, "first_click": "safe", "result": "unfinished",
         "time_ms": 5, "layout": ["*.......", "........", "..    ..", "..    ..", "........",
                                  "........", "......*.", "........"]}

CASES = [
    ("truncated", lambda d: encode_doc(d)[:200], "not JSON: "),
    ("empty", lambda d: "", "not JSON: Expecting value at line 1 column 1"),
    ("not UTF-8", lambda d: b"\xff\xfe{}", "not UTF-8 text"),
    ("two byte order marks", lambda d: b"\xef\xbb\xbf\xef\xbb\xbf" + encode_doc(d).encode(),
     "not JSON: Unexpected byte order mark (BOM) at line 1 column 1"),
    ("a list", lambda d: "[1, 2]", "the file is not a JSON object"),
    ("deep nesting", lambda d: "[" * 100000 + "]" * 100000, "nested too deeply"),
    ("5,000-digit number", lambda d: '{"width": ' + "9" * 5000 + "}",
     "not a replay: a number is too long"),
    ("5,000-digit move time", lambda d: changed(d, moves=[[0, "R 1 1"]])
     .replace('"R 1 1"]', '"R 1 1"], [' + "1" * 5000 + ', "R 2 2"]'),
     "not a replay: a number is too long"),
    ("other format", lambda d: changed(d, format="avf"), "not a minesweeper replay"),
    ("no format", lambda d: changed(d, format=...),
     "not a minesweeper replay (it has no format, expected 'minesweeper-replay')"),
    ("no version", lambda d: changed(d, version=...), "version is missing"),
    ("no moves", lambda d: changed(d, moves=...), "moves is missing"),
    ("null width", lambda d: changed(d, width=None), "width must be a whole number, not null"),
    ("marks as a word", lambda d: changed(d, marks="yes"), "marks must be true or false, not 'yes'"),
    ("unknown version", lambda d: changed(d, version=2), "unknown version 2"),
    ("version as text", lambda d: changed(d, version="1"), "unknown version '1'"),
    ("width as text", lambda d: changed(d, width="16"), "width must be a whole number, not '16'"),
    ("huge width", lambda d: changed(d, width=10 ** 100), "width must be from 8 to 100"),
    ("narrow board", lambda d: changed(d, width=3), "width must be from 8 to 100, not 3"),
    ("short board", lambda d: changed(d, height=1), "height must be from 8 to 100, not 1"),
    ("float mines", lambda d: changed(d, mines=40.0), "mines must be a whole number"),
    ("marks as number", lambda d: changed(d, marks=1), "marks must be true or false"),
    ("unknown rule", lambda d: changed(d, first_click="lucky"), "first_click must be one of"),
    ("unknown shape", lambda d: changed(d, shape="cube"), "shape 'cube' is not one"),
    ("huge seed", lambda d: changed(d, seed=2 ** 80, layout=...), "seed must be from 0 to"),
    ("no board", lambda d: changed(d, seed=..., layout=...), "give a seed or a layout"),
    ("short layout", lambda d: changed(d, layout=d["layout"][:-1]), "layout must be a list of 16"),
    ("layout bad cell", lambda d: changed(d, layout=["x" * 16] * 16), "layout row 0 holds 'x'"),
    ("layout mine count", lambda d: changed(d, layout=["." * 16] * 16),
     "layout has 0 mines, the file says 40"),
    ("tampered layout", lambda d: changed(d, layout=tampered_layout(d)),
     "the layout is not the board its seed gives"),
    ("moves not a list", lambda d: changed(d, moves="R 1 1"), "moves must be a list"),
    ("move wrong type", lambda d: changed(d, moves=[[0, 5]]), "move 1 must be [t_ms"),
    ("move bad text", lambda d: changed(d, moves=[[0, "X 1 1"]]), "move 1: bad move 'X 1 1'"),
    ("move off the board", lambda d: changed(d, moves=d["moves"][:3] + [[10 ** 6, "R 16 2"]]),
     "move 4 'R 16 2' is outside the 16x16 board"),
    ("negative move", lambda d: changed(d, moves=[[0, "R -1 2"]]), "must not be negative"),
    ("a megabyte move", lambda d: changed(d, moves=[[0, "X" * 10 ** 6]]),
     "move 1: bad move 'XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX...': expected 'R x y'"),
    ("4,000-digit coordinate", lambda d: changed(d, moves=[[0, "R 1 " + "9" * 4000]]),
     "move 1 'R 1 9999999999999999999999999999999...' is outside the 16x16 board"),
    ("5,000-digit coordinate", lambda d: changed(d, moves=[[0, "C " + "1" * 5000 + " 2"]]),
     "move 1 'C " + "1" * 33 + "...' is outside the 16x16 board"),
    ("move on a hole", lambda d: json.dumps({**HOLED, "moves": [[0, "F 0 7"], [5, "R 3 3"]]}),
     "move 2 'R 3 3' is on a hole of the shaped field"),
    ("time going back", lambda d: changed(d, moves=[d["moves"][0], [500, "F 1 1"],
                                                    [499, "F 2 2"]]),
     "move 3: time goes back (499\u00a0ms after 500\u00a0ms)"),
    ("first move late", lambda d: changed(d, moves=[[7, "R 1 1"]]), "times count from the first"),
    ("huge time", lambda d: changed(d, time_ms=10 ** 30), "time_ms must be from 0 to"),
    ("time before last move", lambda d: changed(d, time_ms=1), "time_ms 1 is before the last move"),
    ("faster time claimed", lambda d: changed(d, time_ms=d["time_ms"] + 1),
     "is not the time of the last move"),
    ("wrong result", lambda d: changed(d, result="lost"), "the moves give 'won', the file says"),
    ("result unknown", lambda d: changed(d, result="draw"), "result must be one of"),
    ("moves after the end", lambda d: changed(d, moves=d["moves"] + [[d["time_ms"], "R 0 0"]]),
     "comes after the game ended"),
    ("unfinished claims a win", lambda d: changed(d, moves=d["moves"][:5], result="won", pointer=...,
                                                  time_ms=d["moves"][4][0]),
     "the moves give 'unfinished', the file says 'won'"),
    ("long player name", lambda d: changed(d, player="A" * 1000), "player must be a text"),
    ("NUL in the level", lambda d: changed(d, level="a\x00b"),
     "level must be plain text (no control characters or lone surrogates), not 'a\\x00b'"),
    ("newline in the player", lambda d: changed(d, player="Ann\nBob"), "player must be plain"),
    ("C1 control in the date", lambda d: changed(d, date="2026\x85"), "date must be plain"),
    ("lone surrogate in the player", lambda d: changed(d, player="\ud800x"),
     "player must be plain text"),
    ("lone surrogate as the date", lambda d: changed(d, date="\udfff"), "date must be plain"),
    ("pointer off the board", lambda d: changed(d, pointer=[0, 99, 0, 0]),
     "pointer sample 1 [0, 99, 0, 0] is outside the board"),
    ("4,000-digit pointer x", lambda d: changed(d, pointer=[0, 10 ** 4000, 0, 0]),
     "pointer sample 1 [0, 100000000000000000000000000000000... is outside the board"),
    ("4,000-digit pointer buttons", lambda d: changed(d, pointer=[0, 1, 2, 9 * 10 ** 3999]),
     "pointer sample 1 [0, 1, 2, 900000000000000000000000000... is outside the board"),
    ("pointer going back", lambda d: changed(d, pointer=[5, 0, 0, 0, -1, 0, 0, 0]),
     "pointer sample 2: time goes back"),
    ("pointer past the end", lambda d: changed(d, pointer=[10 ** 9, 0, 0, 0]),
     "pointer sample 1: time goes back or passes the end"),
    ("pointer cut short", lambda d: changed(d, pointer=[5, 0, 0]), "pointer must be a list"),
    ("pointer of floats", lambda d: changed(d, pointer=[5.5, 0, 0, 0]),
     "pointer must hold whole numbers"),
    ("modes not a list", lambda d: changed(d, modes="flag_mode"),
     "modes must be a list of at most 100,000 [t_ms, setting, true|false]"),
    ("modes unknown setting", lambda d: changed(d, modes=[[0, "sound", True]]),
     "modes entry 1 must be [t_ms, setting, true|false] with a setting among flag_mode,"),
    # A value nested deeper than Python recurses, though the JSON reader
    # takes it, was written whole for the message: a RecursionError traceback.
    ("format nested 500 deep", lambda d: changed(d, format=json.loads("[" * 500 + "]" * 500)),
     "not a minesweeper replay (format is [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[...,"),
    ("player an object nested 400 deep",
     lambda d: changed(d, player=json.loads('{"a": ' * 400 + "1" + "}" * 400)),
     "player must be a text of at most 64 characters, not {'a': {'a': {'a': {'a': {'a': {'a': {..."),
    # A list or an object for the setting's name was looked up in a dict:
    # "unhashable type: 'list'", a traceback from --check.
    ("modes setting as a list", lambda d: changed(d, modes=[[0, ["flag_mode"], True]]),
     "modes entry 1 must be [t_ms, setting, true|false] with a setting among flag_mode,"),
    ("modes setting as an object", lambda d: changed(d, modes=[[0, {"flag_mode": 1}, True]]),
     "modes entry 1 must be [t_ms, setting, true|false] with a setting among flag_mode,"),
    ("modes value as a word", lambda d: changed(d, modes=[[0, "flag_mode", "yes"]]),
     "modes entry 1 must be [t_ms, setting, true|false]"),
    ("modes time as a bool", lambda d: changed(d, modes=[[True, "flag_mode", True]]),
     "modes entry 1 must be [t_ms, setting, true|false]"),
    ("modes going back", lambda d: changed(d, modes=[[9, "flag_mode", True],
                                                     [8, "flag_mode", False]]),
     "modes entry 2: time goes back or passes the end"),
    ("modes past the end", lambda d: changed(d, modes=[[10 ** 9, "chord_left_click", False]]),
     "modes entry 1: time goes back or passes the end"),
    ("cursor not a list", lambda d: changed(d, cursor={"x": 1}),
     "cursor must be a list of at most 100,000 [t_ms, x, y]"),
    ("cursor entry cut short", lambda d: changed(d, cursor=[[0, 4]]),
     "cursor entry 1 must be [t_ms, x, y], whole numbers"),
    ("cursor of bools", lambda d: changed(d, cursor=[[0, True, 4]]),
     "cursor entry 1 must be [t_ms, x, y], whole numbers"),
    ("cursor going back", lambda d: changed(d, cursor=[[9, 1, 1], [8, 2, 1]]),
     "cursor entry 2: time goes back or passes the end"),
    ("cursor past the end", lambda d: changed(d, cursor=[[10 ** 9, 1, 1]]),
     "cursor entry 1: time goes back or passes the end"),
    ("cursor off the board", lambda d: changed(d, cursor=[[0, 16, 3]]),
     "cursor entry 1: cell 16 3 is off the board (-1 -1: hidden)"),
    ("cursor half hidden", lambda d: changed(d, cursor=[[0, -1, 3]]),
     "cursor entry 1: cell -1 3 is off the board"),
    ("cursor on a hole", lambda d: json.dumps({**HOLED, "moves": [[0, "F 0 7"]],
                                               "cursor": [[0, 1, 1], [3, 3, 3]]}),
     "cursor entry 2: cell 3 3 is on a hole of the shaped field, not a cell"),
]


def encode_doc(doc) -> str:
    return json.dumps(doc)


@pytest.mark.parametrize("name, make, message", CASES, ids=[c[0] for c in CASES])
def test_each_bad_file_gets_its_own_clear_error(won, name, make, message, tmp_path, capsys):
    data = make(won)
    path = tmp_path / "bad.json"
    path.write_bytes(data if isinstance(data, bytes) else data.encode())
    with pytest.raises(ReplayError) as error:
        check(read_file(path))
    assert message in str(error.value)
    assert "\n" not in str(error.value) and len(str(error.value)) < 200
    assert check_replay(path) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and message in err


#: What a message may share with its English: the file's field names, the
#: values it allows, JSON's literals, and words French writes the same.
FILE_WORDS = {"width", "height", "mines", "marks", "first_click", "seed", "layout", "moves",
              "t_ms", "time_ms", "result", "player", "level", "date", "pointer", "dt_ms",
              "version", "format", "shape", "opening", "safe", "classic", "grid", "torus", "hex",
              "won", "lost", "unfinished", "true", "false", "JSON", "UTF", "replay", "long",
              "mine", "null", "modes", "flag_mode", "chord_left_click", "cursor", "BOM"}


def _words(message: str) -> set[str]:
    """The words of ``message`` outside the values it quotes from the file
    (a long value is cut short, its closing quote with it) and the names it
    quotes as its language does (« minesweeper-replay »)."""
    return set(re.findall(r"[A-Za-z_]{3,}", re.sub(r"'[^']*('|$)|«[^»]*»", "", message)))


@pytest.mark.parametrize("name, make, message", CASES, ids=[c[0] for c in CASES])
def test_each_bad_file_is_told_in_the_players_language(won, name, make, message, tmp_path):
    """The window shows these messages in a notice and the command line
    prints them: in French, none of the English sentence may be left."""
    data = make(won)
    path = tmp_path / "bad.json"
    path.write_bytes(data if isinstance(data, bytes) else data.encode())
    said = {}
    for language in ("en", "fr"):
        i18n.set_language(language)
        with pytest.raises(ReplayError) as error:
            check(read_file(path))
        said[language] = str(error.value)
    assert said["fr"] != said["en"]
    assert _words(said["en"]) & _words(said["fr"]) <= FILE_WORDS


@pytest.mark.parametrize("language, told", [
    ("en", "seed must be from 0 to 18,446,744,073,709,551,615, not -5"),
    ("fr", "seed doit aller de 0 à 18\u202f446\u202f744\u202f073\u202f709\u202f551\u202f615,"
           " et non -5"),
])
def test_a_range_refused_is_written_as_the_language_writes_numbers(won, language, told):
    """A replay's seed out of range said "de 0 à 18446744073709551615" in
    French, where --seed on the command line said the same range grouped.
    The bounds are the game's; the value is quoted as the file writes it."""
    i18n.set_language(language)
    with pytest.raises(ReplayError) as error:
        decode(changed(won, seed=-5))
    assert str(error.value) == told


def test_a_board_the_engine_refuses_names_its_range_grouped(won):
    i18n.set_language("fr")
    doc = changed(won, width=100, height=100, mines=9999, layout=..., moves=[], pointer=...,
                  result="unfinished", time_ms=0)
    with pytest.raises(ReplayError) as error:
        check(decode(doc))
    assert str(error.value) == ("grille invalide\u202f: mines doit aller de 1 à 9\u202f801"
                                " sur cette grille, et non 9999")


@pytest.mark.parametrize("language, told", [
    ("en", "move 3: time goes back (2000\u00a0ms after 12345\u00a0ms)"),
    ("fr", "coup 3\u202f: le temps recule (2000\u00a0ms après 12345\u00a0ms)"),
])
def test_a_time_keeps_its_unit_on_its_line(won, language, told):
    """"12345 ms" with a plain space: a notice wrapping the line could leave
    "ms" alone at the start of the next one. A no-break space holds them."""
    i18n.set_language(language)
    moves = [[0, "R 1 1"], [12345, "F 2 2"], [2000, "F 2 2"]]
    with pytest.raises(ReplayError) as error:
        decode(changed(won, moves=moves))
    assert str(error.value) == told


def test_a_bad_file_is_told_in_french_on_the_command_line(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"format": "minesweeper-replay", "version": 9}')
    result = subprocess.run([sys.executable, "-m", "game", "--replay", str(path), "--check"],
                            capture_output=True, text=True, env={**ENV, "LANGUAGE": "fr"},
                            timeout=120)
    assert result.returncode == 2
    assert result.stderr.strip() == f"minesweeper\u202f: «\u202f{path}\u202f»\u202f: version 9 inconnue" \
                                    " (ce jeu lit la version 1)"


def test_50_mb_file_is_refused_without_reading_it_whole(tmp_path):
    path = tmp_path / "huge.json"
    with open(path, "wb") as f:
        f.write(b'{"format": "minesweeper-replay", "moves": [' + b" " * (50 * 1024 * 1024))
    with pytest.raises(ReplayError) as refused:
        read_file(path)
    assert str(refused.value) == f"file too big (a replay is at most {MAX_BYTES:,} bytes)"


def test_a_file_saved_by_windows_notepad_with_a_byte_order_mark_is_read(won, tmp_path):
    """Notepad writes UTF-8 with a byte order mark, and CRLF line ends: the
    replay edited there is the same replay (it was refused, "not JSON:
    Unexpected UTF-8 BOM", in English whatever the player's language)."""
    text = json.dumps(won, indent=1).replace("\n", "\r\n")
    path = tmp_path / "edited.json"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert read_file(path) == decode(json.dumps(won))
    assert decode("\ufeff" + text) == decode(json.dumps(won))


def test_missing_file_is_one_line_naming_the_file_once(tmp_path):
    path = tmp_path / "nothing.json"
    result = subprocess.run([sys.executable, "-m", "game", "--replay", str(path), "--check"],
                            capture_output=True, text=True, env=ENV, timeout=120)
    assert result.returncode == 2
    assert result.stderr == f"minesweeper: '{path}': cannot read it: No such file or directory\n"


def test_good_file_prints_result_time_and_3bv(won, tmp_path):
    path = tmp_path / "good.json"
    path.write_text(json.dumps(won))
    result = subprocess.run([sys.executable, "-m", "game", "--replay", str(path), "--check"],
                            capture_output=True, text=True, env=ENV, timeout=120)
    checked = check(decode(json.dumps(won)))
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"won {won['time_ms']} {checked.bbbv}\n"
    assert checked.bbbv > 0


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_result_that_cannot_be_written_is_one_line_and_status_1(won, tmp_path):
    """``--check > /dev/full`` (a full disk): the result is lost, and said
    to be in one line, exit status 1; it ended with a traceback."""
    path = tmp_path / "good.json"
    path.write_text(json.dumps(won))
    with open("/dev/full", "w") as full:
        result = subprocess.run([sys.executable, "-m", "game", "--replay", str(path), "--check"],
                                stdout=full, stderr=subprocess.PIPE, text=True, env=ENV,
                                timeout=120)
    assert result.returncode == 1
    assert result.stderr == "minesweeper: cannot write the result: No space left on device\n"


def test_bad_file_from_the_command_line_exits_2_with_one_line(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"format": "minesweeper-replay", "version": 9}')
    result = subprocess.run([sys.executable, "-m", "game", "--replay", str(path), "--check"],
                            capture_output=True, text=True, env=ENV, timeout=120)
    assert result.returncode == 2
    assert result.stderr.strip() == f"minesweeper: '{path}': unknown version 9 (this game reads" \
                                    " version 1)"


def test_seed_only_replay_is_checked_from_the_seed(won):
    doc = dict(won)
    del doc["layout"]
    assert check(decode(json.dumps(doc))).result == "won"


def pointer_read_one_sample_at_a_time(items, width, height, time_ms):
    """The pointer track as the format defines it, sample by sample: the
    samples with their moments, or the message about the first bad one."""
    samples, t = [], 0
    for n in range(len(items) // 4):
        dt, x, y, buttons = items[4 * n:4 * n + 4]
        t += dt
        if dt < 0 or t > time_ms:
            return f"pointer sample {n + 1}: time goes back or passes the end"
        if not (-1 <= x < width and -1 <= y < height and 0 <= buttons <= 7):
            return f"pointer sample {n + 1} {[dt, x, y, buttons]} is outside the board"
        samples.append((t, x, y, buttons))
    return tuple(samples)


SAMPLES = st.lists(st.tuples(st.integers(0, 5), st.integers(-1, 7), st.integers(-1, 7),
                             st.integers(0, 7)), max_size=10)
#: Values just past each field's bound: a time going back or past the end
#: (the track is 60 ms long), a cell off the 8x8 board, an unknown button.
BREAKS = st.tuples(st.integers(0, 9), st.sampled_from([(0, -1), (0, 61), (1, -2), (1, 8),
                                                      (2, -2), (2, 8), (3, -1), (3, 8)]))


@settings(max_examples=300, derandomize=True, deadline=None)
@given(SAMPLES, st.lists(BREAKS, max_size=2))
def test_the_pointer_track_is_read_as_sample_by_sample(samples, breaks):
    """The reader checks whole columns at once; it must accept and refuse
    exactly what a sample-by-sample reading does, with the same message
    (about the first bad sample when there are two)."""
    items = [v for sample in samples for v in sample]
    for at, (field, value) in breaks:
        if 4 * at < len(items):
            items[4 * at + field] = value
    doc = json.loads(encode(flag_cycle(3)))                  # 8x8
    doc["time_ms"] = 60
    doc["pointer"] = items
    expected = pointer_read_one_sample_at_a_time(items, 8, 8, 60)
    try:
        got: object = tuple(decode(json.dumps(doc)).pointer)
    except ReplayError as e:
        got = str(e)
    assert got == expected


def test_texts_in_any_script_with_spaces_and_punctuation_are_kept():
    """Only control characters and lone surrogates are refused in a text."""
    kept = dataclasses.replace(flag_cycle(3), player="Zoë O’Brien 李 🙂", date="2026-11-23 14:02",
                               level="heart (custom) #2")
    assert decode(encode(kept)) == kept


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_at_once_not_waited_on(tmp_path):
    """Opening a FIFO for reading waits for a writer, for ever: the check
    must answer without opening it that way (a subprocess, so that the
    test fails on its timeout rather than hangs)."""
    fifo = tmp_path / "f.json"
    os.mkfifo(fifo)
    result = subprocess.run([sys.executable, "-m", "game", "--replay", str(fifo), "--check"],
                            capture_output=True, text=True, env=ENV, timeout=60)
    assert result.returncode == 2
    assert result.stderr.strip() == f"minesweeper: '{fifo}': not a file (a folder, a pipe or" \
                                    " a device)"


@pytest.mark.skipif(not hasattr(socket, "AF_UNIX"), reason="no Unix sockets here")
def test_a_socket_is_not_a_replay_file(tmp_path, capsys):
    """Opened, a socket gives ENXIO: the line said "cannot read it: No such
    device or address", the system's English in a French line too."""
    unix_socket(tmp_path / "r.json")
    assert check_replay(tmp_path / "r.json") == 2
    assert capsys.readouterr().err.strip() == f"minesweeper: '{tmp_path / 'r.json'}': not a file" \
                                              " (a folder, a pipe or a device)"


def test_a_folder_is_not_a_replay_file(tmp_path, capsys):
    assert check_replay(tmp_path) == 2
    assert capsys.readouterr().err.strip() == f"minesweeper: '{tmp_path}': not a file (a folder," \
                                              " a pipe or a device)"


#: A move's text, often one of the board's, sometimes just off it.
MOVE_TEXTS = st.builds("{} {} {}".format, st.sampled_from("RFCM"), st.integers(-1, 101),
                       st.integers(-1, 101))
#: Any JSON value, to put where a replay's field or one of its items was.
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-2 ** 70, 2 ** 70) | st.integers(-2, 101)
    | st.floats() | st.text(max_size=12) | MOVE_TEXTS | st.tuples(st.integers(0, 10 ** 5),
                                                                 MOVE_TEXTS).map(list),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner,
                                                                max_size=4),
    max_leaves=12)
FIELDS = st.sampled_from(["format", "version", "width", "height", "mines", "shape", "marks",
                          "first_click", "seed", "layout", "moves", "result", "time_ms",
                          "player", "date", "level", "pointer", "modes"])
LISTS = st.sampled_from(["moves", "pointer", "layout", "modes"])
#: A whole field changed or left out, an item of a list changed, or the
#: bytes cut short or bit-flipped.
DAMAGE = st.one_of(
    st.tuples(st.just("field"), FIELDS, JSON_VALUES | st.just(...)),
    st.tuples(st.just("item"), LISTS, st.integers(0, 10 ** 4), JSON_VALUES),
    st.tuples(st.just("cut"), st.floats(0, 1)),
    st.tuples(st.just("flip"), st.floats(0, 1), st.integers(0, 7)),
)


def damaged(doc: dict, damage: list) -> bytes:
    doc = json.loads(json.dumps(doc))
    data = None
    for kind, *args in damage:
        if data is None and kind == "field":
            name, value = args
            if value is ...:
                doc.pop(name, None)
            else:
                doc[name] = value
        elif data is None and kind == "item" and isinstance(doc.get(args[0]), list) \
                and doc[args[0]]:
            name, at, value = args
            doc[name][at % len(doc[name])] = value
        elif kind in ("cut", "flip"):
            if data is None:
                data = bytearray(json.dumps(doc).encode())
            at = int(args[0] * (len(data) - 1))
            if kind == "cut":
                del data[at:]
            elif data:
                data[at] ^= 1 << args[1]
    return bytes(data) if data is not None else json.dumps(doc).encode()


FACES = ("smile", "oh", "cool", "dead")


@pytest.fixture(scope="module")
def sent():
    """Replays of three shapes and rules, as JSON documents, to damage."""
    return [json.loads(encode(recorded(level, rule, 4, shape=shape)[1]))
            for level, rule, shape in [("beginner", "opening", "grid"),
                                       ("intermediate", "classic", "hex"),
                                       ("heart", "safe", "torus")]]


@settings(max_examples=150, derandomize=True, deadline=None)
@given(data=st.data())
def test_a_damaged_file_is_watched_or_refused_in_one_line_and_left_as_it_was(sent, tmp_path_factory,
                                                                            data):
    """Whatever is changed, cut or flipped in a file, reading and checking
    it gives a replay the viewer can play from start to end, or one
    ReplayError of one short line; never another exception, and the file
    is read, never written."""
    doc = data.draw(st.sampled_from(sent))
    path = tmp_path_factory.mktemp("sent") / "sent.json"
    path.write_bytes(damaged(doc, data.draw(st.lists(DAMAGE, min_size=1, max_size=3))))
    before = (path.read_bytes(), path.stat().st_mtime_ns)
    try:
        replay = read_file(path)
        check(replay)
    except ReplayError as e:
        assert "\n" not in str(e) and 0 < len(str(e)) < 200
    else:
        playback = Playback(Timeline(replay))
        for seek in (playback.end, playback.home, lambda: playback.seek(replay.time_ms / 2)):
            seek()
            playback.settle()
            board = playback.field()
            assert playback.shown == playback.moves and playback.face() in FACES
            assert all(board.cell(*cell) in "#?" for cell in playback.pressed_cells())
            assert playback.figures().clicks.total <= len(replay.moves)
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before


@pytest.mark.parametrize("language, told", [
    ("en", "not a minesweeper replay (it has no format, expected 'minesweeper-replay')"),
    ("fr", "pas un replay de Démineur (aucun format, au lieu de"
           " «\u202fminesweeper-replay\u202f»)"),
])
def test_the_format_expected_is_quoted_as_the_language_quotes(won, language, told):
    """French quoted it 'minesweeper-replay', with English quotes: the name
    came already quoted (its repr) into the sentence. The catalogue quotes it."""
    i18n.set_language(language)
    with pytest.raises(ReplayError) as error:
        decode(changed(won, format=...))
    assert str(error.value) == told
