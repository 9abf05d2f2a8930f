"""Extract, update and compile the translations, with Babel.

    python tools/i18n.py            # extract templates, update every .po, compile every .mo
    python tools/i18n.py --check    # exit 1 if a template, a .po or a .mo is stale
                                    # (its messages, their #: references or comments)
    python tools/i18n.py init de    # start a new language from the templates

Two domains live under ``game/locale``: ``minesweeper`` (every string of the
game, extracted from ``game/`` with the gettext keywords ``_``, ``N_``,
``ngettext``, ``pgettext``...) and ``argparse`` (the standard library's
command-line texts, extracted from the running Python's own ``argparse.py``,
so ``--help`` and its errors speak the player's language too).

The ``.po`` files are what translators edit; the ``.mo`` files are what the
game reads at run time with the standard library alone, so they are
committed like the atlas. Templates are written without line numbers or a
changing date, so running the tool twice changes nothing.
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

try:
    from babel.messages.catalog import Catalog
    from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir, extract_from_file
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po, write_po
except ImportError:                                  # pragma: no cover - said once, plainly
    sys.exit("i18n: Babel is not installed; install the dev extra: pip install -e '.[dev]'")

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "game"
LOCALE = SOURCES / "locale"
PROJECT = "minesweeper-classic"
#: A fixed date keeps the templates byte-identical from run to run.
FIXED_DATE = datetime(2026, 1, 1, tzinfo=UTC)
COMMENT_TAGS = ("Translators:",)


@dataclass(frozen=True)
class Domain:
    name: str
    sources: Path            # a folder, or one file


def domains() -> tuple[Domain, ...]:
    return (Domain("minesweeper", SOURCES), Domain("argparse", Path(argparse.__file__)))


# --- extract ---------------------------------------------------------------------

def extract(domain: Domain) -> Catalog:
    """The template: every translatable message in the domain's sources."""
    catalog = Catalog(project=PROJECT, domain=domain.name, creation_date=FIXED_DATE,
                      revision_date=FIXED_DATE, charset="utf-8", fuzzy=False)
    if domain.sources.is_dir():
        found = ((SOURCES.name + "/" + f, line, msg, comments, ctx) for f, line, msg, comments, ctx
                 in extract_from_dir(domain.sources, keywords=DEFAULT_KEYWORDS,
                                     comment_tags=COMMENT_TAGS, strip_comment_tags=True))
    else:
        found = ((domain.sources.name, line, msg, comments, ctx) for line, msg, comments, ctx
                 in extract_from_file("python", domain.sources, keywords=DEFAULT_KEYWORDS,
                                      comment_tags=COMMENT_TAGS, strip_comment_tags=True))
    for filename, line, message, comments, context in found:
        catalog.add(message, None, [(filename, line)], auto_comments=comments, context=context)
    return catalog


def render_po(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=88, include_lineno=False, ignore_obsolete=True,
             sort_output=True)
    return out.getvalue()


