"""Build the single-file executable ``dist/minesweeper`` (``dist/minesweeper.exe``
on Windows) with PyInstaller, and smoke-test it.

Why: docs/design.md ("Ways to run") asks for one file that a player runs without installing
Python, that finds its assets inside the bundle and starts in about a second.
PyInstaller's one-file mode packs the interpreter, pygame-ce, the ``game``
package and the whole top-level ``assets`` folder into one program that
unpacks itself to a temporary folder (``sys._MEIPASS``) on every start;
``game.resources.asset_path`` looks for the assets at ``_MEIPASS/assets``,
so that is where ``--add-data`` puts them. Everything the build writes besides
the executable (work folder, ``.spec`` file) goes under ``build/`` so the
checkout stays clean.

    python tools/build_exe.py              # build dist/minesweeper
    python tools/build_exe.py --smoke      # build, then smoke-test it
    python tools/build_exe.py --skip-build # only smoke-test the existing binary

The smoke test runs the executable headless (SDL dummy video and audio drivers)
from an empty temporary working folder, so it cannot lean on the checkout:
``--frames 120`` must exit 0 with no traceback, leave only the store's own files
in its ``--data-dir`` and nothing in the working folder, and every file of
``assets`` must be inside the bundle, and nothing of the packages left out
(``EXCLUDED``). ``--demo --frames 300`` then lets
the computer play through its worker process (the executable started again
by multiprocessing): a worker that fell into the command line instead would
print an argument error; ``--replay FILE`` does the same for the process that
reads replays (and the file named alone, as Windows' "Open with" passes
it), and ``--replay FILE --frames 5`` quits while that process
(and multiprocessing's resource tracker) is still starting up: nothing may be
printed as the bundle's unpacked files are deleted. On Linux the launcher
(the process that unpacks the bundle and runs the game as its child) is
then killed outright during play: the game must end by itself and delete
the unpacked files (``game.launcher``). It then prints the size
and the start-up time: the median wall time of five ``--frames 1`` runs, which
counts the one-file unpacking, opening the window, one frame and quitting.

Needs PyInstaller in the running Python: ``pip install -e '.[exe]'``. Any
failure ends with one line on stderr and exit status 1.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAME = "minesweeper"
ENTRY = Path("tools") / "exe_entry.py"
#: Runs before PyInstaller's own start-up hooks: holds Ctrl+C for ENTRY.
FIRST_HOOK = Path("tools") / "exe_first_hook.py"
ASSETS = Path("assets")
BUNDLED_ASSETS = "assets"  # where game.resources.asset_path looks inside _MEIPASS
LOCALE = Path("game") / "locale"
BUNDLED_LOCALE = "game/locale"  # where game.i18n looks for the catalogues inside _MEIPASS
REQUIRED_ASSETS = (Path("sprites") / "atlas.png", Path("sprites") / "atlas.json")
#: Never used by the game, but pulled in by pygame's hooks (surfarray and
#: sndarray) whenever the building Python has it: numpy, and yaml through it,
#: made the executable 45 MB instead of 28 and its start 0.2 to 0.3 s slower
#: (README, "Single-file executable"), as every start unpacks them.
EXCLUDED = ("numpy", "yaml")
# No console window behind the game there. (PyInstaller 6 warns that one-file
# plus windowed on macOS is deprecated, to become an error in 7.0.)
WINDOWED_PLATFORMS = ("win32", "darwin")
STORE_FILES = {"settings.json", "settings.kept.json", "settings.json.lock",      # game.store
               "records.db", "records.db-wal", "records.db-shm", "records.db.lock"}
HEADLESS = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
SMOKE_FRAMES = 120
DEMO_FRAMES = 300       # attract mode: the computer's worker process starts and plays
QUIT_FRAMES = 5         # quits while the replay loader's process is still starting up
ORPHAN_FRAMES = 3600    # a minute of play, cut short by killing the launcher
ORPHAN_START_S = 2.0    # the game's signal handlers are in place by then
ORPHAN_END_S = 10.0     # the game ends, and deletes its unpacked files, within this
TIMING_RUNS = 5
RUN_TIMEOUT_S = 120
INSTALL_HINT = "pip install -e '.[exe]'"


class Failure(Exception):
    """Why the build or the smoke test failed, in one line."""


# --- what to run -------------------------------------------------------------

def exe_name(platform: str = sys.platform) -> str:
    return f"{NAME}.exe" if platform == "win32" else NAME


def exe_path(root: Path = ROOT, platform: str = sys.platform) -> Path:
    return root / "dist" / exe_name(platform)


def add_data_spec(root: Path = ROOT, sep: str = os.pathsep) -> str:
    """``SOURCE<sep>DEST`` for ``--add-data``: the whole assets folder, kept at
    ``assets`` inside the bundle. ``sep`` is ``;`` on Windows, ``:`` elsewhere."""
    return f"{root / ASSETS}{sep}{BUNDLED_ASSETS}"


def locale_data_spec(root: Path = ROOT, sep: str = os.pathsep) -> str:
    """``--add-data`` for the translations: ``game/locale`` kept at ``game/locale``."""
    return f"{root / LOCALE}{sep}{BUNDLED_LOCALE}"


def catalogues(root: Path = ROOT) -> list[str]:
    """The compiled catalogues the bundle must carry, as paths inside it."""
    folder = root / LOCALE
    return sorted(f"{BUNDLED_LOCALE}/{p.relative_to(folder).as_posix()}"
                  for p in folder.glob("*/LC_MESSAGES/*.mo"))


def pyinstaller_args(root: Path = ROOT, platform: str = sys.platform,
                     sep: str = os.pathsep) -> list[str]:
    """PyInstaller's command line (without the ``python -m PyInstaller`` part)."""
    build = root / "build"
    args = [
        "--noconfirm",
        "--clean",                          # no stale cache from an earlier build
        "--onefile",
        "--name", NAME,
        "--distpath", str(root / "dist"),
        "--workpath", str(build / "pyinstaller"),
        "--specpath", str(build),
        "--paths", str(root),
        "--add-data", add_data_spec(root, sep),
        "--add-data", locale_data_spec(root, sep),
        # Screens are imported inside functions; take the whole package so a
        # dialog added later cannot be left out of the bundle.
        "--collect-submodules", "game",
        *(arg for module in EXCLUDED for arg in ("--exclude-module", module)),
        "--log-level", "WARN",
        "--runtime-hook", str(root / FIRST_HOOK),
    ]
    if platform in WINDOWED_PLATFORMS:
        args.append("--windowed")
    args.append(str(root / ENTRY))
    return args


