"""The README and docs/design.md held to the code they describe.

Both are long and were written over many changes; what they name drifts
unless something checks it. The README quoted a mask file's refusal as
``--mask m.txt: line 2 …`` long after the command line quoted the file's
name (``--mask 'm.txt': …``), and design.md's layers left out
``game.graphemes``, which the import contract had placed below the store.
These tests read the documents as a new maintainer does: every option of
the command line is in the README, with its choices and range; every option
the README gives exists, for the game or for the tool it is given to; every
file, folder and section named is there; the layers are the contract's.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from game.cli.arguments import MAX_FRAMES, UsageError, build_parser
from game.cli.options import parse
from game.cli.value_types import MAX_IDLE
from game.replay import MAX_SEED
from game.settings import MAX_SCALE

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
DESIGN = (ROOT / "docs" / "design.md").read_text(encoding="utf-8")
#: What the README gives as an option on purpose though the game and its
#: tools take none such: a wrong spelling it says is refused (another
#: program's option, pip's or pytest's, would go here too).
NOT_OPTIONS = {"--lev"}
#: Paths named as they are in an installed wheel, not in a checkout.
INSTALLED = {"game/assets"}
#: Paths the README names under the repository's folders as an example of a
#: player's own file, not one of the repository's: none yet. (Written
#: outside those folders, ``~/masks/heart.txt`` or ``m.txt``, a path is
#: not checked at all.)
EXAMPLES: set[str] = set()


def section(text: str, heading: str) -> str:
    """A ``## heading`` section of ``text``, up to the next one."""
    assert f"\n## {heading}\n" in text, (
        f"no '## {heading}' section: renamed, rename it in tests/test_readme.py too")
    return text.split(f"\n## {heading}\n", 1)[1].split("\n## ", 1)[0]


def flat(text: str) -> str:
    """``text`` with its line breaks and runs of spaces made one space."""
    return " ".join(text.split())


def game_options() -> list:
    """The game's parser's options (not -h/--help, which argparse adds)."""
    return [a for a in build_parser()._actions if a.option_strings and a.dest != "help"]


def tool_options() -> dict[str, set[str]]:
    """Each tool's options, read from its source (a tool may import what
    the test run lacks, so it is not imported)."""
    return {path.stem: set(re.findall(r'add_argument\(\s*"(--[\w-]+)"', path.read_text("utf-8")))
            for path in (ROOT / "tools").glob("*.py")}


@pytest.mark.parametrize("action", game_options(), ids=lambda a: a.option_strings[0])
def test_every_option_of_the_command_line_is_in_the_playing_section(action):
    playing = flat(section(README, "Playing"))
    option = action.option_strings[0]
    assert re.search(rf"(?<![\w-]){option}(?![\w-])", playing), (
        f"the command line takes {option}, which the README's Playing section never names:"
        " say there what it does")
    if action.choices:
        given = f"{option} {'|'.join(action.choices)}"
        assert given in playing, (
            f"the Playing section should give {option}'s choices as `{given}`, as the parser"
            " has them")


def test_the_playing_section_gives_the_ranges_the_parser_takes():
    """The ranges stated beside the options are the parser's bounds."""
    playing = flat(section(README, "Playing"))
    fix = "the Playing section gives another range than the parser takes: write the parser's, "
    assert f"`--scale 1-{MAX_SCALE}`" in playing, fix + f"`--scale 1-{MAX_SCALE}`"
    assert f"(1–{MAX_IDLE}," in playing, fix + f"--idle's (1–{MAX_IDLE},"
    assert MAX_SEED == 2 ** 64 and "`--seed N` (0 to 2^64−1" in playing, fix + "--seed's"
    assert MAX_FRAMES == 60 * 3600 * 24 * 365 and "a year's worth at 60 a second" in playing, (
        fix + "--frames'")


def test_the_file_named_alone_is_in_the_playing_section():
    positional = [a for a in build_parser()._actions if not a.option_strings]
    assert [a.metavar for a in positional] == ["FILE"]
    assert "`python -m game FILE`" in flat(section(README, "Playing"))


def test_every_option_the_readme_gives_exists():
    known = {s for a in build_parser()._actions for s in a.option_strings}
    known |= set().union(*tool_options().values()) | NOT_OPTIONS
    given = set(re.findall(r"(?<![\w-])(--[a-z][a-z0-9-]*)", README))
    assert given - known == set(), (
        "the README gives options that neither the game nor a tool in tools/ takes: fix the"
        " spelling, or, for another program's option or a wrong spelling it quotes on"
        " purpose, add it to NOT_OPTIONS in tests/test_readme.py")


def test_every_tool_run_in_the_readme_is_given_options_of_that_tool():
    """``python tools/x.py --flag``: the tool exists and takes the flag."""
    options = tool_options()
    runs = re.findall(r"tools/(\w+)\.py([^`\n]*)", README)
    assert runs
    for tool, rest in runs:
        assert tool in options, f"the README runs tools/{tool}.py, which is not there"
        for flag in re.findall(r"(?<![\w-])(--[a-z][a-z0-9-]*)", rest):
            assert flag in options[tool], f"tools/{tool}.py takes no {flag}, as the README says"


def named_paths(text: str) -> set[str]:
    """The repository's files and folders a document names in backticks."""
    tokens = re.findall(r"`([^`\s]+)`", text)
    tops = ("game/", "tools/", "tests/", "assets/", "docs/", ".ci/", "ui/")
    return {t.rstrip(".,:;") for t in tokens
            if t.startswith(tops) and not set(t) & set("<>{}*")}


