"""The live class's rows: the puzzle each child is on, solved today, stuck and idle, at a fixed now."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from game.content.levels import Collection, parse_collection
from game.content.names import name_in, puzzle_name
from game.outputs.live import GONE_AFTER, IDLE_AFTER, STUCK_AFTER, Doing, LiveRow, Watch, live_rows
from game.store import author
from game.store.progress import ProgressStore
from game.words import live as words

BOARD = {"board": "..Q...R.N....P..", "solution": [["c4", "c3"], ["a2", "c3"], ["c3", "b1"]], "solutions": 1}
NOW = datetime(2026, 11, 24, 10, 0, 0)


def collection() -> Collection:
    def puzzles(prefix: str, count: int) -> list[dict[str, object]]:
        return [{"id": f"{prefix}-{index:03}", **BOARD, "random_win": 0.1} for index in range(1, count + 1)]

    return parse_collection(
        {
            "levels": [
                {"name": "Beginner", "puzzles": puzzles("beginner", 8)},
                {"name": "Intermediate", "puzzles": puzzles("intermediate", 3)},
            ]
        },
        verify=False,
    )


COLLECTIONS = (collection(),)


class Clock:
    """The store's clock, set with `clock.at("09:55:00")` (on NOW's day unless a date is given)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.monkeypatch = monkeypatch

    def at(self, moment: str) -> None:
        full = moment if "T" in moment else f"{NOW.date().isoformat()}T{moment}"
        self.monkeypatch.setattr(author, "today", lambda: full[:10])
        self.monkeypatch.setattr(author, "now", lambda: full)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    return Clock(monkeypatch)


@pytest.fixture
def store(tmp_path: Path) -> ProgressStore:
    store = ProgressStore(tmp_path)
    for name, avatar in (("Zoë", "fox"), ("Ana", "owl"), ("Ben", ""), ("Cleo", "cat")):
        store.add_player(name, avatar)
    return store


def rows_by_name(store: ProgressStore, now: datetime = NOW, watch: Watch | None = None) -> dict[str, LiveRow]:
    return {row.name: row for row in live_rows(store, COLLECTIONS, now, watch)}


def test_the_puzzle_she_is_on_is_her_newest_try_not_solved_since(store: ProgressStore, clock: Clock) -> None:
    clock.at("09:50:00")
    store.record_attempt("Ana", "beginner-001")
    clock.at("09:51:00")
    store.record_solve("Ana", "beginner-001", 0, 0, False)
    clock.at("09:52:00")
    store.record_attempt("Ana", "intermediate-002")
    clock.at("09:58:00")
    store.record_attempt("Zoë", "beginner-007")
    store.record_solve("Zoë", "beginner-007", 0, 0, False)  # just solved: between puzzles
    rows = rows_by_name(store)
    ana, zoe = rows["Ana"], rows["Zoë"]
    assert (ana.puzzle_id, ana.puzzle, ana.avatar, ana.last_seen) == (
        "intermediate-002",
        "Intermediate 2",
        "owl",
        "2026-11-24T09:52:00",
    )
    assert (zoe.puzzle_id, zoe.puzzle, zoe.solved_today) == (None, "", 1)
    assert (rows["Ben"].puzzle_id, rows["Ben"].idle, rows["Ben"].last_seen) == (None, True, None)


def test_solved_today_counts_first_solves_today_and_paper_apart(store: ProgressStore, clock: Clock) -> None:
    clock.at("2026-11-23T14:00:00")
    store.record_solve("Ana", "beginner-001", 0, 0, False)  # yesterday
    clock.at("09:10:00")
    store.record_solve("Ana", "beginner-001", 0, 0, False)  # again today: not a new one
    store.record_solve("Ana", "beginner-002", 1, 0, False)
    store.record_solve("Ana", "big-03-007", 0, 0, True)
    store.record_paper("Ana", "beginner-005", stars=2)  # today, on paper
    store.record_paper("Ana", "beginner-006", day="2026-11-20")
    ana = rows_by_name(store)["Ana"]
    assert (ana.solved_today, ana.paper_today) == (2, 1)  # paper is paper, never play


def test_a_child_with_only_paper_results_today_is_shown_as_paper(store: ProgressStore, clock: Clock) -> None:
    clock.at("09:00:00")
    for index in range(1, 8):
        store.record_paper("Ben", f"beginner-{index:03}")
    ben = rows_by_name(store)["Ben"]
    assert (ben.doing, ben.solved_today, ben.paper_today) == (Doing.PAPER, 0, 7)


def test_a_child_added_today_is_seen_today(tmp_path: Path, clock: Clock) -> None:
    clock.at("2026-11-20T09:00:00")
    store = ProgressStore(tmp_path)
    store.add_player("Ana")
    clock.at("09:30:00")
    store.add_player("Dan")  # added this morning, at the menu since
    rows = rows_by_name(store)
    assert rows["Dan"].doing is Doing.ADDED and not rows["Dan"].idle
    assert rows["Ana"].doing is Doing.ABSENT


