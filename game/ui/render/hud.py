"""The window around the field: frame, counter panel, LED counters and face."""

from __future__ import annotations

from ..frame import LED_DIGITS, Layout
from .painter import GREY, Painter

FACES = {"smile": "face_smile", "oh": "face_oh", "dead": "face_dead", "cool": "face_cool",
         "pressed": "face_smile_pressed"}


def led_sprites(value: int) -> list[str]:
    """Sprite names showing ``value`` on a 3-digit counter, as the classic game
    did: -99 to 999, a leading minus for negatives, zero-padded."""
    value = max(-99, min(999, value))
    text = f"{value:03d}" if value >= 0 else "-" + f"{-value:02d}"
    assert len(text) == LED_DIGITS
    return ["led_minus" if c == "-" else f"led_{c}" for c in text]


def draw_chrome(painter: Painter, layout: Layout) -> None:
    """The static parts: raised frame, sunken panel, counter boxes, field bevel."""
    painter.bevel("raised_3", layout.frame)
    painter.bevel("sunken_2", layout.panel)
    painter.bevel("sunken_1", layout.mines_box)
    painter.bevel("sunken_1", layout.timer_box)
    painter.bevel("sunken_3", layout.field_bevel, fill=False)


def draw_counter(painter: Painter, layout: Layout, box_name: str, value: int) -> None:
    box = getattr(layout, box_name)
    for i, name in enumerate(led_sprites(value)):
        painter.sprite(name, layout.digit_rect(box, i).topleft)


def draw_face(painter: Painter, layout: Layout, face: str) -> None:
    painter.fill(layout.face, GREY)
    painter.sprite(FACES[face], layout.face.topleft)
