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
from ...play.flows import HintStage, Nudge
from ...rules.position import Move, Position
from ...store.records import Settings
from ...words.board import Message, pieces_left
from ..core import theme
from ..core.assets import Assets
from ..core.board_marks import draw_board, last_move_marks, message_box, target_mark
from ..core.capture_pips import draw_all_pips
from ..core.drawing import draw_corners, draw_spinner
from ..core.layout import MIN_FONT, BoardGeometry, Layout
from ..core.sprites import PieceSprite
from ..core.text_flow import draw_flow, draw_text, flow
from ..core.widgets import Button
from ..core.worker import Jobs
from .board_flows import Flash
from .board_layers import Layers
from .board_panel import BoardPanel
from .board_pieces import BoardPieces

THINKING_SHOWN_AFTER = 0.12
Box = tuple[int, int, int, int]


@dataclass
class BoardParts:
    """What the board scene is drawn from, handed over each frame."""

    session: BoardSession
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
    hint: tuple[HintStage, Move | None]
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
    hinting, press = session.hinting, session.pressed
    preview = press.square if press is not None and press.previewing else None
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
        hint=(hinting.stage, hinting.move),
        pulse=0.5 + 0.5 * math.sin(parts.clock * 6) if hinting.pulsing else 0.5,
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


def info(parts: BoardParts) -> str:
    text = _("{puzzle} · {left}").format(
        puzzle=puzzle_title(parts.puzzle), left=pieces_left(parts.session.position.piece_count)
    )
    return text if parts.layout.landscape else _("Solo Chess · {info}").format(info=text)


def status(parts: BoardParts) -> str:
    shown = parts.session.clock_shown
    if shown is not None:
        minutes, seconds = divmod(shown, 60)
        return _("Time left: {minutes}:{seconds:02}").format(minutes=minutes, seconds=seconds)
    return _("Sound is off: press M to turn it on") if parts.assets.muted else _("Press M to turn the sound off")


def status_sentences(parts: BoardParts) -> tuple[str, ...]:
    """Everything the status line may say now: the room kept is the longest's."""
    return (_("Sound is off: press M to turn it on"), _("Press M to turn the sound off"), status(parts))


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
    places = {square: pygame.Rect(box).center for _letter, square, box, _size in look.pieces}
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
        radius = int(rect.width * (0.36 + 0.1 * nudge_swell(nudge)))
        pygame.draw.circle(surface, theme.SELECTED, rect.center, radius, max(4, geometry.square_size // 16))
        resting = pieces.sprites.get(nudge.square)
        if resting is not None and resting not in moving:
            surface.blit(resting.image, resting.rect)
            _draw_pips(parts, surface, {resting.square: resting.rect.center})
        areas.append(rect)
    for sprite in moving:
        surface.blit(sprite.image, sprite.rect)
        square = pygame.Rect(0, 0, geometry.square_size, geometry.square_size)
        areas.append(sprite.rect.union(square.move_to(center=sprite.rect.center)).inflate(2, 2))
    _draw_pips(parts, surface, {s.square: s.rect.center for s in moving if _standing(pieces, s)})
    return areas


def _standing(pieces: BoardPieces, sprite: PieceSprite) -> bool:
    return pieces.sprites.get(sprite.square) is sprite


def nudge_swell(nudge: Nudge) -> float:
    """0..1, the nudge ring's swell now; still (0.5) once its pulses are over."""
    if not nudge.pulsing:
        return 0.5
    return 0.5 - 0.5 * math.cos(2 * math.pi * nudge.shown_for / Nudge.PULSE_SECONDS)


def _draw_marks(geometry: BoardGeometry, surface: pygame.Surface, look: StillLook) -> None:
    """Highlights never rely on colour alone: each has its own shape."""
    width = max(4, geometry.square_size // 16)
    if look.last_move is not None:
        last = look.last_move
        last_move_marks(surface, geometry.square_rect(last.origin), geometry.square_rect(last.target))
    if look.selected is not None:
        rect = geometry.square_rect(look.selected).inflate(-width, -width)
        pygame.draw.rect(surface, theme.SELECTED, rect, width * 2)
        draw_corners(surface, rect.inflate(-width * 4, -width * 4), theme.INK, width)
        for square in look.targets:
            target_mark(surface, geometry.square_rect(square), theme.TARGET)
    if look.preview is not None:
        draw_corners(surface, geometry.square_rect(look.preview).inflate(-width, -width), theme.HINT, width)
        for square in look.previewed:
            target_mark(surface, geometry.square_rect(square), theme.TARGET)
    stage, hinted = look.hint
    if stage is HintStage.PIECE and hinted is not None:
        radius = int(geometry.square_size * (0.44 + 0.04 * look.pulse))
        pygame.draw.circle(surface, theme.HINT, geometry.square_rect(hinted.origin).center, radius, width * 2)
    if stage is HintStage.TARGET and hinted is not None:
        target_mark(surface, geometry.square_rect(hinted.target), theme.HINT, aim=look.pulse)


def _draw_overlays(geometry: BoardGeometry, surface: pygame.Surface, look: StillLook) -> None:
    if look.flash is not None:
        flash = Flash(*look.flash)
        square, elapsed, fade = flash.square, flash.elapsed, flash.fade
        third = geometry.square_size // 3
        rect = geometry.square_rect(square).inflate(-third, -third)
        width = max(4, int(geometry.square_size // 10 * (0.5 + fade / 2)))
        rect = rect.move(int(math.sin(elapsed * 40) * flash.shake * geometry.square_size / 30), 0)
        pygame.draw.line(surface, theme.WRONG, rect.topleft, rect.bottomright, width)
        pygame.draw.line(surface, theme.WRONG, rect.topright, rect.bottomleft, width)
    if look.cursor is not None:
        rect = geometry.square_rect(look.cursor).inflate(-4, -4)
        width = max(3, geometry.square_size // 24)
        pygame.draw.rect(surface, theme.CURSOR, rect, width, border_radius=width * 2)
        draw_corners(surface, rect.inflate(width * 2, width * 2), theme.CURSOR, width * 2)


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
    status_lines = flow(assets, status_text, panel.text_size, (area.width, area.height), MIN_FONT)
    draw_flow(surface, assets, status_lines, panel.status_pos, theme.SOFT_INK)
    if look.in_test:
        _draw_test_badge(surface, assets, area, panel.text_size)


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
