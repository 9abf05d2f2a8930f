"""What the command line refuses besides bad values: abbreviations, places
it cannot use, options that do nothing, and a machine with no display; and a
start that prints nothing when sound is off or there is no sound card."""

import errno
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main
from game.cli.environment import no_display
from game.cli.options import parse
from game.cli.output import NAME_SHOWN
from game.store import Store
from game.store.database import MAX_PATH_BYTES, NAME

from .test_bare_file import GOOD

HEADLESS = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


@pytest.fixture
def refused(capsys, tmp_path, monkeypatch):
    """The one line ``main`` prints for ``args``, which it must refuse with 2.
    Should it wrongly accept them, the game runs one frame on a data directory
    of its own (from an empty working directory) and the check fails, rather
    than running forever or writing where it should not."""
    monkeypatch.chdir(tmp_path)

    def run(*args: str) -> str:
        extra = [] if "--data-dir" in args else ["--data-dir", str(tmp_path / "data")]
        assert main([*args, *extra, "--frames", "1"]) == 2
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
        return err

    return run


@pytest.mark.parametrize("args, message", [
    (["--lev", "expert"], "unrecognized arguments: --lev"),
    (["--no-s"], "unrecognized arguments: --no-s"),
    (["--data-dir", ""], "--data-dir: must name a directory, not an empty string"),
    (["--data-dir", "   "], "--data-dir: must name a directory"),
    # Empty, a file name was "." to the game: "--mask .: not a file".
    (["--mask", ""], "--mask: must name a file, not an empty string"),
    (["--replay", ""], "--replay: must name a file, not an empty string"),
    (["--replay", "", "--check"], "--replay: must name a file, not an empty string"),
    (["--idle", "30"], "--idle only applies with --kiosk or --demo"),
    (["--seed", "1_000"], "--seed: must be a whole number from 0 to 18,446,744,073,709,551,615,"
                            " not '1_000'"),
    (["--width", "²²", "--height", "9", "--mines", "3"], "must be a whole number 1 or more"),
    (["--width", "١٠", "--height", "9", "--mines", "3"], "must be a whole number 1 or more"),
    (["--demo", "--idle", "٥"], "--idle: must be a number of seconds, not '٥'"),
    (["--demo", "--idle", "5_0"], "--idle: must be a number of seconds, not '5_0'"),
    (["--demo", "--idle", " 5 "], "--idle: must be a number of seconds, not ' 5 '"),
    (["--demo", "--idle", "1e3"], "--idle: must be a number of seconds, not '1e3'"),
    (["--demo", "--idle", "9" * 5000], "--idle: must be from 1 to 86,400 seconds, not 999999"),
    # A negative number is still a number: it was refused as none ("must be
    # a number of seconds, not '-1'"), where 0 was told the range.
    (["--demo", "--idle", "-1"], "--idle: must be from 1 to 86,400 seconds, not -1"),
    (["--demo", "--idle", "-0.5"], "--idle: must be from 1 to 86,400 seconds, not -0.5"),
    (["--seed", "9" * 5000], "--seed: must be from 0 to 18,446,744,073,709,551,615, not 999999"),
    (["--seed", "18446744073709551616"], "--seed: must be from 0 to 18,446,744,073,709,551,615,"
                                         " not 18,446,744,073,709,551,616"),
    (["--frames", "9" * 5000], "--frames: must be from 1 to 1,892,160,000, not 999999"),
    (["--seed", "x" * 5000], "--seed: must be a whole number from 0 to"),
    (["--width", "9" * 5000, "--height", "9", "--mines", "3"], "--width: too many digits: 999"),
    # A value outside the choices, or a language, was echoed whole.
    (["--level", "x" * 5000], "--level: invalid choice: 'xxxxxxxxxxxxxxxxxxxxx...' (choose from"),
    (["--shape", "a\n" * 2000], "--shape: invalid choice: '" + "a\\n" * 10 + "a...'"),
    (["--lang", "x" * 5000], "--lang: no 'xxxxxxxxxxxxxxxxxxxxx...' translation; available: en, fr"),
    (["--kiosk=" + "x" * 5000], "--kiosk: ignored explicit argument 'xxxxxxxxxxxxxxxxxxxxx...'"),
    (["--level", "a'" + "x" * 5000], "--level: invalid choice: \"a'xxxxxxxxxxxxxxxxxxx...\" (choose"),
    (["--level=" + "x" * 5000], "--level: invalid choice: 'xxxxxxxxxxxxxxxxxxxxx...' (choose"),
    (["--nope" + "x" * 5000], "unrecognized arguments: --nopexxxxxxxxxxxxxxx..."),
    # A byte that is not UTF-8 (a Latin-1 terminal's "é"), which Python
    # keeps as U+DC80-U+DCFF, is written as its value, as in a file's name
    # or an argument the game does not know: it was '\udce9', Python's own.
    (["--level", "d\udce9butant"], "--level: invalid choice: 'd\\xe9butant' (choose from"),
    (["--lang", "fran\udce7ais"], "--lang: no 'fran\\xe7ais' translation; available: en, fr"),
    (["--seed", "\udcff"], "--seed: must be a whole number from 0 to 18,446,744,073,709,551,615,"
                           " not '\\xff'"),
    (["--demo", "--idle", "\udcff5"], "--idle: must be a number of seconds, not '\\xff5'"),
    (["--lang", "fr", "--style", "\udce9"], "--style\u202f: choix invalide\u202f: «\u202f\\xe9\u202f»"),
    # Typed as the six characters \udcff, it stays what repr writes.
    (["--level", "a\\udcff\\\udcff"], "--level: invalid choice: 'a\\\\udcff\\\\\\xff' (choose"),
    (["a.json", *(f"{n}.json" for n in range(5000))], "unrecognized arguments: 0.json 1.json 2.json ..."),
])
def test_refused_in_one_line(refused, args, message):
    err = refused(*args)
    assert message in err
    assert len(err) < 200                               # a long value is cut short


