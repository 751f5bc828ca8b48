"""The teacher's assignments screen: the list with who finished, New, Remove, from the class screen."""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path

import pygame
import pytest
from class_list import add_players, one_save
from events import article_collection, click, finish_jobs, make_app, press

from game.rules.position import Position
from game.store.ourpuzzles import add, collection_path, make
from game.store.progress import ProgressStore
from game.ui.app import App
from game.ui.assignments.assignment_form import Mode
from game.ui.assignments.assignments import AssignmentsScene
from game.ui.class_table.class_progress import ClassScene
from game.ui.core.scene import Scene
from game.ui.core.widgets import Button

IDS = tuple(f"beginner-{n:03d}" for n in range(1, 13))


@pytest.fixture
def store(tmp_path: Path) -> ProgressStore:
    store = ProgressStore(tmp_path)
    add_players(store, ("Zoë", "Ana", "Ben"))
    return store


pytestmark = pytest.mark.app(collection=article_collection(IDS), below=Scene)


def mode_of(scene: AssignmentsScene) -> Mode:
    return scene.mode  # read afresh: a click changes it


def ours_button(scene: AssignmentsScene) -> Button:
    return next(button for name, button in scene.source_buttons if name == "Our puzzles")


def open_scene(app: App) -> AssignmentsScene:
    scene = AssignmentsScene(app.context)
    app.push(scene)
    finish_jobs(app)
    return scene


def test_the_class_screen_opens_the_assignments(app: App) -> None:
    scene = ClassScene(app.context)
    app.push(scene)
    app.step([], 0)
    click(app, scene.assignments_button.rect.center)
    assert isinstance(app.scene, AssignmentsScene)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, ClassScene)


