"""The class screen and a child's page, against a progress file built here."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import csv
from datetime import date
from itertools import pairwise
from pathlib import Path

import events
import pygame
import pytest
from class_list import add_players
from events import article_collection, make_app

from game.content.names import puzzle_name
from game.outputs.report import SortBy, child_page
from game.store.progress import ProgressStore
from game.ui.app import App
from game.ui.child.child import ChildMode, ChildScene
from game.ui.class_table import class_progress
from game.ui.class_table.class_progress import ClassScene
from game.ui.core.scene import Scene

IDS = ("beginner-001", "beginner-002", "beginner-003", "beginner-004")


def class_store(folder: Path) -> ProgressStore:
    store = ProgressStore(folder)
    add_players(store, ("Zoë", "Ana", "Ben"), {"Zoë": "fox", "Ana": "owl"})
    store.record_solve("Ana", "beginner-001", hints=1, undos=2, used_auto=False, moves=3)
    store.record_attempt("Ana", "beginner-002")
    store.record_attempt("Ana", "beginner-002", "..Q.............")
    for puzzle_id in IDS[:3]:
        store.record_solve("Zoë", puzzle_id, hints=0, undos=0, used_auto=puzzle_id == "beginner-003", moves=3)
    return store


@pytest.fixture
def store(tmp_path: Path) -> ProgressStore:
    return class_store(tmp_path)


pytestmark = pytest.mark.app(collection=article_collection(IDS), below=Scene)


def open_class(app: App) -> ClassScene:
    scene = ClassScene(app.context)
    app.push(scene)
    app.step([], 0)
    return scene


def test_the_rows_show_the_progress_file(app: App) -> None:
    scene = open_class(app)
    rows = {button.row.name: button.row for button in scene.rows}
    assert [button.row.name for button in scene.rows] == ["Ana", "Ben", "Zoë"]
    ana, zoe = rows["Ana"], rows["Zoë"]
    assert (ana.levels[0].solved, ana.levels[0].puzzles, ana.levels[0].stars, ana.hints, ana.auto) == (1, 4, 2, 1, 0)
    assert ana.levels[0].unsolved_tries == 1
    assert (zoe.solved, zoe.stars, zoe.auto, zoe.avatar) == (3, 7, 1, "fox")
    assert rows["Ben"].solved == 0 and rows["Ben"].last_day is None
    events.click(app, scene.sort_button.rect.center)
    assert scene.sort is SortBy.PROGRESS
    assert [button.row.name for button in scene.rows] == ["Zoë", "Ana", "Ben"]


@pytest.mark.slow
@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_forty_children_fit_in_readable_pages(tmp_path: Path, size: tuple[int, int]) -> None:
    store = ProgressStore(tmp_path)
    for index in range(40):
        store.add_player(f"Child {index:02}")
    app = make_app(store, size, collection=article_collection(IDS))
    try:
        app.push(Scene(app.context))
        scene = open_class(app)
        assert scene.pages > 1 and scene.row_font >= 18
        assert all(row.rect.height >= 44 and app.layout.screen.contains(row.rect) for row in scene.rows)
        seen = [row.row.name for row in scene.rows]
        for _ in range(scene.pages - 1):
            app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1)], 0)
            seen += [row.row.name for row in scene.rows]
        assert seen == store.players()
        events.press(app, pygame.K_PAGEUP)
        assert scene.page == scene.pages - 2
    finally:
        app.close()


def finish_export(app: App, scene: ClassScene) -> None:
    """Frames until the export's answer arrived (it may arrive in the frame of the click)."""
    while (task := scene.jobs.running("export")) is not None:
        assert task.job.wait(10)
        app.step([], 0)
    assert scene.message != "Saving…"


