"""Key bindings: the one place that says which key does what.

Menus show the shortcut labels written here, the help page lists them, and
screens look commands up here rather than testing keys themselves.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

import pygame

from game.i18n import N_, _

CTRL = pygame.KMOD_CTRL
ALT = pygame.KMOD_ALT
#: AltGr as SDL tells it on X11 and Wayland (the Mode key); on Windows it
#: comes as Ctrl+Alt. Held, it types a character: it makes no shortcut.
ALTGR = pygame.KMOD_MODE
#: Modifiers that turn a key into another one: a letter with any of them
#: held is not that letter's command.
SHORTCUT_MODS = CTRL | ALT | ALTGR


@dataclass(frozen=True)
class Binding:
    keys: tuple[int, ...]
    mods: int            # modifiers that must be held (any of CTRL or ALT bits), or 0 for none
    command: str
    text: str            # how menus and help show it, in English (see ``label``)

    @property
    def label(self) -> str:
        """The key's name in the current language ("Échap" for "Esc")."""
        return _(self.text)


#: Commands available from the board (and, for the global ones, from anywhere).
BINDINGS: tuple[Binding, ...] = (
    Binding((pygame.K_F2,), 0, "new_game", "F2"),
    Binding((pygame.K_F11,), 0, "toggle_fullscreen", "F11"),
    Binding((pygame.K_RETURN, pygame.K_KP_ENTER), ALT, "toggle_fullscreen", N_("Alt+Enter")),
    Binding((pygame.K_EQUALS, pygame.K_PLUS, pygame.K_KP_PLUS), CTRL, "zoom_in", N_("Ctrl++")),
    Binding((pygame.K_MINUS, pygame.K_KP_MINUS), CTRL, "zoom_out", N_("Ctrl+-")),
    Binding((pygame.K_PAUSE,), 0, "pause", N_("Pause")),
    Binding((pygame.K_F1,), 0, "help", "F1"),
    Binding((pygame.K_m,), 0, "toggle_flag_mode", "M"),
    Binding((pygame.K_s,), 0, "toggle_sound", "S"),
    Binding((pygame.K_h,), 0, "hint", "H"),
    Binding((pygame.K_p,), 0, "toggle_overlay", "P"),
    Binding((pygame.K_a,), 0, "toggle_autoplay", "A"),
    Binding((pygame.K_r,), 0, "watch_replay", "R"),
    Binding((pygame.K_q,), 0, "exit", "Q"),
    # Esc closes menus and dialogs, never quits; on the board it minimises
    # the window, as the classic's boss key did.
    Binding((pygame.K_ESCAPE,), 0, "minimize", N_("Esc")),
)

#: The operator's way out of kiosk mode (and out of the game anywhere).
OPERATOR_EXIT_KEY = pygame.K_q
OPERATOR_EXIT_MODS = (pygame.KMOD_CTRL, pygame.KMOD_ALT, pygame.KMOD_SHIFT)
OPERATOR_EXIT_LABEL = N_("Ctrl+Alt+Shift+Q")

#: "language_fr" switches the window to French (the View menu lists one per language).
LANGUAGE_COMMAND = "language_"

#: Commands a kiosk visitor cannot run (leaving, or changing the machine's setup).
KIOSK_BLOCKED = {"exit", "toggle_sound", "toggle_fullscreen", "zoom_in", "zoom_out",
                 "export_replay", "open_replay", "minimize"}

#: Commands that work whatever screen is on top (they change the window, not the game).
GLOBAL = {"toggle_fullscreen", "zoom_in", "zoom_out"}

#: Keys held to make a shortcut of the next one: alone they ask for nothing
#: (pressed over the pause, Ctrl of Ctrl++ resumed the game, F11 did not).
MODIFIER_KEYS = frozenset({pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LSHIFT, pygame.K_RSHIFT,
                           pygame.K_LALT, pygame.K_RALT, pygame.K_LGUI, pygame.K_RGUI,
                           pygame.K_MODE})

#: Keys that open the menu bar from the keyboard, and close an open menu.
MENU_KEYS = (pygame.K_F10, pygame.K_LALT, pygame.K_RALT)

#: Keys that repeat while held, as in any Windows control: cursor and caret
#: moves, deleting, paging. Every other key acts once per press (a held F11,
#: A or P would otherwise flap, a held F cycle the marks).
REPEATING = frozenset({pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN,
                       pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_PAGEUP, pygame.K_PAGEDOWN})
#: The modifiers a key is held with (not the lock keys' states).
HELD_MODS = (pygame.KMOD_SHIFT | pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_GUI
             | pygame.KMOD_MODE)
#: The typematic delay and interval of Windows' default keyboard settings.
REPEAT_DELAY_MS, REPEAT_INTERVAL_MS = 500, 33


