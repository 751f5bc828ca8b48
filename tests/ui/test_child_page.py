"""A child's page: the row of changes (Paper, Rename, Picture, Reset, Remove) goes on in a
second row when a long language does not fit in one, and the lists start under it."""

from __future__ import annotations

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
