"""A JSON text read one value at a time, each within its bound (``json_parts``)."""

from __future__ import annotations

import json
import tracemalloc

import pytest

from game.store import json_parts
from game.store.json_parts import Parts


def read_all(data: bytes, most: int) -> list[object]:
    """The items of the array in ``data``, each read within ``most`` characters."""
    parts = Parts(data)
    found = [parts.value(most) for _item in parts.items()]
    parts.end()
    return found


def test_values_across_the_pieces_decoded_read_as_json_reads_them():
    """Numbers, strings and objects cut where a piece of the text ends
    (every 64 KB) are read whole, as ``json.loads`` reads them."""
    values = [12345678, "a string", {"a": [1, 2.5, None, True]}, -0.25, "x" * 70_000] * 50
    data = json.dumps(values).encode()
    assert read_all(data, 100_000) == json.loads(data)


def test_a_number_cut_where_a_piece_ends_is_read_whole():
    data = b"[" + b" " * (64 * 1024 - 4) + b"123456789]"
    assert read_all(data, 100) == [123456789]


@pytest.mark.parametrize("value", [1.5, -0.25, 1e-07, 1.5e+300, -2.5e-10, 1e+16, 12, -0.0,
                                   float("nan"), float("inf"), -float("inf"), True, None])
def test_a_number_as_json_dumps_writes_it_is_read_whole_wherever_a_piece_ends(
        monkeypatch, value):
    """A fraction or an exponent cut where the text decoded so far ended
    read as the number before it ("1.5" as 1, then "." was no JSON), and
    the whole file was refused: here at every place in small pieces."""
    monkeypatch.setattr(json_parts, "_PIECE", 8)
    for before in range(24):
        data = json.dumps(["x" * before, value, [value], value]).encode()
        assert json.dumps(read_all(data, 100)) == json.dumps(json.loads(data)), data


def test_an_objects_members_are_read_one_by_one():
    parts = Parts(b' { "a" : 1 , "b" : [2, 3] , "c" : {} } ')
    found = {key: parts.value(10) for key in parts.members()}
    parts.end()
    assert found == {"a": 1, "b": [2, 3], "c": {}}


@pytest.mark.parametrize("data", [
    b"[1, 2", b"[1 2]", b'{"a" 1}', b'{1: 2}', b"[1] 2", b'["\xc3\xa9"]', b"[01]",
    b'["' + b"x" * 101 + b'"]', b"[[" + b"[], " * 30 + b"[]]]", b"[" + b"1" * 101 + b"]",
])
def test_what_is_not_json_or_beyond_its_bound_is_refused(data):
    with pytest.raises(ValueError):
        read_all(data, 100)


def test_a_value_at_its_bound_is_read():
    assert read_all(b'["' + b"x" * 98 + b'", [' + b"0," * 48 + b"0]]", 100) == [
        "x" * 98, [0] * 49]


def test_a_value_beyond_its_bound_is_never_built_whole():
    """8 MB of ``[],`` parsed whole take 137 MB: refused at a bound of
    1,000 characters, what is built stays under a megabyte."""
    data = b"[[" + b"[], " * 2_000_000 + b"[]]]"
    tracemalloc.start()
    try:
        with pytest.raises(ValueError):
            read_all(data, 1_000)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 1_000_000
