"""history.json, as versions before the database kept it: read once, to be
imported (see :mod:`game.store.legacy`).

    {"schema": 1,
     "games": [
      {"date": ..., "level": ..., ...},      one game per line, oldest first
      ...
     ]}
"""

from __future__ import annotations

from typing import Any

from .decoding import Unreadable, at, expected_text, need_list, need_object
from .game_record import FIELDS, REQUIRED, GameRecord
from .notices import Text

NAME = "history.json"
SCHEMA = 1
#: How many games :meth:`Store.history` returns unless asked for more.
HISTORY_LENGTH = 500


def decode_game(obj: Any) -> GameRecord:
    """A game from its JSON object; Unreadable (a ValueError) when it is bad."""
    obj = need_object(obj)
    if obj.get("date") is None:
        raise Unreadable(lambda: expected_text("date"))
    # A field the record cannot do without is given as null when missing,
    # so that its check names it in the player's words rather than Python
    # telling of GameRecord.__init__'s missing positional arguments.
    return GameRecord(**{name: obj.get(name) for name in FIELDS
                         if (name in obj or name in REQUIRED) and name != "game_id"})


def decode(document: dict[str, Any]) -> tuple[list[GameRecord], list[Text]]:
    """The games in ``document``, oldest first (bad games dropped one by one),
    and the problems met."""
    problems: list[Text] = []
    try:
        entries = need_list(document.get("games", []))
    except Unreadable as problem:
        return [], [at("games", problem)]
    games = []
    for index, entry in enumerate(entries):
        try:
            games.append(decode_game(entry))
        except (ValueError, TypeError) as problem:
            problems.append(at(f"games[{index}]", problem))
    return games, problems
