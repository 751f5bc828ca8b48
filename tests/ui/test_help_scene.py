"""The help scene, driven by synthetic events, headless."""

from __future__ import annotations

import os
from itertools import combinations
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from events import article_collection, click, make_app, press

from game.i18n import LANGUAGES
from game.rules.position import Position
from game.rules.squares import SIZE, parse_square
from game.rules.variants import Rules
from game.ui.app import App
from game.ui.core.assets import Assets
from game.ui.core.layout import MIN_TARGET_PX, Layout
from game.ui.core.scene import Scene
from game.ui.help.help import HelpScene
from game.ui.help.help_pages import least_square
from game.ui.help.help_panels import make_diagrams
from game.ui.help.help_shots import APPEAR, VANISH, Frame, Sprite, centre, frame_at
from game.ui.help.help_stages import LittleBoard

SIZES = [(1024, 768), (1366, 768), (1920, 1080), (3840, 2160), (768, 1024)]


pytestmark = pytest.mark.app(collection=article_collection(("b1", "b2")))


def open_help(app: App, below: bool = True) -> HelpScene:
    if below:
        app.push(Scene(app.context))
    scene = HelpScene(app.context)
    app.push(scene)
    app.step([], 0.5)
    return scene


def assert_apart(rects: list[pygame.Rect]) -> None:
    for first, second in combinations(rects, 2):
        assert not first.colliderect(second), f"{first} overlaps {second}"


# Going back -----------------------------------------------------------------------------


def test_a_click_anywhere_goes_back_to_the_scene_below(app: App) -> None:
    scene = open_help(app)
    click(app, scene.diagrams[3].rect.center)
    assert not isinstance(app.scene, HelpScene)
    assert len(app.scenes) == 1


def test_the_lets_play_button_goes_back(app: App) -> None:
    scene = open_help(app)
    click(app, scene.play_button.rect.center)
    assert len(app.scenes) == 1 and not isinstance(app.scene, HelpScene)


@pytest.mark.parametrize("key", [pygame.K_SPACE, pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_q])
def test_any_key_goes_back(app: App, key: int) -> None:
    open_help(app)
    press(app, key)
    assert len(app.scenes) == 1


def test_mute_and_lone_modifier_keys_keep_the_help_open(app: App) -> None:
    open_help(app)
    for key in (pygame.K_m, pygame.K_LSHIFT, pygame.K_LCTRL):
        press(app, key)
    assert isinstance(app.scene, HelpScene)


def test_a_release_without_a_press_here_is_not_a_click(app: App) -> None:
    # The release of the click that opened the help must not close it at once.
    open_help(app)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1)], 0.016)
    assert isinstance(app.scene, HelpScene)


def test_the_help_alone_goes_on_to_the_level_select(app: App) -> None:
    level_select = pytest.importorskip("game.ui.levels.level_select")
    open_help(app, below=False)
    click(app, (5, 5))
    assert app.running
    assert len(app.scenes) == 1
    assert isinstance(app.scene, level_select.LevelSelectScene)


# Layout ------------------------------------------------------------------------------------


def assert_fits(scene: HelpScene, screen: pygame.Rect) -> None:
    for rect in scene.regions:
        assert rect.width > 0 and rect.height > 0
        assert screen.contains(rect), f"{rect} leaves the screen {screen}"
    assert_apart(scene.regions)
    for rect in scene.key_rects:
        assert scene.keys_rect.contains(rect)
    assert_apart(scene.key_rects)
    for diagram in scene.diagrams:
        parts = diagram.caption_rects + [board.inflate(4, 4) for board in diagram.board_rects]
        for rect in parts:
            assert diagram.rect.contains(rect), f"{diagram.name}: {rect} leaves its panel {diagram.rect}"
        assert_apart(parts)
        for board in diagram.board_rects:
            assert board.width >= 60, f"{diagram.name}: the board is too small to see"


