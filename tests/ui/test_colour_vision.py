"""The board's marks as a colour-blind child sees them: every mark (the chosen piece, what it can
capture, a hint, a refused try, the keyboard cursor, where the last move went, the big board's
badges, the victory's stars) is drawn with pygame and looked at through simulated protanopia,
deuteranopia and tritanopia (Machado, Oliveira and Fernandes 2009, severity 1.0, applied in
linear RGB), in greyscale (a grey screen or a washed-out projector), and through ordinary eyes,
in the standard and the high-contrast look.

Each mark must stand out from the squares under it: enough of its pixels differ from the
square by a colour difference (CIE76 ΔE in CIELAB) anyone sees. Each pair of marks, drawn on the
same square, must differ in shape (the pixels each covers), colour never being the only sign, and
look different on enough of the square in every simulation. Then the same is checked on the real
scenes (the board, the big board, a school stage, the victory), drawn with the mark and without
it. Each mark's body, not only a rim, is at 3:1 (WCAG 2.2 1.4.11, its relative-luminance contrast
ratio) or more against the square under it, in every look and sight. A look switched on and off
again leaves nothing of itself. SOLOCHESS_VISION_SHOTS=<folder> saves each scene as seen in each
simulation, to look at."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path

import pygame
import pytest
from events import article_collection
from layout_scenes import BEGINNERS, board, board_hint, board_wrong, school_stage, victory

from game.rules.squares import parse_square
from game.ui.app import App
from game.ui.core import theme
from game.ui.core.board_marks import (
    cursor_mark,
    hint_mark,
    last_move_marks,
    refusal_mark,
    selection_mark,
    target_mark,
)
from game.ui.core.capture_pips import draw_pips
from game.ui.core.drawing import draw_empty_star, draw_star

Matrix = tuple[tuple[float, float, float], ...]
Color = tuple[int, int, int]

# The layout test's puzzles: the first Beginner, where a2's knight is refused b1.
pytestmark = pytest.mark.app(collection=article_collection(BEGINNERS))

VISIONS: dict[str, Matrix] = {
    "ordinary": ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)),
    # A greyscale screen, or a washed-out projector: each colour as its WCAG relative luminance.
    "greyscale": ((0.2126, 0.7152, 0.0722), (0.2126, 0.7152, 0.0722), (0.2126, 0.7152, 0.0722)),
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
SEEN = 20.0  # ΔE76: a difference a child sees at a glance (2.3 is "just noticeable")
SEEN_PX = 144  # a mark shows at least this many pixels that stand out: a 12x12 px blob, an eighth of a square
PAIR_SHARE = 0.03  # the share of a square where two marks must look different (a 12 px blob)
SAME_SHAPE = 0.5  # a filled star and an outline overlap less than this (intersection over union)
SQUARE = 72  # px: a 4x4 board's square at 800x600


# Colour science ------------------------------------------------------------------------------


def _linear(value: int) -> float:
    v = value / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _encoded(value: float) -> int:
    v = min(1.0, max(0.0, value))
    v = v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
    return round(v * 255)


@cache
def seen(color: Color, vision: str) -> Color:
    """`color` as an eye with `vision` sees it."""
    linear = [_linear(channel) for channel in color]
    matrix = VISIONS[vision]
    return (
        _encoded(sum(m * c for m, c in zip(matrix[0], linear, strict=True))),
        _encoded(sum(m * c for m, c in zip(matrix[1], linear, strict=True))),
        _encoded(sum(m * c for m, c in zip(matrix[2], linear, strict=True))),
    )


@cache
def lab(color: Color) -> tuple[float, float, float]:
    r, g, b = (_linear(channel) for channel in color)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


@cache
def delta_e(first: Color, second: Color) -> float:
    return float(sum((a - b) ** 2 for a, b in zip(lab(first), lab(second), strict=True)) ** 0.5)


def pixels(surface: pygame.Surface, area: pygame.Rect) -> dict[tuple[int, int], Color]:
    """Every pixel of `area`, by place."""
    area = area.clip(surface.get_rect())
    data = pygame.image.tobytes(surface.subsurface(area), "RGB")
    places = ((x, y) for y in range(area.y, area.bottom) for x in range(area.x, area.right))
    return dict(zip(places, zip(data[0::3], data[1::3], data[2::3], strict=True), strict=True))


def simulated(surface: pygame.Surface, vision: str) -> pygame.Surface:
    """The whole surface as seen with `vision` (for the pictures saved to look at)."""
    size = surface.get_size()
    data = pygame.image.tobytes(surface, "RGB")
    out = bytearray(len(data))
    for i in range(0, len(data), 3):
        out[i : i + 3] = bytes(seen((data[i], data[i + 1], data[i + 2]), vision))
    return pygame.image.frombytes(bytes(out), size, "RGB")


def save_shots(name: str, surface: pygame.Surface) -> None:
    folder = os.environ.get("SOLOCHESS_VISION_SHOTS")
    if not folder:
        return
    Path(folder).mkdir(parents=True, exist_ok=True)
    slug = name.replace(" ", "-").replace(",", "")
    for vision in VISIONS:
        pygame.image.save(simulated(surface, vision), str(Path(folder) / f"{slug}-{vision}.png"))


# The marks, one by one ------------------------------------------------------------------------

Draw = Callable[[pygame.Surface, pygame.Rect], object]


def _last_move(surface: pygame.Surface, rect: pygame.Rect) -> None:
    last_move_marks(surface, rect.move(-4 * rect.width, 0), rect)


def _last_left(surface: pygame.Surface, rect: pygame.Rect) -> None:
    last_move_marks(surface, rect, rect.move(-4 * rect.width, 0))


def _refusal(surface: pygame.Surface, rect: pygame.Rect) -> None:
    refusal_mark(surface, rect.inflate(-rect.width // 3, -rect.height // 3), max(4, rect.width // 10))


def marks() -> dict[str, Draw]:
    """Every mark the board draws on a square, as the board draws it (read now: the look may
    have changed)."""
    return {
        "the chosen piece": lambda s, r: selection_mark(s, r, max(4, r.width // 16)),
        "a capture it can make": lambda s, r: target_mark(s, r, theme.TARGET),
        "a hint: this piece": lambda s, r: hint_mark(s, r, 0.5, target=False),
        "a hint: capture this": lambda s, r: hint_mark(s, r, 0.5, target=True),
        "a refused try": _refusal,
        "the keyboard cursor": cursor_mark,
        "where the last move went": _last_move,
        "where the last move left": _last_left,
        "a badge: two captures left": lambda s, r: draw_pips(s, r, 2, 2),
        "a badge: one capture left": lambda s, r: draw_pips(s, r, 1, 2),
        "a badge: a padlock": lambda s, r: draw_pips(s, r, 0, 2),
    }


def stars() -> dict[str, Draw]:
    """The victory's stars, on the victory's background."""
    return {
        "an earned star": lambda s, r: draw_star(s, r.center, r.width * 0.42),
        "a star not earned": lambda s, r: draw_empty_star(s, r.center, r.width * 0.42),
    }


def drawn(draw: Draw, ground: Color) -> dict[tuple[int, int], Color]:
    """The pixels a mark changes on a square of colour `ground`."""
    return changed(rendered(draw, ground), ground)


def changed(image: dict[tuple[int, int], Color], ground: Color) -> dict[tuple[int, int], Color]:
    """The pixels of a square's `image` that are not its `ground`."""
    return {place: color for place, color in image.items() if color != ground}


