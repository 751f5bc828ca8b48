"""The piece school: a house per piece, each with a few tiny stages, read from `school.json`.

Every stage is a real Solo Chess position under the game's own rules. A stage names the piece
it teaches, how many captures that piece makes in every winning line at least, and the key of
the sentence that opens it (`game.words.school`). `stage_problems` checks all three, so a stage
that cannot be solved, or that another piece could solve alone, never reaches a child.

The first stages of a house show its idea: they have one capture, which a random tap finds. A
stage marked `check` asks whether the idea was understood: the tempting capture is a wrong one
(a first capture after which the board can no longer be won), and the check makes sure it is.

Progress is kept under the stages' ids (`school-rook-1`) like any puzzle's; a house is finished
when each of its stages is solved.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from ..engine.puzzle import Puzzle
from ..engine.solver import Solver
from ..files import read_bytes
from ..resources import data_path
from ..rules.pieces import PIECES
from ..rules.position import BoardError, Move, Position
from ..rules.reasons import KingNeverCaptured, Reason
from ..rules.variants import DEFAULT_RULES, Rules
from ..words.school import HOUSES, SENTENCES

PREFIX = "school-"
PIECE_HOUSES = ("rook", "bishop", "queen", "knight", "king", "pawn")  # one per piece, on the map in this order


@dataclass(frozen=True)
class Stage:
    id: str
    house: str
    number: int  # in its house, from 1
    puzzle: Puzzle
    piece: str  # the letter of the piece it teaches
    captures: int  # captures that piece makes in every winning line, at least
    say: str  # the key of its sentence
    checks: bool = False  # a stage where some first capture loses: it checks the idea was understood

    @property
    def board(self) -> Position:
        return self.puzzle.board


@dataclass(frozen=True)
class House:
    name: str
    piece: str  # its piece's letter; "" for the house where pieces play together
    stages: tuple[Stage, ...]

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(stage.id for stage in self.stages)

    def finished(self, solved: set[str]) -> bool:
        return all(stage_id in solved for stage_id in self.ids)


@dataclass(frozen=True)
class Finish:
    """What solving a stage finished: its house, when that was the house's last stage unsolved
    (None otherwise), whether it finished the whole school, and the houses still to do."""

    house: str | None
    school: bool
    left: tuple[str, ...]


@dataclass
class School:
    houses: list[House] = field(default_factory=list)
    then: str = ""  # the first puzzle after the school (Beginner 1); the map opens each child's own next
    problems: list[str] = field(default_factory=list)
    rules: Rules = DEFAULT_RULES

    @property
    def stages(self) -> list[Stage]:
        return [stage for house in self.houses for stage in house.stages]

    def stage(self, stage_id: str) -> Stage | None:
        return next((stage for stage in self.stages if stage.id == stage_id), None)

    def house(self, name: str) -> House | None:
        return next((house for house in self.houses if house.name == name), None)

    def after(self, stage: Stage) -> Stage | None:
        """The next stage of the same house; None after its last."""
        house = self.house(stage.house)
        assert house is not None
        place = house.ids.index(stage.id) + 1
        return house.stages[place] if place < len(house.stages) else None

    def next_in(self, house: House, solved: set[str]) -> Stage:
        """Where a child goes in: the house's first stage not solved yet, else its first."""
        return next((stage for stage in house.stages if stage.id not in solved), house.stages[0])

    def finished(self, solved: Iterable[str]) -> list[str]:
        """The houses finished, by name, in the map's order."""
        done = set(solved)
        return [house.name for house in self.houses if house.stages and house.finished(done)]

    def finishing(self, solved_before: Iterable[str], stage_id: str) -> Finish:
        """What solving `stage_id` finishes, given the stages solved before it: the moment a
        house, or the whole school, is done. Solving a stage again finishes nothing."""
        before = set(solved_before)
        return self.finished_between(before, before | {stage_id})

    def finished_between(self, solved_before: Iterable[str], solved_now: Iterable[str]) -> Finish:
        """What was finished between two moments, as the map sees it coming back from a stage:
        the last house (in the map's order) finished since, and whether the school was."""
        before, now = set(solved_before), set(solved_now)
        houses = [house for house in self.houses if house.stages]
        newly = [house.name for house in houses if house.finished(now) and not house.finished(before)]
        left = tuple(house.name for house in houses if not house.finished(now))
        return Finish(newly[-1] if newly else None, bool(newly) and not left, left)

    def stars(self, stars_of: dict[str, int], house: House) -> int:
        return sum(stars_of.get(stage_id, 0) for stage_id in house.ids)


def is_school_id(puzzle_id: str) -> bool:
    return puzzle_id.startswith(PREFIX)


def school_path() -> Path:
    return data_path("school.json")


