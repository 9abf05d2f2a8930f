"""A corpus of hostile files, made on the spot: every way a file in the data
directory can be wrong — truncated, binary garbage, NaN, deep nesting, 50 MB,
wrong types, 400-digit numbers, a newer schema, a FIFO, a symlink to a
device, a directory — for each name the game reads."""

from __future__ import annotations

import contextlib
import json
import os
import random
import socket
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from game.store import schema

from .helpers import game, old_game

HUGE = 10**400
JSON_NAMES = ("settings.json", "records.json", "history.json")


@dataclass(frozen=True)
class Hostile:
    """``make`` puts something hostile at ``name`` in a directory."""

    name: str
    kind: str
    make: Callable[[Path], None]

    @property
    def id(self) -> str:
        return f"{self.name}:{self.kind}"


def good_document(name: str) -> dict:
    if name == "settings.json":
        return {"schema": 1, "settings": {"level": "expert", "marks": False, "scale": 2}}
    if name == "records.json":
        return {"schema": 1,
                "best_times": {"beginner": [{"name": "Ann", "time_ms": 9_000,
                                             "date": "2026-01-01T00:00:00", "bbbv": 20,
                                             "bbbv_per_s": 2.2}]},
                "statistics": {"beginner": {"played": 3, "won": 1, "current_streak": 0,
                                            "best_streak": 1}}}
    return {"schema": 1, "games": [old_game(game(seed=seed)) for seed in (70, 71)]}


def _bytes(data: bytes) -> Callable[[Path], None]:
    return lambda path: path.write_bytes(data)


def _text(text: str) -> Callable[[Path], None]:
    return lambda path: path.write_text(text, "utf-8")


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _device(path: Path) -> None:
    os.symlink("/dev/zero", path)


def _directory(path: Path) -> None:
    path.mkdir()


def unix_socket(path: Path) -> None:
    """A Unix socket named ``path``, as a program that listens there leaves
    one: opened, it gives ENXIO, no error a missing or locked file gives.
    Bound from its folder, as a socket's name is limited to about 100 bytes
    and pytest's folders are longer."""
    with contextlib.chdir(path.parent), socket.socket(socket.AF_UNIX) as listener:
        listener.bind(path.name)


def _dangling(path: Path) -> None:
    os.symlink(path.with_name("nowhere"), path)


def _fifty_mb(prefix: bytes) -> Callable[[Path], None]:
    def make(path: Path) -> None:
        with open(path, "wb") as stream:
            stream.write(prefix)
            stream.write(b" " * (50 * 1024 * 1024))
            stream.write(b"}")
    return make


