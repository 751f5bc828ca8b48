"""THE layout test: every scene (tests/ui/layout_scenes.py), in every language, at 800x600,
1024x768, 1366x768 and 1920x1080, with the longest real strings (German, Ukrainian) and names
as long as they may be. Each text is followed from the font that renders it to the screen.

It fails on a text that is
- clipped: off the screen, blitted through an `area` or a clip that cuts it, spilling out of
  the button that draws it, cut short with "…" where the whole text was wanted, or a box's
  message (the board's, a lesson's) not shown whole in its box;
- overlapping another text, or a control it does not belong to (beyond two pixels);
- too small: under `MIN_TEXT_PX` anywhere, under `CHILD_TEXT_SIZE` on a child's screen, or
  smaller at a bigger window than at a smaller one.
It fails as well on a button under `MIN_TARGET_PX`, and on a big board whose squares are under
it or whose capture badges cover a piece (each piece's drawn ink, as blitted, against each
badge as `draw_pips` drew it).

Positions are checked on the ink of each text (its bounding box, without the font's blank
ascent and descent). A scene is made at the smallest size and resized, as a window is."""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import pygame
import pytest
from events import article_collection
from layout_scenes import BEGINNERS, GROWN_UPS, LONG_NAME, PLAYERS, SCENES, real_class, thirty_big

import game
from game import i18n
from game.i18n import LANGUAGES
from game.rules.position import Position
from game.rules.squares import parse_square
from game.ui.app import App
from game.ui.board.board import BoardScene
from game.ui.core import capture_pips, theme
from game.ui.core.assets import Assets
from game.ui.core.keys import HELP_LEGEND, legend
from game.ui.core.layout import CHILD_TEXT_SIZE, MIN_TARGET_PX, MIN_TEXT_PX
from game.ui.core.scene import Scene
from game.ui.core.widgets import Button
from game.words.board import Message, hint_piece, refused, took
from game.words.help import ORDER

SIZES = ((800, 600), (1024, 768), (1366, 768), (1920, 1080))
# Windows taller than wide: a tablet held upright, a narrow window beside another. A list of its
# own, since a word may rightly be smaller at 600x800 than at 1366x768.
UPRIGHT = ((480, 640), (600, 800), (768, 1024))
HIGH_CONTRAST_SCENES = (
    "board",
    "board, a hint",
    "board, a wrong move",
    "victory",
    "piece school",
    "school stage",
    "settings",
)
SLACK = 2  # pixels two inks may share, or spill, before it counts

pytestmark = pytest.mark.app(size=SIZES[0], players=PLAYERS, collection=article_collection(BEGINNERS))


@dataclass(frozen=True)
class Drawn:
    text: str
    size: int
    rect: pygame.Rect  # the ink, on the screen
    button: Button | None  # the button drawing it, if any
    cut: bool  # blitted through an area or a clip that leaves some of its ink out


@dataclass
class Recorder:
    """What the fonts render (for their sizes) and what lands on the canvas (for its place)."""

    texts: dict[int, tuple[pygame.Surface, str, int]] = field(default_factory=dict)
    rendered: list[tuple[int, str]] = field(default_factory=list)
    drawing: list[Button] = field(default_factory=list)
    buttons: list[tuple[Button, pygame.Rect]] = field(default_factory=list)
    pieces: set[int] = field(default_factory=set)  # the ids of the pieces' images


class Canvas(pygame.Surface):
    """A screen that notes where each rendered text lands, and which button drew it."""

    def __init__(self, size: tuple[int, int], recorder: Recorder) -> None:
        super().__init__(size)
        self.recorder = recorder
        self.drawn: list[Drawn] = []
        self.pieces: list[pygame.Rect] = []  # each piece's ink, where it landed
        self.badges: list[pygame.Rect] = []  # each capture badge, as drawn

    def blit(self, source: pygame.Surface, dest: Any = (0, 0), area: Any = None, special_flags: int = 0) -> pygame.Rect:
        clip = self.get_clip()
        rect = super().blit(source, dest, area, special_flags)
        if id(source) in self.recorder.pieces and area is None:
            self.pieces.append(source.get_bounding_rect().move(rect.topleft))
        known = self.recorder.texts.get(id(source))
        if known is None:
            return rect
        _, text, size = known
        ink = source.get_bounding_rect()
        if ink.width == 0:
            return rect
        origin = pygame.Rect(dest[0], dest[1], 0, 0) if not isinstance(dest, pygame.Rect) else dest
        shown = pygame.Rect(area) if area is not None else source.get_rect()
        on_screen = ink.move(origin.x - shown.x, origin.y - shown.y)
        cut = not shown.contains(ink) or not clip.contains(on_screen)
        button = self.recorder.drawing[-1] if self.recorder.drawing else None
        self.drawn.append(Drawn(text, size, on_screen, button, cut))
        return rect


