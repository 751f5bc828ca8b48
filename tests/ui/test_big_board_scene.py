"""The big board in the game, driven by synthetic events as a child would play it: chosen on
the level select, played to victory on 8x8 by mouse and by keyboard, with its capture pips,
the lock, Undo, hints and Auto."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import events
import pygame
import pytest
from events import BIG_BOARDS, article_collection, big_collection, finish_jobs, make_app, press

from game.content.levels import Collection
from game.engine.solver import Solver
from game.rules.pieces import PIECES
from game.rules.squares import parse_square
from game.rules.variants import BIG_RULES
from game.store.progress import ProgressStore
from game.ui.app import App
from game.ui.board.board import BoardScene
from game.ui.board.board_view import puzzle_title
from game.ui.core import theme
from game.ui.core.assets import Assets
from game.ui.core.capture_pips import badge_rect, captures_left, draw_pips, piece_place, piece_room
from game.ui.core.layout import CHILD_TEXT_SIZE, MIN_TARGET_PX, BoardGeometry, Layout
from game.ui.levels.level_select import LevelSelectScene
from game.ui.victory.victory import VictoryScene
from game.words.board import Tone

pytestmark = pytest.mark.app(players=["Mia"])


def big(app: App) -> Collection:
    return app.big_collection


def open_big(app: App, level: int = 0, index: int = 0) -> BoardScene:
    scene = BoardScene(app.context, big(app).levels[level].puzzles[index], big(app))
    app.push(scene)
    app.step([], 0)
    return scene


def square_center(scene: BoardScene, name: str) -> tuple[int, int]:
    center: tuple[int, int] = scene.pieces.geometry.square_rect(parse_square(name, 8)).center
    return center


def click(app: App, scene: BoardScene, name: str) -> None:
    events.click(app, square_center(scene, name))


def settle(app: App, seconds: float = 1.0) -> None:
    for _ in range(int(seconds / 0.05)):
        app.step([], 0.05)


def left(scene: BoardScene, name: str) -> int | None:
    return captures_left(scene.session.game.position, parse_square(name, 8), scene.session.game.rules)


# The level select ----------------------------------------------------------------------------


def test_the_level_select_offers_the_big_board_with_its_levels(app: App) -> None:
    scene = LevelSelectScene(app.context)
    app.push(scene)
    app.step([], 0)
    names = [level.name for level in scene.levels]
    assert names == ["Beginner", "Big board", "Our puzzles"], "beside the small board's levels, before ours"
    assert all(button.hidden for button in scene.big_level_buttons), "its levels show only inside it"
    events.click(app, scene.level_buttons[1].rect.center)
    assert scene.showing_big
    assert [button.label for button in scene.big_level_buttons] == ["Level 1", "Level 2"]
    assert all(button.rect.height >= MIN_TARGET_PX for button in scene.big_level_buttons)
    assert [puzzle.id for _, puzzle in scene.cells] == ["big-01-001", "big-01-002"]
    events.click(app, scene.big_level_buttons[1].rect.center)
    assert [puzzle.id for _, puzzle in scene.cells] == ["big-02-001", "big-02-002"]
    tile = scene.cells[0][0]
    assert all(tile.top > button.rect.bottom for button in scene.big_level_buttons), "the tiles come below"
    events.click(app, tile.center)
    board = app.scene
    assert isinstance(board, BoardScene)
    assert board.session.game.rules == BIG_RULES and board.pieces.geometry.size == 8
    assert puzzle_title(board.puzzle) == "Level 2, puzzle 1"


def test_ten_levels_make_two_rows_of_buttons_big_enough_to_touch(tmp_path: Path) -> None:
    application = make_app(tmp_path, big=big_collection(*BIG_BOARDS[:2] * 5, per_level=1))
    try:
        scene = LevelSelectScene(application.context)
        application.push(scene)
        scene.choose_level(scene.levels.index(scene.big))
        buttons = [button.rect for button in scene.big_level_buttons]
        assert len(buttons) == 10 and len({rect.y for rect in buttons}) == 2
        assert all(rect.height >= MIN_TARGET_PX for rect in buttons)
        assert not any(a.colliderect(b) for index, a in enumerate(buttons) for b in buttons[index + 1 :])
        assert all(rect.bottom < scene.cells[0][0].top for rect in buttons)
    finally:
        application.close()


def test_a_solved_big_puzzle_earns_stars_and_moves_the_next_marker(app: App) -> None:
    app.store.record_solve("Mia", "big-01-001", 0, 0, False)
    scene = LevelSelectScene(app.context)
    app.push(scene)
    events.click(app, scene.level_buttons[1].rect.center)
    assert scene.next_in_level() == 1
    assert app.store.stars("Mia", "big-01-001") == 3
    assert "1/4" in scene.level_buttons[1].label


def test_continue_follows_the_big_board_while_it_is_shown(app: App) -> None:
    app.store.record_solve("Mia", "big-01-001", 0, 0, False)
    scene = LevelSelectScene(app.context)
    app.push(scene)
    events.click(app, scene.level_buttons[1].rect.center)
    events.click(app, scene.continue_button.rect.center)
    board = app.scene
    assert isinstance(board, BoardScene)
    assert board.puzzle.id == "big-01-002" and board.session.game.rules == BIG_RULES


def test_continue_moves_on_to_the_big_board_once_every_small_puzzle_is_solved(app: App) -> None:
    scene = LevelSelectScene(app.context)
    app.push(scene)
    events.click(app, scene.continue_button.rect.center)
    first = app.scene
    assert isinstance(first, BoardScene) and first.session.game.rules != BIG_RULES, "the small board comes first"
    app.pop()
    for level in app.collection.levels:
        for puzzle in level.puzzles:
            app.store.record_solve("Mia", puzzle.id, 0, 0, False)
    reopened = LevelSelectScene(app.context)
    assert reopened.showing_big, "the level select opens where Continue plays"
    events.click(app, scene.continue_button.rect.center)
    board = app.scene
    assert isinstance(board, BoardScene)
    assert board.puzzle.id == "big-01-001" and board.session.game.rules == BIG_RULES


# Playing a big puzzle ------------------------------------------------------------------------


def test_a_big_puzzle_is_played_to_victory_by_clicks(app: App) -> None:
    scene = open_big(app)
    assert scene.pieces.geometry.square_size * 8 <= app.layout.board.width
    assert scene.pieces.geometry.square_size >= MIN_TARGET_PX
    click(app, scene, "b5")
    assert scene.session.selected == parse_square("b5", 8)
    click(app, scene, "h5")
    assert scene.session.game.position.piece_count == 2
    assert left(scene, "h5") == 1, "the queen has one capture left"
    click(app, scene, "h5")
    click(app, scene, "h2")
    assert scene.session.game.is_solved
    settle(app)
    victory = app.scene
    assert isinstance(victory, VictoryScene)
    assert app.store.stars("Mia", "big-01-001") == 3
    assert not victory.replay_boards, "the 8x8 replay would be too small to follow: left out"
    assert victory.next_puzzle is not None and victory.next_puzzle.id == "big-01-002"
    victory.next()
    following = app.scene
    assert isinstance(following, BoardScene) and following.session.game.rules == BIG_RULES


def test_a_big_puzzle_is_played_by_keyboard(app: App) -> None:
    scene = open_big(app, 0, 1)  # Kd7xe6, Ke6xf7
    press(app, pygame.K_RIGHT)
    assert scene.session.cursor == parse_square("d5", 8), "the cursor starts in the middle of the big board"
    for _ in range(9):
        press(app, pygame.K_RIGHT)
    assert scene.session.cursor == parse_square("h5", 8), "it stops at the edge"

    def go(name: str) -> None:
        row, column = divmod(parse_square(name, 8), 8)
        assert scene.session.cursor is not None
        while scene.session.cursor // 8 != row:
            press(app, pygame.K_DOWN if scene.session.cursor // 8 < row else pygame.K_UP)
        while scene.session.cursor % 8 != column:
            press(app, pygame.K_RIGHT if scene.session.cursor % 8 < column else pygame.K_LEFT)
        press(app, pygame.K_RETURN)
        app.step([pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0)], 0.016)

    go("d7")
    assert scene.session.selected == parse_square("d7", 8)
    go("e6")
    go("e6")
    go("f7")
    assert scene.session.game.is_solved
    settle(app)
    assert isinstance(app.scene, VictoryScene)


def test_a_piece_that_captured_twice_is_locked_and_says_why(app: App) -> None:
    scene = open_big(app, 1, 0)  # 8/8/7K/3R3P/8/8/R6P/8
    click(app, scene, "a2")
    click(app, scene, "h2")
    click(app, scene, "h2")
    click(app, scene, "h5")
    assert left(scene, "h5") == 0
    click(app, scene, "h5")
    assert scene.session.message.text == "This rook has already captured twice. It has to stay where it is."
    events.click(app, scene.panel.restart_button.rect.center)
    click(app, scene, "a2")
    click(app, scene, "h2")
    click(app, scene, "h2")
    click(app, scene, "h5")
    scene.session.selected = None
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=square_center(scene, "h5"), button=1)], 0.016)
    app.step(
        [pygame.event.Event(pygame.MOUSEMOTION, pos=square_center(scene, "f5"), rel=(9, 0), buttons=(1, 0, 0))], 0.016
    )
    app.step(
        [pygame.event.Event(pygame.MOUSEMOTION, pos=square_center(scene, "d5"), rel=(9, 0), buttons=(1, 0, 0))], 0.016
    )
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=square_center(scene, "d5"), button=1)], 0.016)
    assert scene.session.game.position.piece_count == 3, "no third capture"
    assert scene.session.message.text == "This rook has already captured twice. It has to stay where it is."
    assert scene.session.message.tone is Tone.WRONG and scene.flash is not None


def test_undo_gives_the_captures_back(app: App) -> None:
    scene = open_big(app, 1, 0)
    click(app, scene, "a2")
    click(app, scene, "h2")
    click(app, scene, "h2")
    click(app, scene, "h5")
    assert left(scene, "h5") == 0
    press(app, pygame.K_u)
    assert left(scene, "h2") == 1 and left(scene, "h5") == 2, "the rook back on h2, the pawn back on h5"
    events.click(app, scene.panel.undo_button.rect.center)
    assert left(scene, "a2") == 2 and left(scene, "h2") == 2
    assert set(scene.session.game.position.spent) == {"0"}


def first_dot(badge: pygame.Rect) -> tuple[int, int]:
    """The middle of a badge's first dot: its top one, the dots running down it."""
    return badge.centerx, badge.y + badge.width // 2


