"""A refused capture in words: the one place a reason from `game.rules.reasons` becomes the
sentence that the board shows, the text version prints, the speech reads and `levels check`
names for a stored line that does not replay, in the language in use. The msgids are the
game's long-standing ones, so the catalogues translate them."""

from __future__ import annotations

from ..i18n import _, ngettext, pgettext
from ..rules.pieces import PAWN_MOVEMENT, PIECES
from ..rules.position import IllegalMove
from ..rules.reasons import (
    Blocked,
    CaptureLimitReached,
    CapturesItself,
    EmptyTarget,
    KingNeverCaptured,
    NoPiece,
    OutOfReach,
    Reason,
)
from ..rules.squares import square_name


def piece_name(letter: str) -> str:
    return _(PIECES[letter].name)


def the_mover(letter: str) -> str:
    """The piece that moves, with its article, as a sentence begins with it ("The queen"):
    each language gives the article its gender and case ("La dama", "Le fou", "Ферзь")."""
    return {
        "K": pgettext("the piece that moves, at the start of a sentence", "The King"),
        "Q": pgettext("the piece that moves, at the start of a sentence", "The queen"),
        "R": pgettext("the piece that moves, at the start of a sentence", "The rook"),
        "B": pgettext("the piece that moves, at the start of a sentence", "The bishop"),
        "N": pgettext("the piece that moves, at the start of a sentence", "The knight"),
        "P": pgettext("the piece that moves, at the start of a sentence", "The pawn"),
    }[letter]


def in_the_way_of(letter: str) -> str:
    """The piece whose way is blocked, as "the rook's" in "The knight is in the rook's way": each
    language gives it the case its sentence needs ("dem Turm", "de la torre", "турі")."""
    return {
        "K": pgettext("whose way is blocked: the knight is in the rook's way", "the King's"),
        "Q": pgettext("whose way is blocked: the knight is in the rook's way", "the queen's"),
        "R": pgettext("whose way is blocked: the knight is in the rook's way", "the rook's"),
        "B": pgettext("whose way is blocked: the knight is in the rook's way", "the bishop's"),
        "N": pgettext("whose way is blocked: the knight is in the rook's way", "the knight's"),
        "P": pgettext("whose way is blocked: the knight is in the rook's way", "the pawn's"),
    }[letter]


def how_it_moves(letter: str, pawn: str = "up") -> str:
    """How a piece moves, in one sentence (a pawn's depends on the rules)."""
    movement = PAWN_MOVEMENT[pawn] if letter == "P" else PIECES[letter].movement
    return _(movement)


def spent_sentence(letter: str, limit: int) -> str:
    """Why a piece that has made all its captures stays where it is."""
    if limit == 2:
        return _(PIECES[letter].spent)
    return ngettext(
        "This piece has already made its {count} capture. It has to stay where it is.",
        "This piece has already made its {count} captures. It has to stay where it is.",
        limit,
    ).format(count=limit)


def sentence(reason: Reason, size: int) -> str:
    """The reason in full, squares named: what the text version prints and a wrong line says."""
    if isinstance(reason, NoPiece):
        return _("There is no piece on {square}.").format(square=square_name(reason.square, size))
    if isinstance(reason, CaptureLimitReached):
        return spent_sentence(reason.piece, reason.limit)
    if isinstance(reason, CapturesItself):
        return _("A piece cannot capture itself.")
    if isinstance(reason, EmptyTarget):
        return _("Every move must capture a piece.")
    if isinstance(reason, KingNeverCaptured):
        return _("The King can never be captured.")
    if isinstance(reason, OutOfReach):
        return how_it_moves(reason.piece, reason.pawn)
    # As a person says it, each piece with its article in its case: "Der Springer auf b3 steht
    # dem Turm im Weg", not "Die Figur Springer steht der Figur Turm im Weg".
    return _("{blocker} on {square} is in {whose} way.").format(
        blocker=the_mover(reason.blocker), square=square_name(reason.square, size), whose=in_the_way_of(reason.piece)
    )


def pieces_named(reason: Reason) -> tuple[str, ...]:
    """The pieces drawn beside the board's sentence: the mover, and what blocks it."""
    if isinstance(reason, NoPiece):
        return ()
    if isinstance(reason, Blocked):
        return (reason.piece, reason.blocker)
    return (reason.piece,)


def illegal_move_sentence(error: IllegalMove, size: int) -> str:
    """Why a move was refused; for a replayed line, which move of it ("move 3 (a3 to a4) ...")."""
    reason = sentence(error.reason, size)
    if error.number is None or error.origin is None or error.target is None:
        return reason
    return _("move {number} ({origin} to {target}) is not legal: {reason}").format(
        number=error.number,
        origin=square_name(error.origin, size),
        target=square_name(error.target, size),
        reason=reason,
    )
