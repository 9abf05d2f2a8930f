"""A replay file named alone on the command line, as Windows' "Open with" and
a file dropped on the executable pass it: watched as with ``--replay FILE``."""

from pathlib import Path

import pytest

from game.cli import main
from game.cli.options import parse
from game.ui.commands import Commands

GOOD = ('{"format": "minesweeper-replay", "version": 1, "width": 9, "height": 9,'
        ' "mines": 10, "shape": "grid", "marks": true, "first_click": "opening",'
        ' "seed": 7, "moves": [], "result": "unfinished", "time_ms": 0}')


@pytest.mark.parametrize("args", [["game.json"], ["game.json", "--level", "expert"],
                                  ["--no-sound", "game.json", "--scale", "2"],
                                  ["--", "-game.json"]])
def test_a_file_named_alone_is_the_replay_to_watch(args):
    expected = Path(args[-1] if args[0] == "--" else "game.json")
    assert parse(args).replay == expected


def test_the_window_opens_the_file_named_alone_as_it_opens_replay_file(
        tmp_path, monkeypatch):
    opened = []
    monkeypatch.setattr(Commands, "open_replay_file", lambda self, path: opened.append(path))
    replay = tmp_path / "my game.json"
    assert main([str(replay), "--frames", "1", "--data-dir", str(tmp_path / "data")]) == 0
    assert main(["--replay", str(replay), "--frames", "1",
                 "--data-dir", str(tmp_path / "data")]) == 0
    assert opened == [replay, replay]


def test_check_takes_the_file_named_alone(tmp_path, capsys):
    replay = tmp_path / "game.json"
    replay.write_text(GOOD, encoding="utf-8")
    assert main([str(replay), "--check"]) == 0
    assert capsys.readouterr().out == "unfinished 0 0\n"


def test_a_file_alone_that_is_no_replay_gets_the_refusal_replay_gives(tmp_path, capsys):
    for bad in (tmp_path / "missing.json", tmp_path):
        assert main([str(bad), "--check"]) == 2
        alone = capsys.readouterr()
        assert main(["--replay", str(bad), "--check"]) == 2
        assert alone == capsys.readouterr()
        assert alone.err.startswith(f"minesweeper: '{bad}': ") and alone.out == ""
        assert len(alone.err.splitlines()) == 1


@pytest.mark.parametrize("args, message", [
    (["a.json", "b.json"], "unrecognized arguments: b.json"),
    (["--replay", "a.json", "b.json"], "give the replay file once: --replay FILE or FILE alone"),
    ([""], "argument FILE: must name a file, not an empty string"),
])
def test_a_second_file_or_an_empty_name_is_refused(args, message, capsys, tmp_path,
                                                   monkeypatch):
    monkeypatch.chdir(tmp_path)             # wrongly accepted: one frame, nothing left about
    assert main([*args, "--frames", "1", "--data-dir", str(tmp_path / "data")]) == 2
    err = capsys.readouterr().err
    assert err == f"minesweeper: error: {message}\n"
