"""The level select's fifth group, "Our puzzles": the class's own puzzles with their makers,
read in the background and again when the scene comes back, bad entries reported and skipped."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from events import click, finish_jobs

from game.content.next import OURS
from game.rules.position import Position
from game.store.ourpuzzles import add, collection_path, make
from game.store.progress import ProgressStore
from game.ui.app import App
from game.ui.board.board import BoardScene
from game.ui.board.board_view import puzzle_title
from game.ui.levels.level_select import LevelSelectScene
from game.ui.maker.maker import MakerScene

ARTICLE = Position.parse("..Q./..R./N.../.P..", size=4)
OTHER = Position.parse("...R/...R/..B./..N.", size=4)


pytestmark = pytest.mark.app(players=["Tom"])


def open_ours(app: App) -> LevelSelectScene:
    scene = LevelSelectScene(app.context)
    app.push(scene)
    finish_jobs(app)
    click(app, scene.level_buttons[-1].rect.center)
    assert scene.level is not None and scene.level.name == OURS
    return scene


def test_the_fifth_group_lists_the_class_puzzles_with_their_makers(app: App, tmp_path: Path) -> None:
    add([make(ARTICLE, "Mia", "Queen's walk"), make(OTHER, "Tom")], collection_path(tmp_path))
    scene = open_ours(app)
    assert [puzzle.board for _rect, puzzle in scene.cells] == [ARTICLE, OTHER]
    assert [scene.makers[puzzle.id] for _rect, puzzle in scene.cells] == ["Mia", "Tom"]
    assert scene.level_buttons[-1].label.startswith("Our puzzles")
    click(app, scene.cells[0][0].center)
    board = app.scene
    assert isinstance(board, BoardScene)
    assert puzzle_title(board.puzzle) == "Our puzzles 1 · by Mia"
    assert board.puzzle.id == make(ARTICLE).puzzle.id


def test_a_solved_puzzle_of_ours_is_recorded_under_its_id_and_gets_its_stars(app: App, tmp_path: Path) -> None:
    add([make(ARTICLE, "Mia")], collection_path(tmp_path))
    scene = open_ours(app)
    puzzle = scene.cells[0][1]
    click(app, scene.cells[0][0].center)
    board = app.scene
    assert isinstance(board, BoardScene)
    for origin, target in puzzle.solution:
        for square in (origin, target):
            click(app, board.pieces.geometry.square_rect(square).center)
        for _ in range(4):
            app.step([], 0.1)
    for _ in range(40):  # the slides, then the pause before the victory screen
        app.step([], 0.1)
    assert type(app.scene).__name__ == "VictoryScene"
    assert app.store.stars("Tom", puzzle.id) == 3


def test_a_puzzle_saved_in_another_window_appears_after_coming_back(app: App, tmp_path: Path) -> None:
    add([make(ARTICLE, "Mia")], collection_path(tmp_path))
    scene = open_ours(app)
    assert len(scene.cells) == 1
    app.push(MakerScene(app.context))
    # A second window, with a store of its own on the same folder, saves a puzzle meanwhile.
    other = ProgressStore(tmp_path)
    other.add_player("Ana")
    add([make(OTHER, "Ana")], collection_path(other.folder))
    app.pop()
    finish_jobs(app)
    assert [scene.makers[puzzle.id] for _rect, puzzle in scene.cells] == ["Mia", "Ana"]


def test_bad_entries_are_reported_in_one_line_and_skipped(app: App, tmp_path: Path) -> None:
    bad = {"id": "our-bad", "board": "K.../..../..../...K", "solution": [], "solutions": 0, "random_win": 0}
    junk = {"id": "our-junk", "board": "not a board", "solution": [], "solutions": 1, "random_win": 0}
    good = make(ARTICLE, "Mia").to_json()
    data = {"levels": [{"name": "Our puzzles", "puzzles": [bad, good, junk]}]}
    collection_path(tmp_path).write_text(json.dumps(data), encoding="utf-8")
    scene = open_ours(app)
    assert [puzzle.board for _rect, puzzle in scene.cells] == [ARTICLE]
    assert "could not be read (2 problems)" in scene.message and "\n" not in scene.message


def test_with_none_yet_the_group_offers_the_maker(app: App) -> None:
    scene = open_ours(app)
    assert scene.cells == []
    button = scene.empty_make_button
    assert button.enabled and button.rect.width >= 44 and button.rect.height >= 44
    click(app, button.rect.center)
    assert isinstance(app.scene, MakerScene)


def test_an_unreadable_collection_is_reported_not_fatal(app: App, tmp_path: Path) -> None:
    collection_path(tmp_path).write_text("{not json", encoding="utf-8")
    scene = open_ours(app)
    assert scene.cells == [] and "could not be read" in scene.message


def test_the_board_title_of_a_puzzle_of_ours_follows_the_language(app: App, tmp_path: Path) -> None:
    add([make(ARTICLE, "Mia")], collection_path(tmp_path))
    scene = open_ours(app)
    app.choose_language("de")
    try:
        assert puzzle_title(scene.ours.puzzles[0]) == "Unsere Rätsel 1 · von Mia"
    finally:
        app.choose_language("en")


LONG_MAKER = "Олександра Коваленко-Шевченко Марійка Ая"  # 40 characters
LONG_NAME = "Die große grüne Schlange im Zaubergarten"  # 40 characters


@pytest.mark.slow
@pytest.mark.parametrize("app", [(800, 600), (1024, 768), (1366, 768), (1920, 1080)], indirect=True)
def test_a_tile_shows_its_number_name_and_maker_at_a_childs_size(
    app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 1024x768 and up a 40-character name and maker are shown whole on their tile (from
    800x600 never under a child's size); the number is never smaller than a child's text."""
    from game.ui.core import level_tiles, text_flow
    from game.ui.core.layout import CHILD_TEXT_SIZE

    assert len(LONG_MAKER) == len(LONG_NAME) == 40
    from game.content.levels import load_collection

    others = [make(puzzle.board, "Tom", "Fox") for puzzle in load_collection().levels[1].puzzles[:8]]
    add([make(ARTICLE, LONG_MAKER, LONG_NAME), *others], collection_path(tmp_path))  # pages: the arrows show
    scene = open_ours(app)
    words: list[tuple[int, list[str]]] = []
    numbers: list[int] = []
    fitted, draw_text = text_flow.fitted_block, text_flow.draw_text

    def fitted_spy(*args: object, **kwargs: object) -> tuple[int, list[str]]:
        words.append(fitted(*args, **kwargs))  # type: ignore[arg-type]
        return words[-1]

    def text_spy(surface: object, assets: object, text: str, size: int, *args: object, **kwargs: object) -> object:
        numbers.append(size)
        return draw_text(surface, assets, text, size, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(level_tiles, "fitted_block", fitted_spy)
    monkeypatch.setattr(level_tiles, "draw_text", text_spy)
    scene.dirty = True
    app.step([], 0.016)
    shown = ["".join(lines).replace(" ", "") for _size, lines in words]
    assert scene.next_button.shown and len(words) == 2 * len(scene.cells)
    assert all(size >= CHILD_TEXT_SIZE for size, _lines in words)
    assert numbers and min(numbers) >= CHILD_TEXT_SIZE
    for rect, _puzzle in scene.cells:
        assert rect.width >= 200 and app.layout.screen.contains(rect)
    if app.layout.width >= 1024:
        assert LONG_MAKER.replace(" ", "") in shown and LONG_NAME.replace(" ", "") in shown, shown
