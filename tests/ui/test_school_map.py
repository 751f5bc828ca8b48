"""The school map drawn and heard: pieces inside their cards in an upright window, a stage's
star filled as far as its stars, its speaker button, and the moment a house or the whole school
is finished."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import events
import pygame
import pytest
from events import make_app

from game.content.school import default_school
from game.store.progress import ProgressStore
from game.ui.app import App
from game.ui.core import theme
from game.ui.core.read_aloud import MIN_TOUCH
from game.ui.core.scene import Scene
from game.ui.school.school import SchoolScene
from game.ui.school.school_map import HouseButton
from game.words.school import finished_sentence

KEY = (1, 2, 3)  # a colour nothing draws: what a card must leave untouched around itself


class FakeSpeaker:
    def __init__(self) -> None:
        self.available = True
        self.said: list[str] = []

    def say(self, text: str, language: str) -> None:
        self.said.append(text)

    def stop(self) -> None:
        pass


def said(app: App) -> list[str]:
    speaker = app.speaker
    assert isinstance(speaker, FakeSpeaker)
    return speaker.said


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    store = ProgressStore(tmp_path)
    store.add_player("Ana")
    store.roster.select_player("Ana")
    application = make_app(store, (600, 760), speaker=FakeSpeaker())
    yield application
    application.close()


def drawn(button: HouseButton, size: tuple[int, int], card: pygame.Rect) -> pygame.Surface:
    from game.ui.core.assets import Assets

    surface = pygame.Surface(size)
    surface.fill(KEY)
    button.rect = card
    button.draw(surface, Assets(), 18)
    return surface


@pytest.mark.parametrize("house_name", ["queen", "knight", "together"])
def test_an_upright_card_keeps_its_pieces_inside(app: App, house_name: str) -> None:
    """At 600x760 the cards are narrow and tall: the pieces shrink to the card's width."""
    house = default_school().house(house_name)
    assert house is not None
    card = pygame.Rect(40, 10, 120, 290)
    surface = drawn(HouseButton(house, lambda: None), (200, 320), card)
    outside = [
        (x, y)
        for x in (*range(0, card.left), *range(card.right, 200))
        for y in range(320)
        if surface.get_at((x, y))[:3] != KEY
    ]
    assert outside == []


def gold(surface: pygame.Surface) -> int:
    return sum(
        1
        for x in range(surface.get_width())
        for y in range(surface.get_height())
        if surface.get_at((x, y))[:3] == theme.STAR[:3]
    )


def test_a_stage_star_on_the_map_is_filled_as_far_as_its_stars() -> None:
    """Two stars on the board after Show me: a star two-thirds gold on the map, not a full one."""
    pygame.init()
    house = default_school().house("rook")
    assert house is not None
    button = HouseButton(house, lambda: None)
    card = pygame.Rect(0, 0, 240, 240)
    counts = []
    for stars in (0, 1, 2, 3):
        button.stars = [stars, 0, 0, 0, 0]
        counts.append(gold(drawn(button, (240, 250), card)))
    assert counts[0] == 0 < counts[1] < counts[2] < counts[3]


def test_the_map_has_a_speaker_that_reads_its_words(app: App) -> None:
    school = SchoolScene(app.context)
    app.push(school)
    app.step([], 0)
    assert school.speaker_button in school.buttons
    assert min(school.speaker_button.rect.size) >= MIN_TOUCH
    assert app.screen.get_rect().contains(school.speaker_button.rect)
    events.click(app, school.speaker_button.rect.center)
    assert said(app)[-1].startswith("Piece school. ")
    assert school.words in said(app)[-1]
    assert all(button.label in said(app)[-1] for button in school.houses) and "Rook" in said(app)[-1]


def come_back_after(app: App, school: SchoolScene, stage_id: str) -> None:
    """A stage played over the map and solved, then back to the map."""
    app.push(Scene(app.context))
    app.store.record_solve("Ana", stage_id, 0, 0, False)
    app.pop()
    app.step([], 0.1)


def test_finishing_a_house_shows_its_moment_then_a_press_goes_back_to_the_map(app: App) -> None:
    app.store.set_setting("read_aloud", True)
    school_data = default_school()
    rook = school_data.house("rook")
    assert rook is not None
    for stage_id in rook.ids[:-1]:
        app.store.record_solve("Ana", stage_id, 0, 0, False)
    school = SchoolScene(app.context)
    app.push(school)
    app.step([], 0)
    assert school.moment is None  # nothing was finished while the map looked
    come_back_after(app, school, rook.ids[0])  # played again: nothing new
    assert school.moment is None
    come_back_after(app, school, rook.ids[-1])
    assert school.moment is not None and school.moment.finish.house == "rook" and not school.moment.finish.school
    assert school.moment.words == finished_sentence("rook", False, len(school_data.houses) - 1)
    assert said(app)[-1] == school.moment.words
    app.step([events.key_down(pygame.K_SPACE)], 0.1)
    assert school.moment is None and app.scene is school  # the press did nothing else


def test_finishing_the_last_house_finishes_the_school(app: App) -> None:
    school_data = default_school()
    ids = [stage.id for stage in school_data.stages]
    for stage_id in ids[:-1]:
        app.store.record_solve("Ana", stage_id, 0, 0, False)
    school = SchoolScene(app.context)
    app.push(school)
    app.step([], 0)
    come_back_after(app, school, ids[-1])
    assert school.moment is not None and school.moment.finish.school
    assert len(school.moment.letters) == 6
    for _ in range(20):
        app.step([], 0.1)
    assert school.moment.settled and not school.animating