def test_the_pips_and_the_lock_are_drawn_beside_the_pieces(app: App) -> None:
    scene = open_big(app, 1, 0)
    settle(app, 0.5)
    surface = app.screen

    def badge(name: str, slots: int) -> pygame.Rect:
        return badge_rect(scene.pieces.geometry.square_rect(parse_square(name, 8)), slots)

    first = badge("a2", 2)
    assert surface.get_at(first_dot(first))[:3] == theme.PIP
    click(app, scene, "a2")
    click(app, scene, "h2")
    click(app, scene, "h2")
    click(app, scene, "h5")
    settle(app, 0.5)
    scene.dirty = True
    app.step([], 0.016)
    lock = badge("h5", 0)
    colours = {surface.get_at((x, y))[:3] for x in range(lock.x, lock.right) for y in range(lock.y, lock.bottom)}
    assert theme.LOCK in colours, "the rook that captured twice wears a lock"
    other = badge("h6", 2)
    assert surface.get_at(first_dot(other))[:3] == theme.PIP, "the King has both"


def test_no_pips_on_the_small_board(app: App) -> None:
    scene = BoardScene(app.context, app.collection.levels[0].puzzles[0])
    app.push(scene)
    assert scene.pieces.geometry.size == 4
    assert captures_left(scene.session.game.position, parse_square("c4", 4), scene.session.game.rules) is None


