"""Where the window goes on the displays: kept on the screen as it grows,
put back where the player left it, pulled back from where no display is.

Pure arithmetic on sizes and corners, apart from the window (``display``
applies it): pygame-ce tells the displays' sizes, not where they are, so
what is reachable is judged from the sizes alone, and tests can lay out any
desktop without one.
"""

from __future__ import annotations

from collections.abc import Sequence

#: Room kept free around a window for the taskbar and the title bar.
WINDOW_MARGIN = (32, 96)
#: The title bar's height, above the window's inside (where SDL puts a
#: window): kept on the screen, as the handle a window is dragged by.
#: pygame-ce does not tell a window's borders (SDL knows them only once the
#: window manager has framed the window shown), so a usual one.
TITLE_BAR = 32


def on_screen(at: tuple[int, int], pixels: tuple[int, int], screen: tuple[int, int],
              was: tuple[int, int], *, top: int = 0) -> tuple[int, int]:
    """Where a window of ``pixels`` wanted at top-left ``at`` goes: there,
    or as near as keeps it on the ``screen`` (the first display, whose size
    alone SDL tells; less half the room kept for the taskbar and the title
    bar). A window past that display's right or bottom edge, or wholly left
    of or above it at the size it ``was`` before, is on another display: it
    stays there, where it was pulled back onto the first one, leaving
    fullscreen or growing with a zoom or a bigger level. Judged at its new
    size, a window wholly on a display left of the first and grown over
    its edge (Beginner to Expert) jumped onto the first. A window no bigger
    than it was and wholly on the display stays put, the room kept for the
    taskbar notwithstanding (that room is for a window that grows): left in
    the screen's bottom-right corner, it came back from fullscreen, and
    opened at the next start, up to 48 pixels up and 16 left. Its top is
    kept ``top`` pixels below the screen's, even if the bottom then hangs
    off a screen too short for it (``start_position``: a title bar)."""
    x, y = at
    w, h = was
    if x >= screen[0] or y >= screen[1] or x + w <= 0 or y + h <= 0:
        return at
    if pixels[0] <= w and pixels[1] <= h and 0 <= x <= screen[0] - pixels[0] \
            and top <= y <= screen[1] - pixels[1]:
        return at
    room_x = screen[0] - pixels[0] - WINDOW_MARGIN[0] // 2
    room_y = screen[1] - pixels[1] - WINDOW_MARGIN[1] // 2
    return max(0, min(x, room_x)), max(top, min(y, room_y))


def reachable(at: tuple[int, int], pixels: tuple[int, int],
              displays: Sequence[tuple[int, int]]) -> bool:
    """Whether a window of ``pixels`` at ``at`` can be seen: over the first
    display (SDL puts it at 0, 0), or wholly off it where another display
    could be. pygame-ce tells the other displays' sizes, not where they
    are: within the room they would cover laid side by side, left, right,
    above or below the first, one may be there. With no other display (a
    monitor unplugged), a window wholly off the first is lost."""
    if not displays:
        return True                           # nothing known: leave it to SDL
    x, y = at
    (w, h), others = displays[0], displays[1:]
    if x < w and y < h and x + pixels[0] > 0 and y + pixels[1] > 0:
        return True
    reach_x = sum(size[0] for size in others)
    reach_y = sum(size[1] for size in others)
    return bool(others) and -reach_x <= x < w + reach_x and -reach_y <= y < h + reach_y


def start_position(saved: Sequence[int], pixels: tuple[int, int],
                   displays: Sequence[tuple[int, int]]) -> tuple[int, int] | None:
    """Where a window of ``pixels`` opens, from the top-left corner ``saved``
    when it was last left ([] if never), on ``displays`` (their sizes);
    None: centred, as on a first run. A window wholly on the first display
    opens exactly there; one with its corner on it but over its edge, or
    its title bar above the top, is pulled wholly onto it, as a zoom would
    (the resolution may have shrunk since); one with its corner where
    another display could be (:func:`reachable`) stays there, even opened
    bigger than it was left and reaching over the first display's edge, as
    a zoom leaves it; with the first display alone, a window over its edge
    is pulled onto it, and one lost off-screen is centred. Its top is kept
    a title bar (``TITLE_BAR``) below the screen's: a window dragged up with
    its title bar above the screen came back there, and could no longer be
    grabbed. Only here, where no window manager has framed the window yet:
    within a session, one parked against the screen's top (its inside 20
    pixels down under openbox) went 12 pixels down at every zoom and
    fullscreen."""
    if len(saved) != 2 or not displays:
        return None
    at = (saved[0], saved[1])
    if not reachable(at, pixels, displays):
        return None
    (w, h), others = displays[0], displays[1:]
    if others and not (0 <= at[0] < w and 0 <= at[1] < h):
        return at
    return on_screen(at, pixels, (w, h), pixels, top=TITLE_BAR)