def test_each_state_has_words_of_its_own() -> None:
    lines = {doing: words.card_line(doing.value, "Beginner 3", 6, None) for doing in Doing}
    lines[Doing.GONE] = words.card_line("gone", "", 0, datetime(2026, 11, 24, 9, 0))
    assert len(set(lines.values())) == len(lines), lines


def test_stuck_after_five_minutes_on_an_unsolved_puzzle(store: ProgressStore, clock: Clock) -> None:
    clock.at("09:54:00")
    store.record_attempt("Zoë", "beginner-003")  # six minutes ago
    clock.at("09:56:00")
    store.record_attempt("Ana", "beginner-004")  # four minutes ago
    clock.at("09:55:00")
    store.record_attempt("Cleo", "beginner-001")
    store.record_solve("Cleo", "beginner-001", 0, 0, False)
    clock.at("09:50:00")
    store.record_attempt("Ben", "intermediate-001")  # ten minutes ago
    rows = live_rows(store, COLLECTIONS, NOW)
    assert [row.name for row in rows] == ["Ben", "Zoë", "Ana", "Cleo"]  # stuck first, then by name
    ben, zoe, ana, cleo = rows
    assert (zoe.stuck, zoe.minutes, zoe.puzzle) == (True, 6, "Beginner 3")
    assert (ben.stuck, ben.minutes, ben.puzzle) == (True, 10, "Intermediate 1")
    assert (ana.stuck, ana.minutes, ana.idle) == (False, 4, False)
    assert not cleo.stuck and cleo.puzzle_id is None and cleo.solved_today == 1
    assert STUCK_AFTER.total_seconds() == 300


def test_a_replayed_puzzle_is_not_unsolved(store: ProgressStore, clock: Clock) -> None:
    clock.at("09:40:00")
    store.record_solve("Ben", "beginner-002", 0, 0, False)
    clock.at("09:50:00")
    store.record_attempt("Ben", "beginner-002")  # opened again, ten minutes ago
    ben = rows_by_name(store)["Ben"]
    assert (ben.puzzle_id, ben.minutes, ben.stuck) == ("beginner-002", 10, False)


def test_stuck_exactly_at_five_minutes_and_no_solve_in_them(store: ProgressStore, clock: Clock) -> None:
    clock.at("09:55:00")
    store.record_attempt("Ana", "beginner-002")
    assert rows_by_name(store)["Ana"].stuck
    assert not rows_by_name(store, datetime(2026, 11, 24, 9, 59, 59))["Ana"].stuck
    clock.at("09:59:30")
    store.record_solve("Ana", "beginner-002", 0, 0, False)  # solved in those minutes
    assert not rows_by_name(store)["Ana"].stuck


def test_idle_fifteen_minutes_on_an_unsolved_puzzle_is_still_stuck(store: ProgressStore, clock: Clock) -> None:
    """Not touching a puzzle is how giving up looks: she stays flagged, not greyed away."""
    clock.at("09:44:59")
    store.record_attempt("Ana", "beginner-002")  # opened, then nothing for 15 minutes
    clock.at("09:40:00")
    store.record_attempt("Zoë", "beginner-002")
    store.record_solve("Zoë", "beginner-002", 0, 0, False)
    clock.at("09:41:00")
    store.record_attempt("Zoë", "beginner-002")  # replaying a solved one, quiet since: gone
    rows = rows_by_name(store)
    assert (rows["Ana"].doing, rows["Ana"].minutes, rows["Ana"].idle) == (Doing.STUCK, 15, False)
    assert (rows["Zoë"].doing, rows["Zoë"].idle) == (Doing.GONE, True)
    assert rows["Ben"].doing is Doing.ABSENT and rows["Ben"].idle  # never seen
    assert IDLE_AFTER.total_seconds() == 900


def test_stuck_ends_when_she_has_given_no_sign_for_an_hour(store: ProgressStore, clock: Clock) -> None:
    clock.at("08:59:59")
    store.record_attempt("Ana", "beginner-002")  # the laptop closed on the puzzle
    clock.at("2026-11-23T09:00:00")
    store.record_attempt("Ben", "beginner-002")  # yesterday
    rows = rows_by_name(store)
    assert (rows["Ana"].doing, rows["Ana"].last_seen) == (Doing.GONE, "2026-11-24T08:59:59")
    assert rows["Ben"].doing is Doing.ABSENT
    assert rows_by_name(store, datetime(2026, 11, 24, 9, 59, 59))["Ana"].doing is Doing.STUCK
    assert GONE_AFTER.total_seconds() == 3600


