"""The pages of a group's tiles and the keyboard cursor on them, without a scene."""

from __future__ import annotations

from events import article_collection

from game.content.levels import Puzzle
from game.ui.core.level_pages import TilePages
from game.ui.core.level_tiles import PAGE_SIZE


def group(count: int) -> list[Puzzle]:
    return article_collection(tuple(f"beginner-{n:03d}" for n in range(1, count + 1))).levels[0].puzzles


def test_new_pages_open_on_the_first_page_without_a_cursor_and_turn() -> None:
    puzzles = group(PAGE_SIZE + 5)
    pages = TilePages(lambda: puzzles)
    assert (pages.page, pages.cursor) == (0, None)
    assert pages.turn(1)
    assert pages.page == 1
    assert not pages.turn(1)  # two pages: there is none after the second
    assert pages.turn(-1) and pages.page == 0


def test_the_cursor_walks_onto_the_next_page_at_its_edge() -> None:
    puzzles = group(PAGE_SIZE + 5)
    pages = TilePages(lambda: puzzles)
    assert not pages.walk(1, next_index=PAGE_SIZE - 1)  # the first arrow: onto the Next tile, on this page
    assert pages.walk(1, next_index=None)
    assert (pages.page, pages.under_cursor()) == (1, puzzles[PAGE_SIZE])
