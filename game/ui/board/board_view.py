"""How the board scene looks: where its panel goes, and the drawing of the board, its marks,
its pieces and its panel. The scene holds the state; these functions only read it."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from ... import i18n
from ...content import puzzle_ids
from ...content.levels import Puzzle
from ...i18n import _
from ...words.board import pieces_left
from ..core import theme
from ..core.board_marks import (
    cursor_mark,
    draw_board,
    hint_mark,
    last_move_marks,
    message_box,
    refusal_mark,
    selection_mark,
    target_mark,
)
from ..core.capture_pips import draw_all_pips
from ..core.drawing import draw_corners, draw_spinner
from ..core.layout import MIN_FONT, Layout, stack
from ..core.read_aloud import SpeakerButton, speaker_size
from ..core.sprites import PieceSprite
from ..core.text_flow import Flow, draw_flow, flow
from ..core.widgets import Button, draw_text
from .board_flows import HintStage

if TYPE_CHECKING:
    from .board import BoardScene

THINKING_SHOWN_AFTER = 0.12


def make_buttons(scene: BoardScene) -> None:
    """The panel's buttons; Auto and Hint only where the teacher allows them (`offered`)."""
    scene.hint_button = Button(_("Hint"), scene.hint, theme.BUTTON_WARM)
    scene.auto_button = Button(_("Auto"), scene.toggle_auto, theme.BUTTON_ACCENT)
    scene.undo_button = Button(_("Undo"), scene.undo, theme.BUTTON)
    scene.restart_button = Button(_("Restart"), scene.restart, theme.BUTTON)
    scene.menu_button = Button(_("Menu"), scene.menu, theme.BUTTON_QUIET)
    scene.help_button = Button(_("Help"), scene.ctx.nav.open_help, theme.BUTTON_QUIET)
    scene.buttons = [
        scene.auto_button,
        scene.hint_button,
        scene.undo_button,
        scene.restart_button,
        scene.menu_button,
        scene.help_button,
    ]
    scene.speaker_button = SpeakerButton(scene.read_message)
    if scene.ctx.read_aloud.available:  # without a speech engine there is no button at all
        scene.buttons.insert(2, scene.speaker_button)
    for button in scene.buttons:
        button.floor = MIN_FONT  # a child reads them