@pytest.mark.slow
def test_a_hint_and_auto_work_on_the_big_board(app: App) -> None:
    scene = open_big(app, 1, 1)
    events.click(app, scene.panel.hint_button.rect.center)
    finish_jobs(app)
    assert scene.session.hinting.move is not None
    hinted = scene.session.hinting.move
    assert scene.session.game.refusal(hinted.origin, hinted.target) is None
    events.click(app, scene.panel.auto_button.rect.center)
    finish_jobs(app)
    assert scene.session.playback.moves, "Auto found the way"
    settle(app, 6)
    victory = app.scene
    assert isinstance(victory, VictoryScene) and victory.by_computer


# Sizes ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080), (768, 1024), (800, 600)])
def test_the_big_board_fits_its_place_in_any_window(size: tuple[int, int]) -> None:
    layout = Layout(size)
    geometry = BoardGeometry.of(layout, 8)
    assert layout.board.contains(geometry.board)
    assert geometry.square_size * 8 == geometry.board.width
    assert geometry.square_at(geometry.square_rect(63).center) == 63
    assert geometry.square_at(geometry.square_rect(0).topleft) == 0
    assert geometry.square_at((geometry.board.right, geometry.board.bottom)) is None


def test_a_badge_reads_at_the_smallest_square() -> None:
    surface = pygame.Surface((80, 80))
    surface.fill(theme.LIGHT_SQUARE)
    square = pygame.Rect(4, 4, 44, 44)  # a big-board square at 480x640, as small as they get
    badge = draw_pips(surface, square, 1, 2)
    assert badge.width >= 12 and square.contains(badge)
    assert surface.get_at(badge.center)[:3] == theme.PIP, "a dot: one left"
    assert badge.width == badge.height, "and only the one dot: nothing to count that is not there"
    two = draw_pips(surface, square, 2, 2)
    assert two.height > two.width and surface.get_at(two.center)[:3] == theme.WHITE, "two dots, apart"


