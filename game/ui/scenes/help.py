"""How to play, told by little boards that replay a move again and again.

Many players cannot read yet, so every idea (the goal, the one rule, how each piece
captures) is a looping animation that makes sense with the words covered; the captions
are short labels for whoever can read them. The moves the boards act out are checked
against the real rules by the tests, so the help never teaches a wrong move.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from itertools import pairwise
from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _
from game.rules.pieces import PIECES
from game.rules.position import Position
from game.rules.squares import SIZE, parse_square, square_name
from game.rules.variants import BIG_RULES, Rules
from game.ui import theme
from game.ui.assets import Assets
from game.ui.capture_pips import draw_pips
from game.ui.drawing import MODIFIER_KEYS, blit_piece, clamp, draw_badge, draw_shield, draw_star, ease, pop, thick_line
from game.ui.layout import CHILD_TEXT_SIZE, MIN_TEXT_PX, Layout, fit_text
from game.ui.scene import Scene
from game.ui.widgets import Button, draw_text

if TYPE_CHECKING:
    from game.ui.app import App

Point = tuple[float, float]

TITLE = N_("How to play")
BIG_BOARD = N_("Big board")

# Seconds for each beat of a shot. A shot: the pieces pop in, each act rests, moves and
# shows its result, the final picture holds, then everything pops out and the loop restarts.
APPEAR = 0.35
REST = 0.45
MOVE = 0.7
CAPTURE = 0.45
REFUSE = 0.9
SHAKE = 0.4
HOLD = 1.3
VANISH = 0.3

CLICK_BUTTONS = (1, 2, 3)  # not 4 and 5: a scroll of the wheel is not a click

ARROWS = "arrows"  # drawn as four little triangles: the default font has no arrow glyphs
KEYS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("U", "Ctrl+Z", "Backspace"), N_("Undo")),
    (("R",), N_("Restart")),
    (("A",), N_("Auto")),
    (("?",), N_("Hint")),
    (("H",), N_("Help")),
    (("M",), N_("Mute")),
    (("F11",), N_("Full screen")),
    ((ARROWS, "Enter"), N_("Play")),
    (("Tab",), N_("Buttons")),
    (("Esc",), N_("Back")),
)


# What the little boards act out ----------------------------------------------------------


@dataclass(frozen=True)
class Act:
    """One move a board acts out: a capture, or a try that the rules refuse."""

    origin: int
    target: int
    allowed: bool = True

    @classmethod
    def parse(cls, text: str) -> Act:
        """`b3xc4` captures; `a4-c4` tries and is refused."""
        allowed = "x" in text
        origin, target = text.split("x" if allowed else "-")
        return cls(parse_square(origin, SIZE), parse_square(target, SIZE), allowed)


@dataclass(frozen=True)
class Shot:
    position: Position
    acts: tuple[Act, ...]
    delay: float = 0.0  # a wait before the first act, so two boards can take turns
    tick: bool = False  # a green tick on each capture
    ending: bool = False  # a star with a big 1 once the acts are done
    limit: int | None = None  # captures per piece, shown on each piece's badge (the big board)

    @classmethod
    def of(
        cls,
        board: str,
        acts: str,
        delay: float = 0.0,
        tick: bool = False,
        ending: bool = False,
        limit: int | None = None,
    ) -> Shot:
        return cls(
            Position.parse(board, size=SIZE), tuple(Act.parse(act) for act in acts.split()), delay, tick, ending, limit
        )

    @property
    def length(self) -> float:
        acting = sum(REST + MOVE + (CAPTURE if act.allowed else REFUSE) for act in self.acts)
        return APPEAR + self.delay + acting + HOLD + VANISH


@dataclass
class Sprite:
    letter: str
    x: float  # board units: the centre of column 0 is 0.5
    y: float
    scale: float = 1.0
    left: int | None = None  # captures it has left, where they are limited


@dataclass
class Frame:
    """Everything a board shows at one moment, in board units."""

    sprites: list[Sprite] = field(default_factory=list)
    highlight: int | None = None
    path: list[Point] = field(default_factory=list)
    bursts: list[tuple[Point, float]] = field(default_factory=list)
    badges: list[tuple[Point, float, bool]] = field(default_factory=list)  # centre, radius, good
    shield: float = 0.0  # how hard the King's shield flashes, 0..1
    star: float = 0.0  # how far the ending star has popped in, 0..1


def centre(square: int) -> Point:
    return square % SIZE + 0.5, square // SIZE + 0.5


def knight_path(origin: int, target: int) -> list[Point]:
    """The L a knight draws: the long leg first, then the short one."""
    (x0, y0), (x1, y1) = centre(origin), centre(target)
    corner = (x1, y0) if abs(x1 - x0) == 2 else (x0, y1)
    return [(x0, y0), corner, (x1, y1)]


def along(points: list[Point], progress: float) -> Point:
    """The point `progress` (0..1) of the way along a polyline."""
    legs = list(pairwise(points))
    lengths = [math.dist(a, b) for a, b in legs]
    distance = clamp(progress) * sum(lengths)
    for (a, b), length in zip(legs, lengths, strict=True):
        if distance <= length and length > 0:
            share = distance / length
            return a[0] + (b[0] - a[0]) * share, a[1] + (b[1] - a[1]) * share
        distance -= length
    return points[-1]


def frame_at(shot: Shot, time: float, end: float) -> Frame:
    """What a shot shows `time` seconds in, when it lasts `end` seconds."""
    frame = Frame()
    board = {square: letter for square, letter in enumerate(shot.position.cells) if letter != "."}
    made = dict.fromkeys(board, 0)  # captures each piece has made, by where it stands

    def left(square: int) -> int | None:
        return None if shot.limit is None else shot.limit - made[square]

    mover: Sprite | None = None
    gone: Sprite | None = None
    clock = APPEAR + shot.delay
    finished = True
    for act in shot.acts:
        start = clock + REST
        if time < clock:
            finished = False
            break
        letter = board[act.origin]
        (x0, y0), (x1, y1) = centre(act.origin), centre(act.target)
        path = knight_path(act.origin, act.target) if letter == "N" else [(x0, y0), (x1, y1)]
        if not act.allowed and act.target in board:
            # Stop where the two pieces touch, as if bumping into the target.
            distance = math.dist((x0, y0), (x1, y1))
            share = max(0.0, (distance - 0.75) / distance)
            path = [(x0, y0), (x0 + (x1 - x0) * share, y0 + (y1 - y0) * share)]
        if time < start + MOVE:
            frame.highlight = act.origin
            if letter == "N":
                frame.path = path
            progress = ease((time - start) / MOVE)
            x, y = along(path, progress)
            lift = 0.18 * math.sin(math.pi * progress) if letter == "N" else 0.0
            mover = Sprite(letter, x, y, 1 + lift, left(act.origin))
            del board[act.origin]
            finished = False
            break
        since = time - start - MOVE
        if act.allowed:
            captured = board[act.target]
            board[act.target] = board.pop(act.origin)
            made[act.target] = made.pop(act.origin) + 1
            corner = (x1 + 0.28, y1 - 0.28)
            frame.badges = [badge for badge in frame.badges if badge[0] != corner]  # an earlier "no" is taken too
            if since < CAPTURE:
                share = since / CAPTURE
                gone = Sprite(captured, x1, y1 - 0.3 * share, 1 - ease(share))
                frame.bursts.append(((x1, y1), share))
            if shot.tick:
                frame.badges.append(((x1 + 0.28, y1 - 0.28), 0.26 * pop(since / 0.3), True))
            clock = start + MOVE + CAPTURE
        else:
            stop = path[-1]
            occupied = act.target in board
            if since < REFUSE:
                del board[act.origin]
                if since < SHAKE:
                    wobble = 0.09 * math.sin(since * 2 * math.pi * 7) * (1 - since / SHAKE)
                    mover = Sprite(letter, stop[0] + wobble, stop[1], left=left(act.origin))
                else:
                    back = ease((since - SHAKE) / (REFUSE - SHAKE))
                    x, y = stop[0] + (x0 - stop[0]) * back, stop[1] + (y0 - stop[1]) * back
                    mover = Sprite(letter, x, y, left=left(act.origin))
            # The cross waits for the shake, so the refused piece is seen first.
            grow = pop((since - SHAKE * 0.6) / 0.3)
            if occupied:
                frame.badges.append(((x1 + 0.28, y1 - 0.28), 0.26 * grow, False))
                if board[act.target] == "K" and since < REFUSE:
                    frame.shield = math.sin(math.pi * since / REFUSE)
            else:
                frame.badges.append(((x1, y1), 0.36 * grow, False))
            clock = start + MOVE + REFUSE
    if finished and shot.ending:
        frame.star = pop((time - clock) / 0.5)
    # Everything pops in at the start of a shot and out at its end.
    scale = pop(time / APPEAR) if time < APPEAR else ease((end - time) / VANISH)
    for square, letter in board.items():
        frame.sprites.append(Sprite(letter, *centre(square), scale, left(square)))
    frame.sprites.extend(sprite for sprite in (gone, mover) if sprite is not None)
    frame.badges = [(point, radius * scale, good) for point, radius, good in frame.badges]
    frame.star *= scale
    return frame


# Boards and panels ----------------------------------------------------------------------


class Stage:
    """One little board: the top-left `columns` x `rows` corner of the 4x4 board."""

    def __init__(
        self,
        columns: int,
        rows: int,
        shots: tuple[Shot, ...],
        rules: Rules,
        markers: tuple[str, int] | None = None,
        star_at: Point = (2.5, 1.5),
    ) -> None:
        self.columns = columns
        self.star_at = star_at  # where the ending star pops in, in board units, clear of the last piece
        self.rows = rows
        self.shots = shots
        self.rules = rules
        self.markers = markers  # (piece letter, square): mark where it can capture from there
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.square = 0
        self._one: pygame.Surface | None = None

    @property
    def period(self) -> float:
        return sum(shot.length for shot in self.shots)

    def place(self, rect: pygame.Rect) -> None:
        self.rect = rect
        self.square = rect.width // self.columns

    def inside(self, square: int) -> bool:
        return square % SIZE < self.columns and square // SIZE < self.rows

    def pixel(self, point: Point) -> Point:
        return self.rect.x + point[0] * self.square, self.rect.y + point[1] * self.square

    def square_rect(self, square: int) -> pygame.Rect:
        s = self.square
        return pygame.Rect(self.rect.x + square % SIZE * s, self.rect.y + square // SIZE * s, s, s)

    def render(self, surface: pygame.Surface) -> None:
        """The parts that never move: squares and frame."""
        edge = max(2, self.square // 14)
        pygame.draw.rect(surface, theme.BOARD_EDGE, self.rect.inflate(edge * 2, edge * 2), border_radius=edge)
        for square in range(SIZE * SIZE):
            if self.inside(square):
                light = (square % SIZE + square // SIZE) % 2 == 0
                surface.fill(theme.LIGHT_SQUARE if light else theme.DARK_SQUARE, self.square_rect(square))

    def at_home(self, frame: Frame) -> bool:
        """True while the marked piece stands on the square its marks start from, or is just
        leaving it; once it has landed elsewhere, those marks no longer tell its moves."""
        if self.markers is None:
            return False
        letter, origin = self.markers
        if frame.highlight is not None:
            return frame.highlight == origin
        return any(sprite.letter == letter and (sprite.x, sprite.y) == centre(origin) for sprite in frame.sprites)

    def _draw_markers(self, surface: pygame.Surface, letter: str, origin: int) -> None:
        piece = PIECES[letter]
        s = self.square
        dot = max(3, s // 8)
        for ray in piece.rays(origin, self.rules):
            reach: list[int] = []
            for square in ray:
                if not self.inside(square):
                    break
                reach.append(square)
            if not reach:
                continue
            if piece.slides:
                # A line with an arrowhead says "all the way along here".
                start, end = self.pixel(centre(origin)), self.pixel(centre(reach[-1]))
                length = math.dist(start, end)
                dx, dy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
                tip = (end[0] + dx * s * 0.36, end[1] + dy * s * 0.36)
                base = (end[0] + dx * s * 0.06, end[1] + dy * s * 0.06)
                wing = s * 0.17
                thick_line(surface, theme.lighter(theme.TARGET, 0.2), [start, base], max(2, s // 14))
                pygame.draw.polygon(
                    surface,
                    theme.lighter(theme.TARGET, 0.2),
                    [tip, (base[0] - dy * wing, base[1] + dx * wing), (base[0] + dy * wing, base[1] - dx * wing)],
                )
            for square in reach:
                pygame.draw.circle(surface, theme.TARGET, self.pixel(centre(square)), dot)
        if letter == "P":
            # The diagonals a pawn may not take get a small red cross.
            allowed = {ray[0] for ray in piece.rays(origin, self.rules)}
            for ray in PIECES["B"].rays(origin):
                square = ray[0]
                if self.inside(square) and square not in allowed:
                    cx, cy = self.pixel(centre(square))
                    r = s * 0.14
                    width = max(2, s // 16)
                    thick_line(surface, theme.WRONG, [(cx - r, cy - r), (cx + r, cy + r)], width)
                    thick_line(surface, theme.WRONG, [(cx - r, cy + r), (cx + r, cy - r)], width)

    def frame(self, time: float, period: float) -> Frame:
        local = time % period
        start = 0.0
        for number, shot in enumerate(self.shots):
            # The last shot holds its picture until the slowest board of the panel is done.
            end = period - start if number == len(self.shots) - 1 else shot.length
            if local < start + end:
                break
            start += end
        return frame_at(shot, local - start, end)

    def draw(self, surface: pygame.Surface, assets: Assets, frame: Frame) -> None:
        s = self.square
        if self.markers is not None and self.at_home(frame):
            # Only from where the piece stands now: marks left behind would teach a wrong move.
            self._draw_markers(surface, *self.markers)
        if frame.highlight is not None:
            surface.fill(theme.SELECTED, self.square_rect(frame.highlight))
        if frame.path:
            # Dotted, so the L reads as a route rather than as a line on the board.
            steps = max(1, int(sum(math.dist(a, b) for a, b in pairwise(frame.path)) * 5))
            for index in range(steps + 1):
                pygame.draw.circle(surface, theme.HINT, self.pixel(along(frame.path, index / steps)), max(2, s // 18))
        size = int(s * 0.9)
        for sprite in frame.sprites:
            blit_piece(surface, assets, sprite.letter, self.pixel((sprite.x, sprite.y)), size, sprite.scale)
            limit = self.rules.capture_limit
            if sprite.left is not None and limit is not None and sprite.scale > 0.6:
                x, y = self.pixel((sprite.x, sprite.y))
                draw_pips(surface, pygame.Rect(round(x - s / 2), round(y - s / 2), s, s), sprite.left, limit)
            elif sprite.letter == "K" and self.rules.king_protected and sprite.scale > 0.05:
                radius = s * 0.15 * sprite.scale * (1 + 0.7 * frame.shield)
                draw_shield(surface, self.pixel((sprite.x + 0.28, sprite.y + 0.25)), radius)
        for (x, y), share in frame.bursts:
            cx, cy = self.pixel((x, y))
            reach = s * (0.35 + 0.45 * share)
            for index in range(8):
                angle = index * math.pi / 4 + 0.4
                point = (cx + math.cos(angle) * reach, cy + math.sin(angle) * reach)
                draw_star(surface, point, s * 0.1 * (1 - share))
        for point, radius, good in frame.badges:
            draw_badge(surface, self.pixel(point), radius * s, good)
        if frame.star > 0:
            cx, cy = self.pixel(self.star_at)
            draw_star(surface, (cx, cy), s * 1.25 * frame.star, turn=0.2 * (1 - frame.star))
            # Rendered once and scaled: a font per popping size would pile up in the font cache.
            if self._one is None or self._one.get_height() != assets.font(int(s * 1.5), True).get_height():
                self._one = assets.font(int(s * 1.5), True).render("1", True, theme.INK)
            one = self._one
            if frame.star != 1:
                width, height = one.get_size()
                one = pygame.transform.smoothscale(
                    one, (max(1, int(width * frame.star)), max(1, int(height * frame.star)))
                )
            surface.blit(one, one.get_rect(center=(round(cx), round(cy + s * 0.12 * frame.star))))


class Diagram:
    """A panel: a caption and one or two little boards."""

    def __init__(self, name: str, words: str, stages: list[Stage], tint: theme.Color = theme.PANEL) -> None:
        self.name = name
        self.words = words
        self.stages = stages
        self.tint = tint
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.caption_rects: list[pygame.Rect] = []
        self.caption_lines: list[tuple[str, int, bool]] = []  # text, size, bold

    @property
    def period(self) -> float:
        return max(stage.period for stage in self.stages)

    @property
    def board_rects(self) -> list[pygame.Rect]:
        return [stage.rect for stage in self.stages]

    def moving_area(self) -> pygame.Rect:
        """Where the boards can change: around them by half a square (a capture's burst of stars
        reaches a third of a square out), inside the panel."""
        boards = self.board_rects[0].unionall(self.board_rects[1:])
        reach = max(stage.square for stage in self.stages)
        return boards.inflate(reach, reach).clip(self.rect)

    def caption(self, assets: Assets, unit: int, width: int) -> list[tuple[str, int, bool]]:
        """The caption's lines, shrunk until each fits `width`."""
        name_size, words_size = max(CHILD_TEXT_SIZE, int(unit * 1.3)), max(CHILD_TEXT_SIZE, int(unit * 1.05))
        while True:
            name_font, words_font = assets.font(name_size, True), assets.font(words_size)
            words = fit_text(self.words, words_font, width)
            widest = max([name_font.size(self.name)[0]] + [words_font.size(line)[0] for line in words])
            if widest <= width or words_size <= CHILD_TEXT_SIZE:
                return [(self.name, name_size, True)] + [(line, words_size, False) for line in words]
            name_size = max(CHILD_TEXT_SIZE, name_size * 9 // 10)
            words_size = max(CHILD_TEXT_SIZE, words_size * 9 // 10)

    def place(self, rect: pygame.Rect, assets: Assets, unit: int, caption_height: int | None) -> None:
        """Caption above the boards in a tall panel, beside them in a wide one.

        `caption_height` lines up the boards of a row of tall panels."""
        self.rect = rect
        pad = max(6, unit // 2)
        inner = rect.inflate(-2 * pad, -2 * pad)
        beside = rect.width >= 1.55 * rect.height
        if beside:
            text_width = inner.width - inner.height - pad
            self.caption_lines = self.caption(assets, unit, text_width)
            height = sum(assets.font(size, bold).get_linesize() for _, size, bold in self.caption_lines)
            top = inner.centery - height // 2
            self._place_caption(pygame.Rect(inner.x, top, text_width, height), assets)
            boards = pygame.Rect(inner.x + text_width + pad, inner.y, inner.width - text_width - pad, inner.height)
        else:
            self.caption_lines = self.caption(assets, unit, inner.width)
            height = caption_height or self.caption_height(assets, unit, inner.width)
            self._place_caption(pygame.Rect(inner.x, inner.y, inner.width, height), assets)
            boards = pygame.Rect(inner.x, inner.y + height + pad // 2, inner.width, inner.height - height - pad // 2)
        self._place_stages(boards)

    def caption_height(self, assets: Assets, unit: int, width: int) -> int:
        return sum(assets.font(size, bold).get_linesize() for _, size, bold in self.caption(assets, unit, width))

    def _place_caption(self, area: pygame.Rect, assets: Assets) -> None:
        self.caption_rects = []
        y = area.y
        for text, size, bold in self.caption_lines:
            font = assets.font(size, bold)
            width, _ = font.size(text)
            self.caption_rects.append(pygame.Rect(area.centerx - width // 2, y, width, font.get_linesize()))
            y += font.get_linesize()

    def _place_stages(self, area: pygame.Rect) -> None:
        # Stacked boards, half a square apart; the frame around each takes a little room too.
        columns = max(stage.columns for stage in self.stages)
        rows = sum(stage.rows for stage in self.stages) + 0.6 * (len(self.stages) - 1)
        square = max(1, int(min((area.width - 4) / columns, (area.height - 4) / rows)))
        height = round(rows * square)
        y = area.centery - height // 2
        for stage in self.stages:
            width = stage.columns * square
            stage.place(pygame.Rect(area.centerx - width // 2, y, width, stage.rows * square))
            y += round((stage.rows + 0.6) * square)

    def render(self, surface: pygame.Surface, assets: Assets, unit: int) -> None:
        pygame.draw.rect(surface, self.tint, self.rect, border_radius=max(6, unit // 2))
        for (text, size, bold), rect in zip(self.caption_lines, self.caption_rects, strict=True):
            draw_text(surface, assets, text, size, rect.topleft, theme.INK if bold else theme.SOFT_INK, bold)
        for stage in self.stages:
            stage.render(surface)

    def frames(self, time: float) -> list[Frame]:
        """What each of the boards shows at `time`."""
        period = self.period
        return [stage.frame(time, period) for stage in self.stages]

    def draw(self, surface: pygame.Surface, assets: Assets, frames: list[Frame]) -> None:
        for stage, frame in zip(self.stages, frames, strict=True):
            stage.draw(surface, assets, frame)


def piece_stage(letter: str, origin: str, targets: tuple[str, ...], size: int, rules: Rules) -> Stage:
    """A board where the piece on `origin` captures a pawn on each target in turn."""
    shots = []
    for target in targets:
        cells = ["."] * SIZE * SIZE
        cells[parse_square(origin, SIZE)], cells[parse_square(target, SIZE)] = letter, "P"
        # A little wait first, so the marks of where it can go are seen before it goes.
        shots.append(Shot.of("".join(cells), f"{origin}x{target}", delay=0.6))
    return Stage(size, size, tuple(shots), rules, markers=(letter, parse_square(origin, SIZE)))


def big_board_diagram(rules: Rules) -> Diagram:
    """The big board's two extra rules: the rook captures twice and is locked (its third try
    is refused), and the King, never captured, is the one left."""
    big = replace(rules, king="protected", capture_limit=BIG_RULES.capture_limit)
    shot = Shot.of("R.P./.K../.PN./....", "a4xc4 c4xc2 c2-b2 b3xb2 b2xc2", ending=True, limit=big.capture_limit)
    return Diagram(
        _(BIG_BOARD),
        _("Two captures each, then locked. The King stays to the end."),
        [Stage(3, 3, (shot,), big, star_at=(1.25, 1.25))],
    )


def make_diagrams(rules: Rules) -> list[Diagram]:
    """The goal, the rule, the six pieces, then the big board's rules."""
    warm = theme.lighter(theme.STAR, 0.8)
    refused = Shot.of("R.../..../..../....", "a4-c4")
    allowed = Shot.of("R.P./..../..../....", "a4xc4", delay=REST + MOVE + REFUSE, tick=True)
    king_acts = "b3xc4 a4-c4" if rules.king_protected else "b3xc4"
    king = Stage(3, 3, (Shot.of("R.P./.K../..../....", king_acts),), rules, markers=("K", parse_square("b3", SIZE)))
    pawn_targets = tuple(square_name(ray[0], SIZE) for ray in PIECES["P"].rays(parse_square("b3", SIZE), rules))
    pawn_words = {"up": _("One step diagonally up"), "down": _("One step diagonally down")}.get(
        rules.pawn, _("One step diagonally")
    )
    return [
        Diagram(
            _("Goal"),
            _("Leave only one piece"),
            [Stage(4, 4, (Shot.of("..Q./..R./N.../.P..", "c4xc3 a2xc3 c3xb1", ending=True),), rules)],
            warm,
        ),
        Diagram(
            _("Rule"),
            _("Every move must capture"),
            [
                Stage(3, 1, (refused,), rules),
                Stage(3, 1, (allowed,), rules),
            ],
            warm,
        ),
        Diagram(_("King"), _("One step. Can't be captured") if rules.king_protected else _("One step"), [king]),
        Diagram(_("Queen"), _("Straight lines and diagonals"), [piece_stage("Q", "b3", ("d1", "d3", "b1"), 4, rules)]),
        Diagram(_("Rook"), _("Straight lines"), [piece_stage("R", "b3", ("d3", "b1", "b4"), 4, rules)]),
        Diagram(_("Bishop"), _("Diagonals"), [piece_stage("B", "b3", ("d1", "c4", "a2"), 4, rules)]),
        Diagram(_("Knight"), _("Jumps in an L"), [piece_stage("N", "b3", ("d4", "c1", "d2", "a1"), 4, rules)]),
        Diagram(_("Pawn"), pawn_words, [piece_stage("P", "b3", pawn_targets, 3, rules)]),
        big_board_diagram(rules),
    ]


# The scene ------------------------------------------------------------------------------


class HelpScene(Scene):
    # The help is often left open on a projector: a gentle 12 frames a second, only the little
    # boards redrawn, and after a minute untouched it rests on a still picture.
    frame_rate = 12
    rest_after = 60.0  # seconds without input

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.diagrams = make_diagrams(app.rules)
        self.play_button = Button(_("Let's play!"), self.close, theme.BUTTON_ACCENT)
        self.buttons = [self.play_button]
        self.time = 0.0
        self.background = pygame.Surface((1, 1))
        self.title_rect = pygame.Rect(0, 0, 0, 0)
        self.keys_rect = pygame.Rect(0, 0, 0, 0)
        self.key_rects: list[pygame.Rect] = []
        self._keys: list[tuple[str, pygame.Rect, int]] = []  # what, where, font size
        self._button_size = 0
        self._clicked = False  # a release only counts after a press made here
        self.untouched = 0.0  # seconds since the last input
        self.shown: dict[int, list[Frame]] = {}  # what each panel's boards show now

    @property
    def animating(self) -> bool:
        return not self.resting

    @property
    def resting(self) -> bool:
        return self.untouched >= self.rest_after

    @property
    def diagram_rects(self) -> list[pygame.Rect]:
        return [diagram.rect for diagram in self.diagrams]

    @property
    def regions(self) -> list[pygame.Rect]:
        """The separate blocks of the screen: title, panels, keys, button."""
        return [self.title_rect, *self.diagram_rects, self.keys_rect, self.play_button.rect]

    def language_changed(self) -> None:
        self.diagrams = make_diagrams(self.app.rules)
        self.shown.clear()
        self.play_button.label = _("Let's play!")

    def enter(self) -> None:
        super().enter()
        if not self.app.store.help_seen:
            self.app.after_first_frame(self.app.store.mark_help_seen)
        # The captions, read aloud in the order they are shown, for children who cannot read yet.
        self.app.read_aloud.say("\n".join(f"{diagram.name}. {diagram.words}" for diagram in self.diagrams))

    def close(self) -> None:
        if self.app.scenes and self.app.scene is self:
            self.app.back_to_menu()

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.resting:
            self.dirty = True
        self.untouched = 0.0
        if event.type == pygame.KEYDOWN:
            if event.key not in MODIFIER_KEYS:
                self.close()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in CLICK_BUTTONS:
            self._clicked = True
            self.play_button.pressed = self.play_button.rect.collidepoint(event.pos)
            self.dirty = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button in CLICK_BUTTONS and self._clicked:
            # Closing on the release, so the scene below never gets half a click.
            self._clicked = False
            self.play_button.pressed = False
            self.close()

    def update(self, dt: float) -> None:
        if self.resting:
            return
        self.time += dt
        self.untouched += dt
        if self.resting:
            self.time = APPEAR  # the still picture: every piece in place, before the first move
            self.dirty = True

    # Layout ------------------------------------------------------------------------------

    def resize(self, layout: Layout) -> None:
        super().resize(layout)
        assets, unit, margin = self.app.assets, layout.unit, layout.margin
        gap = max(6, unit // 2)
        area = layout.screen.inflate(-2 * margin, -2 * margin)

        title_font = assets.font(layout.text(2.2), bold=True)
        self.title_rect = pygame.Rect(area.topleft, title_font.size(_(TITLE)))

        self._button_size = layout.text(1.4)
        label_width, label_height = assets.font(self._button_size, True).size(self.play_button.label)
        button = pygame.Rect(0, 0, label_width + 3 * unit, max(label_height * 2, int(unit * 2.6)))
        strip = self._place_strip(area, button, gap, unit)

        panels = pygame.Rect(
            area.x, self.title_rect.bottom + gap, area.width, strip.top - gap - self.title_rect.bottom - gap
        )
        self._place_panels(panels, layout.landscape, gap, unit)
        self._render_background(layout)

    def _place_strip(self, area: pygame.Rect, button: pygame.Rect, gap: int, unit: int) -> pygame.Rect:
        """The keys and the button along the bottom: side by side if that is lower, else stacked."""
        side_width = area.width - button.width - 2 * gap
        side = self._flow_keys(side_width, unit)
        stacked = self._flow_keys(area.width, unit)
        side_height = max(button.height, side[1])
        if side_width > 0 and side_height <= stacked[1] + gap + button.height:
            keys, height = side
            strip = pygame.Rect(area.x, area.bottom - side_height, area.width, side_height)
            button.bottomright = strip.bottomright
            self.keys_rect = pygame.Rect(area.x, strip.centery - height // 2, side_width, height)
        else:
            keys, height = stacked
            strip = pygame.Rect(
                area.x, area.bottom - height - gap - button.height, area.width, height + gap + button.height
            )
            button.midbottom = strip.midbottom
            self.keys_rect = pygame.Rect(area.x, strip.y, area.width, height)
        self.play_button.rect = button
        self._keys = [(what, rect.move(self.keys_rect.topleft), size) for what, rect, size in keys]
        self.key_rects = [rect for what, rect, _ in self._keys if what.startswith("item")]
        return strip

    def _flow_keys(self, width: int, unit: int) -> tuple[list[tuple[str, pygame.Rect, int]], int]:
        """Keycaps and words wrapped into `width`, at the largest size that lets each item fit."""
        size = max(MIN_TEXT_PX, int(unit * 0.85))
        while True:
            cap_font, word_font = self.app.assets.font(size, True), self.app.assets.font(size)
            cap_height = int(cap_font.get_linesize() * 1.4)
            pad = max(3, size // 3)
            line = cap_height + size // 2
            placed: list[tuple[str, pygame.Rect, int]] = []
            x = y = 0
            fits = True
            for caps, key_word in KEYS:
                word = _(key_word)
                widths = [
                    cap_height * 3 if cap == ARROWS else max(cap_height, cap_font.size(cap)[0] + 2 * pad)
                    for cap in caps
                ]
                word_width = word_font.size(word)[0]
                item_width = sum(widths) + pad * len(caps) + word_width
                if item_width > width:
                    fits = False
                if x and x + item_width > width:
                    x, y = 0, y + line
                placed.append((f"item:{word}", pygame.Rect(x, y, item_width, cap_height), size))
                for cap, cap_width in zip(caps, widths, strict=True):
                    placed.append((f"cap:{cap}", pygame.Rect(x, y, cap_width, cap_height), size))
                    x += cap_width + pad
                placed.append((f"word:{word}", pygame.Rect(x, y, word_width, cap_height), size))
                x += word_width + size * 2
            if fits or size <= MIN_TEXT_PX:
                return placed, y + cap_height
            size = max(MIN_TEXT_PX, size * 9 // 10)

    def _place_panels(self, area: pygame.Rect, landscape: bool, gap: int, unit: int) -> None:
        """Goal and rule first, apart from the six pieces, and the big board's rules last: in a
        wide window a column on the left and one on the right, in a tall one a row on top."""
        apart = gap * 2
        if landscape:
            width = (area.width - 2 * apart - 2 * gap) // 5
            height = (area.height - gap) // 2
            rules = [pygame.Rect(area.x, area.y + row * (height + gap), width, height) for row in range(2)]
            rules.append(pygame.Rect(area.right - width, area.y, width, area.height))
            pieces = pygame.Rect(area.x + width + apart, area.y, area.width - 2 * (width + apart), area.height)
            columns, rows = 3, 2
        else:
            height = (area.height - apart - 2 * gap) // 4
            width = (area.width - 2 * gap) // 3
            rules = [pygame.Rect(area.x + column * (width + gap), area.y, width, height) for column in range(3)]
            pieces = pygame.Rect(area.x, area.y + height + apart, area.width, area.bottom - area.y - height - apart)
            columns, rows = 2, 3
        cell_width = (pieces.width - gap * (columns - 1)) // columns
        cell_height = (pieces.height - gap * (rows - 1)) // rows
        cells = rules[:2] + [
            pygame.Rect(pieces.x + c * (cell_width + gap), pieces.y + r * (cell_height + gap), cell_width, cell_height)
            for r in range(rows)
            for c in range(columns)
        ]
        cells.append(rules[2])
        pad = max(6, unit // 2)
        # The boards of the rule and piece panels line up; the big board's panel stands apart.
        lined_up = list(zip(self.diagrams, cells, strict=True))[:-1]
        caption_height = max(
            diagram.caption_height(self.app.assets, unit, cell.width - 2 * pad) for diagram, cell in lined_up
        )
        for diagram, cell in lined_up:
            diagram.place(cell, self.app.assets, unit, caption_height)
        self.diagrams[-1].place(cells[-1], self.app.assets, unit, None)

    def _render_background(self, layout: Layout) -> None:
        assets, unit = self.app.assets, layout.unit
        self.background = pygame.Surface(layout.screen.size).convert()
        self.background.fill(theme.BACKGROUND)
        draw_text(self.background, assets, _(TITLE), layout.text(2.2), self.title_rect.topleft, theme.INK, bold=True)
        for diagram in self.diagrams:
            diagram.render(self.background, assets, unit)
        for what, rect, size in self._keys:
            kind, _colon, text = what.partition(":")
            if kind == "cap":
                self._render_keycap(self.background, text, rect, size)
            elif kind == "word":
                draw_text(self.background, assets, text, size, rect.midleft, theme.INK, anchor="midleft")

    def _render_keycap(self, surface: pygame.Surface, text: str, rect: pygame.Rect, size: int) -> None:
        radius = max(3, rect.height // 5)
        depth = max(2, rect.height // 10)
        face = rect.inflate(0, -depth).move(0, -depth // 2)
        pygame.draw.rect(surface, theme.SOFT_INK, rect, border_radius=radius)
        pygame.draw.rect(surface, theme.WHITE, face, border_radius=radius)
        if text != ARROWS:
            draw_text(surface, self.app.assets, text, size, face.center, theme.INK, bold=True, anchor="center")
            return
        # Left, up, down, right, like the arrow keys on a keyboard.
        step = face.width / 4
        half = face.height * 0.22
        for index, (dx, dy) in enumerate(((-1, 0), (0, -1), (0, 1), (1, 0))):
            cx, cy = face.x + step * (index + 0.5), face.centery
            tip = (cx + dx * half, cy + dy * half)
            back = (cx - dx * half, cy - dy * half)
            wing = (-dy * half, dx * half)
            pygame.draw.polygon(
                surface,
                theme.INK,
                [tip, (back[0] + wing[0], back[1] + wing[1]), (back[0] - wing[0], back[1] - wing[1])],
            )

    # Drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        # Between full redraws only the little boards change: the rest of the screen stays.
        whole = self.dirty
        if whole:
            surface.blit(self.background, (0, 0))
        else:
            self.changed_areas = []
        for index, diagram in enumerate(self.diagrams):
            # Staggered, so the panels do not all move in step; at rest, all show the start.
            frames = diagram.frames(self.time + (0 if self.resting else index * 0.37))
            if not whole and frames == self.shown.get(index):
                continue  # a board holding still (before a move, after a capture) costs nothing
            self.shown[index] = frames
            area = diagram.moving_area()
            if self.changed_areas is not None:
                surface.blit(self.background, area, area)
                self.changed_areas.append(area)
            surface.set_clip(area)
            diagram.draw(surface, self.app.assets, frames)
            surface.set_clip(None)
        if whole:
            self.play_button.draw(surface, self.app.assets, self._button_size)
