"""A press on the board, the board's own (`game.ui.board.board_gesture`): held still it
previews, let go where it began it is a tap however long it was held, carried it is a drop.
The session hears only what the gesture comes to. No window: the gesture is given the time."""

from __future__ import annotations

from game.play.board import BoardSession
from game.play.outcomes import Said
from game.rules.position import Position
from game.rules.squares import parse_square
from game.rules.variants import DEFAULT_RULES
from game.ui.board.board_flows import HOLD_SECONDS
from game.ui.board.board_gesture import DRAG_THRESHOLD, Gesture

ARTICLE = "..Q./..R./N.../.P.."


def sq(name: str) -> int:
    return parse_square(name, 4)


def board() -> tuple[BoardSession, Gesture]:
    session = BoardSession(Position.parse(ARTICLE, size=4), DEFAULT_RULES)
    return session, Gesture(session)


def test_a_held_piece_previews_its_captures_and_letting_go_elsewhere_puts_the_words_back() -> None:
    session, gesture = board()
    before = session.message
    gesture.down(sq("c4"), (10, 10))
    steps = [outcome for _ in range(round(HOLD_SECONDS / 0.1) + 1) for outcome in gesture.tick(0.1)]
    assert [said.message.text for said in steps if isinstance(said, Said)] == ["The queen can capture 2 pieces."]
    assert gesture.preview == sq("c4")
    assert gesture.up(sq("a1")) == [Said(before, aloud=False)] and session.selected is None
    assert gesture.press is None and gesture.preview is None


def test_a_slow_tap_is_still_a_tap() -> None:
    session, gesture = board()
    gesture.down(sq("c4"), (10, 10))
    gesture.tick(HOLD_SECONDS * 2)
    gesture.up(sq("c4"))
    assert session.selected == sq("c4")


def test_a_carried_piece_is_dropped_and_a_short_wobble_is_no_drag() -> None:
    session, gesture = board()
    gesture.down(sq("a2"), (10, 10))
    gesture.move((10 + DRAG_THRESHOLD - 1, 10))
    assert gesture.carried is None, "a finger's wobble is still a tap"
    gesture.move((10 + DRAG_THRESHOLD, 10))
    assert gesture.carried == (sq("a2"), (10 + DRAG_THRESHOLD, 10))
    refused = gesture.up(sq("b1"))  # not a knight's move: explained, and the knight stays chosen
    assert any(isinstance(outcome, Said) for outcome in refused) and session.selected == sq("a2")
    gesture.down(sq("c4"), (10, 10))
    gesture.move((40, 40))
    assert gesture.up(None) == [] and not session.game.history


def test_enter_taps_and_a_held_key_s_repeats_count_once() -> None:
    session, gesture = board()
    gesture.down(sq("c4"))
    gesture.down(sq("c3"))  # the key repeats while held: the first press counts
    assert gesture.press is not None and gesture.press.by_key and gesture.press.square == sq("c4")
    gesture.up(sq("c4"))
    assert session.selected == sq("c4")
