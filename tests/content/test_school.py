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
from game.content.school import PIECE_HOUSES, default_school, parse_school, school_path, stage_problems
from game.engine.solver import Solver
from game.resources import data_path
from game.rules.pieces import PIECES
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