class RecordingFont:
    def __init__(self, font: pygame.font.Font, size: int, recorder: Recorder) -> None:
        self._font, self._size, self._recorder = font, size, recorder

    def render(self, text: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        image = self._font.render(text, *args, **kwargs)
        if text.strip():
            self._recorder.texts[id(image)] = (image, text, self._size)
            self._recorder.rendered.append((self._size, text))
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
def recorder(monkeypatch: pytest.MonkeyPatch) -> Iterator[Recorder]:
    # Every Button subclass is imported before the buttons' draw methods are wrapped.
    modules = ("core.read_aloud", "board.board", "maker.maker", "players.players", "settings.settings", "gate.gate")
    for module in modules:
        importlib.import_module(f"game.ui.{module}")
    record = Recorder()
    real_font = Assets.font

    def font(self: Assets, size: int, bold: bool = False) -> Any:
        return RecordingFont(real_font(self, size, bold), max(8, size), record)

    monkeypatch.setattr(Assets, "font", font)
    real_piece = Assets.piece

    def piece(self: Assets, letter: str, size: int) -> pygame.Surface:
        image = real_piece(self, letter, size)
        record.pieces.add(id(image))
        return image

    monkeypatch.setattr(Assets, "piece", piece)
    real_pips = capture_pips.draw_pips

    def pips(surface: pygame.Surface, square: pygame.Rect, left: int, limit: int) -> pygame.Rect:
        badge = real_pips(surface, square, left, limit)
        if isinstance(surface, Canvas):
            surface.badges.append(badge)
        return badge

    monkeypatch.setattr(capture_pips, "draw_pips", pips)
    for cls in list(_button_classes()):
        draw = cls.__dict__["draw"]

        def drawing(self: Button, target: pygame.Surface, assets: Assets, size: int, _draw: Any = draw) -> None:
            if isinstance(target, Canvas) and self.shown:
                record.buttons.append((self, pygame.Rect(self.rect)))
            record.drawing.append(self)
            try:
                _draw(self, target, assets, size)
            finally:
                record.drawing.pop()

        monkeypatch.setattr(cls, "draw", drawing)
    yield record
    i18n.set_language("en")


def draw(app: App, recorder: Recorder) -> Canvas:
    """The top scene drawn once, whole, on a canvas of the window's size."""
    canvas = Canvas(app.layout.screen.size, recorder)
    recorder.texts.clear()
    recorder.buttons.clear()
    app.scene.dirty = True
    app.scene.draw(canvas)
    return canvas


def resize(app: App, size: tuple[int, int]) -> None:
    pygame.display.set_mode(size, pygame.RESIZABLE)
    app.step([pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])], 0.016)


# The checks ----------------------------------------------------------------------------------


@cache
def _english_ellipses() -> tuple[str, ...]:
    pot = Path(game.__file__).parent / "locale" / "solochess.pot"
    return tuple(text for text in re.findall(r'^msgid "(.*)"$', pot.read_text(encoding="utf-8"), re.M) if "…" in text)


def ellipses() -> set[str]:
    """The catalogue's own texts with "…" in them, in the language in use: whole, not cut."""
    return {i18n._(text) for text in _english_ellipses()} | set(_english_ellipses())


def _clipped(canvas: Canvas) -> list[str]:
    problems = []
    screen = canvas.get_rect()
    whole = ellipses()
    for item in canvas.drawn:
        where = f"{item.text!r} at {item.size}"
        if not screen.contains(item.rect):
            problems.append(f"{where} runs off the screen: {item.rect}")
        if item.cut:
            problems.append(f"{where} is cut by the area or clip it is drawn through")
        button = item.button
        if button is not None and not button.rect.inflate(SLACK, SLACK).contains(item.rect):
            problems.append(f"{where} spills out of its button {button.label!r}: {item.rect} not in {button.rect}")
        if "…" in item.text and not any(item.text.strip() in text for text in whole):
            problems.append(f"{where} is cut short with an ellipsis")
    return problems


