"""A class folder anyone can write in changes nothing outside itself: no link is followed out of
it for reading or writing, a file's size is known before it is read, names the game does not
write are never opened, and each problem is one line naming the file."""

from __future__ import annotations

import builtins
import json
import os
from pathlib import Path
from typing import Any

import pytest

from game.store import storage
from game.store.listing import MAX_BYTES
from game.store.progress import ProgressStore

pytestmark = pytest.mark.skipif(
    not hasattr(os, "symlink") or os.name == "nt", reason="symbolic links as on a Unix share"
)


@pytest.fixture(autouse=True)
def _writer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOLOCHESS_WRITER", "w1")


def a_class(folder: Path, *names: str) -> ProgressStore:
    store = ProgressStore(folder)
    for name in names:
        store.add_player(name)
    store.record_solve(names[0], "beginner-1", 0, 0, False)
    assert store.sync.save()
    return store


def another_writers_class(outside: Path, monkeypatch: pytest.MonkeyPatch, name: str) -> Path:
    """A class file written by writer "w2" in a folder outside the class, with `name` in it."""
    monkeypatch.setenv("SOLOCHESS_WRITER", "w2")
    a_class(outside, name)
    monkeypatch.setenv("SOLOCHESS_WRITER", "w1")
    return outside / "class" / "w2.json"


def test_a_writers_file_that_is_a_link_out_is_not_read_and_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "class"
    a_class(folder, "Ana")
    (folder / "class" / "w2.json").symlink_to(another_writers_class(tmp_path / "outside", monkeypatch, "Zed"))
    store = ProgressStore(folder)
    assert store.players() == ["Ana"]
    assert store.notice is not None and "class/w2.json" in store.notice and "link" in store.notice


def test_the_class_files_folder_as_a_link_out_is_not_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    another_writers_class(tmp_path / "outside", monkeypatch, "Zed")
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "class").symlink_to(tmp_path / "outside" / "class")
    assert ProgressStore(folder).players() == []


def test_this_writers_own_file_linked_out_is_never_read_nor_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "class"
    store = a_class(folder, "Ana")
    child = store.player("Ana").id
    secret = tmp_path / "secret.json"
    outsider = ProgressStore(tmp_path / "elsewhere")
    outsider.add_player("Ana")
    outsider.record_solve("Ana", "beginner-9", 0, 0, False)
    assert outsider.sync.save()
    sheet = json.loads(next((tmp_path / "elsewhere" / "children").rglob("w1.json")).read_text())
    secret.write_text(json.dumps({**sheet, "child": child}))
    before = secret.read_bytes()
    own = folder / "children" / child / "w1.json"
    own.unlink()
    own.symlink_to(secret)
    store = ProgressStore(folder)
    store.record_solve("Ana", "beginner-2", 0, 0, False)
    assert store.sync.save()
    assert secret.read_bytes() == before
    again = ProgressStore(folder)
    assert not own.is_symlink() and again.stars("Ana", "beginner-2") == 3
    assert again.stars("Ana", "beginner-9") == 0  # what the link pointed at never came in
    assert [path.name for path in own.parent.iterdir() if path.is_symlink()] != []  # set aside, kept


def test_a_childs_folder_linked_out_is_never_written_in(tmp_path: Path) -> None:
    folder = tmp_path / "class"
    store = a_class(folder, "Ana", "Ben")
    outside = tmp_path / "outside"
    outside.mkdir()
    ben = store.player("Ben").id
    own = folder / "children" / ben
    if own.exists():  # her own files, with her name (issue 31), are set aside for the link
        own.rename(tmp_path / "set-aside")
    own.symlink_to(outside)
    store = ProgressStore(folder)
    store.record_solve("Ben", "beginner-3", 0, 0, False)
    assert not store.sync.save()
    assert list(outside.iterdir()) == []
    assert store.warning is None  # kept on this computer, and said
    words = store.folder_status.words()
    assert words is not None and "link" in words


def test_a_file_too_big_is_never_read_and_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "class"
    a_class(folder, "Ana")
    big = folder / "class" / "w9.json"
    with big.open("wb") as file:  # sparse: its size, not its bytes, is what is checked
        file.truncate(MAX_BYTES + 1)
    read: list[str] = []
    real = builtins.open

    class Watched:
        """A file opened by the store: what is read from it is noted (a file nothing is known
        of is opened to be read at once, and refused by its size before a byte is read)."""

        def __init__(self, file: Any, name: str) -> None:
            self.file, self.name = file, name

        def __enter__(self) -> Watched:
            return self

        def __exit__(self, *exception: object) -> None:
            self.file.close()

        def __getattr__(self, attribute: str) -> Any:
            return getattr(self.file, attribute)

        def read(self, *args: Any) -> Any:
            read.append(self.name)
            return self.file.read(*args)

    def watched(path: Any, *args: Any, **kwargs: Any) -> Any:
        return Watched(real(path, *args, **kwargs), os.fspath(path) if isinstance(path, (str, os.PathLike)) else "")

    monkeypatch.setattr(storage, "open", watched, raising=False)
    store = ProgressStore(folder)
    assert store.players() == ["Ana"]
    assert read and str(big) not in read
    assert any("class/w9.json" in notice and "too big" in notice for notice in store.notices)


def test_read_json_knows_the_size_before_reading(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "big.json"
    with path.open("wb") as file:
        file.truncate(10_000)
    real = builtins.open

    class Unread:
        def __init__(self, file: Any) -> None:
            self.file = file

        def __enter__(self) -> Unread:
            return self

        def __exit__(self, *exc: object) -> None:
            self.file.close()

        def fileno(self) -> int:
            return int(self.file.fileno())

        def read(self, *args: Any) -> bytes:
            raise AssertionError("read before its size was known")

    monkeypatch.setattr(storage, "open", lambda *args, **kwargs: Unread(real(*args, **kwargs)), raising=False)
    with pytest.raises(storage.TooBig):
        storage.read_json(path, max_bytes=1000)


def test_names_the_game_does_not_write_are_never_opened(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "class"
    a_class(folder, "Ana")
    for number in range(50):
        (folder / "class" / f"junk {number}.json").write_text("{}")
        (folder / "class" / f"notes-{number}.txt").write_text("x")
        (folder / "children" / f"stray-{number}.json").write_text("{}")
    opened: list[str] = []
    real = builtins.open

    def watched(path: Any, *args: Any, **kwargs: Any) -> Any:
        opened.append(os.path.basename(os.fspath(path)) if isinstance(path, (str, os.PathLike)) else "")
        return real(path, *args, **kwargs)

    monkeypatch.setattr(storage, "open", watched, raising=False)
    store = ProgressStore(folder)
    assert store.players() == ["Ana"]
    assert not [name for name in opened if name.startswith(("junk", "notes", "stray"))]


def test_a_nested_file_is_refused_without_a_copy_of_its_text(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_bytes(b'{"a": ' + b"[" * 100_000 + b"]" * 100_000 + b"}")
    with pytest.raises(storage.Corrupt):
        storage.read_json(path)
    path.write_bytes(b'{"a": "' + b"{" * 100_000 + b'"}')  # brackets in a string are text
    assert storage.read_json(path) == {"a": "{" * 100_000}
