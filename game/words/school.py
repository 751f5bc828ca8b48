"""What the piece school says: the sentence that opens each stage, by its key in `school.json`,
and the names of the school's houses. Each sentence is short, to be heard before it is read."""

from __future__ import annotations

from ..i18n import N_, _, ngettext

# The stage's sentence, by the key `school.json` gives it ("say").
SENTENCES: dict[str, str] = {
    "rook-straight": N_("The rook goes in a straight line, up and down."),
    "rook-across": N_("The rook goes left and right too."),
    "rook-stops": N_("The rook stops at the first piece in its way."),
    "rook-two": N_("Capture two pieces with the rook."),
    "rook-first": N_("The rook can capture two pieces. Which one first?"),
    "bishop-slant": N_("The bishop goes diagonally."),
    "bishop-down": N_("The bishop can go diagonally down too."),
    "bishop-stops": N_("The bishop stops at the first piece in its way."),
    "bishop-two": N_("Capture two pieces with the bishop."),
    "bishop-first": N_("The bishop can capture two pieces. Which one first?"),
    "queen-straight": N_("The queen goes straight, like a rook."),
    "queen-slant": N_("The queen goes diagonally, like a bishop."),
    "queen-both": N_("The queen goes straight, then diagonally."),
    "queen-two": N_("Capture two pieces with the queen."),
    "queen-first": N_("The queen can capture two pieces. Which one first?"),
    "knight-jump": N_("The knight jumps: two squares, then one to the side."),
    "knight-any": N_("The knight can jump that way in every direction."),
    "knight-over": N_("The knight jumps over the pieces in its way."),
    "knight-find": N_("Find the knight's jump."),
    "knight-first": N_("The knight can capture two pieces. Only one way wins!"),
    "king-step": N_("The King steps one square. Nobody may capture the King."),
    "king-any": N_("The King steps one square, straight or diagonally."),
    "king-last": N_("Capture with the King until it is the last piece."),
    "king-first": N_("Nobody may capture the King. Which piece does the King capture first?"),
    "pawn-up": N_("The pawn captures one square up, diagonally."),
    "pawn-not-straight": N_("The pawn never captures straight ahead."),
    "pawn-two": N_("Capture two pieces with the pawn."),
    "pawn-first": N_("The pawn can capture two pieces. Which one wins?"),
    "together-who": N_("Three kinds of pieces. Which one can capture?"),
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

# Said when a house's last stage is solved: the house's idea once more, now the child knows it.
HOUSE_FINISHED: dict[str, str] = {
    "rook": N_("You know the rook now! It goes in straight lines."),
    "bishop": N_("You know the bishop now! It goes diagonally."),
    "queen": N_("You know the queen now! It goes straight and diagonally."),
    "knight": N_("You know the knight now! It jumps."),
    "king": N_("You know the King now! It steps one square, and nobody captures it."),
    "pawn": N_("You know the pawn now! It captures one square up, diagonally."),
    "together": N_("The pieces play together now!"),
}
SCHOOL_FINISHED = N_("You finished the piece school! Now on to the puzzles.")


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


def finished_sentence(house: str | None, school: bool, houses_left: int) -> str:
    """The finishing moment's words: the house just finished, then the whole school, or how many
    houses still wait when the last house is done before the others (Together before Bishop).
    Empty when the solve finished nothing."""
    said = [_(HOUSE_FINISHED[house])] if house in HOUSE_FINISHED else []
    if school:
        said.append(_(SCHOOL_FINISHED))
    elif house is not None and houses_left:
        text = ngettext(
            "{count} more house is waiting for you.", "{count} more houses are waiting for you.", houses_left
        )
        said.append(text.format(count=houses_left))
    return " ".join(said)
