"""No text a child needs is drawn under `MIN_TEXT_PX` at 1024x768, the smallest window the game
is made for. Every font the scenes render with is recorded while each scene is drawn.

To check another scene, add a factory to `SCENES`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest
from events import article_collection, big_board_levels, big_board_scene, big_board_victory

from game import i18n
from game.ui.app import App
from game.ui.assets import Assets
from game.ui.layout import CHILD_TEXT_SIZE, MIN_TEXT_PX
from game.ui.scene import Scene
from game.ui.scenes.help import KEYS, HelpScene
from game.ui.scenes.level_select import LevelSelectScene
from game.ui.scenes.quit import QuitScene


class RecordingFont:
    """A font that notes the size of every text it renders."""

    def __init__(self, font: pygame.font.Font, size: int, seen: list[tuple[int, str]]) -> None:
        self._font = font
        self._size = size
        self._seen = seen

    def render(self, text: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        if text.strip():
            self._seen.append((self._size, text))
        return self._font.render(text, *args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._font, name)


THIRTY = tuple(f"beginner-{n:03d}" for n in range(1, 31))
pytestmark = pytest.mark.app(
    players=["Ana"], collection=article_collection(tuple(f"beginner-{n:03d}" for n in range(1, 31)))
)


@pytest.fixture(autouse=True)
def seen(app: App, monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, str]]:
    """Every text drawn, with its size: the app's fonts record what they draw."""
    app.store.record_solve("Ana", "beginner-001", 1, 0, False)
    drawn: list[tuple[int, str]] = []
    real = Assets.font

    def font(self: Assets, size: int, bold: bool = False) -> Any:
        return RecordingFont(real(self, size, bold), max(8, size), drawn)

    monkeypatch.setattr(Assets, "font", font)
    app.seen = drawn  # type: ignore[attr-defined]
    return drawn


def board(app: App) -> Scene:
    from game.ui.scenes.board import BoardScene

    return BoardScene(app, app.collection.levels[0].puzzles[0])


def victory(app: App) -> Scene:
    from game.ui.context import Victory
    from game.ui.scenes.victory import VictoryScene

    puzzle = app.collection.levels[0].puzzles[0]
    moves, position = [], puzzle.board
    for origin, target in puzzle.solution:
        moves.append(position.move(origin, target))
        position = position.apply(moves[-1])
    return VictoryScene(app.context, Victory(puzzle, moves, undos=0, used_auto=False, stars=3))


def players(app: App) -> Scene:
    from game.ui.scenes.players import PlayersScene

    return PlayersScene(app)


def settings(app: App) -> Scene:
    from game.ui.scenes.settings import SettingsScene

    return SettingsScene(app.context)


def code(app: App) -> Scene:
    from game.content.codes import encode
    from game.rules.position import Position
    from game.ui.scenes.code import CodeScene

    scene = CodeScene(app.context)
    for char in encode(Position.parse("..Q./..R./N.../.P..", size=4)):
        scene.type(char)
    return scene


def typo(app: App) -> Scene:
    from game.ui.scenes.code import CodeScene

    scene = CodeScene(app.context)
    for char in "H1ZT3VZ8":
        scene.type(char)
    return scene


def our_puzzles(app: App) -> Scene:
    from game.rules.position import Position
    from game.store.ourpuzzles import add, collection_path, make
    from game.ui.scenes import level_select

    path = collection_path(app.store.folder)
    add(
        [
            make(Position.parse("..Q./..R./N.../.P..", size=4), "Ana"),
            make(Position.parse("...R/...R/..B./..N.", size=4), "Zoë"),
        ],
        path,
    )
    scene = level_select.LevelSelectScene(app)
    scene.resize(app.layout)
    scene._found_ours(level_select.read_ours(path))
    scene.choose_level(len(scene.levels) - 1)
    return scene


def no_puzzles_of_ours(app: App) -> Scene:
    from game.ui.scenes import level_select

    scene = level_select.LevelSelectScene(app)
    scene.resize(app.layout)
    scene._found_ours(level_select.read_ours(app.store.folder / "none.json"))
    scene.choose_level(len(scene.levels) - 1)
    return scene


def paper(app: App, big: bool = False) -> Scene:
    from game.ui.scenes.paper import PaperScene

    scene = PaperScene(app.context, "Ana")
    scene.resize(app.layout)
    if big:
        scene.choose_group(len(scene.group_buttons) - 1)
    scene.tap(app.collection.levels[0].puzzles[1])
    return scene


