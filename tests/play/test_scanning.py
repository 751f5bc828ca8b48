"""One-switch play through the scanner alone: the only input is `press` at the right moment
(and, where said, the second input or a long press); time comes in as ticks."""

from __future__ import annotations

from game.content.levels import load_collection
from game.content.school import default_school
from game.play.board import BoardSession, solve
from game.play.outcomes import Ask, Moved, Question, Said, TookBack, Won
from game.play.scanning import LONG_PRESS, UNDO, Highlighted, Scanned, Scanner, WentBack
from game.play.school import StageSession
from game.rules.position import Move, Position
from game.rules.squares import parse_square
from game.rules.variants import DEFAULT_RULES
from game.store.records import Settings

STEP = 1.0
TICK = 0.1
# Queen c4, rook c3, knight a2, pawn b1; the one way to win is Qc4xc3, Na2xc3, Nc3xb1.
ARTICLE = "..Q./..R./N.../.P.."


def sq(name: str) -> int:
    return parse_square(name, 4)


def answered(session: BoardSession, outcomes: list[Scanned]) -> list[Scanned]:
    """The solver answers at once, as the text version's does."""
    for ask in [outcome for outcome in outcomes if isinstance(outcome, Ask)]:
        outcomes = outcomes + list(session.solver_answered(ask, solve(ask, session.rules)))
    return outcomes


def wait_for(scanner: Scanner, square: int, story: list[Scanned]) -> None:
    """Tick until `square` is lit (within two rounds of the highlight), never pressing."""
    for _ in range(int(2 * 20 * STEP / TICK)):
        if scanner.lit == square:
            return
        story += answered(scanner.session, scanner.tick(TICK))
    raise AssertionError(f"{square} was never lit; lit: {scanner.lit}")


def play_line(scanner: Scanner, line: list[Move]) -> list[Scanned]:
    """Each move as a switch user makes it: wait for the piece, press; wait for its capture, press."""
    story = scanner.start()
    for move in line:
        wait_for(scanner, move.origin, story)
        story += scanner.press()
        assert scanner.chosen == move.origin
        wait_for(scanner, move.target, story)
        story += answered(scanner.session, scanner.press())
    for _ in range(100):
        if any(isinstance(outcome, Won) for outcome in story):
            break
        story += scanner.tick(TICK)
    return story


def test_a_beginner_puzzle_is_won_with_one_switch() -> None:
    puzzle = load_collection().puzzle("beginner-001")
    assert puzzle is not None
    session = BoardSession(puzzle.board, DEFAULT_RULES)
    line = solve(Ask(Question.AUTO, puzzle.board), DEFAULT_RULES)
    assert line
    story = play_line(Scanner(session, STEP), line)
    won = [outcome for outcome in story if isinstance(outcome, Won)]
    assert len(won) == 1 and len(won[0].moves) == len(line)
    assert [outcome.move for outcome in story if isinstance(outcome, Moved)] == line


def test_a_school_stage_is_won_with_one_switch() -> None:
    school = default_school()
    stage = next(stage for stage in school.stages if stage.board.piece_count >= 3)
    session = StageSession(stage, school)
    line = solve(Ask(Question.AUTO, stage.board), school.rules)
    assert line
    story = play_line(Scanner(session, STEP), line)
    assert any(isinstance(outcome, Won) for outcome in story)
    assert session.game.is_solved


def test_the_highlight_steps_through_the_pieces_that_can_capture_and_says_each() -> None:
    session = BoardSession(Position.parse(ARTICLE, size=4), DEFAULT_RULES)
    scanner = Scanner(session, STEP)
    lit = [outcome for outcome in scanner.start() if isinstance(outcome, Highlighted)]
    for _ in range(int(5 * STEP / TICK)):
        lit += [outcome for outcome in scanner.tick(TICK) if isinstance(outcome, Highlighted)]
    squares = [highlight.square for highlight in lit]
    capturers = [square for square in range(16) if session.targets(square)]
    assert squares[: len(capturers)] == capturers and squares[len(capturers)] == capturers[0]
    assert lit[0].message is not None and lit[0].message.pieces == (session.position.cells[capturers[0]],)