def test_check_alone_asks_for_the_replay_in_one_line(capsys, tmp_path):
    """``--check`` with no replay and no other option: the one line that
    names what is missing, status 2. Without that refusal the check went
    on to read the file None and ended in a TypeError's traceback (the
    cases above always add ``--frames``, refused first in its place)."""
    assert main(["--check", "--data-dir", str(tmp_path / "data")]) == 2
    err = capsys.readouterr().err
    assert "--check needs --replay FILE" in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


@pytest.mark.parametrize("option", ["--mask", "--replay", "--data-dir", "alone"])
def test_a_name_pasted_by_mistake_is_quoted_by_its_start_and_end(refused, tmp_path, capsys,
                                                                 option):
    """A file's or folder's name is quoted whole in a refusal, but one of
    100,000 characters (no file has such a name) was echoed whole too."""
    name = str(tmp_path / ("y" * 100_000) / "end.json")
    if option in ("--replay", "alone"):
        assert main([*([option] if option == "--replay" else []), name, "--check"]) == 2
        err = capsys.readouterr().err
    else:
        err = refused(option, name)
    assert len(err) < 400 and "Traceback" not in err
    assert f"'{tmp_path}/yyy" in err and "yyy...yyy" in err
    assert "/end.json': cannot read it" in err or "too long a path" in err


def test_a_name_with_apostrophes_is_quoted_whole(refused, tmp_path):
    """Only the arguments argparse quotes are cut: a file's name holding
    apostrophes far apart is no quoted value, and is named whole."""
    taken = tmp_path / "o'brien and a name long enough for the test's"
    taken.write_text("a file")
    assert f"'{taken}' is a file, not a directory" in refused("--data-dir", str(taken / "x"))


def test_a_data_dir_that_is_a_file_is_refused(refused, tmp_path):
    file = tmp_path / "records"
    file.write_text("mine")
    assert f"--data-dir: '{file}' is a file, not a directory" in refused("--data-dir", str(file))
    assert file.read_text() == "mine"


def special_file(kind: str, place: Path) -> Path:
    """A pipe, a socket or a device named ``place`` (a device is a link to
    /dev/null: only root may make one)."""
    if kind == "pipe":
        os.mkfifo(place)
    elif kind == "socket":
        import socket
        here = os.getcwd()
        os.chdir(place.parent)             # a socket's name is short, its folder's not
        try:
            socket.socket(socket.AF_UNIX).bind(place.name)
        finally:
            os.chdir(here)
    else:
        os.symlink(os.devnull, place)
    return place


