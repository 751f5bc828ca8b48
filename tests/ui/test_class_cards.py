"""The class cards (issue 43): a laptop in a school folder of several classes opens on a card for
each class, before "Who is playing?"; the class chosen there is the window's store, with its
children only, and this laptop's class for the lesson (an hour); an old one-class folder shows no
cards. Each way of playing reaches them: a click, Tab and Enter, one switch."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import events
import pygame
from test_one_switch_journey import choose as switch_choose

from game.store import lesson
from game.store.progress import ProgressStore
from game.store.school import ROOT
from game.ui.app import App
from game.ui.classes.class_cards import ClassCardsScene
from game.ui.players.players import PlayersScene

CHILDREN = {"2B": ("Ana", "Ben"), "3A": ("Clara", "Dmytro", "Emma")}


def make_school(folder: Path) -> dict[str, str]:
    """A school folder of two classes with children each, its top holding none; their ids by name."""
    top = ProgressStore(folder)
    top.mark_help_seen()
    ids = {
        name: top.school.add_class(name, picture, colour)
        for name, picture, colour in (("2B", "fox", "blue"), ("3A", "owl", "red"))
    }
    top.flush()
    for name, class_id in ids.items():
        one = ProgressStore(folder / "classes" / class_id)
        one.mark_help_seen()
        for child in CHILDREN[name]:
            one.add_player(child)
        one.flush()
    return ids


def window(folder: Path, clock: Callable[[], float] | None = None) -> App:
    """A laptop's window on `folder` as the game opens it: the class list only, then its first
    screen (`clock`: the lesson's, else the real time)."""
    app = events.make_app(ProgressStore(folder, class_only=True))
    if clock is not None:
        app.lesson.clock = clock
    app.nav.start()
    app.step([], 0.016)
    return app


def cards(app: App) -> ClassCardsScene:
    scene = app.scene
    assert isinstance(scene, ClassCardsScene), f"{type(scene).__name__} instead of the class cards"
    return scene


def card(app: App, name: str) -> pygame.Rect:
    return next(item.rect for item in cards(app).page_cards if item.label == name)


def shows_children_of(app: App, name: str) -> None:
    scene = app.scene
    assert isinstance(scene, PlayersScene)
    assert sorted(scene.cards) == sorted(CHILDREN[name])
    assert app.store.folder.parent.name == "classes"


def test_two_classes_show_their_cards_and_2b_shows_only_its_children(tmp_path: Path) -> None:
    make_school(tmp_path)
    app = window(tmp_path)
    assert [item.label for item in cards(app).page_cards] == ["2B", "3A"], "the top has no child: no card"
    assert app.context.store is app.store
    events.click(app, card(app, "2B").center)
    shows_children_of(app, "2B")
    assert app.context.store is app.store, "the scenes' store follows the window's"
    assert [scene for scene in app.scenes if isinstance(scene, ClassCardsScene)] == []
    app.close()


def test_an_old_folder_of_one_class_shows_no_cards(tmp_path: Path) -> None:
    old = ProgressStore(tmp_path)
    old.mark_help_seen()
    old.add_player("Ana")
    old.flush()
    app = window(tmp_path)
    assert isinstance(app.scene, PlayersScene) and list(app.scene.cards) == ["Ana"]
    assert not app.scene.another_button.shown, "no other class to go to"
    app.close()


def test_the_root_class_with_children_is_a_card_of_its_own(tmp_path: Path) -> None:
    make_school(tmp_path)
    top = ProgressStore(tmp_path)
    top.add_player("Olga")
    top.flush()
    app = window(tmp_path)
    assert len(cards(app).page_cards) == 3
    app.close()


def test_the_class_is_remembered_for_the_lesson_then_the_cards_come_again(tmp_path: Path) -> None:
    make_school(tmp_path)
    now = [1_000_000.0]
    app = window(tmp_path, lambda: now[0])
    events.click(app, card(app, "3A").center)
    app.close()
    now[0] += lesson.LESSON_SECONDS - 60  # the same lesson: the window opens on its class
    app = window(tmp_path, lambda: now[0])
    shows_children_of(app, "3A")
    app.close()
    now[0] += 120  # the lesson is over
    app = window(tmp_path, lambda: now[0])
    cards(app)
    app.close()


def test_another_class_goes_back_to_the_cards_and_cancel_to_the_class(tmp_path: Path) -> None:
    make_school(tmp_path)
    app = window(tmp_path)
    events.click(app, card(app, "2B").center)
    players = app.scene
    assert isinstance(players, PlayersScene) and players.another_button.shown
    events.click(app, players.another_button.rect.center)
    events.click(app, cards(app).cancel_button.rect.center)
    shows_children_of(app, "2B")
    app.scene.another_button.action()  # type: ignore[attr-defined]
    events.click(app, card(app, "3A").center)
    shows_children_of(app, "3A")
    app.close()


def test_keys_choose_a_class(tmp_path: Path) -> None:
    make_school(tmp_path)
    app = window(tmp_path)
    assert any(binding.action == "press_focused" for binding in ClassCardsScene.KEYS)
    for key in (pygame.K_TAB, pygame.K_TAB, pygame.K_RETURN):  # the first card, the second, chosen
        events.press(app, key)
    shows_children_of(app, "3A")
    app.close()


def test_one_switch_picks_a_class(tmp_path: Path) -> None:
    make_school(tmp_path)
    top = ProgressStore(tmp_path)
    top.set_setting("scan_step", 1000)
    top.flush()
    app = window(tmp_path)
    assert app.settings.scan_step == 1000
    scene = cards(app)
    lit_first = [choice for group in scene.scan_groups()[:2] for choice in group]
    assert lit_first == scene.page_cards, "the cards are lit first, by rows, as the name cards are"
    switch_choose(app, next(item for item in scene.page_cards if item.label == "3A"))
    shows_children_of(app, "3A")
    app.close()


def test_the_cards_are_heard_as_the_screen_opens(tmp_path: Path) -> None:
    make_school(tmp_path)
    app = window(tmp_path)
    said: list[str] = []
    app.read_aloud.say = lambda text, whole=False: said.append(text)  # type: ignore[method-assign]
    cards(app).heard = ""
    app.step([], 0.016)
    assert said and said[-1].splitlines() == ["Which class are you in?", "2B", "3A"]
    app.close()


def test_a_damaged_lesson_in_the_computer_file_is_left_out(tmp_path: Path, local_folder: Path) -> None:
    from game.store.computer import Computer

    computer = Computer(local_folder)
    computer.set_lesson_class(tmp_path, "2b", 2_000.0)
    assert computer.lesson_class(tmp_path, 1_999.0) == "2b"
    assert computer.lesson_class(tmp_path, 2_000.0) is None
    text = computer.path.read_text(encoding="utf-8").replace("2000.0", '"soon"')
    computer.path.write_text(text, encoding="utf-8")
    assert Computer(local_folder).lesson_class(tmp_path, 0.0) is None
    assert ROOT == ""


def test_an_hour_after_the_class_was_chosen_the_next_child_is_asked_her_class_again(tmp_path: Path) -> None:
    """The lesson's class is remembered an hour from the choice; a window open longer sends the
    next child ("Players" on the level select) to the class cards, not to the last class's names;
    within the hour, to the names."""
    from game.ui.levels.level_select import LevelSelectScene

    make_school(tmp_path)
    now = [1_800_000_000.0]
    app = window(tmp_path, lambda: now[0])
    events.click(app, card(app, "2B").center)
    shows_children_of(app, "2B")
    for later, expected in ((59 * 60, PlayersScene), (2 * 60, ClassCardsScene)):  # 59 minutes, then 61
        now[0] += later
        app.nav.open_level_select()
        app.step([], 0.016)
        assert isinstance(app.scene, LevelSelectScene)
        app.nav.open_players()
        app.step([], 0.016)
        assert isinstance(app.scene, expected), now[0]
    assert len(app.scenes) == 1 and not cards(app).chosen_before, "the cards alone: no Cancel into the last class"
    events.click(app, card(app, "3A").center)
    shows_children_of(app, "3A")
    app.close()


def test_a_window_that_opened_on_the_remembered_class_asks_again_when_its_lesson_ends(tmp_path: Path) -> None:
    make_school(tmp_path)
    now = [1_800_000_000.0]
    first = window(tmp_path, lambda: now[0])
    events.click(first, card(first, "3A").center)
    first.close()
    now[0] += 30 * 60
    app = window(tmp_path, lambda: now[0])  # opened half an hour later: on 3A, for the half hour left
    shows_children_of(app, "3A")
    now[0] += 31 * 60
    app.nav.open_level_select()
    app.nav.open_players()
    app.step([], 0.016)
    assert isinstance(app.scene, ClassCardsScene)
    app.close()


def test_a_laptop_in_a_class_kept_as_last_year_asks_the_next_child_her_class(tmp_path: Path) -> None:
    """The teacher keeps the year from her computer while a laptop plays in 2B: the laptop reads
    the school's list now and then, and its next "Players" brings the class cards (this year's
    classes), not 2B's names to play on in last year's class."""
    from game.store.lesson import READ_EVERY
    from game.ui.levels.level_select import LevelSelectScene

    make_school(tmp_path)
    app = window(tmp_path)
    events.click(app, card(app, "2B").center)
    shows_children_of(app, "2B")
    teacher = ProgressStore(tmp_path)
    teacher.school.archive_year("2025-26")
    teacher.school.add_class("3B", "cat", "green")
    teacher.school.add_class("3C", "owl", "red")
    assert teacher.flush()
    app.nav.open_level_select()
    for _ in range(2):
        app.step([], READ_EVERY + 0.1)
    assert isinstance(app.scene, LevelSelectScene)
    app.nav.open_players()
    app.step([], 0.016)
    assert [item.label for item in cards(app).page_cards] == ["3B", "3C"]
    app.close()