@pytest.mark.parametrize("size", SIZES)
def test_everything_fits_without_overlapping(tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_app(tmp_path, size, collection=article_collection(("b1", "b2")))
    try:
        scene = open_help(app)
        for _ in range(5):
            app.step([], 0.7)
        assert app.screen.get_size() == size
        assert len(scene.diagrams) == 9
        assert scene.pages[0][:2] == [0, 1], "the goal and the rule come first"
        assert sorted(index for page in scene.pages for index in page) == list(range(9))
        for page in range(scene.page_count):
            scene.show_page(page)
            app.step([], 0.1)
            assert_fits(scene, app.layout.screen)
        if scene.page_count == 1 and app.layout.landscape and scene.diagrams[0].rect.x != scene.diagrams[2].rect.x:
            assert scene.diagrams[0].rect.x < scene.diagrams[2].rect.x  # goal and rule on the left
    finally:
        app.close()


def test_a_resized_window_is_laid_out_again(app: App) -> None:
    scene = open_help(app)
    pygame.display.set_mode((900, 1200), pygame.RESIZABLE)
    app.resized()
    app.step([], 0.3)
    assert scene.background.get_size() == (900, 1200)
    assert_fits(scene, app.layout.screen)


def test_it_keeps_animating(app: App) -> None:
    scene = open_help(app)
    frames = app.frames
    app.step([], 0.1)
    assert scene.animating
    assert app.frames == frames + 1


# What the little boards teach --------------------------------------------------------------


@pytest.mark.parametrize("rules", [Rules(), Rules(pawn="down"), Rules(pawn="any", king="capturable")])
def test_the_boards_act_out_only_what_the_rules_say(rules: Rules) -> None:
    for diagram in make_diagrams(rules):
        for stage in diagram.stages:
            for shot in stage.shots:
                # The big board's panel acts by its own rules: two captures a piece.
                played = stage.rules if stage.rules.capture_limit else rules
                position: Position = shot.position.counted() if played.capture_limit else shot.position
                for act in shot.acts:
                    error = position.refusal(act.origin, act.target, played)
                    if act.allowed:
                        assert error is None, f"{diagram.name}: {act} is not legal: {error}"
                        position = position.apply(position.move(act.origin, act.target))
                    else:
                        assert error is not None, f"{diagram.name}: {act} is legal, yet shown refused"


def test_the_goal_ends_with_one_piece_and_a_star() -> None:
    goal = make_diagrams(Rules())[0]
    shot = goal.stages[0].shots[0]
    end = shot.length
    frame = frame_at(shot, end - VANISH - 0.01, end)
    assert len(frame.sprites) == 1
    assert frame.star == pytest.approx(1.0)
    start = frame_at(shot, APPEAR, end)
    assert len(start.sprites) == 4 and frame_at(shot, 0.0, end).sprites[0].scale == pytest.approx(0.0)


def test_the_king_refuses_capture_with_a_red_cross() -> None:
    king = make_diagrams(Rules())[2]
    shot = king.stages[0].shots[0]
    end = shot.length
    crosses = [good for _, radius, good in frame_at(shot, end - VANISH - 0.01, end).badges if radius > 0]
    assert crosses == [False]
    assert any(frame_at(shot, t / 10, end).shield > 0.5 for t in range(int(end * 10)))


def test_the_pawn_only_captures_upward() -> None:
    pawn = make_diagrams(Rules())[7]
    targets = {act.target for shot in pawn.stages[0].shots for act in shot.acts}
    assert targets == {parse_square("a4", 4), parse_square("c4", 4)}


def test_the_knights_dots_are_shown_only_from_where_it_stands() -> None:
    knight = next(diagram for diagram in make_diagrams(Rules()) if diagram.name == "Knight")
    stage = knight.stages[0]
    shot = stage.shots[0]
    start = frame_at(shot, APPEAR, shot.length)
    assert stage.at_home(start)
    landed = frame_at(shot, shot.length - VANISH - 0.05, shot.length)
    assert [(s.letter, s.x, s.y) for s in landed.sprites] == [("N", 3.5, 0.5)]  # on d4, the pawn taken
    assert not stage.at_home(landed)


# Resting -----------------------------------------------------------------------------------


def test_between_full_redraws_only_the_little_boards_are_sent_to_the_display(app: App) -> None:
    scene = open_help(app)
    app.step([], 0.1)
    areas = scene.changed_areas
    assert areas is not None and 0 < len(areas) <= len(scene.diagrams)
    assert all(any(diagram.rect.contains(area) for diagram in scene.diagrams) for area in areas)
    assert not any(area.colliderect(scene.play_button.rect) or area.colliderect(scene.title_rect) for area in areas)


def test_a_board_holding_still_is_not_drawn_again(app: App) -> None:
    scene = open_help(app)
    goal = scene.diagrams[0]
    shot = goal.stages[0].shots[0]
    scene.time = APPEAR / 2  # the pieces pop in
    app.step([], 0.0)
    assert goal.moving_area() in (scene.changed_areas or [])
    scene.time = APPEAR + 0.05  # the pieces are in place; the first move waits its turn
    app.step([], 0.0)
    assert goal.moving_area() in (scene.changed_areas or [])
    app.step([], 0.1)
    assert goal.moving_area() not in (scene.changed_areas or []), "nothing moved on the goal's board"
    assert shot.acts


@pytest.mark.slow
def test_after_a_minute_untouched_it_rests_and_any_input_wakes_it(app: App) -> None:
    scene = open_help(app)
    for _ in range(int(scene.rest_after / 0.1) + 1):
        app.step([], 0.1)
    assert scene.resting and not scene.animating
    frames = app.frames
    for _ in range(5):
        app.step([], 0.1)
    assert app.frames == frames, "nothing is drawn while it rests"
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0))], 0.1)
    assert scene.animating and app.frames == frames + 1
    assert isinstance(app.scene, HelpScene)


