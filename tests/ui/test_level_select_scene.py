"""The level select scene: levels, the puzzle grid, stars, Continue, New puzzle and Today."""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path

import pygame
import pytest
from events import click, press

from game.content.levels import Collection, Puzzle, load_collection, parse_collection
from game.jobs import ThreadRunner
from game.rules.variants import Rules
from game.store.progress import ProgressStore
from game.ui.app import App
from game.ui.core import theme
from game.ui.core.level_tiles import PAGE_SIZE
from game.ui.levels import level_select
from game.ui.levels.level_select import LevelSelectScene


def puzzle(level: str, number: int, board: str, solution: list[list[str]]) -> dict[str, object]:
    return {
        "id": f"{level.lower()}-{number:03d}",
        "board": board,
        "solution": solution,
        "solutions": 1,
        "random_win": 0.5,
    }


COLLECTION = {
    "version": 1,
    "levels": [
        {
            "name": "Beginner",
            "puzzles": [
                puzzle("Beginner", 1, "..Q...R.N....P..", [["c4", "c3"], ["a2", "c3"], ["c3", "b1"]]),
                puzzle("Beginner", 2, "R.../N.../..../....", [["a4", "a3"]]),
            ],
        },
        {
            "name": "Intermediate",
            "puzzles": [
                puzzle("Intermediate", 1, "R.../N.../..../....", [["a4", "a3"]]),
            ],
        },
    ],
}


pytestmark = pytest.mark.app(players=["Ana"], collection=parse_collection(COLLECTION, verify=False))


def open_scene(app: App) -> LevelSelectScene:
    scene = LevelSelectScene(app.context)
    app.push(scene)
    app.step([], 0)
    return scene


def test_a_level_button_shows_that_levels_puzzles(app: App) -> None:
    scene = open_scene(app)
    assert [p.id for _, p in scene.cells] == ["beginner-001", "beginner-002"]
    click(app, scene.level_buttons[1].rect.center)
    assert [p.id for _, p in scene.cells] == ["intermediate-001"]


def test_clicking_a_puzzle_opens_its_board(app: App) -> None:
    scene = open_scene(app)
    click(app, scene.cells[1][0].center)
    assert type(app.scene).__name__ == "BoardScene"
    assert app.scene.puzzle.id == "beginner-002"  # type: ignore[attr-defined]


def test_solved_puzzles_are_counted_and_continue_opens_the_next_unsolved(app: App) -> None:
    app.store.record_solve("Ana", "beginner-001", 0, 0, False)
    scene = open_scene(app)
    assert scene.level_buttons[0].label == "Beginner  1/2"
    click(app, scene.continue_button.rect.center)
    assert app.scene.puzzle.id == "beginner-002"  # type: ignore[attr-defined]


@pytest.mark.slow
@pytest.mark.parametrize(
    "size",
    [(1024, 768), (1920, 1080), (768, 1024)],
)
def test_a_hundred_puzzles_come_as_pages_of_big_tiles_inside_the_screen(tmp_path: Path, size: tuple[int, int]) -> None:
    """PAGE_SIZE tiles a page on a wide window; upright, as many as fit (PAGE_SIZE at most)."""
    collection = load_collection()
    app = App(windowed=True, size=size, collection=collection, store=ProgressStore(tmp_path))
    scene = open_scene(app)
    size_of_page = scene.pager.size
    assert size_of_page == PAGE_SIZE if app.layout.landscape else 10 <= size_of_page <= PAGE_SIZE
    assert scene.pages == math.ceil(len(collection.levels[0].puzzles) / size_of_page)
    seen: list[str] = []
    for page in range(scene.pages):
        rects = [rect for rect, _ in scene.cells]
        assert len(rects) == size_of_page or page == scene.pages - 1
        assert all(app.layout.screen.contains(rect) for rect in rects)
        assert all(rect.width >= 100 and rect.height >= 90 for rect in rects), rects[0]
        assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])
        buttons = [button.rect for button in scene.buttons if button.shown]
        assert not any(cell.colliderect(button) for cell in rects for button in buttons)
        assert all(b.width >= 44 and b.height >= 44 for b in buttons)
        seen += [puzzle.id for _, puzzle in scene.cells]
        click(app, scene.next_button.rect.center)
    assert seen == [puzzle.id for puzzle in collection.levels[0].puzzles]
    app.close()


