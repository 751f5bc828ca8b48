"""How the board scene looks: what its still layer shows, as a frozen value (`StillLook`), and
the drawing of it; then what moves, drawn over it each frame. These functions read the parts
they are handed (the session, the pieces, the panel) and change nothing of them."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from ... import i18n
from ...content import puzzle_ids
from ...content.levels import Puzzle
from ...i18n import _
from ...play.board import BoardSession
from ...play.flows import HintStage
from ...rules.position import Move, Position
from ...store.records import Settings
from ...words.board import Message, pieces_left, sound_line, sound_lines, time_left
from ..core import theme
from ..core.assets import Assets
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
from ..core.layout import MIN_FONT, BoardGeometry, Layout
from ..core.sprites import PieceSprite
from ..core.text_flow import Flow, draw_flow, draw_text
from ..core.widgets import Button
from ..core.worker import Jobs
from .board_flows import Flash
from .board_gesture import Gesture
from .board_layers import Layers
from .board_motion import Motion
from .board_panel import BoardPanel
from .board_pieces import BoardPieces

THINKING_SHOWN_AFTER = 0.12
Box = tuple[int, int, int, int]


@dataclass
class BoardParts:
    """What the board scene is drawn from, handed over each frame."""

    session: BoardSession
    gesture: Gesture  # a press held still previews its piece's captures
    motion: Motion  # how long the rings have pulsed
    pieces: BoardPieces
    panel: BoardPanel
    buttons: list[Button]
    puzzle: Puzzle
    layout: Layout
    jobs: Jobs  # the solver's, while it thinks
    clock: float
    flash: Flash | None

    @property
    def geometry(self) -> BoardGeometry:
        return self.pieces.geometry

    @property
    def assets(self) -> Assets:
        return self.pieces.assets

    @property
    def settings(self) -> Settings:
        return self.session.settings

    @property
    def thinking(self) -> float | None:
        """How long the solver has been asked, while it has."""
        task = self.jobs.current
        return task.elapsed if task is not None else None


@dataclass(frozen=True)
class StillLook:
    """Everything the still layer shows: it is drawn again only when this value changes."""

    surface: int
    board: Box
    pieces: tuple[tuple[str, int, Box, int], ...]  # letter, square, where, size: the ones at rest
    position: Position
    last_move: Move | None
    selected: int | None
    targets: tuple[int, ...]  # the selected piece's, when moves are shown
    preview: int | None
    previewed: tuple[int, ...]
    hint: tuple[HintStage, Move] | None  # the hint on show: its step and its move
    pulse: float
    flash: tuple[int, float, float] | None  # the square, the time shown and the time it stays
    cursor: int | None
    language: str
    texts: tuple[str, str, str]  # the title line, the info and the status
    message: Message
    message_box: Box
    sizes: tuple[int, int, int]
    buttons: tuple[tuple[object, ...], ...]
    in_test: bool
    thinking: float | None  # the spinner's clock, while it turns


def still_look(parts: BoardParts, surface: pygame.Surface) -> StillLook:
    session, pieces, panel = parts.session, parts.pieces, parts.panel
    resting = [sprite for sprite in pieces.group.sprites() if sprite not in pieces.moving]
    preview = parts.gesture.preview
    show_moves = parts.settings.show_moves
    return StillLook(
        surface=id(surface),
        board=tuple(parts.geometry.board),  # type: ignore[arg-type]
        pieces=tuple((s.letter, s.square, tuple(s.rect), pieces.piece_size) for s in resting),  # type: ignore[misc]
        position=session.position,
        last_move=session.game.history[-1] if session.game.history else None,
        selected=session.selected,
        targets=tuple(session.targets(session.selected)) if session.selected is not None and show_moves else (),
        preview=preview,
        previewed=tuple(session.targets(preview)) if preview is not None else (),
        hint=session.shown_hint,
        pulse=0.5 + 0.5 * math.sin(parts.clock * 6) if parts.motion.hint_pulsing else 0.5,
        flash=(parts.flash.square, parts.flash.elapsed, parts.flash.seconds) if parts.flash is not None else None,
        cursor=session.cursor,
        language=i18n.language(),
        texts=(_("Solo Chess"), info(parts), status(parts)),
        message=session.message,
        message_box=tuple(panel.message_rect),  # type: ignore[arg-type]
        sizes=(panel.title_size, panel.text_size, panel.button_size),
        buttons=tuple(
            (b.label, b.enabled, b.shown, tuple(b.rect), b.pressed, b.focused, b.attention, b.color)
            for b in parts.buttons
        ),
        in_test=session.in_test,
        thinking=parts.clock if parts.thinking is not None and parts.thinking > THINKING_SHOWN_AFTER else None,
    )


def info(parts: BoardParts, count: int | None = None) -> str:
    """The puzzle and the pieces left on it (or `count` of them)."""
    left = pieces_left(parts.session.position.piece_count if count is None else count)
    text = _("{puzzle} · {left}").format(puzzle=puzzle_title(parts.puzzle), left=left)
    return text if parts.layout.landscape else _("Solo Chess · {info}").format(info=text)


def info_sentences(parts: BoardParts) -> tuple[str, ...]:
    """Everything the info line may say in this puzzle (the count's words change with it,
    "4 фігури", "5 фігур"): the room kept is the tallest's."""
    return tuple(info(parts, count) for count in range(1, parts.puzzle.board.piece_count + 1))


