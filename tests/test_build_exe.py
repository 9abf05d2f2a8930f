"""tools/build_exe.py: the PyInstaller command line and the smoke checks, without
running PyInstaller (CI builds and smoke-tests the real executable)."""

import ast
import importlib.util
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("build_exe", ROOT / "tools" / "build_exe.py")
build_exe = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(build_exe)


def value_of(args, option):
    return args[args.index(option) + 1]


@pytest.mark.parametrize("platform, name", [
    ("win32", "minesweeper.exe"), ("linux", "minesweeper"), ("darwin", "minesweeper")])
def test_executable_name_per_platform(platform, name):
    assert build_exe.exe_name(platform) == name
    assert build_exe.exe_path(Path("/repo"), platform) == Path("/repo/dist") / name


@pytest.mark.parametrize("platform", ["linux", "win32", "darwin"])
def test_one_file_named_minesweeper_from_the_launcher(platform):
    args = build_exe.pyinstaller_args(ROOT, platform)
    assert "--onefile" in args and "--onedir" not in args
    assert value_of(args, "--name") == "minesweeper"
    assert args[-1] == str(ROOT / "tools" / "exe_entry.py")
    assert Path(args[-1]).is_file()


@pytest.mark.parametrize("platform, windowed", [
    ("win32", True), ("darwin", True), ("linux", False)])
def test_windowed_on_windows_and_macos_only(platform, windowed):
    assert ("--windowed" in build_exe.pyinstaller_args(ROOT, platform)) is windowed


def test_numpy_is_left_out_of_the_bundle_and_the_game_never_imports_it():
    """Built by a Python that had numpy, pygame's hooks packed it (and yaml
    through it): 45 MB instead of 28, every start 0.3 s slower."""
    args = build_exe.pyinstaller_args(ROOT)
    excluded = {value_of(args[i:], "--exclude-module") for i, arg in enumerate(args)
                if arg == "--exclude-module"}
    assert {"numpy", "yaml"} <= excluded
    for source in (ROOT / "game").rglob("*.py"):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            assert not any(n.split(".")[0] in excluded for n in names), source


def test_a_bundle_holding_a_package_left_out_fails_the_smoke_test(monkeypatch, tmp_path):
    (tmp_path / "assets" / "sprites").mkdir(parents=True)
    for name in build_exe.REQUIRED_ASSETS:
        (tmp_path / "assets" / name).write_bytes(b"x")
    (tmp_path / "assets" / "sounds").mkdir()
    (tmp_path / "assets" / "sounds" / "tick.wav").write_bytes(b"x")
    inside = {f"assets/{p.as_posix()}" for p in build_exe.check_assets(tmp_path)}
    monkeypatch.setattr(build_exe, "bundled_files", lambda exe: inside)
    assert "all" in build_exe.check_bundle(tmp_path / "exe", tmp_path)
    monkeypatch.setattr(build_exe, "bundled_files",
                        lambda exe: inside | {"numpy/_core/_multiarray_umath.so"})
    with pytest.raises(build_exe.Failure, match="never uses"):
        build_exe.check_bundle(tmp_path / "exe", tmp_path)


@pytest.mark.parametrize("platform, sep", [("win32", ";"), ("linux", ":")])
def test_the_whole_assets_folder_is_added_with_the_platform_separator(platform, sep):
    args = build_exe.pyinstaller_args(Path("/repo"), platform, sep)
    source, dest = value_of(args, "--add-data").rsplit(sep, 1)
    assert Path(source) == Path("/repo/assets")
    assert dest == "assets"


