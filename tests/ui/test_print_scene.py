"""The teacher's desk prints: a worksheet and the class's report cards from the Print screen, and
a child's report card from her page, each into the documents folder, the screen saying where."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import events
import pytest
from events import article_collection
from pypdf import PdfReader

from game.store.progress import ProgressStore
from game.ui.app import App
from game.ui.child import child
from game.ui.child.child import ChildScene
from game.ui.class_table.class_progress import ClassScene
from game.ui.core.scene import Scene
from game.ui.paper import print_sheets
from game.ui.paper.print_sheets import PrintScene

IDS = tuple(f"beginner-{number:03}" for number in range(1, 8))

pytestmark = pytest.mark.app(collection=article_collection(IDS), below=Scene)


@pytest.fixture
def store(tmp_path: Path) -> ProgressStore:
    store = ProgressStore(tmp_path)
    store.add_player("Ana", "owl")
    store.add_player("Ben")
    store.record_solve("Ana", "beginner-001", hints=1, undos=0, used_auto=False, moves=3)
    return store


@pytest.fixture
def documents(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "Documents"
    monkeypatch.setattr(print_sheets, "documents_folder", lambda: folder)
    monkeypatch.setattr(child, "documents_folder", lambda: folder)
    return folder


def finish(app: App, scene: Scene, label: str) -> None:
    while (task := scene.jobs.running(label)) is not None:
        assert task.job.wait(30)
        app.step([], 0)


def open_print(app: App) -> PrintScene:
    scene = ClassScene(app.context)
    app.push(scene)
    app.step([], 0)
    events.click(app, scene.print_button.rect.center)
    printing = app.scene
    assert isinstance(printing, PrintScene)
    return printing


def test_print_a_worksheet_from_the_class_screen(app: App, documents: Path) -> None:
    scene = open_print(app)
    events.click(app, scene.more_button.rect.center)  # 12 puzzles: the level has 7
    events.click(app, scene.hints_button.rect.center)
    assert not scene.hints and scene.answers and scene.count == 12
    events.click(app, scene.print_button.rect.center)
    finish(app, scene, "print")
    (sheet,) = documents.glob("solochess-worksheet-beginner-*.pdf")
    assert str(documents) in scene.message and sheet.name in scene.message
    texts = [page.extract_text() for page in PdfReader(sheet).pages]
    assert "Puzzle 7 · Beginner" in texts[0] + texts[1] and "Answers" in texts[-1]


def test_print_the_classs_report_cards(app: App, documents: Path) -> None:
    scene = open_print(app)
    events.click(app, scene.cards_button.rect.center)
    finish(app, scene, "print")
    (cards,) = documents.rglob("*.pdf")  # the class's cards in one PDF, a card a page
    pages = [page.extract_text() for page in PdfReader(cards).pages]
    assert len(pages) == 2 and "Ana" in pages[0] and "Ben" in pages[1]
    assert cards.name in scene.message


def test_a_failed_print_says_why(app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setattr(print_sheets, "documents_folder", lambda: blocker / "Documents")
    scene = open_print(app)
    events.click(app, scene.print_button.rect.center)
    finish(app, scene, "print")
    assert "could not be saved" in scene.message


def test_a_childs_report_card_from_her_page(app: App, documents: Path) -> None:
    scene = ChildScene(app.context, "Ana")
    app.push(scene)
    app.step([], 0)
    events.click(app, scene.card_button.rect.center)
    finish(app, scene, "card")
    (card,) = documents.glob("*.pdf")
    assert card.name in scene.message
    text = PdfReader(card).pages[0].extract_text()
    assert "Ana" in text and "Ben" not in text
    scene.draw(app.screen)
