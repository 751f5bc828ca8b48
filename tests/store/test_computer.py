"""This computer's own settings: kept in the local folder, never in the class folder; a damaged
file costs only the choices; a child's reading aloud is hers, by id, on this computer."""

from __future__ import annotations

from pathlib import Path

from game.store.computer import Computer, Seat
from game.store.progress import ProgressStore
from game.store.records import Settings


def test_the_choices_are_kept_for_the_next_start(tmp_path: Path) -> None:
    here = Computer(tmp_path / "local")
    assert here.sound() and here.full_screen()
    here.set_sound(False)
    here.set_full_screen(False)
    again = Computer(tmp_path / "local")
    assert not again.sound() and not again.full_screen()
    assert Computer(tmp_path / "elsewhere").sound()  # another computer: its own


def test_with_no_choice_of_its_own_the_class_default_stands(tmp_path: Path) -> None:
    here = Computer(tmp_path)
    quiet_class = Settings(sound=False, read_aloud=True)
    assert here.over(quiet_class, tmp_path / "class", "c1") == quiet_class
    here.set_read_aloud(tmp_path / "class", "c1", False)
    assert here.over(quiet_class, tmp_path / "class", "c1").read_aloud is False
    assert here.over(quiet_class, tmp_path / "class", "c2").read_aloud is True
    assert here.over(quiet_class, tmp_path / "other class", "c1").read_aloud is True


def test_a_damaged_or_hostile_file_costs_only_the_choices(tmp_path: Path) -> None:
    (tmp_path / "computer.json").write_text('{"version": 1, "sound": "loud", "read_aloud": {"k": {"../x": true}}}')
    here = Computer(tmp_path)
    assert here.sound() and not here.read_aloud(tmp_path, "../x", False)
    (tmp_path / "computer.json").write_text("{not json")
    broken = Computer(tmp_path)
    assert broken.sound()
    broken.set_sound(False)  # begun again
    assert not Computer(tmp_path).sound()


def test_the_seat_reads_the_child_playing_here(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "class")
    seat = Seat(store, Computer(tmp_path / "local"))
    seat.set_read_aloud(True)  # no child: nothing
    assert not seat.settings.read_aloud and seat.child is None
    store.add_player("Ana")
    seat.set_read_aloud(True)
    assert seat.settings.read_aloud and not store.settings.read_aloud
    store.rename_player("Ana", "Anna")  # her id stays
    assert seat.settings.read_aloud
    assert seat.toggle_sound() is False and store.settings.sound
