"""The live class on the projector: opened from the class screen, stuck children first and
marked, refreshed from the shared folder, and 30 children on one readable screen."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, TypeVar

import events
import pygame
import pytest
from events import article_collection, make_app

from game.jobs import Job
from game.outputs.live import Doing
from game.store import author
from game.store.progress import ProgressStore
from game.ui.app import App
from game.ui.class_table.class_progress import ClassScene
from game.ui.core.assets import Assets
from game.ui.core.layout import CHILD_TEXT_SIZE
from game.ui.core.scene import Scene
from game.ui.live import live
from game.ui.live.live import REFRESH_SECONDS, LiveClassScene
from game.ui.live.live_cards import card_line

T = TypeVar("T")
IDS = tuple(f"beginner-{n:03d}" for n in range(1, 13))


def minutes_ago(monkeypatch: pytest.MonkeyPatch, minutes: float) -> None:
    """The store's clock, `minutes` before this moment."""
    moment = (datetime.now() - timedelta(minutes=minutes)).isoformat(timespec="seconds")
    monkeypatch.setattr(author, "today", lambda: moment[:10])
    monkeypatch.setattr(author, "now", lambda: moment)


@pytest.fixture
def store(tmp_path: Path) -> ProgressStore:
    store = ProgressStore(tmp_path)
    with pytest.MonkeyPatch.context() as clock:
        minutes_ago(clock, 2 * 24 * 60)  # the class began before today: nobody is new today
        for name, avatar in (("Ana", "owl"), ("Ben", ""), ("Zoë", "fox")):
            store.add_player(name, avatar)
        minutes_ago(clock, 2)
        store.record_attempt("Ana", "beginner-002")
        minutes_ago(clock, 9)
        store.record_attempt("Zoë", "beginner-007")  # nine minutes on it: stuck
    return store


pytestmark = pytest.mark.app(collection=article_collection(IDS), below=Scene)


def open_live(app: App) -> LiveClassScene:
    app.push(ClassScene(app.context))
    app.step([], 0)
    scene = app.scene
    assert isinstance(scene, ClassScene)
    events.click(app, scene.live_button.rect.center)
    assert isinstance(app.scene, LiveClassScene)
    app.step([], 0)
    return app.scene


def test_opens_from_the_class_screen_with_the_stuck_child_first(app: App) -> None:
    scene = open_live(app)
    assert [row.name for row in scene.rows] == ["Zoë", "Ana", "Ben"]
    zoe, ana, ben = scene.rows
    assert (zoe.stuck, zoe.puzzle, zoe.minutes) == (True, "Beginner 7", 9)
    assert (ana.stuck, ana.idle, ana.puzzle) == (False, False, "Beginner 2")
    assert ben.idle and not ben.stuck
    assert len(scene.cards) == 3 and all(app.layout.screen.contains(card) for card in scene.cards)


def test_escape_and_back_return_to_the_class(app: App) -> None:
    open_live(app)
    app.step([events.key_down(pygame.K_ESCAPE)], 0)
    assert isinstance(app.scene, ClassScene)
    scene = open_live(app)
    events.click(app, scene.back_button.rect.center)
    assert isinstance(app.scene, ClassScene)


def test_a_solve_saved_elsewhere_appears_after_the_refresh(app: App, store: ProgressStore) -> None:
    scene = open_live(app)
    other = ProgressStore(store.folder)  # another computer on the same folder
    other.record_solve("Zoë", "beginner-007", 0, 0, False)
    app.step([], REFRESH_SECONDS / 2)
    app.step([], 0)
    assert scene.rows[0].name == "Zoë" and scene.rows[0].stuck, "nothing read before the timer"
    app.step([], REFRESH_SECONDS / 2 + 0.1)  # the timer: a re-read asked of the disk worker
    app.step([], 0)  # the frame's poll takes it
    rows = {row.name: row for row in scene.rows}
    assert (rows["Zoë"].solved_today, rows["Zoë"].stuck, rows["Zoë"].puzzle_id) == (1, False, None)
    assert [row.name for row in scene.rows] == ["Ana", "Ben", "Zoë"]


