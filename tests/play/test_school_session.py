"""A stage of the piece school through its session alone: "Show me", then the child's win,
and the way on."""

from __future__ import annotations

from game.content.school import default_school
from game.play.board import solve
from game.play.outcomes import Ask, Moved, Outcome, Refused, Reset, Said, Won
from game.play.school import OnTo, StageSession, after_win
from game.rules.reasons import KingNeverCaptured, OutOfReach
from game.rules.squares import parse_square
from game.words.board import Tone


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
    while session.auto_running:
        story += session.play_on()
    assert session.shown and session.game.is_solved, "shown solved: the board keeps it a moment"
    story += session.show_over()
    shown = [outcome.move for outcome in story if isinstance(outcome, Moved) and outcome.by_auto]
    assert shown and not any(isinstance(outcome, Won) for outcome in story)
    words = [outcome.message.text for outcome in story if isinstance(outcome, Said)]
    assert words[0] == "Watch! Then it is your turn." and words[-1] == "Your turn."
    assert session.position == session.game.start and not session.game.history
    # Now the child plays the line shown, with taps.
    won: list[Outcome] = []
    for move in shown:
        won += session.tap(move.origin) + session.tap(move.target)
    words = [outcome.message.text for outcome in won if isinstance(outcome, Said)]
    assert words[-1] == "Well done!", "the stage's own praise, with the capture that wins"
    result = next(outcome for outcome in won if isinstance(outcome, Won))
    assert (result.hints, result.used_auto, result.by_auto) == (1, False, False)


def test_a_tap_during_show_me_hands_the_board_back() -> None:
    school = default_school()
    stage = next(stage for stage in school.stages if stage.board.piece_count > 2)
    session = StageSession(stage, school)
    answered(session, session.show_me())
    session.play_on()
    session.stop_auto()
    session.tick(0.1)
    assert not session.showing and not session.shown


def test_after_a_win_the_next_stage_and_after_a_house_s_last_the_map_even_for_the_school_s_last() -> None:
    school = default_school()
    house = school.houses[0]
    assert after_win(school, house.stages[0]) == OnTo(stage_id=house.stages[1].id)
    assert after_win(school, house.stages[-1]) == OnTo()
    assert after_win(school, school.houses[-1].stages[-1]) == OnTo(), "the map shows the school's moment first"


def tapped(session: StageSession, *squares: str) -> list[Outcome]:
    return [outcome for square in squares for outcome in session.tap(parse_square(square, 4))]


def test_pawn_2_the_pawn_tapping_the_rook_ahead_is_explained_and_stays_chosen() -> None:
    school = default_school()
    stage = school.stage("school-pawn-2")
    assert stage is not None
    session = StageSession(stage, school)
    assert stage.board.piece_at(parse_square("b2", 4)) == "P" and stage.board.piece_at(parse_square("b3", 4)) == "R"
    story = tapped(session, "b2", "b3")
    refusal = next(outcome for outcome in story if isinstance(outcome, Refused))
    assert refusal == Refused(parse_square("b2", 4), parse_square("b3", 4), OutOfReach("P", "up"))
    assert session.selected == parse_square("b2", 4), "the pawn stays chosen: the rook was not"
    assert session.message.tone is Tone.WRONG and "Rook" not in session.message.text
    assert not session.game.history
    # Tapped again, the rook is chosen: a child who wants it is never stuck.
    again = tapped(session, "b3")
    assert not any(isinstance(outcome, Refused) for outcome in again)
    assert session.selected == parse_square("b3", 4)


def test_king_1_the_rook_tapping_the_king_is_told_nobody_captures_the_king() -> None:
    school = default_school()
    stage = school.stage("school-king-1")
    assert stage is not None
    session = StageSession(stage, school)
    rook, king = stage.board.cells.index("R"), stage.board.cells.index("K")
    story = session.tap(rook) + session.tap(king)
    assert Refused(rook, king, KingNeverCaptured("R")) in story, "the rook had nothing to capture, but tried"
    assert session.selected is None, "the King is not chosen"
    assert session.message.text == "The King can never be captured."


def test_a_capture_tapped_in_the_school_is_made_as_on_any_board() -> None:
    school = default_school()
    stage = school.stage("school-pawn-2")
    assert stage is not None
    session = StageSession(stage, school)
    story = tapped(session, "b2", "c3")
    assert any(isinstance(outcome, Moved) for outcome in story) and session.game.history


def test_the_show_me_of_the_school_ends_in_its_own_words_not_auto_s() -> None:
    school = default_school()
    stage = school.stages[0]
    session = StageSession(stage, school)
    story = answered(session, session.show_me())
    while session.auto_running:
        story += session.play_on()
    story += session.show_over()
    words = [outcome.message.text for outcome in story if isinstance(outcome, Said)]
    assert "One piece left. That is how it goes!" in words
    assert not any("Auto" in text for text in words)
