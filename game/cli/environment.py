"""Whether this machine can run the window: a display to show it on, a folder for the records
(and the language saved there, which the command line speaks).

Checked before the window opens, each refusal one line and exit status 2:
with no display SDL would fall back to its offscreen driver and the game
would run unseen forever, and with no home folder known platformdirs ended
the start in a traceback.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Mapping, MutableMapping
from pathlib import Path

from game.i18n import _

from .arguments import UsageError, data_dir_asked


def no_display(env: Mapping[str, str] = os.environ,
               platform: str = sys.platform) -> str | None:
    """Why no window could be seen here, or None. Only X11 and Wayland say
    through the environment whether a display exists; elsewhere (and when the
    user chose a driver with SDL_VIDEODRIVER) the answer is left to SDL."""
    if env.get("SDL_VIDEODRIVER") or platform in ("win32", "darwin", "cygwin"):
        return None
    if env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"):
        return None
    return _("no display to open the window on (neither DISPLAY nor WAYLAND_DISPLAY is set);"
             " set SDL_VIDEODRIVER to choose a video driver")


#: SDL's drivers that draw where nobody sees: fine when asked for (tests, smoke
#: runs), a dead end when SDL falls back to them on its own.
INVISIBLE_DRIVERS = ("offscreen", "dummy")

#: SDL's variables that choose a driver: set to nothing, they choose none.
DRIVER_VARIABLES = ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER")


def _drop_empty_drivers(environ: MutableMapping[str, str] = os.environ) -> None:
    """Forget a driver variable set to nothing (a launcher's
    ``SDL_VIDEODRIVER=$DRIVER`` with DRIVER unset): SDL took it for a driver
    named "", and the game refused to start ("cannot open a window: windows
    not available") on a display where it starts without the variable."""
    for name in DRIVER_VARIABLES:
        if name in environ and not environ[name].strip():
            del environ[name]


def video_problem() -> str | None:
    """Why the game cannot show its window here, or None (starts the video)."""
    _drop_empty_drivers()
    reason = no_display()
    if reason:
        return reason
    import pygame

    from game.ui.quiet import quiet_stderr

    try:
        with quiet_stderr():
            pygame.display.init()
    except pygame.error as e:
        return _("cannot open a window: {reason}").format(reason=_sdl_reason(str(e)))
    driver = pygame.display.get_driver()
    if not os.environ.get("SDL_VIDEODRIVER") and driver in INVISIBLE_DRIVERS:
        pygame.display.quit()
        return _("no display to open the window on (SDL fell back to its {driver} driver);"
                 " set SDL_VIDEODRIVER to choose a video driver").format(driver=driver)
    return None


def _sdl_reason(said: str) -> str:
    """SDL's refusal in the player's language where it is one of the few it
    gives here: "x11 not available" (a driver misspelled in SDL_VIDEODRIVER,
    or whose display is not running) showed in English after French words.
    Any other is shown as it comes."""
    driver = re.fullmatch(r"(\S+) not available", said)
    if driver:
        return _("the video driver {driver} is not available").format(driver=driver[1])
    if said == "No available video device":
        return _("no video device is available")
    return said


def records_folder(given: Path | None) -> Path:
    """The folder of the records and settings: ``--data-dir``, else the
    user's data folder. UsageError when no home folder is known (HOME unset
    for a user the system has no entry for, as in a container run under a
    bare user id): platformdirs' RuntimeError ended the start in a traceback."""
    from game.store import default_directory

    if given is not None:
        return given
    try:
        return default_directory()
    except RuntimeError:
        raise UsageError(_("cannot tell where to keep your records and settings: no home "
                           "directory is known (set HOME, or give --data-dir DIR)")) from None


def saved_language(argv: list[str]) -> str:
    """The language saved in the settings the command line ``argv`` would
    start with (in its ``--data-dir``, else in the user's data folder), read
    before the options are parsed so that their help and their refusals
    speak it, as the window will: "" when none is saved or it cannot be
    read at once (no home folder known, a folder that cannot be opened). A
    refusal without --lang came in the system's language, whatever the game
    had been set to."""
    from game.store import saved_settings

    try:
        folder = data_dir_asked(argv) or records_folder(None)
    except UsageError:
        return ""
    return saved_settings(folder).language
