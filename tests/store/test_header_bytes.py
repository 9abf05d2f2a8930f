"""Any byte of records.db's header changed (a bit flipped on the disk, a
hand edit), as a fuzzer would: the store opens, keeps recording, and the
file it cannot use is set aside whole, the player told; only a newer
version's file (its ``user_version`` above ours) is left as it is. A byte
of the file format (18, 19), the schema format (44 to 47) or the version
(60 to 63) SQLite or this game never write made every start fail, the
records neither shown nor saved."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from game.store import Store, schema

from .helpers import Clock, game


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    """A records.db holding three games."""
    directory = tmp_path_factory.mktemp("template")
    store = Store(directory)
    for seed in (1, 2, 3):
        store.record_game(game(seed=seed, result="lost"))
    store.close()
    return (directory / "records.db").read_bytes()


def changed(template: bytes, offset: int, value: int) -> bytes:
    data = bytearray(template)
    data[offset] = value
    return bytes(data)


def newer(data: bytes) -> bool:
    return int.from_bytes(data[60:64], "big", signed=True) > schema.SCHEMA_VERSION


def goes_on_recording(directory, data: bytes) -> list[bytes]:
    """With ``data`` as records.db, a game won is recorded and there at the
    next start; the files set aside, each as it was found."""
    (directory / "records.db").write_bytes(data)
    store = Store(directory, now=Clock())
    for message in store.take_notices():
        assert "\n" not in message and len(message) < 600
    won = game(seed=99, time_ms=1_000)
    assert store.record_game(won) == 1
    store.close()
    again = Store(directory)
    try:
        assert 99 in {g.seed for g in again.history(limit=100)}
    finally:
        again.close()
    kept = [path.read_bytes() for path in directory.iterdir() if ".corrupt-" in path.name]
    assert all(found == data for found in kept)
    return kept


@pytest.mark.parametrize(("offset", "value"), [(18, 3), (19, 3), (47, 5), (44, 1),
                                               (63, 2), (60, 0xFF)])
def test_a_header_byte_no_sqlite_writes_sets_the_file_aside(tmp_path, template, offset, value):
    data = changed(template, offset, value)
    assert goes_on_recording(tmp_path, data) == [data]


#: The header's formats and version, where a byte changed matters most.
FORMATS = [18, 19, 44, 45, 46, 47, 60, 61, 62, 63]


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(offset=st.one_of(st.sampled_from(FORMATS), st.integers(0, 99)), value=st.integers(0, 255))
def test_any_header_byte_changed_never_stops_the_records(tmp_path_factory, template, offset,
                                                         value):
    data = changed(template, offset, value)
    assume(not newer(data))               # a newer version's: shown, never written
    goes_on_recording(tmp_path_factory.mktemp("header"), data)
