"""No user-visible string escapes translation: every string literal that
reads like words in the window, the command line, the hints or the notices
is inside a gettext call (_, N_, ngettext, pgettext, npgettext).

A literal "reads like words" when it holds two letters in a row and a space
or a capital; identifiers ("new_game", "bevel_raised_2") and format glue
("{x}x{y}") do not. What remains and is not text is listed below, with why.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHECKED = [*sorted((ROOT / "game" / "ui").rglob("*.py")), *sorted((ROOT / "game" / "cli").glob("*.py")),
           ROOT / "game" / "words.py", ROOT / "game" / "store" / "notices.py",
           *(ROOT / "game" / "solver" / name for name in ("wording.py", "hint.py", "player.py"))]
GETTEXT = {"_", "N_", "ngettext", "pgettext", "npgettext"}

#: Literals that are not text for a reader, each with its reason.
ALLOWED = {
    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-. ": "the arcade picker's keys",
    "first_click must be one of ": "a programmer's mistake (solver API), never shown to a player",
    ", not ": "the same message",
    "libX11.so.6": "Xlib's file name (game/ui/bare_x.py), loaded as SDL loads it",
    ">HH": "a font file's fields, as struct reads them (game/ui/render/font_tables.py)",
    ">HHI": "the same",
    ">4sIII": "the same",
    "C:\\Windows": "the systems' font folders, as named on disk (render/system_fonts.py)",
    "Fonts": "the same",
    "/System/Library/Fonts": "the same",
    "/Library/Fonts": "the same",
    "Library/Fonts": "the same",
    "Microsoft/Windows/Fonts": "the same",
    "(\\S+) not available": "SDL's refusal, matched to be translated (cli/environment.py)",
    "No available video device": "the same",
}
#: Short key names on key caps and in menus: the same in every language we
#: have (translated ones, like "Q / Esc", go through N_).
KEY_NAME = re.compile(r"^(F\d{1,2}|[A-Z]|Ctrl\+[-+]|X\*?)$")
#: Environment variables ("SDL_VIDEODRIVER") and the arcade picker's key
#: names ("DEL", "OK", shown translated): capitals, no space.
CAPITALS = re.compile(r"^[A-Z][A-Z0-9_]+$")
WORDS = re.compile(r"[^\W\d_]{2}")


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def _translated(tree: ast.AST) -> set[int]:
    """Every constant inside a gettext call's arguments (``_(...)`` or ``i18n._(...)``)."""
    found = set()
    for node in ast.walk(tree):
        name = getattr(node.func, "id", None) or getattr(node.func, "attr", None) \
            if isinstance(node, ast.Call) else None
        if name in GETTEXT:
            for arg in node.args:
                found.update(id(n) for n in ast.walk(arg))
    return found


def _reads_like_words(text: str) -> bool:
    if text in ALLOWED or KEY_NAME.match(text) or CAPITALS.match(text):
        return False
    return bool(WORDS.search(text)) and (" " in text.strip() or any(c.isupper() for c in text))


def bare_strings(path: Path) -> list[tuple[int, str]]:
    """(line, text) of each literal in ``path`` that should be translated but is not."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _docstrings(tree) | _translated(tree)
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in skip and _reads_like_words(node.value)]


def test_every_user_visible_literal_goes_through_gettext():
    found = [f"{path.relative_to(ROOT)}:{line}: {text!r}"
             for path in CHECKED for line, text in bare_strings(path)]
    assert not found, "\n".join(found)


def test_the_check_finds_a_bare_string(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('"""Doc."""\nTITLE = "Best Times"\nOK = _("Fine words")\nKEY = "F2"\n'
                      'NAME = "new_game"\n')
    assert bare_strings(sample) == [(2, "Best Times")]