def standing_out(mark: dict[tuple[int, int], Color], ground: Color, vision: str) -> int:
    """How many of the mark's pixels stand out from `ground`."""
    under = seen(ground, vision)
    return sum(delta_e(seen(color, vision), under) >= SEEN for color in mark.values())


def rendered(draw: Draw, ground: Color) -> dict[tuple[int, int], Color]:
    surface = pygame.Surface((SQUARE, SQUARE))
    surface.fill(ground)
    draw(surface, surface.get_rect())
    return pixels(surface, surface.get_rect())


def apart(first: dict[tuple[int, int], Color], second: dict[tuple[int, int], Color], vision: str) -> float:
    """The share of a square where two marks, drawn on the same square, look different with
    `vision`: a different shape shows in pixels one has and the other not, a different colour
    in pixels both have. Two marks told apart by hue alone look the same with some vision."""
    return share_apart(colour_pairs(first, second), vision)


def colour_pairs(
    first: dict[tuple[int, int], Color], second: dict[tuple[int, int], Color]
) -> Counter[tuple[Color, Color]]:
    """How many places show each pair of colours: each pair is then looked at once, however many
    of a square's pixels show it."""
    return Counter((first[place], second[place]) for place in first)


def share_apart(pairs: Counter[tuple[Color, Color]], vision: str) -> float:
    differing = sum(count for (a, b), count in pairs.items() if delta_e(seen(a, vision), seen(b, vision)) >= SEEN)
    return differing / pairs.total()


