"""Two front ends, one set of words: the same puzzle played the same way on the board (under
SDL's dummy drivers) and in the text version (driven by input lines) says the same sentences in
the same order, and both end on the win."""

from __future__ import annotations

import io
import os
import re
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
from events import article_collection, drag, finish_jobs, make_app, press

from game.cli.text import play_text
from game.content.levels import Collection
from game.play.outcomes import Said
from game.rules.squares import parse_square
from game.rules.variants import BIG_RULES
from game.ui.board.board import BoardScene
from game.ui.core.layout import BoardGeometry
from game.ui.victory.victory import VictoryScene
from game.words import text as words
from game.words.board import instruction

# One play of the design article's puzzle (Qc4, Rc3, Na2, Pb1): a knight's wrong move, a
# hint's first step then the child's own capture, Undo, three hints that make the move, then
# the last two captures. Each step: on the board (a drag, or a key) and at the text prompt.
HINT, UNDO = "hint", "undo"
STEPS: list[tuple[tuple[str, ...], list[str]]] = [
    (("a2", "b1"), ["a2 b1"]),  # a knight does not move so
    ((HINT,), ["t"]),
    (("c4", "c3"), ["c4 c3"]),
    ((UNDO,), ["u"]),
    ((HINT,), ["t"]),
    ((HINT,), ["t"]),
    ((HINT,), ["t"]),  # the third hint makes the move
    (("a2", "c3"), ["m", "a2", "c3"]),
    (("c3", "b1"), ["Nc3xb1"]),
]
PICTURE = re.compile(r"^\s*\+-+\+$|^\d+ \||^\s+[a-h]( [a-h])*$|^[KQRBNP][a-h][1-8]x[a-h][1-8]$")


def said_on_the_board(tmp_path: Path) -> tuple[list[str], bool]:
    """What the board said aloud, in order (its first words, which ask for a click, aside), and
    whether the victory came."""
    app = make_app(tmp_path, collection=article_collection(), big=Collection(BIG_RULES))
    try:
        scene = BoardScene(app.context, app.collection.levels[0].puzzles[0])
        heard: list[Said] = []
        scene.say = lambda said, outcomes: heard.append(said)  # type: ignore[method-assign]
        app.push(scene)
        app.step([], 0)
        geometry = BoardGeometry.of(app.layout, 4)
        for board_step, _ in STEPS:
            if board_step == (HINT,):
                press(app, pygame.K_SLASH, pygame.KMOD_SHIFT, "?")
            elif board_step == (UNDO,):
                press(app, pygame.K_u)
            else:
                origin, target = (geometry.square_rect(parse_square(name, 4)).center for name in board_step)
                drag(app, origin, target)
            finish_jobs(app)  # the solver's answer to a hint
            for _ in range(40):  # the slides land, and after the win, the victory shows
                app.step([], 0.05)
        won = isinstance(app.scene, VictoryScene)
    finally:
        app.close()
    return [said.message.text for said in heard if said.aloud and not instruction(said.message)], won


def said_in_text() -> tuple[list[str], bool]:
    """What the text version printed in the puzzle, its pictures (the board, the move in
    notation, where the blue mark is) and its prompts aside, and whether it ended on the win."""
    lines = ["", "1", "1", "m", *(line for _, text_lines in STEPS for line in text_lines), "q"]
    out = io.StringIO()
    source = io.StringIO("".join(f"{line}\n" for line in lines))
    assert play_text(source, out, article_collection(), Collection(BIG_RULES)) == 0
    text = out.getvalue()
    for prompt in (words.ask_turn(), words.ask_from(), words.ask_to()):
        text = text.replace(prompt, "\n")
    played = text[text.index(words.ask_mode()) + len(words.ask_mode()) :].splitlines()
    ending = [line for line in played if line.startswith(words.the_moves(""))]
    won = ending == [words.the_moves("1. Qc4xc3 2. Na2xc3 3. Nc3xb1")]
    played = played[: played.index(ending[0])] if ending else played
    said = [line for line in played if line and not PICTURE.match(line) and not line.startswith(words.in_blue(""))]
    return said, won


def test_the_board_and_the_text_version_say_the_same_words_for_the_same_moves(tmp_path: Path) -> None:
    board, board_won = said_on_the_board(tmp_path)
    text, text_won = said_in_text()
    assert board == text
    assert board_won and text_won, "both end on the win"
    assert board[0].startswith("A knight jumps in an L"), "the wrong move is explained"
    assert board.count("Try moving the queen in the blue circle. Ask again for more help.") == 2
    assert "Took back the queen's move." in board
    assert board[-1] == "One piece left. You did it!"
