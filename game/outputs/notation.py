"""Moves written for paper in the reader's language: the piece letters of each country's chess
books ("Sc3xd1" in German, "Кc3xd1" in Ukrainian), for answer keys and chess clubs' move boxes."""

from __future__ import annotations

from collections.abc import Iterable

from ..i18n import language
from ..rules.position import Move

ENGLISH = {"K": "K", "Q": "Q", "R": "R", "B": "B", "N": "N", "P": "P"}
# The letters each language's chess notation gives the King, Queen, Rook, Bishop, Knight and Pawn.
LETTERS = {
    "en": ENGLISH,
    "es": {"K": "R", "Q": "D", "R": "T", "B": "A", "N": "C", "P": "P"},
    "fr": {"K": "R", "Q": "D", "R": "T", "B": "F", "N": "C", "P": "P"},
    "de": {"K": "K", "Q": "D", "R": "T", "B": "L", "N": "S", "P": "B"},
    "pt": {"K": "R", "Q": "D", "R": "T", "B": "B", "N": "C", "P": "P"},
    "uk": {"K": "Кр", "Q": "Ф", "R": "Т", "B": "С", "N": "К", "P": "п"},
}


def piece_letter(letter: str, lang: str | None = None) -> str:
    """The letter a chess book in `lang` (by default the language in use) writes for the piece."""
    return LETTERS.get(lang or language(), ENGLISH).get(letter.upper(), letter)


def written(move: Move, lang: str | None = None) -> str:
    """`Qc4xc3` with the piece's letter in the reader's language."""
    origin, target = move.squares
    return f"{piece_letter(move.piece, lang)}{origin}x{target}"


# Between a move's number and the move: a line is never broken there ("4." at a line's end, its
# move on the next), by fpdf2's wrapping nor a browser's.
NUMBER_JOIN = "\u00a0"


def written_line(moves: Iterable[Move], lang: str | None = None, first: int = 1) -> str:
    """`1. Dc4xc3 2. Sa2xc3`: a solution, or a part of one from move `first`, numbered."""
    return " ".join(f"{number}.{NUMBER_JOIN}{written(move, lang)}" for number, move in enumerate(moves, first))
