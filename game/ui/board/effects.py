"""The board's one path from what happened to what is seen and heard: a `match` over every
kind of outcome the session and the one-switch scan answer, each to its effect. A new kind of
outcome that is not matched here is an error mypy finds (`assert_never`), not a silent no-op."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from ...play.outcomes import Ask, Moved, Refused, Reset, Said, Sound, StopAsking, TookBack, Tried, Won, assert_never
from ...play.scanning import ButtonChosen, Highlighted, Shown


class Effects(Protocol):
    """What the board scene does with each outcome."""

    def light(self, lit: Highlighted) -> None: ...
    def choose_button(self, chosen: ButtonChosen) -> None: ...
    def say(self, said: Said, outcomes: Sequence[Shown]) -> None: ...
    def sound(self, name: str) -> None: ...
    def explain(self, refused: Refused) -> None: ...
    def ask(self, ask: Ask) -> None: ...
    def stop_asking(self, stop: StopAsking) -> None: ...
    def record_try(self, tried: Tried) -> None: ...
    def winning(self, won: Won) -> None: ...
    def move_pieces(self, moved: Moved | TookBack | Reset) -> None: ...


def show(outcomes: Sequence[Shown], effects: Effects) -> None:
    for outcome in outcomes:
        match outcome:
            case Highlighted():
                effects.light(outcome)
            case ButtonChosen():
                effects.choose_button(outcome)
            case Said():
                effects.say(outcome, outcomes)
            case Sound():
                effects.sound(outcome.name)
            case Refused():
                effects.explain(outcome)
            case Ask():
                effects.ask(outcome)
            case StopAsking():
                effects.stop_asking(outcome)
            case Tried():
                effects.record_try(outcome)
            case Won():
                effects.winning(outcome)
            case Moved() | TookBack() | Reset():
                effects.move_pieces(outcome)
            case _:
                assert_never(outcome)
