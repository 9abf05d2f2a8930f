"""Everything pygame: the window, the loop, screens, rendering, sound.

The environment below is set here, when the package is first imported,
because it must be in place before pygame itself is imported: pygame's own
import prints a greeting and, on X11, names the window class after the
script (``__main__.py``) unless a class is already set. A value the user set
in the environment wins."""

import os

#: The window class (X11), app id (Wayland, SDL 3) taskbars group the window under.
APP_ID = "minesweeper"
#: Read by pygame's import, or by SDL when the video starts or the window opens.
PYGAME_ENVIRONMENT = {
    "PYGAME_HIDE_SUPPORT_PROMPT": "1",  # a game's console output is for errors
    "SDL_VIDEO_X11_WMCLASS": APP_ID,
    "SDL_VIDEO_WAYLAND_WMCLASS": APP_ID,
    "SDL_APP_ID": APP_ID,
    "SDL_VIDEO_CENTERED": "1",          # the first window appears centred
    # A kiosk grabs the keyboard (``Display.lock_input``); SDL would still
    # minimise its fullscreen window on Alt+Tab. Nothing else grabs it.
    "SDL_ALLOW_ALT_TAB_WHILE_GRABBED": "0",
    # Alt+F4 comes as a key, which closes a dialog as in Windows (``Loop``):
    # SDL on Windows made it a quit, even with a dialog in front (SDL 2's
    # name for the hint, then SDL 3's).
    "SDL_WINDOWS_NO_CLOSE_ON_ALT_F4": "1",
    "SDL_WINDOWS_CLOSE_ON_ALT_F4": "0",
    # An input method's window of candidates (the kanji for the kana typed)
    # is shown on Windows: SDL 2 hides it unless asked (SDL pull request
    # 4707), and a Japanese name could not be written but by cycling
    # through candidates unseen. The composition itself the boxes draw.
    "SDL_IME_SHOW_UI": "1",
    # The click that brings the window back comes through (SDL drops it
    # unless asked): a game paused as the focus went stayed paused under it,
    # its panel saying "Click or press a key to resume", until a second
    # click. Only the board ignores it, as Winmine did (``Loop``).
    "SDL_MOUSE_FOCUS_CLICKTHROUGH": "1",
}
for _name, _value in PYGAME_ENVIRONMENT.items():
    os.environ.setdefault(_name, _value)
