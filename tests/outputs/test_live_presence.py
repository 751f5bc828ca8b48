"""The live class tells a child at the menu from a child on no computer: her computer marks her
chosen on "Who is playing?" (`here_at`) and gone (`gone_at`: another child chosen, "That's not
me", the game quit), and a mark no sign has followed for an hour goes stale."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest
from test_live import COLLECTIONS, NOW, Clock, rows_by_name

from game.outputs.live import GONE_AFTER, HERE_FOR, Doing, live_rows, moment
from game.store.progress import ProgressStore
from game.words import live as words


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    return Clock(monkeypatch)


@pytest.fixture
def store(tmp_path: Path, clock: Clock) -> ProgressStore:
    clock.at("2026-11-20T09:00:00")  # the class began days ago: nobody is new today
    store = ProgressStore(tmp_path)
    for name in ("Ana", "Ben", "Cleo"):
        store.add_player(name)
    return store


def test_a_child_chosen_and_at_the_menu_is_at_the_menu(store: ProgressStore, clock: Clock) -> None:
    clock.at("09:30:00")
    store.arrive("Ana")  # chosen half an hour ago, no puzzle opened since
    rows = rows_by_name(store)
    assert (rows["Ana"].doing, rows["Ana"].idle, rows["Ana"].puzzle) == (Doing.MENU, False, "")
    assert store.current_player == "Ana"
    assert words.card_line("menu", "", 0, None) == "At the menu"
    assert rows["Ben"].doing is Doing.ABSENT


def test_a_child_who_left_the_computer_is_on_none(store: ProgressStore, clock: Clock) -> None:
    clock.at("09:50:00")
    store.arrive("Ana")
    clock.at("09:58:00")
    store.leave()  # "That's not me", or the game quit
    ana = rows_by_name(store)["Ana"]
    assert (ana.doing, ana.idle, ana.last_seen) == (Doing.GONE, True, "2026-11-24T09:58:00")
    assert words.card_line("gone", "", 0, datetime(2026, 11, 24, 9, 58)) == "Not on a computer since 09:58"


def test_another_child_chosen_on_the_computer_marks_the_first_gone(store: ProgressStore, clock: Clock) -> None:
    clock.at("09:50:00")
    store.arrive("Ana")
    clock.at("09:55:00")
    store.arrive("Ben")
    rows = rows_by_name(store)
    assert (rows["Ana"].doing, rows["Ben"].doing) == (Doing.GONE, Doing.MENU)


def test_the_game_quit_on_a_puzzle_leaves_no_child_playing(store: ProgressStore, clock: Clock) -> None:
    clock.at("09:57:00")
    store.arrive("Ana")
    store.record_attempt("Ana", "beginner-003")
    assert rows_by_name(store)["Ana"].doing is Doing.PLAYING
    clock.at("09:58:00")
    store.leave()
    ana = rows_by_name(store)["Ana"]
    assert (ana.doing, ana.stuck) == (Doing.GONE, False)


def test_a_presence_no_sign_followed_for_an_hour_is_stale(store: ProgressStore, clock: Clock) -> None:
    """A laptop closed without quitting: she is at the menu up to `HERE_FOR` after her last sign."""
    clock.at("09:00:00")
    store.arrive("Ben")
    assert rows_by_name(store)["Ben"].doing is Doing.MENU  # an hour exactly: still there
    later = rows_by_name(store, datetime(2026, 11, 24, 10, 0, 1))
    assert (later["Ben"].doing, later["Ben"].idle) == (Doing.GONE, True)
    assert HERE_FOR == GONE_AFTER and GONE_AFTER.total_seconds() == 3600


def test_chosen_again_after_a_puzzle_she_is_at_the_menu(store: ProgressStore, clock: Clock) -> None:
    clock.at("09:50:00")
    store.record_attempt("Ana", "beginner-003")  # opened on a laptop that was then closed
    clock.at("09:52:00")
    ProgressStore(store.folder).arrive("Ana")  # chosen on another computer since
    store.refresh()
    ana = rows_by_name(store)["Ana"]
    assert (ana.doing, ana.puzzle) == (Doing.MENU, "")


def test_presence_is_seen_from_the_teachers_window(tmp_path: Path, clock: Clock) -> None:
    clock.at("2026-11-20T09:00:00")
    laptop = ProgressStore(tmp_path / "class")
    laptop.add_player("Ana")
    teacher = ProgressStore(tmp_path / "class")
    clock.at("09:55:00")
    laptop.arrive("Ana")
    teacher.refresh()
    assert rows_by_name(teacher)["Ana"].doing is Doing.MENU
    clock.at("09:56:00")
    laptop.leave()
    teacher.refresh()
    assert rows_by_name(teacher)["Ana"].doing is Doing.GONE


def test_a_child_added_today_and_chosen_is_at_the_menu(tmp_path: Path, clock: Clock) -> None:
    """The issue's morning: added today, sitting at the menu, shown as 'Not seen today'."""
    clock.at("09:30:00")
    store = ProgressStore(tmp_path)
    store.arrive(store.add_player("Dan"))
    store.add_player("Eva")  # added by the teacher, not chosen
    rows = rows_by_name(store)
    assert (rows["Dan"].doing, rows["Eva"].doing) == (Doing.MENU, Doing.ADDED)


def test_leaving_with_nobody_marked_here_writes_nothing(store: ProgressStore, clock: Clock) -> None:
    clock.at("09:58:00")
    store.roster.select_player("Ana")  # selected (the last player, carried over), not chosen on the screen
    store.leave()
    assert store.player("Ana").gone_at is None and store.player("Ana").here_at is None
    assert rows_by_name(store)["Ana"].doing is Doing.ABSENT


def test_the_seven_states_each_have_words_of_their_own(store: ProgressStore, clock: Clock) -> None:
    for name in ("Gus", "Hal", "Ida"):
        store.add_player(name)  # days ago, with the class
    clock.at("09:40:00")
    store.record_attempt("Ben", "beginner-004")  # twenty minutes on an unsolved puzzle: stuck
    ProgressStore(store.folder).arrive("Cleo")  # at the menu of another computer
    laptop = ProgressStore(store.folder)
    laptop.arrive("Gus")
    clock.at("09:45:00")
    laptop.leave()  # on no computer
    laptop.record_paper("Hal", "beginner-001")  # paper; Ida: not seen
    clock.at("09:58:00")
    store.record_attempt("Ana", "beginner-003")  # playing
    store.add_player("Jo")  # added today
    store.refresh()
    rows = live_rows(store, COLLECTIONS, NOW)
    assert {row.doing for row in rows} == set(Doing) - {Doing.READING}, rows
    lines = {words.card_line(row.doing.value, row.puzzle, row.minutes, moment(row.last_seen)) for row in rows}
    assert len(lines) == 7, lines


def test_a_child_first_known_by_a_paper_result_today_shows_her_paper(tmp_path: Path, clock: Clock) -> None:
    """`solochess record` for a child new in the class adds her today: her card says her paper
    results (the walk of issue 42 found "Added today", the paper result nowhere on Live)."""
    clock.at("09:30:00")
    store = ProgressStore(tmp_path)
    store.record_paper("Eva", "beginner-005", 2)
    row = rows_by_name(store)["Eva"]
    assert (row.doing, row.paper_today, row.solved_today) == (Doing.PAPER, 1, 0)
