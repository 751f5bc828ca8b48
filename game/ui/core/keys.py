"""Keys declared once per scene (after Textual's `BINDINGS`): which key does what, and the words
for it. A scene says what it takes in one table, `KEYS`, of `Binding`s in order (the first that
fits the key wins); the scene's key handling looks the table up and calls the action, a method
of the scene named by the binding. So a test, the help's "what can I press" and the switch scan
read the keys a screen answers from one place, and no scene compares a key by hand (a house
test, `tests/house/test_keys.py`, finds any key named outside a table).

The keys many screens share are declared here once and put in a scene's table by name: Escape
goes back (`BACK`), the page keys turn pages (`PAGING`), Tab, the arrows and Enter walk and press
the buttons (`FOCUS`), and the switch keys of one-switch play (`SWITCH`...), which the scan asks
for. Typing (a name, a share code) is not a table's: a scene that takes text says so
(`Scene.takes_text`), and only its named keys (Backspace, Enter) are bindings.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

import pygame

from ...words.help import (
    ARROWS,
    BACK_WORDS,
    BUTTONS_WORDS,
    FULL_SCREEN_WORDS,
    HELP_WORDS,
    HINT_WORDS,
    MUTE_WORDS,
    PLAY_WORDS,
    RESTART_WORDS,
    SHOW_ME_WORDS,
    UNDO_WORDS,
    Legend,
)

Key = int | str  # a key's code, or the character it types ("?", on whatever keyboard it is)
CHORD = pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META


@dataclass(frozen=True)
class Binding:
    """`keys` do `action` (the name of its owner's method, called with `args`); `words` (a
    msgid) say what for the help's legend, drawn as `caps`; none for a key the help leaves out.
    `held`: a modifier that must be held (Ctrl for Ctrl+Z), `held_not` one that must not;
    `plain`: not with Ctrl, Alt or Meta held; `letter`: a hotkey that is a letter, so not while
    the screen takes text; `up`: on the key's release; no `keys`: any key but a modifier (the
    help: any other key closes it); `on`: the scene's part whose method it is (the board's
    `input`, which runs its bindings itself); `wheel`: the mouse wheel rolled up (1) or down (-1)
    instead of a key; `when`: the owner's flag (a property) that must be true for it to take the
    key (`only_when`). An action that answers False did not take the key: the next may."""

    keys: tuple[Key, ...]
    action: str
    words: str = ""
    caps: tuple[str, ...] = ()
    args: tuple[object, ...] = ()
    held: int = 0
    plain: bool = False
    letter: bool = False
    up: bool = False
    on: str = ""
    held_not: int = 0
    wheel: int = 0
    when: str = ""

    def has(self, key: int) -> bool:
        """Whether `key` is one of this binding's (down or up, modifiers aside)."""
        return key in self.keys

    def fits(self, event: pygame.event.Event, typing: bool = False) -> bool:
        """Whether the event is this binding's key, pressed (or let go, `up`) as it asks."""
        if self.wheel:
            return event.type == pygame.MOUSEWHEEL and event.y * self.wheel > 0
        if event.type != (pygame.KEYUP if self.up else pygame.KEYDOWN) or (typing and self.letter):
            return False
        mod = getattr(event, "mod", 0)
        if (self.held and not mod & self.held) or mod & (CHORD if self.plain else self.held_not):
            return False
        if not self.keys:
            return not is_modifier(event)
        return event.key in self.keys or getattr(event, "unicode", "") in self.keys

    def doing(self, action: str) -> Binding:
        """The same keys and words for another action (Escape: each screen's own way back)."""
        return replace(self, action=action)

    def event(self) -> pygame.event.Event:
        """Its first key pressed, as the system would send it (the switch's "back" is Escape's)."""
        key = self.keys[0]
        assert isinstance(key, int)
        return pygame.event.Event(pygame.KEYDOWN, key=key, mod=self.held, unicode="")