def _overlaps(canvas: Canvas, buttons: list[tuple[Button, pygame.Rect]]) -> list[str]:
    problems = []
    drawn = canvas.drawn
    for index, item in enumerate(drawn):
        for other in drawn[index + 1 :]:
            shared = item.rect.clip(other.rect)
            if shared.width > SLACK and shared.height > SLACK and item.text != other.text:
                problems.append(f"{item.text!r} and {other.text!r} overlap: {item.rect}, {other.rect}")
        for button, rect in buttons:
            if button is item.button:
                continue
            shared = item.rect.clip(rect)
            if shared.width > SLACK and shared.height > SLACK:
                problems.append(f"{item.text!r} overlaps the button {button.label!r}: {item.rect}, {rect}")
    return problems


def _whole_message(scene: Scene, canvas: Canvas) -> list[str]:
    """A scene with a message box (the board's, a lesson's) shows its message whole in it."""
    box = getattr(getattr(scene, "panel", scene), "message_rect", None)
    message = getattr(getattr(scene, "session", scene), "message", None)
    if not isinstance(box, pygame.Rect) or not isinstance(message, Message):
        return []
    return _whole(box, message, canvas)


def _whole(box: pygame.Rect, message: Message, canvas: Canvas) -> list[str]:
    if not message.text:
        return []
    inside = [item for item in canvas.drawn if box.inflate(SLACK, SLACK).contains(item.rect)]
    shown = " ".join(item.text for item in inside).split()
    if shown == message.text.split():
        return []
    return [f"the message {message.text!r} is not shown whole in its box {box}: only {' '.join(shown)!r}"]


def _small(name: str, rendered: list[tuple[int, str]]) -> list[str]:
    small = sorted({(size, text) for size, text in rendered if size < MIN_TEXT_PX})
    problems = [f"{text!r} at {size}, under {MIN_TEXT_PX}" for size, text in small]
    if name in GROWN_UPS:
        return problems
    # What a child reads is at least CHILD_TEXT_SIZE. The help's keyboard legend (Ctrl+Z Undo,
    # F11 Full screen...) is for grown-ups and keyboard users.
    keys = legend(HELP_LEGEND, ORDER)
    legend_words = {text for caps, word in keys for text in (*caps, i18n._(word))} if name.startswith("help") else set()
    small = sorted({(size, text) for size, text in rendered if MIN_TEXT_PX <= size < CHILD_TEXT_SIZE})
    return problems + [
        f"{text!r} at {size}, under {CHILD_TEXT_SIZE} for a child" for size, text in small if text not in legend_words
    ]


def _words(canvas: Canvas) -> dict[str, int]:
    """Each word at the largest size it is drawn: a short word such as "an" may be in a heading
    and in a small explanation, and a page of a small window may show only one of them."""
    sizes: dict[str, int] = {}
    for item in canvas.drawn:
        for word in item.text.split():
            sizes[word] = max(item.size, sizes.get(word, item.size))
    return sizes


def _shrunk(before: dict[str, int], after: dict[str, int], sizes: str) -> list[str]:
    """Words drawn smaller at a bigger window (beyond a point or two of fitting)."""
    return [
        f"{word!r} is smaller at {sizes}: {before[word]} then {after[word]}"
        for word in sorted(before.keys() & after.keys())
        if after[word] < before[word] - 2
    ]


def _small_targets(buttons: list[tuple[Button, pygame.Rect]]) -> list[str]:
    """Every button drawn is at least MIN_TARGET_PX high, and as wide: a finger, a shaky hand."""
    return [
        f"the button {button.label!r} is {rect.width}x{rect.height}, under {MIN_TARGET_PX} px"
        for button, rect in buttons
        if min(rect.size) < MIN_TARGET_PX
    ]


def _big_board(scene: Scene, canvas: Canvas) -> list[str]:
    """A board whose rules count captures (the big board) has squares a finger can take, and
    each piece's badge beside it, never over the piece's ink."""
    if not isinstance(scene, BoardScene) or scene.session.rules.capture_limit is None:
        return []
    geometry = scene.pieces.geometry
    problems = []
    if geometry.square_size < MIN_TARGET_PX:
        problems.append(f"the big board's squares are {geometry.square_size} px, under {MIN_TARGET_PX} px")
    on_board = [ink for ink in canvas.pieces if geometry.board.contains(ink)]
    if len(canvas.badges) != len(on_board) or not on_board:
        problems.append(f"{len(on_board)} pieces on the board and {len(canvas.badges)} badges")
    problems += [
        f"a badge {badge} covers a piece drawn at {ink} (squares of {geometry.square_size} px)"
        for badge in canvas.badges
        for ink in on_board
        if badge.colliderect(ink)
    ]
    return problems


