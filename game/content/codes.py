"""Share codes: a board as eight characters, like `K7QF-2MXA`, that another computer can type in.

A board drawn from ThinkFun's set is one of 6,684,411,697 (the empty board included), so its
number in a fixed order fits in seven base-32 characters. The order places the kinds of piece
one after another, each on a combination of the squares still free; counting the ways to fill
what is left turns a board into its number and back without listing any boards.

The number is multiplied by an odd constant modulo 32**7, so that boards close in the order do
not get codes that differ in one character, and then written in Crockford's alphabet (no I, L, O
or U, which look like other characters; those are read as 1, 1 and 0 when typed).

The eighth character is a Damm check over GF(32): x * y = 2x + y is a totally antisymmetric
quasigroup, so every single wrong character and every swap of two neighbours is caught, the
check character included. A typo is reported, never read as another puzzle.
"""

from __future__ import annotations

from functools import cache
from math import comb

from ..i18n import _
from ..rules.pieces import THINKFUN_SET
from ..rules.position import EMPTY, Position
from ..rules.squares import SIZE

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_VALUES = {symbol: value for value, symbol in enumerate(ALPHABET)}
_VALUES.update({"O": 0, "I": 1, "L": 1})
DATA_LENGTH = 7
_SPACE = len(ALPHABET) ** DATA_LENGTH
# Odd, so it has an inverse modulo 32**7 and the spreading can be undone.
_SPREAD = 0x5DEECE66D % _SPACE | 1
_UNSPREAD = pow(_SPREAD, -1, _SPACE)
_KINDS = tuple(THINKFUN_SET.items())
_SQUARES = SIZE * SIZE
# x^5 + x^2 + 1, irreducible, makes the 32 symbols a field.
_FIELD_MODULUS = 0b100101


class CodeError(ValueError):
    """A code that is not a puzzle's; the message says what is wrong, in one line."""


@cache
def _completions(kind: int, free: int) -> int:
    """The ways to place the kinds from `kind` on into `free` squares (none of them at all included)."""
    if kind == len(_KINDS):
        return 1
    most = _KINDS[kind][1]
    return sum(comb(free, count) * _completions(kind + 1, free - count) for count in range(min(most, free) + 1))


BOARDS = _completions(0, _SQUARES)


def _combination_rank(chosen: list[int]) -> int:
    """The place of a sorted combination of free-square indexes in the combinatorial number system."""
    return sum(comb(index, place) for place, index in enumerate(chosen, 1))


def _combination_unrank(rank: int, count: int) -> list[int]:
    chosen = []
    for place in range(count, 0, -1):
        index = place - 1
        while comb(index + 1, place) <= rank:
            index += 1
        chosen.append(index)
        rank -= comb(index, place)
    return sorted(chosen)


def board_number(position: Position) -> int:
    """The board's place among every board ThinkFun's set can make, 0 .. BOARDS - 1."""
    cells = position.cells
    if any(cells.count(letter) > most for letter, most in _KINDS):
        raise CodeError(_("Only boards made with ThinkFun's set have a code: 1 King, 1 queen, 2 of each other piece."))
    free = list(range(_SQUARES))
    number = 0
    for kind, (letter, _most) in enumerate(_KINDS):
        chosen = [index for index, square in enumerate(free) if cells[square] == letter]
        number += _offset(kind, len(free), len(chosen))
        number += _combination_rank(chosen) * _completions(kind + 1, len(free) - len(chosen))
        free = [square for index, square in enumerate(free) if index not in chosen]
    return number


def _offset(kind: int, free: int, count: int) -> int:
    """How many ways to fill the rest come before those that place `count` pieces of this kind."""
    return sum(comb(free, fewer) * _completions(kind + 1, free - fewer) for fewer in range(count))


def board_of_number(number: int) -> Position:
    """The board with place `number`; CodeError for a number no board has, or the empty board."""
    if not 0 <= number < BOARDS:
        raise CodeError(_("That code is not a puzzle's code. Check each character."))
    cells = [EMPTY] * _SQUARES
    free = list(range(_SQUARES))
    for kind, (letter, most) in enumerate(_KINDS):
        count = 0
        while count < min(most, len(free)) and _offset(kind, len(free), count + 1) <= number:
            count += 1
        number -= _offset(kind, len(free), count)
        rank, number = divmod(number, _completions(kind + 1, len(free) - count))
        chosen = _combination_unrank(rank, count)
        for index in chosen:
            cells[free[index]] = letter
        free = [square for index, square in enumerate(free) if index not in chosen]
    if all(cell == EMPTY for cell in cells):
        raise CodeError(_("That code is the empty board: it has no pieces."))
    return Position("".join(cells))


def _times_two(value: int) -> int:
    value <<= 1
    return value ^ _FIELD_MODULUS if value & 32 else value


def _damm(values: list[int]) -> int:
    interim = 0
    for value in values:
        interim = _times_two(interim) ^ value
    return interim


def encode(position: Position) -> str:
    """The share code of a board, like `K7QF-2MXA`."""
    number = board_number(position) * _SPREAD % _SPACE
    values = []
    for _place in range(DATA_LENGTH):
        number, value = divmod(number, len(ALPHABET))
        values.append(value)
    values.reverse()
    # The check makes the whole code come out at 0: 2c + k = 0 in GF(32) when k = 2c.
    values.append(_times_two(_damm(values)))
    text = "".join(ALPHABET[value] for value in values)
    return f"{text[:4]}-{text[4:]}"


def symbol(char: str) -> str | None:
    """The code character typed as `char` (O is read as 0, I and L as 1); None when codes do not use it."""
    value = _VALUES.get(char.upper()) if len(char) == 1 else None
    return None if value is None else ALPHABET[value]


def decode(code: str) -> Position:
    """The board of a share code; CodeError says, in one line, what is wrong with the code."""
    compact = "".join(char for char in code.upper() if char not in " -")
    if not compact:
        raise CodeError(_("Type a code of 8 characters, like K7QF-2MXA."))
    wrong = [char for char in compact if char not in _VALUES]
    if wrong:
        raise CodeError(_("'{char}' is not used in codes: they have only digits and letters.").format(char=wrong[0]))
    if len(compact) != DATA_LENGTH + 1:
        raise CodeError(_("A code has 8 characters, this one has {count}: like K7QF-2MXA.").format(count=len(compact)))
    values = [_VALUES[char] for char in compact]
    if _damm(values) != 0:
        raise CodeError(_("That code has a typo: check each character."))
    number = 0
    for value in values[:DATA_LENGTH]:
        number = number * len(ALPHABET) + value
    return board_of_number(number * _UNSPREAD % _SPACE)
