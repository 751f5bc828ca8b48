"""The maker's keys, a table for each of its modes (`core/keys.py`): while it is made, the arrows
walk the cursor, a piece's letter puts that piece on the square under it, Delete or Backspace
takes it off, U or Ctrl+Z undoes, Escape lets go of the piece in the hand (else goes back);
while it is named, Enter saves, Escape stops naming and Backspace takes a letter back (the
letters come as text)."""

from __future__ import annotations

import pygame

from ..core import keys
from .maker_pieces import TRAY_ORDER

# A piece's letter, as typed on any keyboard (not with Ctrl or Alt held: a chord is not a piece).
LETTERS = tuple(
    keys.Binding((letter, letter.lower()), "put_at_cursor", args=(letter,), held_not=pygame.KMOD_CTRL | pygame.KMOD_ALT)
    for letter in TRAY_ORDER
)
MAKING = (
    *keys.STEPS,
    *LETTERS,
    keys.Binding((pygame.K_DELETE, pygame.K_BACKSPACE), "remove_at_cursor"),
    keys.Binding((pygame.K_u,), "undo"),
    keys.Binding((pygame.K_z,), "undo", held=pygame.KMOD_CTRL),
    keys.BACK.doing("escape"),
)
NAMING = (keys.ENTER.doing("save"), keys.BACK.doing("stop_naming"), keys.DELETE.doing("delete_name_letter"))
