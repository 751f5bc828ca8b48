"""The class's changes, reached from the class screen: each removal, reset and rename in a
sentence with its Undo (Redo once undone), worked through clicks; and the sign on the class
screen when the class folder cannot be reached."""

from __future__ import annotations

import builtins
import errno
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import events
import pytest
from events import article_collection

from game.store.classfolder import FolderState
from game.store.progress import ProgressStore
from game.ui.app import App
from game.ui.class_table.changes import ChangesScene
from game.ui.class_table.class_progress import ClassScene
from game.ui.core.scene import Scene

IDS = ("beginner-001", "beginner-002", "beginner-003", "beginner-004")

pytestmark = pytest.mark.app(collection=article_collection(IDS), below=Scene)


@pytest.fixture
def store(tmp_path: Path) -> ProgressStore:
    store = ProgressStore(tmp_path)
    for name in ("Ana", "Ben", "Zoë"):
        store.add_player(name)
    store.record_solve("Ben", "beginner-001", hints=0, undos=0, used_auto=False, moves=3)
    store.rename_player("Zoë", "Zoe")
    store.reset_player("Ben")
    store.remove_player("Ana")
    return store


def share_gone(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every look into `folder` and every write there fails as a share whose server is gone."""
    inside = str(folder)

    def failing(real: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            if args and isinstance(args[0], (str, os.PathLike)) and os.fspath(args[0]).startswith(inside):
                raise OSError(errno.EIO, os.strerror(errno.EIO), os.fspath(args[0]))
            return real(*args, **kwargs)

        return call

    for module, name in [(os, "stat"), (os, "lstat"), (os, "scandir"), (os, "listdir"), (os, "replace")]:
        monkeypatch.setattr(module, name, failing(getattr(module, name)))
    for module, name in [(os, "rename"), (os, "mkdir"), (os, "unlink"), (os, "open"), (builtins, "open")]:
        monkeypatch.setattr(module, name, failing(getattr(module, name)))


def open_changes(app: App) -> ChangesScene:
    """The class screen, then its Changes button."""
    app.push(ClassScene(app.context))
    app.step([], 0)
    events.click(app, app.scenes[-1].changes_button.rect.center)  # type: ignore[attr-defined]
    scene = app.scenes[-1]
    assert isinstance(scene, ChangesScene)
    app.step([], 0)
    return scene


def row_of(scene: ChangesScene, kind: str) -> int:
    return next(index for index, row in enumerate(scene.rows) if row.happening.kind == kind)


def test_the_changes_are_listed_latest_first_in_sentences(app: App) -> None:
    scene = open_changes(app)
    assert [row.happening.kind for row in scene.rows] == ["remove", "reset", "rename"]
    lines = [" ".join(row.flow.lines) for row in scene.rows]
    assert lines[0].startswith("Ana was removed on ")
    assert lines[1].startswith("Ben's results were reset on ")
    assert lines[2].startswith("Zoë was renamed Zoe on ")
    assert all(row.button.label == "Undo" and row.button.shown for row in scene.rows)


def test_undo_brings_the_child_back_and_redo_removes_her_again(app: App, store: ProgressStore) -> None:
    scene = open_changes(app)
    assert "Ana" not in store.players()
    events.click(app, scene.rows[row_of(scene, "remove")].button.rect.center)
    assert "Ana" in store.players()
    removal = scene.rows[row_of(scene, "remove")]
    assert removal.happening.undone and removal.button.label == "Redo"
    assert " ".join(removal.flow.lines).startswith("Undone: Ana was removed")
    events.click(app, removal.button.rect.center)
    assert "Ana" not in store.players()
    assert ProgressStore(store.folder).players() == ["Ben", "Zoe"]  # saved, not only shown


def test_undoing_a_rename_gives_the_name_back(app: App, store: ProgressStore) -> None:
    scene = open_changes(app)
    events.click(app, scene.rows[row_of(scene, "rename")].button.rect.center)
    assert "Zoë" in store.players() and "Zoe" not in store.players()


def test_an_undo_that_would_give_a_childs_name_to_two_is_refused_in_words(app: App, store: ProgressStore) -> None:
    """Ana was removed; Ben is renamed Ana: her removal's Undo would show two Anas (taken for
    one child), so it says why it waits, and the line keeps its Undo."""
    store.rename_player("Ben", "Ana")
    scene = open_changes(app)
    events.click(app, scene.rows[row_of(scene, "remove")].button.rect.center)
    assert scene.message == "There is already a player called Ana."
    removal = scene.rows[row_of(scene, "remove")]
    assert not removal.happening.undone and removal.button.label == "Undo"
    assert store.players() == ["Ana", "Zoe"]


def test_the_class_screen_says_when_the_class_folder_cannot_be_reached(
    app: App, store: ProgressStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    with monkeypatch.context() as patch:
        share_gone(store.folder, patch)
        store.add_player("Dan")
        assert not store.sync.save()
        assert store.folder_status.state is FolderState.AWAY
        scene = ClassScene(app.context)
        app.push(scene)  # the class is read for the teacher's screen: still away
        app.step([], 0)
    shown = " ".join(scene.footer.lines)
    assert "cannot be reached" in shown and "Saved on this computer" in shown


def test_the_class_screen_says_where_the_progress_is_kept_when_the_folder_is_reached(app: App) -> None:
    scene = ClassScene(app.context)
    app.push(scene)
    app.step([], 0)
    assert " ".join(scene.footer.lines).startswith("Progress is saved in")


def test_the_class_pin_taken_away_comes_back_with_undo(app: App, store: ProgressStore) -> None:
    store.pin.choose("4321")
    store.pin.clear()
    scene = open_changes(app)
    pin = scene.rows[row_of(scene, "pin-reset")]
    assert " ".join(pin.flow.lines).startswith("The class's PIN was taken away on ")
    events.click(app, pin.button.rect.center)
    assert store.pin.check("4321")
    assert not scene.rows[row_of(scene, "pin-reset")].button.shown  # taken away again only by setting one


def test_the_live_class_says_when_the_class_folder_cannot_be_reached(
    app: App, store: ProgressStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.ui.live.live import LiveClassScene

    reached = LiveClassScene(app.context)
    app.push(reached)
    app.step([], 0)
    assert reached.folder_sign.lines == ()
    app.context.nav.back()
    share_gone(store.folder, monkeypatch)  # gone for the rest of the test: the live screen's reads fail too
    store.add_player("Dan")
    assert not store.sync.save()
    scene = LiveClassScene(app.context)
    app.push(scene)
    app.step([], 0)
    shown = " ".join(scene.folder_sign.lines)
    assert "cannot be reached" in shown and "Saved on this computer" in shown
    assert all(card.bottom <= scene.folder_sign_pos[1] for card in scene.cards)


def test_what_was_tried_without_the_pin_is_listed_under_the_changes_and_counted_on_the_class_screen(
    app: App,
) -> None:
    from layout_scenes import LONG_NAME, forged

    forged(app)
    app.push(ClassScene(app.context))
    app.step([], 0)
    assert app.scenes[-1].changes_button.label == "Changes: 7 left out"  # type: ignore[attr-defined]
    app.context.nav.back()
    scene = open_changes(app)
    tried: list[str] = []
    headings = 0
    for _ in range(scene.pages):
        headings += len(scene.headings)
        tried += [" ".join(row.flow.lines) for row in scene.tried]
        for row in scene.tried:
            assert row.flow.height <= 2 * row.flow.line_height
            assert all(row.top + row.flow.height <= button.rect.top for button in scene.buttons if button.rect.x < 100)
        if scene.more_button.shown:
            events.click(app, scene.more_button.rect.center)
    assert headings == 1 and len(tried) == 7
    assert tried[0].startswith("Take the PIN away: tried from SCHOOL-LIBRARY-PC-07 (class/0a1b2c3d4e5f.json) on ")
    assert f"Remove {LONG_NAME}: tried from SCHOOL-LIBRARY-PC-07" in "".join(tried)
    assert any(line.startswith("Undo a change to Ben: tried in class/written-by-hand") for line in tried)
    assert any(line.startswith("Change the class setting stuck_detection: ") for line in tried)
    assert ProgressStore(app.context.store.folder).pin.is_set  # nothing of it counts


def test_the_attempts_are_said_in_the_games_language(app: App) -> None:
    from layout_scenes import LONG_NAME, forged

    forged(app)
    app.choose_language("de")
    scene = open_changes(app)
    lines, headings = [], []
    for page in range(scene.pages):
        scene.turn_page(page - scene.page)
        lines += [" ".join(row.flow.lines) for row in scene.tried]
        headings += [heading.flow.lines for heading in scene.headings]
    assert headings == [("Nicht übernommen: nicht mit der PIN gemacht",)]
    assert any(line.startswith(f"{LONG_NAME} entfernen: versucht von SCHOOL-LIBRARY-PC-07") for line in lines)


def put_back_by_a_laptop(store: ProgressStore, monkeypatch: pytest.MonkeyPatch, local: Path) -> str:
    """Laptop "lap2" saves a result for Ana; a pupil deletes its file of her results; the
    laptop's next start writes it again from its own copy. Her id."""
    store.add_player("Ana")
    assert store.sync.save()
    with monkeypatch.context() as patch:
        patch.setenv("SOLOCHESS_WRITER", "lap2")
        patch.setenv("SOLOCHESS_LOCAL_DIR", str(local))
        patch.setenv("SOLOCHESS_MACHINE_ID", "LAB-LAPTOP-2")
        laptop = ProgressStore(store.folder)
        laptop.record_solve("Ana", "beginner-001", 0, 0, False)
        assert laptop.sync.save()
        ana = laptop.player("Ana").id
        (store.folder / "children" / ana / "lap2.json").unlink()
        ProgressStore(store.folder)  # its next start
    store.refresh()
    return ana