#: The keypad's second meaning, NumLock off, as every Windows program gives
#: it. SDL 2 names a keypad key by its digit whatever the lock, and with the
#: lock off it types nothing: the keypad's arrows moved neither the board's
#: cursor nor a list's selection. (5 has no second meaning here.)
KEYPAD_NAVIGATION = {pygame.K_KP_8: pygame.K_UP, pygame.K_KP_2: pygame.K_DOWN,
                     pygame.K_KP_4: pygame.K_LEFT, pygame.K_KP_6: pygame.K_RIGHT,
                     pygame.K_KP_7: pygame.K_HOME, pygame.K_KP_1: pygame.K_END,
                     pygame.K_KP_9: pygame.K_PAGEUP, pygame.K_KP_3: pygame.K_PAGEDOWN,
                     pygame.K_KP_0: pygame.K_INSERT, pygame.K_KP_PERIOD: pygame.K_DELETE}


#: Whether the keypad always types, as on macOS: no NumLock for SDL to tell.
KEYPAD_TYPES = sys.platform == "darwin"


class Keypad:
    """Gives a keypad key, NumLock off, the key it stands for
    (``KEYPAD_NAVIGATION``). A key is taken so only when it types nothing
    too: macOS has no NumLock for SDL to tell, and its keypad always types
    digits. The point's text tells nothing off macOS: pygame gives it "."
    from its key code when SDL sends no text (seen under X11, NumLock off),
    and the keypad's Delete deleted nothing. With NumLock on, Shift turns
    the keypad back into the arrows for as long as it is held, as in
    Windows, which lets Shift go for that key: X11 then types nothing (seen
    under Xvfb: K_KP_8 with NumLock and Shift, no text), and the key comes
    without Shift, so that in a text box it moves the caret rather than
    selecting. Its release is named as its press was, whatever the lock has
    done since, so that the keys held (``HeldKeys``) never keep down a key
    that came up under another name."""

    def __init__(self) -> None:
        self._moved: set[int] = set()      # keypad keys down under their second name

    def named(self, event: pygame.event.Event) -> pygame.event.Event:
        """``event``, or a copy with the key it stands for."""
        key = getattr(event, "key", None)
        if key not in KEYPAD_NAVIGATION:
            return event
        if event.type == pygame.KEYDOWN:
            typed = getattr(event, "unicode", "") and (key != pygame.K_KP_PERIOD or KEYPAD_TYPES)
            mod = getattr(event, "mod", 0)
            if typed or mod & pygame.KMOD_NUM and not mod & pygame.KMOD_SHIFT:
                self._moved.discard(key)
                return event
            self._moved.add(key)
        elif event.type != pygame.KEYUP or key not in self._moved:
            return event
        else:
            self._moved.discard(key)
        mod = getattr(event, "mod", 0)
        if mod & pygame.KMOD_NUM:
            mod &= ~pygame.KMOD_SHIFT
        return pygame.event.Event(event.type, {**event.dict, "key": KEYPAD_NAVIGATION[key], "mod": mod})


#: The Shift keys, whose own events say whether Shift is held.
SHIFT_KEYS = (pygame.K_LSHIFT, pygame.K_RSHIFT)

#: Whether Option (Alt to SDL) types characters, as on macOS (Option+E, then
#: E: é); elsewhere Alt with a key is a shortcut, never text.
ALT_TYPES = sys.platform == "darwin"


