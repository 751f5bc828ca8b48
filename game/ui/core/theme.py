"""Colours and proportions shared by every scene. High contrast, for projectors.

Every colour pair the scenes draw is listed below (`TEXT_PAIRS`, `MARK_PAIRS`) with the WCAG 2.2
AA contrast it must reach; tests/test_theme.py computes each ratio. One colour, one meaning: the
level colours (the four levels, the big board and Our puzzles) are used for nothing else, and
each button colour says one thing.
"""

from __future__ import annotations

from typing import NamedTuple

Color = tuple[int, int, int]

BACKGROUND: Color = (246, 241, 230)
PANEL: Color = (234, 226, 210)
INK: Color = (38, 40, 60)
SOFT_INK: Color = (84, 86, 106)
LIGHT_SQUARE: Color = (240, 220, 186)
DARK_SQUARE: Color = (212, 176, 132)
BOARD_EDGE: Color = (92, 64, 44)
SELECTED: Color = (255, 200, 0)  # the band between the chosen piece's ink bands, which carry its contrast
TARGET: Color = (22, 101, 52)  # "you can capture this" and "well done"
WRONG: Color = (160, 20, 20)  # "no" and errors; 3:1 on a dark square in every sight the tests simulate
HINT: Color = (30, 64, 175)  # the hint's marks and words
CURSOR: Color = (30, 64, 175)  # the keyboard cursor, drawn as corner brackets as well as in colour
LAST_MOVE: Color = (80, 40, 140)  # deep purple: where the last move came from and went
WHITE: Color = (255, 255, 255)

BUTTON: Color = (37, 87, 190)  # an everyday action
BUTTON_ACCENT: Color = (21, 128, 61)  # go on: play, continue, OK
BUTTON_WARM: Color = (194, 65, 12)  # make something: a new puzzle, today's puzzle, a hint
BUTTON_QUIET: Color = (71, 85, 105)  # elsewhere: players, settings, help
BUTTON_DISABLED: Color = (214, 214, 222)
DISABLED_INK: Color = (84, 86, 106)
STAR: Color = (250, 190, 20)
STAR_RIM: Color = (133, 90, 0)  # the star's outline, which carries its contrast on white
EMPTY_STAR: Color = (110, 112, 130)  # the outline of a star not yet earned
PIP: Color = (38, 40, 60)  # a capture a big-board piece has left: a dot on its white badge
USED_PIP: Color = (110, 112, 130)  # a capture it has made: a ring
LOCK: Color = (185, 28, 28)  # the padlock of a piece that has made its last capture
MARK_EDGE: Color = (255, 255, 255)  # the rim round a board mark, which carries it on either square
LINE = 1.0  # how thick the board's marks are drawn: thicker in the high-contrast look

# A screen's title, in the layout's units (`Layout.title`): the children's own screens the
# largest, the board's and the doors' next, a teacher's tables next, and the screens full of
# controls (the maker, a code, the paper, the live view) the smallest.
TITLE_CHILD = 2.6
TITLE = 2.4
TITLE_TEACHER = 2.2
TITLE_DENSE = 1.7
# Words, in units: a child's sentences on a screen (`Layout.child_text`), a teacher's sentences
# and buttons on her tables (`Layout.readable`).
CHILD_WORDS = 1.1
TEACHER_WORDS = 0.9
TEACHER_BUTTON = 1.1
UNDER_TITLE = 1.4  # the title's line and the space under it, in title sizes
BAR = 2.6  # the row of buttons along a screen's top (`Layout.target`), in units
FOOT = 3.2  # the row of Done or Cancel at a screen's foot, in units

LEVEL_COLORS: dict[str, Color] = {
    "Beginner": (14, 116, 144),
    "Intermediate": (109, 40, 217),
    "Advanced": (190, 24, 93),
    "Expert": (133, 77, 14),
    "Big board": (17, 94, 89),
    "Our puzzles": (77, 124, 15),
    "From your teacher": (180, 50, 30),
}


