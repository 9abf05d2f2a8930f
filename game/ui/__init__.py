"""Everything pygame: the window, the loop, screens, rendering, sound."""

import os

# pygame prints a greeting on import; a game's console output is for errors.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