def many_puzzles(count: int) -> Collection:
    board = "R.../N.../..../...."
    puzzles = [puzzle("Beginner", number, board, [["a4", "a3"]]) for number in range(1, count + 1)]
    return parse_collection({"levels": [{"name": "Beginner", "puzzles": puzzles}]}, verify=False)


@pytest.fixture
def big_app(tmp_path: Path) -> Iterator[App]:
    store = ProgressStore(tmp_path)
    store.add_player("Ana")
    application = App(windowed=True, size=(1024, 768), collection=many_puzzles(45), store=store)
    yield application
    application.close()


def test_the_arrows_the_wheel_and_page_keys_turn_pages(big_app: App) -> None:
    scene = open_scene(big_app)
    assert scene.page == 0 and not scene.previous_button.enabled
    click(big_app, scene.next_button.rect.center)
    assert scene.page == 1 and scene.cells[0][1].id == "beginner-021"
    big_app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)], 0.016)
    assert scene.page == 2 and [p.id for _, p in scene.cells] == [f"beginner-{n:03d}" for n in range(41, 46)]
    assert not scene.next_button.enabled
    press(big_app, pygame.K_PAGEUP)
    big_app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)], 0.016)
    assert scene.page == 0


def test_arrow_keys_walk_across_pages_and_enter_opens(big_app: App) -> None:
    scene = open_scene(big_app)
    press(big_app, pygame.K_DOWN)  # the cursor starts on the next puzzle
    assert scene.cursor == 0
    for _ in range(3):
        press(big_app, pygame.K_DOWN)
    assert scene.cursor == 15 and scene.page == 0
    press(big_app, pygame.K_DOWN)
    assert scene.cursor == 20 and scene.page == 1
    press(big_app, pygame.K_LEFT)
    assert scene.cursor == 19 and scene.page == 0
    press(big_app, pygame.K_RIGHT)
    press(big_app, pygame.K_RETURN)
    assert big_app.scene.puzzle.id == "beginner-021"  # type: ignore[attr-defined]


def test_the_next_puzzle_is_marked_and_shown_first(big_app: App) -> None:
    for number in range(1, 24):
        big_app.store.record_solve("Ana", f"beginner-{number:03d}", 0, 0, False)
    scene = open_scene(big_app)
    assert scene.next_in_level() == 23
    assert scene.page == 1, "the page with the next puzzle opens"
    scene.dirty = True
    big_app.step([], 0.016)
    # The tile to play next wears the Next ribbon's green as its border; the others their level's colour.
    marked = [
        puzzle.id
        for rect, puzzle in scene.cells
        if big_app.screen.get_at((rect.x + 1, rect.centery))[:3] == theme.BUTTON_ACCENT
    ]
    assert marked == ["beginner-024"]


