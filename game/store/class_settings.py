"""The class's settings: the teacher's choices for every screen, and the help seen once.

Headless: no pygame here. Part of the store (`game.store.progress.ProgressStore`).

- ``settings`` (`Settings`), ``help_seen``, ``chose(name)``; ``set_setting(name, value)``:
  `ValueError` for an unknown name, `TypeError` for a value of the wrong type; ``mark_help_seen()``.
  A setting other than sound and language is a teacher's change: it counts where the class has
  a PIN only when made in a window given it (`game.store.pin`).
"""

from __future__ import annotations

from . import records
from .author import Author
from .facts import Facts
from .records import SETTING_NAMES, Settings
from .registers import Reg
from .standing import CHILDRENS_SETTINGS


class ClassSettings:
    def __init__(self, by: Author) -> None:
        self._author = by

    @property
    def settings(self) -> Settings:
        return self._author.state.settings

    def chose(self, name: str) -> bool:
        """Whether the class has a choice of its own for the setting (the teacher's, or the
        school's file's when the class began), rather than the game's default."""
        register = self._author.state.standing.settings.get(name)
        return register is not None and records.valid_setting(name, register.value)

    @property
    def help_seen(self) -> bool:
        return self._author.state.facts.help_seen

    def set_setting(self, name: str, value: bool | int | str) -> None:
        if name not in SETTING_NAMES:
            raise ValueError(f"no setting called {name!r}; the settings are {', '.join(SETTING_NAMES)}")
        if not records.valid_setting(name, value):
            kind = records.SETTING_TYPES[name].__name__
            raise TypeError(f"setting {name!r} takes a {kind}, not {value!r}")
        old = self._author.state.facts.settings.get(name)
        ts = self._author.time() if old is None else self._author.time(old.at)
        register = Reg(value, ts, self._author.writer)
        if name not in CHILDRENS_SETTINGS:
            register = self._author.signed(register, "setting", name)
        self._author.change(Facts(settings={name: register}))

    def mark_help_seen(self) -> None:
        self._author.change(Facts(help_seen=True))