@pytest.mark.parametrize("name, text", [("README.md", README), ("docs/design.md", DESIGN)])
def test_every_file_a_document_names_exists(name, text):
    paths = named_paths(text)
    assert paths
    # design.md names the window's modules from game/ ("ui/display.py").
    missing = [p for p in paths - INSTALLED - EXAMPLES
               if not (ROOT / p).exists() and not (ROOT / "game" / p).exists()]
    assert missing == [], (
        f"{name} names files that are not in the repository: {missing}. Fix the path; if one"
        " is an example of a player's own file, write it outside the repository's folders"
        " or add it to EXAMPLES in tests/test_readme.py")


def anchor(heading: str) -> str:
    """GitHub's anchor for a heading."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


@pytest.mark.parametrize("name, text", [("README.md", README), ("docs/design.md", DESIGN)])
def test_every_link_of_a_document_resolves(name, text):
    headings = {anchor(h) for h in re.findall(r"^#+ (.*)$", text, flags=re.M)}
    base = (ROOT / name).parent
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if target.startswith("#"):
            assert target[1:] in headings, f"{name} links to {target}, a heading it lacks"
        elif not target.startswith("http"):
            assert (base / target).exists(), f"{name} links to {target}, which is not there"


def design_layers() -> list[set[str]]:
    """The layers as design.md's "Layers" line gives them, top down."""
    line = next(line for line in DESIGN.splitlines() if line.startswith("game.__main__ → "))
    return [set(part.replace(" ", "").split(",")) for part in line.split(" → ")]


def test_the_design_layers_are_the_import_contracts():
    """design.md's layers line and the contract lint-imports enforces."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    contract = next(c for c in config["tool"]["importlinter"]["contracts"]
                    if c["type"] == "layers" and "containers" not in c)
    layers = [{m.strip() for m in layer.split("|")} for layer in contract["layers"]]
    assert design_layers() == layers, (
        "docs/design.md's Layers line and pyproject.toml's layers contract differ: the"
        " contract is what lint-imports enforces; write the line as it is")


def test_the_design_names_every_module_of_the_windows_layers():
    """Each module the window's layer contract places is named in design.md."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    contract = next(c for c in config["tool"]["importlinter"]["contracts"]
                    if c.get("containers") == ["game.ui"])
    modules = {m.strip() for layer in contract["layers"] for m in layer.split(":")}
    unnamed = {m for m in modules if f"`{m}`" not in DESIGN and f"`{m}/`" not in DESIGN}
    assert unnamed == set(), (
        f"the window's layer contract places {sorted(unnamed)}, which docs/design.md never"
        " names: name each, in backticks, in its Layout's game/ui/ entry")


def test_the_windows_layers_in_the_design_are_the_import_contracts():
    """design.md's sentence on the layers inside ``game.ui``, layer by
    layer ("… sits above …"), and the window's contract: the text box's
    split placed ``text_editing`` with ``text_field`` in design.md and left
    it out of the contract, where nothing held it to its layer."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    contract = next(c for c in config["tool"]["importlinter"]["contracts"]
                    if c.get("containers") == ["game.ui"])
    start = DESIGN.index("Inside `game.ui`")
    sentence = DESIGN[start:DESIGN.index("A screen", start)]
    described = [{m.rstrip("/") for m in re.findall(r"`([^`]+)`", part) if "." not in m}
                 for part in re.split(r"\bsits? above\b", sentence)]
    assert described == [{m.strip() for m in layer.split(":")} for layer in contract["layers"]]


def test_the_design_names_every_module_of_the_game():
    """A module added without a word in design.md leaves a maintainer
    guessing where it belongs: ``numbering``, ``settings_merge``,
    ``open_replay`` and a dozen others were named nowhere."""
    unnamed = [str(path.relative_to(ROOT)) for path in sorted((ROOT / "game").rglob("*.py"))
               if path.stem not in ("__init__", "__main__")
               and f"`{path.stem}`" not in DESIGN and f"{path.stem}.py" not in DESIGN
               and f"game.{path.stem}" not in DESIGN]
    assert unnamed == [], (
        f"{unnamed}: a module docs/design.md never names. Name it, in backticks, in the"
        " Layout's entry for its package, with a word on what it is for")


@pytest.mark.parametrize("args, quoted", [
    (["--mask", "m.txt"], "--mask 'm.txt': line 2, column 4: '.' is not '#' (a cell) or a space"
                          " (a hole)"),
    (["--shape", "hex", "--width", "9", "--height", "9", "--mines", "75"],
     "mines must be from 1 to 74 on a 9x9 hex board, not 75"),
    (["--shape", "grid", "--width", "100", "--height", "100", "--mines", "9802"],
     "1 to 9,801 on a 100x100 board"),
])
def test_the_refusals_the_readme_quotes_are_the_command_lines(args, quoted, tmp_path, monkeypatch):
    """The README quoted a mask file's refusal without the quotes the
    command line had put round the file's name for many versions."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "m.txt").write_bytes(b"########\n###.####\n")
    with pytest.raises(UsageError) as refused:
        parse(args)
    assert quoted in str(refused.value), "the command line's words changed: quote them anew"
    assert quoted in flat(README), f"the README should quote the command line's `{quoted}`"
