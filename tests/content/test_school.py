"""The piece school's lessons, `school.json`: every stage is solvable, teaches its piece, and
says a sentence every language has."""

from __future__ import annotations

import copy
import gettext
import json
from pathlib import Path
from typing import Any

import pytest

from game import i18n
from game.content.school import (
    PIECE_HOUSES,
    Finish,
    default_school,
    parse_school,
    school_path,
    stage_problems,
    tapped_try,
    wrong_first_captures,
)
from game.engine.solver import Solver
from game.resources import data_path
from game.rules.pieces import PIECES
from game.rules.position import Position
from game.rules.reasons import Blocked, KingNeverCaptured, OutOfReach, Reason
from game.rules.squares import parse_square
from game.words.school import HOUSES, SENTENCES, sentence

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = [code for code in i18n.LANGUAGES if code != "en"]


@pytest.fixture(scope="module")
def data() -> Any:
    return json.loads((ROOT / "school.json").read_text(encoding="utf-8"))


def test_the_school_file_stands_next_to_levels_json() -> None:
    assert school_path() == data_path("school.json") == ROOT / "school.json"
    assert school_path().parent == data_path("levels.json").parent


def test_every_stage_is_solvable_and_teaches_its_piece(data: Any) -> None:
    school = parse_school(data)
    assert school.problems == []
    assert len(school.stages) == sum(len(house["stages"]) for house in data["houses"])
    solver = Solver(school.rules)
    for stage in school.stages:
        lines = solver.solutions(stage.board)
        assert lines, stage.id
        for line in lines:
            # The piece the stage is about makes its captures, whatever way the child wins.
            assert sum(move.piece == stage.piece for move in line) >= stage.captures, (stage.id, line)
        assert stage.puzzle.solution and stage.puzzle.solutions == len(lines)


def test_one_house_per_piece_then_the_pieces_together(data: Any) -> None:
    school = parse_school(data)
    names = [house.name for house in school.houses]
    assert names == [*PIECE_HOUSES, "together"]
    assert {house.piece for house in school.houses if house.piece} == set(PIECES)
    for house in school.houses:
        assert 3 <= len(house.stages) <= 5
        if house.piece:
            assert all(stage.piece == house.piece for stage in house.stages)
            assert all(set(stage.board.cells) - {"."} != {house.piece} for stage in house.stages)
        else:
            # Two kinds of pieces or more on every board, leading into Beginner 1.
            assert all(len(set(stage.board.cells) - {"."}) >= 2 for stage in house.stages)
    assert school.then == "beginner-001"
    ids = [stage.id for stage in school.stages]
    assert len(set(ids)) == len(ids)
    assert all(stage.id == f"school-{stage.house}-{stage.number}" for stage in school.stages)


def test_a_stage_made_unsolvable_on_purpose_fails(data: Any) -> None:
    broken = copy.deepcopy(data)
    rook = broken["houses"][0]["stages"][0]
    rook["board"] = "P.../..../..../.R.."  # the rook no longer reaches the pawn
    school = parse_school(broken)
    assert school.problems == ["school-rook-1: cannot be solved"]
    assert school.stage("school-rook-1") is None  # a child never meets it


def test_a_stage_another_piece_solves_alone_fails(data: Any) -> None:
    broken = copy.deepcopy(data)
    broken["houses"][1]["stages"][0]["board"] = "..../..B./..../R..."  # only the bishop can capture
    broken["houses"][1]["stages"][0]["piece"] = "R"
    school = parse_school(broken)
    assert school.problems == ["school-bishop-1: a winning line has 0 captures by R, not 1"]


def test_an_unknown_sentence_or_a_missing_piece_fails(data: Any) -> None:
    broken = copy.deepcopy(data)
    broken["houses"][0]["stages"][1]["say"] = "rook-flies"
    broken["houses"][0]["stages"][2]["piece"] = "Q"
    school = parse_school(broken)
    assert "school-rook-2: no sentence 'rook-flies'" in school.problems
    assert "school-rook-3: its piece Q is not on the board" in school.problems


def test_stage_problems_is_what_the_loader_asks() -> None:
    school = default_school()
    solver = Solver(school.rules)
    assert all(stage_problems(stage, solver) == [] for stage in school.stages)


def test_every_sentence_key_of_the_file_is_a_known_sentence(data: Any) -> None:
    keys = {stage["say"] for house in data["houses"] for stage in house["stages"]}
    assert keys <= set(SENTENCES)
    assert {house["name"] for house in data["houses"]} <= set(HOUSES)


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_sentence_and_house_is_translated(language: str) -> None:
    """Every sentence a stage says, and every house's name, in each language's catalogue."""
    catalog = gettext.translation(i18n.DOMAIN, i18n.LOCALE_DIR, languages=[language])
    messages = catalog._catalog  # type: ignore[attr-defined]
    missing = [text for text in [*SENTENCES.values(), *HOUSES.values()] if not messages.get(text)]
    assert missing == []


def test_a_sentence_is_said_in_the_language_in_use() -> None:
    assert sentence("rook-straight") == "The rook goes in a straight line, up and down."
    assert sentence("no-such-key") == "no-such-key"


def test_the_houses_finished_are_those_with_every_stage_solved() -> None:
    school = default_school()
    rook = school.house("rook")
    assert rook is not None
    assert school.finished(rook.ids) == ["rook"]
    assert school.finished(rook.ids[:-1]) == []
    assert school.next_in(rook, set(rook.ids[:2])) is rook.stages[2]
    assert school.next_in(rook, set(rook.ids)) is rook.stages[0]
    assert school.after(rook.stages[0]) is rook.stages[1]
    assert school.after(rook.stages[-1]) is None