def test_today_says_when_todays_puzzle_is_solved(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = open_scene(app)
    assert not scene.today_solved()
    app.store.record_solve("Ana", f"daily-{(date.today() - timedelta(days=1)).isoformat()}", 0, 0, False)
    assert not scene.today_solved(), "yesterday's puzzle is not today's"
    app.store.record_solve("Ana", f"daily-{date.today().isoformat()}", 0, 0, False)
    assert scene.today_solved()
    ticks: list[tuple[int, int]] = []
    monkeypatch.setattr(level_select, "draw_badge", lambda surface, center, radius, good: ticks.append(center))
    scene.dirty = True
    app.step([], 0.016)
    assert len(ticks) == 1 and scene.today_button.rect.inflate(60, 60).collidepoint(ticks[0])


def wait_for_board(app: App) -> None:
    for _ in range(600):
        app.step([], 0.01)
        if type(app.scene).__name__ == "BoardScene":
            return
        time.sleep(0.01)
    raise AssertionError("no puzzle arrived")


@pytest.mark.app(runner=ThreadRunner())  # about the thread: a real one
def test_new_puzzle_is_made_in_the_worker_while_the_screen_animates(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    import game.content.daily

    release = threading.Event()
    real = game.content.daily.fresh_puzzle
    threads: list[str] = []

    def slow(level: str, rules: Rules, cancel: threading.Event | None = None) -> Puzzle:
        threads.append(threading.current_thread().name)
        release.wait(10)
        return real(level, rules, cancel)

    monkeypatch.setattr(game.content.daily, "fresh_puzzle", slow)
    scene = open_scene(app)
    click(app, scene.new_button.rect.center)
    assert scene.jobs.busy and scene.animating
    frames = app.frames
    for _ in range(5):
        app.step([], 0.016)
    assert app.frames >= frames + 5, "the progress animation is drawn while the generator works"
    release.set()
    wait_for_board(app)
    assert threads and threads[0] != threading.main_thread().name
    board = app.scene.puzzle.board  # type: ignore[attr-defined]
    assert 3 <= board.piece_count <= 4


def test_today_opens_the_puzzle_of_the_day(app: App) -> None:
    scene = open_scene(app)
    click(app, scene.today_button.rect.center)
    wait_for_board(app)
    assert app.scene.puzzle.id == f"daily-{date.today().isoformat()}"  # type: ignore[attr-defined]


def test_today_is_made_at_the_childs_own_level(app: App) -> None:
    """Ana is still in Beginner: a Beginner puzzle of the day; once Beginner is done, Intermediate."""
    scene = open_scene(app)
    click(app, scene.today_button.rect.center)
    wait_for_board(app)
    assert 3 <= app.scene.puzzle.board.piece_count <= 4  # type: ignore[attr-defined]
    app.pop()
    for puzzle_id in ("beginner-001", "beginner-002"):
        app.store.record_solve("Ana", puzzle_id, 0, 0, False)
    click(app, scene.today_button.rect.center)
    wait_for_board(app)
    assert 5 <= app.scene.puzzle.board.piece_count <= 6  # type: ignore[attr-defined]


def test_a_broken_collection_is_reported_and_new_puzzles_still_work(tmp_path: Path) -> None:
    broken = tmp_path / "levels.json"
    broken.write_text("{not json", encoding="utf-8")
    collection: Collection = load_collection(broken)
    app = App(windowed=True, size=(1024, 768), collection=collection, store=ProgressStore(tmp_path))
    scene = open_scene(app)
    assert "could not be loaded" in scene.message and "not valid JSON" in scene.message
    assert [level.name for level in scene.levels] == [
        "Beginner",
        "Intermediate",
        "Advanced",
        "Expert",
        "Big board",
        "Our puzzles",
    ]
    click(app, scene.new_button.rect.center)
    wait_for_board(app)
    app.close()


def test_escape_on_the_first_scene_asks_before_quitting(app: App) -> None:
    open_scene(app)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)], 0.016)
    assert type(app.scene).__name__ == "QuitScene"
    click(app, app.scene.yes.rect.center)  # type: ignore[attr-defined]
    assert not app.running


def test_the_buttons_follow_a_change_of_language(app: App) -> None:
    from game import i18n

    scene = open_scene(app)
    try:
        i18n.set_language("es")
        scene.language_changed()
        assert scene.continue_button.label == "Seguir" and scene.today_button.label == "Hoy"
    finally:
        i18n.set_language("en")
        scene.language_changed()
    assert scene.continue_button.label == "Continue"


# From your teacher --------------------------------------------------------------------------


