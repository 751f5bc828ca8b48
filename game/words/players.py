"""What "Who is playing?" asks while a name is typed, in the words of each way of playing (its
one table): the letters are pressed, or lit and chosen with her switch (a row, then a letter)."""

from __future__ import annotations

from ..i18n import N_
from .ways import Pointer, Ways, said

LETTERS = Ways.pressing(
    N_("Press the letters of your name."),
    switch=N_("Press your switch when the row of a letter lights up, then when the letter lights up."),
    two_switches=N_("Move the light to a letter of your name, then choose it."),
)
THEN_OK = Ways.pressing(
    N_("Then press OK."),
    switch=N_("Then press your switch when OK lights up."),
    two_switches=N_("Then move the light to OK and choose it."),
)


def name_note(typed: bool, way: Pointer) -> str:
    """The line under the name box: what to do next, once letters are typed or before."""
    return said(THEN_OK if typed else LETTERS, way)