def test_every_house_has_a_stage_that_a_random_first_tap_fails() -> None:
    """After the stages that show an idea, one that checks it: a first capture there loses the
    board, and in a piece's house it is that piece's own capture."""
    school = default_school()
    solver = Solver(school.rules)
    for house in school.houses:
        checks = [stage for stage in house.stages if stage.checks]
        assert checks, house.name
        for stage in checks:
            wrong = wrong_first_captures(stage.board, solver)
            assert wrong and len(wrong) < len(stage.board.captures(school.rules)), stage.id
            if house.piece:
                assert any(move.piece == house.piece for move in wrong), stage.id
                assert sum(move.piece == house.piece for move in stage.board.captures(school.rules)) >= 2, stage.id


def test_the_showing_stages_come_first_and_keep_their_ids(data: Any) -> None:
    """Children's progress is kept under the stage ids: the checks are added after the stages
    that show the idea, so every id a child has already solved still names the same board."""
    shown = {
        "school-rook-1": "P.../..../..../R...",
        "school-bishop-4": ".P../N.../..../..B.",
        "school-king-3": "..../..R./.B../K...",
        "school-pawn-2": "..../.RN./.P../....",
        "school-together-4": "..../..N./..../R..B",
    }
    school = parse_school(data)
    for stage_id, board in shown.items():
        stage = school.stage(stage_id)
        assert stage is not None and stage.board == Position.parse(board, size=4)
    for house in school.houses:
        first_check = next(index for index, stage in enumerate(house.stages) if stage.checks)
        assert first_check >= 2 or not house.piece, house.name


def test_a_check_that_every_capture_still_wins_fails(data: Any) -> None:
    broken = copy.deepcopy(data)
    broken["houses"][0]["stages"][0]["check"] = True  # Rook 1 has one capture, and it wins
    school = parse_school(broken)
    assert school.problems == ["school-rook-1: a check, but every first capture still wins"]


def test_a_check_that_is_not_true_or_false_is_refused(data: Any) -> None:
    broken = copy.deepcopy(data)
    broken["houses"][0]["stages"][0]["check"] = "yes"
    assert parse_school(broken).problems == ["school-rook-1: 'check' is true or false"]


def test_a_sentence_that_counts_the_kinds_of_pieces_counts_right() -> None:
    """ "Three kinds of pieces" stands over a board of three kinds, in English and so in every
    language that translates it."""
    numbers = {"Two": 2, "Three": 3, "Four": 4}
    for stage in default_school().stages:
        first = SENTENCES[stage.say].split()
        if first[1:3] == ["kinds", "of"]:
            assert numbers[first[0]] == len(set(stage.board.cells) - {"."}), stage.id


def test_the_school_says_diagonally_as_the_puzzles_do() -> None:
    assert not [text for text in SENTENCES.values() if "slant" in text]


def tap(stage_id: str, origin: str, target: str) -> Reason | None:
    """A tap on `target` with the piece on `origin` chosen, on the stage's starting board."""
    school = default_school()
    stage = school.stage(stage_id)
    assert stage is not None
    house = school.house(stage.house)
    assert house is not None
    return tapped_try(house, stage.board, parse_square(origin, 4), parse_square(target, 4), school.rules)


def test_in_pawn_2_a_tap_on_the_rook_ahead_of_the_pawn_is_a_try() -> None:
    """The pawn on b2, the rook straight ahead on b3: the tap is answered with how a pawn
    captures, not by choosing the rook (which could capture, and would be praised for it)."""
    assert tap("school-pawn-2", "b2", "b3") == OutOfReach("P", "up")
    assert tap("school-pawn-2", "b2", "c3") is None  # the capture itself
    assert tap("school-pawn-2", "b3", "b2") is None  # the rook may take the pawn: a capture
    assert tap("school-pawn-2", "c3", "b2") is None  # another piece than the pawn: chosen as on any board


def test_in_the_kings_house_a_tap_on_the_king_is_a_try() -> None:
    assert tap("school-king-1", "a2", "a1") == KingNeverCaptured("R")
    assert tap("school-king-4", "a2", "b4") == KingNeverCaptured("N")  # a knight's jump onto the King
    assert tap("school-king-4", "b4", "a4") is None  # the King's own capture


def test_a_blocked_tap_of_the_taught_piece_names_what_blocks_it() -> None:
    assert tap("school-bishop-3", "a1", "d4") == Blocked("B", parse_square("b2", 4), "N")
    assert tap("school-rook-3", "a1", "a4") == Blocked("R", parse_square("a3", 4), "N")


def test_where_pieces_play_together_a_tap_chooses_as_on_the_board() -> None:
    """Together 3 says "The pawn first, then the King": with the pawn chosen, a tap on the King
    chooses the King."""
    assert tap("school-together-3", "a2", "a4") is None
    assert tap("school-together-3", "a2", "a2") is None


def test_the_last_stage_of_a_house_finishes_it_and_the_last_house_the_school() -> None:
    school = default_school()
    rook = school.house("rook")
    assert rook is not None
    finish = school.finishing(rook.ids[:-1], rook.ids[-1])
    assert finish.house == "rook" and not finish.school
    assert "rook" not in finish.left and "bishop" in finish.left
    assert school.finishing(rook.ids, rook.ids[-1]).house is None  # played again: nothing new
    assert school.finishing([], rook.ids[0]).house is None  # the first stage finishes nothing

    everything = [stage.id for stage in school.stages]
    last = school.finishing(everything[:-1], everything[-1])
    assert last == Finish("together", True, ())
    # Together done while the bishop and queen are not: the house, not the school.
    skipped = [stage.id for stage in school.stages if stage.house not in ("bishop", "queen")]
    early = school.finishing(skipped[:-1], skipped[-1])
    assert early == Finish("together", False, ("bishop", "queen"))
