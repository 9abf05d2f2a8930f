"""Text made to fit a width: wrapped onto lines, or cut with an ellipsis.

Every dialog, the menu bar, the hint's tip and the charts lay out words of a
language they do not know in advance, in the pixel font's widths, so the
measuring is done once, here, rather than by each control.
"""

from __future__ import annotations

from itertools import pairwise

from game.graphemes import clusters

from .render.painter import Painter


def wrap(painter: Painter, text: str, width: int, face: str = "regular") -> list[str]:
    """Split ``text`` into lines no wider than ``width`` scale-1 pixels (words
    longer than a line are cut). Each character is measured once, so a
    4,000-digit number read from a hostile file wraps as fast as a sentence."""
    space = painter.text_width(" ", face)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line, line_w = "", 0
        for word in paragraph.split(" "):
            word_w = painter.text_width(word, face)
            if line and line_w + space + word_w <= width:
                line, line_w = f"{line} {word}", line_w + space + word_w
                continue
            if line and word_w > width:        # too long for any line: its start may
                head = _head(painter, word, width - line_w - space, face)   # end this one
                if head:
                    lines.append(f"{line} {head}")
                    line, word = "", word[len(head):]
                    word_w = painter.text_width(word, face)
            if line:
                lines.append(line)
            line, line_w = word, word_w
            if word_w > width:
                *cut, line = _cut(painter, word, width, face)
                lines.extend(cut)
                line_w = painter.text_width(line, face)
        lines.append(line)
    return lines


#: What a word longer than a line is cut after when it can be, as a path or
#: a dated file name reads: "settings.corrupt-" over "20261123-120000.json",
#: not "settings.corrupt-2026112" over "3-120000.json".
BREAK_AFTER = frozenset("-_/\\")


def _head(painter: Painter, word: str, room: int, face: str) -> str:
    """The longest start of ``word`` that ends after a ``BREAK_AFTER``
    character and fits ``room``: "as" then "settings.corrupt-" on one line,
    where "as" stood alone above the name. "" when there is none. Never
    a path's first "/", alone or after its opening quotation mark ('/):
    a break counts after a letter or a digit only."""
    head, head_w, worded = 0, 0, False
    for start, end in pairwise(clusters(word)):
        head_w += painter.text_width(word[start:end], face)
        if head_w > room:
            break
        if worded and word[start:end] in BREAK_AFTER:
            head = end
        worded = worded or _worded(word[start:end])
    return word[:head]


def _cut(painter: Painter, word: str, width: int, face: str) -> list[str]:
    """``word`` in pieces that each fit ``width`` (one cluster at least: a
    letter is never parted from its marks), each cut after the last
    ``BREAK_AFTER`` character of its piece when it has one (after a letter
    or a digit: a quoted path's "'/" is no piece)."""
    pieces: list[str] = []
    piece: list[str] = []
    widths: list[int] = []
    piece_w = 0
    after = 0                              # clusters of ``piece`` up to its last break
    worded = False                         # a letter or a digit in ``piece`` before ``ch``
    for start, end in pairwise(clusters(word)):
        ch = word[start:end]
        ch_w = painter.text_width(ch, face)
        while piece and piece_w + ch_w > width:
            keep = after or len(piece)
            pieces.append("".join(piece[:keep]))
            piece_w -= sum(widths[:keep])
            piece, widths, after = piece[keep:], widths[keep:], 0
            worded = any(_worded(c) for c in piece)
        piece.append(ch)
        widths.append(ch_w)
        piece_w += ch_w
        if ch in BREAK_AFTER and worded:
            after = len(piece)
        worded = worded or _worded(ch)
    pieces.append("".join(piece))
    return pieces


def _worded(cluster: str) -> bool:
    """Whether ``cluster`` is a letter or a digit, with its marks: a
    Devanagari or Thai letter with its vowel sign, or a decomposed "é", is
    not alphanumeric as a whole, and the dash after such letters was no
    break."""
    return cluster[:1].isalnum()


ELLIPSIS = "\u2026"


def fit(painter: Painter, text: str, width: int, face: str = "regular") -> str:
    """``text`` cut with an ellipsis to fit ``width``, as Windows cuts a long
    title (player names in a list, a title on the smallest window): cut
    between clusters, at the end typed (the left of a Hebrew name, where
    the ellipsis then shows). Each start measured is a line laid out anew,
    its runs looked for in the system's fonts (70 Japanese letters cut a
    cluster at a time held a frame 0.4 s), so few are: the most clusters
    whose widths in the whole line leave room for the ellipsis are laid
    out alone, and kept if they fit; a start laid out alone measures about
    as much (only letters joined across the cut change, a pixel or two),
    so the next cluster is not tried, and the cut may fall a cluster short
    where the joined letters are narrower alone. When they do not fit,
    steps of 1, 2, 4... back from there until one does, then halving
    between the last two. (The first guess was the share of the clusters
    the width allows, then steps either way: the first look at fifteen
    long names in four scripts in Open Replay took up to 25 ms.) A start
    still looked for in the system's fonts (its run cut short is a new
    one), drawn as boxes meanwhile, is taken to fit: its width is the
    boxes', and each step back made another run to look for, and another
    layout of every name shown when it was found; it is measured again
    once found."""
    if painter.text_width(text, face) <= width:
        return text
    bounds = clusters(text)

    def fits(n: int) -> bool:             # the text up to bounds[n] fits with the ellipsis
        start = text[:bounds[n]] + ELLIPSIS
        return n == 0 or painter.text_width(start, face) <= width or painter.looked_for(start, face)

    room = (width - painter.text_width(ELLIPSIS, face)) * painter.scale
    guess = 0
    for cluster_width in painter.cluster_widths(text, face)[:len(bounds) - 2]:
        room -= cluster_width                # a cut keeps one cluster less than the whole
        if room < 0:
            break
        guess += 1
    if fits(guess):
        return text[:bounds[guess]] + ELLIPSIS
    low, high, step = 0, guess - 1, 1
    while low < high:                      # step back from the guess...
        probe = guess - step
        if probe < low:
            break
        if fits(probe):
            low = probe
            break
        high, step = probe - 1, step * 2
    while low < high:                      # ...then halve between the last two looks
        middle = (low + high + 1) // 2
        if fits(middle):
            low = middle
        else:
            high = middle - 1
    return text[:bounds[low]] + ELLIPSIS
