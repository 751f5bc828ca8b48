"""Typing a share code: the on-screen keys and a real keyboard, a typo caught, then Play or Save."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pygame
import pytest
from events import click, finish_jobs, press

from game.content.codes import ALPHABET, encode
from game.rules.position import Position
from game.store.ourpuzzles import collection_path, read
from game.ui.app import App
from game.ui.board.board import BoardScene
from game.ui.board.board_view import puzzle_title
from game.ui.levels.level_select import LevelSelectScene
from game.ui.maker.code import CodeScene, CodeState, shown_code

ARTICLE = Position.parse("..Q./..R./N.../.P..", size=4)
CODE = encode(ARTICLE)


pytestmark = pytest.mark.app(players=["Tom"], below=LevelSelectScene, step=True)


def open_code(app: App) -> CodeScene:
    scene = app.scene
    assert isinstance(scene, LevelSelectScene)
    click(app, scene.code_button.rect.center)
    code = app.scene
    assert isinstance(code, CodeScene)
    return code


def click_keys(app: App, scene: CodeScene, text: str) -> None:
    for char in text:
        if char != "-":
            click(app, scene.keys[ALPHABET.index(char)].rect.center)


def test_a_code_typed_on_the_screen_keys_shows_its_board_and_plays_it(app: App) -> None:
    scene = open_code(app)
    click_keys(app, scene, CODE[:6])
    assert shown_code(scene.typed) == CODE[:6] + "___" and scene.board is None
    click_keys(app, scene, CODE[6:])
    assert scene.board == ARTICLE
    finish_jobs(app)
    assert scene.state is CodeState.READY and scene.play_button.enabled
    click(app, scene.play_button.rect.center)
    board = app.scene
    assert isinstance(board, BoardScene) and board.puzzle.board == ARTICLE
    assert puzzle_title(board.puzzle) == f"Code {CODE}"


def test_a_real_keyboard_types_too_reading_o_as_zero_and_enter_plays(app: App) -> None:
    scene = open_code(app)
    for char in CODE.lower().replace("0", "o"):
        press(app, pygame.K_a, text=char)  # the key code does not matter, the character does
    assert scene.typed == CODE.replace("-", "")
    finish_jobs(app)
    press(app, pygame.K_RETURN)
    assert isinstance(app.scene, BoardScene)


@pytest.mark.slow
def test_a_one_character_typo_is_caught_not_read_as_another_puzzle(app: App) -> None:
    scene = open_code(app)
    compact = CODE.replace("-", "")
    for place in range(len(compact)):
        wrong = next(char for char in ALPHABET if char != compact[place])
        typo = compact[:place] + wrong + compact[place + 1 :]
        while scene.typed:
            press(app, pygame.K_BACKSPACE)
        click_keys(app, scene, typo)
        assert scene.state is CodeState.TYPO and scene.board is None, typo
        assert "typo" in scene._words()
        assert not scene.play_button.enabled and not scene.save_button.enabled
    press(app, pygame.K_BACKSPACE)
    click_keys(app, scene, compact[-1])
    assert scene.board == ARTICLE


def test_save_puts_the_puzzle_in_our_puzzles(app: App, tmp_path: Path) -> None:
    scene = open_code(app)
    click_keys(app, scene, CODE)
    finish_jobs(app)
    click(app, scene.save_button.rect.center)
    finish_jobs(app)
    puzzles, problems = read(collection_path(tmp_path))
    assert [ours.puzzle.board for ours in puzzles] == [ARTICLE] and problems == []
    assert "Saved" in scene.message


def test_an_unsolvable_board_says_so(app: App) -> None:
    scene = open_code(app)
    click_keys(app, scene, encode(Position.parse("K.../..../..../...Q", size=4)))
    finish_jobs(app)
    assert scene.state is CodeState.UNSOLVABLE and not scene.play_button.enabled


SIZES = [(1024, 768), (800, 600), (480, 640), (600, 800), (768, 1024)]


@pytest.mark.parametrize("app", SIZES, ids=[f"{w}x{h}" for w, h in SIZES], indirect=True)
def test_every_key_is_on_the_screen_apart_and_big_enough_to_touch(app: App) -> None:
    scene = open_code(app)
    for button in scene.buttons:
        assert button.rect.width >= 44 and button.rect.height >= 44, button.label
        assert app.layout.screen.contains(button.rect), button.label
    for first, second in combinations(scene.buttons, 2):
        assert not first.rect.colliderect(second.rect), (first.label, second.label)
    assert not scene.board_rect.colliderect(scene.code_rect), "the board above the code, in a tall window too"
    click_keys(app, scene, CODE)
    assert scene.board == ARTICLE