def test_a_badge_is_as_wide_as_a_childs_line_of_text_where_the_square_has_room(app: App) -> None:
    """From 80 px squares (1366x768) up; on smaller ones the piece beside it needs the room."""
    line = app.assets.font(CHILD_TEXT_SIZE, True).get_linesize()
    for side in (87, 122):  # a big board's square at 1366x768, 1920x1080
        for left in (0, 1, 2):
            badge = badge_rect(pygame.Rect(0, 0, side, side), left)
            assert min(badge.size) >= line, f"a {left}-dot badge on a {side} px square: {badge.size}"


@pytest.mark.parametrize("app", [(480, 640), (640, 480), (800, 600), (1024, 768)], indirect=True)
def test_the_badges_leave_every_piece_whole_in_a_small_window(app: App) -> None:
    scene = open_big(app, 1, 0)
    assert "P" in {sprite.letter for sprite in scene.pieces.sprites.values()}, "pawns, the smallest pieces, are there"
    for square, sprite in scene.pieces.sprites.items():
        badge = badge_rect(scene.pieces.geometry.square_rect(square), 2)
        piece = pygame.mask.from_surface(sprite.image)
        cover = pygame.mask.Mask(badge.size, fill=True)
        hidden = piece.overlap_area(cover, (badge.x - sprite.rect.x, badge.y - sprite.rect.y))
        assert not hidden, f"the {sprite.letter}'s badge hides {hidden} px of it"
    first = badge_rect(scene.pieces.geometry.square_rect(parse_square("a2", 8)), 2)
    assert app.screen.get_at(first_dot(first))[:3] == theme.PIP, "its first dot"