SPECIAL = {"pipe": ("'{}' is a pipe (FIFO), not a directory",
                    "«\u202f{}\u202f» est un tube (FIFO), et non un dossier"),
           "socket": ("'{}' is a socket, not a directory",
                      "«\u202f{}\u202f» est une socket, et non un dossier"),
           "device": ("'{}' is a device, not a directory",
                      "«\u202f{}\u202f» est un périphérique, et non un dossier")}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs pipes and sockets")
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("kind", list(SPECIAL))
@pytest.mark.parametrize("inside", [False, True])
def test_a_data_dir_that_is_a_pipe_socket_or_device_is_refused_as_such(refused, tmp_path,
                                                                       kind, lang, inside):
    """A pipe given as the data folder, or on its way, was refused as "a
    file, not a directory": it is none."""
    special = special_file(kind, tmp_path / "s")
    english, french = SPECIAL[kind]
    said = (english if lang == "en" else french).format(special)
    typed = special / "records" if inside else special
    assert said in refused("--lang", lang, "--data-dir", str(typed))


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
@pytest.mark.parametrize("target", ["nowhere", "loop"])
def test_a_data_dir_that_is_a_link_to_no_directory_is_refused_as_such(refused, tmp_path,
                                                                      target):
    """A link to nothing, or a loop of links, was refused as 'cannot create
    the directory ...: File exists'."""
    link = tmp_path / "loop"
    os.symlink(tmp_path / target, link)
    said = f"--data-dir: '{link}' is a symbolic link that leads to no directory"
    assert said in refused("--data-dir", str(link))
    assert said in refused("--data-dir", str(link / "inside" / "records"))
    assert not (tmp_path / "nowhere").exists()


WAY_BLOCKED = {
    # typed: (the folder named, English, French)
    "a/missing/../file/y": ("a/missing", "'{}' does not exist (the path goes back up out of it"
                            " with ..)", "«\u202f{}\u202f» n’existe pas (le chemin en remonte par ..)"),
    "gone/..": ("gone", "'{}' does not exist (the path goes back up out of it with ..)",
                "«\u202f{}\u202f» n’existe pas (le chemin en remonte par ..)"),
    "plain/y": ("plain", "'{}' is a file, not a directory",
                "«\u202f{}\u202f» est un fichier, et non un dossier"),
    "plain/../y": ("plain", "'{}' is a file, not a directory",
                   "«\u202f{}\u202f» est un fichier, et non un dossier"),
    "plain/..": ("plain", "'{}' is a file, not a directory",
                 "«\u202f{}\u202f» est un fichier, et non un dossier"),
}


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("typed", list(WAY_BLOCKED))
def test_a_data_dir_whose_way_is_blocked_names_what_blocks_it(refused, tmp_path, typed, lang):
    """A '..' out of a folder that does not exist, or a file on the way, was
    told as the system's bare reason for the whole path ("cannot create the
    directory .../plain/y: Not a directory"), and a/missing/../file/y was
    made, a stray a/missing with it."""
    (tmp_path / "plain").write_text("mine")
    folder, english, french = WAY_BLOCKED[typed]
    said = (english if lang == "en" else french).format(tmp_path / folder)
    assert said in refused("--lang", lang, "--data-dir", typed)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["plain"]
    assert (tmp_path / "plain").read_text() == "mine"


@pytest.mark.parametrize("lang, said", [
    ("en", "cannot create the directory '{}': '{}' is not writable"),
    ("fr", "impossible de créer le dossier «\u202f{}\u202f»\u202f: «\u202f{}\u202f» n’est pas"
           " accessible en écriture"),
])
def test_a_data_dir_to_make_in_a_folder_that_cannot_be_written_says_so(refused, tmp_path,
                                                                       monkeypatch, lang, said):
    """The folder it would be made in is named, not only the system's
    reason ("Permission denied" for the whole path)."""
    shut = tmp_path / "shut"
    shut.mkdir(mode=0o555)
    if os.geteuid() == 0:                  # root ignores the bits: fail as for anyone else
        mkdir = os.mkdir

        def refusing(path, mode=0o777, **kwargs) -> None:
            if not os.stat(os.path.dirname(path)).st_mode & stat.S_IWUSR:
                raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), path)
            mkdir(path, mode, **kwargs)
        monkeypatch.setattr(os, "mkdir", refusing)
    try:
        err = refused("--lang", lang, "--data-dir", str(shut / "deeper" / "records"))
        assert said.format(shut / "deeper" / "records", shut) in err
        assert list(shut.iterdir()) == []
    finally:
        shut.chmod(0o755)


