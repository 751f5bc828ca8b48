"""The text version of the game, as in the design article: it reads lines, so it works at a
terminal and through a pipe alike."""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import TextIO

from ..content.levels import Collection, Level, Puzzle, default_big_path, load_collection
from ..content.next import BIG, any_puzzle, playable_levels
from ..files import TooBig, read_line
from ..i18n import N_, _, ngettext
from ..play.board import BoardSession, solve
from ..play.flows import HintStage
from ..play.outcomes import Ask, Moved, Outcome, Refused, Reset, TookBack
from ..rules.position import BoardError, Game, Position, format_moves, parse_move
from ..rules.squares import SIZE, parse_square, square_name
from ..rules.variants import BIG_RULES, Rules
from ..store.records import Settings
from ..words.board import the_captured
from ..words.reasons import sentence

# The command letters (m, u, h, q, a) are the same in every language.
HELP = N_("""\
How to play Solo Chess
  A few chess pieces stand on a 4x4 board. Every move must capture another piece,
  moving the way chess pieces move. Any piece may move at any turn. Keep capturing
  until only one piece is left. The King is never captured, and pawns capture one
  step diagonally upward.
Squares are named like chess squares: files a-d from left to right, ranks 1-4 from
the bottom, so a1 is the bottom-left corner. Pieces: K King, Q Queen, R Rook,
B Bishop, N Knight, P Pawn.
While playing:
  m       make a move: you are asked for the square to move from and to capture on
  c4 c3   (or Qc4xc3) make that move at once
  t       a hint: first which piece, then what it captures, then the move is made
  u       undo the last move
  h       this help
  q       quit
""")
BIG_HELP = N_("""\
The big board is 8x8, with files a-h and ranks 1-8, and the pieces of one side of a chess
set. Two more rules: a piece may capture at most twice, then it has to stay where it is;
and the King is never captured, so when there is one, it is the last piece standing.
""")


@dataclass(frozen=True)
class _Shelf:
    """What the level menu offers: a level of a collection, with the rules it is played by."""

    label: str
    levels: tuple[Level, ...]
    rules: Rules


class _Console:
    def __init__(self, source: TextIO, out: TextIO) -> None:
        # Bytes that are not text (a stray é in another encoding) are read as "?", never a crash.
        for stream in (source, out):
            if isinstance(stream, io.TextIOWrapper):
                stream.reconfigure(errors="replace")
        self.source = source
        self.out = out

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def ask(self, prompt: str) -> str | None:
        """The next line, stripped; None when the input has ended."""
        self.out.write(prompt)
        self.out.flush()
        try:
            line = read_line(self.source)
        except TooBig:
            self.say()
            self.say(_("That line is too long: a move or a board is only a few letters."))
            return None
        if not line:
            self.say()
            return None
        return line.strip()


def play_text(source: TextIO, out: TextIO, collection: Collection | None = None, big: Collection | None = None) -> int:
    """Play in the terminal: the puzzles of `collection` (the built-in ones by default) and,
    where there is one, the big board's collection."""
    console = _Console(source, out)
    console.say(_("Solo Chess: every move must capture, until only one piece is left."))
    answer = console.ask(_("Enter h for help, or press Enter to continue: "))
    if answer is None:
        return 0
    if answer.lower().startswith("h"):
        console.say(_(HELP))
    collection = collection or load_collection()
    shelves = _shelves(console, collection, big)
    while True:
        chosen = _choose_puzzle(console, shelves, collection.rules)
        if chosen is None:
            console.say(_("Goodbye!"))
            return 0
        if not _play_puzzle(console, *chosen):
            console.say(_("Goodbye!"))
            return 0


def _shelves(console: _Console, collection: Collection, big: Collection | None) -> list[_Shelf]:
    """The level menu: the collection's levels (as the game's level select offers them), then
    the big board's, when there is one; problems of either are noted first."""
    if big is None and default_big_path().exists():
        big = load_collection(default_big_path(), verify=False)
    for problem in collection.problems + (big.problems if big else []):
        console.say(_("Note: {problem}").format(problem=problem))
    shelves = [_Shelf(_(level.name), (level,), collection.rules) for level in playable_levels(collection)]
    if big is not None and playable_levels(big):
        shelves.append(_Shelf(_(BIG), tuple(playable_levels(big)), big.rules))
    return shelves


def _typed_board(text: str, rules: Rules) -> tuple[Position, Rules]:
    """A board typed at the menu: ThinkFun's 16 cells, or a big board as a FEN board part."""
    try:
        return Position.parse(text, size=SIZE), rules
    except BoardError:
        if text.count("/") != 7:
            raise
    return Position.parse_fen(text), BIG_RULES