def test_a_child_who_went_back_to_the_menu_is_on_no_puzzle(store: ProgressStore, clock: Clock) -> None:
    clock.at("09:40:00")
    store.record_attempt("Ana", "beginner-003")
    clock.at("09:41:00")
    store.record_attempt("Ana", "beginner-003", "..Q.............", left=True)  # moved, then Menu
    store.record_attempt("Ben", "beginner-004")
    clock.at("09:42:00")
    store.record_attempt("Ben", "beginner-004", left=True)  # Back without a move
    rows = rows_by_name(store)
    assert (rows["Ana"].doing, rows["Ana"].puzzle_id, rows["Ana"].stuck) == (Doing.GONE, None, False)
    assert store.records("Ben")["beginner-004"].attempts == 1  # a leave is no new attempt
    soon = rows_by_name(store, datetime(2026, 11, 24, 9, 50))
    assert (soon["Ben"].doing, soon["Ben"].puzzle) == (Doing.MENU, "")
    assert store.records("Ana")["beginner-003"].last_position == "..Q............."
    clock.at("09:58:00")
    store.record_attempt("Ana", "beginner-003")  # back on it
    ana = rows_by_name(store)["Ana"]
    assert (ana.doing, ana.puzzle, ana.minutes) == (Doing.PLAYING, "Beginner 3", 2)


def test_going_away_is_seen_from_another_computer(tmp_path: Path, clock: Clock) -> None:
    """The leave is saved like any try: the teacher's window reads it at its next refresh."""
    child, teacher = ProgressStore(tmp_path / "class"), ProgressStore(tmp_path / "class")
    child.add_player("Ana")
    clock.at("09:40:00")
    child.record_attempt("Ana", "beginner-001")
    reads = teacher.reads
    teacher.refresh()
    assert teacher.reads == reads + 1
    assert rows_by_name(teacher)["Ana"].doing is Doing.STUCK
    clock.at("09:58:00")
    child.record_attempt("Ana", "beginner-001", left=True)
    teacher.refresh()
    assert rows_by_name(teacher)["Ana"].doing is Doing.MENU


def test_before_the_first_read_nobody_is_called_absent(store: ProgressStore, clock: Clock) -> None:
    clock.at("09:58:00")
    store.record_attempt("Ana", "beginner-001")
    rows = live_rows(store, COLLECTIONS, NOW, read=False)
    assert [row.name for row in rows] == ["Ana", "Ben", "Cleo", "Zoë"]
    assert {row.doing for row in rows} == {Doing.READING}
    assert not any(row.idle or row.stuck or row.puzzle for row in rows)


def test_a_restart_does_not_start_her_run_again_for_a_watch(store: ProgressStore, clock: Clock) -> None:
    """The record keeps only the last try; the live screen's watch remembers where the run began."""
    watch = Watch()
    clock.at("09:52:00")
    store.record_attempt("Ana", "beginner-003")  # opened
    assert rows_by_name(store, datetime(2026, 11, 24, 9, 53), watch)["Ana"].minutes == 1
    clock.at("09:56:00")
    store.record_attempt("Ana", "beginner-003", "..Q.............")  # restarted
    clock.at("09:57:00")
    store.record_attempt("Ana", "beginner-003")  # left and opened again: one more attempt
    assert store.records("Ana")["beginner-003"].attempts == 2
    ana = rows_by_name(store, NOW, watch)["Ana"]
    assert (ana.stuck, ana.minutes) == (True, 8)
    assert not rows_by_name(store, NOW)["Ana"].stuck  # with no watch, the run starts at the last try


def test_another_puzzle_or_going_away_ends_the_run(store: ProgressStore, clock: Clock) -> None:
    watch = Watch()
    clock.at("09:40:00")
    store.record_attempt("Ana", "beginner-003")
    rows_by_name(store, datetime(2026, 11, 24, 9, 41), watch)
    clock.at("09:42:00")
    store.record_attempt("Ana", "beginner-004")  # another puzzle
    clock.at("09:57:00")
    store.record_attempt("Ana", "beginner-003")  # back to the first
    assert rows_by_name(store, NOW, watch)["Ana"].minutes == 3
    clock.at("09:58:00")
    store.record_attempt("Ana", "beginner-003", left=True)
    assert rows_by_name(store, datetime(2026, 11, 24, 9, 59), watch)["Ana"].doing is Doing.MENU
    clock.at("10:31:00")
    store.record_attempt("Ana", "beginner-003")  # the run begins again
    ana = rows_by_name(store, datetime(2026, 11, 24, 10, 32), watch)["Ana"]
    assert (ana.minutes, ana.stuck) == (1, False)


def test_puzzles_are_named_as_on_the_childs_page() -> None:
    assert name_in(COLLECTIONS, "beginner-007") == "Beginner 7"
    assert name_in(COLLECTIONS, "big-03-007") == "Big board 3-7"
    assert name_in(COLLECTIONS, "daily-2026-11-24") == "Puzzle of the day"
    assert name_in(COLLECTIONS, "our-H1ZT3VZ9") == "Our puzzles"
    assert name_in(COLLECTIONS, "beginner-new") == "New Beginner puzzle"
    assert name_in(COLLECTIONS, "someone's own") == "someone's own"
    assert puzzle_name("Beginner", 3, "beginner-003") == "Beginner 3"


def test_a_class_that_tried_nothing_is_on_no_puzzle(store: ProgressStore) -> None:
    assert all(row.puzzle_id is None for row in live_rows(store, COLLECTIONS, NOW))
    assert live_rows(ProgressStore(store.folder / "empty"), COLLECTIONS, NOW) == []