Bindings = Sequence[Binding]


def find(bindings: Iterable[Binding], event: pygame.event.Event, typing: bool = False) -> list[Binding]:
    """The bindings the event fits, in the table's order."""
    return [binding for binding in bindings if binding.fits(event, typing)]


def press(owner: object, bindings: Iterable[Binding], event: pygame.event.Event, typing: bool = False) -> bool:
    """Run the first action of `owner` that takes the event; whether one did. A binding `on` a
    part of the owner is left to that part; one `when` a flag of the owner's that is down passes."""
    for binding in find(bindings, event, typing):
        if binding.on or (binding.when and not getattr(owner, binding.when)):
            continue
        action: Callable[..., object] = getattr(owner, binding.action)
        if action(*binding.args) is not False:
            return True
    return False


def only_when(flag: str, bindings: Iterable[Binding]) -> tuple[Binding, ...]:
    """`bindings` that take their keys only while the owner's `flag` is true (the page keys while
    no name is typed); while it is not, the next binding may."""
    return tuple(replace(binding, when=flag) for binding in bindings)


def legend(bindings: Iterable[Binding], order: Sequence[str] = ()) -> Legend:
    """The help's "what can I press": each binding that has words, its keycaps and its words,
    in `order` of the words (the table's order after them); a binding whose words came before
    adds its caps to theirs."""
    rows: dict[str, list[str]] = {}
    for binding in bindings:
        if binding.words:
            caps = rows.setdefault(binding.words, [])
            caps += [cap for cap in binding.caps if cap not in caps]
    placed = sorted(rows, key=lambda words: order.index(words) if words in order else len(order))
    return tuple((tuple(rows[words]), words) for words in placed)


def is_modifier(event: pygame.event.Event) -> bool:
    """A key that only starts a chord (Shift, Ctrl, Alt+Tab's Alt): it does nothing alone."""
    return event.type in (pygame.KEYDOWN, pygame.KEYUP) and event.key in MODIFIERS


MODIFIERS = frozenset(
    (
        *(pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LALT, pygame.K_RALT),
        *(pygame.K_LGUI, pygame.K_RGUI, pygame.K_LMETA, pygame.K_RMETA, pygame.K_CAPSLOCK, pygame.K_NUMLOCK),
        pygame.K_MODE,
    )
)
ARROW_KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN)
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
PRESS_KEYS = (*ENTER_KEYS, pygame.K_SPACE)  # what presses a focused button, or the board's square

