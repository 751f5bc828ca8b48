"""A method of one object that is a part's, said once: `Forward`.

Headless: no pygame here. `game.store.progress.ProgressStore` is the one API the screens and
commands call, made of parts (the roster, the results, ...); each of its methods is one part's,
declared as ``record_solve = Forward("results", Results.record_solve)``: read on a store, it is
the part's own bound method, with the part's signature (for mypy too) and docs, so no signature
is written twice. A value of a part is declared the same way, with its type:
``reads = Attribute[int]("sync")`` (read only), ``notice = SettableAttribute[str | None]("sync")``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Concatenate, Generic, NoReturn, ParamSpec, TypeVar, overload

P = ParamSpec("P")
R = TypeVar("R")
T = TypeVar("T")
Part = TypeVar("Part")


class Forward(Generic[Part, P, R]):
    """`method` (a method of the part's class) called on the owner's attribute `part`."""

    def __init__(self, part: str, method: Callable[Concatenate[Part, P], R]) -> None:
        self.part, self.name = part, method.__name__
        self.__doc__ = method.__doc__

    @overload
    def __get__(self, owner: None, kind: type) -> Forward[Part, P, R]: ...

    @overload
    def __get__(self, owner: object, kind: type | None = None) -> Callable[P, R]: ...

    def __get__(self, owner: object, kind: type | None = None) -> Any:
        if owner is None:
            return self
        return getattr(getattr(owner, self.part), self.name)


class Attribute(Generic[T]):
    """The attribute of the same name of the owner's attribute `part`, read through the owner."""

    def __init__(self, part: str) -> None:
        self.part, self.name = part, ""

    def __set_name__(self, kind: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, owner: None, kind: type) -> Attribute[T]: ...

    @overload
    def __get__(self, owner: object, kind: type | None = None) -> T: ...

    def __get__(self, owner: object, kind: type | None = None) -> Any:
        if owner is None:
            return self
        return getattr(getattr(owner, self.part), self.name)

    def __set__(self, owner: object, value: NoReturn) -> None:
        raise AttributeError(f"{self.name} is read only: it is {self.part}'s")


class SettableAttribute(Attribute[T]):
    """`Attribute`, also set through the owner (the part's own attribute is set)."""

    def __set__(self, owner: object, value: T) -> None:
        setattr(getattr(owner, self.part), self.name, value)
