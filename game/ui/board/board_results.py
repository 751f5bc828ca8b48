"""What a puzzle played on the board leaves behind: each try recorded for the child, and a win
recorded and turned into the victory screen's value."""

from __future__ import annotations

from ...content.levels import Collection, Puzzle
from ...play.outcomes import Tried, Won
from ..core.context import SceneContext, Victory


def record_try(ctx: SceneContext, puzzle: Puzzle, tried: Tried) -> None:
    if ctx.player is not None:
        cells, hints, auto = tried.cells, tried.hints, int(tried.used_auto)
        ctx.store.record_attempt(ctx.player, puzzle.id, cells, hints, auto, left=tried.left)


def victory(ctx: SceneContext, puzzle: Puzzle, collection: Collection, won: Won) -> Victory:
    """The win recorded (with her stars, when a child plays), as the victory screen shows it."""
    player, moves = ctx.player, list(won.moves)
    record = (puzzle.id, won.hints, won.undos, won.used_auto, len(moves))
    stars = ctx.store.record_solve(player, *record) if player is not None else None
    return Victory(puzzle, moves, won.undos, won.used_auto, won.hints, stars, won.by_auto, collection)