def test_every_piece_fits_beside_its_badge_at_any_square_size(app: App) -> None:
    """Whatever the square, the drawn part of every piece's picture stays in the room beside
    the badge's strip, its square's own."""
    for side in range(30, 130, 7):
        size, (dx, dy) = piece_place(app.assets, side)
        square = pygame.Rect(100, 100, side, side)
        room = piece_room(square)
        for letter in PIECES:
            image = app.assets.piece(letter, size)
            drawn = image.get_bounding_rect().move(
                image.get_rect(center=(square.centerx + dx, square.centery + dy)).topleft
            )
            assert room.contains(drawn), f"the {letter} on a {side} px square: {drawn} not in {room}"
            assert not drawn.colliderect(badge_rect(square, 2)) and not drawn.colliderect(badge_rect(square, 0))


def test_without_a_big_collection_the_group_says_so(tmp_path: Path) -> None:
    application = make_app(tmp_path, big=big_collection("8/8/8/1Q5B/8/8/7R/8", per_level=1))
    application.big_collection.levels.clear()
    try:
        scene = LevelSelectScene(application.context)
        application.push(scene)
        scene.choose_level(1)
        application.step([], 0)
        assert scene.showing_big and not scene.cells
    finally:
        application.close()


def test_the_big_board_shows_a_to_h_and_1_to_8_for_chess_clubs(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui.core import board_marks, text_flow

    app.store.set_setting("chess_notation", True)
    written: list[str] = []
    real = text_flow.draw_text

    def record(surface: pygame.Surface, assets: Assets, text: str, *args: Any, **kwargs: Any) -> pygame.Rect:
        written.append(text)
        return real(surface, assets, text, *args, **kwargs)

    monkeypatch.setattr(board_marks, "draw_text", record)
    scene = open_big(app)
    scene.dirty = True
    app.step([], 0.016)
    assert {text for text in written if len(text) == 1} == set("12345678abcdefgh")


def test_the_game_reads_the_built_in_big_collection(tmp_path: Path) -> None:
    application = App(windowed=True, size=(1024, 768), collection=article_collection(), store=ProgressStore(tmp_path))
    try:
        collection = application.big_collection
        assert collection.rules == BIG_RULES and not collection.problems
        assert [level.name for level in collection.levels] == [str(number) for number in range(1, 11)]
        assert all(len(level.puzzles) == 30 for level in collection.levels)
        scene = LevelSelectScene(application.context)
        application.push(scene)
        scene.choose_level(scene.levels.index(scene.big))
        assert [button.label for button in scene.big_level_buttons] == [f"Level {n}" for n in range(1, 11)]
        assert scene.cells[0][1].id == "big-01-001"
    finally:
        application.close()


def test_a_move_that_spoils_a_big_puzzle_is_noticed(app: App) -> None:
    scene = open_big(app, 1, 0)
    solver = Solver(BIG_RULES)
    position = scene.session.game.position
    spoiler = next(move for move in position.captures(BIG_RULES) if not solver.is_solvable(position.apply(move)))
    events.click(app, scene.pieces.geometry.square_rect(spoiler.origin).center)
    events.click(app, scene.pieces.geometry.square_rect(spoiler.target).center)
    finish_jobs(app)
    assert scene.session.stuck, "the early warning: this way cannot be solved any more"
    assert scene.session.message.tone is Tone.WRONG
    press(app, pygame.K_u)
    assert not scene.session.stuck and scene.session.game.position == position


def test_new_puzzle_on_the_big_board_makes_a_big_one_for_the_level_shown(app: App) -> None:
    from game.content.levels import BIG_LEVEL_PIECES

    scene = LevelSelectScene(app.context)
    app.push(scene)
    scene.choose_level(scene.levels.index(scene.big))
    scene.choose_big_level(1)
    events.click(app, scene.new_button.rect.center)
    finish_jobs(app)
    board = app.scene
    assert isinstance(board, BoardScene)
    assert board.session.game.rules == BIG_RULES and board.pieces.geometry.size == 8
    fewest, most = BIG_LEVEL_PIECES["2"]
    assert fewest <= board.session.game.position.piece_count <= most
    assert puzzle_title(board.puzzle) == "Level 2" and board.puzzle.id == "big-02-new"
