"""The store's tests: this computer's own files (writer id, outbox, who plays) in the test's folder."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def _local_folder_of_the_test(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    # Its own MonkeyPatch: a test's `monkeypatch.undo()` must not send the store to the real folder.
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SOLOCHESS_LOCAL_DIR", str(tmp_path_factory.mktemp("local")))
        patch.delenv("SOLOCHESS_WRITER", raising=False)
        yield