def test_a_data_dir_the_system_cannot_look_up_is_refused(refused, tmp_path):
    """A name too long for the file system, or a home directory of no known
    user, is one line and status 2 like any place that cannot be created:
    looking the name up raised, and the player got a traceback."""
    too_long = tmp_path / ("a" * 300)
    assert "--data-dir: cannot create the directory" in refused("--data-dir", str(too_long))
    err = refused("--data-dir", "~no-such-user-here/records")
    assert "--data-dir: cannot tell which home directory '~no-such-user-here/records' means" \
        in err


def folder_of(tmp_path, total: int):
    """A folder under ``tmp_path`` whose records database path is ``total`` bytes."""
    folder = tmp_path / "d"
    while (missing := total - len(os.fsencode(folder / NAME))) > 0:
        folder = (folder.with_name(folder.name + "d") if missing == 1
                  else folder / ("d" * min(200, missing - 1)))
    return folder


@pytest.mark.skipif(os.name != "posix", reason="SQLite's Unix path limit")
def test_a_data_dir_too_long_for_the_records_database_is_refused(refused, tmp_path):
    """SQLite opens no database by a path over 504 bytes: the game took such a
    folder, created it, and then said records could not be saved there
    ("unable to open database file"), though the folder was fine."""
    longest = folder_of(tmp_path, MAX_PATH_BYTES)
    err = refused("--data-dir", str(longest) + "d")
    assert f"is too long a path for the records database ({MAX_PATH_BYTES + 1} bytes" in err
    assert list(tmp_path.iterdir()) == []                # nothing created
    store = Store(parse(["--data-dir", str(longest)]).data_dir)
    try:
        assert store.take_notices() == []                # the longest one accepted works
        store.add_best_time("beginner", "Ann", 9000, 10, 1.1)
    finally:
        store.close()
    assert [t.name for t in Store(longest).best_times("beginner")] == ["Ann"]
    too_deep = Path(str(longest) + "d")
    too_deep.mkdir()
    (tmp_path / "link").symlink_to(too_deep)          # SQLite follows links, and measures
    err = refused("--data-dir", str(tmp_path / "link"))
    assert f"is too long a path for the records database ({MAX_PATH_BYTES + 1} bytes" in err


@pytest.mark.skipif(os.name != "posix", reason="SQLite's Unix path limit")
@pytest.mark.parametrize("language, told", [
    ("en", "(2,000 bytes with 'records.db'; at most 504)"),
    ("fr", "(2\u202f000 octets avec «\u202frecords.db\u202f»\u202f; au plus 504)")])
def test_a_long_path_is_measured_as_the_language_writes_numbers(refused, tmp_path, language,
                                                                 told):
    """The length was written raw ("2000 octets") where every other count of
    the command line is grouped ("18 446 744 073 709 551 615")."""
    err = refused("--lang", language, "--data-dir", str(folder_of(tmp_path, 2000)))
    assert told in err


@pytest.mark.parametrize("other", [["--level", "hard"], ["--width", "5"], ["--bogus"],
                                   ["--mask", "no-such-mask.txt"],
                                   ["--width", "8", "--height", "8", "--mines", "60"]])
def test_a_command_line_refused_creates_no_data_dir(refused, tmp_path, other):
    """The data folder was made as its option was read: a command line then
    refused for another option left it behind, parents and all
    ('--data-dir ~/typo/records --level hard' made ~/typo); a board refused
    for its mines, known only once the saved settings are, left it with an
    empty records database in it."""
    refused("--data-dir", str(tmp_path / "typo" / "records"), *other)
    assert not (tmp_path / "typo").exists()


