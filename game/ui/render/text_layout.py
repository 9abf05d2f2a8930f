"""A line of text cut into what is drawn, in the order it is shown.

The pixel font draws a cluster at a time; what it lacks is drawn by other
fonts a run at a time (``fallback``), so that the run can be shaped. A run
is a stretch of clusters the pixel font and pygame's bundled font both
lack, of one direction and one script (characters common to all scripts,
digits of another font and marks go with their neighbours); an emoji is a
run of its own (a colour font draws it, see ``system_fonts``). The spans
are then put in the order they are shown (``bidi``). The caret's place
for each index typed is read from where each span's clusters start.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from itertools import pairwise
from typing import NamedTuple

from game.graphemes import clusters, is_emoji, script

from .bidi import MIRRORED, levels, visual_order


class Span(NamedTuple):
    """A piece of the line: one character of the pixel font (``drawn``,
    maybe mirrored or composed from the cluster typed), or a run of the
    text typed for the other fonts (``drawn`` is None); ``bounds`` are its
    clusters' starts in the text and its end; odd ``level`` reads right to
    left."""

    drawn: str | None
    bounds: tuple[int, ...]
    level: int
    script: str

    @property
    def rtl(self) -> bool:
        return self.level % 2 == 1


def spans(text: str, pixel: Callable[[str], bool],
          bundled: Callable[[str], bool]) -> list[Span]:
    """``text``'s spans, left to right as shown: ``pixel(ch)`` tells a
    character the pixel font has, ``bundled(ch)`` one pygame's font has (a
    cluster it has is drawn alone, as the pixel font's are)."""
    bounds = clusters(text)
    line = levels(text)
    out: list[Span] = []
    # Of the last run: an emoji, and all of its characters in pygame's font.
    # Kept as it grows rather than read again from its text at each cluster:
    # a long name in Thai took time in the square of its length.
    last_emoji = last_bundled = False
    for start, end in pairwise(bounds):
        cluster, level = text[start:end], line[start]
        one = unicodedata.normalize("NFC", cluster) if len(cluster) > 1 else cluster
        if level % 2 and one in MIRRORED:
            one = MIRRORED[one]
        if len(one) == 1 and pixel(one):
            out.append(Span(one, (start, end), level, ""))
            continue
        kind = next((s for s in map(script, cluster) if s), "")
        emoji, has = is_emoji(cluster), all(map(bundled, cluster))
        last = out[-1] if out else None
        if (last is not None and last.drawn is None and last.level == level
                and (not kind or not last.script or kind == last.script)
                and not _alone(emoji, has, kind)
                and not _alone(last_emoji, last_bundled, last.script)):
            # Neither is an emoji, so the run stays none (one asks U+FE0F).
            out[-1] = Span(None, last.bounds + (end,), level, last.script or kind)
            last_bundled = last_bundled and has
        else:
            out.append(Span(None, (start, end), level, kind))
            last_emoji, last_bundled = emoji, has
    order = visual_order([span.level for span in out])
    return [out[i] for i in order]


def _alone(emoji: bool, bundled: bool, kind: str) -> bool:
    """Whether a cluster or run is drawn alone: an ``emoji``, or one all in
    pygame's font (``bundled``) in a script needing no shaping (Latin,
    Greek, Cyrillic: it has a few Arabic letters, which would have cut a
    word)."""
    return emoji or not kind and bundled


def carets(placed: list[tuple[int, Span, tuple[int, ...]]]) -> dict[int, int]:
    """Where the caret goes for each cluster boundary of the text: after a
    cluster, at its end's edge (its left edge when it reads right to left:
    the next letter typed goes there); at the text's start, at its first
    cluster's starting edge. ``placed``: each span's left and its edges."""
    where: dict[int, int] = {}
    for x, span, edges in placed:
        if span.bounds[0] == 0:
            where[0] = x + edges[0]
        for at, edge in zip(span.bounds[1:], edges[1:], strict=True):
            where[at] = x + edge
    return where


def nearest(placed: list[tuple[int, Span, tuple[int, ...]]], x: int) -> int:
    """The cluster boundary a click at ``x`` puts the caret at, as a
    browser does: the one of the cluster edge nearest ``x``, of the
    cluster under ``x`` when two edges are as near. Each edge is one of
    the cluster's two boundaries: the left edge of the "4" in "محمد 42"
    is the boundary before the 4, though the caret drawn there after
    typing stands at the end (after the 2): the caret's places for each
    boundary (``carets``) miss that edge, and the click went between the
    4 and the 2."""
    best: tuple[float, int] = (float("inf"), 1)
    found = 0
    for left, span, edges in placed:
        for k, (a, b) in enumerate(pairwise(span.bounds)):
            low, high = sorted((left + edges[k], left + edges[k + 1]))
            outside = 0 if low <= x <= high else 1
            for at, edge in ((a, left + edges[k]), (b, left + edges[k + 1])):
                if (abs(edge - x), outside) < best:
                    best, found = (abs(edge - x), outside), at
    return found


def selected(placed: list[tuple[int, Span, tuple[int, ...]]], start: int,
             end: int) -> list[tuple[int, int]]:
    """The stretches, left to right, that show the clusters from ``start``
    to ``end`` (a selection of an Arabic word in a Latin name may be
    in two places)."""
    found = sorted((x + min(edges[k], edges[k + 1]), x + max(edges[k], edges[k + 1]))
                   for x, span, edges in placed
                   for k, (a, b) in enumerate(pairwise(span.bounds))
                   if start <= a and b <= end)
    out: list[tuple[int, int]] = []
    for left, right in found:
        if out and out[-1][1] >= left:
            out[-1] = (out[-1][0], max(right, out[-1][1]))
        else:
            out.append((left, right))
    return out