def problems(drawings: dict[str, Draw], grounds: dict[str, Color]) -> tuple[list[str], list[str]]:
    """What fails, and the figures: each mark against each ground, and each pair of marks."""
    failures, figures = [], []
    # Each mark drawn once on each ground: the whole square, and the pixels it changed.
    images = {(name, ground): rendered(draw, ground) for name, draw in drawings.items() for ground in grounds.values()}
    changes = {key: changed(image, key[1]) for key, image in images.items()}
    for name in drawings:
        for ground_name, ground in grounds.items():
            mark = changes[name, ground]
            for vision in VISIONS:
                count = standing_out(mark, ground, vision)
                figures.append(f"{name} on {ground_name}, {vision}: {count} px stand out")
                if count < SEEN_PX:
                    failures.append(f"{name} on {ground_name} hardly shows with {vision}: {count} px stand out")
    names = list(drawings)
    for ground_name, ground in grounds.items():
        masks = {name: changes[name, ground].keys() for name in drawings}
        for index, first in enumerate(names):
            for second in names[index + 1 :]:
                shape = len(masks[first] ^ masks[second]) / SQUARE**2
                figures.append(f"{first} / {second} on {ground_name}: shapes differ on {shape:.0%}")
                if shape < PAIR_SHARE:
                    failures.append(f"{first} and {second} on {ground_name} have one shape: told apart by colour alone")
        for index, first in enumerate(names):
            for second in names[index + 1 :]:
                pairs = colour_pairs(images[first, ground], images[second, ground])
                shares = {vision: share_apart(pairs, vision) for vision in VISIONS}
                least = min(shares, key=shares.__getitem__)
                figures.append(f"{first} / {second} on {ground_name}: {shares[least]:.0%} differs ({least})")
                if shares[least] < PAIR_SHARE:
                    failures.append(
                        f"{first} and {second} on {ground_name} look alike with {least}: "
                        f"only {shares[least]:.1%} of the square differs"
                    )
    return failures, figures


def squares() -> dict[str, Color]:
    return {"a light square": theme.LIGHT_SQUARE, "a dark square": theme.DARK_SQUARE}


@pytest.fixture(params=["standard", "high contrast"])
def look(request: pytest.FixtureRequest) -> Iterator[str]:
    theme.use(request.param == "high contrast")
    yield request.param
    theme.use(False)


def test_every_mark_stands_out_and_no_two_are_told_apart_by_hue_alone(look: str) -> None:
    pygame.init()
    failures, figures = problems(marks(), squares())
    print(f"{look}:\n" + "\n".join(figures))
    assert not failures, "\n".join(failures)


