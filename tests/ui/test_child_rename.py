"""A child's page while renaming: what is wrong with the new name shows under the name box,
whole, and the lists of puzzles start below it."""

from __future__ import annotations

from pathlib import Path

import events
import pygame
import pytest
from events import article_collection

from game import i18n
from game.store.progress import ProgressStore
from game.ui.app import App
from game.ui.child.child import ChildMode, ChildScene
from game.ui.core.layout import MIN_TEXT_PX
from game.ui.core.scene import Scene

IDS = ("beginner-001", "beginner-002")
SIZES = [(800, 600), (1024, 768), (1366, 768), (1920, 1080)]


@pytest.fixture
def store(tmp_path: Path) -> ProgressStore:
    store = ProgressStore(tmp_path)
    for name in ("Adam", "Ölschläger-Wiśni"):
        store.add_player(name)
    store.record_solve("Adam", "beginner-001", hints=0, undos=0, used_auto=False, moves=3)
    store.record_solve("Adam", "beginner-002", hints=0, undos=0, used_auto=False, moves=3)
    return store


pytestmark = pytest.mark.app(collection=article_collection(IDS), below=Scene)


@pytest.mark.slow
@pytest.mark.parametrize("app", SIZES, indirect=True)
@pytest.mark.parametrize("language", ["de", "uk"])
def test_the_rename_error_is_never_drawn_over_the_lists(app: App, language: str) -> None:
    i18n.set_language(language)
    child = ChildScene(app.context, "Ölschläger-Wiśni")
    app.push(child)
    app.step([], 0)
    events.click(app, child.rename_button.rect.center)
    app.step([events.key_down(pygame.K_BACKSPACE)] * 40 + [pygame.event.Event(pygame.TEXTINPUT, text="Adam")], 0)
    app.step([events.key_down(pygame.K_RETURN)], 0)
    assert child.mode is ChildMode.RENAME and "Adam" in child.error
    child.draw(app.screen)
    error = child.error_rect
    assert error.height >= app.assets.font(MIN_TEXT_PX, bold=True).get_height() - 1
    assert error.top >= child.box.bottom and error.bottom <= child.body.top, (error, child.body)
    assert app.layout.screen.contains(error)