def layout_problems(app: App, recorder: Recorder, name: str) -> list[str]:
    """Every problem of the top scene's texts, and its buttons' sizes, at the window's size."""
    return drawn_problems(app, recorder, name, draw(app, recorder))


def drawn_problems(app: App, recorder: Recorder, name: str, canvas: Canvas) -> list[str]:
    """`layout_problems` on the top scene just drawn on `canvas`."""
    assert canvas.drawn, "the scene drew no text"
    return [
        *_clipped(canvas),
        *_overlaps(canvas, recorder.buttons),
        *_whole_message(app.scene, canvas),
        *_small(name, recorder.rendered),
        *_small_targets(recorder.buttons),
        *_big_board(app.scene, canvas),
    ]


def open_scene(app: App, name: str) -> None:
    scene = SCENES[name](app)
    if not app.scenes or app.scene is not scene:
        app.push(scene)
    for _ in range(4):  # through the animations' starts, where there are any
        app.step([], 0.25)


def problems_at(app: App, recorder: Recorder, name: str, sizes: tuple[tuple[int, int], ...]) -> list[str]:
    """The scene's problems at each size in turn, and words that shrink as the window grows."""
    problems: list[str] = []
    words: dict[str, int] | None = None
    for index, size in enumerate(sizes):
        if index or app.layout.screen.size != size:
            resize(app, size)
        recorder.rendered.clear()
        app.scene.dirty = True
        app.step([], 0.016)
        canvas = draw(app, recorder)  # one picture for the problems and for the words' sizes
        problems += [f"{size[0]}x{size[1]}: {problem}" for problem in drawn_problems(app, recorder, name, canvas)]
        now = _words(canvas)
        if words is not None:
            before = sizes[index - 1]
            problems += _shrunk(words, now, f"{size[0]}x{size[1]} than at {before[0]}x{before[1]}")
        words = now
    return problems


@pytest.mark.slow
@pytest.mark.parametrize("language", list(LANGUAGES))
@pytest.mark.parametrize("name", list(SCENES))
def test_every_text_fits_at_every_size_in_every_language(
    app: App, recorder: Recorder, name: str, language: str
) -> None:
    """Landscape windows, then the same window turned upright (one window for both: a window
    per scene and language was most of the cost of this test)."""
    app.choose_language(language)
    open_scene(app, name)
    problems = problems_at(app, recorder, name, SIZES) + problems_at(app, recorder, name, UPRIGHT)
    assert not problems, f"{name} in {LANGUAGES[language]}:\n" + "\n".join(dict.fromkeys(problems))


@pytest.mark.slow
@pytest.mark.parametrize("name", HIGH_CONTRAST_SCENES)
def test_the_high_contrast_look_fits_too(app: App, recorder: Recorder, name: str) -> None:
    """At every size the high-contrast look has no problem the standard look has not (in an
    upright window a scene may still have its own: the test above lists those)."""
    app.choose_language("de")
    open_scene(app, name)
    standard = problems_at(app, recorder, name, UPRIGHT)
    app.store.set_setting("high_contrast", True)
    try:
        resize(app, SIZES[0])
        open_scene(app, name)
        assert theme.high_contrast(), "the setting switches the look"
        problems = problems_at(app, recorder, name, SIZES)
        new = [problem for problem in problems_at(app, recorder, name, UPRIGHT) if problem not in standard]
    finally:
        theme.use(False)
    assert not problems + new, f"{name}, high contrast:\n" + "\n".join(dict.fromkeys(problems + new))


