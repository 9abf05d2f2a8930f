"""The command line: bad values get one clear line and exit status 2."""

import contextlib
import io
import os
import subprocess
import sys

import pytest

from game.cli import value_types
from game.cli.arguments import UsageError, build_parser
from game.cli.options import parse
from game.settings import Settings

ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def run_process(*args: str) -> subprocess.CompletedProcess:
    """``python -m game`` with ``args``, in a process of its own."""
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True,
                          text=True, env=ENV, timeout=120)


def run(*args: str) -> subprocess.CompletedProcess:
    """The command line's ``main`` with ``args``, in this process, its status
    and what it printed as ``run_process`` gives them: what the options do is
    the same in both, and a process of its own took half a second to start.
    The tests that the command itself starts, plays and refuses use
    ``run_process``; the entry point's own duties are in test_strict.py."""
    from game.cli import main
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(list(args))
        except SystemExit as done:                  # --help, as argparse ends it
            status = done.code
    return subprocess.CompletedProcess(["minesweeper", *args], status, out.getvalue(),
                                       err.getvalue())


@pytest.mark.parametrize("args, message", [
    (["--level", "hard"], "invalid choice: 'hard' (choose from 'beginner', 'intermediate', 'expert')"),
    (["--width", "5", "--height", "9", "--mines", "3"], "width must be from 8 to 100, not 5"),
    (["--width", "9", "--height", "9", "--mines", "65"], "mines must be from 1 to 64 on a 9x9 board"),
    (["--width", "9"], "--width, --height and --mines go together"),
    (["--width", "ten", "--height", "9", "--mines", "3"], "must be a whole number 1 or more, not 'ten'"),
    (["--scale", "0"], "--scale: must be from 1 to 8, not 0"),
    (["--first-click", "lucky"], "choose from 'opening', 'safe', 'classic'"),
    (["--seed", "-4"], "--seed: must be from 0 to 18,446,744,073,709,551,615, not -4"),
    (["--level", "expert", "--width", "9", "--height", "9", "--mines", "3"], "either --level or"),
    (["--bogus"], "unrecognized arguments: --bogus"),
    (["--idle", "0"], "--idle: must be from 1 to 86,400 seconds, not 0"),
    (["--idle", "nan"], "--idle: must be a number of seconds, not 'nan'"),
    (["--idle", "soon"], "--idle: must be a number of seconds, not 'soon'"),
])
def test_bad_options_print_one_line_naming_what_is_allowed_and_exit_2(args, message):
    result = run(*args)
    assert result.returncode == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


def test_the_command_itself_refuses_a_bad_option_in_one_line():
    result = run_process("--width", "9", "--height", "9", "--mines", "65")
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == ("minesweeper: error: mines must be from 1 to 64 on a 9x9 board,"
                             " not 65\n")


