"""The level select's choices without a screen: the page, the cursor and what opens."""

from __future__ import annotations

from game.content.levels import Level, Puzzle
from game.play.levels import LevelChoices
from game.rules.position import Position


def level(name: str, count: int) -> Level:
    board = Position.parse("..Q./..R./N.../.P..", size=4)
    return Level(name, [Puzzle(f"{name.lower()}-{number}", board, (), 1, 0.0) for number in range(1, count + 1)])


def test_choosing_a_group_opens_the_page_of_the_next_puzzle() -> None:
    choices = LevelChoices([level("Beginner", 20), level("Easy", 3)], size=8)
    solved = {f"beginner-{number}" for number in range(1, 11)}
    choices.choose(0, solved)
    assert (choices.page, choices.pages) == (1, 3)
    assert [puzzle.id for puzzle in choices.shown][:3] == ["beginner-9", "beginner-10", "beginner-11"]
    choices.choose(1, solved)
    assert (choices.page, choices.pages, len(choices.shown)) == (0, 1, 3)


def test_the_cursor_starts_on_the_next_tile_and_turns_the_page_at_its_edge() -> None:
    choices = LevelChoices([level("Beginner", 20)], size=8)
    solved = {"beginner-1", "beginner-2"}
    choices.choose(0, solved)
    assert choices.walk(1, solved) is False
    assert choices.under_cursor() is not None and choices.under_cursor().id == "beginner-3"  # type: ignore[union-attr]
    for _ in range(5):
        choices.walk(1, solved)
    assert choices.walk(1, solved) is True  # from the page's last tile onto the next page
    assert (choices.page, choices.cursor_on_page) == (1, 0)
    choices.walk(100, solved)
    assert choices.under_cursor().id == "beginner-20"  # type: ignore[union-attr]


def test_turning_the_page_keeps_the_cursor_in_its_place_and_stops_at_the_ends() -> None:
    choices = LevelChoices([level("Beginner", 20)], size=8)
    choices.choose(0, set())
    assert choices.turn(-1) is False
    choices.walk(0, set())
    choices.walk(2, set())
    assert choices.turn(1) is True and choices.cursor == 10
    assert choices.turn(1) is True and choices.cursor == 18
    assert choices.turn(1) is False and choices.page == 2


def test_an_empty_group_has_one_empty_page_and_no_cursor() -> None:
    choices = LevelChoices([Level("Hard")], size=8)
    choices.choose(0, set())
    assert (choices.pages, list(choices.shown), choices.walk(1, set()), choices.under_cursor()) == (1, [], False, None)