def test_the_big_board_panel_shows_the_rook_lock_and_the_king_stay() -> None:
    panel = make_diagrams(Rules())[-1]
    assert panel.name == "Big board"
    shot = panel.stages[0].shots[0]
    end = shot.length
    frames = [frame_at(shot, tenth / 10, end) for tenth in range(int(end * 10))]
    rook = {sprite.left for frame in frames for sprite in frame.sprites if sprite.letter == "R"} - {None}
    assert rook == {2, 1, 0}, "two dots, one, then the lock (none on a piece being taken)"
    assert any(not good for frame in frames for _, radius, good in frame.badges if radius > 0), "the third is refused"
    last = frame_at(shot, end - VANISH - 0.01, end)
    assert [sprite.letter for sprite in last.sprites] == ["K"] and last.star == pytest.approx(1.0)


# The big board's panel, readable at every size ------------------------------------------------

BIG_PANEL_SIZES = [(800, 600), (1024, 768), (1366, 768), (1920, 1080)]
SMALLEST_SQUARE = 56  # px: a badge of captures left (at least 18 px high) then keeps to its corner


def still_pieces(stage: LittleBoard, frame: Frame) -> list[Sprite]:
    """The pieces standing on a square of their own: not one on its way, nor one being taken."""
    centres = [centre(square) for square in range(SIZE * SIZE)]
    standing = [sprite for sprite in frame.sprites if (sprite.x, sprite.y) in centres]
    return [
        sprite
        for sprite in standing
        if sum((other.x, other.y) == (sprite.x, sprite.y) for other in standing) == 1 and sprite.scale == 1
    ]


def assert_nothing_covers_a_piece(stage: LittleBoard, frame: Frame, when: str, assets: Assets) -> None:
    pieces = still_pieces(stage, frame)
    rects = [stage.piece_rect(piece, assets) for piece in pieces]
    assert_apart(rects)
    pips = [stage.pips_rect(piece) for piece in pieces]
    assert all(rect is not None for rect in pips), f"{when}: a piece has no badge of captures left"
    badges = [rect for rect in pips if rect is not None]
    assert_apart(badges)
    for badge in badges:
        for rect in rects:
            assert not badge.colliderect(rect), f"{when}: a badge {badge} covers a piece {rect}, its own or next door"
    star = stage.star_rect(frame)
    for sign in stage.sign_rects(frame) + ([star] if star is not None else []):
        for rect in badges:
            assert not sign.colliderect(rect), f"{when}: a tick, cross or star {sign} covers a badge {rect}"
    if star is not None:
        for rect in rects:
            assert not star.colliderect(rect), f"{when}: the star covers a piece"


