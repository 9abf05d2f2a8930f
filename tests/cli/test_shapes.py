"""Shapes on the command line: --shape, --field (the gallery), --mask FILE."""

import json
import os
import socket
from pathlib import Path

import pytest

from game import i18n
from game.cli.arguments import UsageError
from game.cli.options import parse
from game.engine.gallery import GALLERY
from tests.store.hostile import unix_socket

from .test_cli import run

HEART_FILE = """
  ###   ###
 ##### #####
#############
#############
 ###########
  #########
   #######
    #####
     ###
      #
"""


def test_shape_and_gallery_field_become_the_runs_settings():
    options = parse(["--shape", "hex", "--field", "heart"])
    settings = options.settings
    assert settings.shape == "hex" and settings.level == "heart"
    assert settings.board() == GALLERY["heart"]


def test_a_mask_file_makes_a_custom_shaped_field(tmp_path):
    path = tmp_path / "heart.txt"
    path.write_text(HEART_FILE, encoding="utf-8")
    board = parse(["--mask", str(path), "--mines", "12", "--shape", "torus"]).settings.board()
    assert board.name == "custom" and (board.width, board.height, board.mines) == (13, 10, 12)
    assert board.mask[0] == "  ###   ###  " and board.mask[-1] == "      #      "
    default = parse(["--mask", str(path)]).settings.board()
    assert default.mines == round(sum(r.count("#") for r in board.mask) * 40 / 256)


def test_an_indented_mask_file_plays_the_drawing_without_strips_of_holes(tmp_path):
    """Each line of the heart indented by four spaces (and ended by two):
    the field was four columns wider than the drawing, with holes down the
    left, and the window wider by as much."""
    plain, indented = tmp_path / "heart.txt", tmp_path / "indented.txt"
    plain.write_text(HEART_FILE, encoding="utf-8")
    indented.write_text("\n".join(f"    {line}  " if line else ""
                                  for line in HEART_FILE.split("\n")), encoding="utf-8")
    drawn = parse(["--mask", str(plain)]).settings.board()
    board = parse(["--mask", str(indented)]).settings.board()
    assert (board.width, board.height, board.mask, board.mines) == (
        drawn.width, drawn.height, drawn.mask, drawn.mines)
    assert board.mask[2] == "#" * 13


def mask_file(tmp_path, content: bytes):
    path = tmp_path / "mask.txt"
    path.write_bytes(content)
    return str(path)


@pytest.mark.parametrize("content, message", [
    (b"", "the mask is empty"),
    (b"\n  \n", "the mask is empty"),
    (b"########\n###.####\n", "line 2, column 4: '.' is not '#' (a cell) or a space (a hole)"),
    (b"####\t###\n", "line 1, column 5: a tab; use spaces for holes"),
    (b"\xff\xfe#\x00", "not a text file (UTF-8)"),
    (b"#####\n#####\n", "width must be from 8 to 100, not 5"),
    (b"#" * 101 + b"\n", "width must be from 8 to 100, not 101"),
    (b"#" * 70_000, "too big for a mask"),
])
def test_bad_mask_files_are_refused_in_one_line(tmp_path, content, message):
    with pytest.raises(UsageError, match="--mask '.*mask.txt': " + message.replace("(", r"\(")
                       .replace(")", r"\)").replace(".", r"\.")):
        parse(["--mask", mask_file(tmp_path, content)])


NNBSP = "\u202f"


@pytest.mark.parametrize("content, message", [
    (b"", f"le masque est vide{NNBSP}: dessinez les cases avec «{NNBSP}#{NNBSP}» et les trous"
          " avec des espaces"),
    (b"########\n###.####\n", f"ligne 2, colonne 4{NNBSP}: «{NNBSP}.{NNBSP}» n\u2019est ni"
                              f" «{NNBSP}#{NNBSP}» (une case) ni une espace (un trou)"),
    (b"####\t###\n", f"ligne 1, colonne 5{NNBSP}: une tabulation{NNBSP}; mettez des espaces"
                     " pour les trous"),
    (b"##      \n##      \n" + b"        \n" * 5 + b"       #\n",
     f"ce champ découpé 8x8 de 5 cases est trop petit{NNBSP}: il lui faut plus de cases"
     " qu\u2019un premier clic n\u2019en ouvre"),
])
def test_bad_mask_files_are_refused_in_french(tmp_path, content, message):
    """Where a mask file goes wrong, in the player's language: the engine's
    English stayed in the French line."""
    i18n.set_language("fr")
    path = mask_file(tmp_path, content)
    with pytest.raises(UsageError) as refused:
        parse(["--mask", path, "--shape", "grid"])
    assert str(refused.value) == f"--mask «{NNBSP}{path}{NNBSP}»{NNBSP}: {message}"


