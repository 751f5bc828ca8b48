"""A class's card: the class's own colour, its picture from the game's avatars and its name, drawn
as a child's name card is (`game.ui.players.player_cards.PlayerButton`), so a child who cannot
read finds her class as she finds herself."""

from __future__ import annotations

from collections.abc import Callable

from ...store.school import SchoolClass
from ...words.classes import card_label, class_name
from ..core import theme
from ..core.name_cards import PlayerButton
from ..core.player_look import player_color

# The store's colour names (`game.store.classes.COLOURS`), dark enough that a white name on them
# stays readable on a washed-out projector, as the children's colours are.
CLASS_COLOURS: dict[str, theme.Color] = {
    "red": (190, 52, 44),
    "orange": (190, 84, 16),
    "yellow": (150, 108, 0),
    "green": (33, 130, 72),
    "teal": (0, 120, 132),
    "blue": (52, 96, 190),
    "purple": (120, 72, 180),
    "pink": (176, 52, 110),
    "brown": (128, 78, 40),
    "grey": (92, 98, 112),
}


def class_colour(item: SchoolClass) -> theme.Color:
    """The class's colour; one of the children's, by its name, for a class that chose none."""
    return CLASS_COLOURS.get(item.colour) or player_color(class_name(item.name))


class ClassCard(PlayerButton):
    """One class to choose: its card, which remembers the class it stands for."""

    def __init__(self, item: SchoolClass, action: Callable[[], None]) -> None:
        super().__init__(card_label(item.name, item.year), item.picture, action)
        self.item = item
        self.color = class_colour(item)