def test_each_assignment_says_who_has_finished_it(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui.core.text_flow import draw_text as real

    app.store.add_assignment("Warm-up", ["beginner-001", "beginner-002"], due="2026-12-01")
    app.store.add_assignment("For Ben", ["beginner-003"], children=["Ben"])
    for name in ("Ana", "Zoë"):
        for puzzle_id in ("beginner-001", "beginner-002"):
            app.store.record_solve(name, puzzle_id, 0, 0, False)
    scene = open_scene(app)
    assert sorted(assignment.title for _card, assignment in scene.shown) == ["For Ben", "Warm-up"]
    texts: list[str] = []

    def spy(surface: pygame.Surface, assets: object, text: str, *args: object, **kwargs: object) -> pygame.Rect:
        texts.append(text)
        return real(surface, assets, text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr("game.ui.assignments.assignment_views.draw_text", spy)
    scene.draw(app.screen)
    assert "2 puzzles · due 2026-12-01 · for the whole class" in texts
    assert "2 of 3 finished · not yet: Ben" in texts
    assert "1 puzzle · no due day · for Ben" in texts
    assert "0 of 1 finished · not yet: Ben" in texts


def test_new_sets_a_levels_next_five_for_the_children_chosen_with_a_due_day(app: App) -> None:
    app.store.add_assignment("Before", ["beginner-001", "beginner-002"])
    for puzzle_id in IDS[:2]:
        app.store.record_solve("Ben", puzzle_id, 0, 0, False)
    scene = open_scene(app)
    click(app, scene.new_button.rect.center)
    assert mode_of(scene) is Mode.NEW
    assert [(item.title, item.children) for item in scene.plan()] == [
        ("Beginner: puzzles 1 to 5", ("Ana", "Zoë")),
        ("Beginner: puzzles 3 to 7", ("Ben",)),
    ]
    for name in ("Ana", "Ben"):  # each click lays the cards out again
        click(app, next(card for card in scene.child_cards if card.label == name).rect.center)
    assert scene.draft.children == {"Ana", "Ben"}
    assert [card.chosen for card in scene.child_cards] == [True, True, False]
    for _ in range(3):
        click(app, scene.later_button.rect.center)
    click(app, scene.earlier_button.rect.center)
    assert scene.draft.due_days == 1
    click(app, scene.save_button.rect.center)
    assert mode_of(scene) is Mode.LIST
    assert scene.message == 'Set "Beginner: puzzles 1 to 5", "Beginner: puzzles 3 to 7".'
    made = {item.title: item for item in app.store.assignments() if item.title != "Before"}
    assert made["Beginner: puzzles 1 to 5"].children == (app.store.player("Ana").id,)  # each from where she is
    assert made["Beginner: puzzles 3 to 7"].puzzle_ids == IDS[2:7]
    assert made["Beginner: puzzles 3 to 7"].children == (app.store.player("Ben").id,)
    assert made["Beginner: puzzles 3 to 7"].due == (date.today() + timedelta(days=1)).isoformat()


def test_new_from_a_start_the_teacher_chooses(app: App) -> None:
    scene = open_scene(app)
    click(app, scene.new_button.rect.center)
    for _ in range(12):
        click(app, scene.start.further.rect.center)
    assert scene.draft.start == len(IDS)  # no further than the level's last
    for _ in range(3):
        click(app, scene.start.fewer.rect.center)
    assert [(item.title, item.puzzle_ids) for item in scene.plan()] == [("Beginner: puzzles 9 to 12", IDS[8:12])]
    click(app, scene.save_button.rect.center)
    (made,) = app.store.assignments()
    assert (made.puzzle_ids, made.children) == (IDS[8:12], ())


def test_new_on_the_big_board_its_button_pressed_again_goes_to_the_next_level(app: App) -> None:
    scene = open_scene(app)
    click(app, scene.new_button.rect.center)
    big = next(button for name, button in scene.source_buttons if name == "Big board")
    click(app, big.rect.center)
    first = scene.draft.big_level
    assert big.label == f"Big board {first}" and scene.plan()[0].title.startswith(f"Level {first}: puzzles 1 to ")
    click(app, big.rect.center)
    assert scene.draft.big_level != first and big.label == f"Big board {scene.draft.big_level}"
    click(app, scene.save_button.rect.center)
    (made,) = app.store.assignments()
    assert made.puzzle_ids[0].startswith(f"big-{int(scene.draft.big_level):02d}-")


def test_new_by_ids_typed(app: App) -> None:
    scene = open_scene(app)
    click(app, scene.new_button.rect.center)
    click(app, next(button for name, button in scene.source_buttons if name == "Puzzle ids").rect.center)
    assert scene.takes_text
    app.step([pygame.event.Event(pygame.TEXTINPUT, text="beginner-004, beginner-099")], 0)
    assert "There is no puzzle beginner-099." in scene.preview
    for _ in range(len("beginner-099")):
        press(app, pygame.K_BACKSPACE)
    app.step([pygame.event.Event(pygame.TEXTINPUT, text="beginner-011")], 0)
    press(app, pygame.K_m)  # a letter, not the mute key
    assert app.store.settings.sound
    click(app, scene.save_button.rect.center)
    (made,) = app.store.assignments()
    assert (made.title, made.puzzle_ids) == ("Beginner 4, Beginner 11", ("beginner-004", "beginner-011"))


def test_new_for_the_whole_class_from_our_puzzles_with_the_keyboard(app: App, tmp_path: Path) -> None:
    ours = make(Position.parse("..Q./..R./N.../.P..", size=4), "Ana")
    add([ours], collection_path(tmp_path))
    scene = open_scene(app)
    press(app, pygame.K_TAB)  # Remove buttons: none; the arrows: none; then Done, New
    while scene.buttons[scene.focus or 0] is not scene.new_button:
        press(app, pygame.K_TAB)
    press(app, pygame.K_RETURN)
    assert mode_of(scene) is Mode.NEW
    press(app, pygame.K_TAB)
    while scene.buttons[scene.focus or 0] is not ours_button(scene):
        press(app, pygame.K_TAB)
    press(app, pygame.K_RETURN)
    assert scene.draft.source == "Our puzzles"
    click(app, scene.child_cards[0].rect.center)
    click(app, scene.class_button.rect.center)
    assert scene.draft.children == set()
    click(app, scene.save_button.rect.center)
    (made,) = app.store.assignments()
    assert (made.title, made.puzzle_ids, made.children, made.due) == ("Our puzzles", (ours.puzzle.id,), (), None)


def test_saving_with_nothing_to_set_says_why(app: App) -> None:
    scene = open_scene(app)
    click(app, scene.new_button.rect.center)
    click(app, ours_button(scene).rect.center)
    click(app, scene.save_button.rect.center)
    assert mode_of(scene) is Mode.NEW and "no puzzles of your own" in scene.message
    assert app.store.assignments() == []
    press(app, pygame.K_ESCAPE)
    assert mode_of(scene) is Mode.LIST


def test_remove_asks_first(app: App) -> None:
    app.store.add_assignment("Old", ["beginner-001"])
    scene = open_scene(app)
    click(app, scene.remove_buttons[0].rect.center)
    assert mode_of(scene) is Mode.CONFIRM
    click(app, scene.no_button.rect.center)
    assert mode_of(scene) is Mode.LIST and len(app.store.assignments()) == 1
    click(app, scene.remove_buttons[0].rect.center)
    click(app, scene.yes_button.rect.center)
    assert mode_of(scene) is Mode.LIST and app.store.assignments() == [] and scene.shown == []
    assert scene.message == '"Old" is removed.'


@pytest.mark.parametrize("size", [(1024, 768), (768, 1024), (1920, 1080), (800, 600)])
def test_many_assignments_and_children_fit_in_pages(tmp_path: Path, size: tuple[int, int]) -> None:
    store = ProgressStore(tmp_path)
    with one_save(store):
        add_players(store, [f"Child {index:02}" for index in range(45)])
        for index in range(12):
            store.add_assignment(f"Assignment {index}", [IDS[index]], due="2026-12-01")
    app = make_app(store, size, collection=article_collection(IDS))
    try:
        app.push(Scene(app.context))
        scene = open_scene(app)
        for mode in (Mode.LIST, Mode.NEW):
            seen: set[str] = set()
            for _page in range(scene.pages):
                rects = [button.rect for button in scene.buttons]
                assert all(app.layout.screen.contains(rect) for rect in rects), size
                assert all(rect.width >= 44 and rect.height >= 44 for rect in rects)
                assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])
                if mode is Mode.LIST:
                    seen |= {assignment.title for _card, assignment in scene.shown}
                else:
                    seen |= {card.label for card in scene.child_cards}
                scene.turn_page(1)
            assert len(seen) == (12 if mode is Mode.LIST else 45)
            scene.start_new()
    finally:
        app.close()


