"""The teacher's class switcher (issue 43): in a school folder of several classes, the class table
and Live name the class they show and switch to another on the teacher's class cards, which list
last years' archived classes too; the screen she switched from opens again on the new class, made
anew, with its "Who is playing?" below it; a class with a PIN asks for it first. A folder of one
class shows no switch. The other teacher's screens, and last year's progress cards, follow."""

from __future__ import annotations

import tempfile
from pathlib import Path

import events
import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pypdf import PdfReader
from test_one_switch_journey import choose as switch_choose

from game.store.progress import ProgressStore
from game.ui.app import App
from game.ui.class_table.class_progress import ClassScene
from game.ui.classes.class_cards import ClassCardsScene
from game.ui.gate.gate import GateScene
from game.ui.live.live import LiveClassScene
from game.ui.paper import print_sheets
from game.ui.paper.print_sheets import PrintScene
from game.ui.players.players import PlayersScene
from game.ui.year.year import SchoolYearScene
from game.words import school_year

CLASSES = {
    "1A": ("Ana", "Ben"),
    "2B": ("Clara", "Dmytro", "Emma"),
    "3C": ("Farid",),
    "4D": ("Greta", "Hugo"),
}


def make_school(folder: Path, names: list[str], school_pin: str | None = None) -> dict[str, ProgressStore]:
    """A school folder of the classes `names` (of `CLASSES`), each with its children (with
    `school_pin`, the school's own class's PIN, chosen before the classes are added, which share
    it); each class's store by name."""
    top = ProgressStore(folder)
    top.mark_help_seen()
    if school_pin is not None:
        top.pin.choose(school_pin)
    ids = {name: top.school.add_class(name, "fox", "blue") for name in names}
    top.flush()
    stores = {}
    for name, class_id in ids.items():
        one = ProgressStore(folder / "classes" / class_id)
        one.mark_help_seen()
        for child in CLASSES[name]:
            one.add_player(child)
        one.flush()
        stores[name] = one
    return stores


def teachers_window(folder: Path, first: str) -> App:
    """The teacher's window on `folder`: class `first` chosen on the cards, its class table open."""
    app = events.make_app(ProgressStore(folder, class_only=True))
    app.nav.start()
    app.step([], 0.016)
    choose(app, first)
    app.nav.open_class()
    gate = app.scene
    assert isinstance(gate, GateScene)
    gate.passed()
    app.step([], 0.016)
    assert isinstance(app.scene, ClassScene)
    return app


def choose(app: App, label: str) -> None:
    cards = app.scene
    assert isinstance(cards, ClassCardsScene), f"{type(cards).__name__} instead of the class cards"
    card = next((card for card in cards.cards if card.label == label), None)
    assert card is not None, f"{label} not among {[card.label for card in cards.cards]}"
    while card not in cards.page_cards:
        cards.turn_page(1)
    events.click(app, card.rect.center)
    app.step([], 0.016)


def switch(app: App, label: str) -> None:
    """The switch on the screen on top, then the class `label` on the teacher's cards."""
    scene = app.scene
    assert isinstance(scene, ClassScene | LiveClassScene)
    button = scene.class_bar.button
    assert button.shown and button in scene.buttons, "the switch is on the screen, and Tab and a switch reach it"
    events.click(app, button.rect.center)
    cards = app.scene
    assert isinstance(cards, ClassCardsScene) and cards.teacher
    choose(app, label)


def rows_of(scene: object) -> list[str]:
    """The children's names on the class table's rows, or on Live's cards."""
    if isinstance(scene, LiveClassScene):
        return [row.name for row in scene.rows]
    assert isinstance(scene, ClassScene)
    return [button.row.name for button in scene.rows]


