"""The records in the player's words: times, counts and boards as the
records dialogs write them, and History's rows and details.

Kept apart from the dialogs because it is pure text from records (no
pygame, no layout): the same few functions serve all three dialogs, and
the tests read a game's details without opening a window.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.engine import CUSTOM_LIMITS, SHAPES
from game.engine.gallery import GALLERY
from game.i18n import (
    N_,
    _,
    date_and_time,
    day_and_time,
    decimal,
    ngettext,
    percent,
    pgettext,
    whole,
)
from game.i18n.numbers import percent_down
from game.store import WON, GameRecord
from game.words import first_click_name, level_name, mines, result_name, shape_name

from .style import STYLE_NAMES

#: What a list or a chart says while its records are being read.
LOADING = N_("Loading…")


def seconds(time_ms: int, decimals: int = 3, room: int = 8) -> str:
    """A time in seconds for a column ``room`` characters wide: fewer
    decimals for long times, and a power of ten past a million seconds (only
    a hand-edited database holds those), never a number cut in half."""
    for places in range(decimals, -1, -1):
        text = decimal(time_ms / 1000, places)
        if len(text) <= room:
            return text
    return f"{time_ms / 1000:.0e}".replace("e+0", "e").replace("e+", "e")     # 1e6, 9e15


def count(value: int) -> str:
    """A count for a narrow column: in full up to seven digits, grouped as
    the language groups them ("12,345" / "12 345"), else like 9.22e+18,
    with the language's decimal mark ("9,22e+18" in French)."""
    if value < 10**7:
        return whole(value)
    mantissa, exponent = f"{value:.2e}".split("e")
    return f"{decimal(float(mantissa), 2)}e{exponent}"