def lighter(color: Color, amount: float = 0.25) -> Color:
    r, g, b = color
    return (int(r + (255 - r) * amount), int(g + (255 - g) * amount), int(b + (255 - b) * amount))


def darker(color: Color, amount: float = 0.25) -> Color:
    r, g, b = color
    return (int(r * (1 - amount)), int(g * (1 - amount)), int(b * (1 - amount)))


def solved_tile(level_color: Color) -> Color:
    """The fill of a solved puzzle's tile: a pale wash of its level's colour."""
    return lighter(level_color, 0.8)


# Contrast ---------------------------------------------------------------------------------

TEXT = 4.5  # WCAG 2.2 AA, 1.4.3: text
MARK = 3.0  # 1.4.11: buttons, marks and focus rings against what they sit on


class Pair(NamedTuple):
    foreground: Color
    background: Color
    minimum: float
    where: str


BUTTON_COLORS: dict[str, Color] = {
    "BUTTON": BUTTON,
    "BUTTON_ACCENT": BUTTON_ACCENT,
    "BUTTON_WARM": BUTTON_WARM,
    "BUTTON_QUIET": BUTTON_QUIET,
    "WRONG": WRONG,
}

SQUARES = {"LIGHT_SQUARE": LIGHT_SQUARE, "DARK_SQUARE": DARK_SQUARE}

TEXT_PAIRS: list[Pair] = [
    Pair(INK, BACKGROUND, TEXT, "words on the background"),
    Pair(SOFT_INK, BACKGROUND, TEXT, "quiet words on the background"),
    Pair(INK, PANEL, TEXT, "words on a panel"),
    Pair(SOFT_INK, PANEL, TEXT, "quiet words on a panel"),
    Pair(INK, WHITE, TEXT, "a puzzle number on its tile, a keycap"),
    Pair(WRONG, BACKGROUND, TEXT, "a problem said on the background"),
    Pair(WRONG, PANEL, TEXT, "a problem said on a panel"),
    Pair(TARGET, BACKGROUND, TEXT, "good news on the background"),
    Pair(TARGET, PANEL, TEXT, "good news on a panel"),
    Pair(HINT, BACKGROUND, TEXT, "a hint on the background"),
    Pair(HINT, PANEL, TEXT, "a hint on a panel"),
    Pair(TARGET, WHITE, TEXT, "good news in the board's message box"),
    Pair(HINT, WHITE, TEXT, "a hint in the board's message box"),
    Pair(WRONG, WHITE, TEXT, "a problem in the board's message box"),
    Pair(DISABLED_INK, BUTTON_DISABLED, TEXT, "the label of a button that cannot be used now"),
    *(Pair(WHITE, color, TEXT, f"a label on a {name} button") for name, color in BUTTON_COLORS.items()),
    *(Pair(WHITE, color, TEXT, f"the {name} button's label") for name, color in LEVEL_COLORS.items()),
    *(Pair(INK, solved_tile(color), TEXT, f"a solved {name} puzzle's number") for name, color in LEVEL_COLORS.items()),
    Pair(WHITE, BUTTON_ACCENT, TEXT, "the Next puzzle ribbon on a tile"),
]

