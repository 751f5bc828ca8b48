"""This computer's own settings, and each child's on it: what a key or a switch on one laptop
may change without changing another.

Headless: no pygame here. The class's settings (test mode, the time box, hints and Auto, the
stuck warning, the class's language, the PIN) are the class folder's, the same on every
computer (`game.store.progress`). These are not: the sound (and M) and whether the game fills
the screen belong to the computer, and reading aloud to the child playing on it. They live in
the local folder (`game.store.local.local_folder`, ``computer.json``), written atomically under
a lock, so a child who presses M mutes her laptop and no other.

A child's read-aloud is kept per class folder and child id (which stays when she is renamed).
A child with no choice of her own has the class's, where the class has one (the school's file,
`game.store.site`, or the teacher); where it has none, reading aloud is on when this computer
has a voice: a child of five who cannot read yet cannot find the switch behind the grown-up
gate, and the one who needs it most is the last the teacher notices, while a child who reads
loses only a voice she can ignore and the teacher switches it off for her in Settings. A
computer with no choice of its own has the class's sound (the school's default).

A file that cannot be read or written costs nothing but the keeping: the choices of this run
are held in memory, and a damaged file is set aside and begun again.

``Computer(local_folder=None)``
    ``sound(default) -> bool``, ``set_sound(on)``; ``full_screen(default) -> bool``,
    ``set_full_screen(on)``; ``read_aloud(class_folder, child, default) -> bool``,
    ``set_read_aloud(class_folder, child, on)``;
    ``over(settings, class_folder, child) -> Settings``: the class's settings with this
    computer's and this child's laid over them, as every screen reads them;
    ``lesson_class(school_folder, now) -> str | None`` (``lesson(...)``: with its end),
    ``set_lesson_class(school_folder,
    class_id, until)``: the class of this lesson in a school of several (`game.store.lesson`),
    kept until the time given, and only for the school folder it was chosen in.
``Seat(store, computer, voice)``: the window's view of them (``voice()``: whether this computer
    can speak): ``settings``, ``child`` (her id),
    ``toggle_sound() -> bool``, ``set_read_aloud(on)``, ``time_left(puzzle_id)`` (of her test's
    time box, `game.store.timebox`), ``tick(seconds)`` (a read of the class
    folder every `READ_CLASS_EVERY` seconds).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import local, storage
from .checks import is_puzzle_id
from .records import Settings
from .shards import safe_name
from .timebox import TimeBoxes

if TYPE_CHECKING:
    from .progress import ProgressStore

FILE_NAME = "computer.json"
VERSION = 1
MAX_CHILDREN = 2000  # far more than a computer's classes hold: more is a file someone filled
MAX_SCHOOLS = 50  # school folders with a class of the lesson kept: more is a file someone filled
READ_CLASS_EVERY = 10.0  # seconds between two reads of the class folder, whatever the screen


def _parse(data: object) -> dict[str, Any]:
    """The file's choices, only those of the right kinds; `ValueError` for a file that is not ours."""
    if data is None:
        return {}
    if not isinstance(data, dict) or data.get("version") != VERSION:
        raise ValueError("not this computer's settings")
    found: dict[str, Any] = {name: data[name] for name in ("sound", "full_screen") if isinstance(data.get(name), bool)}
    children = data.get("read_aloud")
    kept: dict[str, dict[str, bool]] = {}
    for folder, ids in children.items() if isinstance(children, dict) else ():
        for child, on in ids.items() if isinstance(ids, dict) else ():
            if isinstance(folder, str) and is_puzzle_id(child) and isinstance(on, bool):
                kept.setdefault(folder, {})[child] = on
    if sum(len(ids) for ids in kept.values()) <= MAX_CHILDREN:
        found["read_aloud"] = kept
    lessons = data.get("lesson")
    chosen = {
        folder: {"class": lesson["class"], "until": float(lesson["until"])}
        for folder, lesson in (lessons.items() if isinstance(lessons, dict) else ())
        if isinstance(folder, str) and _is_lesson(lesson)
    }
    if len(chosen) <= MAX_SCHOOLS:
        found["lesson"] = chosen
    return found


def _is_lesson(value: object) -> bool:
    """A class of the lesson as the file keeps it: a class's id ("" the root class) and a time."""
    if not isinstance(value, dict):
        return False
    class_id, until = value.get("class"), value.get("until")
    return (
        isinstance(class_id, str)
        and (class_id == "" or safe_name(class_id))
        and isinstance(until, int | float)
        and not isinstance(until, bool)
        and math.isfinite(until)
    )