@pytest.mark.parametrize("name", ["big board", "big board, a capture made"])
@pytest.mark.parametrize("sizes", [UPRIGHT, SIZES], ids=["upright", "landscape"])
def test_the_big_boards_squares_take_a_finger_and_its_badges_leave_the_pieces_clear(
    app: App, recorder: Recorder, name: str, sizes: tuple[tuple[int, int], ...]
) -> None:
    """In English, in the quick tests: every language's are the slow tests above."""
    resize(app, sizes[0])
    open_scene(app, name)
    problems = problems_at(app, recorder, name, sizes)
    assert not problems, f"{name}:\n" + "\n".join(dict.fromkeys(problems))


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_level_select_fills_an_upright_window(app: App, language: str) -> None:
    """A level of many puzzles, as a child with a long name sees it: the tiles (with their page
    arrows) reach down to the buttons under them, with no empty band taller than a row of tiles
    between them, at each upright size."""
    from game.ui.levels.level_select import LevelSelectScene

    real_class(app)
    app.store.roster.select_player(LONG_NAME)
    app.choose_language(language)
    scene = LevelSelectScene(app.context)
    app.push(scene)
    bands = {}
    for size in UPRIGHT:
        resize(app, size)
        assert app.layout.screen.size == size
        tiles = [rect for rect, _puzzle in scene.pager.cells]
        assert scene.pager.many, "a level of more puzzles than a page"
        arrows = [button.rect for button in (scene.previous_button, scene.next_button) if button.shown]
        grid = tiles[0].unionall(tiles[1:] + arrows)
        under = [button.rect.top for button in scene.buttons if button.shown and button.rect.top >= grid.bottom]
        row = tiles[0].height + app.layout.gap  # a row of tiles and the gap over it
        band = min(under) - grid.bottom
        bands[size] = (band, row, len(tiles))
    assert all(band <= row for band, row, _tiles in bands.values()), f"(band, a row of tiles, tiles): {bands}"


# The check itself --------------------------------------------------------------------------------


@pytest.mark.slow
def test_the_check_sees_a_hint_longer_than_its_box(
    app: App, recorder: Recorder, monkeypatch: pytest.MonkeyPatch
) -> None:
    long = "Try moving {piece} in the blue circle. " + "It is the one with the blue ring round it, look! " * 6
    real = i18n._
    monkeypatch.setattr(
        "game.words.board._", lambda text: long if text.startswith("Try moving {piece}") else real(text)
    )
    resize(app, (1024, 768))
    open_scene(app, "board, a hint")
    problems = layout_problems(app, recorder, "board, a hint")
    print("\n".join(problems))
    assert any("not shown whole" in problem for problem in problems), problems


@pytest.mark.slow
def test_the_check_sees_a_label_that_is_cut_or_spills(app: App, recorder: Recorder) -> None:
    from game.ui.board.board import BoardScene

    open_scene(app, "board")
    scene = app.scene
    assert isinstance(scene, BoardScene)
    labels = {item.text for item in draw(app, recorder).drawn if item.button is not None}
    assert {"Hint", "Undo", "Menu"} <= labels, "button labels are followed to the screen"
    scene.panel.hint_button.label = "Ein sehr, sehr langer Knopf, der nicht passt"
    problems = layout_problems(app, recorder, "board")
    assert any("cut short" in problem for problem in problems), problems