def test_the_stars_earned_and_not_are_told_apart_without_colour(look: str) -> None:
    pygame.init()
    failures, figures = problems(stars(), {"the background": theme.BACKGROUND, "a white card": theme.WHITE})
    print(f"{look}:\n" + "\n".join(figures))
    assert not failures, "\n".join(failures)
    earned, empty = (drawn(draw, theme.BACKGROUND) for draw in stars().values())
    both, either = earned.keys() & empty.keys(), earned.keys() | empty.keys()
    assert len(both) / len(either) < SAME_SHAPE, "a filled star and an outline"


# The check itself ---------------------------------------------------------------------------------


# Contrast: WCAG 2.2 1.4.11, 3:1 against what lies under a mark ------------------------------

CONTRASTED = 0.5  # the share of a mark's pixels at 3:1 or more against its square: its body, not a rim


def contrast_figures(draw: Draw, ground: Color) -> dict[str, tuple[float, int]]:
    """For each vision, the share of the mark's pixels at `theme.MARK` (3:1) or more against
    the square under it, and how many they are."""
    mark = drawn(draw, ground)
    colours = Counter(mark.values())
    figures = {}
    for vision in VISIONS:
        under = seen(ground, vision)
        strong = sum(n for color, n in colours.items() if theme.contrast(seen(color, vision), under) >= theme.MARK)
        figures[vision] = (strong / max(1, len(mark)), strong)
    return figures


def contrast_problems(drawings: dict[str, Draw]) -> tuple[list[str], list[str]]:
    failures, figures = [], []
    for name, draw in drawings.items():
        for ground_name, ground in squares().items():
            for vision, (share, count) in contrast_figures(draw, ground).items():
                figures.append(f"{name} on {ground_name}, {vision}: {share:.0%} at 3:1 ({count} px)")
                if share < CONTRASTED or count < SEEN_PX:
                    where = f"{name} on {ground_name}, {vision}"
                    failures.append(f"{where}: only {share:.0%} of it ({count} px) at 3:1 against the square")
    return failures, figures


def test_the_chosen_piece_and_the_cross_hold_three_to_one_against_either_square(look: str) -> None:
    """In ordinary sight, greyscale and the three simulations, the body of the chosen piece's
    mark and of a refused try's cross stands at 3:1 or more against the square under it: a
    colour like the square's (a yellow fill on a light square, a red near a tan one) with only
    a thin rim that carries it does not count."""
    pygame.init()
    every = marks()
    failures, figures = contrast_problems({name: every[name] for name in ("the chosen piece", "a refused try")})
    print(f"{look}:\n" + "\n".join(figures))
    assert not failures, "\n".join(failures)


def test_every_mark_holds_three_to_one_against_what_lies_under_it(look: str) -> None:
    """The same for every other mark on a square; the padlock lies on its white badge, not on
    the square: the lock against white, and the badge's ink edge against the square."""
    pygame.init()
    on_squares = {name: draw for name, draw in marks().items() if name != "a badge: a padlock"}
    failures, figures = contrast_problems(on_squares)
    print(f"{look}:\n" + "\n".join(figures))
    for vision in VISIONS:
        lock = theme.contrast(seen(theme.LOCK, vision), seen(theme.WHITE, vision))
        edges = [theme.contrast(seen(theme.INK, vision), seen(ground, vision)) for ground in squares().values()]
        if min(lock, *edges) < theme.MARK:
            failures.append(f"the padlock's badge with {vision}: lock {lock:.1f}:1, edges {edges}")
    assert not failures, "\n".join(failures)


