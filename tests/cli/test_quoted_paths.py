"""The command line quotes the file or folder a refusal names as the
language quotes a value, as the window's notices do: a bare name ran into
the sentence ("minesweeper: /tmp/my replay.json: cannot read it")."""

from __future__ import annotations

import pytest

from game.cli import main

NNBSP = "\u202f"


@pytest.mark.parametrize("language, start", [
    ("en", "minesweeper: '{}': "), ("fr", f"minesweeper{NNBSP}: «{NNBSP}{{}}{NNBSP}»{NNBSP}: ")])
def test_a_replay_refused_by_check_is_named_quoted(tmp_path, capsys, language, start):
    bad = tmp_path / "my replay.json"
    bad.write_text("{")
    assert main(["--lang", language, "--replay", str(bad), "--check"]) == 2
    assert capsys.readouterr().err.startswith(start.format(bad))


@pytest.mark.parametrize("language, said", [
    ("en", "--mask '{}': not a text file (UTF-8)"),
    ("fr", f"--mask «{NNBSP}{{}}{NNBSP}»{NNBSP}: ce n’est pas un fichier texte (UTF-8)")])
def test_a_mask_refused_is_named_quoted(tmp_path, capsys, language, said):
    mask = tmp_path / "my mask.txt"
    mask.write_bytes(b"\xff\xfe#")
    assert main(["--lang", language, "--mask", str(mask), "--data-dir", str(tmp_path)]) == 2
    assert said.format(mask) in capsys.readouterr().err


def test_a_backslash_in_a_name_is_quoted_single(tmp_path, capsys):
    """English quotes as repr does, which doubled it ('a\\\\b.json')."""
    bad = tmp_path / "a\\b.json"
    assert main(["--replay", str(bad), "--check"]) == 2
    assert capsys.readouterr().err.startswith(f"minesweeper: '{tmp_path}/a\\b.json': ")


@pytest.mark.parametrize("language, said", [
    ("en", "argument --data-dir: '{}' is a file, not a directory"),
    ("fr", f"argument --data-dir{NNBSP}: «{NNBSP}{{}}{NNBSP}» est un fichier, et non un dossier")])
def test_a_data_dir_refused_is_named_quoted_and_whole(tmp_path, capsys, language, said):
    """argparse's own quoting of a value typed is cut to 24 characters; the
    folder the game's own refusal quotes was taken for it, and cut too."""
    taken = tmp_path / "a folder name longer than twenty-four characters"
    taken.write_text("a file")
    assert main(["--lang", language, "--data-dir", str(taken)]) == 2
    assert said.format(taken) in capsys.readouterr().err
