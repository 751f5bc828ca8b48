"""Make the bundled fonts: Noto Sans Regular and Bold, cut down to the letters the game needs.

The full fonts hold thousands of glyphs the game never draws; the subset keeps Latin (with
its extensions for every European language), Greek, Cyrillic and the punctuation and symbols
the texts use, about half the size. Scripts outside it (Arabic, Chinese, Devanagari)
are drawn with the computer's own fonts, character by character (game/ui/core/fonts.py).

    pip install fonttools && python tools/make_fonts.py [FOLDER_OF_NOTO_FONTS]

The default folder is Debian's `fonts-noto-core`. The licence is fonts/OFL.txt.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset

FONTS = ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf")
# Line height, in font units of 1000 to the em: Noto's own 1069 + 293 leaves room for stacked
# Vietnamese accents; the letters kept here reach 977 up (Ấ) and 240 down (g, j, y), so a
# line of 980 + 260 holds them all and sits text as snugly as pygame's old default font.
ASCENT, DESCENT = 980, 260
DEFAULT_SOURCE = Path("/usr/share/fonts/truetype/noto")
TARGET = Path(__file__).resolve().parent.parent / "fonts"
UNICODES = [
    "U+0020-007E",  # ASCII
    "U+00A0-024F",  # Latin-1, Latin Extended-A and -B
    "U+0259",  # schwa (Azerbaijani)
    "U+02BB-02BC",  # ʻokina, modifier apostrophe (Hawaiian, Ukrainian)
    "U+02C6-02DD",  # spacing accents
    "U+0300-036F",  # combining accents, for names typed as letter + accent
    "U+0370-03FF",  # Greek
    "U+0400-052F",  # Cyrillic and its supplement
    "U+1E00-1EFF",  # Latin Extended Additional (Vietnamese)
    "U+2000-206F",  # punctuation: dashes, quotes, the ellipsis, the bullet
    "U+20A0-20BF",  # currency signs
    "U+2116",  # numero sign
    "U+2190-2193",  # arrows
    "U+2212",  # minus
]


def main(argv: list[str]) -> int:
    source = Path(argv[0]) if argv else DEFAULT_SOURCE
    TARGET.mkdir(exist_ok=True)
    for name in FONTS:
        options = subset.Options()
        options.layout_features = ["*"]
        options.name_IDs = ["*"]
        options.name_languages = ["*"]
        options.notdef_outline = True
        font = subset.load_font(str(source / name), options)
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=subset.parse_unicodes(",".join(part.removeprefix("U+") for part in UNICODES)))
        subsetter.subset(font)
        font["hhea"].ascent, font["hhea"].descent, font["hhea"].lineGap = ASCENT, -DESCENT, 0
        metrics = font["OS/2"]
        metrics.sTypoAscender, metrics.sTypoDescender, metrics.sTypoLineGap = ASCENT, -DESCENT, 0
        metrics.usWinAscent, metrics.usWinDescent = ASCENT, DESCENT
        subset.save_font(font, str(TARGET / name), options)
        print(f"{name}: {(source / name).stat().st_size} -> {(TARGET / name).stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
