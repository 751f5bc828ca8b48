"""Colours and proportions shared by every scene. High contrast, for projectors."""

Color = tuple[int, int, int]

BACKGROUND: Color = (246, 241, 230)
PANEL: Color = (234, 226, 210)
INK: Color = (38, 40, 60)
SOFT_INK: Color = (96, 98, 118)
LIGHT_SQUARE: Color = (240, 217, 181)
DARK_SQUARE: Color = (181, 136, 99)
BOARD_EDGE: Color = (92, 64, 44)
SELECTED: Color = (255, 200, 0)
TARGET: Color = (34, 139, 84)
WRONG: Color = (214, 48, 49)
HINT: Color = (40, 110, 230)
CURSOR: Color = (40, 110, 230)
LAST_MOVE: Color = (80, 40, 140)  # deep purple: 3:1 or more on both square colours
WHITE: Color = (255, 255, 255)

BUTTON: Color = (58, 110, 200)
BUTTON_ACCENT: Color = (36, 150, 110)
BUTTON_WARM: Color = (230, 126, 34)
BUTTON_QUIET: Color = (120, 124, 150)
BUTTON_DISABLED: Color = (190, 190, 200)
STAR: Color = (250, 190, 20)

LEVEL_COLORS: dict[str, Color] = {
    "Beginner": (46, 160, 90),
    "Intermediate": (58, 110, 200),
    "Advanced": (230, 126, 34),
    "Expert": (180, 50, 90),
}


def lighter(color: Color, amount: float = 0.25) -> Color:
    r, g, b = color
    return (int(r + (255 - r) * amount), int(g + (255 - g) * amount), int(b + (255 - b) * amount))


def darker(color: Color, amount: float = 0.25) -> Color:
    r, g, b = color
    return (int(r * (1 - amount)), int(g * (1 - amount)), int(b * (1 - amount)))