def test_the_minute_turning_redraws(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    fixed = datetime.now()
    monkeypatch.setattr(live, "now", lambda: fixed)  # the real minute may not turn in this test
    scene = open_live(app)
    later = fixed + timedelta(minutes=4)
    frames = app.frames
    app.step([], 0)
    assert app.frames == frames, "nothing new: no redraw"
    monkeypatch.setattr(live, "now", lambda: later)
    app.step([], 0)
    assert app.frames == frames + 1 and scene.moment == later
    assert [row.name for row in scene.rows if row.stuck] == ["Ana", "Zoë"]  # Ana now six minutes on hers


@pytest.fixture
def sizes(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, str]]:
    """Every text drawn, with its font size."""
    drawn: list[tuple[int, str]] = []
    real = Assets.font

    class Recording:
        def __init__(self, font: pygame.font.Font, size: int) -> None:
            self._font, self._size = font, size

        def render(self, text: str, *args: Any, **kwargs: Any) -> pygame.Surface:
            drawn.append((self._size, text))
            return self._font.render(text, *args, **kwargs)

        def __getattr__(self, name: str) -> Any:
            return getattr(self._font, name)

    monkeypatch.setattr(Assets, "font", lambda self, size, bold=False: Recording(real(self, size, bold), size))
    return drawn


@pytest.fixture
def thirty(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[App]:
    """A class of thirty, each child on a puzzle, in a window of the test's size."""
    store = ProgressStore(tmp_path)
    for index in range(30):
        store.add_player(f"Child Number {index:02}")
        store.record_attempt(f"Child Number {index:02}", IDS[index % len(IDS)])
    app = make_app(store, request.param, collection=article_collection(IDS))
    yield app
    app.close()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("thirty", "name_size"), [((1920, 1080), 40), ((1024, 768), CHILD_TEXT_SIZE)], indirect=["thirty"]
)
def test_thirty_children_on_one_readable_screen(thirty: App, sizes: list[tuple[int, str]], name_size: int) -> None:
    app = thirty
    scene = LiveClassScene(app.context)
    app.push(scene)
    app.step([], 0)
    assert scene.shown == 30 and len(scene.cards) == 30
    cards = scene.cards
    assert all(app.layout.screen.contains(card) for card in cards)
    assert not any(a.colliderect(b) for i, a in enumerate(cards) for b in cards[i + 1 :])
    names = [font for font, text in sizes if text.startswith("Chil")]
    assert len(names) == 30 and min(names) >= name_size
    assert min(font for font, _ in sizes) >= CHILD_TEXT_SIZE


def test_a_forty_letter_name_is_fitted_into_its_card(app: App, sizes: list[tuple[int, str]]) -> None:
    scene = open_live(app)
    long_name = "Maximiliana Wolkenstein-Schwarzenbergerin"[:40]
    assert len(long_name) == 40
    scene.rows = [replace(scene.rows[0], name=long_name), *scene.rows[1:]]
    sizes.clear()
    scene.draw(app.screen)
    # On lines of its own beside the picture (a word too long broken), at a child's size.
    shown = [(font, text) for font, text in sizes if text.rstrip("…") and text.rstrip("…") in long_name]
    assert len(shown) >= 2
    assert all(font >= CHILD_TEXT_SIZE for font, _ in shown)
    assert all(app.context.assets.font(font, bold=True).size(text)[0] < scene.cards[0].width for font, text in shown)
    joined = "".join(text.rstrip("…") for _, text in shown).replace(" ", "")
    assert long_name.replace(" ", "").startswith(joined) and len(joined) > len("Maximiliana Wol")


def test_nobody_in_the_class(tmp_path: Path) -> None:
    app = make_app(ProgressStore(tmp_path))
    try:
        scene = LiveClassScene(app.context)
        app.push(scene)
        app.step([], 0)
        assert scene.rows == [] and scene.cards == []
    finally:
        app.close()


class HeldRunner:
    """The disk worker, held: a job runs only when the test lets the held ones go."""

    def __init__(self) -> None:
        self.held: list[Job[Any]] = []

    def start(self, work: Callable[[threading.Event], T]) -> Job[T]:
        job = Job(work)
        self.held.append(job)
        return job

    def let_go(self) -> None:
        while self.held:
            self.held.pop(0).run()


def test_nobody_is_called_absent_before_the_first_read(store: ProgressStore, tmp_path: Path) -> None:
    disk = HeldRunner()
    app = make_app(store, collection=article_collection(IDS), runner=disk)
    try:
        app.push(Scene(app.context))
        scene = LiveClassScene(app.context)
        app.push(scene)
        app.step([], 0.016)
        assert {row.doing for row in scene.rows} == {Doing.READING}
        assert {card_line(row) for row in scene.rows} == {"Looking…"}
        disk.let_go()  # the read comes back
        app.step([], 0.016)
        app.step([], 0.016)
        assert [(row.name, row.doing) for row in scene.rows] == [
            ("Zoë", Doing.STUCK),
            ("Ana", Doing.PLAYING),
            ("Ben", Doing.ABSENT),
        ]
        assert card_line(scene.rows[-1]) == "Not seen today"
    finally:
        disk.let_go()
        app.close()


