"""The teacher's desk prints: a worksheet (a range of a level, or a child's next puzzles with her
name) and the class's progress cards from the Print screen, each kept in the documents folder and
sent to the printer on the job worker, the screen saying what became of it; and a child's card
from her page. The printer is a stand-in on the scene context (`ctx.print_file`): nothing here
reaches a real print queue (tests/outputs/test_printing.py does)."""

from __future__ import annotations

import os
import threading

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from dataclasses import dataclass, field
from pathlib import Path

import events
import pytest
from events import article_collection
from pypdf import PdfReader

from game.jobs import ThreadRunner
from game.outputs.printing import Outcome, PrintResult
from game.store.progress import ProgressStore
from game.ui.app import App
from game.ui.child import child
from game.ui.child.child import ChildScene
from game.ui.class_table.class_progress import ClassScene
from game.ui.core.layout import MIN_TARGET_PX, Layout
from game.ui.core.scene import Scene
from game.ui.paper import print_sheets
from game.ui.paper.print_sheets import PrintScene
from game.words import printing as words

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


@dataclass
class Printer:
    """A stand-in for the computer's printer: notes what it was sent, and on which thread, and
    answers as `outcome` says, in the words `print_pdf` would use."""

    outcome: Outcome = Outcome.PRINTED
    sent: list[Path] = field(default_factory=list)
    threads: list[threading.Thread] = field(default_factory=list)

    def __call__(self, path: Path) -> PrintResult:
        self.sent.append(path)
        self.threads.append(threading.current_thread())
        assert path.is_file()  # the PDF is made and kept before it is sent
        if self.outcome is Outcome.PRINTED:
            return PrintResult(self.outcome, path, "Office-7", "Office", words.printed(str(path), "Office-7", "Office"))
        if self.outcome is Outcome.NO_PRINTER:
            return PrintResult(self.outcome, path, words=words.no_printer(str(path)))
        return PrintResult(self.outcome, path, words=words.refused("The printer is out of paper", str(path)))


@pytest.fixture
def printer(app: App) -> Printer:
    stand_in = Printer()
    app.context.print_file = stand_in
    return stand_in


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


def pdf_texts(path: Path) -> list[str]:
    return [page.extract_text() for page in PdfReader(path).pages]


def test_print_a_worksheet_from_the_class_screen(app: App, documents: Path, printer: Printer) -> None:
    scene = open_print(app)
    events.click(app, scene.more_button.rect.center)  # 12 puzzles: the level has 7
    events.click(app, scene.hints_button.rect.center)
    assert not scene.hints and scene.answers and scene.count == 12
    assert scene.range_text() == "Puzzles 1 to 7"
    events.click(app, scene.print_button.rect.center)
    finish(app, scene, "print")
    (sheet,) = documents.glob("solochess-worksheet-beginner-*.pdf")
    assert printer.sent == [sheet]  # made, kept where it was, then sent
    assert scene.message == f"Sent to the printer Office (job Office-7). The file is kept at {sheet}."
    texts = pdf_texts(sheet)
    assert "Puzzle 7 · Beginner" in texts[0] + texts[1] and "Answers" in texts[-1]


def test_no_printer_says_so_and_where_the_file_is(app: App, documents: Path, printer: Printer) -> None:
    printer.outcome = Outcome.NO_PRINTER
    scene = open_print(app)
    events.click(app, scene.print_button.rect.center)
    finish(app, scene, "print")
    (sheet,) = documents.glob("*.pdf")
    assert scene.message == f"This computer has no printer set up. The file is at {sheet}: print it from there."
    scene.draw(app.screen)


def test_a_printer_that_refuses_says_why(app: App, documents: Path, printer: Printer) -> None:
    printer.outcome = Outcome.FAILED
    scene = open_print(app)
    events.click(app, scene.cards_button.rect.center)
    finish(app, scene, "print")
    (cards,) = documents.rglob("*.pdf")
    assert scene.message == f"The printer did not take the file: The printer is out of paper. The file is at {cards}."


def test_print_the_classs_progress_cards(app: App, documents: Path, printer: Printer) -> None:
    scene = open_print(app)
    assert scene.cards_button.label == "Progress cards for the class"
    events.click(app, scene.cards_button.rect.center)
    finish(app, scene, "print")
    (cards,) = documents.rglob("*.pdf")  # the class's cards in one PDF, a card a page
    pages = pdf_texts(cards)
    assert len(pages) == 2 and "Ana" in pages[0] and "Ben" in pages[1]
    assert printer.sent == [cards] and str(cards) in scene.message and "Office" in scene.message