def status(parts: BoardParts) -> str:
    shown = parts.session.clock_shown
    if shown is not None:
        return time_left(shown, parts.session.nearly_up)
    return sound_line(parts.assets.muted, parts.session.way)


def status_sentences(parts: BoardParts) -> tuple[str, ...]:
    """Everything the status line may say now: the room kept is the longest's."""
    shown = parts.session.clock_shown
    if shown is not None:  # the clock, at its widest: ten minutes, and nearly up
        return (time_left(max(shown, 600), False), time_left(30, True))
    return sound_lines()


def draw_scene(
    parts: BoardParts, surface: pygame.Surface, layers: Layers, repaint: bool, partial: bool
) -> list[pygame.Rect] | None:
    """On the window, in layers (`board_layers`): the ground and what stands still are drawn
    again only when they change; each frame puts back and redraws just what moves. Anywhere
    else (a test's canvas, a picture) everything is drawn straight onto the surface. Returns
    the areas changed (None: all of it)."""
    geometry, notation = parts.geometry, parts.settings.chess_notation
    look = still_look(parts, surface)
    if surface is not pygame.display.get_surface():
        _paint_ground(parts, surface, notation)
        _paint_still(parts, surface, look)
        _draw_live(parts, surface)
        return None
    if repaint:  # a new size, language or screen: nothing drawn before is trusted
        layers.forget()
    ground_key = (surface.get_size(), tuple(geometry.board), geometry.size, notation)
    layers.ground_for(ground_key, surface.get_size(), lambda ground: _paint_ground(parts, ground, notation))
    rebuilt = layers.still_for(look, lambda still: _paint_still(parts, still, look))
    return layers.show(surface, rebuilt or not partial, lambda target: _draw_live(parts, target))


def _paint_ground(parts: BoardParts, ground: pygame.Surface, notation: bool) -> None:
    ground.fill(theme.BACKGROUND)
    draw_board(ground, parts.assets, parts.geometry, notation, MIN_FONT)


def _paint_still(parts: BoardParts, still: pygame.Surface, look: StillLook) -> None:
    _draw_marks(parts.geometry, still, look)
    for letter, _square, box, size in look.pieces:
        image = parts.assets.piece(letter, size)
        still.blit(image, image.get_rect(center=pygame.Rect(box).center))
    offset = parts.pieces.offset
    places = {
        square: pygame.Rect(box).move(-offset[0], -offset[1]).center for _letter, square, box, _size in look.pieces
    }
    _draw_pips(parts, still, places)
    _draw_overlays(parts.geometry, still, look)
    _draw_panel(parts, still, look)


def _draw_pips(parts: BoardParts, surface: pygame.Surface, places: dict[int, tuple[int, int]]) -> None:
    """Each piece's badge where the rules count captures; badges move with their pieces."""
    rules = parts.session.rules
    if rules.capture_limit is not None:
        draw_all_pips(surface, parts.session.position, rules, places, parts.geometry.square_size)


