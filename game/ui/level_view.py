"""The level select drawn: its title and greeting, the group buttons with the child's count of
solved puzzles, the chosen group's header and its page of tiles. It reads the scene and
draws; the tiles themselves are drawn by `game.ui.level_tiles`."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.content.puzzle_ids import tile_number
from game.i18n import _
from game.ui import level_tiles as tiles
from game.ui import theme
from game.ui.level_tiles import PAGE_SIZE, big_level_name, page_words
from game.ui.widgets import draw_text

if TYPE_CHECKING:
    from game.ui.scenes.level_select import LevelSelectScene


def draw_menu(scene: LevelSelectScene, surface: pygame.Surface) -> None:
    """The background, the title, the greeting and every button, the chosen group marked."""
    assets, layout = scene.ctx.assets, scene.layout
    surface.fill(theme.BACKGROUND)
    draw_text(surface, assets, _("Solo Chess"), scene.title_size, scene.title_pos, theme.INK, bold=True)
    draw_greeting(scene, surface)
    label_groups(scene)
    for button in scene.buttons:
        button.draw(surface, assets, scene.button_size)
    if scene.level_buttons:
        tiles.draw_chosen_level(surface, layout, scene.level_buttons[scene.level_index], scene.grid_area)
    if scene.showing_big and scene.big_level_buttons:
        tiles.draw_chosen_big_level(surface, layout, scene.big_level_buttons[scene.big_index].rect)


def draw_greeting(scene: LevelSelectScene, surface: pygame.Surface) -> None:
    """Hello to the child playing, or the message of the moment in red."""
    player = scene.ctx.player
    if player:
        greeting, color = _("Hello, {name}! Pick a level, then a puzzle.").format(name=player), theme.INK
    else:
        greeting, color = _("Pick a level, then a puzzle."), theme.INK
    if scene.message:
        greeting, color = scene.message, theme.WRONG
    width = scene.layout.width - 2 * scene.layout.margin
    greeting = tiles.fitted_line(scene.ctx.assets, greeting, scene.text_size, width)
    draw_text(surface, scene.ctx.assets, greeting, scene.text_size, scene.player_pos, color, bold=True)


def label_groups(scene: LevelSelectScene) -> None:
    """Each group's button says how many of its puzzles the child has solved."""
    solved = scene.solved
    for button, level in zip(scene.level_buttons, scene.levels, strict=True):
        puzzles = scene.all_big_puzzles if level is scene.big else level.puzzles
        done = sum(1 for puzzle in puzzles if puzzle.id in solved)
        if puzzles or level is not scene.ours:
            button.label = _("{level}  {done}/{total}").format(level=_(level.name), done=done, total=len(puzzles))
        else:
            button.label = _(level.name)


def draw_tiles(scene: LevelSelectScene, surface: pygame.Surface) -> None:
    shown, player = scene.level, scene.ctx.player
    color = theme.LEVEL_COLORS.get(shown.name, theme.BUTTON) if shown else theme.BUTTON
    next_index = scene.next_in_level()
    next_puzzle = shown.puzzles[next_index] if shown and next_index is not None else None
    for number, (rect, puzzle) in enumerate(scene.cells, scene.page * PAGE_SIZE + 1):
        stars = scene.ctx.store.stars(player, puzzle.id) if player else 0
        label = str(number) if scene.showing_ours else tile_number(puzzle.id)
        scene._draw_tile(surface, rect, puzzle, label, color, stars, puzzle is next_puzzle)
    cursor = scene.pager.cursor_cell()
    if cursor is not None:
        tiles.draw_cursor(surface, scene.layout, cursor)


def draw_header(scene: LevelSelectScene, surface: pygame.Surface) -> None:
    current, place = scene.level, scene.grid_area.topleft
    if scene.showing_ours:
        text, color = scene.shelf.header()
    elif current is None or not current.puzzles:
        text, color = _("No puzzles here yet. Try New puzzle or Today."), theme.WRONG
    else:
        name = big_level_name(scene.big_levels[scene.big_index]) if scene.showing_big else _(current.name)
        text, color = tiles.group_header(current.puzzles, name), theme.SOFT_INK
        place = (scene.grid_area.x, scene.grid_area.y + scene.tiles_top)
    draw_text(surface, scene.ctx.assets, text, scene.text_size, place, color, bold=True)
    if current is not None and current.puzzles:
        draw_page_words(scene, surface, len(current.puzzles))


def draw_page_words(scene: LevelSelectScene, surface: pygame.Surface, total: int) -> None:
    if scene.pages > 1:
        words = page_words(scene.page, total)
        draw_text(
            surface,
            scene.ctx.assets,
            words,
            scene.text_size,
            scene.page_text_pos,
            theme.INK,
            bold=True,
            anchor="center",
        )
