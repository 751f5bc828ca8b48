"""The piece school in the game: offered to a new child, its map, and a stage played by mouse,
by keyboard and shown by "Show me", under the teacher's test switches too."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import events
import pygame
import pytest
from events import article_collection, make_app, press

from game.content.school import default_school
from game.outputs.speech import spoken_seconds
from game.rules.squares import parse_square
from game.store.progress import ProgressStore
from game.ui.app import App
from game.ui.board.board import BoardScene
from game.ui.board.school_lesson import SHOWN_SECONDS
from game.ui.board.school_stage import SHOW_PAUSE, WON_SECONDS, SchoolStageScene
from game.ui.core.layout import BoardGeometry
from game.ui.levels.level_select import LevelSelectScene
from game.ui.players.players import PlayersScene
from game.ui.school.school import SchoolScene
from game.words.school import sentence


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    store = ProgressStore(tmp_path)
    store.add_player("Ana")
    application = make_app(store, collection=article_collection(("beginner-001", "beginner-002")))
    yield application
    application.close()


def square(app: App, name: str) -> tuple[int, int]:
    center: tuple[int, int] = BoardGeometry.of(app.layout, 4).square_rect(parse_square(name, 4)).center
    return center


def tap(app: App, name: str) -> None:
    events.click(app, square(app, name))


def wait(app: App, seconds: float) -> None:
    for _ in range(int(seconds / 0.1) + 2):
        app.step([], 0.1)


def open_stage(app: App, stage_id: str) -> SchoolStageScene:
    app.push(SchoolScene(app.context))
    app.context.nav.open_stage(stage_id)
    scene = app.scene
    assert isinstance(scene, SchoolStageScene)
    app.step([], 0)
    return scene


def test_a_new_child_is_offered_the_school_and_may_skip_it(app: App) -> None:
    players = PlayersScene(app.context)
    app.push(players)
    players.picking = "Ben"
    players.pick_picture("")
    assert isinstance(app.scene, SchoolScene) and app.scene.offered
    press(app, pygame.K_ESCAPE)  # skip
    assert isinstance(app.scene, LevelSelectScene)
    app.pop()
    players.choose("Ben")  # chosen again: the level select, with its Piece school button
    assert isinstance(app.scene, LevelSelectScene)


def test_a_child_already_in_the_class_goes_straight_to_the_levels(app: App) -> None:
    app.store.record_solve("Ana", "beginner-001", 0, 0, False)
    players = PlayersScene(app.context)
    app.push(players)
    players.choose("Ana")
    assert isinstance(app.scene, LevelSelectScene)


def test_the_level_select_opens_the_school(app: App) -> None:
    app.store.roster.select_player("Ana")
    level_select = LevelSelectScene(app.context)
    app.push(level_select)
    app.step([], 0)
    events.click(app, level_select.school_button.rect.center)
    assert isinstance(app.scene, SchoolScene) and not app.scene.offered


def test_the_map_opens_a_house_at_its_first_stage_not_solved(app: App) -> None:
    app.store.roster.select_player("Ana")
    app.store.record_solve("Ana", "school-knight-1", 0, 0, False)
    school = SchoolScene(app.context)
    app.push(school)
    app.step([], 0)
    knight = next(button for button in school.houses if button.house.name == "knight")
    assert knight.stars == [3, 0, 0, 0, 0]
    assert next(button for button in school.houses if button.is_next).house.name == "rook"
    events.click(app, knight.rect.center)
    stage = app.scene
    assert isinstance(stage, SchoolStageScene) and stage.stage.id == "school-knight-2"
    assert stage.session.message.text == sentence("knight-any") and stage.session.message.pieces == ("N",)
    assert stage.intro.running and stage.intro.hops


def test_the_map_is_walked_with_the_keyboard(app: App) -> None:
    app.store.roster.select_player("Ana")
    school = SchoolScene(app.context)
    app.push(school)
    app.step([], 0)
    assert school.houses[0].focused  # the house to go to next, the rook's, has the focus at once
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RETURN)
    assert isinstance(app.scene, SchoolStageScene) and app.scene.stage.id == "school-bishop-1"


def test_a_stage_solved_by_mouse_gives_stars_and_goes_on(app: App) -> None:
    app.store.roster.select_player("Ana")
    stage = open_stage(app, "school-knight-1")
    tap(app, "a1")
    tap(app, "b3")
    wait(app, 1.0)
    assert stage.won == 3
    assert app.store.stars("Ana", "school-knight-1") == 3
    wait(app, WON_SECONDS)
    assert isinstance(app.scene, SchoolStageScene) and app.scene.stage.id == "school-knight-2"
    app.pop()
    school = app.scene
    assert isinstance(school, SchoolScene)  # the stage replaced the one before it
    knight = next(button for button in school.houses if button.house.name == "knight")
    assert knight.stars == [3, 0, 0, 0, 0]  # back on the map, its stars are there


def test_a_house_ends_on_the_map_with_its_moment(app: App) -> None:
    app.store.roster.select_player("Ana")
    pawn = default_school().house("pawn")
    assert pawn is not None and pawn.ids[-1] == "school-pawn-4"
    for stage_id in pawn.ids[:-1]:
        app.store.record_solve("Ana", stage_id, 0, 0, False, 1)
    open_stage(app, "school-pawn-4")
    tap(app, "b1")
    tap(app, "a2")
    tap(app, "c2")
    tap(app, "a2")
    tap(app, "a2")
    tap(app, "a3")
    wait(app, 1.0 + WON_SECONDS)
    assert isinstance(app.scene, SchoolScene)
    assert app.scene.moment is not None and app.scene.moment.finish.house == "pawn"


def finish_the_school(app: App) -> SchoolScene:
    """Every stage solved but the last, then the last won on the board: back on the map, with
    the school's moment ("Now on to the puzzles")."""
    school = default_school()
    for stage in school.stages[:-1]:
        app.store.record_solve("Ana", stage.id, 0, 0, False, 1)
    app.context.nav.open_level_select()
    open_stage(app, "school-together-4")
    assert school.stages[-1].id == "school-together-4"
    tap(app, "a1")
    tap(app, "d1")
    tap(app, "c3")
    tap(app, "d1")
    wait(app, 1.0 + WON_SECONDS)
    school_map = app.scene
    assert isinstance(school_map, SchoolScene), "back to the map, not straight into the puzzles"
    assert school_map.moment is not None and school_map.moment.finish.school
    app.step([], 0)
    return school_map


