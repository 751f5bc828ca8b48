"""The game's screens that save or print the class (the class table's "Save the table", Print's
worksheet for a child and the class's cards, a child's card) make their files from this
computer's copy of the class while the class folder cannot be read, and each file says so and
how old the copy is, as the command line's do (tests/outputs/test_copy_age.py). The window read
the class three days ago by its clock; then the share goes away."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import csv
import time
from pathlib import Path

import events
import pytest
from events import article_collection
from pypdf import PdfReader

from game.outputs.printing import Outcome, PrintResult
from game.store.classfolder import FolderState
from game.store.progress import ProgressStore
from game.ui.app import App
from game.ui.child import child
from game.ui.child.child import ChildScene
from game.ui.class_table import class_progress
from game.ui.class_table.class_progress import ClassScene
from game.ui.core.scene import Scene
from game.ui.paper import print_sheets
from game.ui.paper.print_sheets import PrintScene

IDS = tuple(f"beginner-{number:03}" for number in range(1, 8))
MADE_FROM_COPY = "Made from this computer's copy of the class, read 3 days ago ("

pytestmark = pytest.mark.app(collection=article_collection(IDS), below=Scene)


def days_behind() -> float:
    return time.time() - 3 * 24 * 3600


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "share" / "class"


@pytest.fixture
def store(folder: Path) -> ProgressStore:
    teacher = ProgressStore(folder)
    teacher.add_player("Ana", "owl")
    teacher.add_player("Ben")
    teacher.record_solve("Ana", "beginner-001", hints=1, undos=0, used_auto=False, moves=3)
    assert teacher.sync.save()
    return ProgressStore(folder, clock=days_behind)  # the window's: it reads the class at its start


@pytest.fixture
def documents(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    place = tmp_path / "Documents"
    for module in (print_sheets, child, class_progress):
        monkeypatch.setattr(module, "documents_folder", lambda: place)
    return place


@pytest.fixture
def away(app: App, folder: Path) -> None:
    """The share gone while the game runs: the next read finds nothing at the folder's path."""
    folder.rename(folder.parent.parent / "elsewhere")
    app.store.refresh()
    assert app.store.folder_status.state is FolderState.AWAY and app.store.players() == ["Ana", "Ben"]


def printed(path: Path) -> PrintResult:
    return PrintResult(Outcome.NO_PRINTER, path, words=f"The file is at {path}.")


def finish(app: App, scene: Scene, label: str) -> None:
    while (task := scene.jobs.running(label)) is not None:
        assert task.job.wait(30)
        app.step([], 0)


def pdf_text(path: Path) -> str:
    return " ".join(" ".join(page.extract_text() for page in PdfReader(path).pages).split())


def save_the_table(app: App) -> ClassScene:
    scene = ClassScene(app.context)
    app.push(scene)
    app.step([], 0)
    events.click(app, scene.export_button.rect.center)
    finish(app, scene, "export")
    return scene


def open_print(app: App) -> PrintScene:
    app.context.print_file = printed
    scene = PrintScene(app.context)
    app.push(scene)
    app.step([], 0)
    return scene


@pytest.mark.usefixtures("away")
def test_the_table_saved_from_the_copy_says_so(app: App, documents: Path) -> None:
    save_the_table(app)
    (table,) = documents.glob("*.csv")
    with table.open(encoding="utf-8-sig", newline="") as file:
        rows = list(csv.reader(file))
    assert rows[0][0].startswith(MADE_FROM_COPY) and len(rows[0]) == 1 and rows[1][0] == "Name"
    (page,) = documents.glob("*.html")
    assert f'<p class="copy" role="note">{MADE_FROM_COPY}' in page.read_text(encoding="utf-8").replace("&#x27;", "'")


def test_the_table_saved_from_the_class_says_nothing_of_a_copy(app: App, documents: Path) -> None:
    save_the_table(app)
    (table,) = documents.glob("*.csv")
    assert "copy" not in table.read_text(encoding="utf-8-sig")
    (page,) = documents.glob("*.html")
    assert 'class="copy"' not in page.read_text(encoding="utf-8")


@pytest.mark.usefixtures("away")
def test_a_childs_sheet_from_the_copy_says_so_and_a_levels_sheet_does_not(app: App, documents: Path) -> None:
    scene = open_print(app)
    events.click(app, scene.print_button.rect.center)  # the level's first puzzles: no child on it
    finish(app, scene, "print")
    (level_sheet,) = documents.glob("*.pdf")
    assert "copy" not in pdf_text(level_sheet)
    level_sheet.unlink()
    events.click(app, scene.later_child_button.rect.center)
    assert scene.child == "Ana"
    events.click(app, scene.print_button.rect.center)
    finish(app, scene, "print")
    (sheet,) = documents.glob("*.pdf")
    text = pdf_text(sheet)
    assert "Name: Ana" in text and MADE_FROM_COPY in text


@pytest.mark.usefixtures("away")
def test_the_classs_cards_from_the_copy_say_so_on_every_card(app: App, documents: Path) -> None:
    scene = open_print(app)
    events.click(app, scene.cards_button.rect.center)
    finish(app, scene, "print")
    (cards,) = documents.rglob("*.pdf")
    pages = [" ".join(page.extract_text().split()) for page in PdfReader(cards).pages]
    assert len(pages) == 2 and all(MADE_FROM_COPY in page for page in pages)


@pytest.mark.usefixtures("away")
def test_a_childs_card_from_the_copy_says_so(app: App, documents: Path) -> None:
    scene = ChildScene(app.context, "Ana")
    app.push(scene)
    app.step([], 0)
    events.click(app, scene.card_button.rect.center)
    finish(app, scene, "card")
    (card,) = documents.glob("*.pdf")
    assert MADE_FROM_COPY in pdf_text(card)
    (page,) = documents.glob("*.html")
    assert 'class="copy"' in page.read_text(encoding="utf-8")