def _draw_live(parts: BoardParts, surface: pygame.Surface) -> list[pygame.Rect]:
    """What moves, over the still layer: the idle nudge's ring under its piece, then the moving
    pieces with their badges; returns the areas drawn on."""
    geometry, pieces, nudge = parts.geometry, parts.pieces, parts.session.nudge
    moving, areas = pieces.moving, []
    if nudge.square is not None:
        rect = geometry.square_rect(nudge.square)
        radius = int(rect.width * (0.36 + 0.1 * parts.motion.nudge_swell()))
        pygame.draw.circle(surface, theme.SELECTED, rect.center, radius, max(4, geometry.square_size // 16))
        resting = pieces.sprites.get(nudge.square)
        if resting is not None and resting not in moving:
            surface.blit(resting.image, resting.rect)
            _draw_pips(parts, surface, {resting.square: pieces.square_center(resting)})
        areas.append(rect)
    for sprite in moving:
        surface.blit(sprite.image, sprite.rect)
        square = pygame.Rect(0, 0, geometry.square_size, geometry.square_size)
        areas.append(sprite.rect.union(square.move_to(center=pieces.square_center(sprite))).inflate(2, 2))
    _draw_pips(parts, surface, {s.square: pieces.square_center(s) for s in moving if _standing(pieces, s)})
    return areas


def _standing(pieces: BoardPieces, sprite: PieceSprite) -> bool:
    return pieces.sprites.get(sprite.square) is sprite


def _draw_marks(geometry: BoardGeometry, surface: pygame.Surface, look: StillLook) -> None:
    """Highlights never rely on colour alone: each has its own shape."""
    width = max(4, geometry.square_size // 16)
    if look.last_move is not None:
        last = look.last_move
        last_move_marks(surface, geometry.square_rect(last.origin), geometry.square_rect(last.target))
    if look.selected is not None:
        selection_mark(surface, geometry.square_rect(look.selected), width)
        for square in look.targets:
            target_mark(surface, geometry.square_rect(square), theme.TARGET)
    if look.preview is not None:
        draw_corners(surface, geometry.square_rect(look.preview).inflate(-width, -width), theme.HINT, width)
        for square in look.previewed:
            target_mark(surface, geometry.square_rect(square), theme.TARGET)
    if look.hint is not None:
        stage, hinted = look.hint
        target = stage is HintStage.TARGET
        hint_mark(surface, geometry.square_rect(hinted.target if target else hinted.origin), look.pulse, target=target)


def _draw_overlays(geometry: BoardGeometry, surface: pygame.Surface, look: StillLook) -> None:
    if look.flash is not None:
        flash = Flash(*look.flash)
        square, elapsed, fade = flash.square, flash.elapsed, flash.fade
        third = geometry.square_size // 3
        rect = geometry.square_rect(square).inflate(-third, -third)
        width = max(4, int(geometry.square_size // 10 * (0.5 + fade / 2)))
        rect = rect.move(int(math.sin(elapsed * 40) * flash.shake * geometry.square_size / 30), 0)
        refusal_mark(surface, rect, width)
    if look.cursor is not None:
        cursor_mark(surface, geometry.square_rect(look.cursor))


def _draw_panel(parts: BoardParts, surface: pygame.Surface, look: StillLook) -> None:
    assets, panel, layout = parts.assets, parts.panel, parts.layout
    area = layout.panel
    title, info_text, status_text = look.texts
    info_lines = panel.lines(assets, info_text, area.width, layout)
    if layout.landscape:
        drawn = draw_text(surface, assets, title, panel.title_size, area.topleft, theme.INK, bold=True)
        draw_flow(surface, assets, info_lines, (area.x, drawn.bottom + 4), theme.SOFT_INK)
    else:
        draw_flow(surface, assets, info_lines, area.topleft, theme.SOFT_INK)
    for button in parts.buttons:
        button.draw(surface, assets, panel.button_size)
    box, pad = panel.message_rect, layout.unit // 2
    message_box(surface, assets, box, look.message, panel.text_size, pad)
    if look.thinking is not None:
        draw_spinner(surface, (box.right - pad * 2, box.bottom - pad * 2), pad, look.thinking, theme.HINT)
    status_lines = panel.status_lines(assets, status_text, layout)
    if parts.session.clock_shown is None:
        draw_flow(surface, assets, status_lines, panel.status_pos, theme.SOFT_INK)
    else:
        _draw_clock(surface, assets, panel, status_lines, parts.session.nearly_up)
    if look.in_test:
        _draw_test_badge(surface, assets, area, panel.text_size)


def _draw_clock(surface: pygame.Surface, assets: Assets, panel: BoardPanel, lines: Flow, nearly_up: bool) -> None:
    """The test clock in its frame; nearly up, the frame thickens and fills, and the words say
    so: the change reads without its colour."""
    pad, area = panel.status_pad, panel.layout.panel if panel.layout is not None else surface.get_rect()
    frame = pygame.Rect(panel.status_pos, (area.width, lines.height + 2 * pad))
    edge = max(2, pad // 3) * (3 if nearly_up else 1)
    pygame.draw.rect(surface, theme.SELECTED if nearly_up else theme.WHITE, frame, border_radius=pad)
    pygame.draw.rect(surface, theme.INK, frame, edge, border_radius=pad)
    draw_flow(surface, assets, lines, (frame.x + pad, frame.y + pad), theme.INK)


def _draw_test_badge(surface: pygame.Surface, assets: Assets, area: pygame.Rect, size: int) -> None:
    """Calm, but readable from across the room."""
    width, height = assets.font(size, bold=True).size(_("Test"))
    frame = pygame.Rect(0, 0, width + size, height + size // 2)
    frame.topright = (area.right, area.y)
    pygame.draw.rect(surface, theme.PANEL, frame, border_radius=frame.height // 3)
    pygame.draw.rect(surface, theme.SOFT_INK, frame, 2, border_radius=frame.height // 3)
    draw_text(surface, assets, _("Test"), size, frame.center, theme.INK, bold=True, anchor="center")


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