def test_the_bundle_layout_is_where_asset_path_looks(monkeypatch, tmp_path):
    from game import resources

    dest = build_exe.add_data_spec(ROOT).rsplit(build_exe.os.pathsep, 1)[1]
    monkeypatch.setattr(resources.sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.asset_path("sprites", "atlas.png") == tmp_path / dest / "sprites" / "atlas.png"


def test_the_catalogues_go_where_the_translations_are_looked_for(monkeypatch, tmp_path):
    from game.i18n import catalogs

    args = build_exe.pyinstaller_args(Path("/repo"), "linux", ":")
    specs = [args[i + 1] for i, a in enumerate(args) if a == "--add-data"]
    assert "/repo/game/locale:game/locale" in specs
    monkeypatch.setattr(catalogs.sys, "_MEIPASS", str(tmp_path), raising=False)
    assert catalogs._locale_dir() == tmp_path / build_exe.BUNDLED_LOCALE
    assert "game/locale/fr/LC_MESSAGES/minesweeper.mo" in build_exe.catalogues(ROOT)


def test_build_files_stay_under_build_and_dist():
    args = build_exe.pyinstaller_args(Path("/repo"), "linux")
    assert Path(value_of(args, "--workpath")).is_relative_to("/repo/build")
    assert Path(value_of(args, "--specpath")).is_relative_to("/repo/build")
    assert Path(value_of(args, "--distpath")) == Path("/repo/dist")
    ignored = (ROOT / ".gitignore").read_text().split()
    assert {"build/", "dist/", "*.spec"} <= set(ignored)


def test_the_launcher_runs_the_cli_and_exits_with_its_status():
    tree = ast.parse((ROOT / "tools" / "exe_entry.py").read_text())
    imports = [n for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    assert any(n.module == "game.cli" and n.names[0].name == "main" for n in imports)
    raised = [ast.unparse(n.exc) for n in ast.walk(tree) if isinstance(n, ast.Raise)]
    assert "SystemExit(main())" in raised


@pytest.mark.parametrize(("argv", "forged"), [
    (["minesweeper", "--multiprocessing-fork"], True),
    (["minesweeper", "--multiprocessing-fork", "x"], True),
    (["minesweeper", "--multiprocessing-fork", "pipe_handle=abc"], True),
    (["minesweeper", "--multiprocessing-fork", "tracker_fd=5"], True),
    (["minesweeper", "--multiprocessing-fork", "tracker_fd=5", "pipe_handle=7"], False),
    (["minesweeper.exe", "--multiprocessing-fork", "parent_pid=1234", "pipe_handle=680"], False),
    (["minesweeper", "--level", "expert"], False),
    (["minesweeper"], False),
])
def test_a_multiprocessing_fork_it_did_not_write_goes_to_the_command_line(argv, forged,
                                                                          monkeypatch):
    """``minesweeper --multiprocessing-fork`` typed by hand ended the
    executable in multiprocessing's TypeError traceback (spawn_main()
    missing pipe_handle); it now goes to the command line, which refuses it
    in one line. What multiprocessing itself writes still starts its child."""
    import sys
    from multiprocessing.spawn import get_command_line

    spec = importlib.util.spec_from_file_location("exe_entry", ROOT / "tools" / "exe_entry.py")
    entry = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(entry)
    assert entry.forged_fork(argv) is forged
    monkeypatch.setattr(sys, "frozen", True, raising=False)       # as in the executable
    assert not entry.forged_fork(get_command_line(tracker_fd=5, pipe_handle=7))


def test_the_exe_extra_pins_pyinstaller_6():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert "pyinstaller>=6.0" in project["optional-dependencies"]["exe"]
    assert "test" in project["optional-dependencies"]


def test_missing_pyinstaller_says_how_to_install_in_one_line(monkeypatch, capsys):
    real = importlib.util.find_spec
    monkeypatch.setattr(build_exe.importlib.util, "find_spec",
                        lambda name, *a: None if name == "PyInstaller" else real(name, *a))
    assert build_exe.main([]) == 1
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1
    assert "pip install -e '.[exe]'" in err


def test_missing_generated_assets_are_named(tmp_path):
    (tmp_path / "assets" / "sprites").mkdir(parents=True)
    (tmp_path / "assets" / "sprites" / "atlas.json").write_text("{}")
    with pytest.raises(build_exe.Failure, match="atlas.png.*sounds"):
        build_exe.check_assets(tmp_path)


def test_smoke_without_an_executable_says_to_build_it(tmp_path):
    with pytest.raises(build_exe.Failure, match="does not exist.*build it first"):
        build_exe.smoke(tmp_path)


def test_every_file_a_store_keeps_is_one_of_the_store_files(tmp_path):
    """The smoke test's list follows the store: a file the store now makes
    (its opening lock, its journals) must not fail a clean run."""
    from game.store import Store
    from tests.store.helpers import game
    data, cwd = tmp_path / "data", tmp_path / "cwd"
    cwd.mkdir()
    store = Store(data)
    store.record_game(game())
    store.save_settings()
    store.flush()
    build_exe.check_clean(data, cwd)                    # open: journals beside it
    store.close()
    build_exe.check_clean(data, cwd)


def test_only_the_store_files_may_appear_after_a_clean_run(tmp_path):
    data, cwd = tmp_path / "data", tmp_path / "cwd"
    data.mkdir()
    cwd.mkdir()
    for name in ("settings.json", "records.db"):
        (data / name).write_text("{}")
    build_exe.check_clean(data, cwd)
    (data / "records.corrupt-2024.json").write_text("")
    with pytest.raises(build_exe.Failure, match="records.corrupt"):
        build_exe.check_clean(data, cwd)
    (data / "records.corrupt-2024.json").unlink()
    (cwd / "settings.json").write_text("{}")
    with pytest.raises(build_exe.Failure, match="working folder"):
        build_exe.check_clean(data, cwd)


def test_a_crash_is_reported_by_its_exception_not_the_bootloader_line():
    stderr = ("Traceback (most recent call last):\n  File \"exe_entry.py\", line 10\n"
              "KeyError: 'sprites'\n"
              "[PYI-7428:ERROR] Failed to execute script 'exe_entry' due to unhandled exception!\n")
    assert build_exe.last_line(stderr) == "KeyError: 'sprites'"
    assert build_exe.last_line("") == ""


def test_our_runtime_hook_is_given_to_pyinstaller_and_exists():
    """``exe_first_hook.py`` holds Ctrl+C while PyInstaller's own start-up
    hooks run (those given with ``--runtime-hook`` run first)."""
    args = build_exe.pyinstaller_args(ROOT, "linux")
    hook = Path(value_of(args, "--runtime-hook"))
    assert hook == ROOT / "tools" / "exe_first_hook.py" and hook.is_file()


_ctrl_c_spec = importlib.util.spec_from_file_location("exe_ctrl_c", ROOT / "tools" / "exe_ctrl_c.py")
exe_ctrl_c = importlib.util.module_from_spec(_ctrl_c_spec)
_ctrl_c_spec.loader.exec_module(exe_ctrl_c)

#: A stand-in executable: quiet, or a traceback on stderr when Ctrl+C comes.
STAND_IN = """#!/bin/sh
trap 'TRAPPED' INT
sleep 5 >/dev/null 2>&1 & wait
"""


@pytest.mark.skipif(not hasattr(__import__("os"), "killpg"), reason="process groups")
@pytest.mark.parametrize(("trapped", "status"), [
    ("echo Traceback >&2; exit 1", 1), ("exit 0", 0)])
def test_the_ctrl_c_tool_counts_starts_and_fails_on_a_message(tmp_path, capsys, trapped, status):
    exe = tmp_path / "minesweeper"
    exe.write_text(STAND_IN.replace("TRAPPED", trapped))
    exe.chmod(0o755)
    assert exe_ctrl_c.main(["--exe", str(exe), "--starts", "2", "--from", "1.0",
                            "--step", "0.01"]) == status      # its trap set by then
    out = capsys.readouterr().out
    if status:
        assert "exit    1, said something        2 starts" in out
        assert "first message with exit 1, Ctrl+C at 1.000 s:\nTraceback" in out
    else:
        assert out == "exit    0, nothing on stderr     2 starts\n"


def test_the_ctrl_c_tool_without_an_executable_says_to_build_it(tmp_path, capsys):
    with pytest.raises(SystemExit) as stop:
        exe_ctrl_c.main(["--exe", str(tmp_path / "none")])
    assert stop.value.code == 2
    assert "no executable at" in capsys.readouterr().err


@pytest.mark.parametrize("option", [["--from", "-1"], ["--step", "-0.5"], ["--starts", "0"]])
def test_the_ctrl_c_tool_refuses_what_it_cannot_measure(tmp_path, capsys, option):
    """A negative delay ended it in a traceback from ``time.sleep``; no
    start at all passed as a clean result."""
    exe = tmp_path / "minesweeper"
    exe.write_text(STAND_IN.replace("TRAPPED", "true"))
    exe.chmod(0o755)
    with pytest.raises(SystemExit) as stop:
        exe_ctrl_c.main(["--exe", str(exe), *option])
    assert stop.value.code == 2
    assert option[0] in capsys.readouterr().err
