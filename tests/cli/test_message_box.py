"""With no terminal to print to (the windowed executable started from
Explorer, the Finder or the Dock), a refused command line or a start-up
error reaches the player in a message box, with the same words and the same
exit status; from a terminal it is printed as before."""

import os
import signal
import sys

import pygame
import pytest

from game import launcher
from game.cli import main
from game.cli.output import unseen

GOOD = ('{"format": "minesweeper-replay", "version": 1, "width": 9, "height": 9,'
        ' "mines": 10, "shape": "grid", "marks": true, "first_click": "opening",'
        ' "seed": 7, "moves": [], "result": "unfinished", "time_ms": 0}')


@pytest.fixture
def boxes(monkeypatch, tmp_path):
    """The message boxes shown, as (title, message, type, escape button); run
    from an empty folder so that a run wrongly accepted leaves nothing about."""
    shown: list[tuple[str, str, str, int | None]] = []

    def message_box(title, message=None, message_type="info", parent_window=None,
                    buttons=("OK",), return_button=0, escape_button=None):
        shown.append((title, message, message_type, escape_button))
        return 0

    monkeypatch.setattr(pygame.display, "message_box", message_box)
    monkeypatch.chdir(tmp_path)
    return shown


@pytest.fixture
def windowed(monkeypatch):
    """No console, as in Windows' windowed executable: Python has no stdout
    or stderr to give. Called in the test: pytest's capture sets both again
    between a fixture and its test."""
    def no_console() -> None:
        monkeypatch.setattr(sys, "stdout", None)
        monkeypatch.setattr(sys, "stderr", None)

    return no_console


LEVEL_HARD = ("minesweeper: error: argument --level: invalid choice: 'hard' "
              "(choose from 'beginner', 'intermediate', 'expert')")


def test_a_refused_option_with_no_console_is_shown_in_an_error_box(boxes, windowed, tmp_path):
    windowed()
    assert main(["--level", "hard", "--frames", "1", "--data-dir", str(tmp_path / "d")]) == 2
    assert boxes == [("Minesweeper", LEVEL_HARD, "error", 0)]     # Esc closes it too


def test_the_box_speaks_the_language_of_the_run(boxes, windowed, tmp_path):
    windowed()
    assert main(["--lang", "fr", "--bogus", "--frames", "1",
                 "--data-dir", str(tmp_path / "d")]) == 2
    assert boxes == [("Démineur", "minesweeper\u202f: erreur\u202f: arguments non reconnus"
                      "\u202f: --bogus", "error", 0)]


def test_a_start_up_error_with_no_console_is_shown_too(boxes, windowed, tmp_path, monkeypatch):
    windowed()
    for name in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY"):
        monkeypatch.delenv(name, raising=False)
    assert main(["--frames", "1", "--data-dir", str(tmp_path / "data")]) == 2
    [(title, message, kind, _)] = boxes
    assert message.startswith("minesweeper: error: no display to open the window on")
    assert kind == "error"


def test_no_box_that_can_be_shown_leaves_the_exit_status(boxes, windowed, monkeypatch, tmp_path):
    windowed()
    def no_box(*args, **kwargs):
        raise pygame.error("No message system available")

    monkeypatch.setattr(pygame.display, "message_box", no_box)
    assert main(["--level", "hard", "--frames", "1", "--data-dir", str(tmp_path / "d")]) == 2


def test_help_and_check_results_with_no_console_come_in_an_info_box(boxes, windowed, tmp_path):
    windowed()
    with pytest.raises(SystemExit) as exited:
        main(["--help"])
    assert exited.value.code == 0
    replay = tmp_path / "game.json"
    replay.write_text(GOOD, encoding="utf-8")
    assert main([str(replay), "--check"]) == 0
    [(_, help_text, help_kind, _), (_, result, result_kind, _)] = boxes
    assert help_text.startswith("usage: minesweeper") and "--replay FILE" in help_text
    assert (help_kind, result, result_kind) == ("info", "unfinished 0 0", "info")


def test_a_file_name_the_box_cannot_take_is_shown_escaped(boxes, windowed):
    windowed()
    assert main(["--replay", "bad\udcff.json", "--check"]) == 2     # a byte not UTF-8
    [(_, message, kind, _)] = boxes
    assert message.startswith("minesweeper: 'bad\\xff.json': ") and kind == "error"