@pytest.mark.parametrize("extra, option", [
    (["--shape", "hex"], "--shape"), (["--field", "heart"], "--field"),
    (["--level", "expert"], "--level"), (["--seed", "5"], "--seed"), (["--seed", "0"], "--seed"),
    (["--width", "5", "--height", "5", "--mines", "3"], "--width"),
    (["--mask", "no such file"], "--mask"), (["--first-click", "safe"], "--first-click"),
    (["--style", "win31"], "--style"), (["--kiosk"], "--kiosk"), (["--frames", "3"], "--frames"),
])
def test_a_replay_check_refuses_the_options_it_cannot_honour(tmp_path, capsys, extra, option):
    """--check plays the board the replay holds, without a window:
    "--check --shape hex" printed the grid game's result as if the shape
    had been checked too. Such an option is refused, naming it; --seed 0
    too, which was let through as not given (0 == False)."""
    replay = tmp_path / "game.json"
    replay.write_text(GOOD, encoding="utf-8")
    assert main(["--replay", str(replay), "--check", *extra]) == 2
    said = capsys.readouterr()
    assert said.out == "" and said.err == (
        "minesweeper: error: --check plays the board the replay holds, without a window:"
        f" {option} does nothing with it\n")
    assert main(["--replay", str(replay), "--check", "--lang", "en",
                 "--data-dir", str(tmp_path / "records")]) == 0     # these it honours
    assert capsys.readouterr().out == "unfinished 0 0\n"


def test_a_replay_check_creates_no_data_dir(tmp_path, capsys):
    """--check keeps no records: a --data-dir given with it is not made."""
    assert main(["--replay", os.devnull, "--check", "--data-dir",
                 str(tmp_path / "records")]) == 2
    assert not (tmp_path / "records").exists()


def test_a_missing_data_dir_is_created(tmp_path):
    assert main(["--data-dir", str(tmp_path / "a" / "b"), "--frames", "1"]) == 0
    assert (tmp_path / "a" / "b" / NAME).is_file()


def test_idle_goes_with_kiosk_or_demo():
    assert parse(["--kiosk", "--idle", "30"]).idle == 30
    assert parse(["--demo", "--idle", "5"]).idle == 5
    assert parse(["--demo", "--idle", "2.5"]).idle == 2.5
    assert parse(["--kiosk"]).idle == 60


@pytest.mark.parametrize("env, platform, found", [
    ({}, "linux", False),
    ({"DISPLAY": ":0"}, "linux", True),
    ({"WAYLAND_DISPLAY": "wayland-0"}, "linux", True),
    ({"SDL_VIDEODRIVER": "kmsdrm"}, "linux", True),
    ({}, "freebsd14", False),
    ({}, "win32", True),
    ({}, "darwin", True),
])
def test_a_display_is_looked_for_where_the_environment_tells(env, platform, found):
    assert (no_display(env, platform) is None) is found


def run_game(env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True,
                          text=True, env=env, timeout=120)


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="X11/Wayland systems only")
def test_no_display_is_one_line_and_exit_2_not_an_invisible_game(tmp_path):
    env = {k: v for k, v in HEADLESS.items()
           if k not in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY")}
    result = run_game(env, "--frames", "2", "--data-dir", str(tmp_path / "records"))
    assert result.returncode == 2 and list(tmp_path.iterdir()) == []     # no folder made
    assert result.stderr.strip().splitlines() == [
        "minesweeper: error: no display to open the window on (neither DISPLAY nor"
        " WAYLAND_DISPLAY is set); set SDL_VIDEODRIVER to choose a video driver"]


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="X11/Wayland systems only")
def test_a_driver_variable_set_to_nothing_chooses_no_driver(tmp_path):
    """SDL_VIDEODRIVER set to nothing (a launcher's SDL_VIDEODRIVER=$DRIVER
    with DRIVER unset) was taken by SDL for a driver named "": 'cannot open
    a window: windows not available', even on a working display. It is now
    as if unset: here, a display that does not answer, the usual refusal."""
    env = {k: v for k, v in HEADLESS.items() if k != "WAYLAND_DISPLAY"}
    env.update(SDL_VIDEODRIVER="", SDL_AUDIODRIVER=" ", DISPLAY=":9999")
    result = run_game(env, "--frames", "2", "--data-dir", str(tmp_path / "records"))
    assert result.returncode == 2 and list(tmp_path.iterdir()) == []     # no folder made
    assert result.stderr.strip().splitlines() == [
        "minesweeper: error: no display to open the window on (SDL fell back to its"
        " offscreen driver); set SDL_VIDEODRIVER to choose a video driver"]