# --- building ----------------------------------------------------------------

def check_assets(root: Path = ROOT) -> list[Path]:
    """The asset files to bundle (relative to ``assets``); Failure if the
    generated ones are missing."""
    folder = root / ASSETS
    missing = [str(ASSETS / p) for p in REQUIRED_ASSETS if not (folder / p).is_file()]
    if not list((folder / "sounds").glob("*.wav")):
        missing.append(str(ASSETS / "sounds" / "*.wav"))
    if missing:
        raise Failure(f"missing assets {', '.join(missing)} (run tools/make_atlas.py "
                      "and tools/make_sounds.py)")
    return sorted(p.relative_to(folder) for p in folder.rglob("*") if p.is_file())


def build(root: Path = ROOT) -> float:
    """Run PyInstaller; return the build time in seconds."""
    if importlib.util.find_spec("PyInstaller") is None:
        raise Failure(f"PyInstaller is not installed in {sys.executable}; "
                      f"install it with: {INSTALL_HINT}")
    for module, package in (("pygame", "pygame-ce"), ("platformdirs", "platformdirs")):
        if importlib.util.find_spec(module) is None:
            raise Failure(f"{package} is not installed in {sys.executable}, so the "
                          f"executable would not run; install with: {INSTALL_HINT}")
    check_assets(root)
    command = [sys.executable, "-m", "PyInstaller", *pyinstaller_args(root)]
    print("build_exe:", " ".join(command), flush=True)
    start = time.perf_counter()
    quiet = {**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}  # hooks import pygame
    result = subprocess.run(command, cwd=root, env=quiet)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        raise Failure(f"PyInstaller failed with exit status {result.returncode} (log above)")
    if not exe_path(root).is_file():
        raise Failure(f"PyInstaller succeeded but {exe_path(root)} is missing")
    return elapsed


