"""'Who is playing?' on a laptop of a school of several classes (issue 43): the children of the
laptop's class only, and that class shown with its picture and its name, as the way to another
class; heard from the speaker too; and every name with room on its card."""

from __future__ import annotations

from pathlib import Path

import events
import pytest
from class_list import add_players
from layout_scenes import SCHOOL_CHILDREN
from test_class_cards import CHILDREN, card, make_school, window
from test_read_aloud import FakeSpeaker

from game.store.progress import ProgressStore
from game.ui.classes.class_cards import ClassCardsScene
from game.ui.core.layout import CHILD_TEXT_SIZE
from game.ui.core.text_flow import text_width
from game.ui.players.players import PlayersScene
from game.ui.players.roomy_grid import least_name_size, name_room


def players_of(app: object) -> PlayersScene:
    scene = getattr(app, "scene", None)
    assert isinstance(scene, PlayersScene), f"{type(scene).__name__} instead of Who is playing?"
    return scene


def test_a_laptop_set_to_3a_shows_3as_children_and_its_class(tmp_path: Path) -> None:
    make_school(tmp_path)
    app = window(tmp_path)
    events.click(app, card(app, "3A").center)
    scene = players_of(app)
    assert sorted(scene.cards) == sorted(CHILDREN["3A"]), "exactly the class's children: none of 2B's"
    chip = scene.another_button
    assert chip.shown and chip.rect.width, "the class is on the screen"
    assert (chip.name, chip.item and chip.item.picture) == ("3A", "owl")
    assert chip.rect.bottom <= min(item.rect.top for item in scene.page_cards), "above the children's cards"
    events.click(app, chip.rect.center)
    assert isinstance(app.scene, ClassCardsScene), "the class is also the way to another class"
    app.close()


def test_the_class_is_heard_after_the_question(tmp_path: Path) -> None:
    make_school(tmp_path)
    app = events.make_app(ProgressStore(tmp_path, class_only=True), speaker=FakeSpeaker())
    app.nav.start()
    app.step([], 0.016)
    events.click(app, card(app, "2B").center)
    app.step([], 0.016)
    lines = players_of(app).words.splitlines()
    assert lines[1:] == ["2B", *CHILDREN["2B"]], lines
    app.close()


def test_a_folder_of_one_class_shows_no_class(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    store.add_player("Ana")
    app = events.make_app(store)
    scene = PlayersScene(app.context)
    app.push(scene)
    app.step([], 0.016)
    assert not scene.another_button.shown and scene.words.splitlines()[1:] == ["Ana"]
    app.close()


@pytest.mark.parametrize("size", [(480, 640), (600, 800), (800, 600), (1024, 768)])
def test_every_name_has_room_on_its_card_at_a_childs_size(tmp_path: Path, size: tuple[int, int]) -> None:
    """A class with 16-letter names in wide letters: on every page, each card leaves its name
    the room to be drawn whole at a child's size (more pages rather than names cut)."""
    store = ProgressStore(tmp_path)
    add_players(store, SCHOOL_CHILDREN)
    app = events.make_app(store, size)
    scene = PlayersScene(app.context)
    app.push(scene)
    app.step([], 0.016)
    seen = []
    for _page in range(scene.pages):
        rects = [item.rect for item in scene.page_cards]
        least = least_name_size(rects, app.layout.unit)
        assert least >= CHILD_TEXT_SIZE
        for item in scene.page_cards:
            needed = text_width(app.assets, item.label, least, bold=True)
            assert needed <= name_room(item.rect), f"{item.label!r} needs {needed} px, has {name_room(item.rect)}"
            seen.append(item.label)
        scene.turn_page(1)
    assert sorted(seen) == sorted(SCHOOL_CHILDREN), "every child on a page"
    app.close()