def test_a_file_put_back_is_listed_under_the_changes_and_counted_on_the_class_screen_never_the_childrens(
    app: App, monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> None:
    from game.ui.players.players import PlayersScene

    store = app.context.store
    ana = put_back_by_a_laptop(store, monkeypatch, tmp_path_factory.mktemp("lap2"))
    app.push(ClassScene(app.context))
    app.step([], 0)
    assert app.scenes[-1].changes_button.label == "Changes: 1 put back"  # type: ignore[attr-defined]
    app.context.nav.back()
    scene = open_changes(app)
    assert [heading.flow.lines for heading in scene.headings] == [
        ("Put back: files a computer wrote again from its own copy",)
    ]
    assert scene.tried == [] and len(scene.put_back) == 1
    row = scene.put_back[0]
    line = " ".join(row.flow.lines)
    assert line.startswith(f"Computer LAB-LAPTOP-2 put back its results for Ana (children/{ana}/lap2.json) on ")
    assert line.endswith(": the file had been deleted.") and row.flow.height <= 3 * row.flow.line_height
    assert store.solved_ids("Ana") == {"beginner-001"}
    # The children's "Who is playing?" says nothing of it.
    app.context.nav.back()
    players = PlayersScene(app.context)
    app.push(players)
    app.step([], 0.1)
    assert players.message is None and not players.notice.shown and store.notice is None


def test_a_file_put_back_is_said_in_the_games_language(
    app: App, monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> None:
    put_back_by_a_laptop(app.context.store, monkeypatch, tmp_path_factory.mktemp("lap2"))
    app.choose_language("pt")
    scene = open_changes(app)
    line = " ".join(scene.put_back[0].flow.lines)
    assert line.startswith("O computador LAB-LAPTOP-2 repôs os seus resultados de Ana (children/")
    assert line.endswith(": o ficheiro tinha sido apagado.")