def test_a_driver_the_user_chose_is_respected(tmp_path):
    env = {k: v for k, v in HEADLESS.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    result = run_game(env, "--frames", "2", "--no-sound", "--data-dir", str(tmp_path))
    assert (result.returncode, result.stderr) == (0, "")


def test_no_sound_card_prints_nothing(tmp_path):
    """Sound on, the system's default audio driver (none on a CI machine, which
    is where the eight ALSA lines came from), and a move that wants a sound."""
    env = {k: v for k, v in HEADLESS.items() if k != "SDL_AUDIODRIVER"}
    code = ("import sys; from game.ui.audio import Audio; a = Audio(True); a.play('reveal');"
            " a.stop(); print(a.opened)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            env=env, timeout=120)
    assert result.returncode == 0 and result.stdout.strip() == "True"
    assert result.stderr == ""


def test_with_sound_off_the_mixer_never_opens(tmp_path):
    from tests.ui.helpers import click, make_app

    app = make_app(["*.......", *["........"] * 7], sound=False, data_dir=tmp_path)
    click(app, (7, 7))
    app.step(120)
    assert app.play.field.status == "won"      # a reveal, a victory: sounds wanted, none played
    assert app.audio.opened is False


@pytest.mark.parametrize(("args", "closed", "status"), [
    (["--level", "bogus"], "stderr", 2),
    (["--replay", os.devnull, "--check"], "stderr", 2),
    (["--replay", "GOOD", "--check"], "stdout", 0),
    (["--help"], "stdout", 0),
])
def test_a_reader_that_went_away_changes_no_exit_status(tmp_path, args, closed, status):
    """``minesweeper ... | head -c0``: the line has nowhere to go, but the
    status is still the documented one and no traceback is printed (it
    was status 1 with BrokenPipeError; for ``--help``, status 120 and
    "Exception ignored ... BrokenPipeError"). Output is buffered, as a
    player's Python and the executable have it: PYTHONUNBUFFERED, set on
    some machines, hid the ``--help`` case."""
    from game.replay import write_file
    from tests.ui.helpers import BOARD_8, click, make_app

    if "GOOD" in args:
        app = make_app(BOARD_8, data_dir=tmp_path / "data")
        click(app, (0, 0))                              # a mine: a game lost, with its replay
        write_file(str(tmp_path / "good.json"), app.last_replay)
        args = [str(tmp_path / "good.json") if a == "GOOD" else a for a in args]
    read_end, write_end = os.pipe()
    os.close(read_end)                                  # nobody will read
    streams = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, closed: write_end}
    buffered = {name: value for name, value in HEADLESS.items() if name != "PYTHONUNBUFFERED"}
    result = subprocess.run([sys.executable, "-m", "game", *args], env=buffered,
                            timeout=120, **streams)
    os.close(write_end)
    other = result.stdout if closed == "stderr" else result.stderr
    assert result.returncode == status
    assert b"Traceback" not in (other or b"") and b"BrokenPipe" not in (other or b"")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("language, told", [
    ("en", "minesweeper: cannot write the help: No space left on device\n"),
    ("fr", "minesweeper\u202f: écriture de l’aide impossible\u202f: Plus de place sur le"
           " périphérique\n"),
])
def test_help_that_cannot_be_written_is_said_in_one_line_and_status_1(language, told):
    """``--help > /dev/full`` (a full disk): the help is lost, and said to
    be, exit status 1, as ``--check``'s result is; it exited 0, silently,
    leaving ``--help > help.txt`` an empty file that looked written."""
    with open("/dev/full", "w") as full:
        result = subprocess.run([sys.executable, "-m", "game", "--help", "--lang", language],
                                stdout=full, stderr=subprocess.PIPE, text=True,
                                env={**HEADLESS, "PYTHONIOENCODING": "utf-8"}, timeout=120)
    assert result.returncode == 1
    assert result.stderr == told


@pytest.mark.parametrize(("encoding", "error"), [
    ("latin-1", "minesweeper\xa0: erreur\xa0: argument --level\xa0: choix invalide"),
    ("ascii", "minesweeper : erreur : argument --level : choix invalide"),
])
def test_a_terminal_without_the_translations_signs_gets_plainer_ones(encoding, error):
    """A Latin-1 locale, or a Windows console redirected to a file (cp1252),
    has no narrow no-break space: French ``--help`` ended in a
    UnicodeEncodeError traceback (status 1), and errors read
    ``erreur\\u202f:``. The narrow space becomes a no-break or plain space,
    an accented letter its bare letter in ASCII."""
    env = {**HEADLESS, "PYTHONIOENCODING": encoding}
    helped = subprocess.run([sys.executable, "-m", "game", "--lang", "fr", "--help"],
                            capture_output=True, env=env, timeout=120)
    assert helped.returncode == 0 and helped.stderr == b""
    text = helped.stdout.decode(encoding)
    assert text.startswith("utilisation")
    assert ("Démineur" if encoding == "latin-1" else "Demineur") in text
    refused = subprocess.run([sys.executable, "-m", "game", "--lang", "fr", "--level", "x"],
                             capture_output=True, env=env, timeout=120)
    assert refused.returncode == 2
    assert refused.stderr.decode(encoding).startswith(error)
    assert len(refused.stderr.splitlines()) == 1


ROOT = Path(__file__).resolve().parent.parent.parent
#: Runs an entry point with a real SIGINT sent to itself from inside ``HOOK``,
#: a step of the start-up before the game's own handlers are in place.
INTERRUPTED_RUN = """
import os, runpy, signal, sys
signal.signal(signal.SIGINT, signal.default_int_handler)   # as in a terminal
import game.cli as cli
real = getattr(cli, HOOK)
def interrupted(*args):
    os.kill(os.getpid(), signal.SIGINT)
    return real(*args)
setattr(cli, HOOK, interrupted)
sys.argv = ["minesweeper", *ARGS]
if ENTRY == "module":
    runpy.run_module("game", run_name="__main__", alter_sys=True)
else:
    runpy.run_path(ENTRY, run_name="__main__")
"""


@pytest.mark.parametrize("entry", ["module", "executable"])
@pytest.mark.parametrize(("hook", "args", "status"), [
    ("video_problem", ["--frames", "5"], 0),
    ("check_replay", ["--replay", "REPLAY", "--check"], 130),
])
def test_ctrl_c_before_the_games_own_handlers_ends_without_a_traceback(tmp_path, entry, hook,
                                                                      args, status):
    """Ctrl+C in the start-up's first half second (the modules loading, the
    display opening), or during --check, printed a KeyboardInterrupt
    traceback. The run now ends quietly: status 0, as for a game a signal
    ends; 130 for --check, which a script must not take for a sound replay."""
    replay = tmp_path / "replay.json"
    replay.write_text("{}")
    args = [str(replay) if a == "REPLAY" else a for a in args]
    args += [] if "--check" in args else ["--data-dir", str(tmp_path / "data")]
    where = "module" if entry == "module" else str(ROOT / "tools" / "exe_entry.py")
    code = f"HOOK, ARGS, ENTRY = {hook!r}, {args!r}, {where!r}\n" + INTERRUPTED_RUN
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, env=HEADLESS,
                            cwd=ROOT, timeout=120)
    assert (result.returncode, result.stderr, result.stdout) == (status, b"", b"")