MARK_PAIRS: list[Pair] = [
    *(Pair(color, BACKGROUND, MARK, f"a {name} button on the background") for name, color in BUTTON_COLORS.items()),
    *(Pair(color, BACKGROUND, MARK, f"the {name} button on the background") for name, color in LEVEL_COLORS.items()),
    *(Pair(color, WHITE, MARK, f"the edge of a {name} tile") for name, color in LEVEL_COLORS.items()),
    Pair(INK, BACKGROUND, MARK, "the focus ring around a button"),
    Pair(CURSOR, BACKGROUND, MARK, "the keyboard cursor around a tile"),
    Pair(BUTTON_ACCENT, WHITE, MARK, "the Next puzzle ribbon on a tile"),
    Pair(STAR_RIM, WHITE, MARK, "an earned star on a tile"),
    *(
        Pair(STAR_RIM, solved_tile(color), MARK, f"an earned star on a {name} tile")
        for name, color in LEVEL_COLORS.items()
    ),
    Pair(EMPTY_STAR, WHITE, MARK, "a star not yet earned on a tile"),
    *(
        Pair(EMPTY_STAR, solved_tile(color), MARK, f"an empty star on a {name} tile")
        for name, color in LEVEL_COLORS.items()
    ),
    Pair(BOARD_EDGE, BACKGROUND, MARK, "the board's frame"),
    Pair(SOFT_INK, WHITE, MARK, "the edge of a keycap"),
    *(
        Pair(mark, square, MARK, f"{what} on a {name}")
        for what, mark in (
            ("the last move's mark", LAST_MOVE),
            ("a capture mark", TARGET),
            ("a hint mark", HINT),
            ("the cursor", CURSOR),
            ("a cross", WRONG),
        )
        for name, square in SQUARES.items()
    ),
    Pair(WHITE, TARGET, MARK, "the tick in a yes badge"),
    Pair(PIP, WHITE, MARK, "a capture left, a dot on a piece's badge"),
    Pair(USED_PIP, WHITE, MARK, "a capture made, a ring on a piece's badge"),
    Pair(LOCK, WHITE, MARK, "the padlock on a piece's badge"),
    *(Pair(INK, square, MARK, f"the edge of a piece's badge on a {name}") for name, square in SQUARES.items()),
    Pair(WHITE, WRONG, MARK, "the cross in a no badge"),
]


def luminance(color: Color) -> float:
    """WCAG relative luminance."""

    def channel(value: int) -> float:
        v = value / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = color
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(first: Color, second: Color) -> float:
    """The WCAG contrast ratio, 1 to 21."""
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


# The smallest font size for words a teacher or child reads: 20 px from line to line with
# the bundled font (18 px or more at 1024x768).
READABLE = 24


# The high-contrast look ---------------------------------------------------------------------------

# Black on white, yellow for the chosen piece, marks in deep pure colours and drawn thicker: for a
# child with low vision, or a washed-out projector. A setting (`high_contrast`) switches it on;
# `use` swaps these in for the colours above, which every scene reads as it draws.
HIGH_CONTRAST: dict[str, object] = {
    "BACKGROUND": (255, 255, 255),
    "PANEL": (255, 255, 255),
    "INK": (0, 0, 0),
    "SOFT_INK": (0, 0, 0),
    "LIGHT_SQUARE": (255, 255, 255),
    "DARK_SQUARE": (190, 190, 190),
    "BOARD_EDGE": (0, 0, 0),
    "SELECTED": (255, 221, 0),
    "TARGET": (0, 100, 0),
    "WRONG": (150, 0, 0),
    "HINT": (0, 0, 190),
    "CURSOR": (0, 0, 0),
    "LAST_MOVE": (110, 0, 150),
    "STAR": (255, 221, 0),
    "STAR_RIM": (0, 0, 0),
    "EMPTY_STAR": (0, 0, 0),
    "PIP": (0, 0, 0),
    "USED_PIP": (0, 0, 0),
    "LOCK": (0, 0, 0),
    "MARK_EDGE": (0, 0, 0),
    "LINE": 1.6,
}
_STANDARD: dict[str, object] = {name: globals()[name] for name in HIGH_CONTRAST}
_in_use = {"high_contrast": False}


def use(high_contrast: bool) -> bool:
    """The high-contrast look, or the standard one; True when the look changed (draw again)."""
    if _in_use["high_contrast"] == high_contrast:
        return False
    globals().update(HIGH_CONTRAST if high_contrast else _STANDARD)
    _in_use["high_contrast"] = high_contrast
    return True


def high_contrast() -> bool:
    return _in_use["high_contrast"]