def test_a_range_of_the_level_not_random_puzzles(app: App, documents: Path, printer: Printer) -> None:
    scene = open_print(app)
    assert not scene.earlier_button.enabled  # the range starts at the level's first puzzle
    events.click(app, scene.later_button.rect.center)  # 6 a sheet: 7 on, and the level ends there
    assert scene.range_text() == "Puzzles 7 to 7" and not scene.later_button.enabled
    events.click(app, scene.earlier_button.rect.center)
    events.click(app, scene.earlier_button.rect.center)  # never before the first
    assert scene.range_text() == "Puzzles 1 to 6"
    events.click(app, scene.later_button.rect.center)
    events.click(app, scene.print_button.rect.center)
    finish(app, scene, "print")
    (sheet,) = documents.glob("*.pdf")
    text = "".join(pdf_texts(sheet))
    assert "Puzzle 7 · Beginner" in text and "Puzzle 6 · Beginner" not in text


def test_a_childs_next_puzzles_carry_her_name(app: App, documents: Path, printer: Printer) -> None:
    scene = open_print(app)
    assert scene.child_text() == "For the whole class"
    events.click(app, scene.later_child_button.rect.center)
    assert scene.child == "Ana" and scene.child_text() == "For Ana"
    assert not scene.earlier_button.enabled and not scene.later_button.enabled  # her puzzles, not a range
    events.click(app, scene.print_button.rect.center)
    finish(app, scene, "print")
    (sheet,) = documents.glob("*.pdf")
    texts = pdf_texts(sheet)
    assert "Name: Ana" in texts[0] and "for Ana" in texts[0]
    # Ana solved the first: her sheet begins with the second, and has six.
    assert "Puzzle 2 · Beginner" in texts[0] and "Puzzle 1 · Beginner" not in "".join(texts)
    assert "Puzzle 7 · Beginner" in "".join(texts)
    events.click(app, scene.earlier_child_button.rect.center)
    assert scene.child is None  # round the class and back to the whole class


def test_a_child_who_solved_them_all_is_told_in_words(app: App, documents: Path, printer: Printer) -> None:
    for number in range(1, 8):
        app.store.record_solve("Ben", f"beginner-{number:03}", hints=0, undos=0, used_auto=False, moves=3)
    scene = open_print(app)
    events.click(app, scene.earlier_child_button.rect.center)  # back round the class: the last, Ben
    assert scene.child == "Ben"
    events.click(app, scene.print_button.rect.center)
    assert scene.message == "Ben has solved every one of these puzzles."
    assert not printer.sent and not documents.exists()


def test_no_cards_without_children(app: App, documents: Path, printer: Printer) -> None:
    for name in app.store.players():
        app.store.remove_player(name)
    scene = open_print(app)
    events.click(app, scene.cards_button.rect.center)
    assert scene.message == "Nobody has played yet." and not printer.sent


@pytest.mark.app(runner=ThreadRunner())  # about the thread: a real one
def test_the_printer_is_called_on_the_job_worker(app: App, documents: Path, printer: Printer) -> None:
    scene = open_print(app)
    events.click(app, scene.print_button.rect.center)
    finish(app, scene, "print")
    assert len(printer.threads) == 1 and printer.threads[0] is not threading.main_thread()
    assert "Office" in scene.message


def test_a_failed_save_says_why(app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, printer: Printer) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setattr(print_sheets, "documents_folder", lambda: blocker / "Documents")
    scene = open_print(app)
    events.click(app, scene.print_button.rect.center)
    finish(app, scene, "print")
    assert "could not be saved" in scene.message and not printer.sent


@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1366, 768), (1920, 1080)])
def test_every_target_is_big_enough_and_on_the_screen(app: App, size: tuple[int, int]) -> None:
    scene = PrintScene(app.context)
    scene.resize(Layout(size))
    rects = [button.rect for button in scene.buttons]
    assert all(min(rect.size) >= MIN_TARGET_PX and Layout(size).screen.contains(rect) for rect in rects)
    assert not any(rect.colliderect(other) for index, rect in enumerate(rects) for other in rects[index + 1 :])


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