def players_below(app: App) -> list[str]:
    """The names "Who is playing?" under the teacher's screens shows."""
    players = [scene for scene in app.scenes if isinstance(scene, PlayersScene)]
    assert len(players) == 1 and app.scenes[0] is players[0]
    return sorted(players[0].cards)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    count=st.integers(2, 4),
    data=st.data(),
    live=st.booleans(),
)
def test_switching_shows_exactly_the_chosen_classs_children(count: int, data: st.DataObject, live: bool) -> None:
    names = list(CLASSES)[:count]
    first = data.draw(st.sampled_from(names), "from")
    then = data.draw(st.sampled_from([name for name in names if name != first]), "to")
    with tempfile.TemporaryDirectory() as folder:
        make_school(Path(folder), names)
        app = teachers_window(Path(folder), first)
        if live:
            app.nav.open_live()
            app.step([], 0.016)
        switch(app, then)
        scene = app.scene
        assert type(scene) is (LiveClassScene if live else ClassScene), "the screen she switched from"
        shown = rows_of(scene)
        assert sorted(shown) == sorted(CLASSES[then])
        assert players_below(app) == sorted(CLASSES[then])
        assert [type(below) for below in app.scenes] == [PlayersScene, ClassScene, *([LiveClassScene] if live else [])]
        assert scene.class_bar.name == then and scene.class_bar.several
        if isinstance(scene, ClassScene):
            assert scene.title == f"Class {then}"
        app.close()


def test_a_class_with_a_pin_asks_for_it_and_cancel_leaves_its_who_is_playing(tmp_path: Path) -> None:
    stores = make_school(tmp_path, ["1A", "2B"])
    stores["2B"].pin.choose("2468")
    stores["2B"].flush()
    app = teachers_window(tmp_path, "1A")
    app.nav.open_live()
    switch(app, "2B")
    gate = app.scene
    assert isinstance(gate, GateScene) and gate.uses_pin, "2B's own PIN, before its screens"
    assert [type(scene) for scene in app.scenes] == [PlayersScene, GateScene], "nothing of 1A is left"
    events.click(app, gate.cancel_button.rect.center)
    assert [type(scene) for scene in app.scenes] == [PlayersScene]
    assert players_below(app) == ["Clara", "Dmytro", "Emma"]
    app.nav.open_class()
    gate = app.scene
    assert isinstance(gate, GateScene)
    for digit in "2468":
        gate.type_digit(digit)
    gate.submit()
    assert isinstance(app.scene, ClassScene) and app.nav.behind_pin
    assert sorted(rows_of(app.scene)) == ["Clara", "Dmytro", "Emma"]
    switch(app, "1A")  # a class without a PIN opens at once
    assert isinstance(app.scene, ClassScene) and not app.nav.behind_pin
    assert sorted(rows_of(app.scene)) == ["Ana", "Ben"]
    app.close()


def test_classes_that_share_the_schools_pin_open_without_asking_it_again(tmp_path: Path) -> None:
    """The school's own class has a PIN and the teacher adds 2B and 3C with it typed: they start
    with it; typed once at a gate of her window, it opens each class she switches to, while a class
    with a PIN of its own still asks."""
    stores = make_school(tmp_path, ["2B", "3C", "4D"], school_pin="2468")
    assert stores["4D"].pin.check("2468")
    stores["4D"].pin.choose("1357")  # a PIN of its own
    assert stores["4D"].flush()
    app = events.make_app(ProgressStore(tmp_path, class_only=True))
    app.nav.start()
    app.step([], 0.016)
    choose(app, "2B")
    app.nav.open_class()
    gate = app.scene
    assert isinstance(gate, GateScene) and gate.uses_pin, "2B has the school's PIN"
    for digit in "2468":
        gate.type_digit(digit)
    gate.submit()
    assert isinstance(app.scene, ClassScene) and app.nav.behind_pin
    switch(app, "3C")
    assert isinstance(app.scene, ClassScene) and app.nav.behind_pin, "the school's PIN opens 3C"
    assert rows_of(app.scene) == ["Farid"]
    switch(app, "4D")
    assert isinstance(app.scene, GateScene), "4D's own PIN is asked"
    app.close()


