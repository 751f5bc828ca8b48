"""The class folder on a real SMB share: Samba on 127.0.0.1 mounted through smbnetfs
(`benchmarks.share`). Needs root, /dev/fuse and Debian's `samba` and `smbnetfs`; skipped
without them."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from benchmarks.share import missing_tools, mounted_share
from game.store.progress import ProgressStore

NEEDS_A_SHARE = [  # the marks of every test on a real share
    pytest.mark.slow,
    pytest.mark.skipif(os.name != "posix" or os.geteuid() != 0, reason="the share needs root"),
    pytest.mark.skipif(not os.path.exists("/dev/fuse"), reason="no /dev/fuse"),
    pytest.mark.skipif(bool(missing_tools()), reason="apt-get install samba smbnetfs"),
]
pytestmark = NEEDS_A_SHARE


def test_two_computers_share_a_class_on_the_share(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with mounted_share() as share:
        folder = share / "class"
        for writer in ("pc1", "pc2"):
            monkeypatch.setenv("SOLOCHESS_WRITER", writer)
            monkeypatch.setenv("SOLOCHESS_LOCAL_DIR", str(tmp_path / writer))
            store = ProgressStore(folder)
            store.add_player("Ana")
            store.record_solve("Ana", f"beginner-{writer[-1]}", 0, 0, False)
            assert store.sync.save(), store.warning
        monkeypatch.setenv("SOLOCHESS_WRITER", "teacher")
        monkeypatch.setenv("SOLOCHESS_LOCAL_DIR", str(tmp_path / "teacher"))
        class_ = ProgressStore(folder)
        assert class_.players() == ["Ana"]
        assert class_.solved_ids("Ana") == {"beginner-1", "beginner-2"}
        assert class_.notice is None


def test_the_class_folders_promises_hold_on_the_share(tmp_path: Path) -> None:
    """The state machine of docs/threat-model.md (test_class_promises.py) with the class folder
    on the share and each computer's own folder on this disk: pupils, the teacher, unmounting,
    read-only and full. The share's client makes no links, so that step writes only junk."""
    from test_class_promises import run_machine

    with mounted_share() as share:
        base = share / "promises"
        base.mkdir()
        run_machine(base, examples=20, steps=30, shrink=False, local_base=tmp_path)
