"""The text version of the game, as in the design article: it reads lines, so it works at a
terminal and through a pipe alike."""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import TextIO

from ..content.levels import Collection, Level, Puzzle, default_big_path, load_collection
from ..content.next import BIG, any_puzzle, playable_levels
from ..files import TooBig, read_line
from ..i18n import _
from ..play import outcomes
from ..play.board import BoardSession, solve
from ..play.flows import HintStage
from ..rules.position import BoardError, Game, Position, format_moves, parse_move
from ..rules.squares import SIZE, parse_square, square_name
from ..rules.variants import BIG_RULES, Rules
from ..store.records import Settings
from ..words import text as words
from ..words.board import instruction
from ..words.ways import Pointer


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
            self.say(words.line_too_long())
            return None
        if not line:
            self.say()
            return None
        return line.strip()


def play_text(source: TextIO, out: TextIO, collection: Collection | None = None, big: Collection | None = None) -> int:
    """Play in the terminal: the puzzles of `collection` (the built-in ones by default) and,
    where there is one, the big board's collection."""
    console = _Console(source, out)
    console.say(words.greeting())
    answer = console.ask(words.ask_for_help())
    if answer is None:
        return 0
    if answer.lower().startswith("h"):
        console.say(words.help_text())
    collection = collection or load_collection()
    shelves = _shelves(console, collection, big)
    while True:
        chosen = _choose_puzzle(console, shelves, collection.rules)
        if chosen is None:
            console.say(words.goodbye())
            return 0
        if not _play_puzzle(console, *chosen):
            console.say(words.goodbye())
            return 0


def _shelves(console: _Console, collection: Collection, big: Collection | None) -> list[_Shelf]:
    """The level menu: the collection's levels (as the game's level select offers them), then
    the big board's, when there is one; problems of either are noted first."""
    if big is None and default_big_path().exists():
        big = load_collection(default_big_path(), verify=False)
    for problem in collection.problems + (big.problems if big else []):
        console.say(words.note(problem))
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
        answer = console.ask(words.pick_a_level(menu) if shelves else words.type_a_board())
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
            console.say(words.not_a_level_or_board(str(error)))
            continue
        return Puzzle(words.your_board(), board, (), 0, 0.0), board_rules


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
        answer = console.ask(words.pick_a_big_level(count))
        if answer is None:
            return None
        if answer.isdigit() and 1 <= int(answer) <= count:
            return shelf.levels[int(answer) - 1]
        console.say(words.type_a_number(count))


def _choose_in_level(console: _Console, level: Level, label: str | None) -> Puzzle | None:
    count = len(level.puzzles)
    name = label or words.level_named(level.name)
    while True:
        answer = console.ask(words.pick_a_puzzle(count, name))
        if answer is None:
            return None
        if not answer:
            return any_puzzle(level)
        if answer.isdigit() and 1 <= int(answer) <= count:
            return level.puzzles[int(answer) - 1]
        console.say(words.type_a_number(count))


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
    console.say(words.captures_left(", ".join(left)))


def _play_puzzle(console: _Console, puzzle: Puzzle, rules: Rules) -> bool:
    """Play one puzzle through a board session, as the board scene does; False to quit."""
    # The early stuck warning needs the solver after every move; here a dead end is said instead.
    session = BoardSession(puzzle.board, rules, Settings(stuck_detection=False), pointer=Pointer.KEYBOARD)  # she types
    console.say("\n" + words.puzzle_title(puzzle.id, puzzle.piece_count))
    if rules.capture_limit is not None:
        console.say(words.big_help_text())
    _show(console, session.game)
    mode = _ask_mode(console)
    if mode is None:
        return False
    if session.game.is_solved:  # no capture to make, so no win comes
        console.say(words.solved_already())
        return True
    if mode == "auto":
        _play_auto(console, session)
        return True
    while True:
        answered = _take_turn(console, session)
        if answered is None:
            return False
        if _tell(console, session, answered) is not None:
            return True


def _ask_mode(console: _Console) -> str | None:
    """The way to play: "manual" or "auto" (an empty answer is manual); None when the input ends."""
    while True:
        mode = console.ask(words.ask_mode())
        if mode is None:
            return None
        if mode.lower().startswith("a"):
            return "auto"
        if mode.lower().startswith("m") or not mode:
            return "manual"
        console.say(words.mode_expected())


def _take_turn(console: _Console, session: BoardSession) -> list[outcomes.Outcome] | None:
    """One answer at the prompt: what the session answered to it (a move, an undo, a hint;
    nothing for help or a mistake); None to quit."""
    answer = console.ask(words.ask_turn())
    if answer is None or answer.lower() in ("q", "quit"):
        return None
    command = answer.lower()
    if command in ("u", "undo"):
        return session.undo()
    if command in ("t", "hint"):
        return session.hint()
    if command in ("h", "help", "?"):
        console.say(words.help_text())
        if session.rules.capture_limit is not None:
            console.say(words.big_help_text())
        return []
    if command in ("m", "move"):
        squares = _ask_squares(console, session.position.size)
        return None if squares is None else session.drop(*squares)
    try:
        squares = parse_move(answer, session.position.size)
    except ValueError as error:
        console.say(str(error))
        return []
    return session.drop(*squares)


def _tell(console: _Console, session: BoardSession, answered: list[outcomes.Outcome]) -> outcomes.Won | None:
    """What the session answered, as lines: the board's words for it, the board after a move,
    the solver asked and its answer told in turn; the win, when it comes, ends the puzzle."""
    waiting, won, hinted = list(answered), None, False
    while waiting:
        outcome = waiting.pop(0)
        match outcome:
            case outcomes.Said():
                if outcome.aloud and not instruction(outcome.message):  # words only put back are not new
                    console.say(outcome.message.text)
            case outcomes.Moved():
                console.say(str(outcome.move))
                _show(console, session.game)
            case outcomes.TookBack() | outcomes.Reset():
                _show(console, session.game)
            case outcomes.Ask():
                waiting += session.solver_answered(outcome, solve(outcome, session.rules))
            case outcomes.Won():
                console.say(words.the_moves(format_moves(outcome.moves)))
                won = outcome
            case outcomes.Sound():
                hinted |= outcome.name == "hint"
            case outcomes.Refused() | outcomes.StopAsking() | outcomes.Tried():
                pass  # drawn or recorded on the board; the words said with it say it here
            case _:
                outcomes.assert_never(outcome)
    if hinted:
        _mark_hint(console, session)
    return won


def _mark_hint(console: _Console, session: BoardSession) -> None:
    """Where the board draws a hint's blue mark, which its words name: the square, in a line."""
    shown = session.shown_hint
    if shown is not None:
        stage, move = shown
        square = move.origin if stage is HintStage.PIECE else move.target
        console.say(words.in_blue(square_name(square, session.position.size)))


def _ask_squares(console: _Console, size: int) -> tuple[int, int] | None:
    """The move's two squares, asked one by one; a whole move (`d4xd3`) is taken at the first
    question, and q quits."""
    squares: list[int] = []
    for prompt in (words.ask_from(), words.ask_to()):
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
    """Auto, as on the board: the solver asked, its line played a move at a time to the win
    (or the board's words that it cannot be won from here)."""
    _tell(console, session, session.auto())
    while session.auto_running:
        _tell(console, session, session.play_on())
