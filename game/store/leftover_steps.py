"""The results a copy left unsaved (``leftover``), as steps, and the text of
the file that holds them.

Each step replays what the writer would have done: a game recorded (its best
time, its replay), the game in progress kept, a best time named or entered
(a tool's), a level's Best Times or statistics reset. A file with a step of
a kind the first version of the format did not know (a best time entered, a
reset) states schema 2: that version set a file whose steps it did not know
aside, and leaves a newer one alone.

The text is read a part at a time (``json_parts``), each part within a
bound on its text (a game's fields, a replay, a name) and the steps no
more than :data:`MAX_STEPS`: parsed whole, 64 MB of ``[],`` took 1.3 GB and
5 s, and the system out of memory would kill the game at every start
before the file could be set aside. The ``schema`` comes first in the
file, so that a newer version's is known before any of its steps is read.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from game.engine import STYLES
from game.replay.format import MAX_BYTES as MAX_REPLAY_BYTES

from . import best_times, history
from .best_times import BestTime
from .decoding import need_date
from .document import schema_of
from .game_record import NAME_PATTERN, GameRecord, need_level
from .json_parts import Parts
from .ledger import Key
from .newer import Newer

#: Nor more steps than this: 192,000 games without replays fit in
#: ``leftover.MAX_BYTES``, and took 380 MB, most of it the steps' objects.
MAX_STEPS = 50_000
#: The longest text of a step's part: a game's fields (some 300
#: characters), a replay (each of its bytes written as at most six:
#: ``\u0001``), and anything else (a name, a token, a key).
_GAME_CHARS = 4096
_REPLAY_CHARS = 6 * MAX_REPLAY_BYTES + 2
_SMALL_CHARS = 1024
#: The parts of a step, and of the file's object, beyond which it is damage.
_MOST_PARTS = 16
#: The schema of a file holding only the steps the first version knew
#: (:data:`_FIRST_STEPS`), and of any other.
_FIRST_SCHEMA, _SCHEMA = 1, 2
#: The schema of the steps this version writes (a journal's lines too).
SCHEMA = _SCHEMA
#: A best-time token as ``database.unique_name`` makes it.
_TOKEN = re.compile(r"[0-9a-f]{32}")


@dataclass(frozen=True)
class Recorded:
    """A finished game, as ``Store.record_game`` queued it."""
    game: GameRecord
    token: str | None = None
    replay: str | None = None


@dataclass(frozen=True)
class Held:
    """A game in progress, as ``Store.hold_unfinished`` queued it."""
    game: GameRecord


@dataclass(frozen=True)
class Named:
    """A best time's name, as ``Store.name_best_time`` queued it."""
    token: str
    name: str


@dataclass(frozen=True)
class Added:
    """A time entered in ``key``'s Best Times for a game this store never
    recorded, as ``Store.add_best_time`` queued it."""
    key: Key
    entry: BestTime
    token: str


@dataclass(frozen=True)
class Reset:
    """A level's Best Times emptied (``what`` "best_times") or statistics
    zeroed ("statistics"), or every level's (``key`` None), as
    ``Store.reset_best_times`` and ``Store.reset_statistics`` queued it,
    ``date`` when it was asked for (None in the files written before it was
    kept): the games of another copy are taken in before it or after by it."""
    what: str
    key: Key | None
    date: str | None = None


Step = Recorded | Held | Named | Added | Reset
_FIRST_STEPS = (Recorded, Held, Named)
RESETS = ("best_times", "statistics")


@dataclass(frozen=True)
class Leftover:
    """What a file held: the steps, and whether the game in progress its
    copy kept (if still there after them) was a win left unwritten, which
    must not be counted as abandoned."""
    steps: tuple[Step, ...]
    drop_held: bool


def asked_at(step: Step) -> str | None:
    """When ``step`` was asked for, as far as the file says: a game's date
    (when it ended), a reset's; None for the others."""
    if isinstance(step, Recorded):
        return step.game.date
    return step.date if isinstance(step, Reset) else None


def document(owner: str, steps: Sequence[Step], space: int | None) -> tuple[bytes, int]:
    """The file's text for ``steps`` and how many games it holds: every
    step when ``space`` is None, else the first ones that fit in that many
    bytes, and the resets among the rest that fit too (a reset the player
    asked for matters more than its order with games lost anyway); never
    more than :data:`MAX_STEPS`."""
    parts: list[bytes] = []
    size, kept = len(_head(owner, _SCHEMA)) + len(b'], "drop_held": true}'), 0
    cut: Recorded | None = None
    stopped, first = False, True
    for index, step in enumerate(steps):
        if stopped and not isinstance(step, Reset):
            continue
        choices = [step] if not isinstance(step, Recorded) or step.replay is None \
            else [step, Recorded(step.game, step.token)]
        text = None if len(parts) == MAX_STEPS else next(
            (encoded for encoded in map(encode, choices)
             if space is None or size + len(encoded) + 2 <= space), None)
        if text is None:
            if not stopped:
                cut = next((s for s in steps[index:] if isinstance(s, Recorded)), None)
            stopped = True
            continue
        parts.append(text)
        size += len(text) + 2
        kept += isinstance(step, Recorded)
        first = first and isinstance(step, _FIRST_STEPS)
    drop = b', "drop_held": true}' if cut is not None and cut.game.won else b"}"
    return _head(owner, _FIRST_SCHEMA if first else _SCHEMA) + b", ".join(parts) + b"]" + drop, kept