def arrange(scene: BoardScene, layout: Layout) -> None:
    """Where the panel's title, buttons and message go, for this window and this language: the
    panel's lines wrap, and the message box takes the room the rest leaves (up to 9 units)."""
    unit = layout.unit
    panel = layout.panel
    scene.title_size = int(unit * 2.4)
    scene.text_size = max(MIN_FONT, int(unit * 1.15))
    scene.button_size = int(unit * 1.45)
    button_height = int(unit * 2.8)
    gap = max(6, unit // 2)
    status = _status_lines(scene, panel.width).height + gap
    if layout.landscape:
        top = panel.y + int(scene.title_size * 1.1) + _info_lines(scene, panel.width).height + gap
        scene.auto_button.rect = scene.hint_button.rect = pygame.Rect(0, 0, 0, 0)
        if scene.offered:
            row = pygame.Rect(panel.x, top, panel.width, button_height)
            for button, rect in zip(scene.offered, _split(row, len(scene.offered), gap), strict=True):
                button.rect = rect
        room = panel.bottom - status - 2 * (button_height + gap) - (top + button_height + gap)
        scene.message_rect = pygame.Rect(panel.x, top + button_height + gap, panel.width, _message_height(unit, room))
        rows = stack(pygame.Rect(panel.x, scene.message_rect.bottom + gap, panel.width, 0), 2, button_height, gap)
        scene.undo_button.rect, scene.restart_button.rect = _split(rows[0], 2, gap)
        scene.menu_button.rect, scene.help_button.rect = _split(rows[1], 2, gap)
    else:
        top = panel.y + _info_lines(scene, panel.width).height
        room = panel.bottom - status - 2 * (button_height + gap) - top
        scene.message_rect = pygame.Rect(panel.x, top, panel.width, _message_height(unit, room, 4.2))
        rows = stack(pygame.Rect(panel.x, scene.message_rect.bottom + gap, panel.width, 0), 2, button_height, gap)
        scene.auto_button.rect = scene.hint_button.rect = pygame.Rect(0, 0, 0, 0)
        first_row = [*scene.offered, scene.undo_button]
        for button, rect in zip(first_row, _split(rows[0], len(first_row), gap), strict=True):
            button.rect = rect
        scene.restart_button.rect, scene.menu_button.rect, scene.help_button.rect = _split(rows[1], 3, gap)
    if scene.speaker_button in scene.buttons:
        side = speaker_size(unit)
        scene.message_rect.width -= side + gap
        scene.speaker_button.rect = pygame.Rect(scene.message_rect.right + gap, scene.message_rect.y, side, side)
    scene.status_pos = (panel.x, rows[1].bottom + gap)


def _message_height(unit: int, room: int, least: float = 6.2) -> int:
    """The message box's height: what the panel leaves, within 6.2 (or `least`) to 9 units."""
    return max(int(unit * least), min(room, unit * 9))


def _info(scene: BoardScene) -> str:
    info = _("{puzzle} · {left}").format(
        puzzle=puzzle_title(scene.puzzle), left=pieces_left(scene.game.position.piece_count)
    )
    return info if scene.layout.landscape else _("Solo Chess · {info}").format(info=info)


def _info_lines(scene: BoardScene, width: int) -> Flow:
    return flow(scene.ctx.assets, _info(scene), scene.text_size, (width, scene.layout.panel.height), MIN_FONT)


def _status(scene: BoardScene) -> str:
    if scene.time_left is not None:
        minutes, seconds = divmod(max(0, math.ceil(scene.time_left)), 60)
        return _("Time left: {minutes}:{seconds:02}").format(minutes=minutes, seconds=seconds)
    return _("Sound is off: press M to turn it on") if scene.ctx.assets.muted else _("Press M to turn the sound off")


def _status_lines(scene: BoardScene, width: int) -> Flow:
    """The status line, wrapped: room is kept for the longer of the sound's two sentences."""
    longest = max(_("Sound is off: press M to turn it on"), _("Press M to turn the sound off"), _status(scene), key=len)
    room = flow(scene.ctx.assets, longest, scene.text_size, (width, scene.layout.panel.height), MIN_FONT)
    laid = flow(scene.ctx.assets, _status(scene), scene.text_size, (width, scene.layout.panel.height), MIN_FONT)
    return laid if laid.height >= room.height else Flow(laid.size, room.lines, laid.line_height)


def draw_scene(scene: BoardScene, surface: pygame.Surface) -> None:
    """On the window, in layers (`board_layers`): the ground and what stands still are drawn
    again only when they change; each frame puts back and redraws just what moves. Anywhere
    else (a test's canvas, a picture) everything is drawn straight onto the surface."""
    _set_buttons(scene)
    layers, geometry, size = scene.layers, scene.geometry, surface.get_size()
    notation = scene.ctx.settings.chess_notation
    moving = _moving(scene)
    if surface is not pygame.display.get_surface():
        _paint_ground(scene, surface, notation)
        _paint_still(scene, surface, moving)
        _draw_live(scene, surface, moving)
        return
    if scene.repaint:  # a new size, language or screen: nothing drawn before is trusted
        layers.forget()
    ground_key = (size, tuple(geometry.board), geometry.size, notation)
    layers.ground_for(ground_key, size, lambda ground: _paint_ground(scene, ground, notation))
    rebuilt = layers.still_for(_still_key(scene, moving, surface), lambda still: _paint_still(scene, still, moving))
    whole = rebuilt or not scene.partial_updates
    scene.changed_areas = layers.show(surface, whole, lambda target: _draw_live(scene, target, moving))
    scene.repaint = False


def _paint_ground(scene: BoardScene, ground: pygame.Surface, notation: bool) -> None:
    ground.fill(theme.BACKGROUND)
    draw_board(ground, scene.ctx.assets, scene.geometry, notation, MIN_FONT)


def _moving(scene: BoardScene) -> list[PieceSprite]:
    """The sprites that move this frame: sliding, or carried by a finger or the mouse."""
    moving = [slide.sprite for slide in scene.slides]
    press = scene.press
    if press is not None and press.dragging and press.square in scene.sprites:
        moving.append(scene.sprites[press.square])
    return moving


def _still_key(scene: BoardScene, moving: list[PieceSprite], surface: pygame.Surface) -> object:
    """Everything the still layer is drawn from: when any of it changes, the layer is drawn again."""
    game, press, flash, hinting = scene.game, scene.press, scene.flash, scene.hinting
    thinking = scene.jobs.current
    layer = scene.group.get_layer_of_sprite
    pieces = tuple(
        (sprite.letter, sprite.square, tuple(sprite.rect), sprite.image.get_size(), layer(sprite))
        for sprite in scene.group.sprites()
        if sprite not in moving
    )
    marks = (
        game.position,
        game.history[-1] if game.history else None,
        scene.selected,
        scene.ctx.settings.show_moves,
        (press.square, press.previewing) if press is not None else None,
        (hinting.stage, hinting.move, scene.clock if hinting.pulsing else None),
        (flash.square, flash.elapsed) if flash is not None else None,
        scene.cursor,
    )
    panel = (
        i18n.language(),
        scene.puzzle,
        tuple(scene.layout.panel),
        (scene.title_size, scene.text_size, scene.button_size, tuple(scene.message_rect), scene.status_pos),
        tuple((b.label, b.enabled, tuple(b.rect), b.pressed, b.focused, b.attention, b.color) for b in scene.buttons),
        scene.message,
        scene.ctx.assets.muted,
        None if scene.time_left is None else math.ceil(scene.time_left),
        scene.in_test,
        scene.clock if thinking is not None and thinking.elapsed > THINKING_SHOWN_AFTER else None,
    )
    return (id(surface), tuple(scene.geometry.board), pieces, marks, panel)


def _paint_still(scene: BoardScene, still: pygame.Surface, moving: list[PieceSprite]) -> None:
    _draw_marks(scene, still)
    resting = [sprite for sprite in scene.group.sprites() if sprite not in moving]
    for sprite in resting:
        still.blit(sprite.image, sprite.rect)
    _draw_pips(scene, still, [sprite for sprite in scene.sprites.values() if sprite not in moving])
    _draw_overlays(scene, still)
    _draw_panel(scene, still)


def _draw_pips(scene: BoardScene, surface: pygame.Surface, sprites: list[PieceSprite]) -> None:
    if scene.game.rules.capture_limit is not None:
        places = {sprite.square: sprite.rect.center for sprite in sprites}  # pips move with pieces
        draw_all_pips(surface, scene.game.position, scene.game.rules, places, scene.geometry.square_size)


def _draw_live(scene: BoardScene, surface: pygame.Surface, moving: list[PieceSprite]) -> list[pygame.Rect]:
    """What moves, over the still layer: the idle nudge's ring under its piece, then the moving
    pieces with their badges; returns the areas drawn on."""
    geometry, areas = scene.geometry, []
    if scene.nudge.square is not None:
        rect = geometry.square_rect(scene.nudge.square)
        radius = int(rect.width * (0.36 + 0.1 * scene.nudge.pulse()))
        pygame.draw.circle(surface, theme.SELECTED, rect.center, radius, max(4, geometry.square_size // 16))
        resting = scene.sprites.get(scene.nudge.square)
        if resting is not None and resting not in moving:
            surface.blit(resting.image, resting.rect)
            _draw_pips(scene, surface, [resting])
        areas.append(rect)
    for sprite in moving:
        surface.blit(sprite.image, sprite.rect)
        square = pygame.Rect(0, 0, geometry.square_size, geometry.square_size)
        areas.append(sprite.rect.union(square.move_to(center=sprite.rect.center)).inflate(2, 2))
    _draw_pips(scene, surface, [sprite for sprite in moving if scene.sprites.get(sprite.square) is sprite])
    return areas


def _draw_marks(scene: BoardScene, surface: pygame.Surface) -> None:
    """Highlights never rely on colour alone: each has its own shape."""
    geometry = scene.geometry
    width = max(4, geometry.square_size // 16)
    if scene.game.history:
        last = scene.game.history[-1]
        last_move_marks(surface, geometry.square_rect(last.origin), geometry.square_rect(last.target))
    if scene.selected is not None:
        selection_mark(surface, geometry.square_rect(scene.selected), width)
        if scene.ctx.settings.show_moves:
            for square in scene.targets(scene.selected):
                _target_mark(scene, surface, square, theme.TARGET)
    if scene.press is not None and scene.press.previewing:
        draw_corners(surface, geometry.square_rect(scene.press.square).inflate(-width, -width), theme.HINT, width)
        for square in scene.targets(scene.press.square):
            _target_mark(scene, surface, square, theme.TARGET)
    hinted = scene.hinting.move
    pulse = 0.5 + 0.5 * math.sin(scene.clock * 6) if scene.hinting.pulsing else 0.5
    if scene.hinting.stage is HintStage.PIECE and hinted is not None:
        hint_mark(surface, geometry.square_rect(hinted.origin), pulse, target=False)
    if scene.hinting.stage is HintStage.TARGET and hinted is not None:
        hint_mark(surface, geometry.square_rect(hinted.target), pulse, target=True)


def _target_mark(
    scene: BoardScene, surface: pygame.Surface, square: int, color: theme.Color, aim: float | None = None
) -> None:
    target_mark(surface, scene.geometry.square_rect(square), color, aim)


def _draw_overlays(scene: BoardScene, surface: pygame.Surface) -> None:
    geometry = scene.geometry
    if scene.flash is not None:
        third = geometry.square_size // 3
        rect = geometry.square_rect(scene.flash.square).inflate(-third, -third)
        fade = scene.flash.fade
        width = max(4, int(geometry.square_size // 10 * (0.5 + fade / 2)))
        rect = rect.move(int(math.sin(scene.flash.elapsed * 40) * fade * geometry.square_size / 30), 0)
        refusal_mark(surface, rect, width)
    if scene.cursor is not None:
        cursor_mark(surface, geometry.square_rect(scene.cursor))


def _set_buttons(scene: BoardScene) -> None:
    """The panel's buttons as the game stands now: which work, and Auto's or Stop's word."""
    scene.undo_button.enabled = bool(scene.game.history or scene.before_restart)
    scene.restart_button.enabled = bool(scene.game.history)
    scene.hint_button.enabled = not scene.game.is_solved
    scene.auto_button.label = _("Stop") if scene.auto_running else _("Auto")
    if scene.time_up:
        for button in (scene.hint_button, scene.auto_button, scene.undo_button, scene.restart_button):
            button.enabled = False


def _draw_panel(scene: BoardScene, surface: pygame.Surface) -> None:
    assets = scene.ctx.assets
    panel = scene.layout.panel
    info = _info_lines(scene, panel.width)
    if scene.layout.landscape:
        title = draw_text(surface, assets, _("Solo Chess"), scene.title_size, panel.topleft, theme.INK, bold=True)
        draw_flow(surface, assets, info, (panel.x, title.bottom + 4), theme.SOFT_INK)
    else:
        draw_flow(surface, assets, info, panel.topleft, theme.SOFT_INK)
    for button in scene.buttons:
        button.draw(surface, assets, scene.button_size)
    _draw_message(scene, surface)
    status = flow(assets, _status(scene), scene.text_size, (panel.width, panel.height), MIN_FONT)
    draw_flow(surface, assets, status, scene.status_pos, theme.SOFT_INK)
    if scene.in_test:
        # Calm, but readable from across the room.
        width, height = assets.font(scene.text_size, bold=True).size(_("Test"))
        frame = pygame.Rect(0, 0, width + scene.text_size, height + scene.text_size // 2)
        frame.topright = (panel.right, panel.y)
        pygame.draw.rect(surface, theme.PANEL, frame, border_radius=frame.height // 3)
        pygame.draw.rect(surface, theme.SOFT_INK, frame, 2, border_radius=frame.height // 3)
        draw_text(surface, assets, _("Test"), scene.text_size, frame.center, theme.INK, bold=True, anchor="center")


def _draw_message(scene: BoardScene, surface: pygame.Surface) -> None:
    box, pad = scene.message_rect, scene.layout.unit // 2
    message_box(surface, scene.ctx.assets, box, scene.message, scene.text_size, pad)
    thinking = scene.jobs.current
    if thinking is not None and thinking.elapsed > THINKING_SHOWN_AFTER:
        draw_spinner(surface, (box.right - pad * 2, box.bottom - pad * 2), pad, scene.clock, theme.HINT)


def puzzle_title(puzzle: Puzzle) -> str:
    """ "Beginner 7" for the collection's puzzles, else what kind of puzzle it is."""
    if puzzle.title:
        return puzzle.title
    if puzzle_ids.is_daily(puzzle.id):
        return _("Puzzle of the day")
    big = puzzle_ids.big_place(puzzle.id)
    if big:
        return _("Level {level}, puzzle {number}").format(level=big[0], number=big[1])
    level = _(puzzle.level) if puzzle.level else ""  # _("") is the catalogue's header
    number = puzzle_ids.level_number(puzzle.id)
    if number is not None:
        return _("{level} {number}").format(level=level, number=number).strip()
    if level:
        return _("New {level} puzzle").format(level=level)
    return puzzle.id


def _split(rect: pygame.Rect, count: int, gap: int) -> list[pygame.Rect]:
    width = (rect.width - gap * (count - 1)) // count
    return [pygame.Rect(rect.x + i * (width + gap), rect.y, width, rect.height) for i in range(count)]