def test_a_folder_that_cannot_be_read_shows_what_this_window_knows_after_a_while(store: ProgressStore) -> None:
    disk = HeldRunner()  # never answers
    app = make_app(store, collection=article_collection(IDS), runner=disk)
    try:
        app.push(Scene(app.context))
        scene = LiveClassScene(app.context)
        app.push(scene)
        app.step([], 0.016)
        assert scene.rows[0].doing is Doing.READING
        for _ in range(round(live.READ_WAIT_MOST / 0.5) + 1):
            app.step([], 0.5)
        assert scene.rows[0].stuck
    finally:
        disk.let_go()
        app.close()


def test_a_child_back_at_the_menu_is_not_flagged_and_one_quiet_on_her_puzzle_is(
    app: App, store: ProgressStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    minutes_ago(monkeypatch, 1)
    store.record_attempt("Ana", "beginner-002", "..Q.............", left=True)  # then back to the menu
    minutes_ago(monkeypatch, 16)
    store.record_attempt("Ben", "beginner-003")  # opened, then nothing for 16 minutes
    scene = open_live(app)
    rows = {row.name: row for row in scene.rows}
    assert (rows["Ana"].stuck, rows["Ana"].puzzle, card_line(rows["Ana"])) == (False, "", "At the menu")
    assert (rows["Ben"].stuck, rows["Ben"].idle, card_line(rows["Ben"])) == (True, False, "Beginner 3 · 16 min")


@pytest.fixture
def stuck_class(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[App]:
    """Twenty-five children, a few stuck for long on a big board's puzzle, in a window of the test's size."""
    store = ProgressStore(tmp_path)
    with pytest.MonkeyPatch.context() as clock:
        for index in range(25):
            name = f"Maximiliana {index:02}"
            store.add_player(name)
            minutes_ago(clock, 48 if index % 4 == 0 else 1)
            store.record_attempt(name, "big-03-017" if index % 4 == 0 else IDS[index % len(IDS)])
    app = make_app(store, request.param, collection=article_collection(IDS))
    yield app
    app.close()


@pytest.mark.slow
@pytest.mark.parametrize("stuck_class", [(800, 600), (1024, 768)], indirect=True)
def test_the_stuck_cards_lines_are_whole(stuck_class: App, sizes: list[tuple[int, str]]) -> None:
    app = stuck_class
    scene = LiveClassScene(app.context)
    app.push(scene)
    app.step([], 0)
    sizes.clear()
    scene.draw(app.screen)
    stuck = [row for row in scene.rows[: scene.shown] if row.stuck]
    assert len(stuck) == 7 and all(card_line(row) == "Big board 3-17 · 48 min" for row in stuck)
    lines = [text for _size, text in sizes if "Big board" in text or "min" in text]
    assert lines and not any(text.endswith("…") for text in lines), lines
    assert " ".join(lines).count("48 min") == 7  # each stuck card says how long, whole
    names = " ".join(row.name for row in scene.rows)
    cut = [text for _size, text in sizes if text.endswith("…")]
    assert all(text.rstrip("…") in names for text in cut), cut  # no puzzle's line cut (long names still are)


def test_a_class_too_big_for_the_window_shows_the_rest_by_count_at_the_childrens_size_exactly() -> None:
    """Cut, the cards are at the children's size, not bigger: a bigger window that shows more
    of them never shows them smaller."""
    from game.ui.live.live_cards import card_width_in_bases, fitting_count

    small, big = pygame.Rect(0, 0, 450, 480), pygame.Rect(0, 0, 570, 640)
    counts, bases = [], []
    for area in (small, big):
        shown, grid = fitting_count(25, area, 10, 60.0, card_width_in_bases(area, 10, landscape=False))
        counts.append(shown)
        bases.append(grid.base)
        assert shown < 25 and grid.base == CHILD_TEXT_SIZE and grid.columns == 2
    assert counts[0] < counts[1]


def test_upright_cards_are_two_columns_at_least_and_never_narrower_in_a_bigger_window() -> None:
    from game.ui.live.live_cards import WIDTH_IN_BASES, card_width_in_bases

    assert card_width_in_bases(pygame.Rect(0, 0, 1000, 700), 10, landscape=True) == WIDTH_IN_BASES
    widths = [card_width_in_bases(pygame.Rect(0, 0, width, 900), 10, landscape=False) for width in (450, 570, 720)]
    assert widths == sorted(widths) and widths[0] * CHILD_TEXT_SIZE * 2 + 10 <= 450
