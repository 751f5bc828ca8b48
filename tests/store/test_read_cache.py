"""What a computer read of the class folder is kept on its own disk (`game.store.cache`): a file
read once is not opened in the folder again while its size and time stay, junk under a name the
game writes is opened once, a folder listed once is not listed again while its time stays, and
whatever the cache holds, a file that changed is read again."""

from __future__ import annotations

import builtins
import json
import os
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from test_reading_less import a_class

from game.store import cache, storage
from game.store.progress import ProgressStore


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Every file the store opens, by path."""
    paths: list[Path] = []
    real = builtins.open

    def watched(path: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(path, (str, os.PathLike)):
            paths.append(Path(path))
        return real(path, *args, **kwargs)

    monkeypatch.setattr(storage, "open", watched, raising=False)
    return paths


def in_folder(opened: list[Path], folder: Path) -> list[Path]:
    return [path for path in opened if path.is_relative_to(folder)]


def test_a_file_read_once_is_read_from_this_computers_copy_until_it_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, opened: list[Path]
) -> None:
    a_class(tmp_path, 3, monkeypatch)
    ProgressStore(tmp_path, read_only=True)
    opened.clear()
    again = ProgressStore(tmp_path, read_only=True)
    assert in_folder(opened, tmp_path) == []
    assert again.stars("Child 01", "beginner-1") == 2 and len(again.players()) == 3
    monkeypatch.setenv("SOLOCHESS_WRITER", "history")
    writer = ProgressStore(tmp_path)
    writer.record_solve("Child 01", "beginner-1", 0, 0, False)
    assert writer.sync.save()
    opened.clear()
    third = ProgressStore(tmp_path, read_only=True)
    assert third.stars("Child 01", "beginner-1") == 3
    assert [path.parent.name for path in in_folder(opened, tmp_path)] == [writer.player("Child 01").id]


def test_a_damaged_copy_is_not_believed_the_file_is_read_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, local_folder: Path
) -> None:
    a_class(tmp_path, 3, monkeypatch)
    ProgressStore(tmp_path, read_only=True)
    copies = [path for path in (local_folder / "cache").rglob("*.json") if path.name != "index.json"]
    assert copies
    for path in copies:
        path.write_bytes(b"{not json")
    again = ProgressStore(tmp_path, read_only=True)
    assert again.stars("Child 02", "beginner-1") == 2 and not again.notices


def test_junk_under_a_name_the_game_writes_is_opened_once_and_still_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, opened: list[Path]
) -> None:
    a_class(tmp_path, 3, monkeypatch)
    child = next((tmp_path / "children").iterdir())
    for number in range(20):
        (child / f"j{number}.json").write_bytes(b"{nonsense")
    (tmp_path / "class" / "newer.json").write_text(json.dumps({"version": 99}))
    first = ProgressStore(tmp_path, read_only=True)
    junk = [path for path in in_folder(opened, tmp_path) if path.name.startswith("j")]
    assert len(junk) == 20
    opened.clear()
    again = ProgressStore(tmp_path, read_only=True)
    assert in_folder(opened, tmp_path) == []
    assert sorted(again.notices) == sorted(first.notices) and len(again.notices) == 2  # 20 junk files: one line
    (child / "j3.json").write_text(json.dumps({"version": 3, "child": child.name, "records": {}}))
    opened.clear()
    ProgressStore(tmp_path, read_only=True)
    assert [path.name for path in in_folder(opened, tmp_path)] == ["j3.json"]  # changed: read again


def test_a_settled_folder_is_not_listed_again_by_the_next_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    a_class(tmp_path, 3, monkeypatch)
    listed: list[Path] = []
    real = os.scandir

    def watched(path: Any) -> Any:
        listed.append(Path(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", watched)
    ProgressStore(tmp_path, read_only=True)
    child_folders = {path for path in listed if path.parent.name == "children"}
    assert len(child_folders) == 3
    listed.clear()
    ProgressStore(tmp_path, read_only=True)
    # Listed a moment after a rename in it: the listing could miss a second one in that tick.
    assert child_folders <= set(listed)
    monkeypatch.setattr(cache, "SETTLE_SECONDS", -1.0)  # as if listed long after the folder's time
    ProgressStore(tmp_path, read_only=True)
    listed.clear()
    settled = ProgressStore(tmp_path, read_only=True)
    assert not child_folders & set(listed) and settled.stars("Child 00", "beginner-1") == 2
    monkeypatch.setenv("SOLOCHESS_WRITER", "history")
    writer = ProgressStore(tmp_path)
    writer.record_solve("Child 00", "beginner-2", 0, 0, False)
    assert writer.sync.save()  # a rename in her folder: its time moves
    listed.clear()
    assert ProgressStore(tmp_path, read_only=True).stars("Child 00", "beginner-2") == 3
    assert tmp_path / "children" / writer.player("Child 00").id in listed
    monkeypatch.setattr(cache, "KEEP_SECONDS", 0.0)  # a file changed in place is seen in the end
    listed.clear()
    ProgressStore(tmp_path, read_only=True)
    assert child_folders <= set(listed)


def test_a_link_or_a_file_too_big_is_named_again_from_a_kept_listing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    a_class(tmp_path, 3, monkeypatch)
    (tmp_path / "class" / "big.json").write_bytes(b" " * (storage.MAX_BYTES + 1))
    outside = tmp_path.parent / f"{tmp_path.name}-outside.json"
    outside.write_text("{}")
    (tmp_path / "class" / "link.json").symlink_to(outside)
    monkeypatch.setattr(cache, "SETTLE_SECONDS", -1.0)
    first = ProgressStore(tmp_path, read_only=True)
    listed: list[Path] = []
    real = os.scandir

    def watched(path: Any) -> Any:
        listed.append(Path(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", watched)
    again = ProgressStore(tmp_path, read_only=True)
    assert tmp_path / "class" not in listed
    assert len(first.notices) == 2 and sorted(again.notices) == sorted(first.notices)


def test_a_start_that_finds_every_folder_as_listed_last_writes_no_index(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, local_folder: Path
) -> None:
    """Listed again a moment after the saves (not trusted yet, `SETTLE_SECONDS`), the folders are
    as the index keeps them: the index is not written again for a listing's time alone. Once a
    listing can be trusted it is kept, and a folder that changed is kept as it is now."""
    a_class(tmp_path, 3, monkeypatch)
    ProgressStore(tmp_path, read_only=True)
    index = next((local_folder / "cache").rglob("index.json"))
    kept = index.read_bytes()
    written: list[Path] = []
    real = storage.write_atomically

    def watched(path: Path, *args: Any, **kwargs: Any) -> None:
        written.append(path)
        real(path, *args, **kwargs)

    monkeypatch.setattr(storage, "write_atomically", watched)
    again = ProgressStore(tmp_path, read_only=True)
    assert index not in written and index.read_bytes() == kept and len(again.players()) == 3
    later = time.time() + 10 * cache.SETTLE_SECONDS  # listed long after the folders' times: trusted
    monkeypatch.setattr(cache, "time", SimpleNamespace(time=lambda: later, monotonic=time.monotonic))
    ProgressStore(tmp_path, read_only=True)
    assert written == [index]
    trusted = json.loads(index.read_bytes())["folders"]
    assert all(entry[1] > json.loads(kept)["folders"][name][1] for name, entry in trusted.items())


def test_copies_no_index_names_are_forgotten_once_a_while_after(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A copy no index names (its file changed since, or another window's) is removed once it is
    `FORGET_COPIES_AFTER` old, by a save that looks for such copies: the first of a window, then
    one in each such time, not every save (each a listing of every copy of the class)."""
    kept = cache.FolderCache(tmp_path / "cache")
    moment = [time.monotonic()]
    monkeypatch.setattr(cache, "time", SimpleNamespace(time=time.time, monotonic=lambda: moment[0]))

    def stale(number: int) -> Path:
        path = tmp_path / "cache" / f"{number:032d}.json"
        path.write_bytes(b"{}")
        old = time.time() - 2 * cache.FORGET_COPIES_AFTER
        os.utime(path, (old, old))
        return path

    kept.keep("class/w1.json", (1, 2), b"{}")
    first = stale(1)
    kept.save()
    assert not first.exists() and len(list((tmp_path / "cache").glob("*.json"))) == 2  # a copy, the index
    second = stale(2)
    kept.keep("class/w2.json", (3, 4), b"{}")
    kept.save()
    assert second.exists()  # looked for a moment ago
    moment[0] += cache.FORGET_COPIES_AFTER
    kept.keep("class/w3.json", (5, 6), b"{}")
    kept.save()
    assert not second.exists() and len(list((tmp_path / "cache").glob("*.json"))) == 4
