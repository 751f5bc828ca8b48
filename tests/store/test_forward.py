"""The store's one API declares each method and value of a part once (`game.store.forward`):
each declaration reaches what its part has, a value read only stays so, and one set is the
part's own."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.store.forward import Attribute, Forward, SettableAttribute
from game.store.progress import ProgressStore


def declared(kind: type) -> dict[str, Forward[object, ..., object] | Attribute[object]]:
    return {name: value for name, value in vars(kind).items() if isinstance(value, (Forward, Attribute))}


def test_every_declaration_reaches_its_parts_own(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "class")
    found = declared(ProgressStore)
    assert {"settings", "reads", "notice", "record_solve", "players"} <= found.keys()
    for name, declaration in found.items():
        part = getattr(store, declaration.part)
        assert hasattr(type(part), name) or hasattr(part, name), f"{name}: {declaration.part} has no {name}"
        if isinstance(declaration, Forward):
            assert getattr(store, name) == getattr(part, name)  # the part's bound method
        else:
            assert getattr(store, name) is getattr(part, name)


def test_a_value_read_only_cannot_be_set_and_a_settable_one_is_set_on_its_part(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "class")
    with pytest.raises(AttributeError, match="reads is read only"):
        store.reads = 3  # type: ignore[assignment]
    assert store.reads == store.sync.reads and "reads" not in vars(store)
    assert isinstance(vars(ProgressStore)["notice"], SettableAttribute)
    store.notice = "a file could not be read"
    assert store.sync.notice == "a file could not be read"
    store.notice = None
    assert store.sync.notice is None
