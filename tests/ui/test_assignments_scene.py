"""The teacher's assignments screen: the list with who finished, New, Remove, from the class screen."""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path

import pygame
import pytest
from events import article_collection, click, finish_jobs, make_app, press

from game.rules.position import Position
from game.store.ourpuzzles import add, collection_path, make
from game.store.progress import ProgressStore
from game.ui.app import App
from game.ui.assignment_form import Mode
from game.ui.scene import Scene
from game.ui.scenes.assignments import AssignmentsScene
from game.ui.scenes.class_progress import ClassScene

IDS = tuple(f"beginner-{n:03d}" for n in range(1, 13))


@pytest.fixture
def store(tmp_path: Path) -> ProgressStore:
    store = ProgressStore(tmp_path)
    for name in ("Zoë", "Ana", "Ben"):
        store.add_player(name)
    return store


pytestmark = pytest.mark.app(collection=article_collection(IDS), below=Scene)


def mode_of(scene: AssignmentsScene) -> Mode:
    return scene.mode  # read afresh: a click changes it


def open_scene(app: App) -> AssignmentsScene:
    scene = AssignmentsScene(app)
    app.push(scene)
    finish_jobs(app)
    return scene


def test_the_class_screen_opens_the_assignments(app: App) -> None:
    scene = ClassScene(app)
    app.push(scene)
    app.step([], 0)
    click(app, scene.assignments_button.rect.center)
    assert isinstance(app.scene, AssignmentsScene)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, ClassScene)


def test_each_assignment_says_who_has_finished_it(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui.widgets import draw_text as real

    app.store.add_assignment("Warm-up", ["beginner-001", "beginner-002"], due="2026-12-01")
    app.store.add_assignment("For Ben", ["beginner-003"], children=["Ben"])
    for name in ("Ana", "Zoë"):
        for puzzle_id in ("beginner-001", "beginner-002"):
            app.store.record_solve(name, puzzle_id, 0, 0, False)
    scene = open_scene(app)
    assert sorted(assignment.title for _card, assignment in scene.shown) == ["For Ben", "Warm-up"]
    texts: list[str] = []

    def spy(surface: pygame.Surface, assets: object, text: str, *args: object, **kwargs: object) -> pygame.Rect:
        texts.append(text)
        return real(surface, assets, text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr("game.ui.assignment_views.draw_text", spy)
    scene.draw(app.screen)
    assert "2 puzzles · due 2026-12-01 · for the whole class" in texts
    assert "2 of 3 finished · not yet: Ben" in texts
    assert "1 puzzle · no due day · for Ben" in texts
    assert "0 of 1 finished · not yet: Ben" in texts


def test_new_sets_a_levels_next_five_for_the_children_chosen_with_a_due_day(app: App) -> None:
    app.store.add_assignment("Before", ["beginner-001", "beginner-002"])
    scene = open_scene(app)
    click(app, scene.new_button.rect.center)
    assert mode_of(scene) is Mode.NEW
    assert scene.plan() == ("Beginner: puzzles 3 to 7", [f"beginner-{n:03d}" for n in range(3, 8)])
    for name in ("Ana", "Ben"):  # each click lays the cards out again
        click(app, next(card for card in scene.child_cards if card.label == name).rect.center)
    assert scene.draft.children == {"Ana", "Ben"}
    assert [card.chosen for card in scene.child_cards] == [True, True, False]
    for _ in range(3):
        click(app, scene.later_button.rect.center)
    click(app, scene.earlier_button.rect.center)
    assert scene.draft.due_days == 1
    click(app, scene.save_button.rect.center)
    assert mode_of(scene) is Mode.LIST and scene.message == 'Set "Beginner: puzzles 3 to 7".'
    made = next(item for item in app.store.assignments() if item.title != "Before")
    assert made.puzzle_ids == tuple(f"beginner-{n:03d}" for n in range(3, 8))
    assert set(made.children) == {app.store.player("Ana").id, app.store.player("Ben").id}
    assert made.due == (date.today() + timedelta(days=1)).isoformat()


def test_new_for_the_whole_class_from_our_puzzles_with_the_keyboard(app: App, tmp_path: Path) -> None:
    ours = make(Position.parse("..Q./..R./N.../.P..", size=4), "Ana")
    add([ours], collection_path(tmp_path))
    scene = open_scene(app)
    press(app, pygame.K_TAB)  # Remove buttons: none; the arrows: none; then Done, New
    while scene.buttons[scene.focus or 0] is not scene.new_button:
        press(app, pygame.K_TAB)
    press(app, pygame.K_RETURN)
    assert mode_of(scene) is Mode.NEW
    press(app, pygame.K_TAB)
    while scene.buttons[scene.focus or 0] is not scene.source_buttons[-1][1]:
        press(app, pygame.K_TAB)
    press(app, pygame.K_RETURN)
    assert scene.draft.source == "Our puzzles"
    click(app, scene.child_cards[0].rect.center)
    click(app, scene.class_button.rect.center)
    assert scene.draft.children == set()
    click(app, scene.save_button.rect.center)
    (made,) = app.store.assignments()
    assert (made.title, made.puzzle_ids, made.children, made.due) == ("Our puzzles", (ours.puzzle.id,), (), None)


def test_saving_with_nothing_to_set_says_why(app: App) -> None:
    scene = open_scene(app)
    click(app, scene.new_button.rect.center)
    click(app, scene.source_buttons[-1][1].rect.center)
    click(app, scene.save_button.rect.center)
    assert mode_of(scene) is Mode.NEW and "no puzzles of your own" in scene.message
    assert app.store.assignments() == []
    press(app, pygame.K_ESCAPE)
    assert mode_of(scene) is Mode.LIST


def test_remove_asks_first(app: App) -> None:
    app.store.add_assignment("Old", ["beginner-001"])
    scene = open_scene(app)
    click(app, scene.remove_buttons[0].rect.center)
    assert mode_of(scene) is Mode.CONFIRM
    click(app, scene.no_button.rect.center)
    assert mode_of(scene) is Mode.LIST and len(app.store.assignments()) == 1
    click(app, scene.remove_buttons[0].rect.center)
    click(app, scene.yes_button.rect.center)
    assert mode_of(scene) is Mode.LIST and app.store.assignments() == [] and scene.shown == []
    assert scene.message == '"Old" is removed.'


@pytest.mark.parametrize("size", [(1024, 768), (768, 1024), (1920, 1080), (800, 600)])
def test_many_assignments_and_children_fit_in_pages(tmp_path: Path, size: tuple[int, int]) -> None:
    store = ProgressStore(tmp_path)
    for index in range(45):
        store.add_player(f"Child {index:02}")
    for index in range(12):
        store.add_assignment(f"Assignment {index}", [IDS[index]], due="2026-12-01")
    app = make_app(store, size, collection=article_collection(IDS))
    try:
        app.push(Scene(app))
        scene = open_scene(app)
        for mode in (Mode.LIST, Mode.NEW):
            seen: set[str] = set()
            for _page in range(scene.pages):
                rects = [button.rect for button in scene.buttons]
                assert all(app.layout.screen.contains(rect) for rect in rects), size
                assert all(rect.width >= 44 and rect.height >= 44 for rect in rects)
                assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])
                if mode is Mode.LIST:
                    seen |= {assignment.title for _card, assignment in scene.shown}
                else:
                    seen |= {card.label for card in scene.child_cards}
                scene.turn_page(1)
            assert len(seen) == (12 if mode is Mode.LIST else 45)
            scene.start_new()
    finally:
        app.close()