# --- smoke test --------------------------------------------------------------

def bundled_files(exe: Path) -> set[str] | None:
    """Names of the files packed in a one-file executable (``/`` separated), or
    None when PyInstaller is not there to read the archive."""
    try:
        from PyInstaller.archive.readers import CArchiveReader
    except ImportError:
        return None
    try:
        toc = CArchiveReader(str(exe)).toc
    except Exception as error:  # not a PyInstaller archive, truncated file...
        raise Failure(f"cannot read the bundle inside {exe}: {error}") from None
    return {name.replace("\\", "/") for name in toc}


def check_bundle(exe: Path, root: Path = ROOT) -> str:
    """Every file of assets/ is inside the executable; says how many."""
    names = bundled_files(exe)
    if names is None:
        return "not checked (no PyInstaller)"
    wanted = [f"{BUNDLED_ASSETS}/{p.as_posix()}" for p in check_assets(root)]
    wanted += catalogues(root)
    missing = [name for name in wanted if name not in names]
    if missing:
        raise Failure(f"{len(missing)} asset(s) missing from the bundle, "
                      f"e.g. {missing[0]}")
    unwanted = sorted(name for name in names
                      if name.split("/")[0].split(".")[0] in EXCLUDED)
    if unwanted:
        raise Failure(f"{len(unwanted)} file(s) of a package the game never uses in the "
                      f"bundle, e.g. {unwanted[0]}")
    return f"all {len(wanted)} asset and catalogue files inside"


