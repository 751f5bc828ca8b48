"""`find_child`: the name a person typed, found as the class tells children apart."""

from __future__ import annotations

import pytest

from game.store.names import find_child

CLASS = ["Ana S.", "Ben", "Zo\u00eb", "Émile"]


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("Ana S.", "Ana S."),
        ("ana s.", "Ana S."),
        ("  ANA   s. ", "Ana S."),
        ("zoe\u0308", "Zo\u00eb"),  # the accent typed as a second character
        ("ÉMILE", "Émile"),
        ("ben", "Ben"),
    ],
)
def test_a_name_is_found_whatever_its_case_and_spaces(typed: str, meant: str) -> None:
    assert find_child(typed, CLASS) == meant


@pytest.mark.parametrize("typed", ["Ana", "Zoe", "Emile", "", "Benn"])
def test_another_name_is_none(typed: str) -> None:
    assert find_child(typed, CLASS) is None