class Computer:
    def __init__(self, local_folder: Path | None = None) -> None:
        self.path = (local_folder if local_folder is not None else local.local_folder()) / FILE_NAME
        self._keys: dict[Path, str] = {}  # class folders' keys: read every frame, hashed once
        try:
            self._choices = _parse(storage.read_json(self.path))
        except (storage.StorageError, ValueError):
            self._choices = {}

    def sound(self, default: bool = True) -> bool:
        return bool(self._choices.get("sound", default))

    def set_sound(self, on: bool) -> None:
        self._change(lambda choices: choices.__setitem__("sound", on))

    def full_screen(self, default: bool = True) -> bool:
        return bool(self._choices.get("full_screen", default))

    def set_full_screen(self, on: bool) -> None:
        self._change(lambda choices: choices.__setitem__("full_screen", on))

    def read_aloud(self, class_folder: Path, child: str | None, default: bool) -> bool:
        children = self._choices.get("read_aloud", {}).get(self._key(class_folder), {})
        return bool(children.get(child, default)) if child is not None else default

    def set_read_aloud(self, class_folder: Path, child: str, on: bool) -> None:
        key = self._key(class_folder)
        self._change(lambda choices: choices.setdefault("read_aloud", {}).setdefault(key, {}).__setitem__(child, on))

    def over(self, settings: Settings, class_folder: Path, child: str | None) -> Settings:
        """The class's settings as this computer and this child see them."""
        sound = self.sound(settings.sound)
        read_aloud = self.read_aloud(class_folder, child, settings.read_aloud)
        if (sound, read_aloud) == (settings.sound, settings.read_aloud):
            return settings
        return replace(settings, sound=sound, read_aloud=read_aloud)

    def lesson_class(self, school_folder: Path, now: float) -> str | None:
        """The class chosen on this computer for the lesson in `school_folder`, while it lasts."""
        lesson = self.lesson(school_folder, now)
        return lesson[0] if lesson is not None else None

    def lesson(self, school_folder: Path, now: float) -> tuple[str, float] | None:
        """The class of the lesson in `school_folder` and when the lesson ends, while it lasts."""
        lesson = self._choices.get("lesson", {}).get(self._key(school_folder))
        return (str(lesson["class"]), float(lesson["until"])) if lesson is not None and now < lesson["until"] else None

    def set_lesson_class(self, school_folder: Path, class_id: str, until: float) -> None:
        """The class of the lesson in `school_folder` on this computer, until `until` (a time)."""
        key, lesson = self._key(school_folder), {"class": class_id, "until": float(until)}

        def keep(choices: dict[str, Any]) -> None:
            kept = choices.setdefault("lesson", {})
            kept[key] = lesson
            for ended in sorted(kept, key=lambda folder: kept[folder]["until"])[: max(0, len(kept) - MAX_SCHOOLS)]:
                del kept[ended]  # the oldest lessons make room: the file never grows past what it reads

        self._change(keep)

    def _key(self, class_folder: Path) -> str:
        key = self._keys.get(class_folder)
        if key is None:
            key = self._keys[class_folder] = local.folder_key(class_folder)
        return key

    def _change(self, change: Callable[[dict[str, Any]], object]) -> None:
        change(self._choices)  # at once in this window, whatever the disk says

        def apply(data: dict[str, Any] | None) -> dict[str, Any]:
            choices = _parse(data)
            change(choices)  # another window of this computer may have chosen something else meanwhile
            self._choices = choices
            return {"version": VERSION, **choices}

        try:
            storage.make_folder(self.path.parent)
            storage.locked_update(self.path, apply)
        except (OSError, storage.StorageError):
            pass  # kept for this run only


class Seat:
    """This computer and the child playing at it, over the class's store: the settings every
    screen reads, what M and the child's switch change, and the class folder read again every
    `READ_CLASS_EVERY` seconds so that the teacher's changes reach every screen."""

    def __init__(self, store: ProgressStore, computer: Computer, voice: Callable[[], bool] = lambda: False) -> None:
        self.store = store
        self.computer = computer
        self.voice = voice  # asked only while the class has no choice: finding the engine takes a moment
        self.since_read = 0.0

    @property
    def settings(self) -> Settings:
        settings = self.store.settings
        if not settings.read_aloud and not self.store.class_settings.chose("read_aloud") and self.voice():
            settings = replace(settings, read_aloud=True)  # the default for a child with no choice yet
        return self.computer.over(settings, self.store.folder, self.child)

    @property
    def child(self) -> str | None:
        """The id of the child playing here, which stays when she is renamed."""
        name = self.store.current_player
        try:
            return self.store.player(name).id if name is not None else None
        except KeyError:  # removed on another computer a moment ago
            return None

    def toggle_sound(self) -> bool:
        """M, or the switch: this computer's sound, on or off; True when it is on now."""
        self.computer.set_sound(not self.settings.sound)
        return self.settings.sound

    def set_read_aloud(self, on: bool) -> None:
        """Reading aloud for the child playing here, on this computer (no child: nothing)."""
        child = self.child
        if child is not None:
            self.computer.set_read_aloud(self.store.folder, child, on)

    def time_left(self, puzzle_id: str) -> float | None:
        """What is left of her time box on the puzzle: it began on her first visit today, so
        Menu, Continue and a new start of the game give no time back (None: no box runs)."""
        seconds, child = self.store.settings.time_box, self.child
        if not seconds or child is None:
            return None
        boxes = TimeBoxes(self.store.folder)
        return boxes.box(child, puzzle_id, seconds).left(boxes.clock())

    def tick(self, seconds: float) -> None:
        self.since_read += seconds
        if self.since_read >= READ_CLASS_EVERY:
            self.since_read = 0.0
            self.store.refresh_later()  # read on the disk worker; the app's frame takes it
