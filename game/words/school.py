"""What the piece school says: the sentence that opens each stage, by its key in `school.json`,
and the names of the school's houses. Each sentence is short, to be heard before it is read."""

from __future__ import annotations

from ..i18n import N_, _

# The stage's sentence, by the key `school.json` gives it ("say").
SENTENCES: dict[str, str] = {
    "rook-straight": N_("The rook goes in a straight line, up and down."),
    "rook-across": N_("The rook goes left and right too."),
    "rook-stops": N_("The rook stops at the first piece in its way."),
    "rook-two": N_("Capture two pieces with the rook."),
    "bishop-slant": N_("The bishop goes on the slant."),
    "bishop-down": N_("The bishop can go down the slant too."),
    "bishop-stops": N_("The bishop stops at the first piece in its way."),
    "bishop-two": N_("Capture two pieces with the bishop."),
    "queen-straight": N_("The queen goes straight, like a rook."),
    "queen-slant": N_("The queen goes on the slant, like a bishop."),
    "queen-both": N_("The queen goes straight, then on the slant."),
    "queen-two": N_("Capture two pieces with the queen."),
    "knight-jump": N_("The knight jumps: two squares, then one to the side."),
    "knight-any": N_("The knight can jump that way in every direction."),
    "knight-over": N_("The knight jumps over the pieces in its way."),
    "knight-find": N_("Find the knight's jump."),
    "king-step": N_("The King steps one square. Nobody may capture the King."),
    "king-any": N_("The King steps one square, straight or on the slant."),
    "king-last": N_("Capture with the King until it is the last piece."),
    "pawn-up": N_("The pawn captures one square up, on the slant."),
    "pawn-not-straight": N_("The pawn never captures straight ahead."),
    "pawn-two": N_("Capture two pieces with the pawn."),
    "together-who": N_("Two kinds of pieces. Which one can capture?"),
    "together-one": N_("Every move captures. Leave just one piece."),
    "together-king": N_("The pawn first, then the King."),
    "together-three": N_("Three kinds of pieces. Leave just one!"),
}

# The houses' names, as the map and the teacher's screens show them.
HOUSES: dict[str, str] = {
    "rook": N_("Rook"),
    "bishop": N_("Bishop"),
    "queen": N_("Queen"),
    "knight": N_("Knight"),
    "king": N_("King"),
    "pawn": N_("Pawn"),
    "together": N_("Together"),
}

SCHOOL = N_("Piece school")


def sentence(key: str) -> str:
    """The stage's sentence in the language in use; the key itself for an unknown key."""
    text = SENTENCES.get(key)
    return _(text) if text is not None else key


def house_name(house: str) -> str:
    text = HOUSES.get(house)
    return _(text) if text is not None else house


def stage_name(house: str, number: int) -> str:
    """How the teacher's screens and the board's panel name a stage: "Piece school: Rook 2"."""
    return _("{school}: {house} {number}").format(school=_(SCHOOL), house=house_name(house), number=number)
