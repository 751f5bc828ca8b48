"""What a screen has read of the class folder: a child's screen her own results and the class
list (thirty laptops on a share each ask at every screen), a teacher's screen every child's."""

from __future__ import annotations

from pathlib import Path

import events
import pytest

from game.store.progress import ProgressStore
from game.ui.class_table.class_progress import ClassScene
from game.ui.core.scene import Scene
from game.ui.gate.gate import GateScene
from game.ui.live.live import LiveClassScene


def a_class_with_news(folder: Path, monkeypatch: pytest.MonkeyPatch) -> ProgressStore:
    """Ana plays on this computer; another computer solved a puzzle for Ana and for Bea."""
    monkeypatch.setenv("SOLOCHESS_WRITER", "teacher")
    monkeypatch.setenv("SOLOCHESS_LOCAL_DIR", str(folder.parent / "here"))
    store = ProgressStore(folder)
    store.add_player("Bea")
    store.add_player("Ana")
    assert store.sync.save()
    monkeypatch.setenv("SOLOCHESS_WRITER", "laptop")
    monkeypatch.setenv("SOLOCHESS_LOCAL_DIR", str(folder.parent / "there"))
    other = ProgressStore(folder)
    other.record_solve("Ana", "beginner-001", 0, 0, False)
    other.record_solve("Bea", "beginner-001", 0, 0, False)
    assert other.sync.save()
    return store


def test_going_back_to_a_childs_screen_reads_her_results_not_every_childs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, scans: list[object]
) -> None:
    store = a_class_with_news(tmp_path / "class", monkeypatch)
    app = events.make_app(store)
    app.push(Scene(app.context))  # her level select, say
    app.push(Scene(app.context))
    scans.clear()
    app.pop()
    app.step([], 0)
    assert scans == [{store.player("Ana").id}]
    assert store.stars("Ana", "beginner-001") == 3
    assert store.stars("Bea", "beginner-001") == 0


@pytest.mark.parametrize("screen", [ClassScene, LiveClassScene])
def test_a_teachers_screen_reads_every_child(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, scans: list[object], screen: type[Scene]
) -> None:
    store = a_class_with_news(tmp_path / "class", monkeypatch)
    app = events.make_app(store)
    app.push(Scene(app.context))
    scans.clear()
    reads = store.reads
    app.push(screen(app.context))
    app.step([], 0)
    assert None in scans and store.reads > reads
    assert store.stars("Bea", "beginner-001") == 3


def test_the_gate_reads_the_class_list_for_the_pin_not_every_childs_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, scans: list[object]
) -> None:
    store = a_class_with_news(tmp_path / "class", monkeypatch)
    app = events.make_app(store)
    gate = GateScene(app.context)
    app.push(gate)
    scans.clear()
    assert not gate.pin_appeared()  # in the window's own thread: a whole class would hold up the frame
    assert scans and None not in scans