def test_save_the_table_writes_csv_and_html_to_the_documents_folder(
    app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    documents = tmp_path.joinpath(*["a-long-folder-name"] * 6, "Documents")
    monkeypatch.setattr(class_progress, "documents_folder", lambda: documents)
    scene = open_class(app)
    scene.focus = scene.buttons.index(scene.export_button)
    events.click(app, scene.export_button.rect.center)
    finish_export(app, scene)
    assert str(documents) in scene.message
    shown = "".join(scene.footer.lines)  # the whole message, the folder broken after separators
    assert str(documents) in shown and "…" not in shown and len(scene.footer.lines) > 1
    assert scene.rows[-1].rect.bottom < scene.message_pos[1] and scene.buttons[scene.focus] is scene.export_button
    (table,) = documents.glob("*.csv")
    with table.open(encoding="utf-8-sig", newline="") as file:
        assert {row["Name"] for row in csv.DictReader(file)} == {"Ana", "Ben", "Zoë"}
    assert len(list(documents.glob("*.html"))) == 1


def test_a_failed_save_says_why(app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setattr(class_progress, "documents_folder", lambda: blocker / "Documents")
    scene = open_class(app)
    events.click(app, scene.export_button.rect.center)
    finish_export(app, scene)
    assert "could not be saved" in scene.message


def open_child(app: App, name: str) -> ChildScene:
    scene = open_class(app)
    row = next(button for button in scene.rows if button.row.name == name)
    events.click(app, row.rect.center)
    child = app.scene
    assert isinstance(child, ChildScene) and child.name == name
    return child


def test_a_childs_page_can_be_drawn_and_renamed(app: App, tmp_path: Path) -> None:
    child = open_child(app, "Ana")
    child.draw(app.screen)
    events.click(app, child.rename_button.rect.center)
    assert child.mode is ChildMode.RENAME and app.scene_takes_text()
    app.step([events.key_down(pygame.K_BACKSPACE)] * 3 + [pygame.event.Event(pygame.TEXTINPUT, text="Anna")], 0)
    app.step([events.key_down(pygame.K_RETURN)], 0)
    assert child.name == "Anna" and not app.scene_takes_text()
    assert ProgressStore(tmp_path).players() == ["Anna", "Ben", "Zoë"]


def test_a_clashing_name_says_so_and_changes_nothing(app: App) -> None:
    child = open_child(app, "Ana")
    events.click(app, child.rename_button.rect.center)
    app.step([events.key_down(pygame.K_BACKSPACE)] * 3 + [pygame.event.Event(pygame.TEXTINPUT, text="Ben")], 0)
    app.step([events.key_down(pygame.K_RETURN)], 0)
    assert child.mode is ChildMode.RENAME and child.error
    assert app.store.players() == ["Ana", "Ben", "Zoë"]


def test_the_picture_can_be_changed(app: App, tmp_path: Path) -> None:
    child = open_child(app, "Ben")
    events.click(app, child.avatar_button.rect.center)
    assert child.mode is ChildMode.AVATAR
    picture = child.pictures[5]
    events.click(app, picture.rect.center)
    assert ProgressStore(tmp_path).player("Ben").avatar == picture.avatar


def test_reset_asks_first_and_forgets_the_results(app: App, tmp_path: Path) -> None:
    child = open_child(app, "Zoë")
    events.click(app, child.reset_button.rect.center)
    events.click(app, child.no_button.rect.center)
    assert ProgressStore(tmp_path).records("Zoë")
    events.click(app, child.reset_button.rect.center)
    assert "Zoë" in child.yes_button.label
    events.click(app, child.yes_button.rect.center)
    saved = ProgressStore(tmp_path)
    assert not saved.records("Zoë") and saved.player("Zoë").avatar == "fox"


def test_remove_asks_first_and_is_for_good(app: App, tmp_path: Path) -> None:
    child = open_child(app, "Ben")
    events.click(app, child.remove_button.rect.center)
    assert child.mode is ChildMode.CONFIRM_REMOVE
    events.press(app, pygame.K_ESCAPE)
    assert child.yes_button.hidden and "Ben" in app.store.players()
    events.click(app, child.remove_button.rect.center)
    events.click(app, child.yes_button.rect.center)
    assert isinstance(app.scene, ClassScene)
    assert [button.row.name for button in app.scene.rows] == ["Ana", "Zoë"]
    assert ProgressStore(tmp_path).players() == ["Ana", "Zoë"]


def test_big_board_results_leave_the_class_screen_and_the_childs_page_whole(app: App) -> None:
    app.store.record_attempt("Ana", "big-01-001")
    app.store.record_solve("Ana", "big-01-001", 0, 1, False, moves=2)
    app.store.record_attempt("Ana", "big-02-001")
    app.store.record_attempt("Ana", "big-02-001", "." * 63 + "K")
    assert app.store.stars("Ana", "big-01-001") == 3
    scene = open_class(app)
    scene.draw(app.screen)
    child = open_child(app, "Ana")
    child.draw(app.screen)
    page = child_page(app.store, app.collection, "Ana")
    assert "big-01-001" in [puzzle.puzzle_id for puzzle in page.solved]
    assert "big-02-001" in [puzzle.puzzle_id for puzzle in page.tried]
    assert puzzle_name("", 0, "big-02-011") == "Big board 2-11"
    assert puzzle_name("Beginner", 3, "beginner-003") == "Beginner 3"


@pytest.mark.parametrize("language", ["en", "de", "uk"])
def test_the_buttons_never_cover_the_title(tmp_path: Path, language: str) -> None:
    from game import i18n

    app = make_app(class_store(tmp_path / "class"), size=(1024, 768))
    try:
        app.choose_language(language)
        scene = ClassScene(app.context)
        app.push(scene)
        title = pygame.Rect(scene.title_pos, app.assets.font(scene.title_size, bold=True).size(i18n._("The class")))
        title.midleft = scene.title_pos
        bar = [scene.live_button, scene.sort_button, scene.assignments_button, scene.print_button, scene.done_button]
        assert all(not button.rect.colliderect(title) for button in bar), language
        assert all(button.rect.bottom < scene.header_y for button in bar)
        assert all(app.screen.get_rect().contains(button.rect) for button in bar), "every button whole on screen"
        assert not any(one.rect.colliderect(other.rect) for one in bar for other in bar if one is not other)
    finally:
        app.choose_language("")


@pytest.mark.slow
@pytest.mark.parametrize("language", ["de", "uk"])
def test_the_folder_is_shown_whole_and_the_headings_in_one_size(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    """A long folder on lines of its own, broken after its separators, never cut with "…",
    and every heading's words whole in one size (the table's text size where there is room), at
    800x600 and 1024x768."""
    from game.ui.core.layout import MIN_TEXT_PX

    folder = tmp_path.joinpath(*["a-school-folder-with-a-long-name"] * 4)
    monkeypatch.setenv("SOLOCHESS_DATA_DIR", str(folder))
    for size in ((800, 600), (1024, 768)):
        app = make_app(class_store(folder), size=size)
        try:
            app.choose_language(language)
            scene = ClassScene(app.context)
            app.push(scene)
            footer, width = scene.footer, app.layout.screen.width - 2 * app.layout.margin
            font = app.assets.font(footer.size)
            assert "".join(footer.lines).count(str(folder)) == 1 and "…" not in "".join(footer.lines), size
            assert footer.size >= MIN_TEXT_PX and all(font.size(line)[0] <= width for line in footer.lines)
            assert scene.rows[-1].rect.bottom < scene.message_pos[1], "the rows leave the folder's lines room"
            # One size for every heading: the table's text size where the columns have room for
            # their words at it, else the floor (German and Ukrainian at 800x600).
            assert {heading for heading, _ in scene.headers} == {scene.heading_size}, (size, scene.headers)
            assert scene.heading_size in (scene.text_size, MIN_TEXT_PX)
            if size == (1024, 768):
                assert scene.heading_size == scene.text_size, "at 1024x768 the headings have their room"
        finally:
            app.choose_language("")


def test_the_order_stays_as_the_teacher_left_it(app: App, tmp_path: Path) -> None:
    scene = open_class(app)
    events.click(app, scene.sort_button.rect.center)
    events.press(app, pygame.K_ESCAPE)
    again = open_class(app)  # the next visit
    assert again is not scene and again.sort is SortBy.PROGRESS
    assert [button.row.name for button in again.rows] == ["Zoë", "Ana", "Ben"]
    assert ProgressStore(tmp_path).settings.class_sort == "progress"  # and after a restart
    events.click(app, again.sort_button.rect.center)
    assert ProgressStore(tmp_path).settings.class_sort == "name"


def test_every_try_and_the_puzzle_of_the_day_show(app: App) -> None:
    from game.content.puzzle_ids import daily_id

    today = daily_id(date.today())
    for puzzle_id in ("beginner-004", today):  # Auto and three hints, then alone
        app.store.record_solve("Ben", puzzle_id, hints=3, undos=0, used_auto=True, moves=3)
        app.store.record_solve("Ben", puzzle_id, hints=0, undos=0, used_auto=False, moves=3)
    scene = open_class(app)
    headings = [" ".join(lines) for _size, lines in scene.headers]
    assert {"Hints used", "Shown by Auto", "Puzzle of the day"} <= set(headings)
    ben = next(button.row for button in scene.rows if button.row.name == "Ben")
    assert (ben.hints, ben.auto) == (6, 2)
    assert (ben.levels[-1].level, ben.levels[-1].solved, ben.levels[-1].stars) == ("Puzzle of the day", 1, 3)
    scene.draw(app.screen)
    solved = {puzzle.puzzle_id: puzzle for puzzle in child_page(app.store, app.collection, "Ben").solved}
    assert (solved[today].hints, solved[today].used_auto, solved[today].stars) == (3, True, 3)


LONG_NAME = "Maria-Alexandra Oleksandrivna Kowalczykk"  # 40 characters


@pytest.mark.slow
def test_rows_and_text_grow_with_the_window_and_thirty_children_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.store import names
    from game.ui.core.layout import MIN_TARGET_PX, MIN_TEXT_PX
    from game.ui.core.text_flow import fitted_lines

    monkeypatch.setattr(names, "MAX_NAME_LENGTH", len(LONG_NAME))
    store = ProgressStore(tmp_path)
    for index in range(29):
        store.add_player(f"Child {index:02}")
    store.add_player(LONG_NAME)
    fonts = {}
    for size in ((800, 600), (1024, 768), (1366, 768), (1920, 1080)):
        app = make_app(store, size, collection=article_collection(IDS))
        try:
            app.push(Scene(app.context))
            scene = open_class(app)
            fonts[size] = (scene.row_font, app.layout.unit)
            seen = [row.row.name for row in scene.rows]
            while scene.more_button.shown:  # a visible arrow, whole on the screen
                arrow = scene.more_button.rect
                assert app.layout.screen.contains(arrow) and min(arrow.size) >= MIN_TARGET_PX
                events.click(app, arrow.center)
                seen += [row.row.name for row in scene.rows]
            assert seen == store.players(), size
            row = next(button for button in scene.rows if button.row.name == LONG_NAME)
            name = scene.columns[0]
            assert name is not None
            left = name.x + 2 * (row.rect.height * 2 // 5) + 12
            width = name.right - left - 4
            text, lines = fitted_lines(app.assets, LONG_NAME, scene.row_font, width, row.rect.height - 4)
            font = app.assets.font(text, bold=True)
            assert " ".join(lines) == LONG_NAME and text >= MIN_TEXT_PX, size  # whole, not cut
            assert all(font.size(line)[0] <= width for line in lines)
            assert len(lines) * font.get_linesize() <= row.rect.height
            for column, (heading, heading_lines) in zip(scene.columns, scene.headers, strict=True):
                assert heading >= MIN_TEXT_PX
                assert column is not None or heading_lines == []
                if column is None:
                    continue
                assert all(app.assets.font(heading, bold=True).size(line)[0] <= column.width for line in heading_lines)
        finally:
            app.close()
    (small, small_unit), (big, big_unit) = fonts[(1024, 768)], fonts[(1920, 1080)]
    assert big >= small * big_unit / small_unit * 0.8  # the rows' text grows with the window


def test_a_heading_word_too_long_for_its_column_is_broken_with_a_hyphen(app: App) -> None:
    from game.ui.core.layout import MIN_TEXT_PX
    from game.ui.core.text_flow import fitted_lines

    font = app.assets.font(MIN_TEXT_PX, bold=True)
    width = font.size("Figurenschule")[0] * 2 // 3
    size, lines = fitted_lines(app.assets, "Figurenschule", 24, width, font.get_linesize() * 3)
    assert size == MIN_TEXT_PX and len(lines) == 2 and lines[0].endswith("-") and "…" not in "".join(lines)
    assert "".join(lines).replace("-", "") == "Figurenschule"
    assert all(font.size(line)[0] <= width for line in lines)


@pytest.mark.slow
def test_a_window_too_narrow_for_every_column_pages_them_with_arrows(tmp_path: Path) -> None:
    """The built-in collection's five levels, hints, Auto, the last day and the piece school in
    German at 800x600: the columns that fit, each wide enough for its cells, and arrows beside
    the headings to the others; the headings never under 18, nor smaller than at 1024x768."""
    from game.content.levels import load_collection
    from game.ui.class_table.class_table_view import least_widths
    from game.ui.core.layout import MIN_TARGET_PX, MIN_TEXT_PX

    sizes = {}
    for size in ((800, 600), (1024, 768)):
        app = make_app(class_store(tmp_path / str(size[0])), size=size, collection=load_collection(verify=False))
        try:
            app.choose_language("de")
            scene = ClassScene(app.context)
            app.push(scene)
            sizes[size] = {heading for heading, _ in scene.headers}
            assert min(sizes[size]) >= MIN_TEXT_PX
            if size == (1024, 768):
                continue
            arrows = (scene.columns_back, scene.columns_on)
            assert all(min(arrow.rect.size) >= MIN_TARGET_PX and arrow in scene.buttons for arrow in arrows)
            assert not scene.columns_back.enabled and scene.columns_on.enabled
            seen: list[int] = []
            for _ in range(len(scene.columns)):
                seen += [index for index in scene.shown if index not in seen]
                row = scene.rows[0]
                least = least_widths(app.assets, [""] * len(scene.columns), [row.row], row.rect.height, scene.row_font)
                shown = [column for index in scene.shown if (column := scene.columns[index]) is not None]
                assert len(shown) == len(scene.shown), "every column shown has its place"
                assert all(column.width >= least[index] for index, column in zip(scene.shown, shown, strict=True))
                assert all(one.right <= other.x for one, other in pairwise(shown))
                assert app.layout.screen.contains(scene.columns_on.rect.union(shown[-1]))
                if not scene.columns_on.enabled:
                    break
                events.click(app, scene.columns_on.rect.center)
            assert seen == list(range(len(scene.columns))) and scene.columns_back.enabled
        finally:
            app.choose_language("")
    assert max(sizes[(800, 600)]) <= min(sizes[(1024, 768)])


@pytest.mark.parametrize("heading", ["Mit „Zeig es mir“", "З «Покажи»", "Hints used"])
def test_a_heading_with_short_words_keeps_its_size_where_its_column_has_room(app: App, heading: str) -> None:
    """Short words ("Mit", "es", "З") are whole words, not pieces of a broken one: they do not
    make the heading shrink (it did, and every heading with it)."""
    from game.ui.class_table.class_table_view import HEADER_LINES, heading_width
    from game.ui.core.text_flow import fitted_lines

    font = app.assets.font(24, bold=True)
    width = heading_width(font, heading)
    size, lines = fitted_lines(app.assets, heading, 24, width, font.get_linesize() * HEADER_LINES, hyphens=True)
    assert size == 24 and " ".join(lines) == heading, (size, lines)


@pytest.mark.parametrize("language", ["en", "uk"])
def test_a_long_name_keeps_the_rows_size_in_every_upright_window(tmp_path: Path, language: str) -> None:
    """A window that shows more columns does not squeeze the names to make room for them (at
    600x800 it did, 24 then 21 and 18): it shows fewer columns, the name on two lines."""
    from game.ui.core.text_flow import fitted_lines

    store = class_store(tmp_path)
    for name in ("Maximilian Woods", "Олександра Шумна"):
        store.add_player(name)
    app = make_app(store, size=(480, 640), collection=article_collection(IDS))
    try:
        app.choose_language(language)
        scene = ClassScene(app.context)
        app.push(scene)
        for size in ((480, 640), (600, 800), (768, 1024)):
            pygame.display.set_mode(size, pygame.RESIZABLE)
            app.step([pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])], 0.016)
            names = scene.columns[0]
            assert names is not None
            for row in scene.rows:
                room = names.right - (names.x + 2 * (row.rect.height * 2 // 5) + 12) - 4
                fitted, lines = fitted_lines(app.assets, row.row.name, scene.row_font, room, row.rect.height - 4)
                assert fitted == scene.row_font and " ".join(lines) == row.row.name, (size, lines)
    finally:
        app.choose_language("")


def test_a_folder_that_holds_no_class_is_made_the_class_by_the_teachers_button(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An empty folder named by SOLOCHESS_DATA_DIR (a share freshly mounted) is written into only
    after the teacher's "Make the class folder here"; then what waited goes in (issue 39)."""
    from game.store.own_part import ID_FILE

    share = tmp_path / "share"
    share.mkdir()
    monkeypatch.setenv("SOLOCHESS_DATA_DIR", str(share))
    store = ProgressStore()  # as the game makes it
    store.add_player("Ana")
    assert not store.sync.save()
    app = make_app(store, size=(1024, 768), collection=article_collection(IDS))
    try:
        app.push(Scene(app.context))
        scene = open_class(app)
        assert scene.make_folder_button.shown and scene.make_folder_button in scene.buttons
        assert "holds no class" in " ".join(scene.footer.lines)
        assert list(share.iterdir()) == []
        events.click(app, scene.make_folder_button.rect.center)
        assert (share / ID_FILE).is_file() and ProgressStore(share).players() == ["Ana"]
        assert not scene.make_folder_button.shown and "class folder now" in " ".join(scene.footer.lines)
    finally:
        app.close()


def test_who_is_playing_drops_the_no_class_notice_once_the_folder_is_the_class(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A laptop opened on an empty folder says it holds no class; IT then runs `solochess class
    init` from another computer: at the laptop's next read of the folder, the notice goes (it
    said for 30 s and more that the folder held no class, on the three-window walk)."""
    from game.ui.players.players import PlayersScene

    share = tmp_path / "share"
    share.mkdir()
    monkeypatch.setenv("SOLOCHESS_DATA_DIR", str(share))
    store = ProgressStore()
    app = make_app(store, size=(1024, 768), collection=article_collection(IDS))
    try:
        players = PlayersScene(app.context)
        app.push(players)
        app.step([], 0.1)
        assert players.message is not None and "holds no class" in players.message
        monkeypatch.setenv("SOLOCHESS_LOCAL_DIR", str(tmp_path / "it"))
        assert ProgressStore().folder_status.make_class_folder()  # IT's `solochess class init`, on its computer
        store.refresh()
        app.step([], 0.1)
        assert players.message is None
    finally:
        app.close()


def test_the_button_is_not_there_for_a_class(app: App) -> None:
    assert not open_class(app).make_folder_button.shown


@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1920, 1080)])
def test_the_rows_fill_the_window(tmp_path: Path, size: tuple[int, int]) -> None:
    """A class of 25 on the real levels: a full page leaves no empty band taller than a row
    between its last row and the page's arrows, and the teacher's bar takes the title's row
    before it takes rows of its own (at 800x600: 5 children a page, not 4)."""
    import sys

    sys.path.insert(0, str(Path(__file__).parent))
    from layout_scenes import real_class

    app = make_app(ProgressStore(tmp_path), size)
    try:
        real_class(app)
        scene = ClassScene(app.context)
        app.push(scene)
        app.step([], 0.016)
        assert scene.pages > 1
        band = scene.more_button.rect.top - scene.rows[-1].rect.bottom
        assert band <= scene.rows[-1].rect.height, (band, [row.rect for row in scene.rows])
        assert len(scene.rows) >= 5, [row.rect for row in scene.rows]
    finally:
        app.close()