def test_a_chosen_piece_offers_its_captures_then_itself_and_the_second_input_goes_back() -> None:
    session = BoardSession(Position.parse(ARTICLE, size=4), DEFAULT_RULES)
    scanner = Scanner(session, STEP)
    story = scanner.start()
    wait_for(scanner, sq("c4"), story)
    scanner.press()
    assert session.selected == sq("c4") and scanner.items() == [*session.targets(sq("c4")), sq("c4")]
    assert scanner.lit == session.targets(sq("c4"))[0]
    scanner.back()
    assert session.selected is None and scanner.chosen is None and scanner.lit == scanner.items()[0]
    # The piece itself, lit after its captures, is let go by a press: one switch can change its mind.
    wait_for(scanner, sq("c4"), story)
    scanner.press()
    wait_for(scanner, sq("c4"), story)
    assert scanner.chosen == sq("c4")
    scanner.press()
    assert session.selected is None and scanner.chosen is None


def test_a_long_press_goes_back_and_a_short_one_chooses() -> None:
    session = BoardSession(Position.parse(ARTICLE, size=4), DEFAULT_RULES)
    scanner = Scanner(session, STEP)
    scanner.start()
    first = scanner.lit
    scanner.switch_down()
    held: list[Scanned] = []
    for _ in range(int(3 * STEP / TICK)):
        held += scanner.tick(TICK)
        assert scanner.lit == first  # held down, the highlight waits
    assert scanner.switch_up() == [] and scanner.chosen is None
    assert held == [WentBack()], "a long press on the pieces goes back to the screen before, once"
    scanner.switch_down()
    scanner.tick(TICK)
    scanner.switch_up()
    assert scanner.chosen == first == session.selected
    scanner.switch_down()
    ticks = 0
    while scanner.chosen is not None:
        scanner.tick(TICK)
        ticks += 1
    assert ticks * TICK >= LONG_PRESS - TICK and session.selected is None
    assert scanner.switch_up() == []  # letting go after the long press chooses nothing


def test_with_no_capture_left_undo_is_lit_and_a_press_undoes() -> None:
    # Rook and bishop apart: after the first capture nothing can capture.
    dead = BoardSession(Position.parse("R.R./..../...B/....", size=4), DEFAULT_RULES, Settings(stuck_detection=False))
    scanner = Scanner(dead, STEP)
    story = scanner.start()
    wait_for(scanner, sq("a4"), story)
    scanner.press()
    wait_for(scanner, sq("c4"), story)
    scanner.press()
    assert dead.game.is_dead_end and scanner.items() == [UNDO] and scanner.lit == UNDO
    story = scanner.press()
    assert any(isinstance(outcome, TookBack) for outcome in story) and not dead.game.history
    assert any(isinstance(outcome, Said) for outcome in story)


def test_nothing_is_lit_while_the_pieces_slide_to_the_win() -> None:
    session = BoardSession(Position.parse("R..R/..../..../....", size=4), DEFAULT_RULES)
    scanner = Scanner(session, STEP)
    story = scanner.start()
    wait_for(scanner, sq("a4"), story)
    scanner.press()
    wait_for(scanner, sq("d4"), story)
    story = scanner.press()
    assert scanner.lit is None and scanner.items() == []
    assert story[-1] == Highlighted(None, None)
    assert scanner.press() == []


def test_no_time_box_races_a_child_who_scans() -> None:
    timed = Settings(time_box=120)
    board = Position.parse(ARTICLE, size=4)
    assert BoardSession(board, DEFAULT_RULES, timed).time_left == 120.0, "the time box, without scanning"
    scanning = Settings(time_box=120, scan_step=1000)
    session = BoardSession(board, DEFAULT_RULES, scanning)
    assert session.time_left is None, "no clock for a child who scans"
    Scanner(session, STEP).tick(600.0)
    assert not session.time_up
    # Scanning switched on while a timed puzzle is open: its clock goes at the next tick.
    switched = BoardSession(board, DEFAULT_RULES, timed)
    switched.tick(60.0)
    Scanner(switched, STEP).tick(0.1)
    assert switched.time_left is None
    Scanner(switched, STEP).tick(600.0)
    assert not switched.time_up
