"""A kiosk reads no file a visitor brings: Open replay… is hidden and a
replay file dropped on its window opens nothing (README, "Kiosk and demo
machines"), while a normal window watches it."""

from game.replay import encode
from game.ui.screens.watch import ReplayScreen

from .helpers import make_app
from .test_hostile_replays import drop, flag_cycle


def test_a_replay_dropped_on_a_kiosk_opens_nothing_and_on_a_window_opens(tmp_path):
    path = tmp_path / "shared.json"
    path.write_text(encode(flag_cycle(3)), encoding="utf-8")
    kiosk = make_app(kiosk=True, data_dir=tmp_path / "kiosk")
    drop(kiosk, path)
    assert kiosk.top is kiosk.play
    window = make_app(data_dir=tmp_path / "window")
    drop(window, path)
    assert isinstance(window.top, ReplayScreen)