def win_rate(won: int, played: int) -> str:
    """The win rate in whole percent, rounded down as Windows 7 showed it:
    rounded to nearest, 199 wins out of 200 read "100 %" beside a lost game."""
    return percent(won * 100 // played / 100 if played else 0.0)


def led_seconds(time_ms: int) -> int:
    """The whole seconds the LED counter showed when the game ended: it shows
    1 as the clock starts, so a game of 9.400 s ended on 10."""
    return min(999, time_ms // 1000 + 1)


def board_title(level: str, shape: str) -> str:
    """A level (preset, gallery field or custom) on a shape, as the dialogs
    name it."""
    name = level_name(level)
    return name if shape == "grid" else f"{name}, {shape_name(shape)}"


#: Short names for the History list's narrow columns.
SHORT_LEVELS = {"beginner": N_("Beg"), "intermediate": N_("Int"), "expert": N_("Exp")}
SHORT_SHAPES = {"torus": N_("torus"), "hex": N_("hex")}


def short_result(result: str) -> str:
    """A result as the History list's narrow column names it. A word of its
    own, not the details' ("gagnée", "abandonnée"): a language's full words
    took so much of an 8x8 window's list that the level column beside it
    showed nothing but "…"."""
    return {"won": pgettext("history column", "won"),
            "lost": pgettext("history column", "lost"),
            "abandoned": pgettext("history column", "left")}[result]


def short_board(level: str, shape: str, width: int, height: int) -> str:
    """A board as the History list's level column names it, in the player's
    language: "Beg", a gallery field as the details name it ("Heart" /
    "Cœur"), a custom board by its size, and its shape unless a grid ("Beg
    hex", "Cœur tore")."""
    if level in SHORT_LEVELS:
        name = _(SHORT_LEVELS[level])
    elif level == "custom":
        name = f"{width}x{height}"
    else:
        name = level_name(level)
    short_shape = SHORT_SHAPES.get(shape)
    return f"{name} {_(short_shape)}" if short_shape else name


def board_names() -> list[str]:
    """Every name the level column can show (custom boards at their widest
    size), in the current language: the columns are sized from these, not
    from the games that happen to be read so far."""
    side = CUSTOM_LIMITS.max_side
    return [short_board(level, shape, side, side)
            for level in (*SHORT_LEVELS, *GALLERY, "custom") for shape in SHAPES]


def preset_names(games: Iterable[GameRecord]) -> list[str]:
    """The level column's names of the preset levels ("Beg"), and of those
    ``games`` played on another shape ("Beg torus", "Déb tore"), in the
    current language: the ones the list never cuts. Only the shapes the
    games have: the narrowest windows (a Beginner's) give up the day to
    show "Beg torus" whole, and every player's History lost its days for
    a shape most never play."""
    return list(dict.fromkeys([*(_(name) for name in SHORT_LEVELS.values()),
                               *(short_board(game.level, game.shape, 0, 0) for game in games
                                 if game.level in SHORT_LEVELS)]))


def history_time(time_ms: int) -> str:
    """A game's time in the History list: one decimal, six characters at most."""
    return seconds(time_ms, 1, 6)


def history_times() -> list[str]:
    """The widest texts the list's time column can show, in the current
    language: the column is sized from these, not from the first games
    read (a 100x100 game lasts past 999.9 s, "1,235", and such a game read
    later had its time cut, "1,2…")."""
    return [history_time(ms) for ms in (999_900, 88_888_000, 99_999_000)]


def history_row(game: GameRecord) -> tuple[str, str, str, str]:
    result = short_result(game.result)
    return ("" if game.date is None else day_and_time(game.date),
            short_board(game.level, game.shape, game.width, game.height),
            result, history_time(game.time_ms))


def figures_separator() -> str:
    """What parts a list of figures ("3BV 9, 69.23 3BV/s, 18 clicks"): a
    separator of its own, since a language that writes a decimal comma
    cannot part its numbers with commas ("3BV 9, 69,23 3BV/s" read 9,69,23
    in French, which parts them with semicolons)."""
    # Translators: parts a list of figures, some with decimals ("3BV 9, 69.23 3BV/s,
    # 18 clicks"); a language writing a decimal comma parts them otherwise.
    return pgettext("list of figures", ", ")


def efficiency(game: GameRecord) -> float | None:
    """A game's efficiency, 3BV solved per click made. A won game solved
    its whole 3BV, so it is read from its 3BV and clicks, whichever copy
    recorded it: copies from before 2026-11-26 stored it per useful click,
    and History said "202 clicks, eff. 100 %" for a 200 3BV win whose
    replay, counted again, says 99 %. Another game keeps the figure stored
    (its 3BV solved is not kept apart)."""
    if game.result == WON and game.bbbv is not None and game.clicks > 0:
        return game.bbbv / game.clicks
    return game.efficiency


def solved_bbbv(game: GameRecord) -> int | None:
    """The 3BV a game not won solved, read back from its 3BV/s and time
    (the store keeps no such count; its efficiency, counted per useful
    click by copies from before 2026-11-26, cannot tell it). A loss read
    "3BV 8, 0.90 3BV/s": the board's 3BV beside the rate of the 4 solved.
    Kept within the board's 3BV, whatever a copy stored."""
    if game.result == WON or game.bbbv is None or game.bbbv_per_s is None:
        return None
    return max(0, min(game.bbbv, round(game.bbbv_per_s * game.time_ms / 1000)))


def history_details(game: GameRecord) -> str:
    """Everything about one game, its date to the year: the list's column
    shows the day without the year (a narrow window without the time)."""
    sep = _(", ")
    style = STYLE_NAMES.get(game.style)
    parts = [_("{level} {width}x{height}").format(level=board_title(game.level, game.shape),
                                                  width=game.width, height=game.height)
             + sep + mines(game.mines) + sep + (_(style) if style else game.style),
             # No-break spaces: "s" never starts a line without its figure.
             _("{result} in {seconds}\u00a0s").format(result=result_name(game.result),
                                                      seconds=seconds(game.time_ms, room=20))
             + ("" if game.date is None else sep + date_and_time(game.date))]
    stats = []
    # No-break spaces: a count never parts from what it counts ("18" at a
    # line's end, "clicks" at the next one's start).
    solved = solved_bbbv(game)
    if solved is not None and game.bbbv is not None:      # solved_bbbv needs the 3BV
        # Translators: a game not won: the 3BV it solved of its board's, as
        # "3BV 4/8"; no-break space as in "3BV {count}".
        stats.append(_("3BV\u00a0{solved}/{count}").format(solved=whole(solved),
                                                           count=whole(game.bbbv)))
    elif game.bbbv is not None:
        stats.append(_("3BV\u00a0{count}").format(count=whole(game.bbbv)))
    if game.bbbv_per_s is not None:
        stats.append(_("{rate}\u00a03BV/s").format(rate=decimal(game.bbbv_per_s, 2)))
    stats.append(ngettext("{count}\u00a0click", "{count}\u00a0clicks", game.clicks).format(
        count=whole(game.clicks)))
    eff = efficiency(game)
    if eff is not None:
        # A no-break space: "eff." never ends a line without its figure.
        # Rounded down: "100 %" says no click was spent in vain.
        stats.append(_("eff.\u00a0{percent}").format(percent=percent_down(eff)))
    parts.append(figures_separator().join(stats))
    how = [first_click_name(game.first_click)]
    if game.seed is not None:               # a board laid from a layout has none
        # A seed the player chose gave a board known in advance: said so,
        # since that is why the game has no best time.
        seed = _("chosen seed {seed}") if game.chosen_seed else _("seed {seed}")
        how.insert(0, seed.format(seed=game.seed))
    if game.assisted:
        how.append(_("assisted"))
    parts.append(sep.join(how))
    return "\n".join(parts)
