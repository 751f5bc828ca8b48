"""Scanning a screen's choices: one switch with time, two switches without, groups, the first
item's pause and the ways back; time comes in as exact ticks."""

from __future__ import annotations

from game.play.choice_scan import BACK, FIRST_STAY, ChoiceScan, Chosen
from game.play.scanning import LONG_PRESS

STEP = 1.0


def lit(scan: ChoiceScan) -> tuple[int, int | None] | None:
    return scan.lit_choice


def press(scan: ChoiceScan) -> object:
    scan.down()
    scan.tick(0.1)
    return scan.up()


def test_the_light_waits_longer_on_the_first_then_moves_every_step() -> None:
    scan = ChoiceScan(STEP)
    scan.take([1, 1, 1])
    assert lit(scan) == (0, 0)
    scan.tick(STEP * FIRST_STAY - 0.01)
    assert lit(scan) == (0, 0), "the first stays lit longer than a step"
    scan.tick(0.01)
    assert lit(scan) == (1, 0)
    scan.tick(STEP)
    assert lit(scan) == (2, 0)
    scan.tick(STEP)
    assert lit(scan) == (0, 0), "round again"


def test_a_press_chooses_what_is_lit_and_the_scan_starts_again() -> None:
    scan = ChoiceScan(STEP)
    scan.take([1, 1, 1])
    scan.tick(STEP * FIRST_STAY)
    assert press(scan) == Chosen(1, 0)
    assert lit(scan) == (0, 0)


def test_groups_are_entered_then_their_items_then_the_group_again_goes_out() -> None:
    scan = ChoiceScan(STEP)
    scan.take([3, 2])
    assert lit(scan) == (0, None), "a group of several is lit whole"
    scan.tick(STEP * FIRST_STAY)
    assert press(scan) is None and lit(scan) == (1, 0), "inside the second group: its first item"
    scan.tick(STEP * FIRST_STAY)
    assert lit(scan) == (1, 1)
    scan.tick(STEP)
    assert lit(scan) == (1, None), "after its items, the group itself"
    assert press(scan) is None and lit(scan) == (1, None) and scan.inside is None, "chosen: out again"


def test_a_long_press_goes_out_of_a_group_then_back_from_the_screen() -> None:
    scan = ChoiceScan(STEP)
    scan.take([3, 2])
    press(scan)
    assert scan.inside == 0
    scan.down()
    assert scan.tick(LONG_PRESS) is None and scan.inside is None, "held: out of the group, at once"
    assert scan.up() is None, "letting go after a long press chooses nothing"
    scan.down()
    assert scan.tick(LONG_PRESS) is BACK
    assert scan.back() is BACK, "the second input too"


def test_the_light_stays_while_the_switch_is_down() -> None:
    scan = ChoiceScan(STEP)
    scan.take([1, 1])
    scan.down()
    scan.tick(LONG_PRESS - 0.1)
    assert lit(scan) == (0, 0)
    assert scan.up() == Chosen(0, 0)


def test_two_switches_never_move_by_themselves() -> None:
    scan = ChoiceScan(STEP, two_switches=True)
    scan.take([1, 4])
    scan.tick(STEP * 100)
    assert lit(scan) == (0, 0), "no timing at all"
    scan.advance()
    assert scan.choose() is None and lit(scan) == (1, 0)
    scan.advance()
    scan.advance()
    assert scan.choose() == Chosen(1, 2)


def test_other_choices_start_again_and_the_same_ones_keep_the_light() -> None:
    scan = ChoiceScan(STEP)
    scan.take([1, 1, 1])
    scan.tick(STEP * FIRST_STAY)
    assert not scan.take([1, 1, 1]) and lit(scan) == (1, 0)
    assert scan.take([1, 1]) and lit(scan) == (0, 0)
    assert scan.take([]) and lit(scan) is None and press(scan) is None