class HeldKeys:
    """Which keys are down, to tell a held key's repeats (pygame sends them
    as plain KEYDOWNs) from presses; whether Ctrl or Alt is, so that the
    text SDL sends with a Ctrl or Alt shortcut is not taken as typed; and
    whether Shift is, at the event being handled (``shift``)."""

    def __init__(self) -> None:
        self._down: set[int] = set()
        #: Ctrl or the left Alt held, as the last key told (not AltGr's Ctrl+Alt)
        self._shortcut = False
        #: With the right Alt alone held, the character the last key types
        #: without it (see ``wanted``); "" otherwise
        self._echo = ""
        #: What the last key would type, when it was spent as an access key
        #: (see ``spend``); empty otherwise
        self._spent: set[str] = set()
        #: The access key spent, while it is held: SDL repeats it with its text
        self._spent_key: int | None = None
        self.shift = False           # Shift held at the event being handled (``batch``)
        #: The modifiers held, as the last key's own press or release told
        #: (``as_held``): a repeat's are its first press's
        self._mods = 0

    def batch(self) -> None:
        """The events waiting are about to be read: Shift is as SDL holds it
        now, and each Shift key's event then moves it on, so that a click
        knows whether Shift was down when it came. SDL moves its own state
        on as it reads the events in, all of a frame's at once: asked while
        a click was handled, it told how Shift was after the frame's last
        event, and a quick Shift+click (Shift up within the same frame, or
        any frame that came late) opened the cell instead of chording it.
        Only the Shift keys' own events tell: pygame repeats a held key with
        the modifiers of its first press, Shift let go since or not."""
        self.shift = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)

    def as_held(self, event: pygame.event.Event) -> pygame.event.Event:
        """``event`` with the modifiers held now, when it is a held key's
        repeat (not yet seen by :meth:`wanted`). pygame repeats a key with
        the modifiers of its first press: Shift+Left held, Shift let go and
        Left still down, each repeat said Shift and the selection grew on,
        letter after letter (under Xvfb, 16 repeats in half a second after
        Shift came up), where a Windows text box, reading the keys at each
        repeat, moves the caret alone; Ctrl+Left went on from word to word.
        A modifier pressed meanwhile ends the repeat (pygame repeats the
        last key pressed), so a repeat can only have lost modifiers, which
        the press or release of a key since has told."""
        if event.type != pygame.KEYDOWN or event.key not in self._down:
            return event
        mod = getattr(event, "mod", 0)
        held = mod & (self._mods | ~HELD_MODS)
        return event if held == mod else pygame.event.Event(event.type, {**event.dict, "mod": held})

    def wanted(self, event: pygame.event.Event) -> bool:
        """False for the repeat of a held key that does not repeat, and for
        text typed while Ctrl or Alt is held: on X11 SDL sends Ctrl+- and
        Ctrl+= with a "-" or "=" typed (and again at each repeat of the held
        key), and zooming with the name entry open also wrote that sign over
        the name offered, as no Windows text box does; Alt+G (the Game menu,
        which a dialog keeps shut) wrote a "g" there, Alt+1 a 1 in a Custom
        Field box. Ctrl with Alt is AltGr on Windows, whose text is typed."""
        if event.type == pygame.TEXTINPUT:
            spent = self._spent
            if self._spent_key is None:
                self._spent = set()
            return not self._shortcut and event.text.casefold() not in {self._echo, *spent}
        # A modifier pressed meanwhile is no other key: X goes on repeating
        # the held one's text (in capitals with Shift), and P then Shift
        # wrote P after P.
        if event.type == pygame.KEYDOWN and event.key != self._spent_key \
                and event.key not in MODIFIER_KEYS:
            self._spent, self._spent_key = set(), None
        elif event.type == pygame.KEYUP and event.key == self._spent_key:
            self._spent_key = None            # its text, if it comes late, is still not typed
        if event.type in (pygame.KEYDOWN, pygame.KEYUP):
            mods = getattr(event, "mod", 0)
            ctrl, alt = bool(mods & CTRL), bool(mods & ALT)
            # the left Alt alone: the right one is AltGr on X11 keymaps that
            # send it as Alt (AltGr+Q, "@" on a German keyboard, typed nothing)
            left_alt = bool(mods & pygame.KMOD_LALT) and not mods & pygame.KMOD_RALT
            self._shortcut = ctrl and not alt or left_alt and not ctrl and not ALT_TYPES
            # ...whose shortcut still types nothing: as AltGr it types another
            # character than the key's own (Q, @); as the plain Alt of a US
            # keymap it echoes the key's own letter, and Alt+G wrote a "g"
            self._echo = own_character(event.key) if (
                alt and not left_alt and not ctrl and not ALT_TYPES) else ""
            if event.key in SHIFT_KEYS:
                self.shift = bool(mods & pygame.KMOD_SHIFT)
        if event.type == pygame.KEYUP:
            self._down.discard(event.key)
            self._mods = getattr(event, "mod", 0)
        elif event.type == pygame.KEYDOWN:
            if event.key in self._down:
                return event.key in REPEATING
            self._down.add(event.key)
            self._mods = getattr(event, "mod", 0)
        return True

    @property
    def held(self) -> bool:
        """Whether a key is down (forgotten as the focus leaves)."""
        return bool(self._down)

    def still_held(self, event: pygame.event.Event) -> bool:
        """Whether ``event`` (not yet seen by :meth:`wanted`) only says that
        a key is still down: pygame's repeat of its KEYDOWN, or the text the
        system types again at each of its own repeats (any TEXTINPUT while
        a key is down: a press's own text follows its KEYDOWN, which told
        of the press). They tell of no hand: a book resting on a kiosk's
        keyboard sends them for ever (``Loop.hand_on``)."""
        if event.type == pygame.KEYDOWN:
            return event.key in self._down
        return event.type == pygame.TEXTINPUT and bool(self._down)

    def spend(self, event: pygame.event.Event) -> None:
        """The KEYDOWN ``event`` did its work as an access key (a dialog's
        underlined letter): the text SDL sends with it is not typed. It
        comes after the key, when the button pressed has opened another
        dialog: "Pick letters" chosen by its P wrote a P in the picker. So
        is the text of its repeats while it is held (the key's own repeats
        are passed over, as every letter's): P held wrote P after P."""
        typed = getattr(event, "unicode", "")
        self._spent = {own_character(event.key)} | ({typed.casefold()} if typed else set())
        self._spent_key = event.key

    def clear(self) -> None:
        """The focus left: the keys' releases go elsewhere."""
        self._down.clear()
        self._shortcut = self.shift = False
        self._mods = 0
        self._echo = ""
        self._spent = set()
        self._spent_key = None


