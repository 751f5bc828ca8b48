"""The class's language, changed on another computer, reaches every open screen (issue 42):
once the app takes the new setting, no button of any screen in the layout catalogue keeps a
label of the language before."""

from __future__ import annotations

import gettext

import pytest
from events import article_collection
from layout_scenes import BEGINNERS, PLAYERS, SCENES, sampled

from game import i18n
from game.ui.app import App
from game.ui.core.widgets import Button

pytestmark = pytest.mark.app(size=(960, 540), players=PLAYERS, collection=article_collection(BEGINNERS))

GERMAN: dict[str, str] = gettext.translation(i18n.DOMAIN, i18n.LOCALE_DIR, languages=["de"])._catalog  # type: ignore[attr-defined]


def labels(app: App) -> list[str]:
    scene = app.scene
    buttons = [value for value in vars(scene).values() if isinstance(value, Button)]
    buttons += [button for button in scene.buttons if isinstance(button, Button)]
    panel = vars(getattr(scene, "panel", None) or object) if hasattr(getattr(scene, "panel", None), "__dict__") else {}
    buttons += [value for value in panel.values() if isinstance(value, Button)]
    return [button.label for button in buttons]


@pytest.mark.parametrize("name", sampled(sorted(SCENES)))
def test_no_button_keeps_the_language_before(app: App, name: str) -> None:
    scene = SCENES[name](app)
    if not app.scenes or app.scene is not scene:
        app.push(scene)
    app.step([], 0.25)
    try:
        app.store.set_setting("language", "de")  # as a re-read of the class brings it
        app.step([], 0.25)
        assert i18n.language() == "de"
        stale = [label for label in labels(app) if label and GERMAN.get(label, label) != label]
        assert not stale, f"{name}: still in English after the class went German: {stale}"
    finally:
        i18n.set_language("en")


def test_the_boards_message_follows_the_class_language(app: App) -> None:
    from game.ui.board.board import BoardScene

    scene = SCENES["board"](app)
    if not app.scenes or app.scene is not scene:
        app.push(scene)
    app.step([], 0.25)
    assert isinstance(scene, BoardScene)
    english = scene.session.message.text
    try:
        app.store.set_setting("language", "de")
        app.step([], 0.25)
        assert GERMAN.get(english, "") and scene.session.message.text == GERMAN[english]
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language", [code for code in i18n.LANGUAGES if code != "en"])
def test_a_message_naming_a_piece_follows_the_class_language_pieces_and_all(app: App, language: str) -> None:
    """A child chose the rook ("The rook can capture…", a sentence made with the piece in it, no
    catalogue sentence): the class's new language says it again, naming the same piece."""
    from game.ui.board.board import BoardScene
    from game.words.board import piece_name

    scene = SCENES["board"](app)
    if not app.scenes or app.scene is not scene:
        app.push(scene)
    app.step([], 0.25)
    assert isinstance(scene, BoardScene)
    rook = next(square for square, letter in enumerate(scene.session.position.cells) if letter == "R")
    scene.show(scene.session.tap(rook))
    before = scene.session.message
    assert before.pieces == ("R",) and "rook" in before.text
    try:
        app.store.set_setting("language", language)
        app.step([], 0.25)
        now = scene.session.message
        i18n.use_language(language)
        assert now.text != before.text and now.pieces == before.pieces
        assert piece_name("R").casefold() in now.text.casefold(), now.text  # the rook, in its words
    finally:
        i18n.set_language("en")
