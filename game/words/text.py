"""The text version's own words: its help, its menus and prompts, and the lines that stand in for
what the board draws (a hint's blue mark, the captures left on the big board, the moves of a
win). What happens in a puzzle is said in the board's words (`game.words.board`), the same
sentences the board says for the same outcome."""

from __future__ import annotations

from ..i18n import N_, _, ngettext

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


def help_text() -> str:
    return _(HELP)


def big_help_text() -> str:
    return _(BIG_HELP)


def greeting() -> str:
    return _("Solo Chess: every move must capture, until only one piece is left.")


def ask_for_help() -> str:
    return _("Enter h for help, or press Enter to continue: ")


def goodbye() -> str:
    return _("Goodbye!")


def line_too_long() -> str:
    return _("That line is too long: a move or a board is only a few letters.")


def note(problem: str) -> str:
    return _("Note: {problem}").format(problem=problem)


def pick_a_level(menu: str) -> str:
    """`menu`: the shelves, numbered ("1 Beginner, 2 Intermediate, ...")."""
    return _("Pick a level: {levels}; or type a board of your own; q to quit: ").format(levels=menu)


def type_a_board() -> str:
    return _("Type a board, like ..Q./..R./N.../.P.., or q to quit: ")


def not_a_level_or_board(error: str) -> str:
    return _("That is neither a level nor a board ({error}).").format(error=error)


def your_board() -> str:
    """The name of a board typed at the menu, where a puzzle's id goes."""
    return _("your board")


def pick_a_big_level(count: int) -> str:
    return _("Pick a level 1-{count} of the big board: ").format(count=count)


def type_a_number(count: int) -> str:
    return _("Please type a number from 1 to {count}.").format(count=count)


def level_named(name: str) -> str:
    return _("level {number}").format(number=name)


def pick_a_puzzle(count: int, level: str) -> str:
    return _("Pick a puzzle 1-{count} of {level}, or press Enter for a random one: ").format(count=count, level=level)


def captures_left(pieces: str) -> str:
    """The big board's counts, as the badges beside its pieces show them ("Ra8 2, Bb7 1")."""
    return _("Captures left: {pieces}").format(pieces=pieces)


def puzzle_title(puzzle_id: str, count: int) -> str:
    pieces = ngettext("{count} piece", "{count} pieces", count).format(count=count)
    return _("Puzzle {id}: {pieces}").format(id=puzzle_id, pieces=pieces)


def ask_mode() -> str:
    return _("Play (m)anual or (a)uto? ")


def mode_expected() -> str:
    return _("Please type m to play yourself or a to watch the computer solve it.")


def ask_turn() -> str:
    return _("Enter m to move, t for a hint, u to undo, h for help, q to quit: ")


def ask_from() -> str:
    return _("From square: ")


def ask_to() -> str:
    return _("To square: ")


def in_blue(square: str) -> str:
    """Where the board's blue hint mark would be, for a board with no colours."""
    return _("In blue on the board: {square}").format(square=square)


def the_moves(moves: str) -> str:
    """After the win: the moves that made it, in chess notation."""
    return _("Solved! The moves: {moves}").format(moves=moves)


def solved_already() -> str:
    return _("Only one piece is on the board: it is solved already!")