@pytest.mark.slow
def test_the_check_sees_texts_that_overlap_or_shrink(
    app: App, recorder: Recorder, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.ui.core.text_flow import draw_text as real

    open_scene(app, "board")

    def twice(
        surface: pygame.Surface,
        assets: Assets,
        text: str,
        size: int,
        position: tuple[int, int],
        *rest: Any,
        **options: Any,
    ) -> pygame.Rect:
        rect = real(surface, assets, text, size, position, *rest, **options)
        real(surface, assets, text[::-1], 12, (position[0] + 4, position[1] + 4), *rest, **options)
        return rect

    monkeypatch.setattr("game.ui.board.board_view.draw_text", twice)
    problems = layout_problems(app, recorder, "board")
    assert any("overlap" in problem for problem in problems), problems
    assert any(f"under {MIN_TEXT_PX}" in problem for problem in problems), problems
    assert _shrunk({"Hint": 30}, {"Hint": 20}, "1920x1080")


# The board's longest messages, each shown whole --------------------------------------------------


def messages(app: App) -> list[Message]:
    """The board's longest kinds of message: a capture, a blocked slide, a dead end, a restart."""
    from game.i18n import _
    from game.ui.board.board import BoardScene

    scene = app.scene
    assert isinstance(scene, BoardScene)
    position = Position.parse("R.BQ/..../..../....", size=4)
    move = Position.parse("..Q./..R./N.../.P..", size=4).move(parse_square("c4", 4), parse_square("c3", 4))
    reason = position.refusal(parse_square("a4", 4), parse_square("d4", 4), scene.session.game.rules)
    assert reason is not None
    texts = (
        _("Back to the start. Changed your mind? Undo brings your moves back."),
        _("Oh no, this can't be solved any more. Press Undo and try another way."),
        _("No piece can capture now. Press Undo to go back and try another way."),
        _("This way can't be solved any more. Undo first, then ask again."),
        _("This puzzle can't be solved, not even from the start. Choose another puzzle."),
    )
    return [
        scene.session.message,
        took(move, 3, False),
        refused(reason, 4, False),
        *[Message(text) for text in texts],
        *[hint_piece(letter) for letter in "NQB"],
    ]


@pytest.mark.slow
@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_boards_messages_are_shown_whole_at_every_size(app: App, recorder: Recorder, language: str) -> None:
    from game.ui.board.board import BoardScene
    from game.ui.core.board_marks import message_box

    app.choose_language(language)
    open_scene(app, "board")
    scene = app.scene
    assert isinstance(scene, BoardScene)
    problems = []
    for size in SIZES:
        resize(app, size)
        for message in messages(app):
            canvas = Canvas(app.layout.screen.size, recorder)  # the board's message box, as it draws it
            recorder.texts.clear()
            box, pad = scene.panel.message_rect, app.layout.unit // 2
            message_box(canvas, app.context.assets, box, message, scene.panel.text_size, pad)
            problems += [f"{size}: {problem}" for problem in _whole(box, message, canvas)]
    assert not problems, f"in {LANGUAGES[language]}:\n" + "\n".join(problems)


@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_schools_sentences_are_shown_whole_in_their_box(app: App, recorder: Recorder, language: str) -> None:
    from game.content.school import default_school
    from game.ui.board.school_lesson import lesson_context
    from game.ui.board.school_stage import SchoolStageScene

    app.choose_language(language)
    resize(app, (1024, 768))
    for stage in default_school().stages:
        app.push(SchoolStageScene(lesson_context(app.context), stage.id))
        scene = app.scene
        assert isinstance(scene, SchoolStageScene)
        scene.intro.elapsed = scene.intro.length
        assert not _whole_message(scene, draw(app, recorder)), f"in {LANGUAGES[language]}, {stage.id}'s sentence is cut"
        app.pop()


def test_the_big_levels_have_two_pages() -> None:
    assert sum(len(level.puzzles) for level in thirty_big().levels) > 30


class Voice:
    """A voice to read aloud with: the screens show their speakers."""

    available, speaking = True, False

    def say(self, text: str, language: str) -> None:
        pass

    def stop(self) -> None:
        pass


SPEAKING_SIZES = ((480, 640), (1024, 768), (1920, 1080))


@pytest.mark.app(speaker=Voice)
@pytest.mark.parametrize("language", ["en", "de", "uk"])
@pytest.mark.parametrize("name", ["victory", "big board victory", "quit", "type a code", "a typo in a code"])
def test_the_last_speakers_fit_beside_every_text(app: App, recorder: Recorder, name: str, language: str) -> None:
    """The victory's, the Quit screen's and the code screen's speaker, on a computer with a voice
    (the other tests have none, so no speaker): every text still fits, none under the speaker,
    from 480x640 to 1920x1080, in the longest languages."""
    from game.ui.core.read_aloud import SpeakerButton

    app.choose_language(language)
    resize(app, SPEAKING_SIZES[0])
    open_scene(app, name)
    problems = problems_at(app, recorder, name, SPEAKING_SIZES)
    assert [button for button in app.scene.buttons if isinstance(button, SpeakerButton)], "the screen has its speaker"
    assert not problems, f"{name} in {LANGUAGES[language]}:\n" + "\n".join(dict.fromkeys(problems))


@pytest.mark.app(speaker=Voice)
@pytest.mark.parametrize("language", list(LANGUAGES))
def test_no_level_squeezes_its_tiles_below_their_least_height(app: App, language: str) -> None:
    """Every level's plain tiles, the big board's under its row of levels too, are at least as
    tall as a squeezed tile (`least_height`) at each upright size: a row of the window given to
    something else never leaves the tiles too short for their number, stars and Next tab (at
    480x640 in Ukrainian the speaker's row once left the big board's tiles 36 px)."""
    from game.ui.levels.level_select import LevelSelectScene
    from game.ui.levels.level_upright import least_height

    real_class(app)
    app.store.roster.select_player(LONG_NAME)
    app.choose_language(language)
    scene = LevelSelectScene(app.context)
    app.push(scene)
    assert scene.speaker_button in scene.buttons
    short = []
    for size in UPRIGHT:
        resize(app, size)
        for index in range(len(scene.levels)):
            scene.choose_level(index)
            if scene.showing_ours or scene.showing_teacher:
                continue  # tiles with words have their own least size
            least = least_height(app.layout)
            short += [(size, index, rect.height, least) for rect, _puzzle in scene.pager.cells if rect.height < least]
    assert not short, f"(size, level, tile height, least): {short[:6]}"