def _choose_puzzle(console: _Console, shelves: list[_Shelf], rules: Rules) -> tuple[Puzzle, Rules] | None:
    menu = ", ".join(f"{number} {shelf.label}" for number, shelf in enumerate(shelves, 1))
    while True:
        prompt = _("Pick a level: {levels}; or type a board of your own; q to quit: ").format(levels=menu)
        answer = console.ask(prompt if shelves else _("Type a board, like ..Q./..R./N.../.P.., or q to quit: "))
        if answer is None or answer.lower() in ("q", "quit"):
            return None
        if not answer:
            continue
        chosen = _shelf_named(answer, shelves)
        if chosen is not None:
            return _choose_on_shelf(console, chosen)
        try:
            board, board_rules = _typed_board(answer, rules)
        except BoardError as error:
            console.say(_("That is neither a level nor a board ({error}).").format(error=error))
            continue
        return Puzzle(_("your board"), board, (), 0, 0.0), board_rules


def _shelf_named(answer: str, shelves: list[_Shelf]) -> _Shelf | None:
    """The shelf an answer names, by its number or its name (the last one, when several do)."""
    chosen = None
    for number, shelf in enumerate(shelves, 1):
        names = {shelf.label.lower()} | {level.name.lower() for level in shelf.levels if len(shelf.levels) == 1}
        if answer == str(number) or answer.lower() in names:
            chosen = shelf
    return chosen


def _choose_on_shelf(console: _Console, shelf: _Shelf) -> tuple[Puzzle, Rules] | None:
    level = shelf.levels[0] if len(shelf.levels) == 1 else _choose_level(console, shelf)
    if level is None:
        return None
    puzzle = _choose_in_level(console, level, shelf.label if len(shelf.levels) == 1 else None)
    return None if puzzle is None else (puzzle, shelf.rules)


def _choose_level(console: _Console, shelf: _Shelf) -> Level | None:
    count = len(shelf.levels)
    while True:
        answer = console.ask(_("Pick a level 1-{count} of the big board: ").format(count=count))
        if answer is None:
            return None
        if answer.isdigit() and 1 <= int(answer) <= count:
            return shelf.levels[int(answer) - 1]
        console.say(_("Please type a number from 1 to {count}.").format(count=count))


def _choose_in_level(console: _Console, level: Level, label: str | None) -> Puzzle | None:
    count = len(level.puzzles)
    name = label or _("level {number}").format(number=level.name)
    while True:
        answer = console.ask(
            _("Pick a puzzle 1-{count} of {level}, or press Enter for a random one: ").format(count=count, level=name)
        )
        if answer is None:
            return None
        if not answer:
            return any_puzzle(level)
        if answer.isdigit() and 1 <= int(answer) <= count:
            return level.puzzles[int(answer) - 1]
        console.say(_("Please type a number from 1 to {count}.").format(count=count))


def _show(console: _Console, game: Game) -> None:
    """The board, and on the big board how many captures each piece has left."""
    position = game.position
    console.say(position.pretty())
    limit = game.rules.capture_limit
    if limit is None:
        return
    left = [
        f"{position.cells[square]}{square_name(square, position.size)} {limit - position.spent_at(square)}"
        for square in position.occupied()
    ]
    console.say(_("Captures left: {pieces}").format(pieces=", ".join(left)))


def _play_puzzle(console: _Console, puzzle: Puzzle, rules: Rules) -> bool:
    """Play one puzzle through a board session, as the board scene does; False to quit."""
    # The early stuck warning needs the solver after every move; here a dead end is said instead.
    session = BoardSession(puzzle.board, rules, Settings(stuck_detection=False))
    pieces = ngettext("{count} piece", "{count} pieces", puzzle.piece_count).format(count=puzzle.piece_count)
    console.say("\n" + _("Puzzle {id}: {pieces}").format(id=puzzle.id, pieces=pieces))
    if rules.capture_limit is not None:
        console.say(_(BIG_HELP))
    _show(console, session.game)
    mode = _ask_mode(console)
    if mode is None:
        return False
    if mode == "auto":
        _play_auto(console, session)
        return True
    while not session.game.is_solved:
        if not _take_turn(console, session):
            return False
    if session.game.history:
        moves = format_moves(session.game.history)
        console.say(_("Solved! One piece is left. Your moves: {moves}").format(moves=moves))
    else:
        console.say(_("Only one piece is on the board: it is solved already!"))
    return True


