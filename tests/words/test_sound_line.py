"""The board's bottom line names M only where the child has the keys: with a mouse (a keyboard
beside it) or the keys; on a tablet and with one switch or two it says only whether the sound is on."""

from __future__ import annotations

import pytest

from game.words.board import sound_line, sound_lines
from game.words.ways import Pointer


@pytest.mark.parametrize("muted", [False, True])
@pytest.mark.parametrize("way", list(Pointer))
def test_m_is_named_only_to_a_child_with_the_keys(way: Pointer, muted: bool) -> None:
    line = sound_line(muted, way)
    assert ("M" in line.split()) == (way in (Pointer.MOUSE, Pointer.KEYBOARD)), line
    assert line in sound_lines()  # the room kept for the line holds it
