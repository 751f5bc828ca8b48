"""A piece's art rendered into PDF content once and placed again on every square it stands on.

fpdf2 renders a drawing's paths into PDF content each time it is drawn (each SVG arc made into
curves again): 5 ms a piece, most of the time a worksheet took. What it renders for a piece
differs from one square to the next only in the transform that places it, and from one document
to the next only in the names the document gives the graphics states it asks for. So a piece's
content is rendered once for the run, in a document of its own that notes the states asked for;
a document asks for the same states in the same order and has the names put in, and each square
puts in its own transform: the same bytes in the PDF as fpdf2's own rendering.

Headless: no pygame here.
"""

from __future__ import annotations

from copy import deepcopy
from weakref import WeakKeyDictionary

from fpdf.drawing import GraphicsContext, GraphicsStyle, Renderable
from fpdf.drawing_primitives import Point, Transform
from fpdf.enums import PDFResourceType
from fpdf.output import ResourceCatalog
from fpdf.syntax import Name

# What follows a piece's placing in its content, the last path element and point.
Rendered = tuple[str, Renderable, Point]
# A piece drawn in a style (its letter, then what the style and the drawing's start hold).
Key = tuple[str, tuple[str, ...]]


class _Noting(ResourceCatalog):
    """A document's graphics states for a piece's first rendering, noting each state asked for
    and the name it was given, in order."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[tuple[GraphicsStyle, str | None]] = []

    def register_graphics_style(self, style: GraphicsStyle) -> Name | None:
        name = super().register_graphics_style(style)
        self.asked.append((deepcopy(style), None if name is None else str(name)))
        return name


# Rendered once for the run, with the states asked for and the names they had there.
_FIRST: dict[Key, tuple[Rendered, list[tuple[GraphicsStyle, str | None]]]] = {}
# Each document's own: the same content with the document's names.
_DOCUMENTS: WeakKeyDictionary[ResourceCatalog, dict[Key, Rendered]] = WeakKeyDictionary()


class Placed(GraphicsContext):
    """The piece `letter`'s art (`drawing`) placed by `transform`, for `FPDF.draw_path`."""

    def __init__(self, letter: str, drawing: GraphicsContext, transform: Transform) -> None:
        super().__init__()
        self.letter = letter
        self.drawing = drawing
        self.transform = transform

    def render(
        self,
        resource_registry: ResourceCatalog,
        style: GraphicsStyle,
        last_item: Renderable,
        initial_point: Point,
        _push_stack: bool = True,
    ) -> Rendered:
        assert self.transform is not None and _push_stack
        placing = f"q {self.transform.render(last_item)[0]} "
        inherited = tuple(repr(getattr(style, name)) for name in GraphicsStyle.MERGE_PROPERTIES)
        key = (self.letter, (*inherited, repr(last_item), repr(initial_point)))
        kept = _DOCUMENTS.setdefault(resource_registry, {})
        if key not in kept:
            kept[key] = self._named(key, resource_registry, style, last_item, initial_point)
        rest, last, point = kept[key]
        return placing + rest, last, point

    def _named(
        self, key: Key, registry: ResourceCatalog, style: GraphicsStyle, last_item: Renderable, initial_point: Point
    ) -> Rendered:
        """The piece's content with the names `registry` gives its graphics states, asked for in
        the order fpdf2 asks for them."""
        if key not in _FIRST:
            _FIRST[key] = self._first(style, last_item, initial_point)
        (rest, last, point), asked = _FIRST[key]
        names = {}
        for asked_style, name in asked:
            given = registry.register_graphics_style(asked_style)
            if name is not None:
                names[name] = str(given)
        rest = ResourceCatalog.GS_REGEX.sub(lambda found: f"/{names[found.group(1)]} gs", rest)
        return rest, last, point

    def _first(
        self, style: GraphicsStyle, last_item: Renderable, initial_point: Point
    ) -> tuple[Rendered, list[tuple[GraphicsStyle, str | None]]]:
        """The piece's content rendered by fpdf2 in a document of its own, less its placing."""
        assert self.transform is not None
        noting = _Noting()
        self.drawing.transform = self.transform
        text, last, point = self.drawing.render(noting, style, last_item, initial_point)
        placing = f"q {self.transform.render(last_item)[0]} "
        if not text.startswith(placing):
            raise AssertionError(f"fpdf2 no longer renders a drawing as 'q <transform> ...': {text[:80]}")
        used = {kind for kind, _name in noting.scan_stream(text)}
        if used - {PDFResourceType.EXT_G_STATE}:
            raise AssertionError(f"a piece's art asks for more than graphics states: {used}")
        return (text[len(placing) :], last, point), noting.asked