def test_the_pin_passed_opens_live_over_the_new_class_table(tmp_path: Path) -> None:
    stores = make_school(tmp_path, ["1A", "2B"])
    stores["2B"].pin.choose("2468")
    stores["2B"].flush()
    app = teachers_window(tmp_path, "1A")
    app.nav.open_live()
    switch(app, "2B")
    gate = app.scene
    assert isinstance(gate, GateScene)
    for digit in "2468":
        gate.type_digit(digit)
    gate.submit()
    app.step([], 0.016)
    assert [type(scene) for scene in app.scenes] == [PlayersScene, ClassScene, LiveClassScene]
    live = app.scene
    assert isinstance(live, LiveClassScene) and sorted(rows_of(live)) == ["Clara", "Dmytro", "Emma"]
    app.close()


def test_cancel_and_the_class_shown_change_nothing(tmp_path: Path) -> None:
    make_school(tmp_path, ["1A", "2B"])
    app = teachers_window(tmp_path, "2B")
    table = app.scene
    events.click(app, table.class_bar.button.rect.center)  # type: ignore[attr-defined]
    cards = app.scene
    assert isinstance(cards, ClassCardsScene) and cards.title == "Which class do you want to see?"
    events.click(app, cards.cancel_button.rect.center)
    assert app.scene is table
    events.click(app, table.class_bar.button.rect.center)  # type: ignore[attr-defined]
    events.press(app, pygame.K_ESCAPE)
    assert app.scene is table
    switch(app, "2B")
    assert app.scene is table, "the class shown: back to it as it was"
    app.close()


def test_the_teacher_s_window_is_no_lesson_laptop(tmp_path: Path) -> None:
    make_school(tmp_path, ["1A", "2B"])
    app = teachers_window(tmp_path, "1A")
    remembered = app.lesson.computer.lesson_class(app.top.folder, app.lesson.clock())
    switch(app, "2B")
    assert app.lesson.computer.lesson_class(app.top.folder, app.lesson.clock()) == remembered, "1A stays the lesson's"
    app.close()


def test_the_other_teacher_s_screens_show_the_new_class(tmp_path: Path) -> None:
    make_school(tmp_path, ["1A", "2B"])
    app = teachers_window(tmp_path, "1A")
    switch(app, "2B")
    app.nav.open_print()
    printing = app.scene
    assert isinstance(printing, PrintScene)
    children = []
    for _ in CLASSES["2B"]:
        printing.change_child(1)
        children.append(printing.child)
    assert children == ["Clara", "Dmytro", "Emma"]
    app.nav.back()
    app.nav.open_assignments()
    assert app.scene.ctx.store is app.store and sorted(app.store.players()) == ["Clara", "Dmytro", "Emma"]
    app.nav.back()
    app.nav.open_child("Emma")
    assert app.scene.ctx.store.players() == app.store.players()
    app.close()


