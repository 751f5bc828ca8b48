"""The help's legend of how to play, in the words of each way of playing (its one table): the
keys for the mouse, a finger or the keys (a grown-up at the keyboard reads them too), what her
switch does for a child who plays with one switch or two."""

from __future__ import annotations

from ..i18n import N_
from .ways import Ways

ARROWS = "arrows"  # drawn as four little triangles: the default font has no arrow glyphs
Legend = tuple[tuple[tuple[str, ...], str], ...]  # (keycaps, what they do), in order
KEYS: Legend = (
    (("U", "Ctrl+Z", "Backspace"), N_("Undo")),
    (("R",), N_("Restart")),
    (("A",), N_("Show me")),  # the board's button's own name (`show_me_label`)
    (("?",), N_("Hint")),
    (("H",), N_("Help")),
    (("M",), N_("Mute")),
    (("F11",), N_("Full screen")),
    ((ARROWS, "Enter"), N_("Play")),
    (("Tab",), N_("Buttons")),
    (("Esc",), N_("Back")),
)
LEGEND: Ways[Legend] = Ways(
    mouse=KEYS,
    touch=KEYS,
    keys=KEYS,
    switch=(((), N_("Press your switch when what you want lights up.")), ((), N_("Hold it down to go back."))),
    two_switches=(((), N_("One switch moves the light.")), ((), N_("The other switch chooses what is lit."))),
)