@pytest.mark.slow
@pytest.mark.parametrize("size", BIG_PANEL_SIZES)
def test_the_big_board_panel_is_large_and_nothing_on_it_overlaps(tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_app(tmp_path, size, collection=article_collection(("b1", "b2")))
    try:
        scene = open_help(app)
        for language in ("en", "de", "uk"):
            app.choose_language(language)
            app.step([], 0.1)
            panel = scene.diagrams[-1]
            (stage,) = panel.stages
            assert stage.square >= SMALLEST_SQUARE, f"{size} in {language}: squares of {stage.square} px"
            assert panel.rect.contains(stage.rect)
            for step in range(int(panel.period * 20)):
                when = f"{size} in {language} at {step / 20:.2f} s"
                assert_nothing_covers_a_piece(stage, stage.frame(step / 20, panel.period), when, app.assets)
    finally:
        app.close()


# Every panel's little board, readable at every size in every language -------------------------


def test_the_least_square_is_40_px_at_800x600_and_grows_with_the_window() -> None:
    sizes = [least_square(Layout(size).unit) for size in BIG_PANEL_SIZES]
    assert sizes[0] >= 40
    assert sizes == sorted(sizes) and sizes[-1] > sizes[0]


@pytest.mark.slow
@pytest.mark.parametrize("size", BIG_PANEL_SIZES)
def test_every_help_picture_is_readable_at_every_size_in_every_language(tmp_path: Path, size: tuple[int, int]) -> None:
    # The longer words of German and Ukrainian once shrank the piece panels' boards to 14 px
    # squares at 800x600; where they do not all fit, the panels come a page at a time.
    app = make_app(tmp_path, size, collection=article_collection(("b1", "b2")))
    try:
        scene = open_help(app)
        least = least_square(app.layout.unit)
        for language in LANGUAGES:
            app.choose_language(language)
            app.step([], 0.1)
            for page in range(scene.page_count):
                scene.show_page(page)
                app.step([], 0.1)
                for diagram in scene.shown:
                    smallest = min(stage.square for stage in diagram.stages)
                    where = f"{size} in {language}, page {page + 1}: {diagram.name}"
                    assert smallest >= least, f"{where} has squares of {smallest} px, under {least}"
                assert_fits(scene, app.layout.screen)
            shown = [index for page in scene.pages for index in page]
            assert shown == list(range(len(scene.diagrams))), f"{size} in {language}: every panel once, in order"
            scene.show_page(0)
    finally:
        app.close()


def paged_help(app: App) -> HelpScene:
    pygame.display.set_mode((800, 600), pygame.RESIZABLE)
    app.resized()
    app.choose_language("de")
    scene = open_help(app)
    assert scene.page_count > 1
    return scene


def test_the_page_arrows_are_large_and_turn_the_pages_without_closing(app: App) -> None:
    scene = paged_help(app)
    arrows = [scene.previous_button, scene.next_button]
    assert all(arrow.rect.width >= MIN_TARGET_PX and arrow.rect.height >= MIN_TARGET_PX for arrow in arrows)
    assert not scene.previous_button.enabled and scene.next_button.enabled
    before = scene.diagram_rects
    click(app, scene.next_button.rect.center)
    assert isinstance(app.scene, HelpScene) and scene.page == 1
    assert [diagram.name for diagram in scene.shown] != [scene.diagrams[index].name for index in scene.pages[0]]
    assert scene.previous_button.enabled and before
    for _ in range(scene.page_count):
        click(app, scene.next_button.rect.center)
    assert scene.page == scene.page_count - 1 and not scene.next_button.enabled
    click(app, scene.next_button.rect.center)  # greyed at the last page: nothing, and still open
    assert isinstance(app.scene, HelpScene)
    click(app, scene.previous_button.rect.center)
    assert scene.page == scene.page_count - 2


def test_the_keys_and_the_wheel_turn_the_pages_and_any_other_key_goes_back(app: App) -> None:
    scene = paged_help(app)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_PAGEDOWN)
    assert scene.page == min(2, scene.page_count - 1)
    press(app, pygame.K_LEFT)
    assert scene.page == min(2, scene.page_count - 1) - 1
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)], 0.016)
    assert scene.page == 0 and isinstance(app.scene, HelpScene)
    press(app, pygame.K_SPACE)
    assert len(app.scenes) == 1


def test_only_the_page_shown_is_drawn(app: App) -> None:
    scene = paged_help(app)
    app.step([], 0.1)
    areas = scene.changed_areas or []
    assert areas and all(any(rect.contains(area) for rect in scene.diagram_rects) for area in areas)
