"""The school's classes on the teacher's screen (issue 43): a new class named and given a picture,
this year's classes kept as a school year (asked once) and the latest change taken back, each
read back by another computer; last year's classes keep their children's results; without the
PIN of the school folder's own class the screen changes nothing."""

from __future__ import annotations

import tempfile
from datetime import date
from pathlib import Path

import events
import pygame
from class_list import Held
from events import article_collection
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pypdf import PdfReader
from test_class_cards import CHILDREN, card, make_school, window

from game.outputs.report_card_pdf import write_cards
from game.store.progress import ProgressStore
from game.store.school import ROOT
from game.ui.app import App
from game.ui.core.class_bar import paper_group
from game.ui.year.year import SchoolYearScene, YearMode
from game.words import school_year as words

TODAY = date(2027, 6, 30)


def year_screen(app: App) -> SchoolYearScene:
    app.push(SchoolYearScene(app.context, TODAY))
    app.step([], 0.016)
    scene = app.scene
    assert isinstance(scene, SchoolYearScene)
    return scene


def press(app: App, label: str) -> None:
    button = next(button for button in app.scene.buttons if button.label == label)
    events.click(app, button.rect.center)
    app.step([], 0.016)


def type_name(app: App, name: str) -> None:
    app.step([pygame.event.Event(pygame.TEXTINPUT, text=name)], 0.016)
    events.press(app, pygame.K_RETURN)


def current(folder: Path) -> list[str]:
    """The current classes as another computer reads them."""
    return [item.name for item in ProgressStore(folder, read_only=True).school.current() if item.id != ROOT]


def test_a_year_kept_then_a_new_class_and_last_years_results_stay(tmp_path: Path) -> None:
    ids = make_school(tmp_path)
    two_b = ProgressStore(tmp_path / "classes" / ids["2B"])
    two_b.record_solve("Ana", "beginner-1", 0, 0, False, moves=3)
    assert two_b.flush()
    app = window(tmp_path)
    scene = year_screen(app)
    assert scene.label == "2026-27"
    assert words.this_year(["2B", "3A"]) in scene.words()
    press(app, words.keep_year("2026-27"))
    asked = scene.words()
    assert "2B, 3A" in asked and words.keep_question(["2B", "3A"], "2026-27") == asked
    press(app, words.keep_yes("2026-27"))
    assert current(tmp_path) == []
    reader = ProgressStore(tmp_path, read_only=True).school.school
    assert [item.name for item in reader.archived("2026-27")] == ["2B", "3A"]
    assert ProgressStore(reader.get(ids["2B"]).folder, read_only=True).stars("Ana", "beginner-1") == 3
    press(app, words.new_class())
    assert scene.words() == words.name_prompt()
    type_name(app, "3B")
    assert scene.mode is YearMode.PICTURE
    owl = next(picture for picture in scene.pictures if picture.avatar == "owl")
    events.click(app, owl.rect.center)
    app.step([], 0.016)
    assert current(tmp_path) == ["3B"]
    added = ProgressStore(tmp_path, read_only=True).school.current()[-1]
    assert (added.picture, added.colour) == ("owl", "red"), "the first colour no current class has"
    assert words.kept("2026-27", 2) in scene.words()
    app.close()


def test_the_latest_change_is_undone_on_the_screen(tmp_path: Path) -> None:
    make_school(tmp_path)
    app = window(tmp_path)
    year_screen(app)
    press(app, words.keep_year("2026-27"))
    press(app, words.keep_yes("2026-27"))
    assert current(tmp_path) == []
    press(app, words.undo("archive", [], "2026-27"))
    assert current(tmp_path) == ["2B", "3A"]
    press(app, words.redo("archive", [], "2026-27"))  # taken back by mistake: made again
    assert current(tmp_path) == []
    app.close()


def test_a_class_added_and_taken_back_can_be_made_again_with_its_children(tmp_path: Path) -> None:
    """Undo of "3A added" hides a class with children from every list: the screen then offers to
    make it again, and 3A comes back with its children (their results never left its folder)."""
    make_school(tmp_path)
    app = window(tmp_path)
    scene = year_screen(app)
    latest = scene.latest()
    assert latest is not None and latest.kind == "add"
    (name,) = latest.names
    press(app, words.undo("add", [name], ""))
    assert name not in current(tmp_path)
    press(app, words.redo("add", [name], ""))
    assert current(tmp_path) == ["2B", "3A"]
    again = next(item for item in ProgressStore(tmp_path, read_only=True).school.current() if item.name == name)
    assert ProgressStore(again.folder, read_only=True).players() == sorted(CHILDREN[name])
    app.close()


def test_a_name_a_current_class_has_is_refused(tmp_path: Path) -> None:
    make_school(tmp_path)
    app = window(tmp_path)
    scene = year_screen(app)
    press(app, words.new_class())
    type_name(app, "2b")
    assert scene.mode is YearMode.NAMING and scene.message == words.taken("2b")
    app.close()


def test_without_the_school_folders_pin_nothing_changes(tmp_path: Path) -> None:
    make_school(tmp_path)
    top = ProgressStore(tmp_path)
    top.pin.choose("2468")
    assert top.flush()
    app = window(tmp_path)
    scene = year_screen(app)
    assert scene.words() == words.locked()
    assert [button.label for button in scene.buttons] == [scene.done_button.label]
    app.close()
    app = window(tmp_path)
    app.nav.keep_pin("2468")  # typed at a gate of this window
    scene = year_screen(app)
    press(app, words.keep_year("2026-27"))
    press(app, words.keep_yes("2026-27"))
    assert current(tmp_path) == []
    app.close()


