"""How the child plays, as one value, and the words each way of playing asks for.

The game is played with the mouse, a finger, the keys, one switch or two. Which one the words
follow is one value, `Pointer`: the teacher's switch setting first (a switch interface sends a
key or a click, but the child has only her switch), else how the child last played. Each scene
keeps its instructions in one table beside its other words (`Ways`: the same instruction in the
words of every way), so what it shows and what it says are made from one source."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Generic, TypeVar

from ..i18n import _

T = TypeVar("T")


class Pointer(Enum):
    """How the child plays, so a sentence asks for what she does: a click, a tap, a key, or her
    switch (one, which the light waits for, or two: one moves the light, one chooses)."""

    MOUSE = "mouse"
    TOUCH = "touch"
    KEYBOARD = "keyboard"
    SWITCH = "one switch"
    TWO_SWITCHES = "two switches"

    @property
    def scanning(self) -> bool:
        return self in (Pointer.SWITCH, Pointer.TWO_SWITCHES)


def playing_with(last: Pointer, scan_step: int, two_switches: bool) -> Pointer:
    """The way the words follow: one switch or two while the teacher's setting scans (whatever
    the switch interface sends), else `last`, how the child last played."""
    if scan_step:
        return Pointer.TWO_SWITCHES if two_switches else Pointer.SWITCH
    return Pointer.KEYBOARD if last.scanning else last


@dataclass(frozen=True)
class Ways(Generic[T]):
    """One instruction in the words of every way of playing (texts marked with `N_`, translated
    when said: `said`)."""

    mouse: T
    touch: T
    keys: T
    switch: T
    two_switches: T

    @staticmethod
    def pressing(press: T, switch: T, two_switches: T) -> Ways[T]:
        """One instruction that is the same whether she presses with the mouse, a finger or the
        keys (`press`), and its words for one switch and for two."""
        return Ways(press, press, press, switch, two_switches)

    def of(self, way: Pointer) -> T:
        return {
            Pointer.MOUSE: self.mouse,
            Pointer.TOUCH: self.touch,
            Pointer.KEYBOARD: self.keys,
            Pointer.SWITCH: self.switch,
            Pointer.TWO_SWITCHES: self.two_switches,
        }[way]


def said(ways: Ways[str], way: Pointer) -> str:
    """The instruction for `way`, in the language in use."""
    return _(ways.of(way))