def shown_ids(scene: LevelSelectScene) -> list[str]:
    return [puzzle.id for _rect, puzzle in scene.cells]


def test_the_teachers_puzzles_come_first_and_open_by_their_own_rules(app: App) -> None:
    from game.content.next import TEACHER

    app.store.add_player("Ben")
    app.store.roster.select_player("Ana")
    app.store.add_assignment("Mixed", ["intermediate-001", "big-01-002"], due=date.today().isoformat())
    app.store.add_assignment("For Ben", ["beginner-002"], children=["Ben"])
    scene = open_scene(app)
    assert scene.levels[0].name == TEACHER and scene.level_index == 0 and scene.showing_teacher
    assert shown_ids(scene) == ["intermediate-001", "big-01-002"], "Ben's is not hers"
    assert scene.level_buttons[0].label == "Mixed  0/2"
    assert scene.teacher.header(scene.level, date.today())[0] == "From your teacher: Mixed · due today"
    click(app, scene.cells[1][0].center)
    assert app.scene.puzzle.id == "big-01-002"  # type: ignore[attr-defined]
    assert app.scene.collection is app.big_collection  # type: ignore[attr-defined]
    app.pop()
    press(app, pygame.K_RIGHT)  # the cursor walks the teacher's tiles too
    press(app, pygame.K_RETURN)
    assert app.scene.puzzle.id == "intermediate-001"  # type: ignore[attr-defined]
    assert app.scene.collection is app.collection  # type: ignore[attr-defined]


@pytest.mark.app(collection=load_collection(verify=False))  # the game's own: it has a Beginner 38
def test_each_assignment_is_its_own_group_under_its_title_with_its_puzzles_own_numbers(app: App) -> None:
    from game.content.assignments import level_title
    from game.ui.levels.level_view import tile_label

    week = level_title("Beginner", ["beginner-038", "beginner-039"])  # as `solochess assign` titles it
    app.store.add_assignment(week, ["beginner-038", "beginner-039"])
    app.store.add_assignment("Friday", ["big-01-002", "intermediate-004"], due=date.today().isoformat())
    scene = open_scene(app)
    labels = [button.label for button in scene.level_buttons]
    assert sorted(labels[:2]) == sorted(["Friday  0/2", f"{week}  0/2"]), "one group each, under its title"
    assert labels[2].startswith("Beginner"), "the levels follow the two groups"
    click(app, scene.level_buttons[labels.index("Friday  0/2")].rect.center)
    assert scene.showing_teacher and shown_ids(scene) == ["big-01-002", "intermediate-004"]
    assert scene.teacher.header(scene.level, date.today())[0] == "From your teacher: Friday · due today"
    assert [tile_label(scene, puzzle, place) for place, (_r, puzzle) in enumerate(scene.cells, 1)] == ["1-2", "4"]
    click(app, scene.level_buttons[labels.index(f"{week}  0/2")].rect.center)
    assert scene.showing_teacher and shown_ids(scene) == ["beginner-038", "beginner-039"]
    assert scene.teacher.header(scene.level, date.today())[0] == f"From your teacher: {week}"
    assert [tile_label(scene, puzzle, place) for place, (_r, puzzle) in enumerate(scene.cells, 1)] == ["38", "39"]
    click(app, scene.cells[0][0].center)
    assert app.scene.puzzle.id == "beginner-038"  # type: ignore[attr-defined]
    assert app.scene.collection is app.collection  # type: ignore[attr-defined]


def test_continue_plays_the_teachers_next_unsolved_puzzle_first(app: App) -> None:
    app.store.add_assignment("Two", ["beginner-002", "big-01-001"])
    app.store.record_solve("Ana", "beginner-002", 0, 0, False)
    scene = open_scene(app)
    assert shown_ids(scene) == ["beginner-002", "big-01-001"], "a solved one stays, with its stars"
    click(app, scene.continue_button.rect.center)
    assert app.scene.puzzle.id == "big-01-001"  # type: ignore[attr-defined]


