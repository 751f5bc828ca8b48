"""The level select's choices without a screen: the page a group opens at, the cursor, and
which puzzle it is on."""

from __future__ import annotations

from game.content import next as what_next
from game.content.levels import Level, Puzzle
from game.play.levels import Pages, fitting, page_shape
from game.rules.position import Position


def level(name: str, count: int) -> Level:
    board = Position.parse("..Q./..R./N.../.P..", size=4)
    return Level(name, [Puzzle(f"{name.lower()}-{number}", board, (), 1, 0.0) for number in range(1, count + 1)])


def test_a_group_opens_at_the_page_of_the_puzzle_to_play_next() -> None:
    beginner = level("Beginner", 20)
    pages = Pages(lambda: beginner.puzzles, size=8)
    solved = {f"beginner-{number}" for number in range(1, 11)}
    pages.show(what_next.next_index(beginner.puzzles, solved))
    assert (pages.page, pages.pages, pages.cursor) == (1, 3, None)
    assert [puzzle.id for puzzle in pages.shown][:3] == ["beginner-9", "beginner-10", "beginner-11"]


def test_the_cursor_starts_on_the_next_tile_and_turns_the_page_at_its_edge() -> None:
    beginner = level("Beginner", 20)
    pages = Pages(lambda: beginner.puzzles, size=8)
    pages.show(2)
    assert pages.walk(1, next_index=2) is False
    chosen = pages.under_cursor()
    assert chosen is not None and chosen.id == "beginner-3"
    for _ in range(5):
        pages.walk(1, next_index=2)
    assert pages.walk(1, next_index=2) is True  # from the page's last tile onto the next page
    assert (pages.page, pages.cursor_on_page) == (1, 0)
    pages.walk(100, next_index=2)
    last = pages.under_cursor()
    assert last is not None and last.id == "beginner-20"


def test_turning_the_page_keeps_the_cursor_in_its_place_and_stops_at_the_ends() -> None:
    beginner = level("Beginner", 20)
    pages = Pages(lambda: beginner.puzzles, size=8)
    assert pages.turn(-1) is False
    pages.walk(0, next_index=None)
    pages.walk(2, next_index=None)
    assert pages.turn(1) is True and pages.cursor == 10
    assert pages.turn(1) is True and pages.cursor == 18
    assert pages.turn(1) is False and pages.page == 2


def test_a_group_that_shrinks_brings_the_page_back_in() -> None:
    puzzles = level("Beginner", 20).puzzles
    pages = Pages(lambda: puzzles, size=8)
    pages.turn(2)
    del puzzles[5:]
    assert (pages.pages, [puzzle.id for puzzle in pages.shown][-1], pages.page) == (1, "beginner-5", 0)


def test_an_empty_group_has_one_empty_page_and_no_cursor() -> None:
    pages = Pages(lambda: Level("Hard").puzzles, size=8)
    pages.show(None)
    assert (pages.pages, list(pages.shown), pages.walk(1, None), pages.under_cursor()) == (1, [], False, None)


def test_a_page_holds_as_many_tiles_as_fit_and_no_more() -> None:
    most = (5, 5, 20)
    assert page_shape((450, 160), (100, 72), 10, most) == (4, 2)
    assert page_shape((720, 10_000), (125, 90), 12, most) == (5, 4)  # PAGE_SIZE at most
    assert page_shape((50, 50), (100, 72), 10, most) == (1, 1)  # a window too small still shows one
    assert fitting(100 + 6 + 100, 100, 6, 9) == 2 and fitting(205, 100, 6, 9) == 1


def test_a_new_page_size_opens_the_page_of_the_first_tile_shown_or_the_cursor() -> None:
    beginner = level("Beginner", 30)
    pages = Pages(lambda: beginner.puzzles, size=4)
    pages.turn(2)
    first = pages.page * pages.size  # puzzle 9, on the third page of four
    pages.page_size = 20
    pages.open_at(first)
    assert pages.page == 0 and beginner.puzzles[first] in pages.shown
    pages.cursor = 25
    pages.page_size = 8
    pages.open_at(0)
    assert pages.page == 3 and pages.cursor_on_page == 1