BACK = Binding((pygame.K_ESCAPE,), "back", BACK_WORDS, ("Esc",))
PAGING = (  # the page keys, and the wheel: rolled up, the page before
    Binding((pygame.K_PAGEUP,), "turn_page", args=(-1,)),
    Binding((pygame.K_PAGEDOWN,), "turn_page", args=(1,)),
    Binding((), "turn_page", args=(-1,), wheel=1),
    Binding((), "turn_page", args=(1,), wheel=-1),
)
WALK = (  # Tab and the arrows walk the buttons
    Binding((pygame.K_TAB,), "move_focus", args=(-1,), held=pygame.KMOD_SHIFT),
    Binding((pygame.K_TAB,), "move_focus", BUTTONS_WORDS, ("Tab",), args=(1,)),
    Binding((pygame.K_RIGHT, pygame.K_DOWN), "move_focus", args=(1,)),
    Binding((pygame.K_LEFT, pygame.K_UP), "move_focus", args=(-1,)),
)
# The left and right arrows turn pages where they walk nothing else (the help).
PAGE_ARROWS = (
    Binding((pygame.K_LEFT,), "turn_page", args=(-1,)),
    Binding((pygame.K_RIGHT,), "turn_page", args=(1,)),
)
FOCUS = (*WALK, Binding(PRESS_KEYS, "press_focused"))  # and Enter or Space presses the one focused
# A page of tiles (the level select, the paper): the arrows walk over them, Enter opens one.
STEPS = (
    Binding((pygame.K_LEFT,), "walk_tiles", args=(-1, 0)),
    Binding((pygame.K_RIGHT,), "walk_tiles", args=(1, 0)),
    Binding((pygame.K_UP,), "walk_tiles", args=(0, -1)),
    Binding((pygame.K_DOWN,), "walk_tiles", args=(0, 1)),
)
TILES = (*STEPS, Binding(PRESS_KEYS, "open_tile"))
# Typing (a name, a PIN, a number): the named keys; the letters come as text.
DELETE = Binding((pygame.K_BACKSPACE,), "delete_letter")
ENTER = Binding(ENTER_KEYS, "submit_typed")
DIGITS = tuple(
    Binding((getattr(pygame, f"K_{digit}"), getattr(pygame, f"K_KP{digit}")), "type_digit", args=(str(digit),))
    for digit in range(10)
)
# The window's own, on every screen (the app's): a letter only while no text is typed.
WINDOW = (
    Binding((pygame.K_F11,), "toggle_fullscreen", FULL_SCREEN_WORDS, ("F11",)),
    Binding((pygame.K_m,), "toggle_sound", MUTE_WORDS, ("M",), letter=True),
    Binding((pygame.K_h,), "show_help", HELP_WORDS, ("H",), letter=True),
)
# One-switch play: one switch is any of these; with two, Space moves the light and Enter chooses.
SWITCH = Binding((pygame.K_SPACE, *ENTER_KEYS), "switch")
SWITCH_MOVES = Binding((pygame.K_SPACE,), "advance")
SWITCH_CHOOSES = Binding(ENTER_KEYS, "choose")
SWITCH_BACK = Binding((pygame.K_BACKSPACE,), "back")  # the second input
# The keys a child plays with (a screen opened after them asks for them in its first words).
PLAYING_KEYS = (*ARROW_KEYS, *PRESS_KEYS)

# The board's, run by its input (`board/board_input.py`): here in the core, as the help lists them.
BOARD = (
    Binding((pygame.K_u,), "undo", UNDO_WORDS, ("U",), on="input"),
    Binding((pygame.K_z,), "undo", UNDO_WORDS, ("Ctrl+Z",), held=pygame.KMOD_CTRL, on="input"),
    Binding((pygame.K_BACKSPACE,), "undo", UNDO_WORDS, ("Backspace",), on="input"),
    Binding((pygame.K_r,), "restart", RESTART_WORDS, ("R",), on="input"),
    Binding((pygame.K_a,), "auto", SHOW_ME_WORDS, ("A",), on="input"),
    Binding((pygame.K_SLASH,), "hint", HINT_WORDS, ("?",), held=pygame.KMOD_SHIFT, on="input"),
    Binding(("?",), "hint", HINT_WORDS, ("?",), on="input"),
    Binding((pygame.K_ESCAPE,), "escape", BACK_WORDS, ("Esc",), on="input"),
    Binding((pygame.K_LEFT,), "move_cursor", PLAY_WORDS, (ARROWS,), args=(-1, 0), on="input"),
    Binding((pygame.K_RIGHT,), "move_cursor", args=(1, 0), on="input"),
    Binding((pygame.K_UP,), "move_cursor", args=(0, -1), on="input"),
    Binding((pygame.K_DOWN,), "move_cursor", args=(0, 1), on="input"),
    Binding(PRESS_KEYS, "press_cursor", PLAY_WORDS, ("Enter",), on="input"),
    Binding(PRESS_KEYS, "release_cursor", up=True, on="input"),
)
# Once the time is up the pieces stay still: these keys still reach the buttons (Menu).
BOARD_AFTER_TIME = (pygame.K_ESCAPE, pygame.K_TAB, *PRESS_KEYS)
# What the help lists: the board's, the window's and the buttons'.
HELP_LEGEND = (*BOARD, *WINDOW, *FOCUS)