def _json_kinds(name: str) -> list[tuple[str, Callable[[Path], None]]]:
    good = json.dumps(good_document(name))
    rng = random.Random(name)
    kinds: list[tuple[str, Callable[[Path], None]]] = [
        (f"truncated-{cut}", _text(good[:cut])) for cut in (0, 1, len(good) // 3,
                                                            len(good) // 2, len(good) - 1)]
    kinds += [(f"garbage-{n}", _bytes(rng.randbytes(200 + n * 997))) for n in range(3)]
    kinds += [
        ("utf16", _bytes(good.encode("utf-16"))),
        ("bom", _bytes(b"\xef\xbb\xbf" + good.encode())),
        ("deep-list", _bytes(b"[" * 200_000)),
        ("deep-object", _bytes(b'{"a":' * 100_000)),
        ("fifty-mb", _fifty_mb(b'{"schema": 1, "x": "')),
        ("newer", _text(json.dumps({**good_document(name), "schema": 2}))),
        ("schema-huge", _text('{"schema": 1' + "0" * 400 + "}")),
        ("schema-list", _text('{"schema": [1]}')),
        ("top-number", _text("42")),
        ("null", _text("null")),
        ("fifo", _fifo), ("dev-zero", _device), ("directory", _directory),
        ("dangling-symlink", _dangling), ("socket", unix_socket),
    ]
    for label, value in (("nan", "NaN"), ("inf", "Infinity"), ("huge", "9" * 400),
                         ("negative", "-1"), ("text", '"12"'), ("list", "[1]"),
                         ("object", '{"a": 1}'), ("bool", "true")):
        kinds.append((f"values-{label}", _text(_with_values(name, value))))
    return kinds


def _with_values(name: str, value: str) -> str:
    """The good document with every number (and one text) replaced by ``value``."""
    document = good_document(name)
    if name == "settings.json":
        fields = {key: "@" for key in ("scale", "custom_width", "custom_mines", "marks")}
        text = json.dumps({"schema": 1, "settings": fields})
    elif name == "records.json":
        document["best_times"]["beginner"][0].update(time_ms="@", bbbv_per_s="@")
        document["statistics"]["beginner"].update(played="@")
        text = json.dumps(document)
    else:
        document["games"][0].update(time_ms="@", bbbv_per_s="@", efficiency="@", seed="@")
        text = json.dumps(document)
    return text.replace('"@"', value)


def _database_kinds() -> list[tuple[str, str, Callable[[Path], None]]]:
    rng = random.Random(7)

    def newer(path: Path) -> None:
        with sqlite3.connect(path) as db:
            db.execute("CREATE TABLE future (x)")
            db.execute(f"PRAGMA user_version = {schema.SCHEMA_VERSION + 5}")
        db.close()

    def empty_tables(path: Path) -> None:       # claims our version, holds nothing of ours
        with sqlite3.connect(path) as db:
            db.execute(f"PRAGMA user_version = {schema.SCHEMA_VERSION}")
            db.execute("CREATE TABLE games (x)")
        db.close()

    def loose_rows(path: Path) -> None:         # our tables without STRICT, hostile rows in
        with sqlite3.connect(path) as db:
            for step in schema.MIGRATIONS:
                db.executescript(step.replace(") STRICT", ")"))
            db.execute(f"PRAGMA user_version = {schema.SCHEMA_VERSION}")
            db.execute("INSERT INTO games VALUES (101, 'x', 'beginner', 'modern', 'grid', 9, 9, 10,"
                       " 'won', ?, 1, 1.0, 1, 0.5, '1', 'safe', 0, 0)", ("9" * 400,))
            db.execute("INSERT INTO games VALUES (102, '2026-01-01T00:00:00', ?, 'modern', 'grid',"
                       " 9, 9, 10, 'won', 1, 1, 1.0, 1, 0.5, '1', 'safe', 0, 0)", ("\u202e" * 50,))
            db.execute("INSERT INTO statistics VALUES ('beginner', 'modern', 'grid', ?, 1, 1, 1)",
                       ("many",))
            db.execute("INSERT INTO best_times VALUES (1, 'beginner', 'modern', 'grid', ?, -5, "
                       "'2026', NULL, NULL, NULL, NULL)", (b"\xff" * 30,))
        db.close()

    def ours_but(version: int, *patches: tuple[int, int]) -> Callable[[Path], None]:
        """Ours whole, its version ``version`` (a hand edit's) and each
        (offset, byte) of ``patches`` put in its header (a byte flipped)."""
        def make(path: Path) -> None:
            with sqlite3.connect(path) as db:
                for step in schema.MIGRATIONS:
                    db.executescript(step)
                db.execute(f"PRAGMA user_version = {version}")
            db.close()
            data = bytearray(path.read_bytes())
            for offset, value in patches:
                data[offset] = value
            path.write_bytes(bytes(data))
        return make

    def schema_bytes(version: int) -> Callable[[Path], None]:
        """A schema damaged where SQLite's message quotes it: "unknown
        datatype ... "TEX\\xab"", bytes no UTF-8 decoder takes."""
        def make(path: Path) -> None:
            with sqlite3.connect(path) as db:
                for step in schema.MIGRATIONS:
                    db.executescript(step)
                db.execute("PRAGMA writable_schema = ON")
                db.execute("UPDATE sqlite_master SET sql = CAST(? AS TEXT) WHERE name = 'imports'",
                           (b"CREATE TABLE imports (digest TEXT PRIMARY KEY, name TEXT NOT NULL,"
                            b" date TEX\xab NOT NULL) STRICT",))
                db.execute(f"PRAGMA user_version = {version}")
            db.close()
        return make

    kinds = [
        ("schema-bytes", schema_bytes(schema.SCHEMA_VERSION)),
        ("schema-bytes-newer", schema_bytes(schema.SCHEMA_VERSION + 5)),
        ("garbage", _bytes(rng.randbytes(10_000))),
        ("text", _text("not a database\n" * 100)),
        ("json", _text(json.dumps(good_document("records.json")))),
        ("header-only", _bytes(b"SQLite format 3\x00")),
        ("header-garbage", _bytes(b"SQLite format 3\x00" + rng.randbytes(8192))),
        ("zeros", _bytes(b"\x00" * 4096)),
        ("fifty-mb", _fifty_mb(b"SQLite format 3\x00")),
        ("newer", newer), ("version-negative", ours_but(-1)),
        ("version-lowered", ours_but(schema.SCHEMA_VERSION - 1)),
        ("header-write-format", ours_but(schema.SCHEMA_VERSION, (18, 3))),
        ("header-schema-format", ours_but(schema.SCHEMA_VERSION, (47, 5))),
        ("wrong-tables", empty_tables), ("loose-rows", loose_rows),
        ("fifo", _fifo), ("dev-zero", _device), ("directory", _directory),
    ]
    wal = [("garbage", _bytes(rng.randbytes(5000))), ("fifo", _fifo), ("dev-zero", _device)]
    return [("records.db", kind, make) for kind, make in kinds] + \
           [("records.db-wal", kind, make) for kind, make in wal]


def corpus() -> list[Hostile]:
    items = [Hostile(name, kind, make) for name in JSON_NAMES for kind, make in _json_kinds(name)]
    items += [Hostile(name, kind, make) for name, kind, make in _database_kinds()]
    if not hasattr(os, "mkfifo"):
        items = [item for item in items if item.kind not in ("fifo", "dev-zero")]
    if not hasattr(socket, "AF_UNIX"):
        items = [item for item in items if item.kind != "socket"]
    return items
