"""A child moved to another class from her page (issue 43): in a school of several classes her page
has "Move to another class"; the class chosen and the question answered, she is in that class
with her stars (read there by another computer) and gone from hers; a class with a PIN this
window was not given moves nothing and says why; a folder of one class has no such button."""

from __future__ import annotations

from pathlib import Path

import events
from test_class_cards import card, make_school, window

from game.store.progress import ProgressStore
from game.ui.app import App
from game.ui.child.child import ChildScene
from game.ui.child.move_child import MoveChildScene, Step
from game.ui.players.players import PlayersScene
from game.words import moving as words


def page_of(app: App, name: str) -> ChildScene:
    app.nav.open_child(name)
    app.step([], 0.016)
    scene = app.scene
    assert isinstance(scene, ChildScene)
    return scene


def in_2b_with_stars(tmp_path: Path) -> tuple[App, dict[str, str]]:
    ids = make_school(tmp_path)
    two_b = ProgressStore(tmp_path / "classes" / ids["2B"])
    two_b.record_solve("Ana", "beginner-1", 0, 0, False, moves=3)
    two_b.record_solve("Ana", "beginner-2", 1, 0, False, moves=3)
    assert two_b.flush()
    app = window(tmp_path)
    events.click(app, card(app, "2B").center)
    app.step([], 0.016)  # her results, read after the class list
    return app, ids


def press(app: App, label: str) -> None:
    button = next(button for button in app.scene.buttons if button.label == label)
    events.click(app, button.rect.center)
    app.step([], 0.016)


def test_a_child_moved_from_her_page_keeps_her_stars_in_the_other_class(tmp_path: Path) -> None:
    app, ids = in_2b_with_stars(tmp_path)
    here = ProgressStore(tmp_path / "classes" / ids["2B"], read_only=True)
    stars = {puzzle: here.stars("Ana", puzzle) for puzzle in ("beginner-1", "beginner-2")}
    assert stars == {"beginner-1": 3, "beginner-2": 2}
    page_of(app, "Ana")
    press(app, words.button())
    scene = app.scene
    assert isinstance(scene, MoveChildScene)
    assert [button.label for button in scene.class_buttons] == ["3A"], "the classes she is not in"
    press(app, "3A")
    asked = scene.words()
    assert "2B" in asked and "3A" in asked and scene.step is Step.ASK
    press(app, words.yes("3A"))
    app.step([], 0.016)
    assert scene.said == words.moved("Ana", "3A", 2)
    assert "Ana" not in app.store.players()
    app.store.flush()
    there = ProgressStore(tmp_path / "classes" / ids["3A"], read_only=True)  # another computer reads 3A
    assert {puzzle: there.stars("Ana", puzzle) for puzzle in stars} == stars
    assert "Ana" not in ProgressStore(tmp_path / "classes" / ids["2B"], read_only=True).players()
    press(app, scene.done_button.label)
    assert isinstance(app.scene, PlayersScene), "Done: past her page (she left), to the screen before it"
    app.close()


def test_a_class_whose_pin_the_window_was_not_given_moves_nothing(tmp_path: Path) -> None:
    ids = make_school(tmp_path)
    three_a = ProgressStore(tmp_path / "classes" / ids["3A"])
    three_a.pin.choose("1357")
    assert three_a.flush()
    app = window(tmp_path)
    events.click(app, card(app, "2B").center)
    page_of(app, "Ana")
    press(app, words.button())
    scene = app.scene
    assert isinstance(scene, MoveChildScene)
    press(app, "3A")
    press(app, words.yes("3A"))
    app.step([], 0.016)
    assert scene.step is Step.CHOOSE and scene.said == words.other_pin("3A")
    assert "Ana" in app.store.players()
    three_a_now = ProgressStore(tmp_path / "classes" / ids["3A"], read_only=True)
    assert three_a_now.players() == ["Clara", "Dmytro", "Emma"]
    app.nav.keep_pin("1357")  # 3A's gate passed in this window
    press(app, "3A")
    press(app, words.yes("3A"))
    app.step([], 0.016)
    assert scene.said == words.moved("Ana", "3A", 0)
    assert "Ana" in ProgressStore(tmp_path / "classes" / ids["3A"], read_only=True).players()
    app.close()


def test_a_folder_of_one_class_has_no_move(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    store.add_player("Ana")
    store.mark_help_seen()
    store.flush()
    app = window(tmp_path)
    page = page_of(app, "Ana")
    assert words.button() not in [button.label for button in page.buttons]
    app.close()
