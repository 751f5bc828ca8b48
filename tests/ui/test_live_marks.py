"""Each thing a child can be doing has a card look of its own on the live class, told apart in
greyscale (a shape each, not a colour alone); the layout catalogue's live class holds them all;
"Who is playing?" marks a child on the computer and off it."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from events import article_collection, make_app
from layout_scenes import BEGINNERS, PLAYERS, SCENES

from game.outputs.live import Doing, LiveRow
from game.store.progress import ProgressStore
from game.ui.app import App
from game.ui.live.live_cards import draw_card
from game.ui.live.live_marks import card_look, draw_mark
from game.ui.players.players import PlayersScene

SEVEN = [doing for doing in Doing if doing is not Doing.READING]

pytestmark = pytest.mark.app(players=PLAYERS, collection=article_collection(BEGINNERS))


def grey(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(pygame.transform.grayscale(surface), "RGB")


def test_the_seven_states_have_seven_looks() -> None:
    looks = {doing: card_look(doing, 40) for doing in SEVEN}
    assert len(set(looks.values())) == 7, looks
    assert len({look.mark for look in looks.values()}) == 7  # a mark each: a shape, not only a colour


def test_the_seven_marks_differ_in_greyscale() -> None:
    drawn = []
    for doing in SEVEN:
        look = card_look(doing, 40)
        surface = pygame.Surface((48, 48))
        surface.fill(look.fill)
        draw_mark(surface, look.mark, (24, 24), 16)
        drawn.append(grey(surface))
    assert len(set(drawn)) == 7


def test_the_seven_cards_draw_their_marks(app: App) -> None:
    """The same child drawn in each state: the card's top left quarter (her picture and its
    badge, or for stuck the frame) differs in greyscale from every other state's."""
    rect = pygame.Rect(0, 0, 320, 130)
    corners = []
    for doing in SEVEN:
        surface = pygame.Surface(rect.size)
        surface.fill((246, 241, 230))
        row = LiveRow("Ana", "owl", None, "", 0, "2026-11-24T09:00:00", doing)
        draw_card(surface, app.context.assets, row, rect, 40)
        corners.append(grey(surface.subsurface(pygame.Rect(0, 0, 110, 100))))
    assert len(set(corners)) == 7


def test_the_catalogues_live_class_has_a_child_in_each_state(app: App) -> None:
    scene = SCENES["live class, every state"](app)
    app.push(scene)
    app.step([], 0.016)
    assert {row.doing for row in app.scene.rows} == set(SEVEN)  # type: ignore[attr-defined]


def test_choosing_on_who_is_playing_marks_her_here_and_going_back_marks_her_gone(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    store.add_player("Ana")
    app = make_app(store)
    try:
        players = PlayersScene(app.context)
        app.push(players)
        app.step([], 0.016)
        players.choose("Ana")
        assert store.current_player == "Ana" and store.player("Ana").here_at is not None
        assert store.player("Ana").gone_at is None
        app.context.nav.open_players()  # "That's not me": back to "Who is playing?"
        assert app.scene is players
        assert store.player("Ana").gone_at is not None
    finally:
        app.close()


def test_quitting_the_game_marks_her_gone(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    store.add_player("Ana")
    app = make_app(store)
    app.push(PlayersScene(app.context))
    app.scene.choose("Ana")  # type: ignore[attr-defined]
    app.close()
    assert ProgressStore(tmp_path).player("Ana").gone_at is not None