def test_the_school_s_end_leads_to_her_next_puzzle(app: App) -> None:
    """The moment says "Now on to the puzzles": the press that ends it opens the puzzle she
    plays next (Beginner 1 solved long ago: Beginner 2), not the map and not Beginner 1."""
    app.store.roster.select_player("Ana")
    app.store.record_solve("Ana", "beginner-001", 0, 0, False)
    finish_the_school(app)
    events.click(app, (5, 5))  # the press that ends the moment
    board = app.scene
    assert isinstance(board, BoardScene) and not isinstance(board, SchoolStageScene)
    assert board.puzzle.id == "beginner-002"
    events.click(app, board.panel.menu_button.rect.center)
    assert isinstance(app.scene, LevelSelectScene), "the puzzle's way back is the level select, not the map"


def test_the_school_s_end_leads_to_her_teacher_s_puzzle_first(app: App) -> None:
    app.store.roster.select_player("Ana")
    app.store.add_assignment("For Ana", ["beginner-002"], children=["Ana"])
    finish_the_school(app)
    press(app, pygame.K_SPACE)
    board = app.scene
    assert isinstance(board, BoardScene) and board.puzzle.id == "beginner-002"


def test_to_the_puzzles_on_a_finished_school_opens_her_next_puzzle(app: App) -> None:
    app.store.roster.select_player("Ana")
    app.store.record_solve("Ana", "beginner-001", 0, 0, False)
    school_map = finish_the_school(app)
    school_map.to_the_puzzles()
    board = app.scene
    assert isinstance(board, BoardScene) and board.puzzle.id == "beginner-002"


def test_a_stage_solved_by_keyboard(app: App) -> None:
    app.store.roster.select_player("Ana")
    stage = open_stage(app, "school-rook-1")
    press(app, pygame.K_LEFT)  # the cursor appears on b3
    press(app, pygame.K_DOWN)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_LEFT)
    assert stage.session.cursor == parse_square("a1", 4)
    for key in (pygame.K_RETURN, pygame.K_UP, pygame.K_UP, pygame.K_UP, pygame.K_RETURN):
        app.step([events.key_down(key), pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)], 0.02)
    wait(app, 1.0)
    assert stage.won == 3


def test_a_wrong_try_shows_the_path_to_the_piece_in_the_way(app: App) -> None:
    stage = open_stage(app, "school-rook-3")  # R a1, N a3, B a4
    tap(app, "a1")
    tap(app, "a4")
    assert stage.wrong_path is not None
    assert stage.wrong_path.blocker == parse_square("a3", 4)
    assert stage.wrong_path.path == (parse_square("a2", 4), parse_square("a3", 4))
    assert "knight" in stage.session.message.text


def test_show_me_plays_the_stage_once_then_gives_it_back(app: App) -> None:
    app.store.roster.select_player("Ana")
    stage = open_stage(app, "school-bishop-3")
    start = stage.session.game.position
    events.click(app, stage.show_button.rect.center)
    assert stage.lesson.showing
    wait(app, 3.0)
    assert stage.session.game.position == start and not stage.lesson.showing and stage.won is None
    assert app.store.stars("Ana", "school-bishop-3") == 0  # shown, not solved
    tap(app, "a1")
    tap(app, "b2")
    tap(app, "b2")
    tap(app, "d4")
    wait(app, 1.0)
    assert stage.won == 2  # shown the way first: two stars, as with a hint
    assert SHOW_PAUSE < 3.0


