"""The level select's keys and switch: the arrows walk over the tiles (turning the page at its
edge), Page Up and Page Down turn it, Enter or Space opens the tile under the cursor; a switch's
scan steps through Continue, the page's tiles (a group), the page arrows, the groups of puzzles
(a group) and the other buttons."""

from __future__ import annotations

from functools import partial
from typing import Protocol

import pygame

from ...content.levels import Collection, Level, Puzzle
from ..core.level_pages import TilePages
from ..core.switch_scan import Choice, Choosable, Groups, by_rows
from ..core.widgets import Button


class LevelSelectView(Protocol):
    """What the keys and the switch use of the level select (`level_select.LevelSelectScene`),
    declared here so that this module does not import its scene back."""

    # fmt: off
    @property
    def pager(self) -> TilePages: ...
    @property
    def level(self) -> Level | None: ...
    @property
    def cells(self) -> list[tuple[pygame.Rect, Puzzle]]: ...
    @property
    def buttons(self) -> list[Button]: ...
    @property
    def continue_button(self) -> Button: ...
    @property
    def previous_button(self) -> Button: ...
    @property
    def next_button(self) -> Button: ...
    @property
    def school_button(self) -> Button: ...
    @property
    def level_buttons(self) -> list[Button]: ...
    @property
    def big_level_buttons(self) -> list[Button]: ...
    def turn_page(self, step: int) -> None: ...
    def next_in_level(self) -> int | None: ...
    def layout_cells(self) -> None: ...
    def clear_focus(self) -> None: ...
    def open_puzzle(self, puzzle: Puzzle, collection: Collection | None = None) -> None: ...
    def collection_for(self, puzzle: Puzzle) -> Collection | None: ...
    # fmt: on


def walk(scene: LevelSelectView, files: int, rows: int) -> bool:
    """An arrow: the cursor a tile on (a row, `rows`), when the level has puzzles."""
    pager = scene.pager
    if scene.level is None or not scene.level.puzzles:
        return False
    if pager.walk(files + rows * pager.shape[0], scene.next_in_level()):
        scene.layout_cells()
    scene.clear_focus()
    return True


def open_under_cursor(scene: LevelSelectView) -> bool:
    """Enter or Space: the puzzle under the cursor, if there is one."""
    chosen = scene.pager.under_cursor()
    if chosen is not None:
        scene.open_puzzle(chosen, scene.collection_for(chosen))
    return chosen is not None


def scan_groups(scene: LevelSelectView) -> Groups:
    """Continue first (her next puzzle, one press away), then the page's tiles a row at a time
    (a page of 20 in one group lit its last 21 steps after it was chosen), its arrows, the groups
    of puzzles, and the rest, each shown and usable."""
    usable = [button for button in scene.buttons if button.shown and button.enabled]
    tiles: list[Choosable] = [
        Choice(rect, partial(scene.open_puzzle, puzzle, scene.collection_for(puzzle))) for rect, puzzle in scene.cells
    ]
    arrows: list[Choosable] = [scene.previous_button, scene.next_button]
    levels: list[Choosable] = [scene.school_button, *scene.level_buttons, *scene.big_level_buttons]
    first = [scene.continue_button, *arrows, *levels]
    groups: Groups = [[scene.continue_button], *by_rows(tiles), *[[arrow] for arrow in arrows], levels]
    groups += [[button] for button in scene.buttons if button not in first]
    return [[choice for choice in group if not isinstance(choice, Button) or choice in usable] for group in groups]
