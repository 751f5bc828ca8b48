"""Layout holds in every language: at 1024x768, the smallest window the game is made for, every
scene is drawn in every language and each text is checked where it lands.

A text drawn by a button must lie inside the button, whole (not cut short with "…"), and a
button's own label must not have shrunk under `MIN_TEXT_PX`. The board's message must be shown
whole inside its box. Every text must be on the screen.

Texts are followed from the font that renders them to the surface they are blitted on, so the
check holds however a scene or a button lays out its words."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame
import pytest
from events import article_collection, big_board_levels, big_board_scene, big_board_victory, make_app

from game.i18n import LANGUAGES, set_language
from game.rules.position import Position
from game.rules.squares import parse_square
from game.store.progress import ProgressStore
from game.ui.app import App
from game.ui.assets import Assets
from game.ui.layout import MIN_TEXT_PX
from game.ui.scene import Scene
from game.ui.widgets import Button
from game.words.board import Message, refused, took

SIZE = (1024, 768)


@dataclass(frozen=True)
class Drawn:
    text: str
    size: int
    rect: pygame.Rect
    button: Button | None  # the button drawing it, if any


class Canvas(pygame.Surface):
    """A screen that notes where each rendered text lands, and which button drew it."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.texts: dict[int, tuple[pygame.Surface, str, int]] = {}  # kept alive, so ids stay unique
        self.drawing: list[Button] = []
        self.drawn: list[Drawn] = []

    def blit(self, source: pygame.Surface, dest: Any = (0, 0), area: Any = None, special_flags: int = 0) -> pygame.Rect:
        rect = super().blit(source, dest, area, special_flags)
        if id(source) in self.texts:
            _, text, size = self.texts[id(source)]
            whole = pygame.Rect(rect.topleft, source.get_size()) if area is None else rect
            self.drawn.append(Drawn(text, size, whole, self.drawing[-1] if self.drawing else None))
        return rect