def test_the_test_switches_leave_the_school_alone(app: App) -> None:
    for name in ("show_moves", "stuck_detection", "hints_allowed", "auto_allowed"):
        app.store.set_setting(name, False)
    app.store.set_setting("time_box", 60)
    stage = open_stage(app, "school-queen-1")
    assert not stage.session.in_test and stage.session.time_left is None
    assert stage.ctx.settings.show_moves and stage.offered == [stage.show_button]
    assert stage.show_button.rect.width > 0
    tap(app, "a1")
    assert stage.session.targets(parse_square("a1", 4)) == [parse_square("a4", 4)]
    assert not app.settings.show_moves  # the game's own settings stay as the teacher set them


def test_the_class_screen_and_the_childs_page_show_the_houses_finished(app: App) -> None:
    from game.content.names import puzzle_name
    from game.outputs.report import child_page, class_table
    from game.ui.child.child_page_view import school_line
    from game.ui.class_table.class_progress import ClassScene

    school = default_school()
    for house in ("knight", "rook"):
        for stage_id in school.house(house).ids:  # type: ignore[union-attr]
            app.store.record_solve("Ana", stage_id, 0, 0, False)
    app.store.record_solve("Ana", "school-pawn-1", 0, 0, False)  # a house begun is not finished
    row = class_table(app.store, app.collection)[0]
    assert row.school == ("rook", "knight")  # in the map's order
    assert child_page(app.store, app.collection, "Ana").school == ("rook", "knight")
    assert school_line(("rook", "knight")) == "Piece school: Rook, Knight"
    assert puzzle_name("", 0, "school-pawn-1") == "Piece school: Pawn 1"
    scene = ClassScene(app.context)
    app.push(scene)
    app.step([], 0)
    assert " ".join(scene.headers[-1][1]) == "Piece school"  # (its size, its lines)
    assert len(scene.columns) == len(scene.headers)


def test_pawn_2_a_tap_on_the_rook_ahead_explains_with_the_pawn_s_lines(app: App) -> None:
    stage = open_stage(app, "school-pawn-2")  # P b2, R b3 straight ahead, N c3
    tap(app, "b2")
    tap(app, "b3")
    pawn = parse_square("b2", 4)
    assert stage.session.selected == pawn, "the pawn stays chosen"
    assert stage.wrong_path is not None and stage.wrong_path.path is None  # not on its lines: its lines shown
    assert parse_square("c3", 4) in [square for line in stage.wrong_path.lines for square in line]
    assert stage.flash is not None and stage.flash.square == parse_square("b3", 4)
    assert stage.session.message.text == sentence_of_refusal()
    wait(app, spoken_seconds(stage.session.message.text) - 0.3)
    assert stage.flash is not None and stage.wrong_path is not None, "the cross stays as long as the path"
    assert stage.flash.fade == 1, "both whole while their sentence is said"
    assert stage.flash.seconds >= SHOWN_SECONDS
    wait(app, stage.flash.seconds - stage.flash.elapsed)
    assert stage.flash is None and stage.wrong_path is None, "and they go together"
    tap(app, "b3")  # again: the rook is chosen after all
    assert stage.session.selected == parse_square("b3", 4)


def test_a_wrong_try_s_path_rings_only_pieces(app: App) -> None:
    stage = open_stage(app, "school-pawn-2")
    tap(app, "b2")
    tap(app, "b3")
    assert stage.wrong_path is not None
    canvas = pygame.Surface(app.screen.get_size())
    canvas.fill((255, 255, 255))
    geometry = stage.pieces.geometry
    stage.wrong_path.draw(canvas, geometry, 1.0)
    empty = geometry.square_rect(parse_square("a3", 4))  # on the pawn's line, empty: a dot, no ring
    ring_at = (empty.centerx + int(geometry.square_size * 0.46), empty.centery)
    assert canvas.get_at(empty.center)[:3] != (255, 255, 255)
    assert canvas.get_at(ring_at)[:3] == (255, 255, 255)


def sentence_of_refusal() -> str:
    from game.rules.reasons import OutOfReach
    from game.words.reasons import sentence as reason_sentence

    return reason_sentence(OutOfReach("P", "up"), 4)


def touch(app: App, name: str) -> None:
    """A finger on the square: SDL sends it as a mouse press marked `touch` too."""
    pos = square(app, name)
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=True)
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=True)
    app.step([down, up], 0.016)


def test_the_board_asks_for_a_tap_from_a_finger_and_a_click_from_the_mouse(app: App) -> None:
    stage = open_stage(app, "school-pawn-2")
    touch(app, "b2")
    assert "Now tap the piece" in stage.session.message.text
    tap(app, "b2")  # the mouse now: let go
    tap(app, "b2")
    assert "Now click the piece" in stage.session.message.text
    tap(app, "b2")
    press(app, pygame.K_RIGHT)  # the cursor appears on b3, the rook
    enter = pygame.K_RETURN
    app.step([events.key_down(enter), pygame.event.Event(pygame.KEYUP, key=enter, mod=0, unicode="", scancode=0)], 0.02)
    assert stage.session.selected == parse_square("b3", 4)
    assert "press Enter" in stage.session.message.text