def render_mo(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


# --- files -----------------------------------------------------------------------

def template_path(domain: Domain) -> Path:
    return LOCALE / f"{domain.name}.pot"


def languages() -> list[str]:
    return sorted(p.name for p in LOCALE.iterdir() if (p / "LC_MESSAGES").is_dir())


def po_path(lang: str, domain: Domain) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{domain.name}.po"


def read(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=lang)


def updated(po: Catalog, template: Catalog) -> Catalog:
    """``po`` with the template's messages: new ones untranslated, gone ones dropped.
    No fuzzy matching: a changed English string must be translated again, not guessed."""
    po.update(template, no_fuzzy_matching=True, update_creation_date=False)
    po.revision_date = FIXED_DATE
    return po


def keys(catalog: Catalog) -> set[tuple[object, str | None]]:
    return {(m.id, m.context) for m in catalog if m.id}


def sources(catalog: Catalog) -> dict[tuple[object, str | None], tuple[object, ...]]:
    """Where each message comes from, as the files write it: the source
    files of its ``#:`` references (without line numbers, which the files
    leave out) and its translator comments. Comparing the messages alone let
    a string moved to another module, or its comment rewritten, leave the
    catalogs pointing translators at the old place, unnoticed."""
    return {(m.id, m.context): (tuple(sorted({path for path, _line in m.locations})),
                                tuple(m.auto_comments))
            for m in catalog if m.id}


#: The header line naming the Babel that compiled a catalogue: a fresh install
#: (the README's test command, CI) may get a newer Babel than the one that
#: compiled the committed files, and every .mo then read as stale.
GENERATED_BY = re.compile(r"^Generated-By:.*\n?", re.MULTILINE)


def mo_messages(data: bytes) -> dict[object, str] | None:
    """What gettext will read from compiled bytes (so a different Babel that
    lays the bytes out differently, or names itself in the header, is not
    "stale"); None when gettext cannot read them: a .mo cut short or
    damaged (an interrupted write, a merge) stopped both the check and the
    build that would make it again with a traceback."""
    import gettext
    import struct
    try:
        translations = gettext.GNUTranslations(io.BytesIO(data))
    except (OSError, struct.error, ValueError):
        return None
    messages = dict(translations._catalog)  # type: ignore[attr-defined]
    if isinstance(messages.get(""), str):
        messages[""] = GENERATED_BY.sub("", messages[""])
    return messages


# --- commands --------------------------------------------------------------------

def build() -> list[Path]:
    """Extract, update, compile; return the files written."""
    written = []
    LOCALE.mkdir(parents=True, exist_ok=True)
    for domain in domains():
        template = extract(domain)
        written += _write(template_path(domain), render_po(template))
        for lang in languages():
            po_file = po_path(lang, domain)
            if not po_file.exists():
                continue
            po = updated(read(po_file, lang), template)
            written += _write(po_file, render_po(po))
            written += _write(po_file.with_suffix(".mo"), render_mo(po))
    return written


#: The same line in a .po or .pot file.
PO_GENERATED_BY = re.compile(rb'^"Generated-By:[^"]*"\n', re.MULTILINE)


def _write(path: Path, data: bytes) -> list[Path]:
    """Write ``data`` unless ``path`` already says the same: a newer Babel,
    which names itself in every header, rewrote all the catalogues when no
    message had changed."""
    if path.exists() and _same(path.read_bytes(), data, path.suffix == ".mo"):
        return []
    path.write_bytes(data)
    return [path]


def _same(old: bytes, new: bytes, compiled: bool) -> bool:
    if compiled:
        return mo_messages(old) == mo_messages(new)
    return PO_GENERATED_BY.sub(b"", old) == PO_GENERATED_BY.sub(b"", new)


def stale() -> list[str]:
    """What ``build`` would change, one line per file; empty when all is current."""
    problems = []
    for domain in domains():
        template = extract(domain)
        pot = template_path(domain)
        if not pot.exists() or keys(read(pot)) != keys(template):
            problems.append(f"{pot.relative_to(ROOT)}: messages differ from the sources")
        elif sources(read(pot)) != sources(template):
            problems.append(f"{pot.relative_to(ROOT)}: references differ from the sources")
        for lang in languages():
            po_file = po_path(lang, domain)
            if not po_file.exists():
                continue
            po = read(po_file, lang)
            if keys(po) != keys(template) or sources(po) != sources(template):
                problems.append(f"{po_file.relative_to(ROOT)}: not updated from the sources")
            mo = po_file.with_suffix(".mo")
            if not mo.exists() or mo_messages(mo.read_bytes()) != mo_messages(render_mo(po)):
                problems.append(f"{mo.relative_to(ROOT)}: not compiled from its .po")
    return problems


def init(lang: str) -> Path:
    """Start ``lang`` from the templates (every message untranslated)."""
    for domain in domains():
        path = po_path(lang, domain)
        if path.exists():
            raise SystemExit(f"i18n: {path.relative_to(ROOT)} exists already")
        path.parent.mkdir(parents=True, exist_ok=True)
        po = Catalog(locale=lang, project=PROJECT, domain=domain.name,
                     creation_date=FIXED_DATE, revision_date=FIXED_DATE, fuzzy=False)
        path.write_bytes(render_po(updated(po, extract(domain))))
    return po_path(lang, domains()[0])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 if anything is stale")
    parser.add_argument("command", nargs="*", metavar="init LANG",
                        help="start a new language")
    args = parser.parse_args(argv)
    if args.command:
        if len(args.command) != 2 or args.command[0] != "init":
            parser.error("the only command is: init LANG")
        print(f"i18n: wrote {init(args.command[1]).relative_to(ROOT)} (translate it, then "
              "run tools/i18n.py)")
        return 0
    if args.check:
        problems = stale()
        for line in problems:
            print(f"i18n: stale: {line}", file=sys.stderr)
        if problems:
            print("i18n: run python tools/i18n.py", file=sys.stderr)
        return 1 if problems else 0
    for path in build():
        print(f"i18n: wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
