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
from ..core.widgets import PAGE_KEYS, Button


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


ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def cursor_key(scene: LevelSelectView, key: int) -> bool:
    """True when `key` was the tiles'."""
    if key in PAGE_KEYS:
        scene.turn_page(PAGE_KEYS[key])
        return True
    pager = scene.pager
    columns = pager.shape[0]
    steps = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -columns, pygame.K_DOWN: columns}
    if key in steps and scene.level is not None and scene.level.puzzles:
        if pager.walk(steps[key], scene.next_in_level()):
            scene.layout_cells()
        scene.clear_focus()
        return True
    chosen = pager.under_cursor()
    if key in ENTER_KEYS and chosen is not None:
        scene.open_puzzle(chosen, scene.collection_for(chosen))
        return True
    return False


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
