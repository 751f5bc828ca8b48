"""Puzzle ids: every form the game writes is read back the same, and nothing else is read."""

from __future__ import annotations

from datetime import date

import pytest

from game.content import puzzle_ids
from game.content.puzzle_ids import Kind, PuzzleId, parse
from game.engine.big import generate_big
from game.engine.generator import generate


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (puzzle_ids.level_id("Beginner", 7), PuzzleId(Kind.LEVEL, "beginner", 7)),
        (puzzle_ids.big_id("3", 12), PuzzleId(Kind.BIG, "3", 12)),
        (puzzle_ids.generated_id("Expert", 42, 1), PuzzleId(Kind.LEVEL, "expert", 1, 42)),
        (puzzle_ids.big_generated_id("10", 42, 2), PuzzleId(Kind.BIG, "10", 2, 42)),
        (puzzle_ids.fresh_id("Advanced"), PuzzleId(Kind.LEVEL, "advanced")),
        (puzzle_ids.big_fresh_id("4"), PuzzleId(Kind.BIG, "4")),
        (puzzle_ids.daily_id(date(2026, 3, 14)), PuzzleId(Kind.DAILY, day=date(2026, 3, 14))),
        (puzzle_ids.ours_id("H1ZT-3VZ9"), PuzzleId(Kind.OURS, code="H1ZT3VZ9")),
    ],
)
def test_every_id_made_is_read_back(text: str, expected: PuzzleId) -> None:
    assert parse(text) == expected
    assert expected.text == text == str(expected)


def test_the_written_forms_never_change() -> None:
    """Progress is stored under these texts: a change would lose every child's stars."""
    assert puzzle_ids.level_id("Beginner", 7) == "beginner-007"
    assert puzzle_ids.big_id("3", 12) == "big-03-012"
    assert puzzle_ids.generated_id("Expert", 42, 1) == "expert-r42-001"
    assert puzzle_ids.big_generated_id("10", 42, 2) == "big-10-r42-002"
    assert puzzle_ids.fresh_id("Advanced") == "advanced-new"
    assert puzzle_ids.big_fresh_id("4") == "big-04-new"
    assert puzzle_ids.daily_id(date(2026, 3, 14)) == "daily-2026-03-14"
    assert puzzle_ids.ours_id("H1ZT-3VZ9") == "our-H1ZT3VZ9"


def test_the_generators_ids_are_read() -> None:
    small = next(generate("Beginner", 1, seed=5))
    assert parse(small.id) == PuzzleId(Kind.LEVEL, "beginner", 1, 5)
    big = next(generate_big(3, 1, seed=5, measured=False))
    assert parse(big.id) == PuzzleId(Kind.BIG, "3", 1, 5)


@pytest.mark.parametrize("text", ["", "my puzzle", "daily-2026-13-40", "Beginner-001", "beginner-", "our-abc"])
def test_other_texts_are_no_game_id(text: str) -> None:
    assert parse(text) is None


def test_the_readers_answer_for_collection_puzzles_only() -> None:
    assert puzzle_ids.big_place("big-03-007") == (3, 7)
    assert puzzle_ids.big_place("big-03-new") is None
    assert puzzle_ids.big_place("big-03-r5-007") is None
    assert puzzle_ids.level_number("beginner-007") == 7
    assert puzzle_ids.level_number("beginner-r5-007") is None
    assert puzzle_ids.level_number("big-03-007") is None
    assert puzzle_ids.is_daily("daily-2026-03-14") and not puzzle_ids.is_daily("beginner-001")


@pytest.mark.parametrize(
    ("text", "number"),
    [("beginner-007", "7"), ("big-03-012", "12"), ("beginner-new", "new"), ("my-own-x", "x"), ("plain", "plain")],
)
def test_a_tile_shows_the_place_in_the_level(text: str, number: str) -> None:
    assert puzzle_ids.tile_number(text) == number


KNOWN = {"beginner-007", "intermediate-003", "big-03-007", "our-H1ZT3VZ9", "Castle"}


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("beginner-007", "beginner-007"),
        ("beginner-7", "beginner-007"),
        (" Beginner-7 ", "beginner-007"),
        ("INTERMEDIATE-3", "intermediate-003"),
        ("big-3-7", "big-03-007"),
        ("Big-03-7", "big-03-007"),
        ("our-H1ZT3VZ9", "our-H1ZT3VZ9"),
        ("OUR-h1zt-3vz9", "our-H1ZT3VZ9"),
        ("Castle", "Castle"),  # a collection of one's own names its puzzles freely
    ],
)
def test_an_id_typed_loosely_finds_the_puzzle_it_means(typed: str, meant: str) -> None:
    assert puzzle_ids.canonical(typed, KNOWN) == meant


@pytest.mark.parametrize("typed", ["beginner-8", "big-3-8", "expert-7", "nope", "", "castle-1"])
def test_an_id_of_no_known_puzzle_is_none(typed: str) -> None:
    assert puzzle_ids.canonical(typed, KNOWN) is None