def _ask_mode(console: _Console) -> str | None:
    """The way to play: "manual" or "auto" (an empty answer is manual); None when the input ends."""
    while True:
        mode = console.ask(_("Play (m)anual or (a)uto? "))
        if mode is None:
            return None
        if mode.lower().startswith("a"):
            return "auto"
        if mode.lower().startswith("m") or not mode:
            return "manual"
        console.say(_("Please type m to play yourself or a to watch the computer solve it."))


def _take_turn(console: _Console, session: BoardSession) -> bool:
    """One answer at the prompt: a move, an undo, a hint, help or a mistake; False to quit."""
    answer = console.ask(_("Enter m to move, t for a hint, u to undo, h for help, q to quit: "))
    if answer is None or answer.lower() in ("q", "quit"):
        return False
    command = answer.lower()
    if command in ("u", "undo"):
        outcomes = session.undo()
        _tell(console, session, outcomes)
        if not any(isinstance(outcome, (TookBack, Reset)) for outcome in outcomes):
            console.say(_("Nothing to undo: this is the start."))
    elif command in ("t", "hint"):
        _hint(console, session)
    elif command in ("h", "help", "?"):
        console.say(_(HELP))
        if session.rules.capture_limit is not None:
            console.say(_(BIG_HELP))
    elif command in ("m", "move"):
        squares = _ask_squares(console, session.position.size)
        if squares is None:
            return False
        _tell(console, session, session.drop(*squares))
    else:
        try:
            squares = parse_move(answer, session.position.size)
        except ValueError as error:
            console.say(str(error))
            return True
        _tell(console, session, session.drop(*squares))
    return True


def _hint(console: _Console, session: BoardSession) -> None:
    """The board's three hint steps: which piece, then what it captures, then the move made."""
    outcomes = session.hint()
    for ask in [outcome for outcome in outcomes if isinstance(outcome, Ask)]:
        outcomes += session.solver_answered(ask, solve(ask, session.rules))
    if any(isinstance(outcome, Moved) for outcome in outcomes):
        _tell(console, session, outcomes)
        return
    move, size = session.hinting.move, session.position.size
    if session.stuck or move is None:
        console.say(_("This way can't be solved any more. Undo first, then ask again."))
    elif session.hinting.stage is HintStage.PIECE:
        square = square_name(move.origin, size)
        console.say(
            _("Hint: move {piece} on {square}. Enter t again for more help.").format(
                piece=the_captured(move.piece), square=square
            )
        )
    else:
        square = square_name(move.target, size)
        console.say(
            _("Hint: capture {piece} on {square}. Enter t again to make the move.").format(
                piece=the_captured(move.captured), square=square
            )
        )


def _tell(console: _Console, session: BoardSession, outcomes: list[Outcome]) -> None:
    """What a move or an undo did, as lines of text."""
    size = session.position.size
    for outcome in outcomes:
        if isinstance(outcome, Refused) and outcome.reason is not None:
            console.say(_("Not allowed: {reason}").format(reason=sentence(outcome.reason, size)))
        elif isinstance(outcome, Moved):
            console.say(f"{outcome.move}")
            _show(console, session.game)
        elif isinstance(outcome, TookBack):
            console.say(_("Took back {move}.").format(move=outcome.move))
            _show(console, session.game)
    if session.game.is_dead_end and any(isinstance(outcome, Moved) for outcome in outcomes):
        console.say(_("No piece can capture any more: this is a dead end. Enter u to undo."))


def _ask_squares(console: _Console, size: int) -> tuple[int, int] | None:
    """The move's two squares, asked one by one; a whole move (`d4xd3`) is taken at the first
    question, and q quits."""
    squares: list[int] = []
    for prompt in (_("From square: "), _("To square: ")):
        while True:
            answer = console.ask(prompt)
            if answer is None or answer.lower() in ("q", "quit"):
                return None
            if not squares and len(answer) > 2:
                try:
                    return parse_move(answer, size)
                except ValueError:
                    pass  # not a whole move: said as a square below
            try:
                squares.append(parse_square(answer, size))
                break
            except ValueError as error:
                console.say(str(error))
    return squares[0], squares[1]


def _play_auto(console: _Console, session: BoardSession) -> None:
    """Auto, as on the board: the solver asked, its line played a move at a time."""
    outcomes = session.auto()
    for ask in [outcome for outcome in outcomes if isinstance(outcome, Ask)]:
        outcomes = session.solver_answered(ask, solve(ask, session.rules))
    if session.stuck:
        console.say(_("This puzzle cannot be solved from here."))
        return
    while session.playback.moves:
        _tell(console, session, session.play_on())
    if session.game.history:
        console.say(_("Solved! The moves: {moves}").format(moves=format_moves(session.game.history)))
    else:
        console.say(_("It is solved already!"))