class RecordingFont:
    def __init__(self, font: pygame.font.Font, size: int, canvas: Canvas) -> None:
        self._font, self._size, self._canvas = font, size, canvas

    def render(self, text: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        image = self._font.render(text, *args, **kwargs)
        if text.strip():
            self._canvas.texts[id(image)] = (image, text, self._size)
        return image

    def __getattr__(self, name: str) -> Any:
        return getattr(self._font, name)


def _button_classes() -> Iterator[type[Button]]:
    classes: list[type[Button]] = [Button]
    while classes:
        cls = classes.pop()
        classes.extend(cls.__subclasses__())
        if "draw" in cls.__dict__:
            yield cls


@pytest.fixture
def canvas(monkeypatch: pytest.MonkeyPatch) -> Iterator[Canvas]:
    # Every Button subclass is imported before the buttons' draw methods are wrapped.
    for module in ("read_aloud", "scenes.board", "scenes.maker", "scenes.players", "scenes.settings"):
        importlib.import_module(f"game.ui.{module}")

    surface = Canvas(SIZE)
    real_font = Assets.font

    def font(self: Assets, size: int, bold: bool = False) -> Any:
        return RecordingFont(real_font(self, size, bold), max(8, size), surface)

    monkeypatch.setattr(Assets, "font", font)
    for cls in list(_button_classes()):
        draw = cls.__dict__["draw"]

        def drawing(self: Button, target: pygame.Surface, assets: Assets, size: int, _draw: Any = draw) -> None:
            surface.drawing.append(self)
            try:
                _draw(self, target, assets, size)
            finally:
                surface.drawing.pop()

        monkeypatch.setattr(cls, "draw", drawing)
    yield surface
    set_language("en")


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    store = ProgressStore(tmp_path)
    store.add_player("Ана")  # a name in Cyrillic
    store.add_player("Αλέξης")
    application = make_app(store, SIZE, article_collection(tuple(f"beginner-{n:03d}" for n in range(1, 31))))
    yield application
    application.close()


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
    return VictoryScene(app.context, Victory(puzzle, moves, undos=1, used_auto=False, hints=2, stars=2))


def scene_of(module: str, name: str) -> Callable[[App], Scene]:
    def make(app: App) -> Scene:
        cls: type[Scene] = getattr(__import__(f"game.ui.scenes.{module}", fromlist=[name]), name)
        return cls(app)

    return make


def paper(app: App, big: bool = False) -> Scene:
    from game.ui.scenes.paper import PaperScene

    scene = PaperScene(app, "Ана")
    scene.resize(app.layout)
    if big:
        scene.choose_group(len(scene.group_buttons) - 1)
    scene.tap(app.collection.levels[0].puzzles[1])
    return scene


def child(app: App) -> Scene:
    from game.ui.scenes.child import ChildScene

    return ChildScene(app, "Ана")


def assignments(app: App, mode: str = "list") -> Scene:
    """The teacher's assignments: two set, one finished by somebody; New; or Remove asked."""
    from game.ui.scenes.assignments import AssignmentsScene

    app.store.add_assignment("Beginner: puzzles 1 to 5", [f"beginner-{n:03d}" for n in range(1, 6)], due="2026-12-01")
    app.store.add_assignment("Our puzzles", ["beginner-006"], children=["Ана"])
    app.store.record_solve("Ана", "beginner-006", 0, 0, False)
    scene = AssignmentsScene(app)
    scene.resize(app.layout)
    if mode == "new":
        scene.start_new()
        scene.toggle_child("Ана")
        scene.step_due(3)
    elif mode == "remove":
        scene.ask_remove(app.store.assignments()[0])
    return scene


def from_the_teacher(app: App) -> Scene:
    """The level select opening on "From your teacher", due soon."""
    from game.ui.scenes.level_select import LevelSelectScene

    app.store.add_assignment("Two", ["beginner-002", "beginner-003"], due="2026-12-01")
    return LevelSelectScene(app)


def printing(app: App, message: bool = False) -> Scene:
    from game.ui.scenes.print_sheets import PrintScene

    scene = PrintScene(app.context)
    scene.resize(app.layout)
    scene.choose_big()
    if message:
        scene.message = "Saved in /home/teacher/Documents: solochess-worksheet-big-board-1-2026-11-24-093000.pdf"
    return scene


def child_with_card(app: App) -> Scene:
    from game.ui.scenes.child import ChildScene

    scene = ChildScene(app, "Ана")
    scene.message = "Saved in /home/teacher/Documents: solochess-Ана-2026-11-24.pdf and solochess-Ана-2026-11-24.html"
    return scene


def school(app: App, offered: bool = False) -> Scene:
    """The piece school's map, a house finished and another begun, as a new child is offered it or not."""
    from game.content.school import default_school
    from game.ui.scenes.school import SchoolScene

    for stage_id in [*default_school().stages[0:4], default_school().stages[12]]:
        app.store.record_solve("Ана", stage_id.id, 1, 0, False)
    app.store.select_player("Ана")
    return SchoolScene(app.context, offered)


def school_stage(app: App, stage_id: str = "school-knight-3", wrong: bool = False) -> Scene:
    """A stage of the piece school (and, with `wrong`, a try the rook's path refuses)."""
    from game.ui.scenes.school_stage import SchoolStageScene
    from game.ui.school_lesson import lesson_context

    scene = SchoolStageScene(lesson_context(app.context), stage_id)
    if wrong:
        scene.enter()
        a1, a4 = parse_square("a1", 4), parse_square("a4", 4)
        scene.select(a1)
        scene.attempt(a1, a4)
    return scene


SCENES: dict[str, Callable[[App], Scene]] = {
    "help": scene_of("help", "HelpScene"),
    "piece school": school,
    "piece school offered": lambda app: school(app, offered=True),
    "school stage": school_stage,
    "school stage, a wrong try": lambda app: school_stage(app, "school-rook-3", wrong=True),
    "players": scene_of("players", "PlayersScene"),
    "level select": scene_of("level_select", "LevelSelectScene"),
    "board": board,
    "victory": victory,
    "settings": scene_of("settings", "SettingsScene"),
    "quit": scene_of("quit", "QuitScene"),
    "language": scene_of("language", "LanguageScene"),
    "maker": scene_of("maker", "MakerScene"),
    "type a code": scene_of("code", "CodeScene"),
    "big board": big_board_scene,
    "big board levels": big_board_levels,
    "big board victory": big_board_victory,
    "child's page": child,
    "child's page, a report card saved": child_with_card,
    "the class": scene_of("class_progress", "ClassScene"),
    "print": printing,
    "print, saved": lambda app: printing(app, message=True),
    "paper results": paper,
    "paper results, big board": lambda app: paper(app, big=True),
    "live class": scene_of("live", "LiveClassScene"),
    "assignments": assignments,
    "new assignment": lambda app: assignments(app, "new"),
    "remove an assignment": lambda app: assignments(app, "remove"),
    "from your teacher": from_the_teacher,
}


def draw(app: App, canvas: Canvas) -> list[Drawn]:
    canvas.drawn.clear()
    canvas.texts.clear()
    app.scene.dirty = True
    app.scene.draw(canvas)
    return list(canvas.drawn)


def overflows(drawn: list[Drawn]) -> list[str]:
    problems = []
    screen = pygame.Rect((0, 0), SIZE)
    for item in drawn:
        where = f"{item.text!r} at {item.size}"
        if not screen.contains(item.rect):
            problems.append(f"{where} runs off the screen: {item.rect}")
        button = item.button
        if button is None:
            continue
        if not button.rect.inflate(2, 2).contains(item.rect):
            problems.append(f"{where} spills out of its button {button.label!r}: {item.rect} not in {button.rect}")
        if "…" in item.text and "…" not in button.label:
            problems.append(f"{where} is cut short: the button's label is {button.label!r}")
        if item.text == button.label and item.size < MIN_TEXT_PX:
            problems.append(f"{where} is under {MIN_TEXT_PX} px")
    return problems


@pytest.mark.slow
@pytest.mark.parametrize("language", list(LANGUAGES))
@pytest.mark.parametrize("name", list(SCENES))
def test_every_text_fits_its_box_in_every_language(app: App, canvas: Canvas, name: str, language: str) -> None:
    app.choose_language(language)
    app.push(SCENES[name](app))
    app.step([], 0.5)  # once through an animation's start, where there is one
    drawn = draw(app, canvas)
    assert drawn, "the scene drew no text"
    problems = overflows(drawn)
    assert not problems, f"{name} in {LANGUAGES[language]}:\n" + "\n".join(problems)


def messages(app: App) -> list[Message]:
    """The board's longest kinds of message: a capture, a blocked slide, a dead end, a restart."""
    from game.ui.scenes.board import BoardScene

    scene = app.scene
    assert isinstance(scene, BoardScene)
    position = Position.parse("R.BQ/..../..../....", size=4)
    move = Position.parse("..Q./..R./N.../.P..", size=4).move(parse_square("c4", 4), parse_square("c3", 4))
    reason = position.refusal(parse_square("a4", 4), parse_square("d4", 4), scene.game.rules)
    assert reason is not None
    blocked = refused(reason, 4, False)
    return [
        scene.message,
        took(move, 3, False),
        blocked,
        *[Message(text) for text in _long_board_texts()],
    ]


def _long_board_texts() -> list[str]:
    from game.i18n import _

    return [
        _("Back to the start. Changed your mind? Undo brings your moves back."),
        _("Oh no, this can't be solved any more. Press Undo and try another way."),
        _("No piece can capture now. Press Undo to go back and try another way."),
        _("Try moving the {piece} in the blue circle. Ask again for more help.").format(piece=_("Knight").lower()),
    ]


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_boards_messages_are_shown_whole_in_their_box(app: App, canvas: Canvas, language: str) -> None:
    from game.ui.scenes.board import BoardScene

    app.choose_language(language)
    app.push(board(app))
    scene = app.scene
    assert isinstance(scene, BoardScene)
    for message in messages(app):
        scene.say(message)
        drawn = draw(app, canvas)
        inside = [item for item in drawn if scene.message_rect.contains(item.rect)]
        shown = " ".join(item.text for item in inside).split()
        assert shown == message.text.split(), f"in {LANGUAGES[language]}, the message is not shown whole"


def test_the_check_sees_a_label_that_is_cut_or_spills(app: App, canvas: Canvas) -> None:
    from game.ui.scenes.board import BoardScene

    app.push(board(app))
    scene = app.scene
    assert isinstance(scene, BoardScene)
    labels = {item.text for item in draw(app, canvas) if item.button is not None}
    assert {"Hint", "Undo", "Menu"} <= labels, "button labels are followed to the screen"
    scene.hint_button.label = "Ein sehr, sehr langer Knopf"
    problems = overflows(draw(app, canvas))
    assert any("cut short" in problem for problem in problems)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_schools_sentences_are_shown_whole_in_their_box(app: App, canvas: Canvas, language: str) -> None:
    from game.content.school import default_school
    from game.ui.scenes.school_stage import SchoolStageScene

    app.choose_language(language)
    for stage in default_school().stages:
        app.push(school_stage(app, stage.id))
        scene = app.scene
        assert isinstance(scene, SchoolStageScene)
        scene.intro.elapsed = scene.intro.length
        drawn = draw(app, canvas)
        inside = [item for item in drawn if scene.message_rect.contains(item.rect)]
        shown = " ".join(item.text for item in inside).split()
        assert shown == scene.message.text.split(), f"in {LANGUAGES[language]}, {stage.id}'s sentence is cut"
        app.pop()
