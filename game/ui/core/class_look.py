"""A class's colour on the screens (issue 43): its card's, and the class's row on "Who is playing?"."""

from __future__ import annotations

from ...store.school import SchoolClass
from ...words.classes import class_name
from . import theme
from .player_look import player_color

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
