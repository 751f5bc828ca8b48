"""What the board says to a child: short sentences about the pieces, with no chess notation.

Squares and moves written like "c3" or "Qc4xc3" appear only when the teacher switches on
"Chess notation" (for chess clubs). A message can carry pieces, drawn beside its words, so
a child who cannot read every word still sees which piece took which.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.i18n import _, ngettext
from game.rules.pieces import PIECES
from game.rules.position import Move, Position
from game.rules.squares import square_name
from game.rules.variants import Rules
from game.ui import theme


@dataclass(frozen=True)
class Message:
    text: str
    color: theme.Color = theme.INK
    pieces: tuple[str, ...] = ()  # letters drawn beside the words, in the order they are named


def piece_name(letter: str) -> str:
    return _(PIECES[letter].name)


def _coded(sentence: str, code: str, notation: bool) -> str:
    return _("{code}: {sentence}").format(code=code, sentence=sentence) if notation else sentence


def took(move: Move, pieces_left: int, notation: bool) -> Message:
    sentence = ngettext(
        "The {mover} took the {captured}! {count} piece left.",
        "The {mover} took the {captured}! {count} pieces left.",
        pieces_left,
    ).format(mover=piece_name(move.piece), captured=piece_name(move.captured), count=pieces_left)
    return Message(_coded(sentence, str(move), notation), pieces=(move.piece, move.captured))


def took_back(move: Move, notation: bool) -> Message:
    sentence = _("Took back the {mover}'s move.").format(mover=piece_name(move.piece))
    return Message(_coded(sentence, str(move), notation), pieces=(move.piece,))


def picked(letter: str, has_captures: bool, locked: bool = False) -> Message:
    """What the board says when a piece is chosen; `locked`: it has made its last capture."""
    if locked:
        return Message(_(PIECES[letter].spent), pieces=(letter,))
    if has_captures:
        return Message(
            _("Now click the piece the {piece} should capture.").format(piece=piece_name(letter)), pieces=(letter,)
        )
    text = _("The {piece} has nothing to capture right now. Try another piece.").format(piece=piece_name(letter))
    return Message(text, pieces=(letter,))


def can_capture(letter: str, count: int, locked: bool = False) -> Message:
    """What a held piece could do, said while its targets are marked."""
    if not count:
        return picked(letter, False, locked)
    text = ngettext("The {piece} can capture {count} piece.", "The {piece} can capture {count} pieces.", count)
    return Message(text.format(piece=piece_name(letter), count=count), pieces=(letter,))


def blocker(position: Position, origin: int, target: int, rules: Rules) -> int | None:
    """The first piece standing between `origin` and `target` on the mover's line, if any."""
    letter = position.piece_at(origin)
    if letter is None:
        return None
    for ray in PIECES[letter].rays(origin, rules):
        if target in ray:
            return next((square for square in ray[: ray.index(target)] if position.piece_at(square)), None)
    return None


def why_not(position: Position, origin: int, target: int, rules: Rules, notation: bool) -> Message | None:
    """None when the piece on `origin` may capture on `target`, else the reason in a child's words."""
    error = position.capture_error(origin, target, rules)
    if error is None:
        return None
    mover, captured = position.piece_at(origin), position.piece_at(target)
    in_the_way = blocker(position, origin, target, rules)
    king_safe = captured == "K" and rules.king_protected
    if mover is None or captured is None or in_the_way is None or king_safe:
        return Message(error, theme.WRONG, (mover,) if mover else ())
    stander = position.cells[in_the_way]
    if notation:
        text = _("The {blocker} on {square} is in the {mover}'s way.").format(
            blocker=piece_name(stander), square=square_name(in_the_way, rules.size), mover=piece_name(mover)
        )
    else:
        text = _("The {blocker} is in the {mover}'s way.").format(blocker=piece_name(stander), mover=piece_name(mover))
    return Message(text, theme.WRONG, (mover, stander))


def pieces_left(count: int) -> str:
    return ngettext("{count} piece left", "{count} pieces left", count).format(count=count)
