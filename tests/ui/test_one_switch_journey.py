"""One switch from the first screen to the last: a first start on a school computer whose site
file sets one-switch play, then only the switch (Space down and up, and time passing) until
a new child has her name, has won a stage of the piece school and has won a Beginner puzzle.

Which press to make is read from what the app lights (`app.switch`, or the board's own scan),
never from where things are drawn: the child presses when her choice lights up."""

from __future__ import annotations

from pathlib import Path

import events
import pygame
import pytest

from game.content.levels import load_collection
from game.play.board import solve
from game.play.outcomes import Ask, Question
from game.store.progress import ProgressStore
from game.store.site import seed_settings
from game.ui.app import App
from game.ui.board.board import BoardScene
from game.ui.board.school_stage import SchoolStageScene
from game.ui.core.switch_scan import Choosable
from game.ui.victory.victory import VictoryScene

FRAME = 0.25  # seconds a frame
STEP_MS = 1000
WAIT = 400  # frames, at most, for a choice to light up


def switch(app: App, held: float = FRAME) -> None:
    """The one switch: down, held `held` seconds, up."""
    app.step([events.key_down(pygame.K_SPACE)], 0)
    app.step([], held)
    app.step([pygame.event.Event(pygame.KEYUP, key=pygame.K_SPACE, mod=0)], 0)
    app.step([], 0)


def choose(app: App, wanted: Choosable) -> None:
    """Wait until `wanted` lights up (first its group, if it is in one of several) and press."""
    for _ in range(WAIT):
        driver, scan = app.switch, app.switch.scan
        assert driver.scene is app.scene and scan is not None, f"{type(app.scene).__name__} is not scanned"
        place = next(
            (group, item)
            for group, choices in enumerate(driver.groups)
            for item, choice in enumerate(choices)
            if choice.rect == wanted.rect
        )
        lit = scan.lit_choice
        if lit == place or (lit == (place[0], None) and scan.inside is None):
            assert driver.ring is not None, "what is lit is shown"
            switch(app)
            if lit == place:
                return
        app.step([], FRAME)
    raise AssertionError(f"never lit on {type(app.scene).__name__}")


def play_board(app: App, scene: BoardScene) -> None:
    """The board's own scan: each piece, then its capture, pressed when lit."""
    line = solve(Ask(Question.AUTO, scene.session.position), scene.session.rules)
    assert line
    for move in line:
        for square in (move.origin, move.target):
            for _ in range(WAIT):
                if scene.session.cursor == square:
                    switch(app)
                    break
                app.step([], FRAME)
            else:
                raise AssertionError(f"{square} was never lit")
        events.finish_jobs(app)


def wait_for(app: App, kind: type, frames: int = WAIT) -> None:
    for _ in range(frames):
        if isinstance(app.scene, kind):
            return
        app.step([], FRAME)
    raise AssertionError(f"{kind.__name__} never came; {type(app.scene).__name__} instead")


@pytest.fixture
def first_start(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    """A school computer's first start: an empty class folder, the site file's one switch."""
    site = tmp_path / "solochess.ini"
    site.write_text(f"[settings]\nscan_step = {STEP_MS}\n", encoding="utf-8")
    monkeypatch.setenv("SOLOCHESS_SITE_CONFIG", str(site))
    store = ProgressStore(tmp_path / "class")
    assert seed_settings(store) == [] and store.settings.scan_step == STEP_MS
    app = events.make_app(store, collection=load_collection(verify=False))
    app.nav.start()
    app.step([], 0)
    return app


def test_one_switch_takes_a_new_child_from_the_first_screen_to_a_won_stage_and_puzzle(first_start: App) -> None:
    app = first_start
    assert type(app.scene).__name__ == "HelpScene"
    choose(app, app.scene.play_button)  # type: ignore[attr-defined]
    players = app.scene
    assert type(players).__name__ == "PlayersScene" and players.typing  # type: ignore[attr-defined]
    keys = players.keys  # type: ignore[attr-defined]
    first_row = players.form.keyboard.rows[0]  # type: ignore[attr-defined]
    for letter in first_row[:2]:
        choose(app, keys[letter])
    assert players.text.casefold() == "".join(first_row[:2]).casefold()  # type: ignore[attr-defined]
    choose(app, players.ok_button)  # type: ignore[attr-defined]
    assert players.picking is not None  # type: ignore[attr-defined]
    choose(app, players.pictures[0])  # type: ignore[attr-defined]
    assert app.player is not None
    school = app.scene
    assert type(school).__name__ == "SchoolScene", "a new child is offered the piece school"
    choose(app, school.houses[0])  # type: ignore[attr-defined]
    stage = app.scene
    assert isinstance(stage, SchoolStageScene)
    for _ in range(40):  # the stage's introduction plays first
        app.step([], FRAME)
    play_board(app, stage)
    for _ in range(40):
        app.step([], FRAME)
    assert app.store.stars(app.player, stage.stage.id) > 0, "the stage was won"
    # Out of the next stage and the map with a long press each: back to the level select.
    for _ in range(2):
        switch(app, held=2.0)
        app.step([], FRAME)
    assert type(app.scene).__name__ == "LevelSelectScene"
    choose(app, app.scene.continue_button)  # type: ignore[attr-defined]
    board = app.scene
    assert isinstance(board, BoardScene) and board.puzzle.id.startswith("beginner-")
    for _ in range(int(40 / FRAME)):  # she waits for the light longer than the idle nudge waits
        app.step([], FRAME)
    assert board.session.nudge.square is None, "no nudge while the scan runs"
    play_board(app, board)
    wait_for(app, VictoryScene, 40)
    assert app.store.stars(app.player, board.puzzle.id) > 0
    app.close()
