"""Words for the game's own identifiers, in the player's language.

Levels, results and first-click rules are stored and passed around by their
identifiers ("beginner", "won", "safe"); this is where the window and the
command line turn them, and the engine's size errors, into what a player
reads.
"""

from __future__ import annotations

from game.engine import FieldTooSmall, SizeError, says_an
from game.engine.gallery import MaskError
from game.i18n import N_, _, ngettext, pgettext, whole
from game.store import ANONYMOUS

LEVEL_NAMES = {"beginner": N_("Beginner"), "intermediate": N_("Intermediate"),
               "expert": N_("Expert"), "custom": N_("Custom")}

RESULTS = {"won": N_("won"), "lost": N_("lost"), "abandoned": N_("abandoned")}

FIRST_CLICK_RULES = {"opening": N_("first click opens"), "safe": N_("first click safe"),
                     "classic": N_("classic first click")}


#: The gallery's shaped fields (game.engine.gallery), by their record names.
FIELD_NAMES = {"diamond": N_("Diamond"), "heart": N_("Heart"), "ring": N_("Ring"),
               "cross": N_("Cross"), "bigm": N_("Big M")}

SHAPE_NAMES = {"grid": N_("Grid"), "torus": N_("Torus"), "hex": N_("Hexagons")}


def level_name(level: str) -> str:
    """"Beginner" / "Débutant", "Heart" / "Cœur"; a level we have no name for as it is."""
    for names in (LEVEL_NAMES, FIELD_NAMES):
        if level in names:
            return _(names[level])
    return level


def shape_name(shape: str) -> str:
    return _(SHAPE_NAMES[shape]) if shape in SHAPE_NAMES else shape


def player_name(name: str) -> str:
    """A best time's name; the store's "Anonymous" (a name left empty) in the
    player's language."""
    return _("Anonymous") if name == ANONYMOUS else name


def result_name(result: str) -> str:
    return _(RESULTS[result]) if result in RESULTS else result


def first_click_name(rule: str) -> str:
    return _(FIRST_CLICK_RULES[rule]) if rule in FIRST_CLICK_RULES else rule


#: A mine count refused, by the board's shape and whether it is a shaped
#: field: whole sentences, so that each language can agree them (and a
#: message is no longer than it must be). Each comes as "a" and "an" (an
#: 8x8 board, an 11x11 one), chosen by the width as English says it.
MINES_REFUSED = {
    ("grid", False): (
        N_("mines must be from {low} to {high} on a {width}x{height} board, not {value}"),
        N_("mines must be from {low} to {high} on an {width}x{height} board, not {value}")),
    ("torus", False): (
        N_("mines must be from {low} to {high} on a {width}x{height} torus board, not {value}"),
        N_("mines must be from {low} to {high} on an {width}x{height} torus board,"
           " not {value}")),
    ("hex", False): (
        N_("mines must be from {low} to {high} on a {width}x{height} hex board, not {value}"),
        N_("mines must be from {low} to {high} on an {width}x{height} hex board, not {value}")),
    # A shaped field that may hold a mine has at least 8 cells: always plural.
    ("grid", True): (
        N_("mines must be from {low} to {high} on a {width}x{height} shaped ({cells} cells)"
           " board, not {value}"),
        N_("mines must be from {low} to {high} on an {width}x{height} shaped ({cells} cells)"
           " board, not {value}")),
    ("torus", True): (
        N_("mines must be from {low} to {high} on a {width}x{height} torus shaped"
           " ({cells} cells) board, not {value}"),
        N_("mines must be from {low} to {high} on an {width}x{height} torus shaped"
           " ({cells} cells) board, not {value}")),
    ("hex", True): (
        N_("mines must be from {low} to {high} on a {width}x{height} hex shaped"
           " ({cells} cells) board, not {value}"),
        N_("mines must be from {low} to {high} on an {width}x{height} hex shaped"
           " ({cells} cells) board, not {value}"))}


def size_error(error: SizeError) -> str:
    """The engine's refusal of a board size, in one line naming the range
    (and, for mines, the board: the range depends on its shape and cells),
    its counts grouped as the language writes numbers: a 100x100 board's
    read "de 1 à 9801 ... (5000 cases), et non 99999" in French."""
    width, height = error.size or (0, 0)
    if error.what == "width":
        text = _("width must be from {low} to {high}, not {value}")
    elif error.what == "height":
        text = _("height must be from {low} to {high}, not {value}")
    else:
        text = _(MINES_REFUSED[error.shape, error.cells is not None][says_an(width)])
    value = whole(error.value) if isinstance(error.value, int) else error.value
    cells = None if error.cells is None else whole(error.cells)
    return text.format(low=whole(error.low), high=whole(error.high), value=value, width=width,
                       height=height, cells=cells)