def test_frames_runs_the_game_headless_and_exits_0(tmp_path):
    result = run_process("--level", "expert", "--frames", "5", "--no-sound", "--seed", "3",
                 "--data-dir", str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""


def test_options_given_on_the_command_line_are_not_saved(tmp_path):
    run("--level", "expert", "--no-sound", "--frames", "2", "--data-dir", str(tmp_path))
    from game.store import Store
    saved = Store(tmp_path).settings
    assert saved.level == "beginner" and saved.sound is True


def test_options_become_settings_for_the_run():
    options = parse(["--width", "20", "--height", "12", "--mines", "30", "--first-click",
                     "classic", "--scale", "3", "--no-sound", "--seed", "9"])
    s = options.settings
    assert (s.level, s.custom_width, s.custom_height, s.custom_mines) == ("custom", 20, 12, 30)
    assert (s.first_click, s.scale, s.sound, options.seed) == ("classic", 3, False, 9)


def test_help_names_the_last_choice_as_the_default_of_the_options_the_game_saves():
    """Left off the command line, the level, shape, style, first-click rule and
    scale are the ones last chosen in the game: --help said "default:
    beginner" to a player whose next start, after choosing Expert, was Expert."""
    saved = Settings(level="expert", shape="hex", style="xp", first_click="classic", scale=3)
    s = parse([]).settings_from(saved)
    assert (s.level, s.shape, s.style, s.first_click, s.scale) == ("expert", "hex", "xp", "classic", 3)
    helps = {a.option_strings[0]: a.help for a in build_parser()._actions if a.option_strings}
    for option in ("--level", "--shape", "--style", "--first-click", "--scale"):
        assert "(default: the" in helps[option] and "last chosen in the game" in helps[option], option


def test_a_preset_size_given_as_numbers_is_that_level():
    assert parse(["--width", "16", "--height", "16", "--mines", "40"]).settings.level == "intermediate"


def test_help_gives_the_mines_of_a_torus_hexagons_or_a_mask_their_own_limit():
    """--help said (width-1)*(height-1), the grid's limit: 8x8 takes 49 mines
    on the grid but 55 on a torus, the cells less a first click's 3x3."""
    helps = {a.option_strings[0]: a.help for a in build_parser()._actions if a.option_strings}
    assert "on a torus, hexagons or a mask, to the cells less those a first click opens" in (
        helps["--mines"])
    s = parse(["--shape", "torus", "--width", "8", "--height", "8", "--mines", "55"]).settings
    assert (s.shape, s.custom_mines) == ("torus", 55)


@pytest.mark.parametrize("style, size, level", [
    ("win31", (9, 9, 10), "custom"),        # played its 8x8 Beginner
    ("win31", (8, 8, 10), "beginner"),      # was a custom board, never a best time
    ("xp", (9, 9, 10), "beginner"),
    ("modern", (8, 8, 10), "custom"),
])
def test_a_size_given_as_numbers_is_a_preset_of_the_saved_style_or_custom(style, size, level):
    saved = Settings()
    saved.apply_style(style)
    argv = ["--width", str(size[0]), "--height", str(size[1]), "--mines", str(size[2])]
    s = parse(argv).settings_from(saved)
    assert s.level == level and s.style == style
    board = s.board()
    assert (board.width, board.height, board.mines) == size


def test_a_size_given_as_numbers_plays_without_the_saved_shaped_field(tmp_path):
    """After a custom shaped field, a size on the command line was refused
    with "the mask is 17x14 but the board is 20x12"."""
    from game.engine.gallery import GALLERY
    from game.store import Store
    store = Store(tmp_path)
    store.settings.choose_mask(GALLERY["heart"].mask, 24)
    store.save_settings()
    store.close()
    result = run("--width", "20", "--height", "12", "--mines", "30", "--frames", "2",
                 "--no-sound", "--data-dir", str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    saved = Store(tmp_path)
    assert saved.settings.custom_mask.split("\n") == list(GALLERY["heart"].mask)   # kept for later
    saved.close()


def test_kiosk_demo_and_idle_reach_the_options():
    options = parse(["--kiosk", "--idle", "90"])
    assert options.kiosk and not options.demo and options.idle == 90.0
    options = parse(["--demo"])
    assert options.demo and not options.kiosk and options.idle == 60.0


def test_a_demo_run_plays_headless_and_exits_0(tmp_path):
    result = run_process("--demo", "--frames", "30", "--no-sound", "--data-dir", str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert not (tmp_path / "history.json").exists()


def test_parse_raises_usage_errors_rather_than_exiting():
    with pytest.raises(UsageError):
        parse(["--frames", "0"])


@pytest.mark.parametrize("saved_style, run_style, size", [("win31", "xp", (9, 9, 10)),
                                                          ("xp", "win31", (8, 8, 10))])
def test_a_style_given_for_one_run_never_saves_the_custom_board_as_a_preset(
        tmp_path, monkeypatch, saved_style, run_style, size):
    """Custom 9x9 with 10 mines saved under Windows 3.1, ``--style xp``
    plays it as XP's Beginner. The level was then taken for the player's
    choice: any setting changed in that run (here "Chord with left click")
    saved "Beginner" under the saved Windows 3.1, whose Beginner is 8x8,
    and the custom board was gone from every later start."""
    from game.cli import main
    from game.store import Store
    from game.ui.app import App

    store = Store(tmp_path)
    store.settings.apply_style(saved_style)
    store.settings.choose_board(*size)
    store.save_settings()
    store.close()
    played = []

    def run_changing_a_setting(app, frames=None):
        played.append((app.settings.style, app.settings.level))
        app.settings.chord_left_click = False
        app.settings_changed("chord_left_click")
        return 0

    monkeypatch.setattr(App, "run", run_changing_a_setting)
    assert main(["--style", run_style, "--no-sound", "--data-dir", str(tmp_path)]) == 0
    assert played == [(run_style, "beginner")]
    saved = Store(tmp_path)
    assert (saved.settings.style, saved.settings.level) == (saved_style, "custom")
    board = saved.settings.board()
    assert (board.width, board.height, board.mines) == size
    assert saved.settings.chord_left_click is False          # the change itself is saved
    saved.close()


def test_a_saved_custom_board_renamed_in_its_own_style_is_saved_renamed():
    """Custom 9x9 with 10 mines saved under Windows XP (by a version before
    a style change renamed it) is XP's Beginner: the command line gave
    nothing, so the level is the player's, saved at the next change."""
    saved = Settings(style="xp", level="custom", custom_width=9, custom_height=9,
                     custom_mines=10)
    assert parse([]).overridden(saved) == set()
    assert parse(["--style", "modern"]).overridden(saved) == {"style", "first_click", "marks",
                                                             "chord_left_click"}
    assert "level" in parse(["--style", "modern"]).overridden(
        Settings(style="win31", level="custom", custom_width=9, custom_height=9,
                 custom_mines=10))


def test_results_the_full_disk_refused_until_the_game_closed_are_said_on_stderr(
        tmp_path, monkeypatch, capsys):
    """The window is gone when the store gives up what the disk still
    refuses: the line goes where the command line's errors go."""
    from game.cli import main
    from game.ui.app import App
    from tests.store.helpers import FullDisk, game

    FullDisk(monkeypatch)
    close = App.close

    def won_as_it_closes(app: App) -> None:      # a win in the game's last moments
        app.store.record_game(game())
        close(app)
    monkeypatch.setattr(App, "close", won_as_it_closes)
    assert main(["--frames", "1", "--no-sound", "--data-dir", str(tmp_path)]) == 0
    said = capsys.readouterr().err
    assert said.startswith(
        f"minesweeper: 1 result could not be saved in '{tmp_path}' (database or disk is full) "
        f"before the game closed: it was kept in '{tmp_path}{os.sep}unfinished-")
    assert said.endswith(".games' and will be added to your records at the next start.\n")


def test_a_long_value_is_cut_at_one_length_whichever_check_refuses_it(monkeypatch):
    """argparse's refusals (a level that is none) and the value types' own
    (seconds that are no number) cut a pasted value at the one ``SHOWN``:
    the command line's split copied it into ``arguments``, and a length
    set where the types keep it no longer reached argparse's refusals."""
    monkeypatch.setattr(value_types, "SHOWN", 10)
    pasted = "y" * 40
    for args in (["--level", pasted], ["--idle", pasted]):
        with pytest.raises(UsageError) as refused:
            parse(args)
        assert "y" * 7 + "..." in str(refused.value) and "y" * 8 not in str(refused.value), args


def test_help_goes_to_any_writer_argparse_allows():
    """argparse's print_help takes any object with ``write``; the game's
    own (through ``say``, which needs a text stream) leaves such a writer to
    argparse rather than failing on it."""
    class Writer:
        def __init__(self) -> None:
            self.parts: list[str] = []

        def write(self, text: str) -> int:
            self.parts.append(text)
            return len(text)

    writer = Writer()
    build_parser().print_help(writer)
    assert "--level" in "".join(writer.parts)
