"""The class's own collection: saving, restarting, merging, importing and exporting."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli.main import main
from game.rules.position import Position
from game.store.ourpuzzles import CollectionError, add, collection_path, export_file, import_file, make, read
from game.store.progress import ProgressStore

ARTICLE = Position.parse("..Q./..R./N.../.P..", size=4)
OTHER = Position.parse("...R/...R/..B./..N.", size=4)


def test_a_made_puzzle_is_solved_and_named(tmp_path: Path) -> None:
    ours = make(ARTICLE, "Mia", "Queen's walk")
    assert ours.puzzle.solutions == 1 and len(ours.puzzle.solution) == 3
    assert ours.puzzle.id.startswith("our-") and ours.maker == "Mia"
    for board in ("K.../..../..../...K", "Q.../..../..../....", "K.../..../..../...Q"):
        with pytest.raises(ValueError):
            make(Position.parse(board, size=4))


def test_saved_puzzles_survive_a_restart_and_are_kept_once(tmp_path: Path) -> None:
    path = tmp_path / "ourpuzzles.json"
    assert add([make(ARTICLE, "Mia", "one")], path) == 1
    assert add([make(ARTICLE, "Tom", "again"), make(OTHER, "Tom", "two")], path) == 1
    puzzles, problems = read(path)
    assert problems == []
    assert [(p.maker, p.name, p.puzzle.board) for p in puzzles] == [("Mia", "one", ARTICLE), ("Tom", "two", OTHER)]
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["levels"][0]["name"] == "Our puzzles"


def test_a_save_from_another_window_meanwhile_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "ourpuzzles.json"
    first = make(ARTICLE, "Mia")
    add([first], path)
    # Another window adds its puzzle straight into the file; this one then saves its own.
    data = json.loads(path.read_text(encoding="utf-8"))
    data["levels"][0]["puzzles"].append(make(OTHER, "Tom").to_json())
    path.write_text(json.dumps(data), encoding="utf-8")
    add([make(Position.parse("K.../Q.../..../....", size=4), "Ana")], path)
    makers = [p.maker for p in read(path)[0]]
    assert makers == ["Mia", "Tom", "Ana"]


def test_bad_entries_are_reported_skipped_and_not_lost(tmp_path: Path) -> None:
    path = tmp_path / "ourpuzzles.json"
    bad = {"id": "our-bad", "board": "K.../..../..../...K", "solution": [], "solutions": 0, "random_win": 0}
    path.write_text(json.dumps({"levels": [{"name": "Our puzzles", "puzzles": [bad]}]}), encoding="utf-8")
    add([make(ARTICLE)], path)
    puzzles, problems = read(path)
    assert len(puzzles) == 1 and len(problems) == 1 and "our-bad" in problems[0]
    assert "our-bad" in path.read_text(encoding="utf-8")


def test_an_unreadable_file_is_never_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "ourpuzzles.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(CollectionError, match="not valid JSON"):
        add([make(ARTICLE)], path)
    assert path.read_text(encoding="utf-8") == "{not json"


def test_import_checks_like_levels_json_and_export_writes_the_same_format(tmp_path: Path) -> None:
    source = tmp_path / "from-another-class.json"
    good = make(OTHER, "Zoe").to_json()
    wrong = {**make(ARTICLE).to_json(), "id": "x-1", "solutions": 7}
    source.write_text(json.dumps({"levels": [{"name": "Theirs", "puzzles": [good, wrong]}]}), encoding="utf-8")
    home = tmp_path / "home" / "ourpuzzles.json"
    added, known, problems = import_file(source, home)
    assert (added, known) == (1, 0)
    assert len(problems) == 1 and "the solver finds 1" in problems[0]
    target = tmp_path / "out.json"
    assert export_file(target, home) == 1
    assert [p.maker for p in read(target)[0]] == ["Zoe"]
    assert import_file(target, home)[:2] == (0, 1)


def test_the_levels_commands(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SOLOCHESS_DATA_DIR", str(tmp_path / "data"))
    (tmp_path / "data").mkdir()
    assert main(["class", "init"]) == 0
    capsys.readouterr()
    assert main(["levels", "export", str(tmp_path / "none.json")]) == 2
    assert "no puzzles of your own yet" in capsys.readouterr().err
    assert main(["levels", "import", str(tmp_path / "missing.json")]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    source = tmp_path / "one.json"
    source.write_text(json.dumps({"levels": [{"name": "x", "puzzles": [make(ARTICLE, "Mia").to_json()]}]}))
    assert main(["levels", "import", str(source)]) == 0
    assert "1 new puzzle added" in capsys.readouterr().out
    assert collection_path().exists()
    assert main(["levels", "export", str(tmp_path / "back.json")]) == 0
    assert main(["print", "--ours", "--answers", "-o", str(tmp_path / "ours.pdf")]) == 0
    assert (tmp_path / "ours.pdf").read_bytes().startswith(b"%PDF")


def test_no_class_folder_is_made_under_an_empty_mount_point(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    mount_point = tmp_path / "mnt" / "share"
    mount_point.mkdir(parents=True)
    folder = mount_point / "solochess"
    monkeypatch.setenv("SOLOCHESS_DATA_DIR", str(folder))
    ours = make(ARTICLE, "Ana", "Two knights")
    with pytest.raises(CollectionError, match="cannot be reached"):
        add([ours])
    assert list(mount_point.iterdir()) == []  # the share can still be mounted there
    (mount_point / "school.txt").write_text("the share is mounted again\n")
    with pytest.raises(CollectionError, match="cannot be reached"):
        add([ours])  # made only by the teacher's step
    ProgressStore().folder_status.make_class_folder()
    assert add([ours]) == 1
    assert [saved.puzzle.id for saved in read(collection_path(folder))[0]] == [ours.puzzle.id]