def field_too_small(error: FieldTooSmall) -> str:
    """A shaped field with no room for a mine beside a first click's area
    (it may have a single cell: the sentence agrees with the count). The
    shape is named when it is not the grid: the same drawing is too small
    as a grid and big enough as hexagons, whose first click opens less."""
    n = error.cells
    if error.shape == "torus":
        text = ngettext("this {width}x{height} shaped field of {cells} cell, on a torus, is too"
                        " small: it needs more cells than one first click opens",
                        "this {width}x{height} shaped field of {cells} cells, on a torus, is too"
                        " small: it needs more cells than one first click opens", n)
    elif error.shape == "hex":
        text = ngettext("this {width}x{height} shaped field of {cells} cell, of hexagons, is too"
                        " small: it needs more cells than one first click opens",
                        "this {width}x{height} shaped field of {cells} cells, of hexagons, is too"
                        " small: it needs more cells than one first click opens", n)
    else:
        text = ngettext("this {width}x{height} shaped field of {cells} cell is too small: it"
                        " needs more cells than one first click opens",
                        "this {width}x{height} shaped field of {cells} cells is too small: it"
                        " needs more cells than one first click opens", n)
    return text.format(width=error.width, height=error.height, cells=whole(n))


#: What ends a sentence already: a reason ending on one (or on one inside the
#: quotes or brackets it closes, « qui est là ? ») takes no second stop.
SENTENCE_ENDS = (".", "?", "!", "\u2026")
#: What may close a reason after its own end: quotes, brackets, and the
#: no-break spaces French sets inside « ».
CLOSERS = "\"'\u00bb\u201d\u2019)] \u00a0\u202f"


def as_sentence(reason: str) -> str:
    """A refusal said on its own in a dialog (or a replay's notice), as a sentence: its first
    letter a capital, a full stop at its end. The reasons are written to
    follow "--height: " on the command line, in lower case and unstopped,
    and the Custom Field showed them so, "la hauteur doit aller de 8 à 100,
    et non 5", where every other message of the game's is a sentence.

    A reason that already ends as a sentence does (on "?", "!", "…", or
    one of them inside its closing quote) gets no second stop; a quoted
    value at its end ('m.txt') still does. The first letter takes its
    title case ("ß" is "Ss", not the "SS" of a word in capitals); a reason
    starting with a quote, a digit or a path has no letter to raise, and
    what it quotes is left as written."""
    if not reason:
        return reason
    first = reason[0]
    body = (first.title() if first.islower() else first) + reason[1:]
    if reason.rstrip(CLOSERS).endswith(SENTENCE_ENDS):
        return body
    # Translators: a refusal ("height must be from 8 to 100, not 5") or a
    # notice ("Replay saved as « x.json »") ended as a sentence, its first
    # letter already made a capital.
    return pgettext("a reason as a sentence", "{reason}.").format(reason=body)


def board_refusal(error: ValueError) -> str:
    """Why the engine refused a board (``CUSTOM_LIMITS.check``), in the
    player's language: a size out of range or a field too small, said here;
    any other refusal as it comes."""
    if isinstance(error, SizeError):
        return size_error(error)
    if isinstance(error, FieldTooSmall):
        return field_too_small(error)
    return str(error)


#: What is wrong with a mask drawing (engine.gallery.MaskError), by problem.
MASK_PROBLEMS = {
    "empty": N_("the mask is empty: draw cells with '#' and holes with spaces"),
    "tab": N_("line {line}, column {column}: a tab; use spaces for holes"),
    "char": N_("line {line}, column {column}: '{char}' is not '#' (a cell) or a space (a"
               " hole)"),
}


def mask_error(error: MaskError) -> str:
    """Where a mask file goes wrong, as an editor numbers lines and columns;
    the character escaped as Python writes it (an invisible one shows), and
    quoted by the sentence, as its language quotes."""
    return _(MASK_PROBLEMS[error.problem]).format(line=error.line, column=error.column,
                                                  char=repr(error.char)[1:-1])


def mines(n: int) -> str:
    """"1 mine", "10 mines", "2,000 mines" ("2 000 mines" in French), the
    count and its word joined by a no-break space: a wrap never parts them."""
    return ngettext("{count}\u00a0mine", "{count}\u00a0mines", n).format(count=whole(n))
