"""The help's legend of how to play, in the words of each way of playing: what each key does
(the keys themselves, and which words go with which, are the screens' key tables,
`game/ui/core/keys.py`: a key added to a table is in the legend), for the mouse, a finger or the
keys (a grown-up at the keyboard reads them too); what her switch does for a child who plays
with one switch or two."""

from __future__ import annotations

from ..i18n import N_
from .ways import Ways

ARROWS = "arrows"  # drawn as four little triangles: the default font has no arrow glyphs
Legend = tuple[tuple[tuple[str, ...], str], ...]  # (keycaps, what they do), in order
UNDO_WORDS = N_("Undo")
RESTART_WORDS = N_("Restart")
SHOW_ME_WORDS = N_("Show me")  # the board's button's own name (`show_me_label`)
HINT_WORDS = N_("Hint")
HELP_WORDS = N_("Help")
MUTE_WORDS = N_("Mute")
FULL_SCREEN_WORDS = N_("Full screen")
PLAY_WORDS = N_("Play")
BUTTONS_WORDS = N_("Buttons")
BACK_WORDS = N_("Back")
# The order the legend reads in (words of a key not listed here come after them).
ORDER = (
    UNDO_WORDS,
    RESTART_WORDS,
    SHOW_ME_WORDS,
    HINT_WORDS,
    HELP_WORDS,
    MUTE_WORDS,
    FULL_SCREEN_WORDS,
    PLAY_WORDS,
    BUTTONS_WORDS,
    BACK_WORDS,
)
# With a switch, what it does (no keys); with the mouse, a finger or the keys, the keys' table.
SWITCH_LEGEND: Ways[Legend] = Ways.pressing(
    (),
    switch=(((), N_("Press your switch when what you want lights up.")), ((), N_("Hold it down to go back."))),
    two_switches=(((), N_("One switch moves the light.")), ((), N_("The other switch chooses what is lit."))),
)