def drawn_texts(app: App, scene: AssignmentsScene, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the scene draws, in order."""
    from game.ui.core.text_flow import draw_text as real

    texts: list[str] = []

    def spy(surface: pygame.Surface, assets: object, text: str, *args: object, **kwargs: object) -> pygame.Rect:
        texts.append(text)
        return real(surface, assets, text, *args, **kwargs)  # type: ignore[arg-type]

    for module in ("assignments.assignment_views", "assignments.assignments_view"):
        monkeypatch.setattr(f"game.ui.{module}.draw_text", spy)
    scene.draw(app.screen)
    return texts


@pytest.mark.app(size=(800, 600))
def test_a_card_is_as_high_as_its_lines_and_counts_the_names_it_has_no_room_for(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    names = [f"Maximilian W {n:02}" for n in range(24)]  # as long as a name may be
    add_players(app.store, names)
    app.store.add_assignment("Done by Ana", ["beginner-001"], children=["Ana"])
    app.store.record_solve("Ana", "beginner-001", 0, 0, False)
    app.store.add_assignment("For everybody", ["beginner-002"])
    scene = open_scene(app)
    texts = drawn_texts(app, scene, monkeypatch)
    assert not [text for text in texts if "…" in text], "no name is cut short"
    heights = {assignment.title: card.height for card, assignment in scene.shown}
    assert heights["For everybody"] > heights["Done by Ana"], "the card with more lines is higher"
    assert len([text for text in texts if " more" in text]) == 1, texts
    everybody = next(
        words for (_card, item), words in zip(scene.shown, scene.words, strict=True) if item.title == "For everybody"
    )
    said = " ".join(text for text, _color in everybody.lines)
    named = [name for name in app.store.players() if name in said]
    assert 0 < len(named) < len(names) and said.endswith(f"and {len(names) + 3 - len(named)} more"), said


@pytest.mark.app(size=(800, 600))
def test_a_new_assignment_shows_every_puzzle_it_sets(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = open_scene(app)
    click(app, scene.new_button.rect.center)
    shown = " ".join(drawn_texts(app, scene, monkeypatch))
    assert all(f"beginner-{n:03d}" in shown for n in range(1, 6)), shown
    assert "…" not in shown


@pytest.mark.app(size=(800, 600))
def test_the_remove_question_pushes_the_list_down_at_the_page_of_the_one_asked_about(app: App) -> None:
    for index in range(6):
        app.store.add_assignment(f"Assignment {index}", [IDS[index]], due="2026-12-01")
    scene = open_scene(app)
    assert scene.pages > 1
    last = app.store.assignments()[-1]
    scene.ask_remove(last)
    assert mode_of(scene) is Mode.CONFIRM
    assert last in [assignment for _card, assignment in scene.shown], "the one asked about is shown"
    assert scene.panel.contains(scene.yes_button.rect) and scene.panel.contains(scene.no_button.rect)
    assert all(card.top > scene.panel.bottom for card, _assignment in scene.shown), "under the question, not under it"
    assert all(app.layout.screen.contains(card) for card, _assignment in scene.shown)


@pytest.mark.app(size=(800, 600))
def test_sources_too_long_for_one_row_take_two_each_name_whole(app: App) -> None:
    """The real levels' seven sources in Portuguese at 800x600: two rows, every name at the
    buttons' size; in English at 1920x1080, one row."""
    from game.content.levels import default_big_path, load_collection
    from game.ui.core.text_flow import text_width

    app.collection, app._big_collection = (
        load_collection(verify=False),
        load_collection(default_big_path(), verify=False),
    )
    app.choose_language("pt")
    scene = AssignmentsScene(app.context)
    app.push(scene)
    scene.start_new()
    rows = {button.rect.y for _name, button in scene.source_buttons}
    assert len(scene.source_buttons) == 7 and len(rows) == 2
    for _name, button in scene.source_buttons:
        assert text_width(app.context.assets, button.label, scene.button_size, bold=True) < button.rect.width
    pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)
    app.step([pygame.event.Event(pygame.VIDEORESIZE, size=(1920, 1080), w=1920, h=1080)], 0.016)
    app.choose_language("en")
    scene.resize(app.layout)
    assert len({button.rect.y for _name, button in scene.source_buttons}) == 1


