"""A scene's attributes are its own: no other module assigns them. A view is a function of what
it is given (values, or widgets the scene owns and hands it); the app and the navigation ask
the scene through its methods. One object spread over several files that all change it is the
knot this rule keeps out."""

from __future__ import annotations

import ast
from collections.abc import Sequence

import source
from source import ROOT, UI


def _scene_names(nodes: Sequence[ast.AST]) -> set[str]:
    """ "scene", and every parameter annotated as a scene (`owner: LevelSelectScene`)."""
    arguments = [node for node in nodes if isinstance(node, ast.arg)]
    annotations = {arg.arg: ast.unparse(arg.annotation) for arg in arguments if arg.annotation is not None}
    return {"scene"} | {name for name, annotation in annotations.items() if annotation.strip("'\"").endswith("Scene")}


def _reaches_a_scene(target: ast.expr, scenes: set[str]) -> bool:
    """Whether an assignment to `target` changes a scene's attribute: `scene.x`, `scene.a.b`,
    `self.scene.x`, `app.scene.x[0]` (but not `self.scene` itself)."""
    node = target
    first = True
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        if isinstance(node, ast.Attribute) and node.attr == "scene" and not first:
            return True
        first = False
        node = node.value
    return isinstance(node, ast.Name) and node.id in scenes and node is not target


def scene_assignments(nodes: Sequence[ast.AST]) -> list[int]:
    """The lines among a module's `nodes` (`ast.walk` of its tree) that assign a scene's attribute."""
    lines = []
    scenes = _scene_names(nodes)
    for node in nodes:
        if isinstance(node, ast.Assign):
            targets = [
                element
                for target in node.targets
                for element in (target.elts if isinstance(target, ast.Tuple) else [target])
            ]
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        else:
            continue
        lines += [node.lineno for target in targets if _reaches_a_scene(target, scenes)]
    return sorted(set(lines))


def test_no_module_assigns_a_scenes_attributes() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in source.files(UI)
        for line in scene_assignments(source.nodes(path))
    ]
    assert found == [], "ask the scene through a method, or hand the view values:\n" + "\n".join(found)


def test_the_check_sees_each_way_of_assigning_a_scenes_attribute() -> None:
    text = """
def arrange(scene, app, self):
    scene.title_size = 3
    scene.next_button.enabled = False
    self.scene.dirty = True
    app.scene.rows[0] = 1
    scene.x, other = 1, 2
    scene.count += 1
    self.scene = scene
    scene = None
    self.title = scene.title

def lay_out(owner: "LevelSelectScene", layout: Layout) -> None:
    owner.places = layout.screen
    layout.unit = 3
"""
    assert scene_assignments(list(ast.walk(ast.parse(text)))) == [3, 4, 5, 6, 7, 8, 14]
