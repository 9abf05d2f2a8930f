"""A damaged settings.json is set aside (renamed, never deleted) and the
player told once: a copy killed after the rename, before its window showed
why (the defaults not yet written, or the notice not yet read), left the
next start to find no settings.json, or the one salvaged from it, and the
player was never told their settings had been set aside. A mark made just
before the rename (``settings_file.UNTOLD_NAME``), removed once the notice
is shown, makes the next start tell them (README, Settings)."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from game.store import Store, settings_file
from game.store.document import JsonFile
from game.store.store import close_all_stores

from .helpers import exit_code, files_in

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")

DAMAGE = {
    "whole": (b'{"schema": 1, "settings": {"level": "exp', "could not be read: starting afresh"),
    "part": (json.dumps({"schema": 1, "settings": {"scale": "big", "sound": False}}).encode(),
             "Some settings could not be read and are back to their defaults: Zoom."),
}


def killed_in(directory: Path, how: Callable[[], None]) -> None:
    """A copy of the game (forked) that starts on ``directory`` after
    ``how()`` patches it to die somewhere (os._exit(9): nothing after it
    runs, as with SIGKILL); or that dies once started, its notices unread."""
    close_all_stores()
    pid = os.fork()
    if pid == 0:                                         # pragma: no cover - the child
        try:
            how()
            store = Store(directory)
            store.flush(timeout=5.0)                     # the defaults written, even
            os._exit(9)
        finally:
            os._exit(1)
    assert exit_code(pid) == 9


def after_the_rename() -> None:
    real = JsonFile._aside

    def aside_then_die(self: JsonFile) -> Path | None:
        real(self)
        os._exit(9)
    JsonFile._aside = aside_then_die                     # type: ignore[method-assign]


def before_the_rename() -> None:
    def die(self: JsonFile) -> Path | None:
        os._exit(9)
    JsonFile._aside = die                                # type: ignore[method-assign]


def asides(directory: Path) -> list[str]:
    return sorted(name for name in files_in(directory) if name.startswith("settings.corrupt-"))


@pytest.mark.parametrize("damage", DAMAGE)
@pytest.mark.parametrize("killed", ["after the rename", "before the notice was shown"])
def test_a_copy_killed_before_its_player_was_told_leaves_the_telling_to_the_next_start(
        tmp_path, damage, killed):
    found, said = DAMAGE[damage]
    (tmp_path / "settings.json").write_bytes(found)
    killed_in(tmp_path, after_the_rename if killed == "after the rename" else lambda: None)
    [aside] = asides(tmp_path)
    assert (tmp_path / aside).read_bytes() == found
    store = Store(tmp_path)
    [told] = store.take_notices()
    assert said in told and aside in told, told
    store.close()
    assert not (tmp_path / settings_file.UNTOLD_NAME).exists()
    again = Store(tmp_path)
    assert again.notices == [] and asides(tmp_path) == [aside]
    again.close()


def test_a_copy_killed_just_before_the_rename_has_the_file_told_once_and_no_older_one(tmp_path):
    """The mark made, the file not yet renamed: the next start finds it
    damaged still, sets it aside and tells that, and not the copy set
    aside and told long before."""
    told_before = tmp_path / "settings.corrupt-20200101-000000.json"
    told_before.write_bytes(b"old damage")
    found, said = DAMAGE["whole"]
    (tmp_path / "settings.json").write_bytes(found)
    killed_in(tmp_path, before_the_rename)
    assert (tmp_path / settings_file.UNTOLD_NAME).exists()
    store = Store(tmp_path)
    [told] = store.take_notices()
    [aside] = [name for name in asides(tmp_path) if name != told_before.name]
    assert said in told and aside in told and told_before.name not in told, told
    store.close()
    again = Store(tmp_path)
    assert again.notices == []
    again.close()


def test_a_mark_with_nothing_set_aside_is_dropped_without_a_word(tmp_path):
    (tmp_path / settings_file.UNTOLD_NAME).touch()
    store = Store(tmp_path)
    assert store.notices == []
    store.close()
    assert not (tmp_path / settings_file.UNTOLD_NAME).exists()


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_second_copy_started_before_the_first_showed_the_notice_tells_nothing(
        tmp_path, damage):
    """Two copies started together (an icon clicked twice): the first sets
    settings.json aside and tells its player; the second found the mark,
    not yet removed (the first's window not yet shown), and told the same
    a second time. A mark whose copy lives is that copy's to tell; left by
    a copy that closed without showing it, the next start tells it."""
    found, said = DAMAGE[damage]
    (tmp_path / "settings.json").write_bytes(found)
    first = Store(tmp_path)
    second = Store(tmp_path)
    assert second.notices == []
    second.close()
    first.close()                                        # its window closed before showing it
    third = Store(tmp_path)
    [told] = third.take_notices()
    [aside] = asides(tmp_path)
    assert said in told and aside in told, told
    fourth = Store(tmp_path)
    assert fourth.notices == []
    third.close()
    fourth.close()
    assert not (tmp_path / settings_file.UNTOLD_NAME).exists()


def test_the_mark_is_removed_where_an_open_file_cannot_be_deleted(tmp_path, monkeypatch):
    """Windows deletes no file still open: the mark, held while its copy
    runs, is let go before it is removed, or it stayed and the next start
    told the player again. Here a file is refused deletion while held."""
    from game.store import interlock

    held: set[str] = set()
    real_hold, real_let_go, real_unlink = interlock.hold, interlock.let_go, Path.unlink
    names: dict[int, str] = {}

    def hold(path, **options):
        fd = real_hold(path, **options)
        if fd is not None:
            held.add(str(path))
            names[fd] = str(path)
        return fd

    def let_go(fd):
        held.discard(names.pop(fd, ""))
        real_let_go(fd)

    def unlink(self, *args, **kwargs):
        if str(self) in held:
            raise PermissionError(13, "The process cannot access the file", str(self))
        real_unlink(self, *args, **kwargs)

    monkeypatch.setattr(interlock, "hold", hold)
    monkeypatch.setattr(interlock, "let_go", let_go)
    monkeypatch.setattr(Path, "unlink", unlink)
    (tmp_path / "settings.json").write_bytes(DAMAGE["whole"][0])
    store = Store(tmp_path)
    assert (tmp_path / settings_file.UNTOLD_NAME).exists()
    [_] = store.take_notices()
    assert not (tmp_path / settings_file.UNTOLD_NAME).exists()
    store.close()
    again = Store(tmp_path)
    assert again.notices == []
    again.close()
