"""A stage of the piece school through its session alone: "Show me", then the child's win,
and the way on."""

from __future__ import annotations

from game.content.school import default_school
from game.play.board import solve
from game.play.outcomes import Ask, Moved, Outcome, Reset, Said, Solved, Won
from game.play.school import OnTo, StageSession, after_win


def answered(session: StageSession, outcomes: list[Outcome]) -> list[Outcome]:
    for ask in [outcome for outcome in outcomes if isinstance(outcome, Ask)]:
        outcomes = outcomes + session.solver_answered(ask, solve(ask, session.rules))
    return outcomes


def test_show_me_plays_the_stage_then_puts_the_pieces_back_and_the_child_wins() -> None:
    school = default_school()
    stage = school.stages[0]
    session = StageSession(stage, school)
    assert session.message.pieces == (stage.piece,)
    story = answered(session, session.show_me())
    assert Reset() in story and session.hints == 1
    while session.showing:
        story += session.tick(0.1)
    shown = [outcome.move for outcome in story if isinstance(outcome, Moved) and outcome.by_auto]
    assert shown and not any(isinstance(outcome, (Solved, Won)) for outcome in story)
    words = [outcome.message.text for outcome in story if isinstance(outcome, Said)]
    assert words[0] == "Watch! Then it is your turn." and words[-1] == "Your turn."
    assert session.position == session.game.start and not session.game.history
    # Now the child plays the line shown, with taps.
    won: list[Outcome] = []
    for move in shown:
        won += session.tap(move.origin) + session.tap(move.target)
    while not any(isinstance(outcome, Won) for outcome in won):
        won += answered(session, session.tick(0.1))
    result = next(outcome for outcome in won if isinstance(outcome, Won))
    assert (result.hints, result.used_auto, result.by_auto) == (1, False, False)


def test_a_tap_during_show_me_hands_the_board_back() -> None:
    school = default_school()
    stage = next(stage for stage in school.stages if stage.board.piece_count > 2)
    session = StageSession(stage, school)
    answered(session, session.show_me())
    session.tick(0.5)
    session.stop_auto()
    session.tick(0.1)
    assert not session.showing and session.show_end is None


def test_after_a_win_the_next_stage_then_the_map_and_after_the_last_the_first_puzzle() -> None:
    school = default_school()
    house = school.houses[0]
    assert after_win(school, house.stages[0]) == OnTo(stage_id=house.stages[1].id)
    assert after_win(school, house.stages[-1]) == OnTo()
    assert after_win(school, school.houses[-1].stages[-1]) == OnTo(puzzle_id=school.then)
    assert school.then