def test_the_check_fails_main_s_yellow_fill_and_its_red_cross(monkeypatch: pytest.MonkeyPatch) -> None:
    """Before this change the chosen piece was a yellow fill in an ink frame, and the cross
    a red that is 3.2:1 against a dark square (2.8:1 with deuteranopia)."""
    pygame.init()

    def filled(surface: pygame.Surface, rect: pygame.Rect) -> None:
        width = max(4, rect.width // 16)
        frame = rect.inflate(-width, -width)
        pygame.draw.rect(surface, theme.INK, frame, width * 2 + 2)
        pygame.draw.rect(surface, (255, 200, 0), frame.inflate(-2, -2), width * 2 - 2)

    monkeypatch.setattr(theme, "WRONG", (185, 28, 28))
    failures, _ = contrast_problems({"a yellow fill": filled, "a red cross": _refusal})
    assert any("a yellow fill on a light square, greyscale" in failure for failure in failures), failures
    assert any("a red cross on a dark square, deuteranopia" in failure for failure in failures), failures


def test_the_check_fails_two_marks_told_apart_by_hue_alone() -> None:
    """A capture mark in a red that a deuteranope sees as the capture's green: same shape, and
    a colour that differs for ordinary eyes only."""
    pygame.init()
    green = theme.TARGET
    twin = min(
        (
            (r, g, b)
            for r in range(0, 256, 8)
            for g in range(0, 256, 8)
            for b in range(0, 256, 8)
            if delta_e((r, g, b), green) > 40
        ),
        key=lambda color: delta_e(seen(color, "deuteranopia"), seen(green, "deuteranopia")),
    )
    assert twin[0] > twin[1], f"a red: {twin}"
    drawings: dict[str, Draw] = {
        "a capture": lambda s, r: target_mark(s, r, green),
        "its red twin": lambda s, r: target_mark(s, r, twin),
    }
    failures, _ = problems(drawings, squares())
    assert any("its red twin" in failure and "look alike" in failure for failure in failures), failures
    assert any("its red twin" in failure and "one shape" in failure for failure in failures), failures
    first, second = (rendered(draw, theme.LIGHT_SQUARE) for draw in drawings.values())
    assert apart(first, second, "ordinary") >= PAIR_SHARE, "for ordinary eyes they differ"
    assert apart(first, second, "deuteranopia") < PAIR_SHARE


def test_the_check_fails_a_mark_the_colour_of_its_square(monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.init()
    monkeypatch.setattr(theme, "MARK_EDGE", theme.LIGHT_SQUARE)
    faint = theme.lighter(theme.LIGHT_SQUARE, 0.1)
    drawings: dict[str, Draw] = {"a faint capture": lambda s, r: target_mark(s, r, faint)}
    failures, _ = problems(drawings, {"a light square": theme.LIGHT_SQUARE})
    assert len(failures) == len(VISIONS), failures


# The scenes ------------------------------------------------------------------------------------


@pytest.fixture(params=["standard", "high contrast"])
def app_look(app: App, request: pytest.FixtureRequest) -> Iterator[str]:
    """The scene in the look chosen in the settings, as a child or the teacher would switch it."""
    app.store.set_setting("high_contrast", request.param == "high contrast")
    yield request.param
    theme.use(False)


def render(app: App) -> pygame.Surface:
    surface = pygame.Surface(app.layout.screen.size)
    app.scene.dirty = True
    app.scene.draw(surface)
    return surface


def stands_out_on_screen(
    name: str, app: App, show: Callable[[], None], hide: Callable[[], None], areas: list[pygame.Rect]
) -> list[str]:
    """The scene drawn with a mark and without it: in each area, enough of the pixels the mark
    changed stand out, in every simulation, from what was there without it."""
    show()
    marked = render(app)
    save_shots(f"{name}, {'high contrast' if theme.high_contrast() else 'standard'}", marked)
    hide()
    plain = render(app)
    show()
    failures = []
    for area in areas:
        before, after = pixels(plain, area), pixels(marked, area)
        changed = [(before[place], after[place]) for place in after if after[place] != before[place]]
        for vision in VISIONS:
            out = sum(delta_e(seen(was, vision), seen(now, vision)) >= SEEN for was, now in changed)
            print(f"{name}, {vision}, {tuple(area)}: {out} px stand out")
            if out < SEEN_PX:
                failures.append(f"{name}: with {vision}, only {out} px of {area} stand out")
    return failures


@pytest.mark.app(size=(800, 600))
def test_the_chosen_piece_its_captures_and_the_cursor_stand_out_in_every_simulation(app: App, app_look: str) -> None:
    from game.ui.board.board import BoardScene

    scene = board(app)
    app.push(scene)
    assert isinstance(scene, BoardScene)
    app.step([], 0.016)
    session = scene.session
    origin = next(square for square in session.position.occupied() if session.targets(square))
    square = scene.pieces.geometry.square_rect
    failures = stands_out_on_screen(
        "board, a piece chosen",
        app,
        lambda: setattr(session, "selected", origin),
        lambda: setattr(session, "selected", None),
        [square(origin), *(square(target) for target in session.targets(origin))],
    )
    session.selected = None
    failures += stands_out_on_screen(
        "board, the keyboard cursor",
        app,
        lambda: setattr(session, "cursor", parse_square("d1", 4)),
        lambda: setattr(session, "cursor", None),
        [square(parse_square("d1", 4))],
    )
    assert not failures, "\n".join(failures)


@pytest.mark.app(size=(800, 600))
def test_a_hint_stands_out_in_every_simulation(app: App, app_look: str) -> None:
    from game.play.flows import HintStage
    from game.ui.board.board import BoardScene

    hinted = board_hint(app)
    assert isinstance(hinted, BoardScene)
    hinting, geometry = hinted.session.hinting, hinted.pieces.geometry
    move = hinting.move
    assert move is not None
    failures = stands_out_on_screen(
        "board, a hint",
        app,
        lambda: setattr(hinting, "stage", HintStage.PIECE),
        lambda: setattr(hinting, "stage", HintStage.NONE),
        [geometry.square_rect(move.origin)],
    )
    failures += stands_out_on_screen(
        "board, a hint's capture",
        app,
        lambda: setattr(hinting, "stage", HintStage.TARGET),
        lambda: setattr(hinting, "stage", HintStage.NONE),
        [geometry.square_rect(move.target)],
    )
    assert not failures, "\n".join(failures)


@pytest.mark.app(size=(800, 600))
def test_a_refused_try_stands_out_in_every_simulation(app: App, app_look: str) -> None:
    from game.ui.board.board import BoardScene
    from game.ui.board.board_flows import Flash

    wrong = board_wrong(app)
    assert isinstance(wrong, BoardScene)
    # The cross as a refused capture leaves it, on a piece (the layout's wrong move is an empty square).
    flash = wrong.flash or Flash(next(iter(wrong.session.position.occupied())))
    failures = stands_out_on_screen(
        "board, a refused try",
        app,
        lambda: setattr(wrong, "flash", flash),
        lambda: setattr(wrong, "flash", None),
        [wrong.pieces.geometry.square_rect(flash.square)],
    )
    assert not failures, "\n".join(failures)


@pytest.mark.app(size=(800, 600))
def test_the_big_boards_badges_stand_out_in_every_simulation(
    app: App, app_look: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from events import big_board_scene

    from game.ui.board import board_view
    from game.ui.board.board import BoardScene

    scene = big_board_scene(app)
    app.push(scene)
    assert isinstance(scene, BoardScene)
    app.step([], 0.016)
    real = board_view.draw_all_pips  # type: ignore[attr-defined]
    occupied = list(scene.session.position.occupied())
    failures = stands_out_on_screen(
        "big board, the badges",
        app,
        lambda: monkeypatch.setattr(board_view, "draw_all_pips", real),
        lambda: monkeypatch.setattr(board_view, "draw_all_pips", lambda *args: None),
        [scene.pieces.geometry.square_rect(square) for square in occupied],
    )
    assert occupied and not failures, "\n".join(failures)


@pytest.mark.app(size=(800, 600))
def test_a_school_stages_wrong_path_stands_out_in_every_simulation(app: App, app_look: str) -> None:
    from game.ui.board.school_stage import SchoolStageScene

    scene = school_stage(app, "school-rook-3", wrong=True)
    app.step([], 0.016)  # a frame: the look chosen is taken up
    assert isinstance(scene, SchoolStageScene) and scene.wrong_path is not None
    scene.intro.elapsed = scene.intro.length
    path = scene.wrong_path
    flash = scene.flash
    squares_marked = [*(path.path or ()), *([path.blocker] if path.blocker is not None else [])]
    assert squares_marked, "the rook's way is marked"

    def show() -> None:
        scene.wrong_path, scene.flash = path, flash

    def hide() -> None:
        scene.wrong_path, scene.flash = None, None

    failures = stands_out_on_screen(
        "school stage, a wrong try", app, show, hide, [scene.pieces.geometry.square_rect(s) for s in squares_marked]
    )
    assert not failures, "\n".join(failures)


@pytest.mark.app(size=(800, 600))
def test_the_victorys_stars_stand_out_in_every_simulation(
    app: App, app_look: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.ui.victory import victory as victory_module

    scene = victory(app)
    app.push(scene)
    for _ in range(12):
        app.step([], 0.25)  # the stars have landed
    rect = getattr(scene, "stars_rect", None)
    assert isinstance(rect, pygame.Rect) and rect.width
    real = victory_module.draw_stars  # type: ignore[attr-defined]
    failures = stands_out_on_screen(
        "victory, the stars",
        app,
        lambda: monkeypatch.setattr(victory_module, "draw_stars", real),
        lambda: monkeypatch.setattr(victory_module, "draw_stars", lambda *args: None),
        [rect],
    )
    assert not failures, "\n".join(failures)


def test_the_check_fails_main_s_old_stars_one_shape_in_two_colours() -> None:
    """Before this change a star not earned was the earned star's shape in grey."""
    pygame.init()
    grey = theme.lighter(theme.BUTTON_DISABLED, 0.2)
    drawings: dict[str, Draw] = {
        "an earned star": lambda s, r: draw_star(s, r.center, r.width * 0.42),
        "a grey star": lambda s, r: draw_star(s, r.center, r.width * 0.42, grey),
    }
    failures, _ = problems(drawings, {"the background": theme.BACKGROUND})
    assert any("one shape" in failure for failure in failures), failures


# The look switched back ---------------------------------------------------------------------------


def shown(app: App) -> bytes:
    """The window as the app draws it (its layers and pictures kept between frames, as in play)."""
    app.scene.dirty = True
    app.step([], 0.0)
    return pygame.image.tobytes(app.screen, "RGB")


@pytest.mark.app(size=(800, 600))
@pytest.mark.parametrize("first", [True, False], ids=["high contrast first", "standard first"])
@pytest.mark.parametrize("name", ["board", "board, a wrong move", "big board", "victory", "school stage"])
def test_the_look_switches_whole(app: App, name: str, first: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """A scene seen in one look, then switched to the other, shows what the other look draws
    afresh, to the pixel: nothing kept from the first look stays (the victory's settled stars,
    drawn once and laid again, kept high contrast's black rims after it was switched off)."""
    from layout_scenes import SCENES

    from game.ui.victory import victory_drawing

    monkeypatch.setattr(victory_drawing, "_SETTLED", {})  # no picture kept from another test
    app.store.set_setting("high_contrast", first)
    scene = SCENES[name](app)
    if not app.scenes or app.scene is not scene:
        app.push(scene)
    for _ in range(12):
        app.step([], 0.25)  # the victory's stars have landed and stand still
    try:
        before = shown(app)
        app.store.set_setting("high_contrast", not first)
        switched = shown(app)
        monkeypatch.setattr(victory_drawing, "_SETTLED", {})
        app.resized()
        afresh = shown(app)
    finally:
        theme.use(False)
    assert switched != before, "the looks differ"
    changed = 0 if afresh == switched else sum(a != b for a, b in zip(switched, afresh, strict=True))
    assert not changed, f"{name}: {changed} colour values differ from the look drawn afresh"