def test_the_executables_null_device_is_no_terminal(boxes, monkeypatch, tmp_path):
    """The executable started from the Finder or the Dock writes to the null
    device: a box. Run from source, 2>/dev/null was asked for: no box."""
    monkeypatch.setattr(sys, "platform", "darwin")
    with open(os.devnull, "w") as null:
        monkeypatch.setattr(sys, "stderr", null)
        assert not unseen(null)
        assert main(["--level", "hard", "--frames", "1", "--data-dir", str(tmp_path / "d")]) == 2
        assert boxes == []
        monkeypatch.setattr(sys, "frozen", True, raising=False)
        assert main(["--level", "hard", "--frames", "1", "--data-dir", str(tmp_path / "d")]) == 2
        assert boxes == [("Minesweeper", LEVEL_HARD, "error", 0)]


@pytest.mark.parametrize("platform", ["linux", "win32"])
def test_the_executable_sent_to_the_null_device_by_a_script_shows_no_box(
        boxes, monkeypatch, tmp_path, platform):
    """Elsewhere than macOS the executable's null device is the caller's
    choice (``--check > /dev/null`` in a script, for the exit status): a
    box there waited for someone to click OK, and the script with it."""
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    replay = tmp_path / "game.json"
    replay.write_text(GOOD, encoding="utf-8")
    with open(os.devnull, "w") as null:
        monkeypatch.setattr(sys, "stdout", null)
        monkeypatch.setattr(sys, "stderr", null)
        assert not unseen(null)
        assert main([str(replay), "--check"]) == 0
        assert main(["--level", "hard", "--frames", "1", "--data-dir", str(tmp_path / "d")]) == 2
        with pytest.raises(SystemExit) as exited:
            main(["--help"])
    assert exited.value.code == 0
    assert boxes == []


def test_the_executable_at_a_terminal_or_into_a_file_prints(boxes, monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    log = tmp_path / "err.txt"
    with log.open("w", encoding="utf-8") as stream:
        monkeypatch.setattr(sys, "stderr", stream)
        assert main(["--level", "hard", "--frames", "1", "--data-dir", str(tmp_path / "d")]) == 2
    assert log.read_text(encoding="utf-8") == LEVEL_HARD + "\n"
    monkeypatch.undo()
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert main(["--level", "hard", "--frames", "1", "--data-dir", str(tmp_path / "d")]) == 2
    assert capsys.readouterr().err == LEVEL_HARD + "\n"              # a stream in memory
    assert boxes == []


def test_a_box_waiting_for_ok_ends_with_the_signals_that_end_a_run(windowed, monkeypatch,
                                                                  tmp_path):
    """SDL waits for the OK in C, where Python's handlers never run: the
    executable's refusal outlived SIGTERM until someone clicked OK. While the
    box waits the signals take their default action; after, the handlers
    found are back."""
    windowed()
    found: list[object] = []

    def message_box(*args, **kwargs):
        found.extend(signal.getsignal(s) for s in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT))
        return 0

    def mine(signum, frame):
        pass

    monkeypatch.setattr(pygame.display, "message_box", message_box)
    monkeypatch.chdir(tmp_path)
    previous = {n: signal.signal(n, mine) for n in (signal.SIGTERM, signal.SIGHUP)}
    try:
        assert main(["--level", "hard", "--frames", "1", "--data-dir", str(tmp_path / "d")]) == 2
        assert found == [signal.SIG_DFL] * 3
        assert signal.getsignal(signal.SIGTERM) is mine and signal.getsignal(signal.SIGHUP) is mine
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def test_the_launchers_death_sends_nothing_while_the_box_waits(boxes, windowed, monkeypatch,
                                                               tmp_path):
    """SIGTERM kills outright while the box waits, before the exit handler
    that deletes the one-file bundle: the launcher killed meanwhile left its
    unpacked files behind. The game asks for no signal at its launcher's
    death while the box waits, and for SIGTERM again after."""
    asked: list[tuple[int, int]] = []

    class Libc:
        def prctl(self, option, signum, *rest):
            asked.append((option, int(signum)))
            return 0

    monkeypatch.setattr(launcher, "_libc", Libc())
    windowed()
    assert main(["--level", "hard", "--frames", "1", "--data-dir", str(tmp_path / "d")]) == 2
    assert len(boxes) == 1
    assert asked == [(launcher.PR_SET_PDEATHSIG, 0),
                     (launcher.PR_SET_PDEATHSIG, int(signal.SIGTERM))]