def last_line(text: str) -> str:
    """The line that says what went wrong: the exception, not the bootloader's
    "[PYI-...] Failed to execute script" that follows it."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    own = [line for line in lines if not line.startswith("[PYI-")]
    return (own or lines or [""])[-1]


def run_exe(exe: Path, args: list[str], cwd: Path) -> tuple[subprocess.CompletedProcess, float]:
    """Run the executable headless; return the result and its wall time."""
    env = {**os.environ, **HEADLESS}
    start = time.perf_counter()
    try:
        result = subprocess.run([str(exe), *args], cwd=cwd, env=env, capture_output=True,
                                text=True, errors="replace", timeout=RUN_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        raise Failure(f"{exe.name} {' '.join(args)} did not exit within "
                      f"{RUN_TIMEOUT_S} s") from None
    except OSError as error:
        raise Failure(f"cannot start {exe}: {error}") from None
    elapsed = time.perf_counter() - start
    if result.returncode != 0 or "Traceback" in result.stderr:
        detail = last_line(result.stderr) or "no message"
        raise Failure(f"{exe.name} {' '.join(args)} exited with status "
                      f"{result.returncode}: {detail}")
    return result, elapsed


def check_clean(data_dir: Path, cwd: Path) -> None:
    """Only the store's own files in the data folder (no set-aside damaged
    files, temporaries or logs), nothing at all in the working folder."""
    extra = sorted(p.name for p in data_dir.iterdir() if p.name not in STORE_FILES)
    if extra:
        raise Failure(f"unexpected files in the data folder after a clean run: "
                      f"{', '.join(extra)}")
    stray = sorted(p.name for p in cwd.iterdir())
    if stray:
        raise Failure(f"the executable wrote into its working folder: {', '.join(stray)}")


def time_start(command: list[str], cwd: Path, runs: int = TIMING_RUNS) -> list[float]:
    """Wall times of ``runs`` runs of ``command`` (which must exit 0)."""
    env = {**os.environ, **HEADLESS}
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        result = subprocess.run(command, cwd=cwd, env=env, capture_output=True,
                                timeout=RUN_TIMEOUT_S)
        times.append(time.perf_counter() - start)
        if result.returncode != 0:
            raise Failure(f"{' '.join(command)} exited with status {result.returncode}")
    return times


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux ``/proc``)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if fields[1] == str(pid):
            found.append(int(stat.parent.name))
    return found


def running(pid: int) -> bool:
    """Whether ``pid`` is a live process (a zombie nobody reaped is not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def check_launcher_killed(exe: Path, data_dir: Path, cwd: Path, scratch: Path) -> str:
    """SIGKILL the one-file launcher while the game plays (Linux): the game
    must end by itself within ``ORPHAN_END_S`` with nothing on stderr, and
    the folder the launcher unpacked (under ``TMPDIR=scratch/tmp``) must be
    gone: nobody else is left to delete it."""
    tmp, log = scratch / "tmp", scratch / "orphan.log"
    tmp.mkdir()
    env = {**os.environ, **HEADLESS, "TMPDIR": str(tmp)}
    with log.open("w", encoding="utf-8") as err:
        launcher = subprocess.Popen([str(exe), "--frames", str(ORPHAN_FRAMES),
                                     "--data-dir", str(data_dir)],
                                    cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=err)
    deadline = time.monotonic() + RUN_TIMEOUT_S
    while not (game := children(launcher.pid)):
        if launcher.poll() is not None or time.monotonic() > deadline:
            raise Failure(f"the launcher started no game (status {launcher.returncode})")
        time.sleep(0.05)
    time.sleep(ORPHAN_START_S)
    launcher.kill()
    launcher.wait()
    deadline = time.monotonic() + ORPHAN_END_S
    while (running(game[0]) or any(tmp.iterdir())) and time.monotonic() < deadline:
        time.sleep(0.05)
    if running(game[0]):
        os.kill(game[0], signal.SIGKILL)
        raise Failure(f"the game played on {ORPHAN_END_S:.0f} s after its launcher was killed")
    if any(tmp.iterdir()):
        raise Failure("the unpacked files were left behind when the launcher was killed: "
                      + ", ".join(p.name for p in tmp.iterdir()))
    said = log.read_text(encoding="utf-8", errors="replace").strip()
    if said:
        raise Failure(f"launcher killed: {last_line(said)}")
    return f"the game ended by itself, unpacked files deleted, {ORPHAN_END_S:.0f} s at most"


#: A replay for the smoke test to open: the window reads it in its loader
#: process, the executable started again by multiprocessing (like the worker).
SAMPLE_REPLAY = ('{"format": "minesweeper-replay", "version": 1, "width": 9, "height": 9,'
                 ' "mines": 10, "shape": "grid", "marks": true, "first_click": "opening",'
                 ' "seed": 7, "moves": [], "result": "unfinished", "time_ms": 0}')


def smoke(root: Path = ROOT) -> list[tuple[str, str]]:
    """Smoke-test the built executable; return the figures as table rows."""
    exe = exe_path(root)
    if not exe.is_file():
        raise Failure(f"{exe} does not exist (build it first: python tools/build_exe.py)")
    rows = [("executable", str(exe)),
            ("size", f"{exe.stat().st_size / 1e6:.1f} MB")]
    rows.append(("assets in the bundle", check_bundle(exe, root)))
    with tempfile.TemporaryDirectory(prefix="minesweeper-smoke-") as scratch:
        data_dir, cwd = Path(scratch) / "data", Path(scratch) / "cwd"
        data_dir.mkdir()
        cwd.mkdir()
        _, elapsed = run_exe(exe, ["--frames", str(SMOKE_FRAMES), "--data-dir",
                                   str(data_dir)], cwd)
        check_clean(data_dir, cwd)
        rows.append((f"--frames {SMOKE_FRAMES} from another folder",
                     f"exit 0, clean data folder, {elapsed:.2f} s"))
        result, elapsed = run_exe(exe, ["--demo", "--frames", str(DEMO_FRAMES), "--data-dir",
                                        str(data_dir)], cwd)
        if "error" in result.stderr.lower():
            raise Failure(f"--demo: {last_line(result.stderr)}")
        rows.append((f"--demo --frames {DEMO_FRAMES} (worker process plays)",
                     f"exit 0, nothing on stderr, {elapsed:.2f} s"))
        replay = Path(scratch) / "sample.json"
        replay.write_text(SAMPLE_REPLAY, encoding="utf-8")
        result, elapsed = run_exe(exe, ["--replay", str(replay), "--frames", str(DEMO_FRAMES),
                                        "--data-dir", str(data_dir)], cwd)
        if "error" in result.stderr.lower():
            raise Failure(f"--replay: {last_line(result.stderr)}")
        rows.append((f"--replay FILE --frames {DEMO_FRAMES} (loader process reads it)",
                     f"exit 0, nothing on stderr, {elapsed:.2f} s"))
        result, elapsed = run_exe(exe, [str(replay), "--frames", str(DEMO_FRAMES),
                                        "--data-dir", str(data_dir)], cwd)
        if "error" in result.stderr.lower():
            raise Failure(f"FILE alone: {last_line(result.stderr)}")
        rows.append((f"FILE alone --frames {DEMO_FRAMES} (as Open with gives it)",
                     f"exit 0, nothing on stderr, {elapsed:.2f} s"))
        result, elapsed = run_exe(exe, ["--replay", str(replay), "--frames", str(QUIT_FRAMES),
                                        "--data-dir", str(data_dir)], cwd)
        if result.stderr.strip():
            raise Failure(f"--replay FILE --frames {QUIT_FRAMES}: {last_line(result.stderr)}")
        rows.append((f"--replay FILE --frames {QUIT_FRAMES} (quits as its processes start)",
                     f"exit 0, nothing on stderr, {elapsed:.2f} s"))
        if sys.platform.startswith("linux"):
            rows.append(("launcher killed (SIGKILL) during play",
                         check_launcher_killed(exe, data_dir, cwd, Path(scratch))))
        frozen = time_start([str(exe), "--frames", "1", "--data-dir", str(data_dir)], cwd)
        rows.append((f"start to first frame, median of {TIMING_RUNS}",
                     f"{statistics.median(frozen):.2f} s "
                     f"(min {min(frozen):.2f}, max {max(frozen):.2f})"))
        rows.append(("  measured as", "wall time of `--frames 1`, including the one-file "
                     "unpacking, window, one frame and exit"))
        if importlib.util.find_spec("pygame") is not None and (root / "game").is_dir():
            source = time_start([sys.executable, "-m", "game", "--frames", "1",
                                 "--data-dir", str(data_dir)], root)
            rows.append(("same from source (python -m game)",
                         f"{statistics.median(source):.2f} s (for comparison)"))
    return rows


def print_table(rows: list[tuple[str, str]]) -> None:
    width = max(len(label) for label, _ in rows)
    print()
    for label, value in rows:
        print(f"  {label:<{width}}  {value}")
    print(flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="build_exe", description="Build (and smoke-test) the single-file executable.")
    parser.add_argument("--smoke", action="store_true",
                        help="after building, run the executable headless and print figures")
    parser.add_argument("--skip-build", action="store_true",
                        help="do not build; smoke-test the existing dist/ executable")
    args = parser.parse_args(argv)
    try:
        rows = []
        if not args.skip_build:
            seconds = build()
            rows.append(("build time", f"{seconds:.0f} s"))
        if args.smoke or args.skip_build:
            rows = smoke() + rows
        else:
            rows.insert(0, ("executable", f"{exe_path()} "
                            f"({exe_path().stat().st_size / 1e6:.1f} MB)"))
        print_table(rows)
    except Failure as failure:
        print(f"build_exe: error: {failure}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
