"""Writing a replay file: the JSON text of a :class:`Replay` (``format.py``
says what it holds), whole or in pieces.

Apart from the reading because the writer thread and Export replay need the
text a piece at a time (the pointer track is most of a long game's replay),
and because writing needs none of the reader's checks.
"""

from __future__ import annotations

import json
import operator
from collections.abc import Iterator
from itertools import chain
from pathlib import Path
from typing import Any

from .format import FORMAT, VERSION, Replay
from .track import PointerTrack


def encode(replay: Replay) -> str:
    """The JSON text of ``replay`` (compact: a whole Expert game is a few KB)."""
    return "".join(encode_pieces(replay))


def encode_pieces(replay: Replay) -> Iterator[str]:
    """The JSON text of ``replay`` in pieces: the pointer track (up to
    MAX_POINTER samples) ``CHUNK`` samples at a time. A thread encoding a
    long game's replay can let the window's thread run between pieces (one
    call for the whole track would hold the interpreter 70 ms)."""
    doc: dict[str, Any] = {"format": FORMAT, "version": VERSION, "width": replay.width,
                           "height": replay.height, "mines": replay.mines,
                           "shape": replay.shape, "marks": replay.marks,
                           "first_click": replay.first_click}
    if replay.seed is not None:
        doc["seed"] = replay.seed
    if replay.layout is not None:
        doc["layout"] = list(replay.layout)
    doc["moves"] = [list(m) for m in replay.moves]
    doc["result"] = replay.result
    doc["time_ms"] = replay.time_ms
    for name in ("player", "date", "level"):
        if getattr(replay, name) is not None:
            doc[name] = getattr(replay, name)
    if replay.modes:
        doc["modes"] = [list(switch) for switch in replay.modes]
    if replay.cursor:
        doc["cursor"] = [list(move) for move in replay.cursor]
    text = json.dumps(doc, separators=(",", ":"), ensure_ascii=False)
    if not replay.pointer:
        yield text + "\n"
        return
    yield text[:-1] + ',"pointer":['
    for i, chunk in enumerate(_pointer_chunks(replay.pointer)):
        yield "," + chunk if i else chunk
    yield "]}\n"


#: Samples of the pointer track encoded in one piece (a few tenths of a ms).
CHUNK = 1024


def _pointer_chunks(track: PointerTrack) -> Iterator[str]:
    """The track flattened as ``dt, x, y, buttons`` per sample (``dt`` from
    the previous sample), as JSON text, a chunk at a time."""
    times = track.times
    for start in range(0, len(track), CHUNK):
        end = min(len(track), start + CHUNK)
        moments = times[start:end]
        flat: list[int] = [0] * (4 * len(moments))
        flat[0::4] = list(map(operator.sub, moments,
                              chain((times[start - 1] if start else 0,), moments)))
        flat[1::4] = track.xs[start:end]
        flat[2::4] = track.ys[start:end]
        flat[3::4] = track.buttons[start:end]
        yield ",".join(map(str, flat))


def write_file(path: str | Path, replay: Replay) -> None:
    """Save ``replay`` at ``path`` (OSError when it cannot be written)."""
    Path(path).write_text(encode(replay), encoding="utf-8")
