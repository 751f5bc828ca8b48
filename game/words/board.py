"""What the board says to a child: short sentences about the pieces, with no chess notation.

Squares and moves written like "c3" or "Qc4xc3" appear only when the teacher switches on
"Chess notation" (for chess clubs). A message can carry pieces, drawn beside its words, so
a child who cannot read every word still sees which piece took which.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import ParamSpec

from ..i18n import N_, _, ngettext, pgettext
from ..rules.pieces import PIECES
from ..rules.position import Move
from ..rules.reasons import Blocked, Reason
from .reasons import in_the_way_of, piece_name, pieces_named, sentence, the_mover
from .ways import Pointer, Ways, said

__all__ = ["Cue", "Message", "Pointer", "Tone", "cue", "piece_name", "the_mover"]


class Tone(Enum):
    """What kind of message it is; the board picks its colour."""

    PLAIN = "plain"
    WRONG = "wrong"
    HINT = "hint"
    DONE = "done"


@dataclass(frozen=True)
class Message:
    text: str
    tone: Tone = Tone.PLAIN
    pieces: tuple[str, ...] = ()  # letters drawn beside the words, in the order they are named
    # The same message made again, in the language in use then (`said_again`): None where it
    # was made elsewhere. Not part of what the message is (two makings of it are equal).
    again: Callable[[], Message] | None = field(default=None, compare=False, repr=False)


P = ParamSpec("P")


def said_again(make: Callable[P, Message]) -> Callable[P, Message]:
    """A maker of messages whose messages can be made again (`Message.again`): when the class's
    language changes, the message on show is said in the new one, pieces and all."""

    @functools.wraps(make)
    def making(*args: P.args, **kwargs: P.kwargs) -> Message:
        return replace(make(*args, **kwargs), again=lambda: making(*args, **kwargs))

    return making


class Cue(Enum):
    """The board's fixed sentences, as values: the play layer says which, this module says it
    (in the language in use when it is said)."""

    CHOOSE_ANY = (N_("Choose any piece."), Tone.PLAIN)
    MOVES_BACK = (N_("Your moves are back, just as you left them."), Tone.PLAIN)
    NOTHING_TO_UNDO = (N_("This is the start: there is nothing to undo."), Tone.PLAIN)
    RESTARTED = (N_("Back to the start. Choose any piece."), Tone.PLAIN)
    RESTARTED_UNDOABLE = (N_("Back to the start. Changed your mind? Undo brings your moves back."), Tone.PLAIN)
    THINKING = (N_("Let me think…"), Tone.PLAIN)
    YOUR_TURN = (N_("Your turn."), Tone.PLAIN)
    YOUR_TURN_AGAIN = (N_("Your turn again."), Tone.PLAIN)
    WATCH_SHOWN = (N_("Watch! Then it is your turn."), Tone.HINT)
    WELL_DONE = (N_("Well done!"), Tone.DONE)
    HINTS_OFF = (N_("Hints are switched off for now."), Tone.PLAIN)
    TIME_UP = (N_("Time is up. Press Menu for another puzzle."), Tone.PLAIN)
    TIME_NEARLY_UP = (N_("Half a minute left. Keep going!"), Tone.HINT)
    AUTO_STUCK = (N_("Even the computer can't solve it from here. Press Undo to go back."), Tone.WRONG)
    HINT_STUCK = (N_("This way can't be solved any more. Undo first, then ask again."), Tone.WRONG)
    DEAD_END = (N_("No piece can capture now. Press Undo to go back and try another way."), Tone.WRONG)
    UNSOLVABLE = (N_("Oh no, this can't be solved any more. Press Undo and try another way."), Tone.WRONG)
    BACK_AT_DEAD_END = (
        N_("Your moves are back, but no piece can capture now. Press Undo to go back and try another way."),
        Tone.WRONG,
    )
    NO_WAY = (N_("This puzzle can't be solved, not even from the start. Choose another puzzle."), Tone.WRONG)


@said_again
def cue(which: Cue, pieces: tuple[str, ...] = ()) -> Message:
    """The sentence, with the pieces drawn beside it."""
    text, tone = which.value
    return Message(_(text), tone, pieces)


@said_again
def thinking_failed(error: str) -> Message:
    return Message(_("Sorry, something went wrong while thinking ({error}).").format(error=error), Tone.WRONG)


def _coded(sentence: str, code: str, notation: bool) -> str:
    return _("{code}: {sentence}").format(code=code, sentence=sentence) if notation else sentence


def the_captured(letter: str) -> str:
    """The piece that is taken, with its article, as the object of "took" ("den Turm", "el alfil");
    also the object of "try" or "take away", which every language here says the same way."""
    return {
        "K": pgettext("the piece that is taken", "the King"),  # only when the King may be taken
        "Q": pgettext("the piece that is taken", "the queen"),
        "R": pgettext("the piece that is taken", "the rook"),
        "B": pgettext("the piece that is taken", "the bishop"),
        "N": pgettext("the piece that is taken", "the knight"),
        "P": pgettext("the piece that is taken", "the pawn"),
    }[letter]


def whose(letter: str) -> str:
    """The piece whose move it was, as the owner of "move" ("the queen's", "de la dama", "der Dame")."""
    return {
        "K": pgettext("whose move it was: the queen's move", "the King's"),
        "Q": pgettext("whose move it was: the queen's move", "the queen's"),
        "R": pgettext("whose move it was: the queen's move", "the rook's"),
        "B": pgettext("whose move it was: the queen's move", "the bishop's"),
        "N": pgettext("whose move it was: the queen's move", "the knight's"),
        "P": pgettext("whose move it was: the queen's move", "the pawn's"),
    }[letter]


@said_again
def took(move: Move, pieces_left: int, notation: bool) -> Message:
    """A capture in a whole sentence: the pieces come with their articles, so every language
    can say it as it is spoken ("¡La dama ha capturado la torre!", not "Jugada: reina captura torre")."""
    sentence = ngettext(
        "{mover} took {captured}! {count} piece left.",
        "{mover} took {captured}! {count} pieces left.",
        pieces_left,
    ).format(mover=the_mover(move.piece), captured=the_captured(move.captured), count=pieces_left)
    return Message(_coded(sentence, str(move), notation), pieces=(move.piece, move.captured))


@said_again
def took_back(move: Move, notation: bool) -> Message:
    sentence = _("Took back {whose} move.").format(whose=whose(move.piece))
    return Message(_coded(sentence, str(move), notation), pieces=(move.piece,))


@said_again
def hint_target(move: Move) -> Message:
    """The hint's second step, said when the piece is chosen and what it should capture is marked."""
    text = _("Capture {captured} marked in blue.").format(captured=the_captured(move.captured))
    return Message(text, Tone.HINT, (move.piece, move.captured))