def _head(owner: str, schema: int) -> bytes:
    return b'{"schema": %d, "owner": "%s", "steps": [' % (schema, owner.encode())


def encode(step: Step) -> bytes:
    """One step's text (a JSON object)."""
    value: dict[str, Any]
    if isinstance(step, Recorded):
        value = {"record": _game(step.game), "token": step.token, "replay": step.replay}
    elif isinstance(step, Held):
        value = {"hold": _game(step.game)}
    elif isinstance(step, Named):
        value = {"name": step.name, "token": step.token}
    elif isinstance(step, Added):
        value = {"add": asdict(step.entry), "key": step.key, "token": step.token}
    else:
        value = {"reset": step.what, "key": step.key, "date": step.date}
    return json.dumps(value).encode()


def _game(game: GameRecord) -> dict[str, Any]:
    return {name: value for name, value in asdict(game).items() if name != "game_id"}


def decode(data: bytes, owner: str, name: str) -> Leftover:
    """The file's content; ValueError (or TypeError, KeyError) when it is
    not what a copy of the game wrote there, or breaks a bound; Newer when
    its schema, which comes first, is a newer version's."""
    parts = Parts(data)
    document: dict[str, Any] = {}
    steps: list[Step] = []
    for key in parts.members():
        if key == "steps" and schema_of(document) in (_FIRST_SCHEMA, _SCHEMA):
            for _item in parts.items():
                if len(steps) == MAX_STEPS:
                    raise ValueError("too many steps")
                steps.append(decode_step(step_parts(parts)))
            document[key] = steps
        else:
            document[key] = parts.value(_SMALL_CHARS)
        if (schema_of(document) or 0) > _SCHEMA:
            raise Newer(name)
        if len(document) > _MOST_PARTS:
            raise ValueError("too many parts")
    parts.end()
    if schema_of(document) not in (_FIRST_SCHEMA, _SCHEMA) or document.get("owner") != owner \
            or document.get("steps") is not steps:
        raise ValueError("not a file of unsaved results")
    drop = document.get("drop_held", False)
    if not isinstance(drop, bool):
        raise ValueError("drop_held")
    return Leftover(tuple(steps), drop)


def step_parts(parts: Parts) -> dict[str, Any]:
    """The step that starts here, each of its parts within its bound."""
    step: dict[str, Any] = {}
    for key in parts.members():
        step[key] = parts.value(_GAME_CHARS if key in ("record", "hold", "add")
                                else _REPLAY_CHARS if key == "replay" else _SMALL_CHARS)
        if len(step) > _MOST_PARTS:
            raise ValueError("too many parts")
    return step


def decode_step(value: dict[str, Any]) -> Step:
    """The step a file's object holds; ValueError (or TypeError, KeyError)
    when it is not one a copy of the game wrote."""
    if "record" in value:
        replay = value.get("replay")
        if not (replay is None or isinstance(replay, str)
                and len(replay.encode("utf-8", "replace")) <= MAX_REPLAY_BYTES):
            raise ValueError("replay")
        token = value.get("token")
        return Recorded(history.decode_game(value["record"]),
                        None if token is None else _token(token), replay)
    if "hold" in value:
        return Held(history.decode_game(value["hold"]))
    if "add" in value:
        return Added(_key(value.get("key")), best_times.decode(value["add"]),
                     _token(value.get("token")))
    if "reset" in value:
        what, key = value["reset"], value.get("key")
        if what not in RESETS:
            raise ValueError("reset")
        date = value.get("date")
        return Reset(what, None if key is None else _key(key),
                     None if date is None else need_date(value, "date"))
    name = value["name"]
    if not isinstance(name, str):
        raise ValueError("name")
    return Named(_token(value.get("token")), name)


def _key(value: Any) -> Key:
    """A level's records key: (level, style, shape), as ``records_key`` makes it."""
    if not (isinstance(value, list) and len(value) == 3):
        raise ValueError("key")
    level, style, shape = value
    need_level({"level": level}, "level")
    if style not in STYLES or not (isinstance(shape, str) and NAME_PATTERN.fullmatch(shape)):
        raise ValueError("key")
    return level, style, shape


def _token(value: Any) -> str:
    if not (isinstance(value, str) and _TOKEN.fullmatch(value)):
        raise ValueError("token")
    return value

