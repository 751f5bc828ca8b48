"""Keys are declared once, in tables (`game/ui/core/keys.py`): no module of `game/ui` names a
key (`pygame.K_...`, or a `"K_..."` looked up by name) outside a `Binding(...)`, but the core's
key module; and every scene of the layout catalogue declares its table, whose actions exist."""

from __future__ import annotations

import ast
import importlib
from collections.abc import Sequence

import source
from source import ROOT, UI

from game.ui.core.scene import Scene

KEY_MODULE = UI / "core" / "keys.py"


def _names_a_key(node: ast.AST) -> bool:
    if isinstance(node, ast.Attribute):
        return node.attr.startswith("K_")
    if isinstance(node, ast.Name):
        return node.id.startswith("K_")
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value.startswith("K_")
    return False


def keys_by_hand(nodes: Sequence[ast.AST]) -> list[int]:
    """The lines naming a key outside a `Binding(...)`, among a module's `nodes` (`ast.walk`
    of its tree)."""
    inside: set[int] = set()
    for node in nodes:
        if isinstance(node, ast.Call) and ast.unparse(node.func).split(".")[-1] == "Binding":
            inside |= {id(child) for child in ast.walk(node)}
    named = [node for node in nodes if _names_a_key(node) and id(node) not in inside]
    return sorted({node.lineno for node in named if isinstance(node, ast.expr)})


def _walked(text: str) -> list[ast.AST]:
    return list(ast.walk(ast.parse(text)))


def test_the_check_finds_a_key_compared_by_hand() -> None:
    assert keys_by_hand(_walked("if event.key == pygame.K_ESCAPE:\n    pass\n")) == [1]
    assert keys_by_hand(_walked("STEPS = {getattr(pygame, 'K_KP1'): 1}\n")) == [1]
    assert keys_by_hand(_walked("BACK = keys.Binding((pygame.K_ESCAPE,), 'back')\n")) == []


def test_no_key_is_compared_by_hand_outside_the_tables() -> None:
    found = {
        f"{path.relative_to(ROOT)}:{line}"
        for path in source.files(UI)
        if path != KEY_MODULE
        for line in keys_by_hand(source.nodes(path))
    }
    assert not found, sorted(found)


def _ui_classes() -> list[type]:
    """Every class defined in `game/ui` (each module imported)."""
    classes = []
    for path in source.files(UI):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        module = importlib.import_module(name)
        classes += [value for value in vars(module).values() if isinstance(value, type) and value.__module__ == name]
    return classes


def _declares_keys(scene: type[Scene]) -> bool:
    return any("KEYS" in vars(cls) for cls in scene.__mro__ if cls is not Scene and issubclass(cls, Scene))


def test_every_scene_declares_its_keys_and_their_actions_exist() -> None:
    """Every scene (the layout catalogue's, `tests/ui/layout_scenes.py`, and every other) has its
    own table; each action is the scene's, or, for a binding `on` a part (the board's input), the
    part's whose own table holds it."""
    classes = _ui_classes()
    parts = [cls for cls in classes if "KEYS" in vars(cls) and not issubclass(cls, Scene)]
    scenes = [cls for cls in classes if issubclass(cls, Scene) and cls is not Scene]
    missing = [f"{scene.__name__} declares no KEYS" for scene in scenes if not _declares_keys(scene)]
    for scene in scenes:
        for binding in scene.KEYS:
            owners = [part for part in parts if binding in vars(part)["KEYS"]] if binding.on else [scene]
            if not any(callable(getattr(owner, binding.action, None)) for owner in owners):
                missing.append(f"{scene.__name__}: no action {binding.on}.{binding.action}")
            if binding.when and not hasattr(scene, binding.when):
                missing.append(f"{scene.__name__}: no flag {binding.when} for {binding.action}")
    assert not missing, missing


def test_the_wheel_turns_the_pages_of_every_scene_that_takes_the_page_keys() -> None:
    """The wheel is in the page keys' table (`keys.PAGING`), so no scene reads it by hand: rolled
    up it is PageUp's action, rolled down PageDown's, and no key or other event fits it."""
    import pygame

    from game.ui.core import keys

    up = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)
    down = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)
    sideways = pygame.event.Event(pygame.MOUSEWHEEL, x=1, y=0, flipped=False)
    assert [binding.args for binding in keys.find(keys.PAGING, up)] == [(-1,)]
    assert [binding.args for binding in keys.find(keys.PAGING, down)] == [(1,)]
    assert keys.find(keys.PAGING, sideways) == []
    any_key = keys.Binding((), "close")  # "any key" is a key: the wheel is not one
    assert not any_key.fits(up)
    page_down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode="")
    assert [binding.args for binding in keys.find(keys.PAGING, page_down)] == [(1,)]
    scenes = [cls for cls in _ui_classes() if issubclass(cls, Scene) and cls is not Scene]
    paged = [scene for scene in scenes if any(binding.wheel for binding in scene.KEYS)]
    assert len(paged) >= 8, [scene.__name__ for scene in paged]
    for scene in paged:
        turning = {binding.action for binding in scene.KEYS if binding.wheel}
        paging = {binding.action for binding in scene.KEYS if binding.keys and binding.keys[0] == pygame.K_PAGEDOWN}
        assert turning == paging, f"{scene.__name__}: the wheel and the page keys do one thing"


def test_the_page_keys_turn_pages_and_a_flag_says_while_they_do() -> None:
    """Every scene's page keys call `turn_page`; a scene whose pages turn only at times (not while
    a name is typed, not while Save asks) says so by a flag in its table (`keys.only_when`), and
    with the flag down the key goes on to the next binding (the help: any key closes it)."""
    import pygame

    from game.ui.core import keys

    scenes = [cls for cls in _ui_classes() if issubclass(cls, Scene) and cls is not Scene]
    paging = {(scene.__name__, binding.action) for scene in scenes for binding in scene.KEYS if binding.wheel}
    assert {action for _scene, action in paging} == {"turn_page"}, sorted(paging)

    class Pages:
        KEYS = (*keys.only_when("paged", keys.PAGING), keys.Binding((), "close"))

        def __init__(self, paged: bool) -> None:
            self.paged, self.done = paged, [""]

        def turn_page(self, step: int) -> None:
            self.done.append(f"page {step}")

        def close(self) -> None:
            self.done.append("closed")

    page_down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode="")
    for paged, done in ((True, "page 1"), (False, "closed")):
        pages = Pages(paged)
        assert keys.press(pages, Pages.KEYS, page_down)
        assert pages.done[-1] == done