# How the board is played, in the words of each way of playing: its one table of instructions.
START = Ways(
    mouse=N_("Click a piece, then click the piece it should capture."),
    touch=N_("Tap a piece, then tap the piece it should capture."),
    keys=N_("Choose a piece with the arrow keys and press Enter, then the piece it should capture."),
    switch=N_("Press your switch when a piece lights up, then again when the piece it should capture lights up."),
    two_switches=N_("One switch moves the light, the other chooses: a piece, then the piece it should capture."),
)
WATCH = Ways(
    mouse=N_("Watch! Click anywhere to take over."),
    touch=N_("Watch! Tap anywhere to take over."),
    keys=N_("Watch! Press any key to take over."),
    switch=N_("Watch! Press your switch to take over."),
    two_switches=N_("Watch! Press a switch to take over."),
)
MUST_CAPTURE_CHOSEN = Ways(
    mouse=N_("Every move must capture a piece. Click a piece to capture."),
    touch=N_("Every move must capture a piece. Tap a piece to capture."),
    keys=N_("Every move must capture a piece. Go to a piece to capture and press Enter."),
    switch=N_("Every move must capture a piece. Press your switch when a piece to capture lights up."),
    two_switches=N_("Every move must capture a piece. Move the light to a piece to capture and choose it."),
)
MUST_CAPTURE = Ways(
    mouse=N_("Every move must capture a piece. Click a piece to start."),
    touch=N_("Every move must capture a piece. Tap a piece to start."),
    keys=N_("Every move must capture a piece. Go to a piece and press Enter."),
    switch=N_("Every move must capture a piece. Press your switch when a piece lights up."),
    two_switches=N_("Every move must capture a piece. Move the light to a piece and choose it."),
)
PICKED = Ways(
    mouse=N_("{mover} can capture. Now click the piece to capture."),
    touch=N_("{mover} can capture. Now tap the piece to capture."),
    keys=N_("{mover} can capture. Now go to the piece to capture and press Enter."),
    switch=N_("{mover} can capture. Now press your switch when the piece to capture lights up."),
    two_switches=N_("{mover} can capture. Now move the light to the piece to capture and choose it."),
)


@said_again
def start(pointer: Pointer = Pointer.MOUSE) -> Message:
    """What the board says before the first move."""
    return Message(said(START, pointer))


@said_again
def watch(pointer: Pointer = Pointer.MOUSE) -> Message:
    """Said while the board plays the puzzle through: any press gives it back to the child."""
    return Message(said(WATCH, pointer))


def instruction(message: Message) -> bool:
    """Whether `message` is the board's instruction in the words of a way of pointing (its first
    words, or Watch's "take over"): a front end with no pointer (the text version) has its own
    prompts to say what to type instead."""
    return message.text in {said(ways, way) for ways in (START, WATCH) for way in Pointer}


