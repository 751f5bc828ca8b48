"""The level select drawn: its title and greeting, the group buttons with the child's count of
solved puzzles, the chosen group's header and its page of tiles. It reads the scene and
draws; the tiles themselves are drawn by `game.ui.core.level_tiles`."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Protocol

import pygame

from ...content.assignments import own_number
from ...content.levels import Level, Puzzle
from ...content.puzzle_ids import tile_number
from ...i18n import _
from ..core import level_tiles as tiles
from ..core import theme
from ..core.layout import CHILD_TEXT_SIZE, MIN_TEXT_PX, Layout
from ..core.level_pages import TilePages
from ..core.level_tiles import PAGE_ROWS, big_level_name, page_words
from ..core.text_flow import Flow, draw_flow, draw_text, fitted_font, flow
from ..core.widgets import Button, Grid
from . import level_places, level_upright
from .our_shelf import OurShelf
from .teacher_shelf import TeacherShelf

if TYPE_CHECKING:
    from ..core.context import SceneContext


def place_screen(scene: LevelScreen, parts: level_places.Parts, big_levels: int) -> tuple[level_places.Places, int]:
    """The screen's places (`level_places.place_screen`), made for the group buttons' labels with
    their counts ("Beginner  3/30"): the column is as wide as the longest; the parts' `speaker` (None:
    no speech engine) at the right of the top bar."""
    label_groups(scene)
    said = greeting(scene)[0]
    layout, assets = scene.layout, scene.ctx.assets
    for chip, level in zip(scene.big_level_buttons, scene.big_levels, strict=False):
        chip.label = big_level_name(level)  # its whole name, unless an upright window is too narrow
    if not layout.landscape:
        chips = list(zip(scene.big_level_buttons, [level.name for level in scene.big_levels], strict=False))
        places = level_upright.place_screen(layout, assets, parts, chips, said, not scene.message)
        return places, PAGE_ROWS
    return level_places.place_screen(layout, assets, parts, big_levels, said)


class LevelScreen(Protocol):
    """What these drawings read of the level select (`LevelScreen` is one): declared here,
    so the view does not import its scene back."""

    @property
    def all_big_puzzles(self) -> list[Puzzle]: ...

    @property
    def big(self) -> Level: ...

    @property
    def big_index(self) -> int: ...

    @property
    def big_level_buttons(self) -> list[Button]: ...

    @property
    def big_levels(self) -> list[Level]: ...

    @property
    def buttons(self) -> list[Button]: ...

    @property
    def cells(self) -> list[tuple[pygame.Rect, Puzzle]]: ...

    @property
    def ctx(self) -> SceneContext: ...

    @property
    def layout(self) -> Layout: ...

    @property
    def level(self) -> Level | None: ...

    @property
    def level_buttons(self) -> list[Button]: ...

    @property
    def level_index(self) -> int: ...

    @property
    def levels(self) -> list[Level]: ...

    @property
    def makers(self) -> dict[str, str]: ...

    @property
    def message(self) -> str: ...

    @property
    def next_button(self) -> Button: ...

    @property
    def empty_make_button(self) -> Button: ...

    @property
    def new_button(self) -> Button: ...

    @property
    def ours(self) -> Level: ...

    @property
    def page(self) -> int: ...

    @property
    def pager(self) -> TilePages: ...

    @property
    def pages(self) -> int: ...

    @property
    def places(self) -> level_places.Places: ...

    @property
    def previous_button(self) -> Button: ...

    @property
    def shelf(self) -> OurShelf: ...

    @property
    def showing_big(self) -> bool: ...

    @property
    def showing_ours(self) -> bool: ...

    @property
    def showing_teacher(self) -> bool: ...

    @property
    def solved(self) -> set[str]: ...

    @property
    def teacher(self) -> TeacherShelf: ...

    @property
    def tiles_top(self) -> int: ...

    def next_in_level(self) -> int | None: ...

    def resize(self, layout: Layout) -> None: ...


@dataclass(frozen=True)
class TilesShown:
    """What the tiles' page shows, for `lay_out_tiles`: the class's own puzzles (and whether
    there are none yet), the height of a header of more than a line (ours, the teacher's), the
    big board, whether it has levels, and how far down the header and tiles start."""

    ours: bool
    ours_empty: bool
    header_height: int
    big: bool
    big_has_levels: bool
    tiles_top: int
    words_least: tuple[int, int]  # the least size of a tile with words, upright


def tiles_shown(scene: LevelScreen) -> TilesShown:
    said = header_flow(scene)
    big_has_levels, least = bool(scene.big_levels), level_upright.words_least(scene.layout, scene.ctx.assets)
    height = said.height if said else 0
    ours, empty = scene.showing_ours, scene.shelf.empty
    return TilesShown(ours, empty, height, scene.showing_big, big_has_levels, scene.tiles_top, least)


@dataclass(frozen=True)
class TileWidgets:
    """The level select's widgets around its tiles, which `lay_out_tiles` places and enables:
    the page arrows, the empty group's "Make a puzzle", New puzzle and the big board's levels."""

    arrows: tuple[Button, Button]
    empty_make: Button
    new: Button
    chips: list[Button]


def tile_widgets(scene: LevelScreen) -> TileWidgets:
    return TileWidgets(
        (scene.previous_button, scene.next_button), scene.empty_make_button, scene.new_button, scene.big_level_buttons
    )


def lay_out_tiles(
    layout: Layout, places: level_places.Places, pager: TilePages, shown: TilesShown, widgets: TileWidgets
) -> None:
    """The tiles of the page shown (upright, as many a page as fit), and which of the page
    arrows, the big board's levels (the chips) and the empty group's "Make a puzzle" are
    there; New puzzle is enabled when it has something to make."""
    arrows, empty_make, new, chips = widgets.arrows, widgets.empty_make, widgets.new, widgets.chips
    gap = layout.gap
    empty = shown.ours and shown.ours_empty
    empty_make.enabled = empty
    words = shown.header_height + gap if shown.header_height else 0
    place = places.empty_make.copy()
    place.y = places.grid_area.y + max(words, int(places.text_size * 2.2))  # under the header's lines
    empty_make.place_if(empty, place)
    rows = -(-len(chips) // places.big_columns)
    if shown.big and rows:
        Grid(places.big_columns, rows, gap).place(places.big_area, chips)
    for chip in chips if not shown.big else ():
        chip.hide()
    new.enabled = not shown.big or shown.big_has_levels
    header = max(int(places.text_size * 1.8), words) + shown.tiles_top
    # A group's one line (its name and pieces) gives its room to a row of tiles that needs it.
    room = places.grid_area.height - level_upright.tile_height(layout) - level_upright.button_height(layout) - gap
    places.header = layout.landscape or bool(words) or not pager.puzzles() or header <= room
    header = header if places.header else shown.tiles_top + gap  # the Next tab stands out over its tile
    area = places.grid_area.copy()
    area.y, area.height = area.y + header, area.height - header
    # Placed again on every layout: a group of one page hides them, the next group of many
    # pages must find them back (not stay hidden until the window is resized).
    (tiles.place_arrows if layout.landscape else level_upright.place_arrows)(layout, places.grid_area, *arrows)
    if layout.landscape:
        pager.fit(None)
        pager.number_height = None
        area.height -= arrows[0].rect.height + gap if pager.many else 0
    else:
        area = level_upright.fit_tiles(layout, pager, area, arrows, shown.words_least)
    many = pager.many
    for arrow in arrows:
        arrow.enabled = many
        if not many:
            arrow.hide()
    pager.place(area, gap)
    arrows[0].enabled = many and pager.page > 0
    arrows[1].enabled = many and pager.page < pager.pages - 1


def draw_menu(scene: LevelScreen, surface: pygame.Surface) -> None:
    """The background, the title, the greeting and every button, the chosen group marked."""
    assets, layout = scene.ctx.assets, scene.layout
    surface.fill(theme.BACKGROUND)
    level_places.draw_title(surface, assets, scene.places)
    draw_greeting(scene, surface)
    label_groups(scene)
    for button in scene.buttons:
        button.draw(surface, assets, scene.places.button_size)
    if scene.level_buttons:
        chosen, area = scene.level_buttons[scene.level_index], scene.places.grid_area
        # Upright, the pointer stays in the gap under its row, over the row below if there is one.
        under = [button.rect.y for button in scene.level_buttons if button.rect.y > chosen.rect.bottom]
        bound = area if layout.landscape else pygame.Rect(area.x, min([*under, area.y]), area.width, area.height)
        tiles.draw_chosen_level(surface, layout, chosen, bound)
    if scene.showing_big and scene.big_level_buttons:
        tiles.draw_chosen_big_level(surface, layout, scene.big_level_buttons[scene.big_index].rect)


def greeting(scene: LevelScreen) -> tuple[str, theme.Color]:
    """Hello to the child playing, or the message of the moment in red."""
    if scene.message:
        return scene.message, theme.WRONG
    if scene.ctx.player:
        return _("Hello, {name}! Pick a level, then a puzzle.").format(name=scene.ctx.player), theme.INK
    return _("Pick a level, then a puzzle."), theme.INK


def draw_greeting(scene: LevelScreen, surface: pygame.Surface) -> None:
    """The greeting's lines; a message that came since the screen was laid out gets its room
    first (a long one takes more lines)."""
    text, color = greeting(scene)
    if text != scene.places.greeting:
        scene.resize(scene.layout)
    said = scene.places.said
    if said is not None:
        draw_flow(surface, scene.ctx.assets, said, scene.places.player_pos, color)


def label_groups(scene: LevelScreen) -> None:
    """Each group's button says how many of its puzzles the child has solved."""
    solved = scene.solved
    for button, level in zip(scene.level_buttons, scene.levels, strict=True):
        puzzles = scene.all_big_puzzles if level is scene.big else level.puzzles
        done = sum(1 for puzzle in puzzles if puzzle.id in solved)
        name = scene.teacher.title_of(level) or _(level.name)  # an assignment's title is not translated
        if puzzles or level is not scene.ours:
            button.label = _("{level}  {done}/{total}").format(level=name, done=done, total=len(puzzles))
        else:
            button.label = name


def draw_tiles(scene: LevelScreen, surface: pygame.Surface) -> None:
    shown, player = scene.level, scene.ctx.player
    color = theme.LEVEL_COLORS.get(shown.name, theme.BUTTON) if shown else theme.BUTTON
    next_index = scene.next_in_level()
    next_puzzle = shown.puzzles[next_index] if shown and next_index is not None else None
    for number, (rect, puzzle) in enumerate(scene.cells, scene.page * scene.pager.size + 1):
        stars = scene.ctx.store.stars(player, puzzle.id) if player else 0
        label = tile_label(scene, puzzle, number)
        draw_tile(scene, surface, rect, puzzle, label, color, stars, puzzle is next_puzzle)
    cursor = scene.pager.cursor_cell()
    if cursor is not None:
        tiles.draw_cursor(surface, scene.layout, cursor)


def tile_label(scene: LevelScreen, puzzle: Puzzle, place: int) -> str:
    """What a tile says big: the puzzle's own number ("38"; "3-7" for a big board's set by the
    teacher), the same wherever it is shown; the class's own puzzles go by their place."""
    if scene.showing_ours:
        return str(place)
    return own_number(puzzle.id) if scene.showing_teacher else tile_number(puzzle.id)


def draw_header(scene: LevelScreen, surface: pygame.Surface) -> None:
    current, place = scene.level, scene.places.grid_area.topleft
    said = header_flow(scene)
    if said is not None:  # ours, or the teacher's: wrapped, a long title whole
        text, color = scene.shelf.header() if scene.showing_ours else scene.teacher.header(current, date.today())
        draw_flow(surface, scene.ctx.assets, said, place, color)
    elif scene.places.header:
        if current is None or not current.puzzles:
            text, color = _("No puzzles here yet. Try New puzzle or Today."), theme.WRONG
        else:
            name = big_level_name(scene.big_levels[scene.big_index]) if scene.showing_big else _(current.name)
            text, color = tiles.group_header(current.puzzles, name), theme.SOFT_INK
            place = (scene.places.grid_area.x, scene.places.grid_area.y + scene.tiles_top)
        draw_text(surface, scene.ctx.assets, text, scene.places.text_size, place, color, bold=True)
    if current is not None and current.puzzles:
        draw_page_words(scene, surface, len(current.puzzles))


def header_flow(scene: LevelScreen) -> Flow | None:
    """The header of the class's own puzzles (long when there are none yet: it says how to
    make one) or of the teacher's (her title may be long), wrapped in the tiles' width at a
    child's size; None for the other groups' one line."""
    if scene.showing_ours:
        text = scene.shelf.header()[0]
    elif scene.showing_teacher:
        text = scene.teacher.header(scene.level, date.today())[0]
    else:
        return None
    area = scene.places.grid_area
    return flow(scene.ctx.assets, text, scene.places.text_size, (area.width, area.height // 3), CHILD_TEXT_SIZE, True)


def ours_flow(scene: LevelScreen) -> Flow:
    """The header of the class's own puzzles, wrapped (`header_flow`)."""
    said = header_flow(scene)
    assert said is not None, "the class's own puzzles are shown"
    return said


def draw_page_words(scene: LevelScreen, surface: pygame.Surface, total: int) -> None:
    """ "Puzzles 21 to 30 of 30" between the page arrows, under the tiles."""
    room = page_words_room(scene)
    if scene.pages > 1 and room.width > 0:
        text = page_words(scene.page, total, scene.pager.size)
        font, text = fitted_font(scene.ctx.assets, text, scene.places.text_size, room.width, MIN_TEXT_PX)
        image = font.render(text, True, theme.INK)
        surface.blit(image, image.get_rect(center=room.center))


def page_words_room(scene: LevelScreen) -> pygame.Rect:
    """The room between the page arrows, where the page words go."""
    previous, following = scene.previous_button.rect, scene.next_button.rect
    gap = scene.layout.gap
    return pygame.Rect(previous.right + gap, previous.y, following.x - previous.right - 2 * gap, previous.height)


def draw_tile(
    scene: LevelScreen,
    surface: pygame.Surface,
    rect: pygame.Rect,
    puzzle: Puzzle,
    number: str,
    color: theme.Color,
    stars: int,
    is_next: bool,
) -> None:
    """One tile, with its name and signed by its maker on the class's own puzzles."""
    signed = None
    if scene.showing_ours:
        maker = scene.makers.get(puzzle.id, "")
        signed = tiles.Signed(maker, picture_of(scene, maker) if maker else "", scene.shelf.names.get(puzzle.id, ""))
    sized_for = scene.pager.number_height
    tiles.draw_tile(surface, scene.ctx.assets, scene.layout, rect, number, color, stars, is_next, signed, sized_for)


def picture_of(scene: LevelScreen, name: str) -> str:
    """A maker's picture when she is one of the class's players, else none."""
    try:
        return scene.ctx.store.player(name).avatar
    except KeyError:
        return ""
