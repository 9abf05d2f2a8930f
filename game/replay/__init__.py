"""Replays: a game kept as its board and its timed moves, to watch, share and check.

Pure Python like the engine (no pygame): ``format`` says what the JSON file
holds, ``decoding`` reads it with strict checks (each field's in ``fields``)
and ``encoding`` writes it, ``check`` plays a replay on the engine and confirms
its stated result, ``timeline`` gives the position and the figures at any
moment, ``recorder`` collects the times and the pointer track of a game being
played. The window's viewer and recorder build on these.
"""

from .check import CheckedGame, check
from .decoding import decode, read_file
from .encoding import encode, encode_pieces, write_file
from .format import FORMAT, MAX_BYTES, MAX_SEED, VERSION, Replay, ReplayError
from .recorder import Recorder, replay_of
from .timeline import Pointer, Timeline

__all__ = [
    "FORMAT", "MAX_BYTES", "MAX_SEED", "VERSION", "CheckedGame", "Pointer", "Recorder", "Replay",
    "ReplayError", "Timeline", "check", "decode", "encode", "encode_pieces", "read_file",
    "replay_of", "write_file",
]