def test_the_group_goes_once_every_assignment_is_finished_and_comes_when_one_is_set(app: App) -> None:
    app.store.add_assignment("One", ["beginner-002"])
    scene = open_scene(app)
    assert scene.showing_teacher
    click(app, scene.cells[0][0].center)
    app.store.record_solve("Ana", "beginner-002", 0, 0, False)
    app.pop()  # back from the board
    assert not scene.teacher.shown and scene.levels[0].name == "Beginner"
    assert not scene.showing_teacher and len(scene.level_buttons) == 4
    app.store.add_assignment("Later", ["intermediate-001"])
    scene.resize(app.layout)
    assert scene.showing_teacher and shown_ids(scene) == ["intermediate-001"]


def test_nobody_playing_sees_no_teachers_group(app: App) -> None:
    app.store.add_assignment("One", ["beginner-002"])
    app.store.remove_player("Ana")
    scene = open_scene(app)
    assert not scene.teacher.shown and not scene.showing_teacher


def test_one_of_our_puzzles_set_by_the_teacher_appears_once_ours_are_read(app: App, tmp_path: Path) -> None:
    from events import finish_jobs

    from game.rules.position import Position
    from game.store.ourpuzzles import add, collection_path, make

    ours = make(Position.parse("..Q./..R./N.../.P..", size=4), "Mia")
    add([ours], collection_path(tmp_path))
    app.store.add_assignment("Ours", [ours.puzzle.id])
    scene = LevelSelectScene(app.context)
    app.push(scene)
    finish_jobs(app)
    assert scene.showing_teacher and shown_ids(scene) == [ours.puzzle.id]
    click(app, scene.cells[0][0].center)
    assert app.scene.puzzle.id == ours.puzzle.id  # type: ignore[attr-defined]


# The big board's pages at every size --------------------------------------------------------

SIZES = [(800, 600), (1024, 768), (1366, 768), (1920, 1080)]


def thirty_big_puzzles() -> Collection:
    from events import BIG_BOARDS, big_collection

    return big_collection(*[BIG_BOARDS[0]] * 30, per_level=30)


@pytest.mark.slow
@pytest.mark.parametrize("app", SIZES, indirect=True)
@pytest.mark.app(big=thirty_big_puzzles())
def test_the_big_boards_page_arrows_and_words_are_there_after_a_group_of_one_page(app: App) -> None:
    """A group of one page hides the arrows; the big board chosen after it (30 puzzles) shows
    them again, big enough for a finger, with "Puzzles 1 to 20 of 30" between them, not under
    the tiles."""
    from game import i18n
    from game.ui.core import level_tiles
    from game.ui.core.layout import MIN_TARGET_PX
    from game.ui.levels import level_view

    i18n.set_language("de")
    scene = open_scene(app)
    scene.choose_level(scene.levels.index(scene.ours))
    app.step([], 0.016)
    assert scene.previous_button.hidden
    scene.choose_level(scene.levels.index(scene.big))
    app.step([], 0.016)
    assert scene.pages == 2
    tiles = [rect for rect, _ in scene.cells]
    room = level_view.page_words_room(scene)
    words = app.assets.font(scene.places.text_size, bold=True).size(level_tiles.page_words(0, 30))
    for arrow in (scene.previous_button.rect, scene.next_button.rect):
        assert arrow.width >= MIN_TARGET_PX and arrow.height >= MIN_TARGET_PX
        assert app.layout.screen.contains(arrow)
        assert not any(arrow.colliderect(tile) for tile in tiles)
    assert room.height >= words[1] and not any(room.colliderect(tile) for tile in tiles)
    assert room.width > 0 and app.layout.screen.contains(room)
    click(app, scene.next_button.rect.center)
    assert scene.page == 1 and len(scene.cells) == 10