def test_a_relative_data_dir_in_a_working_directory_that_is_gone_is_refused(tmp_path):
    """Run from a terminal whose folder was removed meanwhile, a relative
    --data-dir ended in a FileNotFoundError traceback (os.getcwd)."""
    gone = tmp_path / "gone"
    code = (f"import os, runpy, sys; os.mkdir({str(gone)!r}); os.chdir({str(gone)!r}); "
            f"os.rmdir({str(gone)!r}); sys.argv = ['minesweeper', '--data-dir', 'records',"
            f" '--frames', '1']; runpy.run_module('game', run_name='__main__')")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            env={**HEADLESS, "PYTHONPATH": str(ROOT)}, timeout=120)
    assert result.returncode == 2
    assert result.stderr == ("minesweeper: error: argument --data-dir: 'records' is relative to"
                             " the current directory, which no longer exists\n")
    assert not gone.exists()


NO_HOME_RUN = """
import pwd, runpy, sys
def unknown(uid):
    raise KeyError(uid)
pwd.getpwuid = unknown                 # a user id the system has no entry for
sys.argv = ["minesweeper", *ARGS]
runpy.run_module("game", run_name="__main__", alter_sys=True)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="a home from HOME or the user database")
def test_no_home_directory_is_one_line_and_exit_2_unless_a_data_dir_is_given(tmp_path):
    """HOME unset for a user the system has no entry for (a container run
    under a bare user id): platformdirs' RuntimeError ended the start in a
    traceback. It is one line naming the way out; --data-dir is that way."""
    env = {k: v for k, v in HEADLESS.items() if k not in ("HOME", "XDG_DATA_HOME")}
    env["PYTHONPATH"] = str(ROOT)

    def start(*args: str) -> subprocess.CompletedProcess:
        code = f"ARGS = {list(args)!r}\n" + NO_HOME_RUN
        return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              env=env, cwd=tmp_path, timeout=120)
    result = start("--frames", "1")
    assert result.returncode == 2
    assert result.stderr == ("minesweeper: error: cannot tell where to keep your records and"
                             " settings: no home directory is known (set HOME, or give"
                             " --data-dir DIR)\n")
    assert list(tmp_path.iterdir()) == []
    given = start("--frames", "1", "--data-dir", str(tmp_path / "data"))
    assert (given.returncode, given.stderr) == (0, "")


@pytest.mark.parametrize("lang, said", [
    ("en", "invalid choice: \"'beginner'\" (choose from 'beginner',"),
    ("fr", "choix invalide\u202f: «\u202f'beginner'\u202f» (choix possibles\u202f: «\u202fbeginner\u202f»,"),
])
def test_a_choice_given_in_quotes_is_quoted_once_as_typed(refused, lang, said):
    """A value holding another value's quoted form ('beginner', quotes and
    all) is quoted whole, once: French quoted the inner one again, as
    "« beginner »", showing a value that was not typed."""
    assert said in refused("--lang", lang, "--level", "'beginner'")


@pytest.mark.parametrize("lang, said", [
    ("en", "invalid choice: \"'x'\""), ("fr", "choix invalide\u202f: «\u202f'x'\u202f»")])
def test_a_value_quoting_another_argument_is_quoted_once(refused, lang, said):
    """'x' and x both given: "« « x » »" in French."""
    assert said in refused("--lang", lang, "--level", "'x'", "--style", "x")


@pytest.mark.parametrize("lang, said", [
    ("en", "unrecognized arguments: 'expert' --x='b'"),
    ("fr", "arguments non reconnus\u202f: 'expert' --x='b'")])
def test_arguments_not_known_are_listed_as_typed(refused, tmp_path, lang, said):
    """The list of arguments not known names them as typed, unquoted: one
    typed as a choice in quotes ('expert') was taken for argparse quoting
    the choice, and French listed « expert »."""
    assert said in refused("--lang", lang, str(tmp_path / "a.json"), "'expert'", "--x='b'")


@pytest.mark.parametrize("option", ["--width", "--idle", "--seed"])
def test_a_value_refused_by_its_own_check_is_quoted_once(refused, option):
    """A refusal of the game's own (not argparse's) quotes the value as the
    language does already: a choice's quoted form inside it ('expert') was
    quoted again, « « expert » »."""
    assert "«\u202f'expert'\u202f»" in refused("--lang", "fr", option, "'expert'")


def test_a_name_too_long_is_quoted_in_no_more_than_the_characters_shown(refused, tmp_path):
    """Its start and its end around "...": in all no longer than
    ``NAME_SHOWN`` characters, the most a refusal quotes of a name."""
    name = str(tmp_path / ("y" * 5000) / "end.json")
    err = refused("--mask", name)
    start = err.index("'") + 1
    quoted = err[start:err.index("'", start)]
    assert "..." in quoted and quoted.endswith("/end.json")
    assert NAME_SHOWN - 3 <= len(quoted) <= NAME_SHOWN


@pytest.mark.parametrize("lang, said", [
    ("en", "minesweeper: error: cannot open a window: the video driver nowhere is not available"),
    ("fr", "minesweeper\u202f: erreur\u202f: impossible d’ouvrir une fenêtre\u202f: le pilote "
           "vidéo nowhere n’est pas disponible"),
])
def test_a_video_driver_that_is_not_there_is_said_in_the_players_language(tmp_path, lang,
                                                                          said):
    """SDL's own "nowhere not available" came in English after French words."""
    env = {**HEADLESS, "SDL_VIDEODRIVER": "nowhere"}
    result = run_game(env, "--lang", lang, "--frames", "2", "--data-dir", str(tmp_path))
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [said]
