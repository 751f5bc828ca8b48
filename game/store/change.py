"""One change made in a window, as it waits on the computer (the outbox) for the class folder.

Headless: no pygame here. A change is a small `Facts` and/or `Sheet`, joined in like any file
(`game.store.sync`); it is written to the outbox (`game.store.local`) as JSON and read back here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .facts import Facts
from .parsing import parse_facts, parse_sheet
from .shards import safe_name
from .sheet import Sheet


@dataclass(frozen=True)
class Change:
    """One change made in a window: to the class's facts and/or to one child's sheet. Kept on
    the computer (the outbox) until it is in the writer's files in the class folder."""

    id: str
    facts: Facts | None = None
    child: str | None = None
    sheet: Sheet | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "facts": None if self.facts is None else self.facts.to_json(""),
            "child": self.child,
            "sheet": None if self.sheet is None or self.child is None else self.sheet.to_json("", self.child),
        }


def parse_change(data: object, writer: str) -> Change | None:
    if not isinstance(data, dict) or not isinstance(data.get("id"), str):
        return None
    try:
        facts = None if data.get("facts") is None else parse_facts(data["facts"], writer)
        child = data.get("child")
        sheet = None if data.get("sheet") is None or not safe_name(child) else parse_sheet(data["sheet"], writer)
    except ValueError:
        return None
    return Change(data["id"], facts, child if sheet is not None else None, sheet)