def test_last_years_class_is_on_the_teacher_s_cards_and_prints_its_report_cards(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stores = make_school(tmp_path, ["1A", "2B"])
    top = ProgressStore(tmp_path)
    top.school.archive_year("2025-26")
    top.school.add_class("3C", "owl", "red")
    top.flush()
    farid = ProgressStore(top.school.current()[-1].folder)
    farid.mark_help_seen()
    farid.add_player("Farid")
    farid.flush()
    stores["2B"].record_solve("Emma", "beginner-001", hints=0, undos=0, used_auto=False, moves=3)
    stores["2B"].flush()
    app = events.make_app(ProgressStore(tmp_path, class_only=True))
    app.nav.start()
    app.step([], 0.016)
    assert players_below(app) == ["Farid"], "this year's one class: the laptops open on it"
    app.nav.open_class()
    app.scene.passed()  # type: ignore[attr-defined]
    table = app.scene
    assert isinstance(table, ClassScene) and table.class_bar.several
    events.click(app, table.class_bar.button.rect.center)
    cards = app.scene
    assert isinstance(cards, ClassCardsScene)
    assert [card.label for card in cards.cards] == ["3C", "1A · 2025-26", "2B · 2025-26"]
    choose(app, "2B · 2025-26")
    table = app.scene
    assert isinstance(table, ClassScene) and table.title == "Class 2B · 2025-26"
    assert sorted(rows_of(table)) == ["Clara", "Dmytro", "Emma"]
    documents = tmp_path / "Documents"
    monkeypatch.setattr(print_sheets, "documents_folder", lambda: documents)
    app.context.print_file = lambda path: print_sheets.PrintResult(print_sheets.Outcome.SAVED, path)  # type: ignore[attr-defined]
    events.click(app, table.print_button.rect.center)
    printing = app.scene
    assert isinstance(printing, PrintScene)
    events.click(app, printing.cards_button.rect.center)
    while printing.jobs.running("print") is not None:
        app.step([], 0)
    (cards_pdf,) = documents.rglob("*.pdf")
    pages = [page.extract_text() for page in PdfReader(cards_pdf).pages]
    assert len(pages) == 3 and "Clara" in pages[0] and "Emma" in pages[2]
    app.close()


def test_a_folder_of_one_class_shows_no_switch(tmp_path: Path) -> None:
    """No class to switch to: no switch; the class table's "The school's classes" (where a teacher
    starts a school with a new class) is there as in a school; Live has only Back."""
    old = ProgressStore(tmp_path)
    old.mark_help_seen()
    old.add_player("Ana")
    old.flush()
    app = events.make_app(ProgressStore(tmp_path, class_only=True))
    app.nav.start()
    app.nav.open_class()
    app.scene.passed()  # type: ignore[attr-defined]
    table = app.scene
    assert isinstance(table, ClassScene) and table.title == "The class"
    assert not table.class_bar.several and not table.class_bar.button.shown
    assert table.class_bar.button not in table.buttons
    assert table.class_bar.school_button in table.buttons
    assert table.class_bar.school_button.label == school_year.title()
    events.click(app, table.class_bar.school_button.rect.center)
    assert isinstance(app.scene, SchoolYearScene)
    app.nav.back()
    app.nav.open_live()
    live = app.scene
    assert isinstance(live, LiveClassScene) and live.buttons == [live.back_button]
    app.close()


def test_the_keys_reach_the_switch(tmp_path: Path) -> None:
    """On the class table Tab walks to "Switch class" and Enter presses it; Escape goes back."""
    make_school(tmp_path, ["1A", "2B"])
    app = teachers_window(tmp_path, "1A")
    table = app.scene
    assert isinstance(table, ClassScene)
    for _ in table.buttons:
        if table.focus is not None and table.buttons[table.focus] is table.class_bar.button:
            break
        events.press(app, pygame.K_TAB)
    events.press(app, pygame.K_RETURN)
    cards = app.scene
    assert isinstance(cards, ClassCardsScene)
    events.press(app, pygame.K_ESCAPE)
    assert app.scene is table
    app.close()


def test_one_switch_reaches_the_switch(tmp_path: Path) -> None:
    """Live with a switch's scan: "Switch class" is lit in its turn and chosen, then a class's card."""
    make_school(tmp_path, ["1A", "2B"])
    top = ProgressStore(tmp_path)
    for store in (ProgressStore(item.folder) for item in top.school.current()[1:]):
        store.set_setting("scan_step", 1000)
        store.flush()
    app = teachers_window(tmp_path, "1A")
    app.nav.open_live()
    app.step([], 0.016)  # the scan follows the screen on top
    live = app.scene
    assert isinstance(live, LiveClassScene)
    switch_choose(app, live.class_bar.button)
    cards = app.scene
    assert isinstance(cards, ClassCardsScene) and cards.teacher
    switch_choose(app, next(card for card in cards.page_cards if card.label == "2B"))
    assert isinstance(app.scene, LiveClassScene) and sorted(rows_of(app.scene)) == ["Clara", "Dmytro", "Emma"]
    app.close()