def test_the_start_steps_by_tens_and_takes_a_number_typed(app: App) -> None:
    """Puzzle 40 of a level of 100 is four presses of +10 away, or "4" and "0" typed (not 39 presses)."""
    app.collection = article_collection(tuple(f"beginner-{n:03d}" for n in range(1, 101)))
    scene = open_scene(app)
    click(app, scene.new_button.rect.center)
    for _ in range(4):
        click(app, scene.start.further_ten.rect.center)
    assert scene.draft.start == 40
    click(app, scene.start.fewer_ten.rect.center)
    click(app, scene.start.further.rect.center)
    assert scene.draft.start == 31
    press(app, pygame.K_4, text="4")
    press(app, pygame.K_KP0, text="0")
    assert scene.draft.start == 40 and scene.plan()[0].puzzle_ids[0] == "beginner-040"
    press(app, pygame.K_9, text="9")  # 409 is past the level's last: a new number begins
    assert scene.draft.start == 9
    press(app, pygame.K_BACKSPACE)
    assert scene.draft.start is None  # where each child is
    for _ in range(12):
        click(app, scene.start.further_ten.rect.center)
    assert scene.draft.start == 100


class SystemTyping:
    """The system's text input as SDL keeps it: once stopped, typing sends no TEXTINPUT until
    something starts it again."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.on = True  # as SDL starts on a desktop
        monkeypatch.setattr(pygame.key, "start_text_input", lambda: setattr(self, "on", True))
        monkeypatch.setattr(pygame.key, "stop_text_input", lambda: setattr(self, "on", False))
        monkeypatch.setattr(pygame.key, "set_text_input_rect", lambda rect: None)

    def type(self, app: App, text: str) -> None:
        app.step([pygame.event.Event(pygame.TEXTINPUT, text=text)] if self.on else [], 0)


def test_ids_are_typed_after_the_name_form_was_shown_in_the_window(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui.players.players import PlayersScene

    system = SystemTyping(monkeypatch)
    players = PlayersScene(app.context)
    app.push(players)
    players.start_typing()  # the name form, as the teacher's window shows it at first start
    app.step([], 0.016)
    assert system.on
    app.pop()
    assert not system.on
    scene = open_scene(app)
    click(app, scene.new_button.rect.center)
    click(app, next(button for name, button in scene.source_buttons if name == "Puzzle ids").rect.center)
    system.type(app, "beginner-004")
    assert scene.draft.typed == "beginner-004"
    click(app, scene.cancel_button.rect.center)
    assert not system.on  # the list takes no text: a tablet's keyboard goes away
    click(app, scene.new_button.rect.center)
    system.type(app, "beginner-005")
    assert scene.draft.typed == "beginner-005"
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_ESCAPE)
    assert not system.on


@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1920, 1080), (600, 800)])
def test_remove_stands_away_from_where_got_it_stands(tmp_path: Path, size: tuple[int, int]) -> None:
    """A teacher's hand goes to the top right for "Got it" (the players' notice): no Remove there,
    in the list or in its question."""
    from game.ui.players.players import PlayersScene

    (tmp_path / "progress.json").write_text("{ not json", encoding="utf-8")  # a notice to put away
    store = ProgressStore(tmp_path)
    app = make_app(store, size, collection=article_collection(IDS))
    try:
        players = PlayersScene(app.context)
        app.push(players)
        app.step([], 0.016)
        assert players.dismiss_button.shown
        got_it = players.dismiss_button.rect.inflate(app.layout.unit, app.layout.unit)
        for title in ("Old", "Older"):
            store.add_assignment(title, [IDS[0]])
        scene = open_scene(app)
        removes = [button.rect for button in scene.remove_buttons]
        scene.ask_remove(store.assignments()[0])
        removes += [scene.yes_button.rect, *(button.rect for button in scene.remove_buttons)]
        assert len(removes) == 5 and not any(rect.colliderect(got_it) for rect in removes), (got_it, removes)
    finally:
        app.close()


def test_the_preview_of_many_groups_leaves_the_children_and_the_due_day_their_room(tmp_path: Path) -> None:
    """At 800x600, a class at four places: the preview says what it can in its room (and how
    many more), over "for whom", a row of children and the due day."""
    store = ProgressStore(tmp_path)
    names = [f"Maximilian W{index:02}" for index in range(16)]
    with one_save(store):
        for index, name in enumerate(names):
            store.add_player(name)
            for puzzle_id in IDS[: 2 * (index % 4)]:
                store.record_solve(name, puzzle_id, 0, 0, False)
    app = make_app(store, (800, 600), collection=article_collection(IDS))
    try:
        scene = open_scene(app)
        click(app, scene.new_button.rect.center)
        assert len(scene.plan()) == 4
        preview_bottom = scene.preview_y + len(scene.preview) * scene.line_step
        assert scene.preview and preview_bottom <= scene.for_label_y
        assert scene.for_label_y + scene.line_step <= scene.class_button.rect.top + scene.gap
        assert scene.child_cards and all(card.rect.bottom < scene.earlier_button.rect.top for card in scene.child_cards)
        assert scene.preview[-1].startswith("and ")
    finally:
        app.close()