@said_again
def must_capture(chosen: bool, pointer: Pointer = Pointer.MOUSE) -> Message:
    """An empty square asked for: with a piece `chosen` a wrong try, else a reminder."""
    if chosen:
        return Message(said(MUST_CAPTURE_CHOSEN, pointer), Tone.WRONG)
    return Message(said(MUST_CAPTURE, pointer))


@said_again
def picked(letter: str, has_captures: bool, locked: bool = False, pointer: Pointer = Pointer.MOUSE) -> Message:
    """What the board says when a piece is chosen; `locked`: it has made its last capture."""
    if locked:
        return Message(_(PIECES[letter].spent), pieces=(letter,))
    if has_captures:
        return Message(said(PICKED, pointer).format(mover=the_mover(letter)), pieces=(letter,))
    text = _("{mover} has nothing to capture right now. Try another piece.").format(mover=the_mover(letter))
    return Message(text, pieces=(letter,))


@said_again
def can_capture(letter: str, count: int, locked: bool = False) -> Message:
    """What a held piece could do, said while its targets are marked."""
    if not count:
        return picked(letter, False, locked)
    text = ngettext("{mover} can capture {count} piece.", "{mover} can capture {count} pieces.", count)
    return Message(text.format(mover=the_mover(letter), count=count), pieces=(letter,))


@said_again
def nudged(letter: str) -> Message:
    """Said with the ring the board draws round a piece after a long while untouched."""
    return Message(_("Need a start? Try {piece} in the ring.").format(piece=the_captured(letter)), pieces=(letter,))


@said_again
def hint_piece(letter: str) -> Message:
    """The hint's first step, said while the piece to move is ringed in blue."""
    text = _("Try moving {piece} in the blue circle. Ask again for more help.").format(piece=the_captured(letter))
    return Message(text, Tone.HINT, (letter,))


@said_again
def refused(reason: Reason, size: int, notation: bool) -> Message:
    """A refused capture, in the board's words, with the pieces it names: a blocked line names
    its square only with notation on."""
    if not isinstance(reason, Blocked):
        return Message(sentence(reason, size), Tone.WRONG, pieces_named(reason))
    if notation:
        return Message(sentence(reason, size), Tone.WRONG, pieces_named(reason))
    blocker, whose_way = the_mover(reason.blocker), in_the_way_of(reason.piece)
    text = _("{blocker} is in {whose} way.").format(blocker=blocker, whose=whose_way)
    return Message(text, Tone.WRONG, pieces_named(reason))


def show_me_label(running: bool) -> str:
    """The button that plays the puzzle through: "Show me" on the board as in the school, one
    name for one thing; "Stop" while it plays."""
    return _("Stop") if running else _("Show me")


@said_again
def won(letter: str, by_show_me: bool, in_school: bool = False) -> Message:
    """The last capture, made by `letter`. After Show me the child has only watched: in the
    school the words say that this is how it goes, on the board that the game solved it (no
    "Auto", which the child never saw named)."""
    if by_show_me and in_school:
        text = _("One piece left. That is how it goes!")
    elif by_show_me:
        text = _("One piece left. The game solved it!")
    else:
        text = _("One piece left. You did it!")
    return Message(text, Tone.DONE, (letter,))


def time_left(seconds: int, nearly_up: bool) -> str:
    """The test clock's words: the whole seconds left as m:ss, and when they are nearly up, says so."""
    minutes, seconds = divmod(max(0, seconds), 60)
    if nearly_up:
        return _("Nearly out of time: {minutes}:{seconds:02}").format(minutes=minutes, seconds=seconds)
    return _("Time left: {minutes}:{seconds:02}").format(minutes=minutes, seconds=seconds)


SOUND_ON = Ways(  # the board's bottom line with the sound on: M where she has the keys
    mouse=N_("Press M to turn the sound off"),
    touch=N_("Sound is on"),
    keys=N_("Press M to turn the sound off"),
    switch=N_("Sound is on"),
    two_switches=N_("Sound is on"),
)
SOUND_OFF = Ways(
    mouse=N_("Sound is off: press M to turn it on"),
    touch=N_("Sound is off"),
    keys=N_("Sound is off: press M to turn it on"),
    switch=N_("Sound is off"),
    two_switches=N_("Sound is off"),
)


def sound_line(muted: bool, pointer: Pointer = Pointer.MOUSE) -> str:
    """The board's bottom line: whether the sound is on, and M to change it only where she has
    the keys (a mouse beside them, or the keys): never on a tablet or with a switch."""
    return said(SOUND_OFF if muted else SOUND_ON, pointer)


def sound_lines() -> tuple[str, ...]:
    """Every bottom line the sound may give, in every way of playing: the room kept is the longest's."""
    return tuple(dict.fromkeys(said(ways, way) for ways in (SOUND_ON, SOUND_OFF) for way in Pointer))


def pieces_left(count: int) -> str:
    return ngettext("{count} piece left", "{count} pieces left", count).format(count=count)