def stage_problems(stage: Stage, solver: Solver) -> list[str]:
    """What is wrong with a stage: unsolvable, its piece absent or not needed, its sentence unknown."""
    problems = []
    if stage.say not in SENTENCES:
        problems.append(f"{stage.id}: no sentence '{stage.say}'")
    if stage.piece not in stage.board.cells:
        problems.append(f"{stage.id}: its piece {stage.piece} is not on the board")
    lines = solver.solutions(stage.board)
    if not lines:
        problems.append(f"{stage.id}: cannot be solved")
    least = min((sum(move.piece == stage.piece for move in line) for line in lines), default=0)
    if lines and least < stage.captures:
        problems.append(f"{stage.id}: a winning line has {least} captures by {stage.piece}, not {stage.captures}")
    if stage.checks and lines and not wrong_first_captures(stage.board, solver):
        problems.append(f"{stage.id}: a check, but every first capture still wins")
    return problems


def wrong_first_captures(position: Position, solver: Solver) -> list[Move]:
    """The captures that lose the board at once: after them it can no longer be won."""
    return [move for move in position.captures(solver.rules) if not solver.is_solvable(position.apply(move))]


def tapped_try(
    house: House, position: Position, origin: int, target: int, rules: Rules = DEFAULT_RULES
) -> Reason | None:
    """In the school, a tap on the piece on `target` while the piece on `origin` is chosen: why
    it may not capture there, when the lesson answers the tap as a try (as it answers a drop),
    with the reason's path drawn; None when the tap captures, or chooses the tapped piece as on
    any board.

    On the board a tap is a try only when the target is on the chosen piece's line, so whether a
    wrong tap is explained depends on whether the tapped piece can itself capture, which a child
    cannot see. In a piece's house every tap of its piece on another is a try: Pawn 2's rook
    straight ahead of the pawn is answered "Pawns capture one step diagonally upward", not
    chosen. In the King's house a tap on the King is a try whichever piece is chosen: nobody may
    capture the King is that house's lesson."""
    if origin == target or position.piece_at(origin) is None or position.piece_at(target) is None:
        return None
    reason = PIECES[position.cells[origin]].refusal(position, origin, target, rules)
    if reason is None or not house.piece:
        return None
    if position.cells[origin] == house.piece or (house.piece == "K" and isinstance(reason, KingNeverCaptured)):
        return reason
    return None


def parse_stage(data: Any, house: str, number: int, solver: Solver) -> Stage:
    """A stage from its JSON; ValueError when it is not one (it is not checked here)."""
    if not isinstance(data, dict):
        raise ValueError(f"{house} {number}: not an object")
    stage_id, board, piece, say = (data.get(key) for key in ("id", "board", "piece", "say"))
    captures, checks = data.get("captures", 1), data.get("check", False)
    if not (isinstance(stage_id, str) and is_school_id(stage_id)):
        raise ValueError(f"{house} {number}: an id like '{PREFIX}{house}-{number}' is needed")
    if not (isinstance(piece, str) and piece in PIECES and isinstance(say, str) and isinstance(board, str)):
        raise ValueError(f"{stage_id}: 'board', 'piece' (K Q R B N P) and 'say' are needed")
    if not (isinstance(captures, int) and captures >= 1):
        raise ValueError(f"{stage_id}: 'captures' must be a number from 1")
    if not isinstance(checks, bool):
        raise ValueError(f"{stage_id}: 'check' is true or false")
    try:
        position = Position.parse(board, size=4)
    except BoardError as error:
        raise ValueError(f"{stage_id}: {error}") from error
    line = solver.solve(position) or []
    count = solver.count(position)
    puzzle = Puzzle(stage_id, position, tuple((move.origin, move.target) for move in line), count, 0.0)
    return Stage(stage_id, house, number, puzzle, piece, captures, say, checks)


def parse_school(data: Any, check: bool = True) -> School:
    school = School()
    if not isinstance(data, dict) or not isinstance(data.get("houses"), list):
        school.problems.append("school: expected an object with a list of 'houses'")
        return school
    school.then = str(data.get("then", ""))
    solver = Solver(school.rules)
    for entry in data["houses"]:
        name = entry.get("name") if isinstance(entry, dict) else None
        if not (isinstance(name, str) and name in HOUSES and isinstance(entry.get("stages"), list)):
            school.problems.append(f"school: a house needs a known 'name' and a list of 'stages': {entry!r:.60}")
            continue
        stages = []
        for number, stage_data in enumerate(entry["stages"], 1):
            try:
                stage = parse_stage(stage_data, name, number, solver)
            except ValueError as error:
                school.problems.append(str(error))
                continue
            found = stage_problems(stage, solver) if check else []
            school.problems += found
            if not found:
                stages.append(stage)
        school.houses.append(House(name, str(entry.get("piece", "")), tuple(stages)))
    return school


def load_school(path: Path | None = None, check: bool = True) -> School:
    """The school from its file; problems are collected, never raised (a bad stage is left out)."""
    path = path or school_path()
    try:
        data = json.loads(read_bytes(path).decode("utf-8"))
    except (OSError, ValueError) as error:
        return School(problems=[f"{path}: {error}"])
    return parse_school(data, check)


@cache
def default_school() -> School:
    """The shipped school, read once."""
    return load_school()