def own_character(key: int) -> str:
    """What ``key`` types with no modifier held (casefolded), "" if nothing."""
    return chr(key).casefold() if 0 < key < 0x110000 and chr(key).isprintable() else ""


#: Keyboard play on the board.
CURSOR_MOVES = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0),
                pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
OPEN_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)
FLAG_KEYS = (pygame.K_f,)
#: Winmine's cheat (README, "xyzzy"): these letters typed in a row on the
#: board, then Shift with one of ``XYZZY_SWITCH``, switch it on or off.
XYZZY = (pygame.K_x, pygame.K_y, pygame.K_z, pygame.K_z, pygame.K_y)
XYZZY_SWITCH = (pygame.K_RETURN, pygame.K_KP_ENTER)


def _mods_match(binding: Binding, mods: int) -> bool:
    held = mods & SHORTCUT_MODS
    if binding.mods:
        return bool(held & binding.mods)
    return not held


#: Zoom shortcuts known by the character their key types, with Ctrl, where
#: the key's code says nothing: on AZERTY the minus is on the 6 key, and SDL
#: keeps the number row's digits as its code (X11 sends Ctrl+- as the 6 key
#: with "-" typed), so Ctrl+- matched no key of its binding.
ZOOM_CHARACTERS = {"-": "zoom_out", "+": "zoom_in"}


def command_for(event: pygame.event.Event) -> str | None:
    """The command a KEYDOWN event asks for, if any."""
    mods = getattr(event, "mod", 0)
    for binding in BINDINGS:
        if event.key in binding.keys and _mods_match(binding, mods):
            return binding.command
    if mods & CTRL and not mods & (ALT | ALTGR):
        return ZOOM_CHARACTERS.get(getattr(event, "unicode", ""))
    return None


def alt_only(event: pygame.event.Event) -> bool:
    """Alt held without Ctrl: Alt+letter opens a menu, Ctrl+Alt (AltGr on
    many layouts) types a character and opens none."""
    mods = getattr(event, "mod", 0)
    return bool(mods & ALT) and not mods & CTRL


#: What Ctrl with a letter does in every Windows text box.
_CTRL_EDITS = {pygame.K_v: "paste", pygame.K_c: "copy", pygame.K_x: "cut",
               pygame.K_a: "select_all", pygame.K_z: "undo"}


def edit_action(event: pygame.event.Event) -> str | None:
    """The editing key of a text box, as in every Windows edit control:
    "paste" (Ctrl+V, Shift+Insert), "copy" (Ctrl+C, Ctrl+Insert), "cut"
    (Ctrl+X, Shift+Delete), "select_all" (Ctrl+A) or "undo" (Ctrl+Z); None
    for any other key, and for any with Alt held (Ctrl+Alt is AltGr on many
    layouts: it types a character)."""
    mods = getattr(event, "mod", 0)
    if mods & ALT:
        return None
    if mods & CTRL:
        return "copy" if event.key == pygame.K_INSERT else _CTRL_EDITS.get(event.key)
    if mods & pygame.KMOD_SHIFT:
        return {pygame.K_INSERT: "paste", pygame.K_DELETE: "cut"}.get(event.key)
    return None


def is_close(event: pygame.event.Event) -> bool:
    """Alt+F4, Windows' key to close the window in front: a dialog, or
    else the game (not Ctrl+Alt+F4: AltGr, or switching consoles)."""
    return event.key == pygame.K_F4 and alt_only(event)


def is_operator_exit(event: pygame.event.Event) -> bool:
    """Ctrl+Alt+Shift+Q, which quits even in kiosk mode."""
    mods = getattr(event, "mod", 0)
    return event.key == OPERATOR_EXIT_KEY and all(mods & m for m in OPERATOR_EXIT_MODS)


def label_of(command: str) -> str:
    """The shortcut shown beside a command in menus ('' if it has none)."""
    for binding in BINDINGS:
        if binding.command == command:
            return binding.label
    return ""