@pytest.mark.parametrize("make", [
    pytest.param(lambda path: os.mkfifo(path), id="a FIFO",
                 marks=pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")),
    pytest.param(lambda path: path.mkdir(), id="a folder"),
    pytest.param(unix_socket, id="a socket",
                 marks=pytest.mark.skipif(not hasattr(socket, "AF_UNIX"), reason="needs sockets")),
])
def test_a_mask_that_is_not_a_file_is_refused_at_once(tmp_path, make):
    """A FIFO was opened and read, and the game waited for a writer for ever."""
    path = tmp_path / "mask.txt"
    make(path)
    result = run("--mask", str(path), "--data-dir", str(tmp_path / "data"))
    assert result.returncode == 2
    assert result.stderr.strip().endswith(
        "mask.txt': not a file (a folder, a pipe or a device)"), result.stderr


@pytest.mark.parametrize("args, message", [
    (["--field", "heart", "--level", "expert"], "use only one of --level, --field"),
    (["--field", "heart", "--width", "9"], "--field sets the size"),
    (["--field", "heart", "--height", "9"], "--field sets the size"),        # not ignored
    (["--mask", "/no/such/mask.txt", "--height", "9"], "--mask sets the size"),
    (["--field", "heart", "--mines", "9"], "--field sets the mines"),
    (["--field", "blob"], "invalid choice: 'blob'"),
    (["--shape", "cube"], "invalid choice: 'cube' (choose from 'grid', 'torus', 'hex')"),
    (["--mask", "/no/such/mask.txt"], "--mask '/no/such/mask.txt': cannot read it"),
    (["--width", "9", "--height", "9", "--mines", "73", "--shape", "torus"],
     "mines must be from 1 to 72 on a 9x9 torus board"),
])
def test_bad_shape_options_print_one_line_and_exit_2(args, message):
    result = run(*args)
    assert result.returncode == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr


def test_a_mask_with_too_many_mines_names_the_range(tmp_path):
    path = mask_file(tmp_path, b"########\n" * 8)
    result = run("--mask", path, "--mines", "60", "--data-dir", str(tmp_path))
    assert result.returncode == 2
    assert "mines must be from 1 to 49 on an 8x8 board, not 60" in result.stderr


def test_a_hex_gallery_game_runs_a_few_frames(tmp_path):
    result = run("--field", "bigm", "--shape", "hex", "--frames", "5", "--data-dir", str(tmp_path))
    assert result.returncode == 0, result.stderr


def test_a_hex_board_with_too_many_mines_is_refused_in_french():
    """The refusal of a torus, hexagons or shaped field stayed English under --lang fr."""
    result = run("--lang", "fr", "--width", "8", "--height", "8", "--mines", "60",
                 "--shape", "hex")
    assert result.returncode == 2
    assert ("le nombre de mines doit aller de 1 à 57 sur une grille hexagonale 8x8, et non 60"
            in result.stderr), result.stderr


def test_a_shaped_mask_with_too_many_mines_is_refused_in_french(tmp_path):
    i18n.set_language("fr")
    path = mask_file(tmp_path, b"########\n#### ###\n" + b"########\n" * 6)
    with pytest.raises(UsageError, match="le nombre de mines doit aller de 1 à 54 sur un champ"
                       r" découpé 8x8 \(63 cases\), et non 60"):
        parse(["--mask", path, "--mines", "60", "--shape", "grid"])


def test_a_shape_the_saved_board_does_not_fit_is_refused_in_one_line(tmp_path):
    """8x8 hexagons take 57 mines, the grid 49: --shape grid after such a
    game ended in a traceback before the window opened."""
    (tmp_path / "settings.json").write_text(
        '{"schema": 1, "settings": {"level": "custom", "custom_width": 8,'
        ' "custom_height": 8, "custom_mines": 57, "shape": "hex"}}', encoding="utf-8")
    result = run("--shape", "grid", "--frames", "1", "--data-dir", str(tmp_path))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.strip() == ("minesweeper: error: --shape grid: the saved board cannot"
                                     " be played on it: mines must be from 1 to 49 on an 8x8"
                                     " board, not 57")
    assert run("--shape", "hex", "--frames", "1", "--data-dir", str(tmp_path)).returncode == 0


def test_a_mask_too_small_for_any_mine_is_refused_in_the_players_language(tmp_path):
    """Four cells leave no room for a mine beside a first click on any
    shape; the refusal was the engine's English under --lang fr. The shape
    is named (a drawing too small as a grid may be big enough as hexagons)."""
    path = mask_file(tmp_path, b"#      #\n\n\n\n\n\n\n#      #\n")
    with pytest.raises(UsageError) as refused:
        parse(["--mask", path, "--shape", "torus"])
    assert str(refused.value) == (f"--mask '{path}': this 8x8 shaped field of 4 cells, on a"
                                  " torus, is too small: it needs more cells than one first"
                                  " click opens")
    i18n.set_language("fr")
    with pytest.raises(UsageError) as refused:
        parse(["--mask", path, "--shape", "hex"])
    assert str(refused.value) == (f"--mask «\u202f{path}\u202f»\u202f: ce champ découpé 8x8 de 4 cases, en"
                                  " hexagones, est trop petit\u202f: il lui faut plus de cases"
                                  " qu’un premier clic n’en ouvre")
    with pytest.raises(UsageError) as refused:
        parse(["--mask", path, "--shape", "grid"])
    assert str(refused.value) == (f"--mask «\u202f{path}\u202f»\u202f: ce champ découpé 8x8 de 4 cases est"
                                  " trop petit\u202f: il lui faut plus de cases qu’un premier"
                                  " clic n’en ouvre")


def test_a_mask_refused_on_the_saved_shape_is_named_as_with_shape(tmp_path):
    """Without --shape a mask is checked on the saved shape, once the records
    folder is open; its refusal then lacked the '--mask FILE:' that the same
    refusal has with --shape."""
    path = mask_file(tmp_path, b"#      #\n\n\n\n\n\n\n#      #\n")
    data = str(tmp_path / "data")
    too_small = run("--mask", path, "--frames", "1", "--data-dir", data)
    assert too_small.returncode == 2
    assert too_small.stderr == (f"minesweeper: error: --mask '{path}': this 8x8 shaped field of"
                                " 4 cells is too small: it needs more cells than one first"
                                " click opens\n")
    full = mask_file(tmp_path, b"########\n" * 8)
    too_many = run("--mask", full, "--mines", "55", "--frames", "1", "--data-dir", data)
    assert too_many.stderr == (f"minesweeper: error: --mask '{full}': mines must be from 1 to 49"
                               " on an 8x8 board, not 55\n")


def saved_shape(tmp_path, shape):
    (tmp_path / "settings.json").write_text(
        json.dumps({"schema": 1, "settings": {"shape": shape}}), encoding="utf-8")


def test_a_board_given_without_shape_is_checked_on_the_saved_shape(tmp_path):
    """A torus takes 55 mines on 8x8, the grid 49: with a torus saved,
    --width 8 --height 8 --mines 55 (or --mask) was refused as too many for
    the grid, though the torus is what the window plays."""
    full = mask_file(tmp_path, b"########\n" * 8)
    saved_shape(tmp_path, "torus")
    for board in (["--width", "8", "--height", "8", "--mines", "55"],
                  ["--mask", full, "--mines", "55"]):
        result = run(*board, "--frames", "1", "--data-dir", str(tmp_path))
        assert result.returncode == 0, result.stderr
    saved_shape(tmp_path, "grid")
    result = run("--width", "8", "--height", "8", "--mines", "55", "--frames", "1",
                 "--data-dir", str(tmp_path))
    assert result.returncode == 2
    assert result.stderr.strip() == ("minesweeper: error: mines must be from 1 to 49 on an 8x8"
                                     " board, not 55")


def test_a_file_named_from_the_home_folder_after_an_equals_sign_is_found_there(
        tmp_path, monkeypatch):
    """The shell expands ``~`` at a word's start, not after ``--mask=``:
    the game does, as it does for ``--data-dir``; a name that only starts
    with ``~`` (no such user) stays as it is."""
    monkeypatch.setenv("HOME", str(tmp_path))
    (tmp_path / "heart.txt").write_text(HEART_FILE, encoding="utf-8")
    options = parse(["--mask=~/heart.txt", "--replay=~/game.json"])
    assert options.mask == tmp_path / "heart.txt" and options.replay == tmp_path / "game.json"
    assert options.settings.board().mask[0] == "  ###   ###  "
    assert parse(["--replay", "~no-such-user-here.json"]).replay == Path("~no-such-user-here.json")
