"""A child's page: the row of changes (Paper, Rename, Picture, Reset, Remove) goes on in a
second row when a long language does not fit in one, and the lists start under it."""

from __future__ import annotations

import pygame
import pytest
from events import article_collection

from game import i18n
from game.ui.app import App
from game.ui.child.child import ChildScene
from game.ui.core.scene import Scene

pytestmark = pytest.mark.app(players=["Adam"], collection=article_collection(("beginner-001",)), below=Scene)


@pytest.mark.parametrize("app", [(800, 600)], indirect=True)
@pytest.mark.parametrize("language", ["en", "uk"])
def test_the_changes_stay_on_the_screen_and_over_the_lists(app: App, language: str) -> None:
    i18n.set_language(language)
    child = ChildScene(app.context, "Adam")
    app.push(child)
    app.step([], 0)
    changes = [child.paper_button, child.rename_button, child.avatar_button, child.reset_button, child.remove_button]
    screen = app.layout.screen
    for index, button in enumerate(changes):
        assert screen.contains(button.rect), (button.label, button.rect)
        assert button.rect.bottom <= child.body.top, (button.label, button.rect, child.body)
        assert not any(button.rect.colliderect(other.rect) for other in changes[index + 1 :]), button.label
    i18n.set_language("en")


def test_a_paper_result_reads_as_paper_with_no_move_counts() -> None:
    from game.outputs.report import SolvedPuzzle
    from game.ui.child.child_page_view import solved_line

    paper = SolvedPuzzle("beginner-001", "Beginner", 1, "2026-11-20", 0, 0, 0, 1, False, on_paper=True)
    screen = SolvedPuzzle("beginner-002", "Beginner", 2, "2026-11-20", 3, 1, 0, 3, False)
    text, stars = solved_line(paper)
    assert stars == 1 and "on paper" in text and "move" not in text and "undo" not in text and "hint" not in text
    assert "3 moves" in solved_line(screen)[0] and "on paper" not in solved_line(screen)[0]


@pytest.mark.parametrize("app", [(480, 640)], indirect=True)
def test_in_a_narrow_window_the_card_goes_first_among_the_changes(app: App) -> None:
    name = "Maximilian Woods"
    app.store.add_player(name)
    i18n.set_language("de")
    child = ChildScene(app.context, name)
    app.push(child)
    app.step([], 0)
    changes = [child.card_button, child.paper_button, child.rename_button, child.avatar_button]
    assert child.card_button.rect.y == child.paper_button.rect.y > child.back_button.rect.bottom
    assert child.card_button.rect.x < child.paper_button.rect.x
    for button in [child.back_button, *changes]:
        assert app.layout.screen.contains(button.rect), (button.label, button.rect)
    i18n.set_language("en")


def test_upright_the_tried_list_keeps_room_under_a_long_solved_list(app: App) -> None:
    from game.ui.child.child_page_view import _line_height, _stacked

    body = pygame.Rect(10, 100, 460, 400)
    line = _line_height(app.assets, 24)
    room = (body.height - line // 2) // line
    few = [("Beginner 1", 3)], [("Beginner 2", 0)]
    solved, tried = _stacked(app.assets, body, *few, 24)
    assert solved.height == 2 * line, "as tall as its heading and its one line"
    assert solved.bottom < tried.top and tried.bottom == body.bottom
    many = [(f"Beginner {number}", 3) for number in range(40)], [(f"Beginner {n}", 0) for n in range(40)]
    solved, tried = _stacked(app.assets, body, *many, 24)
    assert tried.height >= (room // 3) * line >= 2 * line, "a third of the room for the tried list"
    assert solved.width == tried.width == body.width and tried.bottom == body.bottom