ACTIONS = st.lists(st.sampled_from(["keep", "new", "undo"]), min_size=1, max_size=5)


@settings(max_examples=8, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(ACTIONS)
def test_what_the_screen_says_is_what_another_computer_reads(actions: list[str]) -> None:
    """Any run of changes: after each, the classes the screen names as this year's are those a
    fresh reader of the folder finds current."""
    with tempfile.TemporaryDirectory() as place:
        folder = Path(place)
        make_school(folder)
        app = window(folder)
        scene = year_screen(app)
        for number, action in enumerate(actions):
            labels = [button.label for button in scene.buttons]
            if action == "keep" and words.keep_year("2026-27") in labels:
                press(app, words.keep_year("2026-27"))
                press(app, words.keep_yes("2026-27"))
            elif action == "new":
                press(app, words.new_class())
                type_name(app, f"N{number}")
                events.click(app, scene.pictures[0].rect.center)
                app.step([], 0.016)
            elif action == "undo" and scene.undo_button in scene.buttons:
                press(app, scene.undo_button.label)
            assert scene.mode is YearMode.VIEW
            assert words.this_year(current(folder)) in scene.words()
        app.close()


def test_the_teacher_sets_every_laptops_class_and_a_laptop_asking_goes_to_it(tmp_path: Path) -> None:
    """From the school's classes: "Every laptop's class for this lesson", 3A; a laptop showing the
    class cards opens 3A's "Who is playing?" by itself within seconds; "Each laptop asks" takes it back."""
    from test_class_cards import shows_children_of

    from game.ui.classes.class_cards import READ_EVERY, ClassCardsScene
    from game.ui.year.trolley import TrolleyScene

    make_school(tmp_path)
    laptop = window(tmp_path)
    assert isinstance(laptop.scene, ClassCardsScene)
    teacher = window(tmp_path)
    year_screen(teacher)
    press(teacher, words.trolley_button())
    scene = teacher.scene
    assert isinstance(scene, TrolleyScene)
    press(teacher, "3A")
    assert words.trolley_set("3A", "").split(",")[0] in scene.words()
    for _ in range(3):
        laptop.step([], READ_EVERY + 0.1)
    shows_children_of(laptop, "3A")
    press(teacher, words.each_asks())
    assert words.trolley_none() in scene.words()
    fresh = window(tmp_path)
    assert isinstance(fresh.scene, ClassCardsScene), "each laptop asks again"
    for app in (laptop, teacher, fresh):
        app.close()


def test_the_class_table_under_it_shows_the_year_kept_when_the_teacher_comes_back(tmp_path: Path) -> None:
    """The class table opened before the year was kept says so once she is back on it (it said
    "Class 2B" still); in a folder of one class, a first class added brings the switch."""
    from game.ui.class_table.class_progress import ClassScene

    make_school(tmp_path)
    app = window(tmp_path)
    events.click(app, card(app, "2B").center)
    app.nav.open_class()
    app.scene.passed()  # type: ignore[attr-defined]
    table = app.scene
    assert isinstance(table, ClassScene) and table.title == "Class 2B"
    year_screen(app)
    press(app, words.keep_year("2026-27"))
    press(app, words.keep_yes("2026-27"))
    press(app, "Done")
    assert app.scene is table and table.title == "Class 2B · 2026-27"
    app.close()


def test_a_new_class_is_named_at_once_and_its_folder_made_on_a_job(tmp_path: Path) -> None:
    """On a share each step of making a class's folder waits for the network: the tap that adds
    it shows the class on the screen and makes no folder; the job makes it."""
    make_school(tmp_path)
    app = window(tmp_path)
    scene = year_screen(app)
    held = Held()
    scene.jobs.runner = held
    before = sorted(path.name for path in (tmp_path / "classes").iterdir())
    press(app, words.new_class())
    type_name(app, "3B")
    bear = next(picture for picture in scene.pictures if picture.avatar == "bear")
    events.click(app, bear.rect.center)
    assert scene.message == words.added("3B") and "3B" in scene.current()
    assert sorted(path.name for path in (tmp_path / "classes").iterdir()) == before, "no folder made on the tap"
    assert held.jobs, "the folder waits for the job"
    held.let_go()
    app.step([], 0.016)
    added = next(item for item in ProgressStore(tmp_path, read_only=True).school.current() if item.name == "3B")
    assert added.folder.is_dir() and any(added.folder.iterdir()), "the job made the class's folder"
    assert current(tmp_path) == ["2B", "3A", "3B"]
    app.close()


def test_a_progress_card_names_the_class_and_a_kept_years_too(tmp_path: Path) -> None:
    """Cards printed from a class of a school say which class they are of; from last year's 3A,
    that it was last year's: two years' cards of one child are told apart on paper."""
    ids = make_school(tmp_path)
    app = window(tmp_path)
    events.click(app, card(app, "3A").center)
    assert app.store.folder.name == ids["3A"]
    assert paper_group(app.context) == "Class 3A"
    app.lesson.top.school.archive_year("2025-26")
    group = paper_group(app.context)
    assert group == "Class 3A · 2025-26"
    child = CHILDREN["3A"][0]
    app.store.record_solve(child, "beginner-1", 0, 0, False, moves=3)
    written = write_cards(app.store, article_collection(["beginner-1"]), [child], tmp_path / "cards", group=group)
    text = PdfReader(written[0]).pages[0].extract_text()
    assert f"What {child} has done in Solo Chess · Class 3A · 2025-26 ·" in " ".join(text.split())
    app.close()
    alone = ProgressStore(tmp_path / "one class")
    alone.add_player("Ana")
    one = events.make_app(alone)
    assert paper_group(one.context) == "", "a folder of one class names none"
    one.close()