def live_class(app: App) -> Scene:
    from game.ui.scenes.live import LiveClassScene

    app.store.record_attempt("Ana", "beginner-002")  # on a puzzle: her card names it
    return LiveClassScene(app.context)


def assignments(app: App, mode: str = "list") -> Scene:
    """The teacher's assignments: two set, one finished by somebody; New; or Remove asked."""
    from game.ui.scenes.assignments import AssignmentsScene

    app.store.add_assignment("Beginner: puzzles 1 to 5", list(THIRTY[:5]), due="2026-12-01")
    app.store.add_assignment("Our puzzles", ["beginner-006"], children=["Ana"])
    scene = AssignmentsScene(app.context)
    scene.resize(app.layout)
    if mode == "new":
        scene.start_new()
        scene.toggle_child("Ana")
        scene.step_due(3)
    elif mode == "remove":
        scene.ask_remove(app.store.assignments()[0])
    return scene


def from_the_teacher(app: App) -> Scene:
    """The level select opening on "From your teacher"."""
    app.store.add_assignment("Beginner: puzzles 2 to 4", list(THIRTY[1:4]), due="2026-12-01")
    return LevelSelectScene(app)


GROWN_UPS_SCENES = {  # behind the grown-up gate
    "settings",
    "paper results",
    "paper results, big board",
    "assignments",
    "new assignment",
    "remove an assignment",
    "print",
}


def printing(app: App) -> Scene:
    from game.ui.scenes.print_sheets import PrintScene

    return PrintScene(app.context)


def school(app: App) -> Scene:
    from game.ui.scenes.school import SchoolScene

    app.store.record_solve("Ana", "school-rook-1", 0, 0, False)
    app.store.select_player("Ana")
    return SchoolScene(app.context, offered=True)


def school_stage(app: App) -> Scene:
    from game.ui.scenes.school_stage import SchoolStageScene
    from game.ui.school_lesson import lesson_context

    return SchoolStageScene(lesson_context(app.context), "school-bishop-3")


SCENES: dict[str, Callable[[App], Scene]] = {
    "help": lambda app: HelpScene(app.context),
    "piece school": school,
    "school stage": school_stage,
    "level select": LevelSelectScene,
    "quit": lambda app: QuitScene(app.context),
    "board": board,
    "victory": victory,
    "players": players,
    "settings": settings,
    "type a code": code,
    "a typo in a code": typo,
    "our puzzles": our_puzzles,
    "no puzzles of our own": no_puzzles_of_ours,
    "big board": big_board_scene,
    "big board levels": big_board_levels,
    "big board victory": big_board_victory,
    "paper results": paper,
    "paper results, big board": lambda app: paper(app, big=True),
    "live class": live_class,
    "assignments": assignments,
    "new assignment": lambda app: assignments(app, "new"),
    "remove an assignment": lambda app: assignments(app, "remove"),
    "from your teacher": from_the_teacher,
    "print": printing,
}


@pytest.mark.slow
@pytest.mark.parametrize("name", SCENES)
def test_no_text_is_smaller_than_the_minimum_at_1024x768(app: App, name: str) -> None:
    app.push(SCENES[name](app))
    for _ in range(40):  # through the animations, where there are any
        app.scene.dirty = True
        app.step([], 0.25)
    seen: list[tuple[int, str]] = app.seen  # type: ignore[attr-defined]
    assert seen, "the scene drew no text"
    small = sorted({(size, text) for size, text in seen if size < MIN_TEXT_PX})
    assert not small, f"{name}: texts under {MIN_TEXT_PX} px: {small[:8]}"
    if name in GROWN_UPS_SCENES:
        return
    # What a child reads is drawn at least CHILD_TEXT_SIZE: letters 18.6 px high. The help's
    # keyboard legend (Ctrl+Z Undo, F11 Full screen...) is for grown-ups and keyboard users.
    legend = {text for caps, word in KEYS for text in (*caps, i18n._(word))} if name == "help" else set()
    small = sorted({(size, text) for size, text in seen if size < CHILD_TEXT_SIZE and text not in legend})
    assert not small, f"{name}: texts a child reads under {CHILD_TEXT_SIZE}: {small[:8]}"
