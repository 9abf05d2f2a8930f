"""Generated command lines: each either starts the game or is refused in
one line with status 2, never a traceback, and a refused one leaves the
data folder exactly as it was (nothing made, imported, set aside or
recorded)."""

from __future__ import annotations

import contextlib
import hashlib
import io
import tempfile
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from game import cli

OPTIONS = ["--level", "--width", "--height", "--mines", "--shape", "--field", "--mask",
           "--seed", "--style", "--first-click", "--scale", "--fullscreen", "--no-sound",
           "--lang", "--kiosk", "--demo", "--idle", "--frames", "--replay", "--check",
           "--lev", "--", "-"]
#: Values each option takes or nearly takes, and ones none takes.
WORDS = ["grid", "hex", "torus", "beginner", "expert", "heart", "win31", "opening", "fr", "en",
         "0", "1", "8", "9", "64", "65", "70", "100", "101", "-1", "1.5", "nan", "1e3",
         "\u0663", "1_0", " 5", "9" * 30, "9" * 5000, "", "x", "~nosuchuser/x", "/dev/null",
         "\udcff", "a\nb", "\u2028", "MASK", "NOT_UTF8", "REPLAY", "A_FILE", "A_FILE/x"]
VALUES = st.sampled_from(WORDS) | st.text(max_size=8)
PIECES = st.one_of(
    st.sampled_from(OPTIONS).map(lambda option: [option]),
    VALUES.map(lambda value: [value]),
    st.tuples(st.sampled_from(OPTIONS), VALUES).map(list),
    st.tuples(st.sampled_from(OPTIONS), VALUES).map(lambda pair: ["=".join(pair)]),
)
ARGUMENTS = st.lists(PIECES, max_size=5).map(lambda pieces: [a for p in pieces for a in p])

#: A data folder as a player left it: records of an older version still to
#: import, and a custom hexagonal board with more mines than the grid takes.
LEFT = {"records.json": b'{"schema": 1, "statistics": {"beginner": {"played": 2, "won": 1,'
                        b' "current_streak": 1, "best_streak": 1}}}',
        "settings.json": b'{"schema": 1, "settings": {"level": "custom", "custom_width": 9,'
                         b' "custom_height": 9, "custom_mines": 70, "shape": "hex"}}'}


class _App:
    """Stands in for the window: a command line that gets this far starts."""

    made = 0

    def __init__(self, *args: object, **kwargs: object) -> None:
        _App.made += 1
        self.commands = mock.Mock()

    def run(self, frames: int | None = None) -> int:
        return 0

    def close(self) -> None:
        pass

    def request_quit(self) -> None:
        pass


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    """The files the generated values name, by the words that stand for them."""
    folder = tmp_path_factory.mktemp("files")
    (folder / "mask.txt").write_text("#########\n" * 9)
    (folder / "bad.txt").write_bytes(b"\xff\xfe#")
    (folder / "replay.json").write_text("{}")
    (folder / "a_file").write_text("x")
    return {"MASK": folder / "mask.txt", "NOT_UTF8": folder / "bad.txt",
            "REPLAY": folder / "replay.json", "A_FILE": folder / "a_file"}


def contents(folder: Path) -> dict[str, str] | None:
    """Every name in ``folder`` with a digest of its bytes (None for a
    folder), or None when it does not exist."""
    if not folder.exists():
        return None
    return {path.name: hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else None
            for path in folder.iterdir()}


@settings(max_examples=250, derandomize=True, deadline=None)
@given(ARGUMENTS, st.sampled_from(["missing", "empty", "left"]))
@example(["--shape", "grid"], "left")
@example(["--width", "9", "--height", "9", "--mines", "70"], "left")
@example(["--width", "9", "--height", "9", "--mines", "80"], "left")
@example(["--replay", "a\nb.json", "--check"], "missing")
def test_a_command_line_starts_or_is_refused_in_one_line_leaving_the_records_alone(
        files, argv, kind):
    """The game starts (here a stand-in window), or says in one line what
    is wrong with exit status 2 and changes nothing in the data folder.
    ``--shape grid`` after a dense hexagonal board was refused only once
    the records were open: the old records.json was imported and renamed,
    a records.db made, and the notices saying so were shown to nobody."""
    argv = [str(files[word[:-2]]) + "/x" if word.endswith("/x") and word[:-2] in files
            else str(files.get(word, word)) for word in argv]
    with tempfile.TemporaryDirectory() as scratch:
        data = Path(scratch) / "data"
        if kind != "missing":
            data.mkdir()
        for name, text in LEFT.items() if kind == "left" else ():
            (data / name).write_bytes(text)
        before = contents(data)
        err = io.StringIO()
        _App.made = 0
        with mock.patch("game.ui.app.App", _App), contextlib.redirect_stderr(err), \
                contextlib.redirect_stdout(io.StringIO()):
            status = cli.main([*argv, "--data-dir", str(data)])
        said = err.getvalue()
        if status == 0:
            return
        assert status == 2, (argv, status, said)
        assert said.endswith("\n") and said.count("\n") == 1, (argv, said)
        assert said.lstrip("[").startswith("minesweeper"), said    # [ for the pseudo-locale
        assert _App.made == 0
        assert contents(data) == before, (argv, said)


def test_a_line_break_in_a_name_is_written_as_its_escape(tmp_path, capsys):
    """A file named with a newline, and an argument holding one, are
    quoted on the refusal's one line as ``\\n``: printed as they were, the
    refusal was two lines, the second starting mid-name."""
    missing = tmp_path / "a\nb.json"
    assert cli.check_replay(missing) == 2
    assert capsys.readouterr().err == \
        f"minesweeper: '{tmp_path}/a\\nb.json': cannot read it: No such file or directory\n"
    assert cli.main(["--mask", "x\r\ny\u2028", "--data-dir", str(tmp_path)]) == 2
    assert capsys.readouterr().err == \
        "minesweeper: error: --mask 'x\\r\\ny\\u2028': cannot read it (No such file or directory)\n"
