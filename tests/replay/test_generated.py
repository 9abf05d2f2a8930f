"""Generated replays of boards no game deals: holes anywhere (a field in
pieces, a single cell), mines everywhere or nowhere, on every shape, with
moves anywhere on the board, holes included. Each is refused in one line
or checked and watched from end to end; none ends in a traceback."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import Minefield, Status
from game.replay import ReplayError, Timeline, check, decode
from game.replay.playback import Playback

FACES = ("smile", "oh", "cool", "dead")
RESULT_OF = {Status.WON: "won", Status.LOST: "lost"}


@st.composite
def boards(draw) -> tuple[list[str], str]:
    """Rows of ``*``, ``.`` and holes (some rows may be all holes), and a shape."""
    width, height = draw(st.integers(8, 11)), draw(st.integers(8, 11))
    cell = draw(st.sampled_from(["*. ", "*", ".", " .", " *", "*.", "  ."]))
    rows = ["".join(draw(st.lists(st.sampled_from(cell), min_size=width, max_size=width)))
            for _ in range(height)]
    return rows, draw(st.sampled_from(["grid", "torus", "hex"]))


@st.composite
def replays(draw) -> dict:
    """A replay document whose stated result and time are the moves' own."""
    rows, shape = draw(boards())
    width, height = len(rows[0]), len(rows)
    marks = draw(st.booleans())
    texts = draw(st.lists(st.one_of(
        st.builds("{} {} {}".format, st.sampled_from("RRFC"), st.integers(0, width - 1),
                  st.integers(0, height - 1)),
        st.sampled_from(["M 0", "M 1"])), max_size=25))
    moves, t, result = [], 0, "unfinished"
    try:
        field = Minefield.from_layout(rows, marks=marks, shape=shape)
    except ValueError:
        field = None                       # refused by the engine: so must the file be
    for text in texts:
        moves.append([t, text])
        t += draw(st.integers(0, 400))
        if field is not None:
            field.apply(text)
            if field.status in RESULT_OF:
                result = RESULT_OF[field.status]
                break
    time_ms = moves[-1][0] if moves and result != "unfinished" else t
    return {"format": "minesweeper-replay", "version": 1, "width": width, "height": height,
            "mines": sum(row.count("*") for row in rows), "shape": shape, "marks": marks,
            "first_click": draw(st.sampled_from(["opening", "safe", "classic"])),
            "layout": rows, "moves": moves, "result": result, "time_ms": time_ms}


@settings(max_examples=200, derandomize=True, deadline=None)
@given(replays())
def test_a_board_no_game_deals_is_refused_in_one_line_or_watched_to_the_end(doc):
    try:
        replay = decode(json.dumps(doc))
        checked = check(replay)
    except ReplayError as e:
        assert "\n" not in str(e) and 0 < len(str(e)) < 200
        return
    assert checked.result == doc["result"]
    playback = Playback(Timeline(replay))
    for seek in (playback.end, playback.home, lambda: playback.seek(replay.time_ms / 2)):
        seek()
        playback.settle()
        board = playback.field()
        assert playback.face() in FACES
        assert all(board.cell(*cell) in "#?" for cell in playback.pressed_cells())
        assert playback.figures().clicks.total <= len(replay.moves)
