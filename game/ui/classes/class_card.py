"""A class's card: the class's own colour, its picture from the game's avatars and its name, drawn
as a child's name card is (`game.ui.players.player_cards.PlayerButton`), so a child who cannot
read finds her class as she finds herself."""

from __future__ import annotations

from collections.abc import Callable

from ...store.school import SchoolClass
from ...words.classes import card_label
from ..core.class_look import class_colour
from ..core.name_cards import PlayerButton


class ClassCard(PlayerButton):
    """One class to choose: its card, which remembers the class it stands for."""

    def __init__(self, item: SchoolClass, action: Callable[[], None]) -> None:
        super().__init__(card_label(item.name, item.year), item.picture, action)
        self.item = item
        self.color = class_colour(item)
